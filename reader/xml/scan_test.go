package xml

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/printer"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// xmlHitsBy returns the hits of doc and the error, read by the tokenizer
// (fast) or by encoding/xml.
func xmlHitsBy(t testing.TB, doc []byte, fast bool) ([]string, error) {
	var out []string
	s := &readertest.Sink{File: "doc.xml", OnHit: func(h reader.Hit) {
		b, _ := json.Marshal(printer.RecordOf(&h)) // the fields urix prints
		out = append(out, string(b))
	}}
	c := &reader.Content{R: bytes.NewReader(doc), Name: "doc.xml", Base: "https://docs.example/d/"}
	src := &xmlSource{r: bufio.NewReader(c.R), line: 1, col: 1, baseLine: 1, baseCol: 1}
	r := &xmlReader{s: s, c: c, src: src, names: map[string]string{}}
	if fast {
		return out, r.runFast()
	}
	return out, newOracle(r).run()
}

// checkXMLTokenizer fails when the tokenizer finds other hits than
// encoding/xml in a well-formed doc, or only one of them fails.
func checkXMLTokenizer(t testing.TB, doc []byte) {
	t.Helper()
	fast, ferr := xmlHitsBy(t, doc, true)
	slow, serr := xmlHitsBy(t, doc, false)
	if (ferr == nil) != (serr == nil) {
		t.Fatalf("%.200q: tokenizer error %v, encoding/xml error %v", doc, ferr, serr)
	}
	if serr != nil {
		return // malformed: each reads up to its error
	}
	if !slices.Equal(fast, slow) {
		for i := range max(len(fast), len(slow)) {
			var f, s string
			if i < len(fast) {
				f = fast[i]
			}
			if i < len(slow) {
				s = slow[i]
			}
			if f != s {
				t.Fatalf("%.300q: hit %d, tokenizer\n%s\nencoding/xml\n%s", doc, i, f, s)
			}
		}
	}
}

// TestXMLTokenizer compares the tokenizer with encoding/xml on the
// samples, constructs, and the files named by URIX_XML_FILES (a
// colon-separated list, e.g. the outputs of bench/doc-corpus.sh).
func TestXMLTokenizer(t *testing.T) {
	docs := []string{
		`<a href="x"/>`,
		`<r xmlns:l="http://www.w3.org/1999/xlink"><use l:href="#a"/><use xlink:href="#b"/></r>`,
		`<r><p:use xmlns:p="http://www.w3.org/1999/xlink" p:href="#a"/><use p:href="#b"/></r>`,
		`<feed xml:base="http://a.example/x/"><entry xml:base="y/"><link href="z"/></entry><link href="w"/></feed>`,
		"<link>\r\nhttp://a/&amp;b&#x3A;&#58;</link>",
		"<description>&lt;a href=&quot;http://a/b&quot;&gt;x&lt;/a&gt; http://c/d&#10;</description>",
		"<description><![CDATA[<a href='http://a/'>x</a>\r\nhttp://b/]]></description>",
		`<!DOCTYPE rss [<!ENTITY % a PUBLIC "-//x//EN" "http://d.example/x.ent"> <!-- > -->]><rss><link>http://r/</link></rss>`,
		`<?xml version="1.0" encoding="UTF-8"?><!-- <link>http://no/</link> --><?pi <link>?><r>text http://t/ &unknown; &amp</r>`,
		"\xef\xbb\xbf<r><loc> http://bom/ </loc></r>",
		`<a href=unquoted>x</a><outline xmlUrl='single' htmlUrl = "spaced" url/>`,
		`<r><x><link>http://a/</y></link></x><link>http://b/</link></r>`,
		`<guid isPermaLink="false">http://no/</guid><guid>http://yes/</guid><id>urn:x:y</id><id>tag:a</id><id>rel</id>`,
		`<content type="html">&lt;img src="i.png"&gt;</content><content src="s"/>`,
		`<r a="1>2" b='"'><link>http://q/</link></r>`,
	}
	for _, d := range docs {
		checkXMLTokenizer(t, []byte(d))
	}
	files, _ := filepath.Glob("../../extract/testdata/xml/*")
	if env := os.Getenv("URIX_XML_FILES"); env != "" {
		files = append(files, strings.Split(env, ":")...)
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") {
			continue
		}
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkXMLTokenizer(t, doc)
	}
}

// TestXMLTokenizerErrors checks that a malformed document gives the hits
// before the error and an error naming its line.
func TestXMLTokenizerErrors(t *testing.T) {
	for _, tt := range []struct {
		doc  string
		hits int
		line string
	}{
		{"<r>\n<link>http://a/</link>\n< x", 1, "line 3"},
		{"<r>\n<link href='http://a/'/>\n<!-- open", 1, "line 3"},
		{"<r><link href='http://a/'/>\n\n<![CDATA[ x", 1, "line 3"},
		{"<r><link href='http://a/'/>\n<a href='b", 1, "line 2"},
		{"<r><link href='http://a/'/>", 1, "inside <r>"},
		{"<r><link href='http://a/'/>\n</x>", 1, "line 2"},
	} {
		hits, err := xmlHitsBy(t, []byte(tt.doc), true)
		if len(hits) != tt.hits || err == nil || !strings.Contains(err.Error(), tt.line) {
			t.Errorf("%q: %d hits, error %v; want %d and %q", tt.doc, len(hits), err, tt.hits, tt.line)
		}
	}
}

// FuzzXMLTokenizer: where both succeed, urix's tokenizer finds the hits
// encoding/xml finds.
func FuzzXMLTokenizer(f *testing.F) {
	for _, s := range []string{`<a href="x"/>`, "<link>\r\nhttp://a/&amp;</link>", `<description>&lt;a href="b"&gt;</description>`, `<r xml:base="http://a/"><use xlink:href="#x"/></r>`, "<?xml version=\"1.0\"?><feed><link href='a'/><id>http://i/</id></feed>",
		`<TEI xml:base="http://b/"><p><ref target="#b0 x.html">http://cut<hi>x</hi></ref><ptr target="y"/></p></TEI>`,
		`<article xmlns:xlink="http://www.w3.org/1999/xlink"><p><ext-link xlink:href="http://e/">http://e/</ext-link><uri>http://u/</uri><ulink url="v">http://w/</ulink></p></article>`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fast, ferr := xmlHitsBy(t, data, true)
		slow, serr := xmlHitsBy(t, data, false)
		if ferr == nil && serr == nil && !slices.Equal(fast, slow) {
			t.Fatalf("%q: the tokenizer finds\n%s\nencoding/xml\n%s", data, strings.Join(fast, "\n"), strings.Join(slow, "\n"))
		}
	})
}
