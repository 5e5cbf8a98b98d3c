package htmlbase

import (
	"fmt"
	"unicode/utf8"
)

// cutUTF8 returns b cut to at most n bytes, not inside a UTF-8 sequence.
func cutUTF8(b []byte, n int) []byte {
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}

func sameDocument(v []byte) bool {
	return len(v) == 0 || v[0] == '#'
}

// validUTF8 returns s with each invalid UTF-8 sequence replaced by U+FFFD,
// as the WHATWG Encoding Standard's UTF-8 decoder does, which browsers read
// documents with: one U+FFFD for each maximal subpart of a sequence that
// starts well ("\xe2\x82" is one) and one for every other bad byte. A
// document read as UTF-8 may hold bytes that are not (H5: output is always
// UTF-8). Raw keeps them.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		i += badSequence(s[i:])
		b = append(b, "\uFFFD"...)
	}
	return string(b)
}

// badSequence returns the length of the maximal subpart of the invalid
// UTF-8 sequence at the start of s: the lead byte and the continuation
// bytes that the UTF-8 decoder accepted before the byte that made it fail.
func badSequence(s string) int {
	need, lo, hi := 0, byte(0x80), byte(0xbf)
	switch c := s[0]; {
	case 0xc2 <= c && c <= 0xdf:
		need = 1
	case c == 0xe0:
		need, lo = 2, 0xa0
	case c == 0xed:
		need, hi = 2, 0x9f
	case 0xe1 <= c && c <= 0xef:
		need = 2
	case c == 0xf0:
		need, lo = 3, 0x90
	case c == 0xf4:
		need, hi = 3, 0x8f
	case 0xf1 <= c && c <= 0xf3:
		need = 3
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(s); n++ {
		if c := s[n]; c < lo || c > hi {
			break
		}
		lo, hi = 0x80, 0xbf
	}
	return n
}

// mib writes a size of whole mebibytes as "4 MiB", another as bytes.
func mib(n int) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
