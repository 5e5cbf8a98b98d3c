package pdf_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/pdf"
	"github.com/urix/urix/reader/readertest"
)

// Read a PDF: a link annotation's URI action, with its page and object.
func Example() {
	doc := "%PDF-1.4\n" +
		"1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n" +
		"2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n" +
		"3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Annots[4 0 R]>> endobj\n" +
		"4 0 obj <</Type/Annot/Subtype/Link/Rect[0 0 100 20]/A<</S/URI/URI(https://example.org/paper)>>>> endobj\n" +
		"trailer <</Root 1 0 R>>\n%%EOF\n"
	s := &readertest.Sink{File: "paper.pdf"}
	if err := pdf.Format.Read(&reader.Content{R: strings.NewReader(doc), Name: "paper.pdf"}, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.PDFPage, h.PDFObject, h.Kind, h.URI)
	}
	// Output:
	// 1 4 pdf-annot https://example.org/paper
}
