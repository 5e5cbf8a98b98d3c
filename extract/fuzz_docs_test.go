package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/urix/urix/resolve"
)

// fuzzDoc reads data as typ and checks every hit against it: its span
// lies in the input, its line and column are those of its offset, its raw
// text is the input from offset to end when the span has a length (for
// attribute links of raw HTML the span is the element's start tag), and
// its URI is not empty unless it is a same-document reference.
func fuzzDoc(t *testing.T, typ Type, data []byte) {
	x, err := New(Options{Type: typ, MaxDecoded: 1 << 20, Schemes: []string{"all"}})
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	_ = x.Reader(bytes.NewReader(data), "fuzz", "http://base.example/d/", func(h Hit) error {
		checkHitSpan(t, doc, h)
		if h.URI == "" && !h.SameDocument {
			t.Errorf("%q: empty URI in %+v", doc, h)
		}
		return nil
	}, nil)
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
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte("\x1f\x8b")) {
			return // gzip
		}
		fuzzDoc(t, Markdown, data)
	})
}

func FuzzXML(f *testing.F) {
	addSeeds(f, "testdata/xml/*")
	for _, s := range []string{`<a href="x"/>`, "<link>\r\nhttp://a/&amp;</link>", `<description>&lt;a href="b"&gt;</description>`, `<r xml:base="http://a/"><use xlink:href="#x"/></r>`, "<?xml version=\"1.0\" encoding=\"latin1\"?><link>\xe9</link>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte("\x1f\x8b")) {
			return // gzip
		}
		fuzzDoc(t, XML, data)
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
		_ = x.Reader(bytes.NewReader(data), "fuzz.html", "http://base.example/d/", func(h Hit) error {
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
