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

// feed is the unescaper's input: the tag being decoded, never empty
// when the tokenizer reads.
type feed struct{ b []byte }

func (f *feed) Read(p []byte) (int, error) {
	n := copy(p, f.b)
	f.b = f.b[n:]
	return n, nil
}

// unescape returns raw, an attribute value's bytes as they are in the
// input, as upstream's TagAttr returns it: NUL replaced, newlines
// normalized and character references decoded, in the arena.
func (z *Tokenizer) unescape(raw []byte) []byte {
	u := z.unesc
	if u == nil {
		u = new(unescaper)
		u.z = html.NewTokenizer(&u.feed)
		z.unesc = u
	}
	// The value is quoted by a quote it does not hold: it reads back as
	// it is. Only an unquoted value can hold both, and that reads back
	// unquoted, as it was read.
	start := len(z.arena)
	z.arena = append(z.arena, "<a v="...)
	q := byte('"')
	if bytes.IndexByte(raw, q) >= 0 {
		q = '\''
		if bytes.IndexByte(raw, q) >= 0 {
			q = 0
		}
	}
	if q != 0 {
		z.arena = append(z.arena, q)
	}
	z.arena = append(z.arena, raw...)
	if q != 0 {
		z.arena = append(z.arena, q)
	}
	z.arena = append(z.arena, '>')
	u.feed.b = z.arena[start:]
	u.z.Next()
	_, val, _ := u.z.TagAttr()
	z.arena = append(z.arena[:start], val...)
	return z.arena[start:len(z.arena):len(z.arena)]
}
