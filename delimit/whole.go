package delimit

import (
	"encoding/binary"
	"unsafe"
)

// This file is a short cut for the commonest text of all in structured
// documents: a value that is one http or https URI and nothing else (a
// JSON string "https://example.com/u/1", an attribute). E1–E12 take such a
// text whole, as a bare hit (Kind Space), and the Scanner reaches the same
// answer by a long way round: the candidate search, the look back for a
// scheme, the run, the trailing-punctuation and defanging rules. The test
// here is narrow on purpose: it says yes only for texts that none of
// those rules can change, and every other text takes the long way.
// FuzzWholeURI holds the two to the same hits.

// wholeByte classes the bytes of wholeURI's test.
const (
	wholeEnd = 1 << iota // letters, digits and '/': nothing E4 trims
	wholeNot             // a byte other than letters, digits and - . _ ~ / ? = & + #
)

var wholeByte = func() (t [256]uint8) {
	for i := range t {
		t[i] = wholeNot
	}
	for _, r := range [][2]byte{{'a', 'z'}, {'A', 'Z'}, {'0', '9'}} {
		for c := r[0]; c <= r[1]; c++ {
			t[c] = wholeEnd
		}
	}
	for _, c := range []byte("-._~?=&+#") {
		t[c] = 0
	}
	t['/'] = wholeEnd
	return t
}()

// wholeURI reports whether text is one bare http or https URI that the
// rules take as it is written, start to end: "http://" or "https://", a
// letter or digit, then only letters, digits and - . _ ~ / ? = & + #
// (one '#' at most), ending in a letter, a digit or '/'. No byte of it is
// one E1–E12 look at twice: no second colon, no brackets, quotes, '%',
// '@', white space, trailing punctuation or defanged form.
func wholeURI(text []byte) bool {
	var rest []byte
	switch {
	case len(text) > 8 && string(text[:8]) == "https://":
		rest = text[8:]
	case len(text) > 7 && string(text[:7]) == "http://":
		rest = text[7:]
	default:
		return false
	}
	if len(text) > MaxHit || wholeByte[rest[0]] != wholeEnd || rest[0] == '/' || wholeByte[text[len(text)-1]]&wholeEnd == 0 {
		return false
	}
	// The rest summed by wholeCount, eight bytes a round: at most 1, one
	// '#' and no byte that is not a whole URI's.
	sum := 0
	for len(rest) >= 8 {
		x := binary.LittleEndian.Uint64(rest)
		sum += int(wholeCount[byte(x)]) + int(wholeCount[byte(x>>8)]) + int(wholeCount[byte(x>>16)]) + int(wholeCount[byte(x>>24)]) +
			int(wholeCount[byte(x>>32)]) + int(wholeCount[byte(x>>40)]) + int(wholeCount[byte(x>>48)]) + int(wholeCount[x>>56])
		rest = rest[8:]
	}
	for _, c := range rest {
		sum += int(wholeCount[c])
	}
	return sum <= 1
}

// wholeCount counts a byte for wholeURI's sum: 0 for a letter, a digit
// and - . _ ~ / ? = & +, 1 for '#', 2 for any other byte (a sum above 1
// fails).
var wholeCount = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == '#':
			t[c] = 1
		case wholeByte[c]&wholeNot != 0:
			t[c] = 2
		}
	}
	return t
}()

// Whole returns the one hit of text when text is, as a whole, a bare http
// or https URI the rules take as it is written (wholeURI): the hit a
// Scanner over text alone reports (ResetBytes, NewBytesScanner), without
// the Scanner. Otherwise, and always with opts.Refang, it returns false,
// and text must be scanned. A reader of short texts (the strings of a
// JSON document) calls it before it resets its Scanner.
func Whole(text []byte, opts Options) (Hit, bool) {
	if opts.Refang || !wholeURI(text) {
		return Hit{}, false
	}
	h := Hit{End: int64(len(text)), Kind: Space}
	if opts.Borrow {
		h.URI, h.Flags = unsafe.String(&text[0], len(text)), Borrowed
	} else {
		h.URI = string(text)
	}
	h.Raw = h.URI
	if !opts.NoLines {
		h.Line, h.Col = 1, 1
	}
	return h, true
}
