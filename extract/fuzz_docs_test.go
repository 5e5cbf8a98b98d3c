package extract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/urix/urix/printer"

	"github.com/urix/urix/resolve"
)

// fuzzDoc reads data as typ and checks every hit against it: its span
// lies in the input, its line and column are those of its offset, its raw
// text is the input from offset to end when the span has a length (for
// attribute links of raw HTML the span is the element's start tag), and
// its URI is not empty unless it is a same-document reference. The same
// document read one byte at a time gives the same hits and error, and read
// as a file, as a whole, as many hits.
func fuzzDoc(t *testing.T, typ Type, data []byte, dir string) {
	x, err := New(Options{Type: typ, MaxDecoded: 1 << 20, Schemes: []string{"all"}})
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	read := func(r io.Reader) ([]string, error) {
		var hits []string
		err := x.Reader(r, "fuzz", "http://base.example/d/", func(h *Hit) error {
			checkHitSpan(t, doc, *h)
			if h.URI == "" && !h.SameDocument {
				t.Errorf("%q: empty URI in %+v", doc, h)
			}
			b, _ := json.Marshal(printer.RecordOf(h))
			hits = append(hits, string(b))
			return nil
		}, nil)
		return hits, err
	}
	hits, err := read(bytes.NewReader(data))
	slow, serr := read(iotest.OneByteReader(bytes.NewReader(data)))
	if !slices.Equal(hits, slow) || fmt.Sprint(err) != fmt.Sprint(serr) {
		t.Fatalf("%q: read whole: %d hits (%v), one byte at a time: %d hits (%v)", doc, len(hits), err, len(slow), serr)
	}
	file := filepath.Join(dir, "a"+map[Type]string{Markdown: ".md", XML: ".xml"}[typ])
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	ferr := x.File(file, func(*Hit) error { n++; return nil }, nil)
	if n != len(hits) {
		t.Fatalf("%q: as a file, read whole: %d hits (%v), from a reader: %d hits (%v)", doc, n, ferr, len(hits), err)
	}
}

func addSeeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(pattern)
	for _, file := range files {
		if filepath.Ext(file) == ".golden" {
			continue
		}
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
}

func FuzzMarkdown(f *testing.F) {
	addSeeds(f, "testdata/markdown/*")
	for _, s := range []string{"[a](b)", "[a]: <b c>\n[a]", "> [x](y\n> z)", "\t- [x](\ty)", "<a href=\"x\n\">", "![a ![b](c)](d)", "`http://a/`"} {
		f.Add([]byte(s))
	}
	dir := f.TempDir() // a fuzzing process runs one input at a time
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte("\x1f\x8b")) {
			return // gzip
		}
		fuzzDoc(t, Markdown, data, dir)
	})
}

func FuzzXML(f *testing.F) {
	addSeeds(f, "testdata/xml/*")
	for _, s := range []string{`<a href="x"/>`, "<link>\r\nhttp://a/&amp;</link>", `<description>&lt;a href="b"&gt;</description>`, `<r xml:base="http://a/"><use xlink:href="#x"/></r>`, "<?xml version=\"1.0\" encoding=\"latin1\"?><link>\xe9</link>"} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte("\x1f\x8b")) {
			return // gzip
		}
		fuzzDoc(t, XML, data, dir)
	})
}

// FuzzHTMLWHATWG reads HTML in WHATWG mode (the mode of the browser
// oracle, seeded with its pages): every URI is UTF-8, and one the URL
// parser gave (Resolved) is what the parser gives for it again, as a
// browser's URLs are.
func FuzzHTMLWHATWG(f *testing.F) {
	addSeeds(f, "../testdata/html/*.html")
	x, err := New(Options{Type: HTML, MaxDecoded: 1 << 20, Schemes: []string{"all"}, Resolve: resolve.Options{Mode: resolve.WHATWG}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = x.Reader(bytes.NewReader(data), "fuzz.html", "http://base.example/d/", func(h *Hit) error {
			if !utf8.ValidString(h.URI) {
				t.Errorf("%q: URI %q is not UTF-8", data, h.URI)
			}
			if h.Resolved {
				if u, err := resolve.ParseURL(h.URI); err != nil || u.Href() != h.URI {
					t.Errorf("%q: URI %q parses again as %v, %v", data, h.URI, u, err)
				}
			}
			return nil
		}, nil)
	})
}
