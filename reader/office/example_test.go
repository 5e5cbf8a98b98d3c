package office_test

import (
	"archive/zip"
	"bytes"
	"fmt"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/office"
	"github.com/urix/urix/reader/readertest"
)

// Read a Word document: a hyperlink's external relationship and a URI
// written in its text.
func Example() {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range [][2]string{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`},
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`},
		{"word/_rels/document.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/report" TargetMode="External"/></Relationships>`},
		{"word/document.xml", `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>` +
			`<w:p><w:hyperlink r:id="rId5"><w:r><w:t>the report</w:t></w:r></w:hyperlink><w:r><w:t> and http://example.org/data</w:t></w:r></w:p></w:body></w:document>`},
	} {
		w, _ := zw.Create(f[0])
		w.Write([]byte(f[1]))
	}
	zw.Close()
	s := &readertest.Sink{File: "report.docx", Opts: reader.Options{MaxDecoded: 1 << 20}}
	if err := office.OOXML.Read(&reader.Content{R: bytes.NewReader(b.Bytes()), Name: "report.docx"}, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Member, h.Kind, h.URI)
	}
	// Output:
	// word/_rels/document.xml.rels office-rel https://example.com/report
	// word/document.xml space http://example.org/data
}
