package extract

import (
	"bytes"
	"net/http"
	"path/filepath"
	"strings"
)

// Sniff decides the kind of an input from its first bytes, then from the
// extension of its name (SPEC §7 --type auto).
func Sniff(head []byte, name string) Type {
	h := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	switch {
	case looksLikeMbox(h):
		return Mbox
	case looksLikeHeader(h):
		return Email
	case strings.HasPrefix(http.DetectContentType(h), "text/html"), startsWithHTMLTag(h):
		return HTML
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".shtml":
		return HTML
	case ".eml", ".msg":
		return Email
	case ".mbox", ".mbx":
		return Mbox
	}
	return Text
}

// mailFields are header names of which at least one must appear before a
// header block is taken for an e-mail message.
var mailFields = []string{"from", "to", "subject", "date", "message-id", "mime-version",
	"received", "return-path", "delivered-to", "content-type", "newsgroups", "x-mailer"}

// looksLikeHeader reports whether b starts with an RFC 5322 header block:
// at least two fields, one of them a mail field, each line a field or a
// continuation, up to the first empty line, the end of b, or a line that is
// neither (some real messages lack the empty line before the body).
func looksLikeHeader(b []byte) bool {
	fields, mail := 0, false
	for len(b) > 0 {
		line := b
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			if fields > 0 {
				break // the sniff window ended inside the header block
			}
			line, b = b, nil
		} else {
			line, b = b[:nl], b[nl+1:]
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			if fields == 0 {
				return false
			}
			continue
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 || !isFieldName(line[:colon]) {
			// Not a field: a header block that lacks the empty line
			// before its body still counts once it has shown itself.
			return fields >= 2 && mail
		}
		fields++
		name := strings.ToLower(string(line[:colon]))
		for _, m := range mailFields {
			if name == m {
				mail = true
			}
		}
	}
	return fields >= 2 && mail
}

// isFieldName reports whether b is an RFC 5322 field name: printable
// US-ASCII except ':' and space.
func isFieldName(b []byte) bool {
	for _, c := range b {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// looksLikeMbox reports whether b starts with an mbox "From " separator
// line followed by a message header, so that prose starting with "From
// what I know" stays text.
func looksLikeMbox(b []byte) bool {
	if !bytes.HasPrefix(b, []byte("From ")) {
		return false
	}
	nl := bytes.IndexByte(b, '\n')
	return nl > 0 && looksLikeHeader(b[nl+1:])
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
