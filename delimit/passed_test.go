package delimit

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// hookReader calls hook before each read of r, as a reader whose own hits
// are held (reader/tex) asks Passed when the Scanner reads.
type hookReader struct {
	r    io.Reader
	hook func()
}

func (h *hookReader) Read(p []byte) (int, error) {
	h.hook()
	return h.r.Read(p)
}

// TestPassed: no hit Scan returns starts before an offset Passed gave
// earlier, whether asked as the Scanner reads or between hits, over
// every kind of hit, the places where the buffer rolls, and refanged
// text; and on a text without hits Passed follows the reading to within
// the buffer.
func TestPassed(t *testing.T) {
	tail := "x http://example.com/a/b <http://ex\n ample.com/c> \"http://e/f\ng\" URL:http://u.example/ " +
		"mail me@example.org www.w3.org/x hxxps://evil[.]example/p 12http://d.example/ " + strings.Repeat("y", 300)
	var doc strings.Builder
	for doc.Len() < 3*bufSize {
		doc.WriteString(strings.Repeat("a b:c\n", 997) + tail)
	}
	data := append(seed(t), doc.String()...)
	for _, opts := range []Options{{}, {Hyphen: HyphenBoth, Abbrev: true, Emails: true}, {Refang: true, Emails: true}} {
		for _, one := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(data)
			if one {
				r = iotest.HalfReader(r)
			}
			var s *Scanner
			passed, calls := int64(0), 0
			ask := func() {
				if s != nil {
					passed, calls = max(passed, s.Passed()), calls+1
				}
			}
			s = NewScanner(&hookReader{r: r, hook: ask}, opts)
			n := 0
			for s.Scan() {
				if h := s.Hit(); h.Start < passed {
					t.Fatalf("%+v: hit %q at %d, Passed said %d", opts, h.URI, h.Start, passed)
				}
				n++
				ask()
			}
			if want := len(Find(data, opts)); n != want || calls < n {
				t.Fatalf("%+v: %d hits, Find gives %d; Passed asked %d times", opts, n, want, calls)
			}
		}
	}
	// No hit: Passed is near the end when the last bytes are read.
	var s *Scanner
	last := int64(0)
	const size = 4 * bufSize
	s = NewScanner(&hookReader{r: &repeatReader{c: 'a', n: size}, hook: func() { last = s.Passed() }}, Options{})
	for s.Scan() {
	}
	if last < size-bufSize {
		t.Errorf("Passed at the last read: %d, want past %d", last, size-bufSize)
	}
}
