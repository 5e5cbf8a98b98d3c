package resolve

import (
	"unicode"
	"unicode/utf8"
)

// EscapeInvalid percent-encodes what may never appear in a URI reference
// (seeds Section 2.4.3 "excluded US-ASCII characters", RFC 3986 Section 2):
// control characters, space, DEL and " < > \ ^ ` { | }; and, of the
// non-ASCII characters an IRI may hold, the Unicode spaces and controls
// (U+00A0, U+3000, U+0085, ...) and U+00AD SOFT HYPHEN, which no one
// sees (cmark-gfm writes it %C2%AD, as delimit does in text), as %HH of
// their UTF-8 bytes. Other
// non-ASCII characters and '%' are kept as they are (see ToASCII). HTML
// attribute values such as href="a b" need this: browsers send a%20b.
// A string that needs no escaping is returned unchanged, without allocating.
func EscapeInvalid(s string) string {
	i := 0
	for i < len(s) {
		// The common case, eight bytes at a time, then one at a time.
		for i+8 <= len(s) {
			x := s[i : i+8]
			if notPlain[x[0]]|notPlain[x[1]]|notPlain[x[2]]|notPlain[x[3]]|notPlain[x[4]]|notPlain[x[5]]|notPlain[x[6]]|notPlain[x[7]] != 0 {
				break
			}
			i += 8
		}
		for i < len(s) && notPlain[s[i]] == 0 {
			i++
		}
		if i == len(s) {
			break
		}
		n := invalidAt(s, i)
		if n > 0 {
			break
		}
		i -= n
	}
	if i == len(s) {
		return s
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	for i < len(s) {
		n := invalidAt(s, i)
		if n < 0 {
			b = append(b, s[i:i-n]...)
			i -= n
			continue
		}
		for _, c := range []byte(s[i : i+n]) {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
		i += n
	}
	return string(b)
}

// asciiInvalid marks the ASCII bytes EscapeInvalid escapes: the
// control characters, space, DEL and " < > \ ^ ` { | }.
var asciiInvalid = func() (t [utf8.RuneSelf]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	for _, c := range " \"<>\\^`{|}\x7f" {
		t[c] = true
	}
	return t
}()

// notPlain marks the bytes EscapeInvalid cannot pass by themselves: those
// of asciiInvalid and every byte of a UTF-8 sequence.
var notPlain = func() (t [256]uint8) {
	for c := range t {
		if c >= utf8.RuneSelf || asciiInvalid[c] {
			t[c] = 1
		}
	}
	return t
}()

// invalidAt returns the length of the character at s[i]: positive when it
// must be escaped, negative when it is kept.
// softHyphen is U+00AD SOFT HYPHEN: invisible, so percent-encoded.
const softHyphen = '\u00ad'

func invalidAt(s string, i int) int {
	c := s[i]
	if c < utf8.RuneSelf {
		if asciiInvalid[c] {
			return 1
		}
		return -1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r != utf8.RuneError && (unicode.IsSpace(r) || unicode.IsControl(r) || r == softHyphen) {
		return n
	}
	return -n
}
