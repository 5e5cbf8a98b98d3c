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
	hits, warns, notes := runNotes(t, data, base)
	return hits, append(warns, notes...)
}

// noteSink keeps the notes apart from the warnings.
type noteSink struct {
	*readertest.Sink
	notes []string
}

func (s *noteSink) Warn(where string, err error) {
	if reader.IsNote(err) {
		s.notes = append(s.notes, where+": "+err.Error())
		return
	}
	s.Sink.Warn(where, err)
}

// runNotes reads the book data: its hits, warnings and notes.
func runNotes(t testing.TB, data []byte, base string) (hits, warns, notes []string) {
	t.Helper()
	s := &noteSink{Sink: &readertest.Sink{Formats: formats, Opts: reader.Options{MaxDecoded: 1 << 30}}}
	c := &reader.Content{R: bytes.NewReader(data), Name: "b.epub", Base: base,
		Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
	if err := Format.Read(c, s); err != nil {
		s.Warnings = append(s.Warnings, "error: "+err.Error())
	}
	for _, h := range s.Hits {
		hits = append(hits, h.Member+" "+h.Kind+" "+h.URI)
	}
	return hits, s.Warnings, s.notes
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
	hits, warns, notes := runNotes(t, data, "file:///x/b.epub")
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
	// A manifest item missing from the book is a note: six real books
	// list a cover image they never packed.
	if len(warns) != 0 || len(notes) != 1 || !strings.Contains(notes[0], "OPS/book.opf: epub: manifest item OPS/text/missing.xhtml not in the book") {
		t.Errorf("warnings %q, notes %q", warns, notes)
	}
}

// TestEPUBPackageXMLErrors: the package document is read leniently, so
// an illegal character reference in a dc:title (which stopped
// encoding/xml, and so the manifest, before any chapter) loses nothing:
// every chapter is read, and a note names the package document and the
// line. One inside a manifest item loses that item only, with a warning.
func TestEPUBPackageXMLErrors(t *testing.T) {
	chapters := []file{
		{"mimetype", "application/epub+zip"},
		{"META-INF/container.xml", container},
		{"OPS/text/ch1.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="https://one.example/">1</a></body></html>`},
		{"OPS/text/ch 2.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="https://two.example/">2</a></body></html>`},
	}
	tests := []struct {
		name, opf, warn, note string
		want                  []string
	}{
		{"in a title", strings.Replace(opf, "<metadata>", `<metadata><dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">A&#1;B</dc:title>`, 1),
			"", "OPS/book.opf: epub: package document: line 3: illegal character code U+0001: read past it",
			[]string{"OPS/text/ch 2.xhtml html-attr https://two.example/", "OPS/text/ch1.xhtml html-attr https://one.example/"}},
		{"in a manifest item", strings.Replace(opf, `href="text/ch%202.xhtml"`, `href="text/ch&#1;.xhtml"`, 1),
			"OPS/book.opf: epub: package document: line 5: illegal character code U+0001: read past it, an item there may be lost", "",
			[]string{"OPS/text/ch1.xhtml html-attr https://one.example/"}},
	}
	for _, tt := range tests {
		data := readertest.Zip(t, append(slices.Clone(chapters), file{"OPS/book.opf", tt.opf})...)
		hits, warns, notes := runNotes(t, data, "file:///x/b.epub")
		var got []string
		for _, h := range hits {
			if strings.Contains(h, ".xhtml html-attr https://") {
				got = append(got, h)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: hits %q, want %q", tt.name, got, tt.want)
		}
		if !slices.Contains(warns, tt.warn) && tt.warn != "" || tt.warn == "" && len(warns) > 0 {
			t.Errorf("%s: warnings %q, want %q", tt.name, warns, tt.warn)
		}
		if !slices.Contains(notes, tt.note) && tt.note != "" {
			t.Errorf("%s: notes %q, want %q", tt.name, notes, tt.note)
		}
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

// TestEPUBTextJoined: a book's XHTML is read with the text of a
// paragraph joined across its inline elements (doc/spec.md H4): a URI
// in syntax-highlighted code, each token its own <span>, comes out
// whole; a placeholder in italics after a URI's prefix stays out of it.
func TestEPUBTextJoined(t *testing.T) {
	code := `<html xmlns="http://www.w3.org/1999/xhtml"><body>
<pre class="highlight"><code><span class="n">curl</span> <span class="s">https</span><span class="p">://</span><span class="n">api</span>.<span class="n">example</span>.<span class="n">org</span>/<span class="n">v1</span></code></pre>
<p>Report bugs at https://bugs.debian.org/<i>package-name</i>.</p>
</body></html>`
	data := readertest.Zip(t,
		file{"mimetype", "application/epub+zip"},
		file{"META-INF/container.xml", container},
		file{"OPS/book.opf", strings.Replace(opf, `href="text/ch%202.xhtml"`, `href="text/code.xhtml"`, 1)},
		file{"OPS/text/code.xhtml", code},
	)
	hits, _ := run(t, data, "file:///x/b.epub")
	var got []string
	for _, h := range hits {
		if strings.HasPrefix(h, "OPS/text/code.xhtml") {
			got = append(got, h)
		}
	}
	want := []string{
		"OPS/text/code.xhtml html-text https://api.example.org/v1",
		"OPS/text/code.xhtml html-text https://bugs.debian.org/",
	}
	if !slices.Equal(got, want) {
		t.Errorf("hits %q, want %q", got, want)
	}
}
