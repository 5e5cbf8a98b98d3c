package mdscan

// The byte classes of the inline scan.

// special are the bytes the inline scan stops at ('@' for Linkify's
// e-mail autolinks); triggerAfter those after which Linkify may start an
// autolink, and linkStart the bytes such an autolink (www., http://,
// https://, ftp://) starts with. byteClass holds the three, for plainEnd.
var (
	special, triggerAfter [256]bool
	byteClass             [256]uint8
)

const (
	classSpecial = 1 << iota
	classTrigger
	classLinkStart
)

func init() {
	for _, c := range []byte("\\\n`<![]@") {
		special[c] = true
		byteClass[c] |= classSpecial
	}
	for _, c := range []byte("\n *_~(") {
		triggerAfter[c] = true
		byteClass[c] |= classTrigger
	}
	for _, c := range []byte("hfw") {
		byteClass[c] |= classLinkStart
	}
}

// destStop are the bytes destEnd looks at: '\\', the parentheses and
// goldmark's white space (isSpace).
var destStop = func() (t [256]bool) {
	for _, c := range []byte("\\() \t\n\r") {
		t[c] = true
	}
	return t
}()

// mayLink reports whether Linkify's autolink (not an e-mail address)
// may start at b[i]: "www.", "http:", "https:" and "ftp:" start with
// "ww", "ht" or "ft" (linkNext); elsewhere linkify fails at once.
func mayLink(b []byte, i int) bool {
	return i+1 < len(b) && linkNext[b[i]] != 0 && b[i+1] == linkNext[b[i]]
}

// linkNext is the second byte of an autolink that starts with the
// index: 't' after 'h' and 'f', 'w' after 'w'.
var linkNext = [256]byte{'h': 't', 'f': 't', 'w': 'w'}

// plainEnd returns the first offset from j on where the inline scan must
// look again: a special byte, or, with linkify, a byte an autolink may
// start with ('h', 'f', 'w') after one after which it may start. b[j-1]
// is plain text.
func plainEnd(b []byte, j int, linkify bool) int {
	if !linkify {
		for j < len(b) && byteClass[b[j]]&classSpecial == 0 {
			j++
		}
		return j
	}
	for j < len(b) {
		c := byteClass[b[j]]
		if c&(classSpecial|classLinkStart) == 0 {
			j++ // most bytes: no byte before them needs a look
			continue
		}
		if c&classSpecial != 0 || byteClass[b[j-1]]&classTrigger != 0 {
			break
		}
		j++
	}
	return j
}

// trigger reports whether a GFM extended autolink may start at buf[i],
// where goldmark's Linkify tries one: at the start of a line, after a
// space, after an unescaped '*', '_', '~' or '(', and after any other
// inline construct.
func (in *inline) trigger(i int) bool {
	if i == 0 || i == in.lastEnd {
		return true
	}
	switch in.buf[i-1] {
	case '\n', ' ':
		return true
	case '*', '_', '~', '(':
		return in.escaped != i-1
	}
	return false
}
