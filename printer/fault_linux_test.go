package printer

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/urix/urix/reader"
)

// TestBorrowedFaultLeavesNoPartLine: a Borrowed hit whose URI runs from a
// page of a mapped file into one the file no longer has (cut short while
// read) faults while its line is made; the recovered run then has no part
// of that line in its output, in any format, and the next line is whole.
func TestBorrowedFaultLeavesNoPartLine(t *testing.T) {
	page := os.Getpagesize()
	m := cutMapping(t)
	uri := unsafe.String(&m[page-3000], 3100) // most of it on the first page
	for _, c := range []struct {
		name string
		o    Options
		fill bool
	}{
		{"plain", Options{Format: Plain}, true},
		{"plain, line in the buffer's room", Options{Format: Plain}, false}, // made in the writer's free buffer
		{"terminal", Options{Format: Plain, Terminal: true}, true},
		{"json", Options{Format: JSON}, false},
		{"tsv", Options{Format: TSV}, false},
		{"position", Options{Format: Plain, Position: true}, false},
		{"grouped", Options{Format: Plain, Grouped: true}, false},
	} {
		name, o := c.name, c.o
		var out bytes.Buffer
		p, err := New(&out, o)
		if err != nil {
			t.Fatal(err)
		}
		if c.fill {
			// Fill the 64 KiB output buffer but for 100 bytes, so that the
			// URI's line crosses it: a line written as it is read would be
			// flushed in part before the fault.
			fill := "http://fill.example/" + strings.Repeat("a", 64<<10-100-1-len("http://fill.example/"))
			p.Hit(&reader.Hit{File: "cut.txt", URI: fill, Raw: fill})
		}
		func() {
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() { recover() }()
			p.Hit(&reader.Hit{File: "cut.txt", Line: 1, Col: 1, URI: uri, Raw: uri, Borrowed: true})
			t.Errorf("%s: no fault", name)
		}()
		p.Hit(&reader.Hit{File: "cut.txt", Line: 2, Col: 1, URI: "http://next.example/", Raw: "http://next.example/"})
		p.Flush()
		got := out.String()
		if i := strings.Index(got, "http://fill.example/"); i >= 0 { // one line, whole
			got = strings.Replace(got, got[i:i+64<<10-100], "", 1)
		}
		if strings.Contains(got, "xxx") || !strings.Contains(got, "http://next.example/") || strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "\n") {
			t.Errorf("%s: output %q", name, got)
		}
	}
}

// cutMapping maps a two-page file and cuts it to one page: a string that
// runs from the first page into the second faults when read.
func cutMapping(t *testing.T) []byte {
	t.Helper()
	page := os.Getpagesize()
	name := filepath.Join(t.TempDir(), "cut.txt")
	if err := os.WriteFile(name, bytes.Repeat([]byte("x"), 2*page), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	m, err := syscall.Mmap(int(f.Fd()), 0, 2*page, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Munmap(m) })
	if err := os.Truncate(name, int64(page)); err != nil { // the second page is gone
		t.Fatal(err)
	}
	return m
}

// TestBorrowedFaultHeldNothing: the interleaved view holds the hits of an
// input that is not the current one; a Borrowed one that faults while it
// is copied is not held, so printing the held hits later reads nothing of
// the unmapped file.
func TestBorrowedFaultHeldNothing(t *testing.T) {
	page := os.Getpagesize()
	m := cutMapping(t)
	uri := unsafe.String(&m[page-3000], 3100)
	var out bytes.Buffer
	p, err := New(&out, Options{Format: Plain, Grouped: true, Heading: true, Unordered: true})
	if err != nil {
		t.Fatal(err)
	}
	p.Hit(&reader.Hit{File: "a", Line: 1, Col: 1, URI: "http://a.example/"})
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() { recover() }()
		p.Hit(&reader.Hit{File: "b", Line: 1, Col: 1, URI: uri, Raw: uri, Borrowed: true})
		t.Error("no fault")
	}()
	p.Hit(&reader.Hit{File: "b", Line: 2, Col: 1, URI: "http://b.example/"})
	p.Done("a")
	p.Done("b")
	p.Finish()
	p.Flush()
	if got, want := out.String(), "a\n1:1: http://a.example/\n\nb\n2:1: http://b.example/\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
