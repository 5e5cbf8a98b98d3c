package hostile

import (
	"archive/zip"
	"bufio"
	"fmt"
	"strings"
)

// The document cases of issue 31: quoted-printable whose every output
// byte shifts its position (a soft line break or an escape each), a
// Markdown reference definition past the window, an EPUB whose package
// document holds one illegal character reference.
func init() {
	Cases = append(Cases,
		Case{"mail-qp-soft-breaks", ".eml", "a text/plain quoted-printable body of n/3 'a=' lines (a soft break per byte)",
			repeated("From: a@example.com\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n"+
				"http://qp.example/first\n", "a=\n", "\nhttp://qp.example/last\n")},
		Case{"mail-qp-escaped-html", ".eml", "a text/html quoted-printable part of n/77 lines of 25 '=61' escapes",
			repeated("From: a@example.com\nContent-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n"+
				"<a href=3D\"http://qp.example/first\">x</a>\n", strings.Repeat("=61", 25)+"=\n",
				"\n<a href=3D\"http://qp.example/last\">y</a>\n")},
		Case{"md-huge-ref-dest", ".md", "a reference definition whose destination is n bytes (at least 1 MiB), then its reference",
			hugeRefDest},
		Case{"epub-bad-char-ref", ".epub", "an EPUB of n/4096 chapters whose package document has &#1; in its dc:title",
			epubBadCharRef},
	)
}

func hugeRefDest(w *bufio.Writer, n int) {
	w.WriteString("[first](http://md.example/first)\n\n[r]: http://md.example/")
	fill(w, "a", max(n, 1<<20))
	w.WriteString("\n\n[r]\n\n[last](http://md.example/last)\n")
}

func epubBadCharRef(w *bufio.Writer, n int) {
	zw := zip.NewWriter(w)
	m, _ := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	m.Write([]byte("application/epub+zip"))
	c, _ := zw.Create("META-INF/container.xml")
	c.Write([]byte(`<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">` +
		`<rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`))
	k := max(n/4096, 2)
	var opf strings.Builder
	opf.WriteString(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">` + "\n" +
		`<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>A&#1;B</dc:title></metadata>` + "\n<manifest>\n")
	for i := range k {
		fmt.Fprintf(&opf, "<item id=\"c%d\" href=\"c%d.xhtml\" media-type=\"application/xhtml+xml\"/>\n", i, i)
	}
	opf.WriteString("</manifest><spine>")
	for i := range k {
		fmt.Fprintf(&opf, "<itemref idref=\"c%d\"/>", i)
	}
	opf.WriteString("</spine></package>\n")
	o, _ := zw.Create("OPS/book.opf")
	o.Write([]byte(opf.String()))
	para := "<p>" + strings.Repeat("Words of a chapter, ", 200) + "</p>\n"
	for i := range k {
		f, _ := zw.Create(fmt.Sprintf("OPS/c%d.xhtml", i))
		fmt.Fprintf(f, "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><a href=\"http://epub.example/c%d\">c</a>\n%s</body></html>\n", i, para)
	}
	zw.Close()
}
