package htmltoken

import (
	"bytes"

	"golang.org/x/net/html"
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
