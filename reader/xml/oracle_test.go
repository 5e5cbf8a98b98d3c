package xml

import (
	"encoding/xml"
	"errors"
	"io"
)

// The encoding/xml path that the tokenizer of scan.go replaced, kept as
// its test oracle (checkXMLTokenizer): encoding/xml's Decoder reads the
// document from the xmlSource, byte by byte, so that it reads no further
// ahead than it has parsed, and its tokens go to the same startElement,
// charData and endElement as the tokenizer's.

// oracle is an xmlReader that reads with encoding/xml.
type oracle struct {
	*xmlReader
	d *xml.Decoder
}

// newOracle returns an oracle over x, reading x.src.
func newOracle(x *xmlReader) *oracle {
	d := xml.NewDecoder(x.src)
	d.Strict = false
	return &oracle{xmlReader: x, d: d}
}

func (x *oracle) run() error {
	for x.s.Err() == nil {
		start := x.d.InputOffset()
		if !x.holding() {
			x.src.drop(start)
		}
		tok, err := x.d.Token()
		if err != nil {
			if err == io.EOF {
				if len(x.stack) > 0 && x.d.InputOffset() > 0 {
					return errors.New("xml: unexpected end of input inside <" + x.stack[len(x.stack)-1].name + ">")
				}
				return nil
			}
			return err
		}
		end := x.d.InputOffset()
		switch t := tok.(type) {
		case xml.StartElement:
			if len(x.stack) >= MaxDepth {
				return ErrTooDeep
			}
			if x.count++; x.count > MaxElements {
				return ErrTooManyElements
			}
			x.startElement(t, start, end)
		case xml.EndElement:
			if len(x.stack) > 0 {
				x.endElement(&x.stack[len(x.stack)-1])
				x.stack = x.stack[:len(x.stack)-1]
			}
		case xml.CharData:
			x.charData(t, start, end)
		}
	}
	return nil
}

// ReadByte and Read make an xmlSource the io.ByteReader encoding/xml
// reads, keeping what it reads.
func (s *xmlSource) ReadByte() (byte, error) {
	c, err := s.r.ReadByte()
	if err == nil {
		s.buf = append(s.buf, c)
		s.n++
	}
	return c, err
}

func (s *xmlSource) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.buf = append(s.buf, p[:n]...)
	s.n += int64(n)
	return n, err
}
