package htmlbase

import (
	"bytes"
	"slices"
	"testing"
	"testing/iotest"
)

// FuzzScanCSS: ScanCSS in windows of a few bytes finds what one scan of
// the whole stylesheet finds (unless a token filled a window, with a
// warning), each at its offsets, line and column, its raw text the
// input's there; one-byte reads change nothing.
func FuzzScanCSS(f *testing.F) {
	for _, seed := range []string{
		"@import \"a.css\";\n/* url(x) */ b { background: url( \"../i.png\" ) } c { x: image-set(\"a.png\" 1x, url(b.png) 2x) }",
		"a{b:u\\72l(e.png)} c{content:\"url(no)\"} d{e:url(bad url)} f{g:url(ok)}",
		"@import url('q.css') screen; /* unterminated",
		"x{y:url(\"cut",
	} {
		f.Add([]byte(seed), uint8(16))
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		var whole []CSSURL
		var c cssScanner
		c.scan(data, func(u []byte, start, end int) {
			whole = append(whole, CSSURL{U: bytes.Clone(u), Raw: data[start:end], Start: int64(start), End: int64(end)})
		})
		defer func(w, ch int) { cssWindow, cssChunk = w, ch }(cssWindow, cssChunk)
		cssChunk = int(chunk%64) + 8
		cssWindow = 16 * cssChunk
		for _, one := range []bool{false, true} {
			var r = iotest.HalfReader(bytes.NewReader(data))
			if one {
				r = iotest.OneByteReader(bytes.NewReader(data))
			}
			var got []CSSURL
			warned := false
			err := ScanCSS(r, func(u CSSURL) error {
				line := 1 + bytes.Count(data[:u.Start], []byte("\n"))
				col := int(u.Start) - bytes.LastIndexByte(data[:u.Start], '\n')
				if u.Line != line || u.Col != col || !bytes.Equal(u.Raw, data[u.Start:u.End]) {
					t.Fatalf("%q at %d:%d [%d,%d) raw %q: the input has it at %d:%d, raw %q", u.U, u.Line, u.Col, u.Start, u.End, u.Raw, line, col, data[u.Start:u.End])
				}
				u.U, u.Raw, u.Line, u.Col = bytes.Clone(u.U), bytes.Clone(u.Raw), 0, 0
				got = append(got, u)
				return nil
			}, func(error) { warned = true })
			if err != nil {
				t.Fatal(err)
			}
			if !warned && !slices.EqualFunc(got, whole, func(a, b CSSURL) bool {
				return bytes.Equal(a.U, b.U) && bytes.Equal(a.Raw, b.Raw) && a.Start == b.Start && a.End == b.End
			}) {
				t.Fatalf("in windows of %d (one byte reads %v):\n%v\nwhole:\n%v", cssChunk, one, got, whole)
			}
		}
	})
}
