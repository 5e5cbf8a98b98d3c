package extract

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/internal/limit"
)

// TestURIsBytesAndString: the one-call front door reads a string and a
// []byte alike, by the text rules whatever the text looks like.
func TestURIsBytesAndString(t *testing.T) {
	text := "<html> <a href=\"rel\">http://a.example/x</a> and <http://b.example/y>"
	want := "http://a.example/x http://b.example/y"
	if got := strings.Join(URIs(text), " "); got != want {
		t.Errorf("URIs(string) = %q, want %q", got, want)
	}
	if got := strings.Join(URIs([]byte(text)), " "); got != want {
		t.Errorf("URIs([]byte) = %q, want %q", got, want)
	}
	if got := URIs(""); got != nil {
		t.Errorf("URIs(\"\") = %q, want none", got)
	}
}

// TestFileHitsOwned: the iterator's hits are the caller's even when the
// extractor borrows (a large text file mapped into memory): they stay
// valid after the file is closed and the loop has moved on.
func TestFileHitsOwned(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.txt")
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		b.WriteString("line http://example.org/page/")
		b.WriteString(strings.Repeat("x", i%50))
		b.WriteString(" end\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	x := mustNew(t, Options{Borrow: true})
	var kept []Hit
	for h, err := range x.FileHits(path) {
		if err != nil {
			t.Fatal(err)
		}
		if h.Borrowed {
			t.Fatal("the iterator gave a borrowed hit")
		}
		kept = append(kept, h)
	}
	if len(kept) < 1000 || kept[0].URI != "http://example.org/page/" || !strings.HasPrefix(kept[len(kept)-1].URI, "http://example.org/page/") {
		t.Fatalf("got %d hits, first %q", len(kept), kept[0].URI)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil { // the mapping's pages gone
		t.Fatal(err)
	}
	for _, h := range kept {
		if !strings.HasPrefix(h.URI, "http://example.org/page/") {
			t.Fatalf("a kept hit changed: %q", h.URI)
		}
	}
}

// TestHitsBreakStops: leaving the loop stops the reading; warnings and
// the input's error come through the iterator.
func TestHitsBreakStops(t *testing.T) {
	x := mustNew(t, Options{})
	n := 0
	for _, err := range x.Hits(strings.NewReader(strings.Repeat("http://a.example/ ", 1000)), "-") {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("read %d hits, want 3", n)
	}
	var errs []error
	for _, err := range x.FileHits(filepath.Join(t.TempDir(), "missing.txt")) {
		errs = append(errs, err)
	}
	var ie *InputError
	if len(errs) != 1 || !errors.As(errs[0], &ie) || !errors.Is(errs[0], os.ErrNotExist) {
		t.Errorf("a missing file gave %v, want one *InputError", errs)
	}
	var warned bool
	for h, err := range x.Hits(strings.NewReader("a\x00b http://a.example/"), "bin") {
		if err != nil && IsWarning(err) && errors.Is(err, ErrBinary) {
			warned = true
		} else if err != nil || h.URI != "" {
			t.Errorf("binary input: hit %q, error %v", h.URI, err)
		}
	}
	if !warned {
		t.Error("a binary input gave no warning through the iterator")
	}
}

// TestHitsBreakOnWarning: leaving the loop on a warning stops the
// reading too, not only leaving it on a hit.
func TestHitsBreakOnWarning(t *testing.T) {
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "From a@b Sat Nov 28 00:00:00 2026\nFrom: a@b\nContent-Type: text/plain; charset=no-such-%d\n\nsome text\n\n", i)
	}
	mbox := b.String()
	r := &limit.Counter{R: strings.NewReader(mbox)}
	x := mustNew(t, Options{})
	for _, err := range x.Hits(r, "bad.mbox") {
		if err == nil || !IsWarning(err) {
			t.Fatalf("want a warning first, got %v", err)
		}
		break
	}
	if r.N >= int64(len(mbox)) {
		t.Errorf("read all %d bytes after the loop was left on the first warning", r.N)
	}
}

// TestHitsBodyPanic: a panic in the loop's body is the caller's own: it
// comes out of the range statement as it was, not as a reader's error.
func TestHitsBodyPanic(t *testing.T) {
	defer func() {
		if v := recover(); v != "mine" {
			t.Errorf("recovered %v, want the body's own panic", v)
		}
	}()
	for range mustNew(t, Options{}).Hits(strings.NewReader("http://a.example/ http://b.example/"), "-") {
		panic("mine")
	}
}
