package css

import (
	"bytes"
	"slices"
	"testing"

	"github.com/urix/urix/reader/readertest"
)

// FuzzCSS: every hit's offsets, line and column are its place in the
// input and its raw text the input's there; one-byte reads give what
// whole reads give. (htmlbase's FuzzScanCSS checks the windows against
// one scan of the whole.)
func FuzzCSS(f *testing.F) {
	f.Add([]byte("@import \"a.css\";\n/* url(x) */ b { background: url( \"../i.png\" ) } c { x: image-set(\"a.png\" 1x, url(b.png) 2x) }"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h1, w1 := readertest.ReadBytes(Format, nil, data, true)
		h2, w2 := readertest.ReadBytes(Format, nil, data, false)
		if !slices.Equal(h1, h2) || !slices.Equal(w1, w2) {
			t.Fatalf("whole and one-byte reads differ:\n%v %q\n%v %q", h1, w1, h2, w2)
		}
		for _, h := range h1 {
			line := 1 + bytes.Count(data[:h.Offset], []byte("\n"))
			col := int(h.Offset) - bytes.LastIndexByte(data[:h.Offset], '\n')
			if h.Line != line || h.Col != col || string(data[h.Offset:h.End]) != h.Raw {
				t.Fatalf("hit %q at %d:%d [%d,%d) raw %q: not the input's", h.URI, h.Line, h.Col, h.Offset, h.End, h.Raw)
			}
		}
	})
}
