package xml

import "bytes"

// without an XML declaration.
var xmlRoots = []string{"feed", "rss", "urlset", "sitemapindex", "opml", "svg", "rdf"}

// LooksLikeXML reports whether b starts, after white space, with an XML
// declaration, or with one of xmlRoots after comments, processing
// instructions and a document type declaration; an XHTML document (root
// html) is not XML here.
func LooksLikeXML(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	if bytes.HasPrefix(b, []byte("<?xml")) && len(b) > 5 && isTagEnd(b[5]) || bytes.HasPrefix(b, []byte("<?xml?")) {
		return !rootIs(b, "html")
	}
	for _, r := range xmlRoots {
		if rootIs(b, r) {
			return true
		}
	}
	return false
}

// rootIs reports whether the first element of b (after a prolog of
// comments, processing instructions and a doctype) has local name name.
func rootIs(b []byte, name string) bool {
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		switch {
		case bytes.HasPrefix(b, []byte("<?")):
			k := bytes.Index(b, []byte("?>"))
			if k < 0 {
				return false
			}
			b = b[k+2:]
		case bytes.HasPrefix(b, []byte("<!--")):
			k := bytes.Index(b, []byte("-->"))
			if k < 0 {
				return false
			}
			b = b[k+3:]
		case bytes.HasPrefix(b, []byte("<!")):
			k := bytes.IndexByte(b, '>')
			if k < 0 {
				return false
			}
			b = b[k+1:]
		case len(b) > 1 && b[0] == '<':
			end := 1
			for end < len(b) && !isTagEnd(b[end]) {
				end++
			}
			if end == len(b) {
				return false
			}
			tag := b[1:end]
			if k := bytes.IndexByte(tag, ':'); k >= 0 {
				tag = tag[k+1:]
			}
			return string(tag) == name
		default:
			return false
		}
	}
}

func isTagEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// xmlRoots are root elements (local names) that make a document XML even
