// Package prescan holds the cheap byte scans readers make before they
// parse HTML: whether a fragment may hold a link at all, and whether a
// document may hold a <base> (doc/spec.md H2). They are the readers'
// shortcuts, not a part of the library's API.
package prescan

import (
	"bytes"
	"io"

	"github.com/urix/urix/delimit"
)

// MayHaveBase reports whether "<base" followed by a tag delimiter occurs
// anywhere in the n bytes of r, in any case: a cheap, conservative byte
// scan (a "<base" in a comment or script also counts) that proves a
// document has no <base> element. A caller that knows this may stream the
// links with htmlbase.Options.Emit, since no base can come after them (H2). A read
// error ends the scan with false: the read of the document will meet it.
func MayHaveBase(r io.ReaderAt, n int64) bool {
	buf := make([]byte, 64<<10)
	const keep = len("<base ") - 1
	var off int64
	carry := 0
	for off < n {
		m, err := r.ReadAt(buf[carry:min(len(buf), carry+int(n-off))], off)
		off += int64(m)
		end := err != nil || off >= n
		chunk := buf[:carry+m]
		for i := 0; ; {
			k := bytes.IndexByte(chunk[i:], '<')
			if k < 0 {
				break
			}
			i += k + 1
			rest := chunk[i:]
			if len(rest) > 0 && rest[0]|0x20 != 'b' {
				continue // the common case, checked first
			}
			if len(rest) < keep && !end {
				break // decided with the next chunk
			}
			if len(rest) >= 4 && bytes.EqualFold(rest[:4], baseName) &&
				(len(rest) == 4 || isTagEnd(rest[4])) {
				return true
			}
		}
		if end {
			return false
		}
		carry = copy(buf, chunk[len(chunk)-min(keep, len(chunk)):])
	}
	return false
}

// isTagEnd reports whether c ends a tag name.
func isTagEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// MayHoldLink reports whether htmlbase.Read may find a link in the HTML
// frag: not without an attribute ('='), a scheme (':'), a character
// reference ('&', as "http&#58;//" or "&colon;") or a CSS @import ('@'),
// unless any word may be an abbreviated URL. Most raw HTML in Markdown
// ("</a>", "<br>") and most escaped HTML in feeds is skipped by it.
func MayHoldLink(frag []byte, o delimit.Options) bool {
	return o.Abbrev || bytes.ContainsAny(frag, "=:&@")
}

// baseName is the element name MayHaveBase looks for, in any case.
var baseName = []byte("base")
