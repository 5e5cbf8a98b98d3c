package office

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// maxDepth is how deep the elements of an OpenDocument part nest, as the
// XML reader allows.
const maxDepth = 1000

var errTooDeep = fmt.Errorf("odf: elements nested deeper than %d", maxDepth)

// odfInline are the elements of the text namespace that stand inside a
// paragraph's text: a URI goes on across them. Any other element (a note,
// a frame, a field, a paragraph inside those) ends the text before it.
var odfInline = map[string]bool{
	"span": true, "a": true, "s": true, "tab": true, "line-break": true, "soft-page-break": true,
	"bookmark": true, "bookmark-start": true, "bookmark-end": true,
	"reference-mark": true, "reference-mark-start": true, "reference-mark-end": true,
	"change": true, "change-start": true, "change-end": true, "meta": true,
}

// readODFPart reads one XML part of an OpenDocument package, or a flat
// document, streamed (SPEC A5):
//
//	xml-attr    every xlink:href (text:a, draw:image, draw:a, meta:template,
//	            ...), as the XML reader reports it, against the element's
//	            xml:base
//	(text kinds) the URIs of the text through package delimit, the text of
//	            a paragraph (text:p, text:h) joined across the inline
//	            elements in it (text:span, text:a, bookmarks, text:s as a
//	            space, text:tab, text:line-break), so that a URI LibreOffice
//	            split over spans of different styles comes out whole; text
//	            outside paragraphs (meta.xml) element by element.
//
// Names are matched by prefix as ODF writes them (xlink:, text:, xml:).
func readODFPart(c *reader.Content, s reader.Sink) error {
	sc := newScanner(c.R, tokenLimit(s))
	p := &para{c: c, s: s, base: c.Base}
	defer p.flush()
	bases := []string{c.Base}
	var own reader.Bases // the bytes of the open elements' own bases
	inPara := 0          // paragraphs open (a note's paragraph is inside another)
	for s.Err() == nil {
		switch sc.next() {
		case tokEOF:
			return sc.err
		case tokStart:
			name := sc.name
			base := bases[len(bases)-1]
			if bytes.Contains(sc.raw, []byte("xml:base")) {
				eachAttr(sc.raw, func(name []byte, vs, ve int) bool {
					if string(name) != "xml:base" {
						return true
					}
					v := resolve.EscapeInvalid(strings.TrimSpace(string(unescape(sc.raw[vs:ve]))))
					if b := reader.BaseOf(s, base, v); b != base && own.Take(s, "", b) { // XML Base, as the XML reader reads it
						base = b
					}
					return false
				})
			}
			if bytes.Contains(sc.raw, []byte("xlink:href")) {
				reportHrefs(c, s, sc, base)
			}
			if len(bases) > maxDepth {
				return errTooDeep
			}
			bases = append(bases, base)
			p.textBreak(sc, name, &inPara, true)
		case tokEnd:
			if k := len(bases) - 1; k > 0 {
				if bases[k] != bases[k-1] {
					own.Drop(bases[k]) // an own base: one Take took
				}
				bases = bases[:k]
			}
			p.textBreak(sc, sc.name, &inPara, false)
		case tokText:
			if base := bases[len(bases)-1]; base != p.base {
				p.flush()
				p.base = base
			}
			p.addText(sc)
		}
	}
	return s.Err()
}

// textBreak ends the text collected before an element starts or ends,
// unless the element is inline in a paragraph; the inline elements that
// stand for white space add it.
func (p *para) textBreak(sc *scanner, name []byte, inPara *int, start bool) {
	prefix, loc, _ := bytes.Cut(name, []byte(":"))
	text := string(prefix) == "text"
	if text && (string(loc) == "p" || string(loc) == "h") {
		p.flush()
		if start && !sc.selfEnd {
			*inPara++
		} else if !start && *inPara > 0 {
			*inPara--
		}
		return
	}
	if *inPara == 0 || !text || !odfInline[string(loc)] {
		p.flush()
		return
	}
	if !start {
		return
	}
	switch string(loc) {
	case "s":
		p.add([]byte(" "), here(sc))
	case "tab":
		p.add([]byte("\t"), here(sc))
	case "line-break":
		p.add([]byte("\n"), here(sc))
	}
}

// reportHrefs reports the xlink:href values of the current start tag.
func reportHrefs(c *reader.Content, s reader.Sink, sc *scanner, base string) {
	eachAttr(sc.raw, func(name []byte, vs, ve int) bool {
		if string(name) != "xlink:href" {
			return true
		}
		ref := strings.TrimSpace(string(unescape(sc.raw[vs:ve])))
		raw := sc.raw[vs:min(ve, vs+delimit.MaxHit+1)] // the pipeline cuts it (L4)
		start, end := sc.off+int64(vs), sc.off+int64(ve)
		sl, scol := sc.at(start)
		el, ecol := sc.at(end)
		sp := reader.Span{Line: sl, Col: scol, EndLine: el, EndCol: ecol, Start: start, End: end}
		h := new(reader.Hit) // links are few beside the text
		h.Set(c, "xml-attr", ref, string(raw), sp, 0)
		h.Element, h.Attr, h.Source = string(local(sc.name)), "xlink:href", resolve.FromMarkup
		h.SameDocument = ref == "" || ref[0] == '#'
		s.Report(h, base)
		return true
	})
}
