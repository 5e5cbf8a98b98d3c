package text

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/internal/mapfile"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// TestMappedSameHits: a large regular file, scanned mapped into memory
// (SPEC PF2), gives exactly the hits of the same bytes read as a stream,
// and stops at the first check after the run is stopped.
func TestMappedSameHits(t *testing.T) {
	line := "see http://a.example/x?a=1#b#c, <mailto:b@example.org> and \"urn:isbn:0451450523\"\n"
	data, f, whole := bigFile(t, line)
	mapped := &readertest.Sink{}
	var upTo int64 // what the input was told was read
	consumed := func(off int64) error { upTo = max(upTo, off); return nil }
	if err := Read(&reader.Content{R: f, Whole: whole, Consumed: consumed}, mapped); err != nil {
		t.Fatal(err)
	}
	if upTo != int64(len(data)) {
		t.Errorf("the input was told %d bytes were read, not %d", upTo, len(data))
	}
	streamed := &readertest.Sink{}
	if err := Read(&reader.Content{R: bytes.NewReader(data)}, streamed); err != nil {
		t.Fatal(err)
	}
	if len(mapped.Hits) != len(streamed.Hits) || len(mapped.Hits) == 0 {
		t.Fatalf("mapped: %d hits, streamed: %d", len(mapped.Hits), len(streamed.Hits))
	}
	for i := range mapped.Hits {
		if mapped.Hits[i] != streamed.Hits[i] {
			t.Fatalf("hit %d mapped %+v, streamed %+v", i, mapped.Hits[i], streamed.Hits[i])
		}
	}
	// A stopped run: the input says so.
	stop := errors.New("stopped")
	stopped := &readertest.Sink{}
	err := Read(&reader.Content{R: errReader{stop}, Whole: whole, Consumed: func(int64) error { return stop }}, stopped)
	if !errors.Is(err, stop) || len(stopped.Hits) >= len(streamed.Hits) {
		t.Fatalf("stopped run: %d hits, err %v", len(stopped.Hits), err)
	}
}

// TestBorrow: with Options.Borrow, the hits of a mapped file are reported
// Borrowed (their strings in the mapping: no copy per hit), and a sink
// that keeps them with Hit.Own has exactly the hits of a copying read,
// readable after the file is unmapped. Without it no hit is Borrowed.
func TestBorrow(t *testing.T) {
	line := "see http://a.example/x?a=1#b#c, <mailto:b@example.org> and \"urn:isbn:0451450523\"\n"
	_, f, whole := bigFile(t, line)
	consumed := func(int64) error { return nil }
	read := func(borrow bool) (*readertest.Sink, int) {
		borrowed := 0
		s := &readertest.Sink{Opts: reader.Options{Borrow: borrow}, OnHit: func(h reader.Hit) {
			if h.Borrowed {
				borrowed++
			}
		}}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if err := Read(&reader.Content{R: f, Whole: whole, Consumed: consumed}, s); err != nil {
			t.Fatal(err)
		}
		return s, borrowed
	}
	copied, n := read(false)
	if n != 0 {
		t.Errorf("%d hits Borrowed without Options.Borrow", n)
	}
	kept, n := read(true)
	if want := len(kept.Hits); runtime.GOOS == "linux" && n != want {
		t.Errorf("%d of %d hits of a mapped file Borrowed", n, want)
	}
	if len(kept.Hits) != len(copied.Hits) || len(kept.Hits) == 0 {
		t.Fatalf("borrowed: %d hits, copied: %d", len(kept.Hits), len(copied.Hits))
	}
	for i := range kept.Hits { // read after the file was unmapped
		if kept.Hits[i] != copied.Hits[i] {
			t.Fatalf("hit %d borrowed %+v, copied %+v", i, kept.Hits[i], copied.Hits[i])
		}
	}
}

// bigFile writes line repeated past mapfile.Min, so that Read maps it, and
// returns its bytes, the open file (closed when t ends) and the file as
// a Content's Whole.
func bigFile(t *testing.T, line string) ([]byte, *os.File, *io.SectionReader) {
	t.Helper()
	data := bytes.Repeat([]byte(line), mapfile.Min/len(line)+100)
	name := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return data, f, io.NewSectionReader(f, 0, int64(len(data)))
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// identity maps positions onto themselves: a part of a container that is
// the whole input.
type identity struct{}

func (identity) Map(line, col int, off int64) reader.Pos {
	return reader.Pos{Line: line, Col: col, Offset: off}
}

// FuzzRead: text read as a stream (a delimit.Scanner), as a part of a
// container (delimit.Find over a pooled buffer, then a Scanner for the
// rest) and one byte at a time gives the same hits, and without positions
// the same but for their line and column; it never panics.
func FuzzRead(f *testing.F) {
	f.Add([]byte("see http://a.example/x?a=1#b#c and <mailto:b@example.org>\n"))
	f.Add([]byte("\\url{http://a.example/x\\#y} &lt;http://example.org/foo&gt; https://wiki.example/a#how-to[here]"))
	f.Add([]byte("http://[fe80::1%eth0]/ webpack:///./src/x.ts MAILTO:user@example.org caf\xe9 http://a/caf\xe9/x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var want []reader.Hit
		for i, c := range []*reader.Content{
			{R: bytes.NewReader(data)},
			{R: bytes.NewReader(data), Pos: identity{}},
			{R: iotest.OneByteReader(bytes.NewReader(data))},
		} {
			s := &readertest.Sink{}
			if err := Read(c, s); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				want = s.Hits
				continue
			}
			if len(s.Hits) != len(want) {
				t.Fatalf("reading %d: %d hits, as a stream: %d", i, len(s.Hits), len(want))
			}
			for k := range want {
				if s.Hits[k] != want[k] {
					t.Fatalf("reading %d: hit %d = %+v, as a stream: %+v", i, k, s.Hits[k], want[k])
				}
			}
		}
		// A run that prints no position gets the same hits without
		// their line and column.
		s := &readertest.Sink{Opts: reader.Options{NoPositions: true}}
		if err := Read(&reader.Content{R: bytes.NewReader(data)}, s); err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != len(want) {
			t.Fatalf("without positions: %d hits, with them: %d", len(s.Hits), len(want))
		}
		for k := range want {
			w := want[k]
			w.Line, w.Col = 0, 0
			if s.Hits[k] != w {
				t.Fatalf("without positions: hit %d = %+v, want %+v", k, s.Hits[k], w)
			}
		}
	})
}

// TestNoPositions: a run that prints no position gets the hits of the
// input as stored without their line and column, mapped or streamed;
// a part of a container keeps them, as its positions are mapped through
// its lines (reader.Options.NoPositions).
func TestNoPositions(t *testing.T) {
	line := "see http://a.example/x and <mailto:b@example.org>\n"
	data, f, whole := bigFile(t, line)
	consumed := func(int64) error { return nil }
	for _, tc := range []struct {
		name  string
		c     *reader.Content
		lines bool
	}{
		{"mapped", &reader.Content{R: f, Whole: whole, Consumed: consumed}, false},
		{"streamed", &reader.Content{R: bytes.NewReader(data)}, false},
		{"part", &reader.Content{R: bytes.NewReader(data), Pos: identity{}}, true},
	} {
		s := &readertest.Sink{Opts: reader.Options{NoPositions: true}}
		if err := Read(tc.c, s); err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != 2*(mapfile.Min/len(line)+100) {
			t.Fatalf("%s: %d hits", tc.name, len(s.Hits))
		}
		last := s.Hits[len(s.Hits)-1]
		if got := last.Line != 0 && last.Col != 0; got != tc.lines {
			t.Errorf("%s: last hit at %d:%d, want positions %v", tc.name, last.Line, last.Col, tc.lines)
		}
		if last.Offset != int64(len(data)-len(line)+len("see http://a.example/x and ")) {
			t.Errorf("%s: last hit at offset %d", tc.name, last.Offset)
		}
	}
}
