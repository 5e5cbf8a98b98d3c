package epub

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// xmlFault is the first XML error a lenient read of a package document
// or container.xml passed over, and whether any fell inside markup (where
// a manifest item, or a rootfile, may have been lost).
type xmlFault struct {
	err      error
	line     int
	inMarkup bool
}

// startTags calls f for every start tag of doc, read leniently: encoding/xml
// (not strict) stops for good at its first error (an illegal character
// reference such as &#1; in a dc:title once lost the whole manifest), so
// at an error the read starts again at the next '<' after it. Only a tag
// the error falls in is lost. Every restart moves on by at least a byte,
// so the time stays linear in doc.
func startTags(doc []byte, f func(xml.StartElement)) *xmlFault {
	doc = capAttrs(doc)
	var fault *xmlFault
	for off := 0; off < len(doc); {
		d := xml.NewDecoder(bytes.NewReader(doc[off:]))
		d.Strict = false
		for {
			good := off + int(d.InputOffset())
			tok, err := d.RawToken()
			if err == io.EOF {
				return fault
			}
			if err != nil {
				at := max(off+int(d.InputOffset()), good+1, off+1)
				if fault == nil {
					if se, ok := err.(*xml.SyntaxError); ok {
						err = errors.New(se.Msg) // its line counts from the restart
					}
					fault = &xmlFault{err: err, line: bytes.Count(doc[:min(good, len(doc))], []byte("\n")) + 1}
				}
				fault.inMarkup = fault.inMarkup || inMarkup(doc, good, at)
				next := bytes.IndexByte(doc[min(at, len(doc)):], '<')
				if next < 0 {
					return fault
				}
				off = at + next
				break
			}
			if se, ok := tok.(xml.StartElement); ok {
				f(se)
			}
		}
	}
	return fault
}

// inMarkup reports whether the bytes doc[from:to], which an error made a
// lenient read skip, hold part of a tag: a '<' not followed by the text
// of an element.
func inMarkup(doc []byte, from, to int) bool {
	return bytes.IndexByte(doc[min(from, len(doc)):min(to, len(doc))], '<') >= 0
}

// Error says what was passed over.
func (f *xmlFault) Error() string {
	return fmt.Sprintf("line %d: %v", f.line, f.err)
}

// maxAttrs is how many attributes of one tag encoding/xml is given:
// RawToken builds the list of every start tag's attributes, about 50
// bytes each, so a tag of a million (5 MB of ` a=""`) cost hundreds of
// megabytes. A manifest item has six at most.
const maxAttrs = 1000

// capAttrs returns doc with the attributes of a tag past maxAttrs blanked
// out, as htmlbase's guard does for HTML: their bytes become spaces (line
// ends are kept), so every offset and line stays what it is, and the tag
// keeps its "/>". doc itself is left alone: a copy is made at the first
// such tag. Comments, CDATA sections and processing instructions are
// passed over; a '>' in a quoted value does not end a tag.
func capAttrs(doc []byte) []byte {
	out := doc
	for i := 0; i < len(doc); {
		j := bytes.IndexByte(doc[i:], '<')
		if j < 0 {
			break
		}
		i += j
		rest := doc[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			i = past(doc, i+4, "-->")
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			i = past(doc, i+9, "]]>")
		case bytes.HasPrefix(rest, []byte("<?")):
			i = past(doc, i+2, "?>")
		default:
			var cut int
			if i, cut = tagEnd(doc, i+1); cut >= 0 {
				if &out[0] == &doc[0] {
					out = bytes.Clone(doc)
				}
				blank(out[cut:i])
			}
		}
	}
	return out
}

// past returns the index after the first sep in doc from i, len(doc)
// when there is none.
func past(doc []byte, i int, sep string) int {
	if k := bytes.Index(doc[min(i, len(doc)):], []byte(sep)); k >= 0 {
		return i + k + len(sep)
	}
	return len(doc)
}

// tagEnd reads the tag whose name starts at doc[i] and returns the index
// after its '>' (len(doc) when it has none), and where its attributes
// past maxAttrs start (-1 when it has no more). An attribute is a run of
// white space outside quoted values; a quote opens a value only after
// '='.
func tagEnd(doc []byte, i int) (end, cut int) {
	var quote byte
	cut, attrs := -1, 0
	lastEq, space := false, false
	for ; i < len(doc); i++ {
		c := doc[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '>':
			return i + 1, cut
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if !space {
				space = true
				if attrs++; attrs > maxAttrs && cut < 0 {
					cut = i
				}
			}
		case c == '"' || c == '\'':
			if lastEq {
				quote = c
			}
			lastEq, space = false, false
		default:
			lastEq, space = c == '=', false
		}
	}
	return len(doc), cut
}

// blank turns the bytes of b into spaces, line ends kept, and a "/>" or
// ">" that ends it.
func blank(b []byte) {
	n := len(b)
	if n > 0 && b[n-1] == '>' {
		n--
		if n > 0 && b[n-1] == '/' {
			n--
		}
	}
	for i, c := range b[:n] {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}
