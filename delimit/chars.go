package delimit

import (
	"unicode"
	"unicode/utf8"
)

// This file holds the character classes of the scan (E1, E3, E4, E11) and
// which non-ASCII characters continue a hit (E3).

// Character classes of ASCII bytes.
const (
	cURI    = 1 << iota // E3: unreserved, reserved, '%' (checked for HH) and '#'
	cScheme             // E1: alpha, digit, '+', '-', '.'
	cAlpha              // E1: first character of a scheme
	cTrail              // E4: stripped from the end of a bare hit
	cSpace              // ASCII whitespace
	cWord               // letters and digits: a scheme after one is not at a word start (E1)
	cLDH                // E11: letter, digit, hyphen of a host label
	cPlain              // E3: a URI character that needs no look at its neighbours (the scan's fast path)
)

var ctab = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cURI | cScheme | cAlpha | cWord | cLDH
		t[c-'a'+'A'] |= cURI | cScheme | cAlpha | cWord | cLDH
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cURI | cScheme | cWord | cLDH
	}
	// RFC 3986 unreserved, gen-delims, sub-delims and '%'.
	for _, c := range []byte("-._~:/?#[]@!$&'()*+,;=%") {
		t[c] |= cURI
	}
	for c := range t {
		if t[c]&cURI != 0 {
			t[c] |= cPlain
		}
	}
	// '%' (an escape or not), '&' (an escaped delimiter, "&gt;"), '#'
	// (a second one is encoded), and the brackets, which are counted.
	for _, c := range []byte("%&#()[]") {
		t[c] &^= cPlain
	}
	for _, c := range []byte("+-.") {
		t[c] |= cScheme
	}
	t['-'] |= cLDH
	for _, c := range []byte(".,;:!?'") {
		t[c] |= cTrail
	}
	for _, c := range []byte(" \t\n\r\v\f") {
		t[c] |= cSpace
	}
	return t
}()

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// uriRune reports whether a non-ASCII rune continues a hit (E3): letters,
// digits and marks do (IRIs), and so do the zero-width (non-)joiners that
// Indic and Arabic words need; spaces, punctuation, symbols and invalid
// UTF-8 end it.
func uriRune(r rune) bool {
	if r == utf8.RuneError {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == 0x200C || r == 0x200D
}

// dashContinues reports whether the dash r (of width w) at b[i] continues
// a hit (E3): U+2010 HYPHEN when a URI character follows it on the line
// (groff prints it for every unescaped '-': "old‐licenses/gpl‐2.0.html";
// Hit.URI has '-' for it), and U+2011 to U+2015 (non-breaking hyphen,
// figure dash, en dash, em dash, horizontal bar) between two letters or
// digits ("wiki/Backus–Naur_form"); with a space around them they are
// punctuation and end the hit.
func dashContinues(b []byte, i, w int, r rune) bool {
	if r < 0x2010 || r > 0x2015 || i == 0 || i+w >= len(b) {
		return false
	}
	next, _ := utf8.DecodeRune(b[i+w:])
	if r == 0x2010 {
		if next < utf8.RuneSelf {
			return ctab[next]&cURI != 0
		}
		return uriRune(next)
	}
	prev, _ := utf8.DecodeLastRune(b[max(0, i-utf8.UTFMax):i])
	return alnumRune(prev) && alnumRune(next)
}

func alnumRune(r rune) bool {
	if r < utf8.RuneSelf {
		return ctab[r]&cWord != 0
	}
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// isWordRune reports whether r is part of a word: a scheme right after it
// is not at a word start (E1). Han, Hiragana and Katakana are not: those
// scripts do not separate words with spaces ("詳細はhttp://example.jp").
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return ctab[r]&cWord != 0
	}
	if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// wordStart reports whether position j of b is at a word start (E1): the
// rune before it is not a letter, digit or mark. b[:j] may begin in the
// middle of a rune; only the last rune before j is decoded.
func wordStart(b []byte, j int) bool {
	if j == 0 {
		return true
	}
	c := b[j-1]
	if c < utf8.RuneSelf {
		return ctab[c]&cWord == 0
	}
	r, _ := utf8.DecodeLastRune(b[max(0, j-utf8.UTFMax):j])
	return !isWordRune(r)
}

// runeWidth returns the width of the non-ASCII character at b[i] when it
// continues a hit (E3), else 0: letters, digits, marks and the joiners
// (uriRune); U+2010 to U+2015 where dashContinues says so; U+00AD SOFT
// HYPHEN before a letter or digit (inside a URI it is the URI's own, as
// cmark-gfm keeps it; Hit.URI has "%C2%AD" for it; at a line end it is a
// typesetter's hyphen, E8); and a byte of invalid UTF-8 that is a Latin-1
// letter (0xC0 to 0xFF but for × and ÷) or stands before a letter, digit,
// '/', '-' or '_' (Hit.URI has "%HH" for it: never a silent cut).
func runeWidth(b []byte, i int) int {
	r, w := utf8.DecodeRune(b[i:])
	switch {
	case r == utf8.RuneError && w == 1:
		if c := b[i]; c >= 0xC0 && c != 0xD7 && c != 0xF7 {
			return 1
		}
		if i+1 < len(b) {
			if n := b[i+1]; ctab[n]&cWord != 0 || n == '/' || n == '-' || n == '_' {
				return 1
			}
		}
		return 0
	case uriRune(r):
		return w
	case r == 0xAD:
		if continuesWord(b, i+w) {
			return w
		}
		return 0
	case dashContinues(b, i, w, r):
		return w
	}
	return 0
}
