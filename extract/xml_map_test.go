package extract

import "testing"

// TestMapDecodedAnchors checks the anchors against the raw offset of every
// decoded byte, written out by hand: character references (one and two
// bytes), &amp;, a CRLF and a lone CR, and a CDATA-like offset.
func TestMapDecodedAnchors(t *testing.T) {
	for _, tt := range []struct {
		raw, dec string
		off      int
		want     []int // raw offset of each decoded byte
	}{
		{"abc", "abc", 0, []int{0, 1, 2}},
		{"a&amp;b", "a&b", 0, []int{0, 1, 6}},
		{"a&amp;b\r\nc&#xe9;d", "a&b\nc\u00e9d", 0, []int{0, 1, 6, 8, 9, 10, 10, 16}},
		{"x\ry", "x\ny", 0, []int{0, 1, 2}},
		{"&lt;a href=&quot;u&quot;&gt;", "<a href=\"u\">", 9, []int{9, 13, 14, 15, 16, 17, 18, 19, 20, 26, 27, 33}},
	} {
		a := mapDecoded([]byte(tt.raw), []byte(tt.dec), tt.off)
		if a == nil {
			t.Fatalf("%q: no map", tt.raw)
		}
		m := textMap{dec: len(tt.dec), raw: a}
		for i, want := range tt.want {
			if got := m.rawAt(i); got != want {
				t.Errorf("%q: decoded byte %d at raw %d, want %d (anchors %v)", tt.raw, i, got, want, a)
			}
		}
		if end, ok := m.at(len(tt.dec)); !ok || int(end) != tt.want[len(tt.want)-1]+1 {
			t.Errorf("%q: end at %d, %v", tt.raw, end, ok)
		}
	}
	if mapDecoded([]byte("abc"), []byte("abd"), 0) != nil {
		t.Error("texts that do not match gave a map")
	}
}
