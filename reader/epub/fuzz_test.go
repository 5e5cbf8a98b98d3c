package epub

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/readertest"
)

// FuzzEPUB: every hit names a member of the book, every jar: URI is in
// the book, and one-byte reads give what whole reads give.
func FuzzEPUB(f *testing.F) {
	f.Add(readertest.Zip(f,
		file{"mimetype", "application/epub+zip"},
		file{"META-INF/container.xml", container},
		file{"OPS/book.opf", opf},
		file{"OPS/text/ch1.xhtml", `<html><body><a href="ch%202.xhtml#s">n</a> <a href="https://out.example/">o</a></body></html>`},
		file{"OPS/text/ch 2.xhtml", `<a href="ch1.xhtml">b</a>`}))
	// The lenient package read (an illegal reference in the title and in
	// an item) and the text joined across inline elements.
	f.Add(readertest.Zip(f,
		file{"mimetype", "application/epub+zip"},
		file{"META-INF/container.xml", container},
		file{"OPS/book.opf", strings.Replace(strings.Replace(opf, "<metadata>", "<metadata><dc:title>A&#1;B</dc:title>", 1), `href="style.css"`, `href="st&#1;yle.css"`, 1)},
		file{"OPS/text/ch1.xhtml", `<html><body><pre><span>https</span><span>://</span>a.example/<wbr/>b <i>x</i></pre><p>http://c.example/<em>d</em></p></body></html>`},
		file{"__MACOSX/OPS/text/._ch1.xhtml", "\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		h1, w1 := readertest.ReadBytes(Format, formats, data, true)
		h2, w2 := readertest.ReadBytes(Format, formats, data, false)
		if !slices.Equal(h1, h2) || !slices.Equal(w1, w2) {
			t.Fatalf("whole and one-byte reads differ:\n%v %q\n%v %q", h1, w1, h2, w2)
		}
		names := map[string]bool{}
		if z, err := archive.OpenZip(&reader.Content{R: bytes.NewReader(data)}); err == nil {
			z.Each(func(e *archive.Entry) error { names[e.Name] = true; return nil })
		}
		for _, h := range h1 {
			top, _, _ := strings.Cut(h.Member, "!/")
			if !names[top] {
				t.Fatalf("hit %q names member %q, not in the book", h.URI, h.Member)
			}
			if strings.HasPrefix(h.URI, "jar:") && !strings.HasPrefix(h.URI, "jar:file:///x/f!/") && !strings.HasPrefix(h.URI, "jar:jar:file:///x/f!/") {
				t.Fatalf("hit %q: a jar: URI outside the book", h.URI)
			}
		}
	})
}
