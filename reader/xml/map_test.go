package xml

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

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

// mapDecodedByByte is mapDecoded as first written, a byte at a time: the
// reference FuzzMapDecoded holds the fast one to. It maps each byte of dec, the text of raw with character
// references resolved and line breaks normalized, onto raw; nil when they
// do not match.
func mapDecodedByByte(raw, dec []byte, off int) []anchor {
	var m []anchor
	add := func(k, r int) {
		if n := len(m); n > 0 && k-m[n-1].dec == r-m[n-1].raw {
			return // the run goes on
		}
		m = append(m, anchor{k, r})
	}
	i := 0
	for k := 0; k < len(dec); {
		if i >= len(raw) {
			return nil
		}
		switch {
		case raw[i] == '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
				continue
			}
			if dec[k] != '\n' {
				return nil
			}
			add(k, off+i)
			i, k = i+1, k+1
		case raw[i] == '&' && dec[k] != '&' || raw[i] == '&' && bytes.HasPrefix(raw[i:], []byte("&amp;")):
			semi := bytes.IndexByte(raw[i:min(len(raw), i+16)], ';')
			if semi < 0 {
				return nil
			}
			_, n := utf8.DecodeRune(dec[k:])
			for j := range n {
				add(k+j, off+i)
			}
			i, k = i+semi+1, k+n
		case raw[i] == dec[k]:
			add(k, off+i)
			i, k = i+1, k+1
		default:
			return nil
		}
	}
	return m
}

// FuzzMapDecoded checks that mapDecoded places every decoded byte of a
// text where the byte-at-a-time reference does.
func FuzzMapDecoded(f *testing.F) {
	for _, s := range []string{"abc", "a&amp;b\r\nc&#xe9;d", "x\ry&", "&lt;a href=&quot;u&quot;&gt;", "a & b &c; &#0; &#x110000;", "\r\r\n&amp;amp;"} {
		f.Add(s, 0, "")
	}
	f.Add("a&amp;b", 3, "a&b")
	f.Add("a&amp;b", 3, "a&amp;b")
	// raw with its decoded text, and with any other text (which must not
	// map, or map as the reference does)
	f.Fuzz(func(t *testing.T, raw string, off int, other string) {
		off &= 0xffff
		checkMapDecoded(t, raw, xmlDecode(nil, []byte(raw)), off)
		checkMapDecoded(t, raw, []byte(other), off)
	})
}

// checkMapDecoded compares mapDecoded with its reference on raw and dec.
func checkMapDecoded(t *testing.T, raw string, dec []byte, off int) {
	t.Helper()
	got, want := mapDecoded([]byte(raw), dec, off), mapDecodedByByte([]byte(raw), dec, off)
	if (got == nil) != (want == nil) {
		t.Fatalf("%q: map %v, reference %v", raw, got, want)
	}
	if want == nil {
		return
	}
	g, w := textMap{dec: len(dec), raw: got}, textMap{dec: len(dec), raw: want}
	for i := range dec {
		if g.rawAt(i) != w.rawAt(i) {
			t.Fatalf("%q: decoded byte %d at %d, reference %d", raw, i, g.rawAt(i), w.rawAt(i))
		}
	}
}
