package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestGeneratedFiles keeps the committed manual page and shell completions
// equal to what urix makes from its flag definitions today. After changing
// a flag: go test -run TestGeneratedFiles -update .
func TestGeneratedFiles(t *testing.T) {
	for _, g := range []struct {
		path string
		args []string
	}{
		{"../../doc/urix.1", []string{"man"}},
		{"../../completions/urix.bash", []string{"completion", "bash"}},
		{"../../completions/_urix", []string{"completion", "zsh"}},
		{"../../completions/urix.fish", []string{"completion", "fish"}},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"urix"}, g.args...), &stdout, &stderr); code != 0 || stdout.Len() == 0 {
			t.Fatalf("urix %v: exit %d, %d bytes, stderr %q", g.args, code, stdout.Len(), stderr.String())
		}
		if *update {
			if err := os.MkdirAll(filepath.Dir(g.path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(g.path, stdout.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(g.path)
		if err != nil {
			t.Fatalf("%v (make it with go test -run TestGeneratedFiles -update .)", err)
		}
		if !bytes.Equal(stdout.Bytes(), want) {
			t.Errorf("%s is stale: a flag or its text changed; run go test -run TestGeneratedFiles -update . and commit it", g.path)
		}
	}
}

// TestManPageURLs: every URL of urix(1) is kept from hyphenation (\% at
// the start of its word), so that man never breaks one with a hyphen a
// reader would copy (issue 24).
func TestManPageURLs(t *testing.T) {
	var stdout bytes.Buffer
	run([]string{"urix", "man"}, &stdout, io.Discard)
	n := 0
	for _, line := range strings.Split(stdout.String(), "\n") {
		for _, w := range strings.Fields(line) {
			if !isURLWord(w) {
				continue
			}
			n++
			if !strings.HasPrefix(w, `\%`) && !strings.HasPrefix(w, `\fB\%`) {
				t.Errorf("a URL that roff may hyphenate: %q in %q", w, line)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d URLs in the page", n)
	}
	// As groff sets it, at several widths: no word broken at a line's
	// end with a hyphen holds a URL.
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("no groff to set the page")
	}
	for _, width := range []int{40, 50, 60, 70, 80} {
		cmd := exec.Command("groff", "-man", "-Tutf8", "-P-cbou", fmt.Sprintf("-rLL=%dn", width))
		cmd.Stdin = bytes.NewReader(stdout.Bytes())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("groff: %v", err)
		}
		lines := strings.Split(string(out), "\n")
		for i := 0; i+1 < len(lines); i++ {
			line := strings.TrimRight(lines[i], " ")
			if !strings.HasSuffix(line, "\u2010") && !strings.HasSuffix(line, "-") {
				continue
			}
			f, next := strings.Fields(line), strings.Fields(lines[i+1])
			if len(f) == 0 || len(next) == 0 {
				continue
			}
			if word := f[len(f)-1] + next[0]; strings.ContainsAny(word, "/@") || strings.Contains(word, "http:") {
				t.Errorf("width %d: a URL hyphenated: %q / %q", width, line, lines[i+1])
			}
		}
	}
}

// TestManWidth: urix(1), as man shows it at 80 columns, has no wider line
// (issue 32), and no command example runs into its description.
func TestManWidth(t *testing.T) {
	if _, err := exec.LookPath("man"); err != nil {
		t.Skip("no man on this machine")
	}
	var page bytes.Buffer
	run([]string{"urix", "man"}, &page, io.Discard)
	f := filepath.Join(t.TempDir(), "urix.1")
	if err := os.WriteFile(f, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("man", "-l", f)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat", "MAN_KEEP_FORMATTING=", "LANG=C.UTF-8")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("man -l: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
}

// TestHelpWidth: the help of urix and of its commands reads at 80
// columns (issue 24): no line wider, every flag's description indented
// under its column (never wrapped to column 0), and the usage of urix
// lists pick, resolve, man and completion.
func TestHelpWidth(t *testing.T) {
	for _, cmd := range []string{"", "resolve", "parse", "pick", "man", "completion", "help"} {
		args := []string{"urix", "--help"}
		if cmd != "" {
			args = []string{"urix", "help", cmd}
		}
		var stdout bytes.Buffer
		if code := run(args, &stdout, io.Discard); code != 0 {
			t.Fatalf("%q: exit status %d", args, code)
		}
		inFlags := false
		for _, line := range strings.Split(stdout.String(), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%q: a line of %d columns: %q", args, n, line)
			}
			switch {
			case line == "":
				inFlags = false
			case slices.Contains(sectionTitles[:], strings.TrimSuffix(line, ":")) || line == "Other:":
				inFlags = true
			case inFlags && !strings.HasPrefix(line, "  "):
				t.Errorf("%q: a flag's line at column 0: %q", args, line)
			case inFlags && !strings.HasPrefix(strings.TrimSpace(line), "-") && !strings.HasPrefix(line, strings.Repeat(" ", helpColumn)):
				t.Errorf("%q: a description not under its column: %q", args, line)
			}
		}
		if cmd == "" {
			for _, w := range []string{"\n  urix pick ", "\n  urix resolve ", "\n  urix man ", "\n  urix completion "} {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("urix --help lists no %q", strings.TrimSpace(w))
				}
			}
		}
	}
}
