package delimit

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

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

// runState carries what a run of URI characters has seen so far (E3, E4).
type runState struct {
	paren, bracket int  // open '(' and '[' not yet closed
	bare           bool // an unmatched ')' or ']' ends the run (E4)
	hash           bool // a '#' has been seen
	dirty          bool // the run holds what cleanURI changes
	tex            bool // the run is a TeX macro argument: \# \% \_ \~ \& \$ are escapes (E4)
	printf         bool // a '%' and a letter that is no %HH escape, outside an IP literal (E3)
}

// width returns the byte width of the URI character at b[i], or 0 when it
// ends the run (E3), updating the state. The caller guarantees that b holds
// at least utf8.UTFMax bytes after i or ends the input.
func (st *runState) width(b []byte, i int) int {
	c := b[i]
	if c >= utf8.RuneSelf {
		w := runeWidth(b, i)
		if w == 1 || w == 2 && c == 0xC2 || w == 3 && c == 0xE2 && b[i+1] == 0x80 && b[i+2] == 0x90 {
			st.dirty = true // invalid UTF-8, U+00AD, U+2010
		}
		return w
	}
	if ctab[c]&cURI == 0 {
		if c == '\\' && st.tex && i+1 < len(b) && texEscape(b[i+1]) {
			st.dirty = true
			return 2
		}
		return 0
	}
	switch c {
	case '%':
		return st.percent(b, i)
	case '#':
		st.dirty = st.dirty || st.hash
		st.hash = true
	case '&':
		if entityDelim(b[i:]) {
			return 0
		}
	case '(':
		st.paren++
	case '[':
		st.bracket++
	case ')':
		if st.paren == 0 && st.bare {
			return 0
		}
		st.paren--
	case ']':
		if st.bracket == 0 && st.bare {
			return 0
		}
		st.bracket--
	}
	return 1
}

// percent returns the width of the '%' at b[i] (E3): 3 for a %HH escape;
// 0 when whitespace or the end of the input comes within the escape's
// length (the run ends there, and an angle or quote hit may go on with
// the escape's hex digits on its next line, E5); else 1: a '%' that is no
// escape ("#%_sec_6.2", an IPv6 zone "[fe80::1%eth0]") is part of the URI,
// as browsers and link checkers take it, and Hit.URI has "%25" for it. A
// '%' and a letter outside an IP literal ("rfc%d.txt", "/%s") marks the
// run as a printf format.
func (st *runState) percent(b []byte, i int) int {
	if i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2]) {
		return 3
	}
	k := i + 1
	if k < len(b) && isHex(b[k]) {
		k++
	}
	if k >= len(b) || ctab[b[k]]&cSpace != 0 {
		return 0
	}
	if st.bracket == 0 && ctab[b[i+1]]&cAlpha != 0 {
		st.printf = true
	}
	st.dirty = true
	return 1
}

// texEscape reports whether c is escaped with a backslash in a TeX macro
// argument (\url{http://a/x\#y}, \href{...}): # % _ ~ & $.
func texEscape(c byte) bool {
	switch c {
	case '#', '%', '_', '~', '&', '$':
		return true
	}
	return false
}

// entityDelim reports whether b starts with an HTML entity of a character
// that delimits URIs (E5, E6): "&lt;", "&gt;" or "&quot;" in any case, as
// Doxygen comments and XML text write "&lt;http://a/b&gt;".
func entityDelim(b []byte) bool {
	if len(b) < 4 || b[0] != '&' {
		return false
	}
	switch b[1] | 0x20 {
	case 'l', 'g':
		return b[2]|0x20 == 't' && b[3] == ';'
	case 'q':
		return len(b) >= 6 && b[2]|0x20 == 'u' && b[3]|0x20 == 'o' && b[4]|0x20 == 't' && b[5] == ';'
	}
	return false
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

// scan runs over URI characters from i and returns where the run ends. When
// the run would go past limit it stops at or before limit on a character
// boundary and reports truncated.
func (st *runState) scan(b []byte, i, limit int) (end int, truncated bool) {
	if limit > len(b) {
		limit = len(b)
	}
	for {
		// Fast path for the common ASCII URI characters, eight at a time.
		for i+8 <= limit {
			x := b[i : i+8 : i+8]
			if ctab[x[0]]&ctab[x[1]]&ctab[x[2]]&ctab[x[3]]&ctab[x[4]]&ctab[x[5]]&ctab[x[6]]&ctab[x[7]]&cPlain == 0 {
				break
			}
			i += 8
		}
		for i < limit && ctab[b[i]]&cPlain != 0 {
			i++
		}
		if i >= len(b) {
			return i, false
		}
		if i >= limit {
			if ctab[b[i]]&cPlain != 0 {
				return i, true
			}
		}
		w := st.width(b, i)
		if w == 0 {
			return i, false
		}
		if i+w > limit {
			return i, true
		}
		i += w
	}
}

// trimTrailing returns the length of hit s once the trailing punctuation of
// E4 is stripped, repeatedly: the characters . , ; : ! ? and the apostrophe,
// a '%' that is no escape,
// a closing ')' or ']' that balances no opener inside the hit, a final '('
// or '[' (it opens nothing), and the Markdown emphasis wrapper wrap ('*' or
// '_', written n times before the hit).
func trimTrailing(s []byte, wrap byte, n int) int {
	e := len(s)
	for e > 0 {
		c := s[e-1]
		switch {
		case ctab[c]&cTrail != 0:
			e--
		case c == wrap && n > 0:
			e--
			n--
		case c == '(' || c == '[':
			e-- // an opener that opens nothing: "see http://a/b[" (AsciiDoc)
		case c == '%':
			e-- // no escape: "(up http://a/100%)" (E3)
		case c == '\\':
			e-- // a TeX escape whose character was stripped ("{http://a/\\%")
		case c == ')' || c == ']' || c == '}':
			open := byte('(')
			if c == ']' {
				open = '['
			} else if c == '}' {
				open = '{'
			}
			depth := 0
			for _, x := range s[:e] {
				if x == open {
					depth++
				} else if x == c {
					depth--
				}
			}
			if depth >= 0 {
				return e
			}
			e--
		default:
			return e
		}
	}
	return e
}

// pathStart returns where the path of the bare hit's scheme-specific part
// b[from:e] starts: after the authority when it starts with "//", else at
// from (E4).
func pathStart(b []byte, from, e int) int {
	if !hasSlashes(b, from) {
		return from
	}
	i := from + 2
	for i < e && b[i] != '/' && b[i] != '?' && b[i] != '#' {
		i++
	}
	return i
}

// bracketCut returns the end of a bare hit b[:e] whose path starts at ps,
// cut before AsciiDoc link text (E4): at a '[' in the path
// ("https://a/b[text]"; RFC 3986 allows '[' only around an IP literal
// host, so a '[' in a path is link text, not the URI), or at the first
// '[' left open at the end of the run ("https://a/x?q=1[open a ticket]",
// whose text continued past a space), or at a '[' in the fragment
// ("https://a/b#how-to[here]": RFC 3986 allows none there). Brackets in
// the host ("http://[::1]/") and closed ones in the query ("?r=[2]",
// PHP's "?a[]=1") stay.
func bracketCut(b []byte, from, ps, e int) int {
	if bytes.IndexByte(b[from:e], '[') < 0 {
		return e
	}
	// Cut until nothing changes: a cut at a '[' in the path may leave a
	// '[' open in the host ("A0://[/[").
	for {
		k := bracketCutOnce(b, from, ps, e)
		if k == e {
			return e
		}
		e = k
	}
}

func bracketCutOnce(b []byte, from, ps, e int) int {
	pe := ps
	for pe < e && b[pe] != '?' && b[pe] != '#' {
		pe++
	}
	fs := pe // the fragment: RFC 3986 allows no '[' there at all
	for fs < e && b[fs] != '#' {
		fs++
	}
	depth, outer := 0, e
	for k := from; k < e; k++ {
		switch b[k] {
		case '[':
			if ps <= k && k < pe && !segmentBrackets(b[k:e]) || k > fs {
				return k
			}
			if depth == 0 {
				outer = k
			}
			depth++
		case ']':
			depth--
		}
	}
	if depth > 0 {
		return outer
	}
	return e
}

// segmentBrackets reports whether the '[' at b[0] closes before a '/' in
// the run b ("/~[user]/path" in git's URL syntax, a placeholder segment):
// AsciiDoc link text ends the run after its ']'.
func segmentBrackets(b []byte) bool {
	m := bytes.IndexByte(b, ']')
	return m > 0 && m+1 < len(b) && b[m+1] == '/' && bytes.IndexByte(b[1:m], '[') < 0
}

// sspOK reports whether rest, the scheme-specific part after "scheme:", is
// acceptable for a bare or quoted hit of a scheme of class k (E2).
func sspOK[T string | []byte](k sspClass, rest T) bool {
	switch k {
	case sspAuthority:
		if len(rest) < 3 || rest[0] != '/' || rest[1] != '/' {
			return false
		}
		// The authority starts as a host or user name does: not with
		// '/', '?', '#', '$' (a template: "http://${host}/") nor a
		// separator ("http://,https://" is a list of schemes).
		switch rest[2] {
		case '/', '?', '#', '$', ',', ';', '!', '\'', '(', ')', '=', '+', '&':
			return false
		}
		return true
	case sspFile:
		if len(rest) == 0 || rest[0] != '/' {
			return false
		}
		for i := 0; i < len(rest); i++ {
			if rest[i] != '/' {
				return true
			}
		}
		return false
	}
	return len(rest) > 0
}

// fits reports whether rest, the scheme-specific part after "scheme:", is
// acceptable for a bare or quoted hit: the scheme's own syntax rule when it
// has one (E1a), else the rule of its class (E2).
func fits(k sspClass, rule sspRule, rest []byte) bool {
	if rule != nil {
		return rule(rest)
	}
	return sspOK(k, rest)
}

// maxPrefixLook bounds how far back the start of a line is looked for when
// a mail quote prefix is needed (E7).
const maxPrefixLook = 256

// quotePrefix returns the mail-reply quote prefix (E7) of the line holding
// position i: at the line start, one or more of '>' and '|', each optionally
// followed by one space, returned without a trailing space (">", ">>",
// "> >", "|"). atStart says whether b[0] is the start of the input. When the
// line start is not within maxPrefixLook bytes the line has no prefix.
func quotePrefix(b []byte, i int, atStart bool) []byte {
	ls := -1
	lo := max(0, i-maxPrefixLook)
	for k := i - 1; k >= lo; k-- {
		if b[k] == '\n' {
			ls = k + 1
			break
		}
	}
	if ls < 0 {
		if lo != 0 || !atStart {
			return nil
		}
		ls = 0
	}
	k := ls
	for k < i && (b[k] == '>' || b[k] == '|') {
		k++
		if k < i && b[k] == ' ' {
			k++
		}
	}
	for k > ls && b[k-1] == ' ' {
		k--
	}
	return b[ls:k]
}

// skipPrefix returns the position after the quote prefix p at b[i:] (E7), or
// i when the line does not start with exactly that prefix.
func skipPrefix(b []byte, i int, p []byte) int {
	if len(p) == 0 || len(b)-i < len(p) || string(b[i:i+len(p)]) != string(p) {
		return i
	}
	j := i + len(p)
	if j < len(b) && (b[j] == '>' || b[j] == '|') {
		return i // a deeper quote level is another prefix
	}
	return j
}

// isURLPrefix reports whether b is "URL:" in any case (E9).
func isURLPrefix(b []byte) bool {
	return len(b) == 4 && b[0]|0x20 == 'u' && b[1]|0x20 == 'r' && b[2]|0x20 == 'l' && b[3] == ':'
}
