package html

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/urix/urix/reader/xml"
)

// looksLikeHTML reports whether b is HTML as http.DetectContentType says,
// or starts with one of htmlTags. Both need '<' first after white space,
// which most inputs (every text file of a tree) fail at once: the
// signatures of DetectContentType cost some 7,600 instructions a file.
func looksLikeHTML(b []byte) bool {
	if t := bytes.TrimLeft(b, " \t\r\n\f"); len(t) == 0 || t[0] != '<' {
		return false
	}
	if xml.LooksLikeXML(b) {
		return false // <svg> standing alone is an SVG document
	}
	return strings.HasPrefix(http.DetectContentType(b), "text/html") || startsWithHTMLTag(b)
}

// htmlTags are elements that often start an HTML fragment which
// http.DetectContentType does not know (it knows <html>, <head>, <body>,
// <a>, <p>, <div>, <table>, <script>, <style>, <title>, <!DOCTYPE>, ...).
var htmlTags = []string{"base", "link", "meta", "img", "ul", "ol", "li", "span", "section", "article", "nav", "form", "svg"}

// startsWithHTMLTag reports whether b, after white space, starts with one
// of htmlTags followed by a tag delimiter, in any case.
func startsWithHTMLTag(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n\f")
	if len(b) < 2 || b[0] != '<' {
		return false
	}
	for _, t := range htmlTags {
		rest := b[1:]
		if len(rest) > len(t) && bytes.EqualFold(rest[:len(t)], []byte(t)) && isTagEnd(rest[len(t)]) {
			return true
		}
	}
	return false
}

func isTagEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// xmlRoots are root elements (local names) that make a document XML even
