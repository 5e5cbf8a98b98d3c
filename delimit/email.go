package delimit

import "unicode/utf8"

// Bare e-mail addresses (Options.Emails): user@example.com is reported as
// the URI mailto:user@example.com, Kind Email.

const maxLocal = 64 // longest local part (RFC 5321)

// localChar reports whether c may be in the local part of a bare address:
// letters, digits and . _ % + - (the dot-atom characters people use; the
// other atext characters, = / ' ? and the like, join an address to code or
// option values: "--author=joe@example.com").
func localChar(c byte) bool {
	return ctab[c]&cWord != 0 || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'
}

// emailBefore reports whether a bare address may start after the byte
// before j: the input start, whitespace, an opening bracket or quote, a
// separator or a Markdown wrapper, or a non-ASCII character that is not
// part of a word. Not after a URI character such as ':' or '/' (a
// "Contact:joe@..." label, a path, a URI's userinfo).
func emailBefore(b []byte, j int) bool {
	if j == 0 {
		return true
	}
	c := b[j-1]
	if c >= utf8.RuneSelf {
		return wordStart(b, j)
	}
	switch c {
	case '(', '[', '{', '<', '>', '"', '\'', ',', ';', '*', '`', '|':
		return true
	}
	return ctab[c]&cSpace != 0
}

// atAt confirms a bare e-mail address around the '@' at a: a dot-atom
// local part, a domain of two or more labels whose last label is letters
// only, not followed by more of a URI ('/', ':' and a URI character, '@')
// nor by a letter.
func (s *Scanner) atAt(a int) {
	b := s.buf[:s.n]
	s.pos = a + 1
	lo := max(s.floor, a-maxLocal)
	j := a
	for j > lo && localChar(b[j-1]) {
		j--
	}
	if j == a || (j > 0 && localChar(b[j-1])) || !emailBefore(b, j) {
		return
	}
	// Dot-atom: no dot first, last or twice.
	if b[j] == '.' || b[a-1] == '.' {
		return
	}
	for k := j + 1; k < a; k++ {
		if b[k] == '.' && b[k-1] == '.' {
			return
		}
	}
	// The domain: labels of letters, digits and hyphens.
	i, labels, last, ok := hostLabels(b, a+1)
	if !ok {
		return
	}
	if labels < 2 || i-last < 2 {
		return
	}
	for _, c := range b[last:i] {
		if ctab[c]&cAlpha == 0 {
			return
		}
	}
	if i < len(b) {
		switch c := b[i]; {
		case c == '@' || c == '/' || c == '_' || ctab[c]&cLDH != 0:
			return
		case c == ':' && i+1 < len(b) && b[i+1] < utf8.RuneSelf && ctab[b[i+1]]&cURI != 0:
			return // git@github.com:o/r.git, user@host:port
		case c >= utf8.RuneSelf && isWordAfter(b, i):
			return // an IRI host or a word, not this address
		}
	}
	raw := s.text(j, i)
	s.emit(j, i, raw, "mailto:"+raw, Email, 0)
}

// isWordAfter reports whether the rune at b[i] is part of a word.
func isWordAfter(b []byte, i int) bool {
	r, _ := utf8.DecodeRune(b[i:])
	return isWordRune(r)
}
