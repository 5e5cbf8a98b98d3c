package epub

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
	"github.com/urix/urix/reader/xml"
)

type file = readertest.File

var formats = []*reader.Format{text.Format, html.Format, xml.Format, Format, archive.ZipFormat}

func run(t testing.TB, data []byte, base string) ([]string, []string) {
	t.Helper()
	s := &readertest.Sink{Formats: formats, Opts: reader.Options{MaxDecoded: 1 << 30}}
	c := &reader.Content{R: bytes.NewReader(data), Name: "b.epub", Base: base,
		Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
	if err := Format.Read(c, s); err != nil {
		s.Warnings = append(s.Warnings, "error: "+err.Error())
	}
	var hits []string
	for _, h := range s.Hits {
		hits = append(hits, h.Member+" "+h.Kind+" "+h.URI)
	}
	return hits, s.Warnings
}

const container = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`

const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
<metadata><dc:source xmlns:dc="http://purl.org/dc/elements/1.1/">http://source.example/</dc:source></metadata>
<manifest>
<item id="c2" href="text/ch%202.xhtml" media-type="application/xhtml+xml"/>
<item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
<item id="img" href="img/a.png" media-type="image/png"/>
<item id="gone" href="text/missing.xhtml" media-type="application/xhtml+xml"/>
<item id="remote" href="https://remote.example/font.woff" media-type="font/woff"/>
</manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>`

func TestEPUB(t *testing.T) {
	data := readertest.Zip(t,
		file{"mimetype", "application/epub+zip"},
		file{"META-INF/container.xml", container},
		file{"OPS/book.opf", opf},
		file{"OPS/text/ch1.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="ch%202.xhtml#s">next</a> <a href="https://out.example/">out</a> <img src="../img/a.png"/></body></html>`},
		file{"OPS/text/ch 2.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="ch1.xhtml">back</a></body></html>`},
		file{"OPS/style.css", `@import url(http://css.example/a.css);`},
		file{"OPS/img/a.png", "\x89PNG\x00\x00"},
		file{"OPS/notes.html", `<a href="http://not-in-manifest.example/">x</a>`},
	)
	if !looksLikeEPUB(data) {
		t.Fatal("book does not sniff as EPUB")
	}
	hits, warns := run(t, data, "file:///x/b.epub")
	want := []string{
		"OPS/book.opf space http://source.example/",
		"OPS/text/ch 2.xhtml html-attr jar:file:///x/b.epub!/OPS/text/ch1.xhtml",
		"OPS/text/ch1.xhtml html-attr jar:file:///x/b.epub!/OPS/text/ch%202.xhtml#s",
		"OPS/text/ch1.xhtml html-attr https://out.example/",
		"OPS/text/ch1.xhtml html-attr jar:file:///x/b.epub!/OPS/img/a.png",
		"OPS/style.css space http://css.example/a.css",
	}
	if !slices.Equal(hits, want) {
		t.Errorf("hits\n%s\nwant\n%s", strings.Join(hits, "\n"), strings.Join(want, "\n"))
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "OPS/book.opf: epub: manifest item OPS/text/missing.xhtml not in the book") {
		t.Errorf("warnings %q", warns)
	}
}

func TestEPUBNoContainer(t *testing.T) {
	data := readertest.Zip(t, file{"mimetype", "application/epub+zip"}, file{"a.html", `<a href="b.html">b</a>`})
	hits, warns := run(t, data, "file:///x/b.epub")
	if want := []string{"a.html html-attr jar:file:///x/b.epub!/b.html"}; !slices.Equal(hits, want) {
		t.Errorf("hits %q, want %q", hits, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "no META-INF/container.xml") {
		t.Errorf("warnings %q", warns)
	}
}
