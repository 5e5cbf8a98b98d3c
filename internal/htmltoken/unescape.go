package htmltoken

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/urix/urix/internal/hex"
)

// unescaper decodes the character references of attribute values by
// handing each, as the one attribute of a tag of its own, to an upstream
// tokenizer: what upstream's TagAttr returns is then what it is by
// construction, with no copy of the entity tables. One unescaper serves
// a document; its tokenizer reads the tags from feed as they are written.
type unescaper struct {
	z    *html.Tokenizer
	feed feed
}

// feed is the unescaper's input: the tag being decoded, in pieces (the
// value is read where it is), never empty when the tokenizer reads.
type feed struct{ parts [3][]byte }

func (f *feed) Read(p []byte) (int, error) {
	n := 0
	for i := range f.parts {
		k := copy(p[n:], f.parts[i])
		f.parts[i] = f.parts[i][k:]
		n += k
	}
	return n, nil
}

// chunkLen is how much of a value the upstream tokenizer is given at
// once, at the least: a longer value is decoded in pieces, each cut just
// before a '&', so that its buffer stays small. A reference never reads
// past the next '&' (a name or number stops at it, as at the end, and
// the '=' after a name is looked for only right after it), so the
// pieces decode as the whole value does. A variable for the tests.
var chunkLen = 32 << 10

// unescape returns raw, an attribute value's bytes as they are in the
// input, as upstream's TagAttr returns it: NUL replaced, newlines
// normalized and character references decoded (a copy of its own).
func (z *Tokenizer) unescape(raw []byte) []byte {
	if out, ok := z.unescapeCommon(raw); ok {
		return out
	}
	if len(raw) <= chunkLen {
		return z.decode(raw)
	}
	var out []byte
	for len(raw) > 0 {
		n := len(raw)
		if n > chunkLen {
			if k := bytes.IndexByte(raw[chunkLen:], '&'); k >= 0 {
				n = chunkLen + k
			}
		}
		out = append(out, z.decode(raw[:n])...)
		raw = raw[n:]
	}
	return out
}

// decode is unescape for a piece of a value.
func (z *Tokenizer) decode(raw []byte) []byte {
	u := z.unesc
	if u == nil {
		u = new(unescaper)
		u.z = html.NewTokenizer(&u.feed)
		z.unesc = u
	}
	// The value is quoted by a quote it does not hold: it reads back as
	// it is. Only an unquoted value can hold both, and that reads back
	// unquoted, as it was read.
	open, end := `<a v="`, `">`
	if bytes.IndexByte(raw, '"') >= 0 {
		open, end = `<a v='`, `'>`
		if bytes.IndexByte(raw, '\'') >= 0 {
			open, end = `<a v=`, `>`
		}
	}
	u.feed.parts = [3][]byte{[]byte(open), raw, []byte(end)}
	u.z.Next()
	_, val, _ := u.z.TagAttr()
	if len(raw) > chunkLen {
		z.unesc = nil // its buffer is as big as the piece
	}
	return val
}

// unescapeCommon decodes raw in the arena when every '&' in it is one
// that upstream's unescapeEntity (attribute mode) reads without its
// tables: &amp; &lt; &gt; &quot; &apos; with their ';', a number with
// its ';' whose value is a plain code point, or a '&' that starts no
// reference (one followed by neither a letter, a digit nor "#" and a
// digit, or by a name with no ';' that an '=' follows, as in a query).
// A value holding NUL or '\r', or any other reference, is left to
// upstream (ok false): its bytes are upstream's by construction.
func (z *Tokenizer) unescapeCommon(raw []byte) (out []byte, ok bool) {
	if bytes.IndexByte(raw, 0) >= 0 || bytes.IndexByte(raw, '\r') >= 0 {
		return nil, false
	}
	start := len(z.arena)
	b := z.arena
	for {
		j := bytes.IndexByte(raw, '&')
		if j < 0 {
			b = append(b, raw...)
			break
		}
		b = append(b, raw[:j]...)
		var n int
		if b, n = appendCommonRef(b, raw[j:]); n == 0 {
			z.arena = b[:start]
			return nil, false
		}
		raw = raw[j+n:]
	}
	z.arena = b
	return b[start:len(b):len(b)], true
}

// appendCommonRef appends the decoding of the reference at the start of
// s (s[0] is '&') when it is one of unescapeCommon's, and returns how
// many bytes of s it took; 0 when it is not one of them.
func appendCommonRef(b, s []byte) ([]byte, int) {
	if len(s) < 2 {
		return append(b, '&'), 1
	}
	if s[1] == '#' {
		return appendNumericRef(b, s)
	}
	i := 1
	for i < len(s) && isAlnum(s[i]) {
		i++
	}
	switch {
	case i == 1:
		return append(b, '&'), 1 // no name: "& ", "&;", "&&"
	case i == len(s):
		return b, 0 // a name at the end: upstream's tables decide
	case s[i] == '=':
		return append(b, '&'), 1 // "&name=" in an attribute is no reference
	case s[i] != ';':
		return b, 0
	}
	var c byte
	switch string(s[1:i]) {
	case "amp":
		c = '&'
	case "lt":
		c = '<'
	case "gt":
		c = '>'
	case "quot":
		c = '"'
	case "apos":
		c = '\''
	default:
		return b, 0
	}
	return append(b, c), i + 1
}

// appendNumericRef is appendCommonRef for s starting with "&#": a
// decimal or hexadecimal number of a few digits and its ';', whose value
// is neither 0, nor in 0x80–0x9F (upstream reads those as windows-1252),
// nor a surrogate, nor past U+10FFFF, all of which upstream replaces.
func appendNumericRef(b, s []byte) ([]byte, int) {
	i, base, most := 2, rune(10), 7
	if i < len(s) && s[i]|0x20 == 'x' {
		i, base, most = 3, 16, 6
	}
	d0, x := i, rune(0)
	for ; i < len(s) && i-d0 <= most; i++ {
		d, ok := hex.Digit(s[i])
		if !ok || rune(d) >= base {
			break
		}
		x = x*base + rune(d)
	}
	switch {
	case i == d0:
		return append(b, '&'), 1 // "&#" or "&#x" and no digit: no reference
	case i-d0 > most || i == len(s) || s[i] != ';':
		return b, 0
	case x == 0 || 0x80 <= x && x <= 0x9f || 0xd800 <= x && x <= 0xdfff || x > utf8.MaxRune:
		return b, 0
	}
	return utf8.AppendRune(b, x), i + 1
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z'
}
