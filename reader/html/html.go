// Package html reads HTML documents with package htmlbase (doc/spec.md
// §3, Appendix D): every link-bearing attribute and the URIs of the text,
// against the document's own <base href> (H2) or the base around it.
package html

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"

	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/htmlbase/charset"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/resolve"
)

// Name is the format's name, as --type gives it.
const Name = "html"

// Format is HTML's entry of the format table.
var Format = &reader.Format{
	Name:       Name,
	Extensions: []string{".html", ".htm", ".xhtml", ".shtml"},
	MediaTypes: []string{"text/html", "application/xhtml+xml"},
	Sniff:      looksLikeHTML,
	OwnCharset: true,
	Read:       Read,
}

// heads hold the first StreamAbove bytes of MIME parts (see Read).
var heads = sync.Pool{New: func() any { return new([]byte) }}

// StreamAbove is the file size above which Read looks for "<base"
// first, to stream the links of a document that has none; it is also how
// much of a MIME part readHTML holds to decide the same.
const StreamAbove = 1 << 20

// errLateBase is the warning for a <base> that came after links already
// streamed out.
var errLateBase = errors.New("<base> found after the first 1 MiB of a large HTML part: not applied, its links were already reported")

// Read reads an HTML document with htmlbase and reports its links,
// resolved against the document's own <base href> if it has one, else
// against the content's base (SPEC H2, B1). The document's charset is
// htmlbase's to find, after the one its container declares (H5).
//
// A <base> applies also to the links before it, so htmlbase collects the
// links of a document until its end; memory then grows with their number.
// Two kinds of content stream their links instead, so that memory stays
// bounded whatever their number:
//
//   - a file larger than StreamAbove in which htmlbase.MayHaveBase
//     finds no "<base" at all;
//   - a MIME part (which cannot be read twice) whose first StreamAbove
//     bytes hold no "<base": readHTML holds those bytes, and a part that
//     ends within them is read as a whole as before, <base> anywhere
//     applied; a longer one streams. A <base> past the first
//     StreamAbove bytes of such a part is then not applied (a warning
//     says so): it belongs in <head>, and holding the part or spooling it
//     to a file is what streaming avoids.
func Read(c *reader.Content, s reader.Sink) error {
	// The document's encoding, for the query of its links in WHATWG mode
	// (resolve.Options.QueryEncoding): htmlbase says it before the links
	// it streams, and readDoc takes the final one.
	enc := ""
	opts := htmlbase.Options{Charset: c.Declared, Delimit: s.Options().Delimit, OnEncoding: func(name string) { enc = name }}
	if c.Whole != nil && c.Whole.Size() > StreamAbove && !htmlbase.MayHaveBase(c.Whole, c.Whole.Size()) {
		opts.Emit = func(l htmlbase.Link) { report(s, c, l, c.Base, enc) }
		_, err := htmlbase.Read(c.R, opts)
		return err
	}
	r := c.R
	if c.Whole == nil && c.At.Part != "" {
		bp := heads.Get().(*[]byte)
		defer heads.Put(bp)
		var err error
		*bp, err = readUpTo(c.R, (*bp)[:0], StreamAbove+1)
		buf := *bp
		var head bytes.Reader
		head.Reset(buf)
		r = &head
		if err == nil && len(buf) > StreamAbove {
			r = io.MultiReader(&head, c.R)
			if !htmlbase.MayHaveBase(&head, int64(len(buf))) {
				opts.Emit = func(l htmlbase.Link) { report(s, c, l, c.Base, enc) }
				doc, err := htmlbase.Read(r, opts)
				if doc != nil && doc.HasBase {
					s.Warn(mail.Where{Message: c.At.Message, Part: c.At.Part}.String(), errLateBase)
				}
				return err
			}
		}
		if err != nil {
			// A damaged or over-long body: read what came, and return the
			// body's error for package mail to report.
			if _, rerr := readDoc(s, c, &head, opts); rerr != nil {
				return rerr
			}
			return err
		}
	}
	_, err := readDoc(s, c, r, opts)
	return err
}

// readDoc reads the document in r, collecting its links, and reports them
// against its <base> or the content's base.
func readDoc(s reader.Sink, c *reader.Content, r io.Reader, opts htmlbase.Options) (*htmlbase.Document, error) {
	doc, err := htmlbase.Read(r, opts)
	if doc == nil {
		return nil, err
	}
	base := c.Base
	if doc.HasBase && doc.Base != "" {
		if b, ok := documentBase(s, doc.Base, c.Base, doc.Encoding); ok {
			base = b
		}
	}
	for _, l := range doc.Links {
		if s.Err() != nil {
			break
		}
		report(s, c, l, base, doc.Encoding)
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
func documentBase(s reader.Sink, href, retrieval, enc string) (abs string, ok bool) {
	if o := s.Options().Resolve; o.Mode == resolve.WHATWG {
		var rv *resolve.Resolver
		if enc != "" && enc != "utf-8" {
			o.QueryEncoding, _, _ = charset.Lookup(enc)
			rv, _ = resolve.NewResolver(retrieval, o) // nil for "": no base
		} else {
			rv = s.Resolver(retrieval)
		}
		if abs, ok = resolve.Make(href, rv, o, resolve.FromHTML); !ok {
			return "", false
		}
	} else {
		href = resolve.EscapeInvalid(href) // as for every attribute value
		if resolve.Validate(resolve.ToASCII(href)) != nil {
			return "", false // unparsable: ignored (H2); IRIs are checked as URIs
		}
		abs, ok = resolve.Absolute(href, s.Resolver(retrieval))
	}
	if !ok || s.Resolver(abs) == nil {
		return "", false
	}
	// Browsers do not let a data: or javascript: base stand (HTML,
	// "frozen base URL"): the fallback base applies (H2).
	if s := resolve.Scheme(abs); strings.EqualFold(s, "data") || strings.EqualFold(s, "javascript") {
		return "", false
	}
	return abs, true
}

// report reports one link of an HTML document read from content c in
// the encoding enc, against base.
func report(s reader.Sink, c *reader.Content, l htmlbase.Link, base, enc string) {
	kind := "html-attr"
	if l.Text {
		kind = "html-text"
	}
	// htmlbase gives the line and column of a link's start only; its end is
	// on the same line as far as the content's map is concerned.
	sp := reader.Span{Line: l.Line, Col: l.Col, EndLine: l.Line, EndCol: l.Col + int(l.End-l.Offset), Start: l.Offset, End: l.End}
	h := reader.NewHit(c, kind, l.Ref, l.Raw, sp, l.Flags)
	h.Element, h.Attr, h.SameDocument, h.Source, h.Encoding = l.Element, l.Attr, l.SameDocument, resolve.FromHTML, enc
	s.Report(h, base)
}
