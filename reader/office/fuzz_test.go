package office

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/readertest"
)

// fuzzOffice: every hit names a part of the package and lies within it
// (line and column at least 1, offsets in order), and a package read as
// a stream one byte at a time gives what the file gives.
func fuzzOffice(t *testing.T, f *reader.Format, data []byte) {
	h1, w1 := readertest.ReadBytes(f, formats, data, true)
	h2, w2 := readertest.ReadBytes(f, formats, data, false)
	if !slices.Equal(h1, h2) || !slices.Equal(w1, w2) {
		t.Fatalf("whole and one-byte reads differ:\n%v %q\n%v %q", h1, w1, h2, w2)
	}
	names := map[string]bool{}
	if z, err := archive.OpenZip(&reader.Content{R: bytes.NewReader(data)}); err == nil {
		z.Each(func(e *archive.Entry) error { names[e.Name] = true; return nil })
	}
	for _, h := range h1 {
		top, _, _ := strings.Cut(h.Member, "!/")
		if h.Member != "" && !names[top] || h.Member == "" && len(names) > 0 {
			t.Fatalf("hit %q names part %q, not in the package", h.URI, h.Member)
		}
		if h.End < h.Offset || h.Offset < 0 || (h.Member != "" && (h.Line < 1 || h.Col < 1)) {
			t.Fatalf("hit %q: bad position %d:%d [%d,%d)", h.URI, h.Line, h.Col, h.Offset, h.End)
		}
	}
}

func FuzzOOXML(f *testing.F) {
	f.Add(readertest.Zip(f, file{"[Content_Types].xml", contentTypes},
		file{"word/document.xml", `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>http://a.exa</w:t></w:r><w:r><w:t>mple/</w:t></w:r></w:p><w:p><w:fldSimple w:instr="HYPERLINK &quot;http://f.example/&quot;"/></w:p></w:body></w:document>`},
		file{"word/_rels/document.xml.rels", `<Relationships><Relationship Id="r" Target="https://r.example/" TargetMode="External"/></Relationships>`}))
	f.Add(readertest.Zip(f, file{"[Content_Types].xml", contentTypes},
		file{"xl/worksheets/sheet1.xml", `<worksheet><sheetData><row><c><f>HYPERLINK("http://f.example/?a=""b""","l")</f></c></row></sheetData></worksheet>`}))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzOffice(t, OOXML, data) })
}

func FuzzODF(f *testing.F) {
	f.Add(readertest.Zip(f, file{"mimetype", "application/vnd.oasis.opendocument.text"}, file{"content.xml", odfContent}))
	f.Add([]byte(odfContent))
	f.Add([]byte(`<o xml:base="http://b.example/d/"><text:p>x http://s<text:span>p&amp;</text:span>an<text:s/>y<![CDATA[z]]><text:a xlink:href="r&amp;s">t</text:a></text:p><!-- c --></o>`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzOffice(t, ODF, data) })
}
