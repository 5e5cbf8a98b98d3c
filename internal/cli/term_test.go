//go:build linux || darwin

package cli

// urix's terminal behaviour in a real pseudo-terminal (issue 11): grouped
// output and colour on a terminal, the progress line on stderr only when
// stdout is a file, and cleared; typed input ended by one Ctrl-D and
// printed line by line; the colour reset after SIGINT. The test binary
// runs as urix (see TestMain); the helpers of cmd_pick_test.go read the
// screen.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// termSetup says how urix is started in the pseudo-terminal: environment
// variables to set (NO_COLOR is unset unless given here), and a stdout
// other than the terminal.
type termSetup struct {
	env           []string
	stdin, stdout *os.File
}

func startURIX(t *testing.T, setup termSetup, args ...string) *term {
	t.Helper()
	urix := urixForPTY(t)
	cmd := exec.Command(urix, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "TERM=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, "TERM=xterm-256color"), setup.env...)
	if setup.stdin != nil {
		cmd.Stdin = setup.stdin
		// The terminal is then the controlling one through stderr.
		cmd.SysProcAttr = &syscall.SysProcAttr{Ctty: 2}
	}
	if setup.stdout != nil {
		cmd.Stdout = setup.stdout
	}
	return startInPTY(t, cmd)
}

// screen is the text urix wrote to the terminal, escape sequences removed
// and the terminal's CR LF line ends made LF.
func (tm *term) screen() string { return strings.ReplaceAll(tm.text(), "\r\n", "\n") }

// slowInput is a pipe for urix's standard input: an input that goes on as
// long as the test wants (tail -f).
func slowInput(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

const (
	termNotes = "See http://example.com/a, then <URL:ftp://ftp.example.org/pub>.\nWrite to mailto:info@example.com\n"
	termMore  = "Docs: https://go.dev/doc/\n\nand <https://pkg.go.dev/\n  net/url>\n"
)

// TestTerminalGrouped: on a terminal the URIs of several files come under
// a heading per file, a blank line between files, LINE:COL: per URI; one
// file has no heading; -N prints bare URIs and -n grep's prefix.
func TestTerminalGrouped(t *testing.T) {
	dir := t.TempDir()
	notes, more := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "more.txt")
	os.WriteFile(notes, []byte(termNotes), 0o644)
	os.WriteFile(more, []byte(termMore), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{notes, more}, notes + "\n1:5: http://example.com/a\n1:32: ftp://ftp.example.org/pub\n2:10: mailto:info@example.com\n\n" +
			more + "\n1:7: https://go.dev/doc/\n3:5: https://pkg.go.dev/net/url\n"},
		{[]string{"-r", dir}, more + "\n1:7: https://go.dev/doc/\n3:5: https://pkg.go.dev/net/url\n\n" +
			notes + "\n1:5: http://example.com/a\n1:32: ftp://ftp.example.org/pub\n2:10: mailto:info@example.com\n"},
		{[]string{more}, "1:7: https://go.dev/doc/\n3:5: https://pkg.go.dev/net/url\n"},
		{[]string{"-N", notes, more}, "http://example.com/a\nftp://ftp.example.org/pub\nmailto:info@example.com\nhttps://go.dev/doc/\nhttps://pkg.go.dev/net/url\n"},
		{[]string{"-n", more}, more + ":1:7: https://go.dev/doc/\n" + more + ":3:5: https://pkg.go.dev/net/url\n"},
	} {
		tm := startURIX(t, termSetup{}, tc.args...)
		if code := tm.wait(); code != 0 {
			t.Errorf("urix %q: exit status %d", tc.args, code)
		}
		if got := tm.screen(); got != tc.want {
			t.Errorf("urix %q showed:\n%s\nwant:\n%s", tc.args, got, tc.want)
		}
	}
}

// TestTerminalUnordered: --unordered -j N on a terminal names each file
// in one heading, however the files' hits interleave (issue 24).
func TestTerminalUnordered(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--unordered", "-j", "3", "--color", "never"}
	for i := range 6 {
		name := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		os.WriteFile(name, []byte(strings.Repeat(fmt.Sprintf("see http://h%d.example/ and more\n", i), 3000)), 0o644)
		args = append(args, name)
	}
	tm := startURIX(t, termSetup{}, args...)
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	screen := tm.screen()
	for _, name := range args[5:] {
		if n := strings.Count(screen, name+"\n"); n != 1 {
			t.Errorf("%s: %d headings, want 1", name, n)
		}
	}
	if n := strings.Count(screen, ": http://"); n != 6*3000 {
		t.Errorf("%d URIs shown, want %d", n, 6*3000)
	}
}

// TestTerminalColor: the heading is magenta and the line numbers green on
// a terminal, unless NO_COLOR is set and not empty, TERM is dumb or
// --color never; every colour is closed.
func TestTerminalColor(t *testing.T) {
	dir := t.TempDir()
	notes, more := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "more.txt")
	os.WriteFile(notes, []byte(termNotes), 0o644)
	os.WriteFile(more, []byte(termMore), 0o644)
	for _, tc := range []struct {
		env   []string
		flags []string
		color bool
	}{
		{nil, nil, true},
		{[]string{"NO_COLOR="}, nil, true}, // set but empty: not a request
		{[]string{"NO_COLOR=1"}, nil, false},
		{[]string{"TERM=dumb"}, nil, false},
		{nil, []string{"--color", "never"}, false},
		{[]string{"NO_COLOR=1"}, []string{"--color", "always"}, true},
	} {
		tm := startURIX(t, termSetup{env: tc.env}, append(tc.flags, notes, more)...)
		if code := tm.wait(); code != 0 {
			t.Errorf("%q %q: exit status %d", tc.env, tc.flags, code)
		}
		raw := tm.raw()
		heading := strings.Contains(raw, "\x1b[35m"+more+"\x1b[0m") && strings.Contains(raw, "\x1b[32m3\x1b[0m:5: https://pkg.go.dev/net/url")
		if heading != tc.color || !tc.color && strings.Contains(raw, "\x1b[") {
			t.Errorf("%q %q: colour %v, want %v; output %q", tc.env, tc.flags, heading, tc.color, raw)
		}
		if strings.Count(raw, "\x1b[3") != strings.Count(raw, "\x1b[0m") {
			t.Errorf("%q %q: a colour left open in %q", tc.env, tc.flags, raw)
		}
	}
}

// TestTerminalProgress: with stdout redirected to a file and stderr on the
// terminal, a long run draws its progress line (files done of all) on the
// terminal and clears it at the end, and the file holds only URIs; with
// stdout on the terminal no progress is drawn among the results.
func TestTerminalProgress(t *testing.T) {
	in, w := slowInput(t)
	out, err := os.Create(filepath.Join(t.TempDir(), "links.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	tm := startURIX(t, termSetup{stdin: in, stdout: out}, "--line-buffered")
	w.WriteString("see http://slow.example/1\n")
	tm.waitFor("urix: 0/1 file, 26 B, 1 URI, ")
	for time.Since(tm.start) < 5*progressDelay { // long enough to count the redraws
		time.Sleep(10 * time.Millisecond)
	}
	w.WriteString("and http://slow.example/2\n")
	w.Close()
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	took := time.Since(tm.start)
	raw := tm.raw()
	if !strings.HasSuffix(raw, "\r\x1b[K") {
		t.Errorf("the progress line was not cleared at the end: %q", raw)
	}
	// At most 10 draws a second.
	if n, most := strings.Count(raw, "urix: "), int(took/(100*time.Millisecond))+1; n > most {
		t.Errorf("the progress line was drawn %d times in %v", n, took)
	}
	if got, _ := os.ReadFile(out.Name()); string(got) != "http://slow.example/1\nhttp://slow.example/2\n" {
		t.Errorf("the file holds %q", got)
	}

	// stdout on the terminal: as long a run draws no progress there.
	in, w = slowInput(t)
	tm = startURIX(t, termSetup{stdin: in})
	w.WriteString("see http://slow.example/1\n")
	tm.waitFor("1:5: http://slow.example/1")
	for time.Since(tm.start) < 3*progressDelay { // past the time a progress line would come
		time.Sleep(10 * time.Millisecond)
	}
	w.WriteString("and http://slow.example/2\n")
	w.Close()
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	if got, want := tm.screen(), "1:5: http://slow.example/1\n2:5: http://slow.example/2\n"; got != want {
		t.Errorf("stdout on the terminal showed %q, want %q", got, want)
	}
}

// TestTerminalProgressSameTerminal: --progress always with the results on
// the same terminal (issue 24): the line is cleared before each result is
// written, so that no result is glued onto it, and drawn again after.
func TestTerminalProgressSameTerminal(t *testing.T) {
	in, w := slowInput(t)
	tm := startURIX(t, termSetup{stdin: in}, "--progress", "always", "--color", "never")
	w.WriteString("see http://slow.example/1\n")
	tm.waitFor("1:5: http://slow.example/1")
	tm.waitFor("urix: 0/1 file, 26 B, 1 URI, ")
	w.WriteString("and http://slow.example/2\n")
	tm.waitFor("2:5: http://slow.example/2")
	w.Close()
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	raw := tm.raw()
	before, _, _ := strings.Cut(raw, "2:5: http://slow.example/2")
	if !strings.HasSuffix(before, "\r\x1b[K") {
		t.Errorf("the second result was not written on a cleared line: %q", raw)
	}
}

// TestTerminalInterrupt: Ctrl-C, SIGINT or SIGTERM in the middle of a run
// that waits for its input: the progress line is cleared, what was found
// is in the file, the colour is reset, and the status is 130 or 143.
func TestTerminalInterrupt(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(tm *term)
		code int
	}{
		{"Ctrl-C", func(tm *term) { tm.send("\x03") }, 130},
		{"SIGINT", func(tm *term) { tm.cmd.Process.Signal(syscall.SIGINT) }, 130},
		{"SIGTERM", func(tm *term) { tm.cmd.Process.Signal(syscall.SIGTERM) }, 143},
	} {
		t.Run(tc.name+" with progress", func(t *testing.T) {
			in, w := slowInput(t)
			out, err := os.Create(filepath.Join(t.TempDir(), "links.txt"))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			tm := startURIX(t, termSetup{stdin: in, stdout: out}, "--line-buffered")
			w.WriteString("see http://slow.example/1\n")
			tm.waitFor("urix: 0/1 file, 26 B, 1 URI, ")
			tc.stop(tm)
			if code := tm.wait(); code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
			raw := strings.TrimSuffix(tm.raw(), "^C") // the terminal echoes Ctrl-C
			if !strings.HasSuffix(raw, "\r\x1b[K") {
				t.Errorf("the progress line was not cleared: %q", raw)
			}
			if got, _ := os.ReadFile(out.Name()); string(got) != "http://slow.example/1\n" {
				t.Errorf("the file holds %q", got)
			}
		})
		t.Run(tc.name+" with colour", func(t *testing.T) {
			in, w := slowInput(t)
			tm := startURIX(t, termSetup{stdin: in}, "--color", "always")
			w.WriteString("see http://slow.example/1\n")
			tm.waitFor("1:5: http://slow.example/1")
			tc.stop(tm)
			if code := tm.wait(); code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
			raw := strings.TrimSuffix(tm.raw(), "^C")
			if !strings.HasSuffix(raw, "\x1b[0m") {
				t.Errorf("the colour was not reset at the end: %q", raw)
			}
		})
	}
}

// TestTerminalStdin: typed input is printed line by line as it is typed,
// and one Ctrl-D ends it; urix without a FILE says first, on stderr, that
// it reads standard input (issue 24).
func TestTerminalStdin(t *testing.T) {
	tm := startURIX(t, termSetup{})
	tm.waitFor("urix: reading standard input (end it with Ctrl-D; urix --help for help)")
	tm.send("see http://typed.example/1\r")
	tm.waitFor("1:5: http://typed.example/1") // before the input ends
	tm.send("and <http://typed.example/\r 2> too\r")
	tm.waitFor("2:5: http://typed.example/2")
	tm.send("\x04")
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d after one Ctrl-D, want 0", code)
	}

	// Into a file: the input is sniffed in one piece, and one Ctrl-D still
	// ends it (the sniffing used to swallow the first).
	out, err := os.Create(filepath.Join(t.TempDir(), "links.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	tm = startURIX(t, termSetup{stdout: out})
	tm.send("see http://typed.example/1\r")
	tm.waitFor("see http://typed.example/1") // the terminal's echo: the line was read
	tm.send("\x04")
	if code := tm.wait(); code != 0 {
		t.Errorf("exit status %d after one Ctrl-D, want 0", code)
	}
	if got, _ := os.ReadFile(out.Name()); string(got) != "http://typed.example/1\n" {
		t.Errorf("the file holds %q", got)
	}
}
