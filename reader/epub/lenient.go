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
