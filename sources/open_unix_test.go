//go:build unix

package sources

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// The file Open gives on unix reads as an *os.File does: Read to io.EOF,
// ReadAt whole or short with io.EOF, errors that name the file, a second
// Close an error, and a descriptor for a reader that maps it.
func TestOpenFileReadsAsOSFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	text := "see http://a.example/ and more text\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	in, closer, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(in.R); err != nil || string(b) != text {
		t.Errorf("ReadAll = %q, %v", b, err)
	}
	if in.Whole == nil || in.Whole.Size() != int64(len(text)) {
		t.Fatalf("Whole = %v, want the file's %d bytes", in.Whole, len(text))
	}
	buf := make([]byte, 8)
	if n, err := in.Whole.ReadAt(buf, 4); n != 8 || err != nil || string(buf) != text[4:12] {
		t.Errorf("ReadAt(8 at 4) = %d %q %v", n, buf[:n], err)
	}
	if n, err := in.Whole.ReadAt(buf, int64(len(text)-3)); n != 3 || err != io.EOF {
		t.Errorf("ReadAt past the end = %d, %v; want 3, io.EOF", n, err)
	}
	ra, _, _ := in.Whole.Outer()
	if _, ok := ra.(interface{ Fd() uintptr }); !ok {
		t.Errorf("%T has no Fd: a large text would not be mapped", ra)
	}
	if err := closer.Close(); err != nil {
		t.Fatal(err)
	}
	var pe *os.PathError
	if err := closer.Close(); !errors.As(err, &pe) || pe.Path != path || !errors.Is(err, os.ErrClosed) {
		t.Errorf("second Close = %v, want a *PathError naming the file, ErrClosed", err)
	}
	if _, err := in.R.Read(buf); !errors.As(err, &pe) || pe.Path != path {
		t.Errorf("Read after Close = %v, want a *PathError naming the file", err)
	}
}

// A regular file read whole by one short read ends there: the next Read
// is io.EOF without another read(2), so bytes appended after it are not
// seen (the end as that read found it). A file that grew between open
// and its first read is read on to its new end: the size at open guards
// the rule.
func TestOpenFileShortReadIsTheEnd(t *testing.T) {
	dir := t.TempDir()
	text := "see http://a.example/ and more text\n"
	appendTo := func(path, more string) {
		t.Helper()
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(more); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}

	read := filepath.Join(dir, "read.txt")
	if err := os.WriteFile(read, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	in, closer, err := Open(read)
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	buf := make([]byte, 1024)
	if n, err := in.R.Read(buf); n != len(text) || err != nil {
		t.Fatalf("Read = %d, %v; want %d, nil", n, err, len(text))
	}
	appendTo(read, "later http://b.example/\n")
	if n, err := in.R.Read(buf); n != 0 || err != io.EOF {
		t.Errorf("Read after the short read = %d, %v; want 0, io.EOF", n, err)
	}

	grew := filepath.Join(dir, "grew.txt")
	if err := os.WriteFile(grew, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	in, closer, err = Open(grew)
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	appendTo(grew, "more\n")
	if b, err := io.ReadAll(in.R); err != nil || string(b) != text+"more\n" {
		t.Errorf("ReadAll of a file that grew after open = %q, %v", b, err)
	}
}
