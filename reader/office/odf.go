package office

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/xml"
)

// ODF is OpenDocument's entry of the format table: the zip packages and
// the flat XML documents (.fodt ...).
var ODF = &reader.Format{
	Name: ODFName,
	Extensions: []string{".odt", ".ods", ".odp", ".odg", ".odf", ".odc", ".odm", ".odb",
		".ott", ".ots", ".otp", ".otg", ".fodt", ".fods", ".fodp", ".fodg"},
	MediaTypes: []string{
		"application/vnd.oasis.opendocument.text",
		"application/vnd.oasis.opendocument.text-template",
		"application/vnd.oasis.opendocument.text-master",
		"application/vnd.oasis.opendocument.spreadsheet",
		"application/vnd.oasis.opendocument.spreadsheet-template",
		"application/vnd.oasis.opendocument.presentation",
		"application/vnd.oasis.opendocument.presentation-template",
		"application/vnd.oasis.opendocument.graphics",
		"application/vnd.oasis.opendocument.graphics-template",
		"application/vnd.oasis.opendocument.formula",
		"application/vnd.oasis.opendocument.chart",
		"application/vnd.oasis.opendocument.text-flat-xml",
		"application/vnd.oasis.opendocument.spreadsheet-flat-xml",
		"application/vnd.oasis.opendocument.presentation-flat-xml",
		"application/vnd.oasis.opendocument.graphics-flat-xml",
	},
	Sniff:      looksLikeODF,
	Binary:     true,
	OwnCharset: true,
	Read:       readODF,
}

// looksLikeODF reports whether b starts a zip whose first member is a
// "mimetype" holding an OpenDocument media type (ODF 1.2 part 3, 3.3), or
// a flat OpenDocument file (xml.FlatODF), which starts with an XML
// declaration as any XML does and was read as generic XML.
func looksLikeODF(b []byte) bool {
	if firstMember(b) != "mimetype" {
		return xml.FlatODF(b)
	}
	return bytes.HasPrefix(b[38:], []byte("application/vnd.oasis.opendocument."))
}

// odfParts are the parts of an OpenDocument package that hold its text,
// styles (headers, footers) and metadata.
var odfParts = []string{"content.xml", "styles.xml", "meta.xml"}

// readODF reads an OpenDocument package: content.xml, styles.xml and
// meta.xml, and the same parts of embedded objects ("Object 1/content.xml"),
// each by readODFPart with its location in the package as base. ODF
// resolves a relative link against the part's location with the package
// standing for a directory (ODF 1.2 part 3, 3.7), so "../other.odt", as
// LibreOffice writes a link to a file beside the document, names that
// file. A flat document is one such part.
func readODF(c *reader.Content, s reader.Sink) error {
	br, ok := c.R.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(c.R)
		inner := *c
		inner.R, c = br, &inner
	}
	if head, _ := br.Peek(4); !archive.LooksLikeZip(head) {
		return readODFPart(c, s)
	}
	c, s = archive.Root(c, s)
	z, err := archive.OpenZip(c)
	if err == archive.ErrNotZip {
		return nil
	}
	if err != nil {
		return err
	}
	defer z.Close()
	m, err := archive.Begin(c, s)
	if err != nil {
		return err
	}
	defer m.End()
	err = z.Each(func(e *archive.Entry) error {
		name := e.Name
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
			if strings.HasPrefix(e.Name, "META-INF/") || strings.Count(e.Name, "/") > 1 {
				return nil
			}
		}
		if !isODFPart(name) || !m.Next() {
			return nil
		}
		r, err := z.Open(e, m.Budget())
		if err != nil {
			m.Warn(e.Name, err)
			return m.Sink().Err()
		}
		if err := readODFPart(m.Content(e.Name, r), m.Sink()); err != nil {
			if archive.Ends(err) {
				return err
			}
			m.Warn(e.Name, err)
		}
		return m.Sink().Err()
	})
	if z.Capped {
		m.Warn("", archive.ErrTooMany)
	}
	return err
}

func isODFPart(name string) bool {
	for _, p := range odfParts {
		if name == p {
			return true
		}
	}
	return false
}
