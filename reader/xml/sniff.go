package xml

import "bytes"

// without an XML declaration.
var xmlRoots = []string{"feed", "rss", "urlset", "sitemapindex", "opml", "svg", "rdf"}

// LooksLikeXML reports whether b starts, after white space, with an XML
// declaration, or with one of xmlRoots after comments, processing
// instructions and a document type declaration; an XHTML document (root
// html) is not XML here, nor a flat OpenDocument file (FlatODF), and
// neither is a document whose doctype is <!DOCTYPE html> (an HTML page
// may start with <svg>).
func LooksLikeXML(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	if bytes.HasPrefix(b, []byte("<?xml")) && len(b) > 5 && isTagEnd(b[5]) || bytes.HasPrefix(b, []byte("<?xml?")) {
		qname, _ := root(b)
		return string(localName(qname)) != "html" && !FlatODF(b)
	}
	qname, html := root(b)
	name := localName(qname)
	if html || name == nil {
		return false
	}
	for _, r := range xmlRoots {
		if string(name) == r {
			return true
		}
	}
	return false
}

// officeNS is the namespace of OpenDocument's office elements.
const officeNS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"

// FlatODF reports whether b, the head of a document, is a flat
// OpenDocument file (.fodt, .fods ...): its root element office:document,
// with the office namespace declared (ODF 1.2 part 1, 2.1.2 and 3.1.2).
// It is XML, but OpenDocument's to read: reader/office sniffs it by this,
// and LooksLikeXML is false for it.
func FlatODF(b []byte) bool {
	qname, _ := root(b)
	return string(qname) == "office:document" && bytes.Contains(b, []byte(officeNS))
}

// root returns the qualified name of the first element of b, after a prolog
// of comments, processing instructions and a doctype (nil when b holds
// none), and whether that doctype is an HTML one ("<!DOCTYPE html", any
// case, then white space or '>').
func root(b []byte) (name []byte, html bool) {
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		switch {
		case bytes.HasPrefix(b, []byte("<?")):
			k := bytes.Index(b, []byte("?>"))
			if k < 0 {
				return nil, html
			}
			b = b[k+2:]
		case bytes.HasPrefix(b, []byte("<!--")):
			k := bytes.Index(b, []byte("-->"))
			if k < 0 {
				return nil, html
			}
			b = b[k+3:]
		case bytes.HasPrefix(b, []byte("<!")):
			const d = "<!doctype html"
			if len(b) > len(d) && bytes.EqualFold(b[:len(d)], []byte(d)) && isTagEnd(b[len(d)]) && b[len(d)] != '/' {
				html = true
			}
			k := bytes.IndexByte(b, '>')
			if k < 0 {
				return nil, html
			}
			b = b[k+1:]
		case len(b) > 1 && b[0] == '<':
			end := 1
			for end < len(b) && !isTagEnd(b[end]) {
				end++
			}
			if end == len(b) {
				return nil, html
			}
			return b[1:end], html
		default:
			return nil, html
		}
	}
}

func isTagEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// xmlRoots are root elements (local names) that make a document XML even
