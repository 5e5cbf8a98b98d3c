package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/extract"
)

// TestOutputBeforeError: what was found before an input failed is written
// (flushed) before the error message, so that on a terminal, where both
// streams meet, the order is the order of the inputs (SPEC §8).
func TestOutputBeforeError(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(a, []byte("<http://a.example/>\n"), 0o644)
	os.WriteFile(b, []byte("<http://b.example/>\n"), 0o644)
	missing := filepath.Join(dir, "missing.txt")
	var both bytes.Buffer
	code := run([]string{"urix", "-j", "2", a, missing, b}, &both, &both)
	want := "http://a.example/\nurix: " + missing + ": no such file or directory\nhttp://b.example/\n"
	if code != exitError || both.String() != want {
		t.Errorf("exit %d, output:\n%s\nwant exit 2 and:\n%s", code, both.String(), want)
	}
}

// TestColorChoice: --color auto colours only a terminal, and NO_COLOR
// turns it off; always and never do what they say.
func TestColorChoice(t *testing.T) {
	tests := []struct {
		mode          string
		tty, noColor  bool
		want, wantErr bool
	}{
		{"auto", true, false, true, false},
		{"auto", true, true, false, false},
		{"auto", false, false, false, false},
		{"always", false, true, true, false},
		{"never", true, false, false, false},
		{"sometimes", true, false, false, true},
	}
	for _, tt := range tests {
		got, err := colorChoice(tt.mode, tt.tty, tt.noColor)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("colorChoice(%q, tty=%v, NO_COLOR=%v) = %v, %v; want %v, error %v", tt.mode, tt.tty, tt.noColor, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestWriteError: an output that cannot be written (a full disk) is an
// error: a message and exit status 2, not a silent success.
func TestWriteError(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.txt")
	os.WriteFile(in, []byte("<http://a.example/>\n"), 0o644)
	var stderr bytes.Buffer
	code := run([]string{"urix", in}, failingWriter{}, &stderr)
	if code != exitError || !strings.Contains(stderr.String(), "urix: writing the output: no space left") {
		t.Errorf("exit %d, stderr %q; want 2 and a message about the output", code, stderr.String())
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestProgress: the progress line appears only for long work, never on a
// stderr that is not a terminal, and it is cleared before other messages.
func TestProgress(t *testing.T) {
	for _, tt := range []struct {
		bytes, done int64
		given       int
		want        bool
	}{
		{1 << 20, 3, 3, false},
		{65 << 20, 1, 1, true},
		{1 << 20, 101, 1, true},
		{0, 0, 500, true},
	} {
		if got := longWork(tt.bytes, tt.done, tt.given); got != tt.want {
			t.Errorf("longWork(%d bytes, %d done, %d given) = %v, want %v", tt.bytes, tt.done, tt.given, got, tt.want)
		}
	}
	var stderr bytes.Buffer // not a terminal: no ticker, nothing written
	p := startProgress(&stderr, new(extract.Stats), 1000)
	p.stop()
	if p.done != nil || stderr.Len() != 0 {
		t.Errorf("progress on a non-terminal: ticker %v, wrote %q", p.done != nil, stderr.String())
	}
	p = &progress{w: &stderr, stats: new(extract.Stats)}
	p.show()
	p.clear()
	if got := stderr.String(); !strings.HasPrefix(got, "\r\x1b[Kurix: 0 files, 0 MB, 0 URIs") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("show then clear wrote %q", got)
	}
}
