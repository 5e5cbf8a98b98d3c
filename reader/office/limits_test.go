package office

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// readPart reads one part with read (readRels, readParts, readODFPart's
// form) and the run's token limit maxTok, and returns its hits as
// "line:col uri", its error, and the bytes the read allocated.
func readPart(read func(*reader.Content, reader.Sink) error, part []byte, maxTok int) ([]string, error, uint64) {
	s := &readertest.Sink{Opts: reader.Options{MaxToken: maxTok}}
	c := &reader.Content{R: bytes.NewReader(part), Name: "doc", Base: "file:///x/d.docx"}
	var err error
	alloc := allocated(func() { err = read(c, s) })
	var hits []string
	for _, h := range s.Hits {
		hits = append(hits, fmt.Sprintf("%d:%d %s", h.Line, h.Col, h.URI))
	}
	return hits, err, alloc
}

func parts(c *reader.Content, s reader.Sink) error { return readParts(c, s, c.Base) }

// TestParaAt: the mark para.at keeps between hits gives what a search
// from the paragraph's start gives, in any order of offsets.
func TestParaAt(t *testing.T) {
	p := &para{}
	for i, text := range []string{"ab\ncd", "&", "e\n\nfgh", "i", "jk\nl"} {
		sg := seg{off: int64(100 * i), line: 10 * i, col: i + 1, exact: text != "&"}
		sg.at = len(p.buf)
		p.segs = append(p.segs, sg)
		p.buf = append(p.buf, text...)
	}
	naive := func(k int, end bool) string {
		i := len(p.segs) - 1
		for i > 0 && (p.segs[i].at > k || end && p.segs[i].at == k) {
			i--
		}
		sg := p.segs[i]
		if !sg.exact {
			return fmt.Sprint(sg.off, sg.line, sg.col)
		}
		line, col := sg.line, sg.col+k-sg.at
		if nl := bytes.Count(p.buf[sg.at:k], []byte("\n")); nl > 0 {
			line += nl
			col = k - (sg.at + bytes.LastIndexByte(p.buf[sg.at:k], '\n'))
		}
		return fmt.Sprint(sg.off+int64(k-sg.at), line, col)
	}
	var order []int
	for k := 0; k <= len(p.buf); k++ {
		order = append(order, k)
	}
	order = append(order, 7, 3, 0, 12, 5, 5, 14, 1)
	for _, k := range order {
		for _, end := range []bool{false, true} {
			o, l, c := p.at(k, end)
			if got, want := fmt.Sprint(o, l, c), naive(k, end); got != want {
				t.Errorf("at(%d, %v) = %s, want %s", k, end, got, want)
			}
		}
	}
}

// TestManyRunsLinear: a paragraph of many runs, each with a URI, is read
// in time linear in its runs (each hit's run was once searched for from
// the paragraph's end).
func TestManyRunsLinear(t *testing.T) {
	read := func(runs int) time.Duration {
		part := []byte("<w:document><w:p>" + strings.Repeat("<w:r><w:t>http://a.b/ </w:t></w:r>", runs) + "</w:p></w:document>")
		best := time.Hour
		for range 3 {
			start := time.Now()
			hits, err, _ := readPart(parts, part, 0)
			best = min(best, time.Since(start))
			if err != nil || len(hits) != runs {
				t.Fatalf("%d hits, error %v; want %d", len(hits), err, runs)
			}
		}
		return best
	}
	small, large := read(maxSegs/8), read(maxSegs)
	if large > 24*small+100*time.Millisecond {
		t.Errorf("%d runs took %v, %d runs %v: not linear", maxSegs/8, small, maxSegs, large)
	}
}
