package htmlbase

import (
	"bytes"
	"unicode/utf8"
)

// cssScanner finds the URLs in CSS text: url(...) in any form (quoted,
// unquoted, with CSS escapes such as \28), the string of @import "x" and
// the strings of image-set() and -webkit-image-set() (CSS Images 4: a
// string there is a URL, image-set("a.png" 1x)).
// It follows the CSS Syntax Level 3 tokenizer where it matters: comments
// and strings other than those are skipped, a bad url(...) is dropped, a
// function name may be written with escapes (u\72l(a.png)), and a url(
// or a string cut short by the end of the text ends there.
//
// With browser set, the URLs in the value of a custom property (--x:
// url(a.png)) are skipped: a browser keeps that value as tokens and
// fetches nothing for it (H3).
type cssScanner struct {
	buf     []byte
	browser bool
	// declAt is where the last URL of the scan was, declStart where its
	// declaration starts, custom whether that is a custom property's.
	declAt, declStart int
	custom            bool
	// last, end and reached: where scanFrom stopped (see there).
	last, end int
	reached   bool
}

// cssStop marks the bytes the scan must look at.
var cssStop = func() (t [256]bool) {
	for _, c := range []byte(`/"'\@uU(`) {
		t[c] = true
	}
	return t
}()

// scan calls emit with every URL in css and the byte range [start, end) of
// the url(...) or the @import string in css. The slice u is valid only
// during the call.
func (c *cssScanner) scan(css []byte, emit func(u []byte, start, end int)) {
	c.scanFrom(css, 0, len(css)+1, emit)
}

// scanFrom is scan from css[from:], stopping at the first token that
// starts at or after stop: c.last is then that token's index and
// c.reached is true. Otherwise (the scan ended) c.last is where the last
// token starts and c.end the index after it: len(css) or more when the
// end of css may have cut it.
func (c *cssScanner) scanFrom(css []byte, from, stop int, emit func(u []byte, start, end int)) {
	s := css
	c.declAt, c.declStart, c.custom = 0, 0, false
	c.reached, c.last, c.end = false, from, from
	for i := from; i < len(s); {
		if !cssStop[s[i]] {
			i++
			continue
		}
		if c.last = i; i >= stop {
			c.reached = true
			return
		}
		i = c.token(s, i, emit)
		c.end = i
	}
}

// token reads the token that starts with the byte at s[i] (one of
// cssStop), emitting its URLs, and returns the index after it: len(s) or
// more when the end of s cut it.
func (c *cssScanner) token(s []byte, i int, emit func(u []byte, start, end int)) int {
	switch b := s[i]; {
	case b == '/':
		if i+1 < len(s) && s[i+1] == '*' {
			j := bytes.Index(s[i+2:], []byte("*/"))
			if j < 0 {
				return len(s)
			}
			i += j + 4
		} else {
			i++
		}
	case b == '"' || b == '\'':
		_, i, _ = c.str(s, i)
	case b == '\\':
		if i > 0 && isNameChar(s[i-1]) {
			i += 2
			return i
		}
		i = c.escapedURL(s, i, emit)
	case b == '@':
		if !hasPrefixFold(s[i+1:], "import") || i+7 < len(s) && isNameChar(s[i+7]) {
			i++
			return i
		}
		j := c.skipSpace(s, i+7)
		if j < len(s) && (s[j] == '"' || s[j] == '\'') {
			start := j
			u, end, ok := c.str(s, j)
			if ok {
				c.report(emit, s, u, start, end)
			}
			j = end
		}
		i = j
	case b == '(':
		if isImageSet(s, i) {
			i = c.imageSet(s, i+1, emit)
		} else {
			i++
		}
	default: // 'u', 'U'
		if i > 0 && isNameChar(s[i-1]) {
			i++
			return i
		}
		if !hasPrefixFold(s[i:], "url(") {
			i = c.escapedURL(s, i, emit)
			return i
		}
		start := i
		u, end, ok := c.url(s, i+4)
		if ok {
			c.report(emit, s, u, start, end)
		}
		i = end
	}
	return i
}

// escapedURL reads the identifier starting at s[i] ('u' or a '\\'); when
// it holds an escape and is "url" followed by '(' (u\72l(, \75 rl(), it
// reads the url and emits it. It returns the index to go on from: after
// the url, else after s[i] (after the escape when s[i] starts one).
func (c *cssScanner) escapedURL(s []byte, i int, emit func(u []byte, start, end int)) int {
	var name [4]byte
	n, j, escaped := 0, i, false
	for j < len(s) && n <= 3 {
		if ch := s[j]; ch == '\\' {
			if j+1 >= len(s) || s[j+1] == '\n' || s[j+1] == '\r' || s[j+1] == '\f' {
				break
			}
			var tmp [utf8.UTFMax]byte
			var dec []byte
			dec, j = appendEscape(tmp[:0], s, j)
			if len(dec) != 1 {
				n = 4 // not an ASCII letter: not "url"
				break
			}
			name[n], n, escaped = lowerASCII(dec[0]), n+1, true
		} else if isNameChar(ch) {
			name[n], n, j = lowerASCII(ch), n+1, j+1
		} else {
			break
		}
	}
	if !escaped || n != 3 || string(name[:3]) != "url" || j >= len(s) || s[j] != '(' {
		if s[i] == '\\' {
			return i + 2
		}
		return i + 1
	}
	u, end, ok := c.url(s, j+1)
	if ok {
		c.report(emit, s, u, i, end)
	}
	return end
}

// report passes a URL of s on to emit, but for one in a custom property's
// value when c.browser.
func (c *cssScanner) report(emit func(u []byte, start, end int), s, u []byte, start, end int) {
	if !c.browser || !c.inCustomProperty(s, start) {
		emit(u, start, end)
	}
}

// inCustomProperty reports whether s[i] is in the value of a custom
// property: the declaration it is in (from the last ';', '{' or '}'
// before it) is "--name:" after white space. The URLs of a scan come in
// increasing order, so each byte is looked at once or twice: the bytes
// before the previous URL (declAt) were looked at for it.
func (c *cssScanner) inCustomProperty(s []byte, i int) bool {
	if i < c.declAt {
		c.declAt, c.declStart, c.custom = 0, 0, false
	}
	k := i
	for k > c.declAt && s[k-1] != ';' && s[k-1] != '{' && s[k-1] != '}' {
		k--
	}
	if k > c.declAt || c.declAt == 0 {
		c.declStart, c.custom = k, customProperty(s[k:i])
	}
	c.declAt = i
	return c.custom
}

// customProperty reports whether the declaration decl starts, after white
// space, with a custom property's name ("--" and name characters) and ':'.
func customProperty(decl []byte) bool {
	k := 0
	for k < len(decl) && isSpace(decl[k]) {
		k++
	}
	if k+2 > len(decl) || decl[k] != '-' || decl[k+1] != '-' {
		return false
	}
	for k += 2; k < len(decl) && (isNameChar(decl[k]) || decl[k] == '\\'); k++ {
		if decl[k] == '\\' {
			k++ // an escaped character of the name
		}
	}
	for k < len(decl) && isSpace(decl[k]) {
		k++
	}
	return k < len(decl) && decl[k] == ':'
}

// skipSpace skips whitespace and comments from s[i].
func (c *cssScanner) skipSpace(s []byte, i int) int {
	for i < len(s) {
		switch {
		case isSpace(s[i]):
			i++
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '*':
			j := bytes.Index(s[i+2:], []byte("*/"))
			if j < 0 {
				return len(s)
			}
			i += j + 4
		default:
			return i
		}
	}
	return i
}

// str reads the string token starting with the quote at s[i]. It returns
// the decoded value (in c.buf), the index after the token and false when
// the string was cut by a newline (a bad string).
func (c *cssScanner) str(s []byte, i int) ([]byte, int, bool) {
	q := s[i]
	b := c.buf[:0]
	defer func() { c.buf = b }()
	for i++; i < len(s); {
		switch ch := s[i]; ch {
		case q:
			return b, i + 1, true
		case '\n', '\r', '\f':
			return nil, i, false
		case '\\':
			if i+1 >= len(s) {
				i++
				continue
			}
			if n := s[i+1]; n == '\n' || n == '\f' {
				i += 2
				continue
			} else if n == '\r' {
				i += 2
				if i < len(s) && s[i] == '\n' {
					i++
				}
				continue
			}
			b, i = appendEscape(b, s, i)
		default:
			b = append(b, ch)
			i++
		}
	}
	return b, i, true // EOF ends the string
}

// url reads the rest of a url( whose contents start at s[i]. It returns
// the URL (in c.buf), the index after the closing ')' and false for a bad
// url.
func (c *cssScanner) url(s []byte, i int) ([]byte, int, bool) {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		u, j, ok := c.str(s, i)
		if !ok {
			return nil, badURL(s, j), false
		}
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		if j >= len(s) {
			return u, j, true
		}
		if s[j] == ')' {
			return u, j + 1, true
		}
		return nil, badURL(s, j), false
	}
	b := c.buf[:0]
	defer func() { c.buf = b }()
	for i < len(s) {
		switch ch := s[i]; {
		case ch == ')':
			return b, i + 1, true
		case isSpace(ch):
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i >= len(s) {
				return b, i, true
			}
			if s[i] == ')' {
				return b, i + 1, true
			}
			return nil, badURL(s, i), false
		case ch == '"' || ch == '\'' || ch == '(' || ch < 0x20 || ch == 0x7f:
			return nil, badURL(s, i), false
		case ch == '\\':
			if i+1 >= len(s) || s[i+1] == '\n' || s[i+1] == '\r' || s[i+1] == '\f' {
				return nil, badURL(s, i), false
			}
			b, i = appendEscape(b, s, i)
		default:
			b = append(b, ch)
			i++
		}
	}
	return b, i, true // EOF ends the url
}

// badURL consumes the remnants of a bad url and returns the index after
// its ')'.
func badURL(s []byte, i int) int {
	for i < len(s) {
		switch s[i] {
		case ')':
			return i + 1
		case '\\':
			i += 2
		default:
			i++
		}
	}
	return len(s)
}

// appendEscape decodes the valid escape starting with the '\' at s[i]
// (followed by a byte that is not a newline) and returns the index after it.
func appendEscape(b, s []byte, i int) ([]byte, int) {
	i++
	if !isHex(s[i]) {
		return append(b, s[i]), i + 1
	}
	var r rune
	n := 0
	for ; i < len(s) && n < 6 && isHex(s[i]); i, n = i+1, n+1 {
		r = r<<4 | rune(hexVal(s[i]))
	}
	if i < len(s) && isSpace(s[i]) {
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		i++
	}
	if r == 0 || r > utf8.MaxRune || 0xd800 <= r && r <= 0xdfff {
		r = utf8.RuneError
	}
	return utf8.AppendRune(b, r), i
}

func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// isNameChar reports whether c continues a CSS identifier.
func isNameChar(c byte) bool {
	return isAlnum(c) || c == '-' || c == '_' || c >= 0x80
}

// isImageSet reports whether the '(' at s[i] ends the function name
// image-set or -webkit-image-set (any case).
func isImageSet(s []byte, i int) bool {
	k := i
	for k > 0 && isNameChar(s[k-1]) {
		k--
	}
	name := s[k:i]
	return asciiEqualFold(name, "image-set") || asciiEqualFold(name, "-webkit-image-set")
}

// imageSet reads the arguments of an image-set( whose contents start at
// s[i], emitting its url()s and the strings directly in it (not those of a
// nested function such as type("image/avif")), and returns the index
// after its ')'.
func (c *cssScanner) imageSet(s []byte, i int, emit func(u []byte, start, end int)) int {
	depth := 0
	for i < len(s) {
		switch b := s[i]; {
		case b == '"' || b == '\'':
			start := i
			u, end, ok := c.str(s, i)
			if ok && depth == 0 {
				c.report(emit, s, u, start, end)
			}
			i = end
		case b == '/' && i+1 < len(s) && s[i+1] == '*':
			j := bytes.Index(s[i+2:], []byte("*/"))
			if j < 0 {
				return len(s)
			}
			i += j + 4
		case b == '\\':
			i += 2
		case (b == 'u' || b == 'U') && !(i > 0 && isNameChar(s[i-1])) && hasPrefixFold(s[i:], "url("):
			start := i
			u, end, ok := c.url(s, i+4)
			if ok {
				c.report(emit, s, u, start, end)
			}
			i = end
		case b == '(':
			depth++
			i++
		case b == ')':
			if depth == 0 {
				return i + 1
			}
			depth--
			i++
		default:
			i++
		}
	}
	return len(s)
}
