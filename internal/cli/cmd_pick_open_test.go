//go:build linux || darwin

package cli

// urix pick's openers, decoded context lines and the order of header
// links, in a real pseudo-terminal (see cmd_pick_test.go).

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeBrowser writes an executable script named name into a new directory
// and returns that directory and the log the script appends to: "tty" or
// "notty" (whether its standard input and output are a terminal), then
// its arguments, one a line. On a terminal it shows a line and waits for
// Enter, as a terminal browser waits for its user.
func fakeBrowser(t *testing.T, name string) (dir, log string) {
	t.Helper()
	dir = t.TempDir()
	log = filepath.Join(dir, "log")
	script := `#!/bin/sh
if [ -t 0 ] && [ -t 1 ]; then echo tty >> '` + log + `'; else echo notty >> '` + log + `'; fi
printf '%s\n' "$@" >> '` + log + `'
if [ -t 0 ]; then
	printf 'FAKE BROWSER SHOWING %s\n' "$1"
	read answer
fi
`
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, log
}

// startPick starts urix pick in a pseudo-terminal with env added.
func startPick(t *testing.T, env []string, args ...string) *term {
	t.Helper()
	cmd := exec.Command(urixForPTY(t), append([]string{"pick"}, args...)...)
	cmd.Env = append(append(os.Environ(), "TERM=xterm-256color", "BROWSER="), env...)
	return startInPTY(t, cmd)
}

// TestPickTerminalBrowser: BROWSER=lynx (a script of that name) runs on
// the picker's terminal: Enter shows it, the picker waits, and comes back
// with the list when it ends; --terminal does the same for any command;
// a graphical opener runs without the terminal.
func TestPickTerminalBrowser(t *testing.T) {
	msg := writeFile(t, "msg.eml", pickMessage)
	dir, log := fakeBrowser(t, "lynx")
	path := "PATH=" + dir + string(os.PathListSeparator) + os.Getenv("PATH")
	for _, tc := range []struct {
		name string
		env  []string
		args []string
	}{
		{"BROWSER=lynx", []string{path, "BROWSER=lynx"}, nil},
		{"--open lynx", []string{path}, []string{"--open", "lynx %s"}},
		{"--terminal", nil, []string{"--terminal", "--open", "'" + filepath.Join(dir, "lynx") + "' %s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(log)
			tm := startPick(t, tc.env, append(tc.args, msg)...)
			tm.waitFor("urix pick: 3 links")
			tm.send("2\r")
			tm.waitFor("FAKE BROWSER SHOWING https://lists.example.org/archive/")
			waitFile(t, log, "tty\nhttps://lists.example.org/archive/\n")
			mark := len(tm.raw())
			tm.send("\r")                      // the browser ends
			tm.waitForRaw("\x1b[?1049h", mark) // the picker's screen again
			tm.waitFor("back from https://lists.example.org/archive/")
			// Ctrl-C in the browser ends the browser, not the picker.
			mark = len(tm.raw())
			tm.send("2\r")
			tm.waitForRaw("FAKE BROWSER SHOWING https://lists.example.org/archive/\r\n", mark)
			mark = len(tm.raw())
			tm.send("\x03")
			tm.waitForRaw("\x1b[?1049h", mark)
			tm.waitFor("cannot open: ")
			tm.send("q")
			if code := tm.wait(); code != 0 {
				t.Errorf("exit status %d, want 0", code)
			}
			tm.restored()
		})
	}

	// A command on the terminal that leaves a program running with its
	// standard error (a browser started by xdg-open): the picker comes
	// back when the command ends, not when that program does.
	pidFile := filepath.Join(t.TempDir(), "pid")
	t.Cleanup(func() {
		if pid, err := os.ReadFile(pidFile); err == nil {
			exec.Command("kill", strings.TrimSpace(string(pid))).Run()
		}
	})
	tm := startPick(t, nil, "--terminal", "--open", "sleep 60 & echo $! > "+pidFile+"; true %s", msg)
	tm.waitFor("urix pick: 3 links")
	tm.send("\r")
	tm.waitFor("back from https://example.com/report/2026")
	tm.send("q")
	tm.wait()

	// A graphical opener is detached: no terminal.
	os.Remove(log)
	script, _ := os.ReadFile(filepath.Join(dir, "lynx"))
	if err := os.WriteFile(filepath.Join(dir, "firefox-like"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	tm = startPick(t, []string{path}, "--single", "--open", "firefox-like %s", msg)
	tm.waitFor("urix pick: 3 links")
	tm.send("\r")
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
	waitFile(t, log, "notty\nhttps://example.com/report/2026\n")
}

// TestPickOpenerFails: an opener that fails shows its exit status and the
// first line of its standard error in the footer, never "opened": one
// that cannot be found (127), detached, and one on the terminal.
func TestPickOpenerFails(t *testing.T) {
	msg := writeFile(t, "msg.eml", pickMessage)
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"not found", []string{"--open", "no-such-browser %s"}, []string{"cannot open: exit status 127: ", "no-such-browser"}},
		{"on the terminal", []string{"--terminal", "--open", "echo the browser broke >&2; exit 3"}, []string{"cannot open: exit status 3: the browser broke"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tm := startPick(t, nil, append(tc.args, msg)...)
			tm.waitFor("urix pick: 3 links")
			mark := len(tm.text())
			tm.send("\r")
			for _, s := range tc.want {
				tm.waitFor(s)
			}
			if strings.Contains(tm.text()[mark:], "opened") || strings.Contains(tm.text()[mark:], "back from") {
				t.Errorf("a failure was called a success:\n%s", tm.text()[mark:])
			}
			tm.send("q")
			if code := tm.wait(); code != 0 {
				t.Errorf("exit status %d, want 0", code)
			}
			tm.restored()
		})
	}
}

// TestPickDecodedContext: the context line of a link in a quoted-printable
// part and in a base64 part is the decoded sentence around it, as the URI
// is decoded (no =3D, no lone URI).
func TestPickDecodedContext(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString([]byte("Hello,\r\nplease confirm at https://example.com/confirm?id=7 within a day.\r\n"))
	msg := writeFile(t, "msg.eml", "From: a@example.com\nSubject: encoded\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=a\n\n"+
		"--a\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"+
		"Your link: https://example.com/track?id=3Dabcdef for=\n the caf=C3=A9.\n"+
		"--a\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"+b64+"\n--a--\n")
	tm := startPick(t, nil, msg)
	tm.waitFor("Your link: https://example.com/track?id=abcdef for the café.")
	tm.waitFor("please confirm at https://example.com/confirm?id=7 within a day.")
	if strings.Contains(tm.text(), "=3D") {
		t.Errorf("the screen shows quoted-printable:\n%s", tm.text())
	}
	tm.send("q")
	tm.wait()
}

const pickNewsletter = `From: news@example.com
To: bob@example.com
Subject: This week
List-Unsubscribe: <https://example.com/unsubscribe?u=1>, <mailto:leave@example.com>
List-Archive: <https://example.com/archive>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

This week: https://example.com/story
To stop these mails, see https://example.com/preferences (unsubscribe there).
`

// TestPickNewsletter: the header links come last under their own heading,
// and Enter on the first screen opens the first body link, not
// List-Unsubscribe; the filter /unsub opens the link whose URI holds it
// before the one whose line alone does.
func TestPickNewsletter(t *testing.T) {
	msg := writeFile(t, "news.eml", pickNewsletter)
	opened := filepath.Join(t.TempDir(), "opened")
	tm := startPick(t, nil, "--open", "echo %s >> "+opened, msg)
	tm.waitFor("urix pick: 5 links")
	for _, s := range []string{"1  https://example.com/story", "2  https://example.com/preferences", msg + " header",
		"3  https://example.com/unsubscribe?u=1", "4  mailto:leave@example.com", "5  https://example.com/archive"} {
		tm.waitFor(s)
	}
	if text := tm.text(); strings.Index(text, msg+" header") < strings.Index(text, "https://example.com/preferences") {
		t.Errorf("the header group is not last:\n%s", text)
	}
	tm.send("\r")
	waitFile(t, opened, "https://example.com/story\n")
	tm.send("/unsub\r")
	waitFile(t, opened, "https://example.com/story\nhttps://example.com/unsubscribe?u=1\n")
	tm.send("q")
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d", code)
	}
}

// TestPickNoRelative: a relative reference in a mail part without
// Content-Base or Content-Location has no base (doc/spec.md M4), and pick
// never hands one to a browser: it is not listed (issue 32).
func TestPickNoRelative(t *testing.T) {
	msg := writeFile(t, "cover.eml", "From: a@example.com\nSubject: cover\nMIME-Version: 1.0\nContent-Type: text/html\n\n"+
		"<a href=\"git-range-diff.html\">range-diff</a> <a href=\"#cover-letter\">c</a>\n"+
		"<a href=\"https://git-scm.com/docs\">docs</a> <a href=\"https://example.com/b\">b</a>\n")
	opened := filepath.Join(t.TempDir(), "opened")
	tm := startPick(t, nil, "--open", "echo %s >> "+opened, msg)
	tm.waitFor("urix pick: 2 links")
	tm.waitFor("1  https://git-scm.com/docs")
	if text := tm.text(); strings.Contains(text, "range-diff.html") || strings.Contains(text, "cover-letter") {
		t.Errorf("pick lists a relative reference:\n%s", text)
	}
	tm.send("\r")
	waitFile(t, opened, "https://git-scm.com/docs\n")
	tm.send("q")
	tm.wait()
}
