package hostile

import (
	"archive/zip"
	"bufio"
	"fmt"
	"strings"
)

// The cases of the Office Open XML, OpenDocument and EPUB readers
// (doc/spec.md A4–A6): a relationships part held whole and expanded
// (a slice entry per line end, an attribute list per element), a CDATA
// section taken as one token and scanned whole, a paragraph of many runs
// whose hits were each placed from its last run back, a comment held
// whole before it was skipped, and a package document whose every tag's
// attributes were decoded. The packages are stored, not deflated, so that a case is about
// n bytes as read.
func init() {
	Cases = append(Cases,
		Case{"docx-rels-newlines", ".docx", "a .docx whose document.xml.rels holds n line ends between two relationships",
			docx(func(w *bufio.Writer, n int) { fill(w, "\n", n) }, nil)},
		Case{"docx-rels-attrs", ".docx", "a .docx whose document.xml.rels holds a tag of n/5 empty attributes",
			docx(func(w *bufio.Writer, n int) { w.WriteString("<x"); fill(w, ` a=""`, n); w.WriteString("/>") }, nil)},
		Case{"docx-cdata", ".docx", "a .docx paragraph of one CDATA section of n/12 URIs",
			docx(nil, func(w *bufio.Writer, n int) {
				w.WriteString("<w:p><w:r><w:t><![CDATA[")
				fill(w, "http://a.b/ ", n)
				w.WriteString("]]></w:t></w:r></w:p>")
			})},
		Case{"docx-many-runs", ".docx", "a .docx paragraph of n/35 runs of one URI each",
			docx(nil, func(w *bufio.Writer, n int) {
				w.WriteString("<w:p>")
				fill(w, "<w:r><w:t>http://a.b/ </w:t></w:r>", n)
				w.WriteString("</w:p>")
			})},
		Case{"fodt-cdata", ".fodt", "a flat OpenDocument paragraph of one CDATA section of n/12 URIs",
			fodt(func(w *bufio.Writer, n int) {
				w.WriteString("<text:p><![CDATA[")
				fill(w, "http://a.b/ ", n)
				w.WriteString("]]></text:p>")
			})},
		Case{"fodt-huge-comment", ".fodt", "a flat OpenDocument with a comment of n bytes between two paragraphs",
			fodt(func(w *bufio.Writer, n int) { w.WriteString("<!--"); fill(w, "a", n); w.WriteString("-->") })},
		Case{"epub-opf-attrs", ".epub", "an EPUB whose package document has a <meta> of n/5 empty attributes",
			epubOPF(func(w *strings.Builder, n int) {
				w.WriteString("<meta")
				w.WriteString(strings.Repeat(` a=""`, max(n/5, 1)))
				w.WriteString("/>")
			})},
		Case{"epub-opf-missing", ".epub", "an EPUB whose package document lists n/90 manifest items not in the book",
			epubOPF(func(w *strings.Builder, n int) {
				for i := 0; w.Len() < n; i++ {
					fmt.Fprintf(w, `<item id="m%d" href="missing/chapter%d.xhtml" media-type="application/xhtml+xml"/>`+"\n", i, i)
				}
			})},
	)
}

// stored adds a member to zw, stored, and returns its writer.
func stored(zw *zip.Writer, name string) *bufio.Writer {
	f, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
	return bufio.NewWriterSize(f, 64<<10)
}

// docx writes a .docx of a relationship on either side of rels (when not
// nil) in word/_rels/document.xml.rels, and a paragraph with a URI on
// either side of doc (when not nil) in word/document.xml; each at about n
// bytes.
func docx(rels, doc func(*bufio.Writer, int)) func(*bufio.Writer, int) {
	return func(w *bufio.Writer, n int) {
		zw := zip.NewWriter(w)
		b := stored(zw, "[Content_Types].xml")
		b.WriteString(`<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`)
		b.Flush()
		b = stored(zw, "word/_rels/document.xml.rels")
		b.WriteString(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="r1" Type="h" Target="http://docx.example/rel-first" TargetMode="External"/>`)
		if rels != nil {
			rels(b, n)
		}
		b.WriteString(`<Relationship Id="r2" Type="h" Target="http://docx.example/rel-last" TargetMode="External"/></Relationships>`)
		b.Flush()
		b = stored(zw, "word/document.xml")
		b.WriteString(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
			"<w:p><w:r><w:t>see http://docx.example/first</w:t></w:r></w:p>\n")
		if doc != nil {
			doc(b, n)
		}
		b.WriteString("\n<w:p><w:r><w:t>see http://docx.example/last</w:t></w:r></w:p></w:body></w:document>\n")
		b.Flush()
		zw.Close()
	}
}

// fodt writes a flat OpenDocument text of a paragraph with a URI on
// either side of body, written at about n bytes. It has no XML
// declaration: one with it is read by the XML reader, which sniffs it.
func fodt(body func(*bufio.Writer, int)) func(*bufio.Writer, int) {
	return func(w *bufio.Writer, n int) {
		w.WriteString(`<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
			`xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:mimetype="application/vnd.oasis.opendocument.text">` +
			"<office:body><office:text><text:p>see http://fodt.example/first</text:p>\n")
		body(w, n)
		w.WriteString("\n<text:p>see http://fodt.example/last</text:p></office:text></office:body></office:document>\n")
	}
}

// epubOPF writes an EPUB of one chapter whose package document holds
// extra, written at about n bytes, in its manifest, after the chapter's
// item.
func epubOPF(extra func(*strings.Builder, int)) func(*bufio.Writer, int) {
	return func(w *bufio.Writer, n int) {
		zw := zip.NewWriter(w)
		b := stored(zw, "mimetype")
		b.WriteString("application/epub+zip")
		b.Flush()
		b = stored(zw, "META-INF/container.xml")
		b.WriteString(`<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">` +
			`<rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`)
		b.Flush()
		var opf strings.Builder
		opf.WriteString(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>` + "\n" +
			`<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>` + "\n")
		extra(&opf, n)
		opf.WriteString("\n</manifest></package>\n")
		b = stored(zw, "OPS/book.opf")
		b.WriteString(opf.String())
		b.Flush()
		b = stored(zw, "OPS/c.xhtml")
		b.WriteString(`<html xmlns="http://www.w3.org/1999/xhtml"><body><p>see <a href="http://epub.example/first">x</a> ` +
			`and http://epub.example/last</p></body></html>`)
		b.Flush()
		zw.Close()
	}
}
