// Package xml reads XML documents: feeds, sitemaps, OPML, SVG
// (doc/spec.md XM1-XM5).
package xml

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/urix/urix/internal/prescan"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// Name is the format's name, as --read-as and -t give it.
const Name = "xml"

// Format is XML's entry of the format table.
var Format = &reader.Format{
	Name:       Name,
	Extensions: []string{".xml", ".atom", ".rss", ".opml", ".svg", ".sitemap"},
	MediaTypes: []string{"text/xml", "application/xml", "image/svg+xml", "application/*+xml"},
	Sniff:      LooksLikeXML,
	Read:       Read,
}

// XML (SPEC XM1, XM4) is read as a stream of tokens (scan.go): no DTD
// is processed and no entity but the five predefined ones is expanded, so
// neither external entities nor entity expansion bombs apply. Every
// element's base is its xml:base resolved against its parent's (XML Base,
// RFC 3986 §5.1.1), the content's base at the root. What is reported:
//
//	xml-attr  link@href (Atom, XHTML, xhtml:link in sitemaps), content@src,
//	          content@url and thumbnail@url (Media RSS), enclosure@url,
//	          source@url, outline@xmlUrl, @htmlUrl and @url (OPML), SVG
//	          a, image and use @href, img@src, any xlink:href (JATS,
//	          DocBook 5), TEI ref and ptr @target (each URI of a list),
//	          DocBook ulink@url, and RSS 1.0's rdf:about of channel,
//	          item, image and textinput and rdf:resource of image,
//	          textinput and items' rdf:li
//	xml-text  the text of icon, logo, uri, loc (sitemaps, image:loc), RSS
//	          link, comments, docs and url, guid unless isPermaLink="false",
//	          and id when it is an absolute URI (Atom)
//
// Elements are matched by local name, whatever their namespace. The text
// of a TEI, JATS or DocBook link element whose attribute gives its link
// is its label, not read (links.go). The text
// of Atom content, summary, title, subtitle and rights with type="html",
// of RSS description and of content:encoded is HTML, read by htmlbase with
// the element's base (its own <base> is ignored); other text goes through
// delimit. Namespace declarations and xml:base values are not hits.
//
// Positions are those of the attribute value or of the text as written
// (inside a CDATA section, across character references), in bytes of the
// input also in a document declared in another encoding than UTF-8,
// which is converted to UTF-8 as it is read (charset.go); the raw text of
// its hits is UTF-8.
//
// A document nested deeper than MaxDepth or with more than
// MaxElements elements fails with ErrTooDeep or
// ErrTooManyElements; a malformed one is read up to the error, which is
// returned. Memory is bounded by the largest single token, which the
// tokenizer holds whole.

const (
	MaxDepth = 1000
	// MaxToken caps a start tag (checked a read chunk at a time), as
	// htmlbase caps any token: memory is bounded by the largest token
	// held. reader.Options.MaxToken, when set, is the cap instead.
	MaxToken    = 16 << 20
	MaxElements = 1 << 24
)

var (
	// ErrTooDeep reports an XML document nested deeper than 1000 elements.
	ErrTooDeep = fmt.Errorf("xml: elements nested deeper than %d", MaxDepth)
	// ErrTooManyElements reports an XML document with more than 2^24 elements.
	ErrTooManyElements = fmt.Errorf("xml: more than %d elements", MaxElements)
)

const (
	nsXML   = "http://www.w3.org/XML/1998/namespace"
	nsXLink = "http://www.w3.org/1999/xlink"
	nsRDF   = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
)

// xmlElem is an open element.
type xmlElem struct {
	name    string // local name
	base    string
	ownBase bool // base is the element's own (xml:base), counted in bases
	// what its text is: 0 prose (delimit), 'l' a link, 'h' HTML, 's'
	// skipped, 'x' a link's label (isLinkLabel: skipped, and so is the
	// text of the elements in it)
	text byte
	// the collected text of a link or HTML element, and where its first
	// text token lies
	buf   []byte
	first textMap
	// html reads a long HTML text as it comes (htmlstream.go); buf then
	// holds the piece to pass on
	html *htmlStream
}

type xmlReader struct {
	s      reader.Sink
	c      *reader.Content
	src    *xmlSource
	stack  []xmlElem
	bases  reader.Bases // of the open elements' own bases
	count  int
	held   int // open elements that collect their text
	attrAt []attrPos
	// buffers of ended elements' text, for the next ones
	spare [][]byte
	// the tokenizer's (xmlscan.go)
	ns          []xmlNSDecl
	names       map[string]string
	recent      [32]string // of names, by a hash of their bytes
	text        []byte
	attrScanned bool       // attrAt holds the attributes of the start tag being read
	inCDATA     bool       // the last token was a piece of a CDATA section, not its end (pieces.go)
	maxTok      int64      // maxToken, read once
	hit         reader.Hit // the hit being reported (Hit.Set)
}

// Read reads an XML document and reports its links.
//
// A document declared in an encoding other than UTF-8 is converted to
// UTF-8 as it is read (transcoder), and its hits still point at their
// bytes in the input. An encoding golang.org/x/text does not know is a
// warning naming it, and the document is read as UTF-8, or as windows-1252
// (Latin-1) when its first 64 KiB are not UTF-8 (SPEC XM5). A document
// that is a part of a container (c.Pos) or was converted by its byte
// order mark (c.Decoded) is UTF-8 already.
func Read(c *reader.Content, s reader.Sink) error {
	br, ok := c.R.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(c.R, 64<<10)
	}
	src := &xmlSource{r: br, line: 1, col: 1, baseLine: 1, baseCol: 1}
	x := &xmlReader{s: s, c: c, src: src, names: map[string]string{}}
	if c.Pos == nil && !c.Decoded {
		head, _ := br.Peek(1024)
		if declaredEncoding(head) != "" {
			head, _ = br.Peek(64 << 10)
			enc, warn := DocumentEncoding(head)
			if warn != nil {
				s.Warn(c.At.String(), warn)
			}
			if enc != nil {
				src.conv = newTranscoder(br, enc)
				src.r = bufio.NewReaderSize(src.conv, 64<<10)
			}
		}
	}
	defer x.endStreams()
	return x.runFast()
}

// holding reports whether an open element collects its text, whose
// input bytes are then kept until it ends, to find positions in them.
func (x *xmlReader) holding() bool { return x.held > 0 }

// base returns the base in effect for the current element.
func (x *xmlReader) base() string {
	if len(x.stack) == 0 {
		return x.c.Base
	}
	return x.stack[len(x.stack)-1].base
}

func (x *xmlReader) startElement(t xml.StartElement, start, end int64) {
	e := xmlElem{name: t.Name.Local, base: x.base()}
	var typ, permaLink string
	hasHref := false
	for _, a := range t.Attr {
		switch {
		case a.Name.Space == nsXML && a.Name.Local == "base":
			x.setBase(&e, strings.TrimSpace(a.Value))
		case a.Name.Space == "" && a.Name.Local == "type":
			typ = strings.ToLower(strings.TrimSpace(a.Value))
		case a.Name.Space == "" && a.Name.Local == "isPermaLink":
			permaLink = strings.TrimSpace(a.Value)
		case a.Name.Local == "href":
			hasHref = true
		}
	}
	switch e.name {
	case "content", "summary", "title", "subtitle", "rights":
		if typ == "html" || typ == "text/html" {
			e.text = 'h'
		}
	case "description", "encoded":
		e.text = 'h'
	case "guid":
		e.text = 'l'
		if permaLink == "false" {
			e.text = 's' // an identifier, not a link
		}
	case "link":
		if !hasHref {
			e.text = 'l'
		}
	default:
		if isTextLink(e.name) {
			e.text = 'l'
		}
	}
	if n := len(x.stack); n > 0 && x.stack[n-1].text == 'x' {
		e.text = 'x' // inside a link's label
	}
	x.attrLinks(&e, t, start, end)
	x.stack = append(x.stack, e)
}

// setBase sets the base of e, a new element, by its xml:base v (XML
// Base, reader.BaseOf), within reader.MaxBases of the open elements' own
// bases. A second xml:base of one element (not well-formed XML) is not
// read.
func (x *xmlReader) setBase(e *xmlElem, v string) {
	if e.ownBase {
		return
	}
	if b := reader.BaseOf(x.s, e.base, resolve.EscapeInvalid(v)); b != e.base && x.bases.Take(x.s, x.c.At.String(), b) {
		e.base, e.ownBase = b, true
	}
}

func (x *xmlReader) charData(t xml.CharData, start, end int64) {
	if len(x.stack) > 0 {
		if e := &x.stack[len(x.stack)-1]; e.text == 's' || e.text == 'x' {
			return
		} else if e.text != 0 {
			switch {
			case e.html != nil:
				x.streamText(e, t)
			case e.buf == nil && len(bytes.TrimSpace(t)) > 0:
				// mapped when it gives a hit (mapFirst): most HTML does not
				e.first = textMap{start: start, end: end, dec: len(t), lazy: true}
				e.buf = append(x.spareBuf(), t...)
				x.held++
			case e.buf != nil:
				e.buf = append(e.buf, t...)
			}
			if e.text == 'h' && e.html == nil && len(e.buf) >= streamFrom {
				x.startStream(e)
			}
			return
		}
	}
	if bytes.IndexByte(t, ':') < 0 && !x.s.Options().Delimit.Abbrev {
		return
	}
	// A hit at a time (delimit.All): a text of URIs holds no list of
	// them all (a 4 MB one held 72 MiB so).
	var m textMap
	mapped := false
	for dh := range delimit.All(t, x.s.Options().Delimit) {
		if !mapped {
			m, mapped = x.textMap(t, start, end), true
		}
		s, sok := m.at(int(dh.Start))
		e, eok := m.at(int(dh.End))
		raw := dh.Raw
		if sok && eok {
			raw = string(x.src.bytes(s, e))
		} else {
			s, e = m.start, m.start // the start of its text token
		}
		x.hit.Set(x.c, dh.Kind.String(), dh.URI, raw, x.src.span(s, e), dh.Flags)
		x.s.Report(&x.hit, x.base())
	}
}

func (x *xmlReader) endElement(e *xmlElem) {
	if e.html != nil {
		x.endStream(e)
		return
	}
	if e.buf == nil {
		return
	}
	defer func() { x.spare = append(x.spare, e.buf[:0]) }()
	x.held--
	switch e.text {
	case 'l':
		x.mapFirst(e)
		lead := len(e.buf) - len(bytes.TrimLeft(e.buf, " \t\r\n"))
		ref := string(bytes.TrimSpace(e.buf))
		if e.name == "id" && resolve.Scheme(ref) == "" {
			return // an Atom id is a link only when it is an absolute URI
		}
		s, sok := e.first.at(lead)
		en, eok := e.first.at(lead + len(ref))
		raw := ref
		if sok && eok && lead+len(ref) <= e.first.dec {
			if b := x.src.bytes(s, en); string(b) != ref {
				raw = string(b)
			}
		} else {
			s, en = e.first.start, e.first.start
		}
		h := &x.hit
		h.Set(x.c, "xml-text", ref, raw, x.src.span(s, en), 0)
		h.Element, h.Source = e.name, resolve.FromMarkup
		h.SameDocument = ref == "" || ref[0] == '#'
		x.s.Report(h, e.base)
	case 'h':
		if !prescan.MayHoldLink(e.buf, x.s.Options().Delimit) {
			return
		}
		opts := x.htmlOptions(func(l htmlbase.Link) {
			x.mapFirst(e)
			s, sok := e.first.at(int(l.Offset))
			en, eok := e.first.at(int(l.End))
			raw := l.Raw
			if !sok || !eok || int(l.End) > e.first.dec {
				s, en = e.first.start, e.first.start
			} else if l.Text {
				raw = string(x.src.bytes(s, min(en, s+delimit.MaxHit+1))) // the pipeline cuts it (L4)
			}
			x.reportHTML(l, x.src.span(s, en), raw, e.base)
		})
		if _, err := htmlbase.Read(bytes.NewReader(e.buf), opts); err != nil {
			x.htmlFailed(e.name, x.src.lineOf(e.first.start), err)
		}
	}
}

// mapFirst maps the first text token of e onto the input, once: its
// bytes are still kept, as e held them.
func (x *xmlReader) mapFirst(e *xmlElem) {
	if e.first.lazy {
		e.first = x.textMap(e.buf[:e.first.dec], e.first.start, e.first.end)
	}
}

// spareBuf returns an empty buffer for an element's text.
func (x *xmlReader) spareBuf() []byte {
	if n := len(x.spare); n > 0 {
		b := x.spare[n-1]
		x.spare = x.spare[:n-1]
		return b
	}
	return make([]byte, 0, 64)
}

// textMap maps the decoded text t of a token at [start,end) onto the input.
func (x *xmlReader) textMap(t []byte, start, end int64) textMap {
	m := textMap{start: start, end: end, dec: len(t)}
	raw := x.src.bytes(start, end)
	off := 0
	if bytes.HasPrefix(raw, []byte("<![CDATA[")) {
		off = len("<![CDATA[")
		raw = bytes.TrimSuffix(raw[off:], []byte("]]>"))
	}
	if bytes.Equal(raw, t) { // the common case
		m.ident, m.off = true, off
		return m
	}
	m.raw = mapDecoded(raw, t, off)
	return m
}

// maxToken is the longest start tag held: the run's share (SPEC L6), or
// MaxToken.
func (x *xmlReader) maxToken() int {
	if n := x.s.Options().MaxToken; n > 0 {
		return n
	}
	return MaxToken
}
