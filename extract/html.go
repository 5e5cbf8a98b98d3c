package extract

import (
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/resolve"
)

// streamHTMLAbove is the file size above which readHTML looks for "<base"
// first, to stream the links of a document that has none.
const streamHTMLAbove = 1 << 20

// readHTML reads an HTML document with htmlbase and reports its links,
// resolved against the document's own <base href> if it has one, else
// against the content's base (SPEC H2, B1). The document's charset is
// htmlbase's to find, after the one its container declares (H5).
//
// A <base> applies also to the links before it, so htmlbase collects the
// links of a document until its end; for a file larger than
// streamHTMLAbove in which htmlbase.MayHaveBase finds no "<base" at all,
// the links stream out instead, and memory stays bounded whatever their
// number.
func readHTML(j *job, c *content) error {
	opts := htmlbase.Options{Charset: c.declared, Delimit: j.x.opts.Delimit}
	if c.whole != nil && c.whole.Size() > streamHTMLAbove && !htmlbase.MayHaveBase(c.whole, c.whole.Size()) {
		opts.Emit = func(l htmlbase.Link) { j.htmlHit(c, l, c.base) }
		_, err := htmlbase.Read(c.r, opts)
		return err
	}
	doc, err := htmlbase.Read(c.r, opts)
	if doc == nil {
		return err
	}
	base := c.base
	if doc.HasBase && doc.Base != "" {
		if b, ok := j.documentBase(doc.Base, c.base); ok {
			base = b
		}
	}
	for _, l := range doc.Links {
		if j.stop != nil {
			break
		}
		j.htmlHit(c, l, base)
	}
	return err
}

// documentBase returns the absolute form of a <base href>: as written when
// absolute, resolved against the retrieval base when relative (H2). A
// relative href with no base to resolve it against is ignored, and so is
// one that does not parse.
func (j *job) documentBase(href, retrieval string) (string, bool) {
	href = resolve.EscapeInvalid(href) // as for every attribute value
	if resolve.Validate(resolve.ToASCII(href)) != nil {
		return "", false // unparsable: ignored (H2); IRIs are checked as URIs
	}
	abs, ok := resolve.Absolute(href, j.resolver(retrieval))
	if !ok || j.resolver(abs) == nil {
		return "", false
	}
	return abs, true
}

// htmlHit reports one link of an HTML document read from content c,
// against base.
func (j *job) htmlHit(c *content, l htmlbase.Link, base string) {
	kind := "html-attr"
	if l.Text {
		kind = "html-text"
	}
	// htmlbase gives the line and column of a link's start only; its end is
	// on the same line as far as the content's map is concerned.
	sp := span{line: l.Line, col: l.Col, endLine: l.Line, endCol: l.Col + int(l.End-l.Offset), start: l.Offset, end: l.End}
	h := j.newHit(c, kind, l.Ref, l.Raw, sp, l.Flags)
	h.Element, h.Attr, h.SameDocument, h.html = l.Element, l.Attr, l.SameDocument, true
	j.report(h, base)
}
