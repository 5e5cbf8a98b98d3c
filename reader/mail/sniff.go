package mail

import (
	"bytes"
	"strings"
)

// mailFields are header names of which at least one must appear before a
// header block is taken for an e-mail message.
var mailFields = []string{"from", "to", "subject", "date", "message-id", "mime-version",
	"received", "return-path", "delivered-to", "content-type", "newsgroups", "x-mailer"}

// looksLikeHeader reports whether b starts with an RFC 5322 header block:
// at least two fields, one of them a mail field, each line a field or a
// continuation, up to the first empty line, the end of b, or a line that is
// neither (some real messages lack the empty line before the body). Blank
// or white-space-only lines before it are skipped, as the mail reader skips
// them (SPEC M1).
func looksLikeHeader(b []byte) bool {
	for {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 || len(bytes.Trim(b[:nl], " \t\r")) > 0 {
			break
		}
		b = b[nl+1:]
	}
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
