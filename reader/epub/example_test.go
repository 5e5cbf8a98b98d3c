package epub_test

import (
	"archive/zip"
	"bytes"
	"fmt"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/epub"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/xml"
)

// Read an EPUB book: the container names the package document, whose
// manifest lists the chapters; each chapter's links resolve against its
// place in the book.
func Example() {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range [][2]string{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", `<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`},
		{"OEBPS/content.opf", `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest><item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>`},
		{"OEBPS/text/ch1.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><p><a href="../notes.xhtml#n1">note</a> from https://example.org/book</p></body></html>`},
	} {
		w, _ := zw.Create(f[0])
		w.Write([]byte(f[1]))
	}
	zw.Close()
	s := &readertest.Sink{File: "book.epub", Formats: []*reader.Format{html.Format, xml.Format}, Opts: reader.Options{MaxDecoded: 1 << 20}}
	if err := epub.Format.Read(&reader.Content{R: bytes.NewReader(b.Bytes()), Name: "book.epub", Base: "https://example.com/book.epub"}, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Member, h.Kind, h.URI)
	}
	// Output:
	// OEBPS/text/ch1.xhtml html-attr jar:https://example.com/book.epub!/OEBPS/notes.xhtml#n1
	// OEBPS/text/ch1.xhtml html-text https://example.org/book
}
