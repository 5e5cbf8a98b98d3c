package extract

import (
	"bytes"
	"io"

	"github.com/urix/urix/delimit"
)

// smallText is the size up to which a text is scanned from memory with
// delimit.Find rather than through a delimit.Scanner (which allocates a
// large buffer each time it is made): most MIME parts are small.
const smallText = 256 << 10

// readText finds the URIs of plain text with delimit (Appendix E).
func readText(j *job, c *content) error {
	r := c.r
	if c.pos != nil && !j.x.opts.LineBuffered { // a part of a container: most are small
		if j.tbuf == nil {
			j.tbuf = make([]byte, smallText)
		}
		n, err := io.ReadFull(r, j.tbuf)
		if err != nil {
			for _, h := range delimit.Find(j.tbuf[:n], j.x.opts.Delimit) {
				j.textHit(c, h, "")
			}
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil
			}
			return err
		}
		r = io.MultiReader(bytes.NewReader(j.tbuf[:n]), r)
	}
	sc := j.sc
	switch {
	case sc != nil:
		sc.Reset(r)
	default:
		if pooled, ok := j.x.scanners.Get().(*delimit.Scanner); ok {
			sc = pooled
			sc.Reset(r)
		} else {
			sc = delimit.NewScanner(r, j.x.opts.Delimit)
		}
		j.sc = sc
	}
	for sc.Scan() {
		j.textHit(c, sc.Hit(), "")
	}
	return sc.Err()
}

// textHit reports a delimit hit found in content c. kind overrides the
// delimiting kind (header, html-text) when not empty.
func (j *job) textHit(c *content, h delimit.Hit, kind string) {
	if kind == "" {
		kind = h.Kind.String()
	}
	j.report(j.newHit(c, kind, h.URI, h.Raw, textSpan(h), h.Flags), c.base)
}
