package delimit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func scanAll(t testing.TB, r io.Reader, opts Options) []Hit {
	s := NewScanner(r, opts)
	var hs []Hit
	for s.Scan() {
		hs = append(hs, s.Hit())
	}
	if err := s.Err(); err != nil {
		t.Fatalf("Scanner.Err() = %v", err)
	}
	return hs
}

func sameHits(t *testing.T, what string, got, want []Hit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d hits, Find gives %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: hit %d = %+v, Find gives %+v", what, i, got[i], want[i])
		}
	}
}

func seed(t testing.TB) []byte {
	data, err := os.ReadFile("../testdata/seeds/003_cb9cf0c9e1cfe580.txt")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestScannerOneByteReader(t *testing.T) {
	data := seed(t)
	data = append(data, "\n<http://a/b-\n c> \"http://q/r\n s\" www.w3.org/x example.com/y\n"...)
	for _, opts := range []Options{{}, {Hyphen: HyphenBoth, Abbrev: true}} {
		want := Find(data, opts)
		sameHits(t, "one-byte reader", scanAll(t, iotest.OneByteReader(bytes.NewReader(data)), opts), want)
		sameHits(t, "half reader", scanAll(t, iotest.HalfReader(bytes.NewReader(data)), opts), want)
		sameHits(t, "data-err reader", scanAll(t, iotest.DataErrReader(bytes.NewReader(data)), opts), want)
	}
}

// TestScannerBufferBoundary puts hits of every kind across the places where
// the buffer rolls and refills.
func TestScannerBufferBoundary(t *testing.T) {
	tail := "x http://example.com/a/b <http://ex\n ample.com/c> \"http://e/f\ng\" " + strings.Repeat("y", 300)
	for _, at := range []int{minBuf - lookAhead, minBuf, bufSize - lookAhead, bufSize - lookBack, bufSize} {
		for _, d := range []int{-70, -41, -13, -5, -2, 0, 2, 5, 13, 41, 70} {
			fill := strings.Repeat("a b:c\n", (at+d)/6)
			data := []byte(fill + tail + fill[:5000] + tail)
			want := Find(data, Options{})
			if len(want) != 6 {
				t.Fatalf("Find: %d hits, want 6", len(want))
			}
			sameHits(t, "boundary", scanAll(t, bytes.NewReader(data), Options{}), want)
		}
	}
}

func TestTruncated(t *testing.T) {
	long := "http://a/" + strings.Repeat("x", 70000) + "http://inside/" + strings.Repeat("é", 1000)
	in := "see " + long + " and http://b/c."
	hs := Find([]byte(in), Options{})
	if len(hs) != 2 {
		t.Fatalf("got %d hits %q, want 2", len(hs), uris(hs))
	}
	h := hs[0]
	if h.Flags != Truncated || h.Kind != Space || len(h.Raw) != MaxHit || h.URI != long[:MaxHit] || h.Start != 4 {
		t.Errorf("truncated hit = %v %v len %d start %d", h.Flags, h.Kind, len(h.Raw), h.Start)
	}
	if hs[1].URI != "http://b/c" || hs[1].Flags != 0 {
		t.Errorf("hit after the truncated one = %q %v", hs[1].URI, hs[1].Flags)
	}
	sameHits(t, "truncated", scanAll(t, iotest.HalfReader(strings.NewReader(in)), Options{}), hs)
	// A cut never splits a rune.
	in = "http://a/" + strings.Repeat("é", 40000)
	hs = Find([]byte(in), Options{})
	if len(hs) != 1 || hs[0].Flags != Truncated || !strings.HasPrefix(in, hs[0].URI) || len(hs[0].URI) != MaxHit-1 {
		t.Errorf("truncated IRI: %d hits, len %d", len(hs), len(hs[0].URI))
	}
}

// repeatReader yields prefix then n bytes of c.
type repeatReader struct {
	prefix string
	c      byte
	n      int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.prefix != "" {
		k := copy(p, r.prefix)
		r.prefix = r.prefix[k:]
		return k, nil
	}
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n)
	for i := range p[:k] {
		p[i] = r.c
	}
	r.n -= k
	return int(k), nil
}

// TestHugeInputsBoundedMemory: a 32 MiB line of 'a', a 32 MiB URI and a
// million '<' finish in linear time with bounded memory (SPEC L4).
func TestHugeInputsBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("32 MiB inputs; the benchmarks ScannerLongLine and ScannerLongURI run 64 MiB")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if hs := scanAll(t, &repeatReader{c: 'a', n: 32 << 20}, Options{}); len(hs) != 0 {
		t.Errorf("line of a: %d hits", len(hs))
	}
	hs := scanAll(t, &repeatReader{prefix: "http://a/", c: 'a', n: 32 << 20}, Options{})
	if len(hs) != 1 || hs[0].Flags != Truncated {
		t.Errorf("32 MiB URI: %d hits", len(hs))
	}
	if hs := scanAll(t, &repeatReader{c: '<', n: 1 << 20}, Options{}); len(hs) != 0 {
		t.Errorf("million '<': %d hits", len(hs))
	}
	if hs := scanAll(t, strings.NewReader(strings.Repeat("<a:b", 1<<18)), Options{}); len(hs) != 0 {
		t.Errorf("'<a:b' repeated: %d hits", len(hs))
	}
	if hs := scanAll(t, strings.NewReader(strings.Repeat("http:", 1<<18)), Options{}); len(hs) != 0 {
		t.Errorf("'http:' repeated: %d hits", len(hs))
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("allocated %d bytes for 64 MiB of input", alloc)
	}
}

func TestLineCol(t *testing.T) {
	in := "a\nbb http://x/y\n\n  é <http://z/\nw> \"mailto:a@b\"\n"
	hs := Find([]byte(in), Options{})
	want := [][2]int{{2, 4}, {4, 6}, {5, 4}}
	if len(hs) != len(want) {
		t.Fatalf("%d hits", len(hs))
	}
	for i, h := range hs {
		if h.Line != want[i][0] || h.Col != want[i][1] {
			t.Errorf("hit %q at %d:%d, want %d:%d", h.URI, h.Line, h.Col, want[i][0], want[i][1])
		}
	}
}

func TestKnownScheme(t *testing.T) {
	for _, s := range []string{"http", "HTTPS", "gopher", "wais", "prospero", "javascript", "matrix", "ipfs", "ipns", "dat", "z39.50r", "iris.beep"} {
		if !KnownScheme(s) {
			t.Errorf("KnownScheme(%q) = false", s)
		}
	}
	for _, s := range []string{"", "url", "g", "xhttp", "note", strings.Repeat("a", 100)} {
		if KnownScheme(s) {
			t.Errorf("KnownScheme(%q) = true", s)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, s := range map[Kind]string{Space: "space", Angle: "angle", Quote: "quote", Abbrev: "abbrev"} {
		if k.String() != s {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), s)
		}
	}
}

func TestScannerReadError(t *testing.T) {
	boom := errors.New("boom")
	s := NewScanner(io.MultiReader(strings.NewReader("see http://a/b and <http://c/"), iotest.ErrReader(boom)), Options{})
	var got []string
	for s.Scan() {
		got = append(got, s.Hit().URI)
	}
	if len(got) != 2 || got[0] != "http://a/b" || got[1] != "http://c/" || s.Err() != boom {
		t.Errorf("hits %q, Err() = %v; want [http://a/b http://c/] and boom", got, s.Err())
	}
}

// TestTruncatedDash: the rest of a truncated run is skipped up to where the
// run would end, across dashes that continue it (E3), so nothing inside it
// is reported.
func TestTruncatedDash(t *testing.T) {
	in := "http://a/" + strings.Repeat("x", MaxHit) + "–y‐http://inside/ http://b/c"
	hs := Find([]byte(in), Options{})
	if len(hs) != 2 || hs[0].Flags != Truncated || hs[1].URI != "http://b/c" {
		t.Errorf("got %q, want the truncated hit and http://b/c", uris(hs))
	}
	sameHits(t, "truncated dash", scanAll(t, iotest.HalfReader(strings.NewReader(in)), Options{}), hs)
}

// lineReader returns one line per Read, as a pipe fed line by line does.
type lineReader struct{ data []byte }

func (r *lineReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := bytes.IndexByte(r.data, '\n') + 1
	if n == 0 || n > len(p) {
		n = min(len(r.data), len(p))
	}
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// TestLineBufferedSameHits: with LineBuffered, a Scanner fed a line or a
// byte at a time still finds exactly the hits of Find, the forms that go
// on over several lines (E5, E6, E8) included.
func TestLineBufferedSameHits(t *testing.T) {
	data := seed(t)
	data = append(data, "\n<http://a/b-\n c> \"http://q/r\n s\" www.w3.org/x example.com/y\n"+
		"see http://man.example/long\u2010\n   page x\n\"URL:http://u/v\n w\" <\n  http://x/y\n  z > <b c\n"+
		"\"a\" http://after.quote/ \"http://closed/\" <mailto:a@b> <http://a/\n1\n2\n3\n4\n5\n6\n7\n8\n9>\n"+
		"URL https:\n//www.fda.gov/x Note:\n//comment http:\r\n//creativecommons.org/ https:\n"...)
	for _, opts := range []Options{{}, {Hyphen: HyphenBoth, Abbrev: true, Emails: true}} {
		want := Find(data, opts)
		lb := opts
		lb.LineBuffered = true
		sameHits(t, "line reader", scanAll(t, &lineReader{data}, lb), want)
		sameHits(t, "one-byte reader", scanAll(t, iotest.OneByteReader(bytes.NewReader(data)), lb), want)
		sameHits(t, "half reader", scanAll(t, iotest.HalfReader(bytes.NewReader(data)), lb), want)
	}
}

// TestLineBufferedHitBeforeMoreInput: a LineBuffered Scanner reports a hit
// once its line is complete, while the writer still holds the pipe open
// (tail -f | urix); the default Scanner waits for 72 KiB more.
func TestLineBufferedHitBeforeMoreInput(t *testing.T) {
	for _, c := range []struct{ lines, want string }{
		{"see http://a/b\n", "http://a/b"},
		{"<http://a/\n b> and more\n", "http://a/b"},
		{"\"http://q/r\n s\" x\n", "http://q/rs"},
		{"a <b c http://d/e\n", "http://d/e"},
		{"URL https:\n//www.fda.gov/x\n", "https://www.fda.gov/x"},
	} {
		pr, pw := io.Pipe()
		go pw.Write([]byte(c.lines))
		got := make(chan string, 1)
		go func() {
			s := NewScanner(pr, Options{LineBuffered: true})
			if s.Scan() {
				got <- s.Hit().URI
			}
			close(got)
		}()
		select {
		case uri := <-got:
			if uri != c.want {
				t.Errorf("%q: first hit %q, want %q", c.lines, uri, c.want)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%q: no hit while the pipe stays open", c.lines)
		}
		pw.Close()
	}
}

// TestColonBreakSplit: a line break right after "scheme:" (E8a) is
// joined as Find joins it wherever the reads split the text, also
// LineBuffered, which waits for the next line.
func TestColonBreakSplit(t *testing.T) {
	data := []byte("URL https:\r\n//www.fda.gov/x\nNote:\n//comment\nhttp:\n//creativecommons.org/licenses/ x\nhttps:\n")
	want := Find(data, Options{})
	if len(want) != 2 || want[0].URI != "https://www.fda.gov/x" || want[1].URI != "http://creativecommons.org/licenses/" {
		t.Fatalf("Find: %v", uris(want))
	}
	for k := 0; k <= len(data); k++ {
		for _, lb := range []bool{false, true} {
			r := io.MultiReader(bytes.NewReader(data[:k]), bytes.NewReader(data[k:]))
			sameHits(t, fmt.Sprintf("split at %d, LineBuffered %v", k, lb), scanAll(t, r, Options{LineBuffered: lb}), want)
		}
	}
}

// TestScannerReset: a Scanner reset to another input, also in the middle
// of the first, finds that input's hits as a new Scanner would, offsets
// and lines from its start.
func TestScannerReset(t *testing.T) {
	data := seed(t)
	second := []byte("x\n<http://a/b\n c> and \"http://q/r\n s\" http://last/\n")
	want := Find(second, Options{})
	s := NewScanner(bytes.NewReader(data), Options{})
	for i := 0; i < 3 && s.Scan(); i++ {
	}
	s.Reset(bytes.NewReader(second))
	var got []Hit
	for s.Scan() {
		got = append(got, s.Hit())
	}
	sameHits(t, "after Reset", got, want)
	s.Reset(bytes.NewReader(data))
	got = got[:0]
	for s.Scan() {
		got = append(got, s.Hit())
	}
	sameHits(t, "Reset to the first input", got, Find(data, Options{}))
}

// TestBytesScanner: a Scanner over bytes in place gives Find's hits, calls
// release with growing offsets behind the scan, and stops with release's
// error (SPEC PF2); so does a used Scanner reset with ResetBytesRelease.
func TestBytesScanner(t *testing.T) {
	used := NewBytesScanner([]byte("first <http://used.example/> text"), Options{}, nil)
	for used.Scan() {
	}
	for name, newScanner := range map[string]func([]byte, Options, func(int64) error) *Scanner{
		"NewBytesScanner": NewBytesScanner,
		"ResetBytesRelease": func(text []byte, opts Options, release func(int64) error) *Scanner {
			used.ResetBytesRelease(text, opts, release)
			return used
		},
	} {
		t.Run(name, func(t *testing.T) { testBytesScanner(t, newScanner) })
	}
}

func testBytesScanner(t *testing.T, open func([]byte, Options, func(int64) error) *Scanner) {
	data := bytes.Repeat([]byte("see http://a.example/x and <mailto:b@example.org>, \"urn:isbn:0451450523\"\n"), 20000)
	want := Find(data, Options{})
	var offs []int64
	s := open(data, Options{}, func(off int64) error { offs = append(offs, off); return nil })
	var got []Hit
	for s.Scan() {
		got = append(got, s.Hit())
	}
	if s.Err() != nil || len(got) != len(want) {
		t.Fatalf("%d hits (err %v), Find: %d", len(got), s.Err(), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("hit %d = %+v, Find: %+v", i, got[i], want[i])
		}
	}
	if len(offs) < 4 {
		t.Fatalf("release called %d times on %d bytes", len(offs), len(data))
	}
	for i := 1; i < len(offs); i++ {
		if offs[i] <= offs[i-1] {
			t.Fatalf("release offsets %v do not grow", offs)
		}
	}
	// Text with no candidate, and a truncated hit's run, are looked at a
	// window at a time too.
	for _, in := range [][]byte{bytes.Repeat([]byte("a"), 4<<20), append([]byte("http://a/"), bytes.Repeat([]byte("b"), 4<<20)...)} {
		calls, last := 0, int64(0)
		s := open(in, Options{}, func(off int64) error { calls, last = calls+1, off; return nil })
		for s.Scan() {
		}
		if calls < 8 || last < int64(len(in))-2*relEvery {
			t.Fatalf("%.10q...: release called %d times, last at %d of %d", in, calls, last, len(in))
		}
	}
	stop := errors.New("stopped")
	s = open(data, Options{}, func(int64) error { return stop })
	n := 0
	for s.Scan() {
		n++
	}
	if s.Err() != stop || n >= len(want) {
		t.Fatalf("after a release error: %d hits, err %v", n, s.Err())
	}
}

// TestResetBytes: one Scanner reset over text after text gives each
// text's Find hits, with Refang too, and with Borrow hits that share the
// text and no allocation per text once its lists have grown (doc/spec.md
// PF3).
func TestResetBytes(t *testing.T) {
	texts := [][]byte{seed(t), []byte("x\n<http://a/b\n c> and \"http://q/r\n s\" http://last/\n"), nil,
		[]byte("hxxp://evil[.]example/p and http://b.example/"), []byte("no colon here"), []byte("mailto:a@b.example")}
	for _, opts := range []Options{{}, {Refang: true}, {NoLines: true}, {Emails: true, Abbrev: true}} {
		var s Scanner
		for _, text := range texts {
			want := Find(text, opts)
			s.ResetBytes(text, opts)
			var got []Hit
			for s.Scan() {
				got = append(got, s.Hit())
			}
			sameHits(t, "after ResetBytes", got, want)
		}
	}
	text := []byte(`"see http://a.example/x?y=1" and <mailto:b@example.org>`)
	var s Scanner
	opts := Options{Borrow: true, NoLines: true}
	n := testing.AllocsPerRun(20, func() {
		s.ResetBytes(text, opts)
		for s.Scan() {
			if h := s.Hit(); h.Flags&Borrowed == 0 || !bytes.Contains(text, []byte(h.Raw)) {
				t.Fatalf("hit %+v not borrowed from the text", h)
			}
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations per text, want 0", n)
	}
}
