package xml

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// Text maps: where each byte of an element's decoded text (entities and
// character references replaced, CDATA unwrapped) stands in the input,
// so that a hit in the text points at the text as written.

// textMap maps the decoded text of one token onto the input.
type textMap struct {
	start, end int64 // the token's byte range
	dec        int   // length of the decoded text
	// ident: decoded byte i is at start+off+i; else raw maps decoded
	// offsets to raw ones (from start), nil when unknown; lazy: not
	// mapped yet (xmlReader.mapFirst)
	ident, lazy bool
	off         int
	raw         []anchor
}

// anchor starts a run of decoded bytes that lie one after another in the
// raw text: decoded byte dec+n is at raw offset raw+n until the next
// anchor. A character reference gives one anchor per byte of its
// character, all at the reference's '&'. Texts with a few references need
// a few anchors, where a raw offset per byte cost 8 bytes per byte (the
// largest allocation on an RSS feed, whose descriptions are escaped HTML).
type anchor struct{ dec, raw int }

// at returns the input offset of decoded offset i, and whether it is exact.
func (m *textMap) at(i int) (int64, bool) {
	switch {
	case i < 0 || i > m.dec:
		return m.start, false
	case m.ident:
		return m.start + int64(m.off+i), true
	case m.raw == nil || m.dec == 0:
		return m.start, false
	case i == m.dec:
		return m.start + int64(m.rawAt(i-1)) + 1, true
	}
	return m.start + int64(m.rawAt(i)), true
}

// rawAt is the raw offset of decoded byte i (0 <= i < dec), from m.raw.
func (m *textMap) rawAt(i int) int {
	j := sort.Search(len(m.raw), func(j int) bool { return m.raw[j].dec > i }) - 1
	a := m.raw[j] // j >= 0: the first anchor is decoded byte 0
	return a.raw + i - a.dec
}

// mapDecoded maps each byte of dec, the text of raw with character
// references resolved and line breaks normalized, onto raw; nil when they
// do not match. The bytes between references and CRs are compared and
// anchored a run at a time.
func mapDecoded(raw, dec []byte, off int) []anchor {
	var m []anchor
	add := func(k, r int) {
		if n := len(m); n > 0 && k-m[n-1].dec == r-m[n-1].raw {
			return // the run goes on
		}
		m = append(m, anchor{k, r})
	}
	cr := bytes.IndexByte(raw, '\r') >= 0
	i := 0
	for k := 0; k < len(dec); {
		if i >= len(raw) {
			return nil
		}
		n := len(raw) - i // the run of bytes as written, up to a '&' or CR
		if j := bytes.IndexByte(raw[i:], '&'); j >= 0 {
			n = j
		}
		if cr {
			if j := bytes.IndexByte(raw[i:i+n], '\r'); j >= 0 {
				n = j
			}
		}
		if n = min(n, len(dec)-k); n > 0 {
			if !bytes.Equal(raw[i:i+n], dec[k:k+n]) {
				return nil
			}
			add(k, off+i)
			i, k = i+n, k+n
			continue
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
		case dec[k] != '&' || bytes.HasPrefix(raw[i:], []byte("&amp;")): // a reference
			semi := bytes.IndexByte(raw[i:min(len(raw), i+16)], ';')
			if semi < 0 {
				return nil
			}
			_, n := utf8.DecodeRune(dec[k:])
			for j := range n {
				add(k+j, off+i)
			}
			i, k = i+semi+1, k+n
		default: // a '&' kept as written
			add(k, off+i)
			i, k = i+1, k+1
		}
	}
	return m
}
