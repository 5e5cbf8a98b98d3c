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
	case bytes.HasPrefix(h, []byte("From ")):
		return Mbox
	case looksLikeHeader(h):
		return Email
	case strings.HasPrefix(http.DetectContentType(h), "text/html"):
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
