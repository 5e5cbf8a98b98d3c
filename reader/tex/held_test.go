package tex

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// lagSink keeps no hit: it counts them and records how far behind the
// bytes read each is reported.
type lagSink struct {
	readertest.Sink
	in      *limit.Counter
	n       int
	maxLag  int64
	lastOff int64
	order   bool
}

func (s *lagSink) Report(h *reader.Hit, base string) {
	s.n++
	s.maxLag = max(s.maxLag, s.in.N-h.Offset)
	if h.Offset < s.lastOff {
		s.order = false
	}
	s.lastOff = h.Offset
}

// readLag reads data as file name and returns the hits, the most bytes
// read past a hit before it was reported, and whether they came in order.
func readLag(t *testing.T, name string, data []byte) (int, int64, bool) {
	t.Helper()
	in := &limit.Counter{R: bytes.NewReader(data)}
	s := &lagSink{in: in, order: true, lastOff: -1}
	if err := Read(&reader.Content{R: in, Name: name, Base: "file:///d/" + name}, s); err != nil {
		t.Fatal(err)
	}
	return s.n, s.maxLag, s.order
}

// TestHeldBounded: a source of nothing but references the filter finds,
// no URI in the text between them, reports each while the input is read,
// within what the filter's window and the Scanner's buffer hold, not at
// its end: 8 MB of \url{a} lines, of one-field entries, and of entries of
// a hundred thousand url fields. It held them all before (doc/spec.md
// TX1, L1).
func TestHeldBounded(t *testing.T) {
	const size = 8 << 20
	for _, tc := range []struct{ name, unit, per string }{
		{"a.tex", "\\url{a}\n", ""},
		{"a.bib", "@misc{k,url={a}}\n", ""},
		{"a.bib", "url={a},", "@misc{k,%s}\n"},
	} {
		var b strings.Builder
		want := 0
		if tc.per == "" {
			want = size / len(tc.unit)
			b.WriteString(strings.Repeat(tc.unit, want))
		} else {
			entry := fmt.Sprintf(tc.per, strings.Repeat(tc.unit, 100000))
			for b.Len() < size {
				b.WriteString(entry)
				want += 100000
			}
		}
		n, lag, order := readLag(t, tc.name, []byte(b.String()))
		if n != want || !order {
			t.Errorf("%s %q: %d hits (want %d), in order %v", tc.name, tc.unit, n, want, order)
		}
		if lag > 3<<20 {
			t.Errorf("%s %q: a hit reported %d bytes after it was read, want at most %d", tc.name, tc.unit, lag, 3<<20)
		}
	}
}

// TestOrder: the references the filter finds and the text's hits come in
// the order of the input, and as Find-like reads of one byte at a time
// give them, when the text's hits are far apart (megabytes of \url lines
// between them), close (one a line), and inside an entry of more
// references than are queued at once.
func TestOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tex, bib strings.Builder
	var wantTex, wantBib []string
	for i := 0; tex.Len() < 5<<20; i++ {
		switch k := rng.IntN(100); {
		case k < 2: // a long run of references alone
			for j := range 40000 {
				fmt.Fprintf(&tex, "\\url{http://run.example/%d/%d}\n", i, j)
				wantTex = append(wantTex, fmt.Sprintf("http://run.example/%d/%d", i, j))
			}
		case k < 40:
			fmt.Fprintf(&tex, "\\url{http://u.example/%d} ", i)
			wantTex = append(wantTex, fmt.Sprintf("http://u.example/%d", i))
		case k < 60:
			fmt.Fprintf(&tex, "\\href{http://h.example/%d}{see http://ht.example/%d}\n", i, i)
			wantTex = append(wantTex, fmt.Sprintf("http://h.example/%d", i), fmt.Sprintf("http://ht.example/%d", i))
		case k < 70:
			fmt.Fprintf(&tex, "%% http://c.example/%d\n", i)
		default:
			fmt.Fprintf(&tex, "text http://t.example/%d and\n", i)
			wantTex = append(wantTex, fmt.Sprintf("http://t.example/%d", i))
		}
	}
	for i := 0; bib.Len() < 3<<20; i++ {
		if rng.IntN(50) == 0 { // an entry of more references than are queued
			fmt.Fprintf(&bib, "@misc{big%d,\n", i)
			for j := range 800 { // past maxPend
				fmt.Fprintf(&bib, "  url = {http://f.example/%d/%d}, note = {http://n.example/%d/%d},\n", i, j, i, j)
				wantBib = append(wantBib, fmt.Sprintf("http://f.example/%d/%d", i, j), fmt.Sprintf("http://n.example/%d/%d", i, j))
			}
			bib.WriteString("}\n")
			continue
		}
		fmt.Fprintf(&bib, "@article{k%d, eprint = {%d.1}, url = {http://b.example/%d}, note = {see http://bn.example/%d}, doi = {10.1/%d}, archivePrefix = {arXiv}}\n", i, i, i, i, i)
		wantBib = append(wantBib, fmt.Sprintf("https://arxiv.org/abs/%d.1", i), fmt.Sprintf("http://b.example/%d", i),
			fmt.Sprintf("http://bn.example/%d", i), fmt.Sprintf("https://doi.org/10.1/%d", i))
		if rng.IntN(10) == 0 {
			fmt.Fprintf(&bib, "between http://bt.example/%d\n", i)
			wantBib = append(wantBib, fmt.Sprintf("http://bt.example/%d", i))
		}
	}
	for _, tc := range []struct {
		name string
		doc  string
		want []string
	}{{"a.tex", tex.String(), wantTex}, {"a.bib", bib.String(), wantBib}} {
		s := readFile(t, tc.name, []byte(tc.doc), false)
		var got []string
		for i, h := range s.Hits {
			got = append(got, h.URI)
			if i > 0 && h.Offset <= s.Hits[i-1].Offset {
				t.Fatalf("%s: hit %d %q at %d after %q at %d", tc.name, i, h.URI, h.Offset, s.Hits[i-1].URI, s.Hits[i-1].Offset)
			}
		}
		if g, w := strings.Join(got, "\n"), strings.Join(tc.want, "\n"); g != w {
			t.Fatalf("%s: %d hits, want %d", tc.name, len(got), len(tc.want))
		}
		if one := readFile(t, tc.name, []byte(tc.doc), true); len(one.Hits) != len(s.Hits) {
			t.Fatalf("%s: one byte at a time, %d hits, want %d", tc.name, len(one.Hits), len(s.Hits))
		} else {
			for i := range one.Hits {
				if one.Hits[i] != s.Hits[i] {
					t.Fatalf("%s: one byte at a time, hit %d %+v, want %+v", tc.name, i, one.Hits[i], s.Hits[i])
				}
			}
		}
	}
}
