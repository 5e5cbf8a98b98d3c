package extract

import (
	"errors"
	"io"
	"strings"

	"github.com/urix/urix/extract/mail"
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/resolve"
)

// streamHTMLAbove is the file size above which readHTML looks for "<base"
// first, to stream the links of a document that has none; it is also how
// much of a MIME part readHTML holds to decide the same.
const streamHTMLAbove = 1 << 20

// errLateBase is the warning for a <base> that came after links already
// streamed out.
var errLateBase = errors.New("<base> found after the first 1 MiB of a large HTML part: not applied, its links were already reported")

// readHTML reads an HTML document with htmlbase and reports its links,
// resolved against the document's own <base href> if it has one, else
// against the content's base (SPEC H2, B1). The document's charset is
// htmlbase's to find, after the one its container declares (H5).
//
// A <base> applies also to the links before it, so htmlbase collects the
// links of a document until its end; memory then grows with their number.
// Two kinds of content stream their links instead, so that memory stays
// bounded whatever their number:
//
//   - a file larger than streamHTMLAbove in which htmlbase.MayHaveBase
//     finds no "<base" at all;
//   - a MIME part (which cannot be read twice) whose first streamHTMLAbove
//     bytes hold no "<base": readHTML holds those bytes, and a part that
//     ends within them is read as a whole as before, <base> anywhere
//     applied; a longer one streams. A <base> past the first
//     streamHTMLAbove bytes of such a part is then not applied (a warning
//     says so): it belongs in <head>, and holding the part or spooling it
//     to a file is what streaming avoids.
func readHTML(j *job, c *content) error {
	// The document's encoding, for the query of its links in WHATWG mode
	// (resolve.Options.QueryEncoding): htmlbase says it before the links
	// it streams, and readDoc takes the final one.
	enc := ""
	opts := htmlbase.Options{Charset: c.declared, Delimit: j.x.opts.Delimit, OnEncoding: func(name string) { enc = name }}
	if c.whole != nil && c.whole.Size() > streamHTMLAbove && !htmlbase.MayHaveBase(c.whole, c.whole.Size()) {
		opts.Emit = func(l htmlbase.Link) { j.htmlHit(c, l, c.base, enc) }
		_, err := htmlbase.Read(c.r, opts)
		return err
	}
	r := c.r
	if c.whole == nil && c.part != "" {
		var err error
		j.hbuf, err = readUpTo(c.r, j.hbuf[:0], streamHTMLAbove+1)
		head := &j.hrd
		head.Reset(j.hbuf)
		r = head
		if err == nil && len(j.hbuf) > streamHTMLAbove {
			r = io.MultiReader(head, c.r)
			if !htmlbase.MayHaveBase(head, int64(len(j.hbuf))) {
				opts.Emit = func(l htmlbase.Link) { j.htmlHit(c, l, c.base, enc) }
				doc, err := htmlbase.Read(r, opts)
				if doc != nil && doc.HasBase {
					j.warn(mail.Where{Message: c.message, Part: c.part}.String(), errLateBase)
				}
				return err
			}
		}
		if err != nil {
			// A damaged or over-long body: read what came, and return the
			// body's error for package mail to report.
			if _, rerr := readDoc(j, c, head, opts); rerr != nil {
				return rerr
			}
			return err
		}
	}
	_, err := readDoc(j, c, r, opts)
	return err
}

// readDoc reads the document in r, collecting its links, and reports them
// against its <base> or the content's base.
func readDoc(j *job, c *content, r io.Reader, opts htmlbase.Options) (*htmlbase.Document, error) {
	doc, err := htmlbase.Read(r, opts)
	if doc == nil {
		return nil, err
	}
	base := c.base
	if doc.HasBase && doc.Base != "" {
		if b, ok := j.documentBase(doc.Base, c.base, doc.Encoding); ok {
			base = b
		}
	}
	for _, l := range doc.Links {
		if j.stop != nil {
			break
		}
		j.htmlHit(c, l, base, doc.Encoding)
	}
	return doc, err
}

// readUpTo appends to buf what r gives, until buf holds n bytes or r ends;
// the error is r's, nil at its end.
func readUpTo(r io.Reader, buf []byte, n int) ([]byte, error) {
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		m, err := r.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// documentBase returns the absolute form of a <base href>: resolved (Absolute) when
// absolute, resolved against the retrieval base when relative (H2). A
// relative href with no base to resolve it against is ignored, and so is
// one that does not parse and a data: or javascript: one. In WHATWG mode
// the URL parser reads it, as a browser's does, in the document's
// encoding enc.
func (j *job) documentBase(href, retrieval, enc string) (abs string, ok bool) {
	if j.x.opts.Resolve.Mode == resolve.WHATWG {
		if abs, ok = j.whatwg(href, retrieval, enc); !ok {
			return "", false
		}
	} else {
		href = resolve.EscapeInvalid(href) // as for every attribute value
		if resolve.Validate(resolve.ToASCII(href)) != nil {
			return "", false // unparsable: ignored (H2); IRIs are checked as URIs
		}
		abs, ok = resolve.Absolute(href, j.resolver(retrieval))
	}
	if !ok || j.resolver(abs) == nil {
		return "", false
	}
	// Browsers do not let a data: or javascript: base stand (HTML,
	// "frozen base URL"): the fallback base applies (H2).
	if s := resolve.Scheme(abs); strings.EqualFold(s, "data") || strings.EqualFold(s, "javascript") {
		return "", false
	}
	return abs, true
}

// htmlHit reports one link of an HTML document read from content c in
// the encoding enc, against base.
func (j *job) htmlHit(c *content, l htmlbase.Link, base, enc string) {
	kind := "html-attr"
	if l.Text {
		kind = "html-text"
	}
	// htmlbase gives the line and column of a link's start only; its end is
	// on the same line as far as the content's map is concerned.
	sp := span{line: l.Line, col: l.Col, endLine: l.Line, endCol: l.Col + int(l.End-l.Offset), start: l.Offset, end: l.End}
	h := j.newHit(c, kind, l.Ref, l.Raw, sp, l.Flags)
	h.Element, h.Attr, h.SameDocument, h.html, h.enc = l.Element, l.Attr, l.SameDocument, true, enc
	j.report(h, base)
}
