package markdown

import (
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

// mdHitsBy returns the hits of doc as JSON lines, read in parts (as urix
// reads Markdown) or in one parse.
func mdHitsBy(t testing.TB, doc []byte, opts Options, parts bool) []string {
	var out []string
	s := &readertest.Sink{File: "doc.md", OnHit: func(h reader.Hit) {
		b, _ := json.Marshal(printer.RecordOf(&h)) // the fields urix prints
		out = append(out, string(b))
	}}
	m := &gmReader{mdReader: &mdReader{s: s, o: opts, c: &reader.Content{Name: "doc.md", Base: "https://docs.example/d/"}, doc: wholeDoc{doc, lineStarts(doc)}, runStart: -1}, src: doc}
	if parts {
		m.read()
	} else {
		m.walk(mdParser)
	}
	return out
}

// checkParts fails when reading doc in parts finds other hits than one
// parse.
func checkParts(t testing.TB, doc []byte, opts Options) {
	t.Helper()
	whole, parts := mdHitsBy(t, doc, opts, false), mdHitsBy(t, doc, opts, true)
	if !slices.Equal(whole, parts) {
		for i := range max(len(whole), len(parts)) {
			var w, p string
			if i < len(whole) {
				w = whole[i]
			}
			if i < len(parts) {
				p = parts[i]
			}
			if w != p {
				t.Fatalf("%q: in parts, hit %d is\n%s\nin one parse\n%s", doc, i, p, w)
			}
		}
	}
}

// TestMarkdownParts checks the cuts on constructs that run across blank
// lines, and that a document read in parts gives the hits of one parse.
func TestMarkdownParts(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		cuts []int // offsets of the cuts, 0 and the end left out
	}{
		{"a\n\nb\n", []int{3}},
		{"a\n\n b\n", nil},                              // indented: a paragraph's or item's line
		{"```\na\n\nb\n```\n\nc\n", []int{14}},          // inside a fence: no cut
		{"~~~~\n\nx\n~~~\n\ny\n~~~~\n\nz\n", []int{21}}, // a shorter fence does not close
		{"<!--\n\nx\n-->\n\ny\n", []int{13}},
		{"<pre>\n\nx\n</style>\n\ny\n", []int{19}}, // kind 1 ends at any of its end tags
		{"<div>\n\n```\n\nx\n", []int{7}},          // kind 6 ends at the blank line; an open fence runs to the end
		{"- a\n\n  ```\n  x\n\n  ```\n\nb\n", []int{23}},
		{"- a\n\n  ```\nx\n\n```\n[a](b)\n", nil}, // unsure where the list item ends: no cut from there
		{"<div>\n```\nx\n", nil},                  // a fence in what may be an HTML block: no cut
		{"> ```\n\nx\n", []int{7}},
		{"- ```\n  x\n\n  ```\n\nb\n", []int{18}},             // a fence on an item's line, closed inside it
		{"- ```\n\n  ```\n\n[a](b)\n", []int{14}},             // not a fence opening at indent 2
		{"1. - ~~~\n     x\n\nb\n```\n\nc\n", []int{17}},      // the item ends, and its fence: "```" opens one
		{"a\n2. ```\n\n   ```\n\n[x](y)\n", nil},              // an item or a paragraph's line: unsure
		{"[a]\n\n[a]: /u\n\n``` `x\n\nb\n", []int{5, 14, 22}}, // a backtick in the info string: no fence
	} {
		got := mdCuts([]byte(tc.doc))
		want := append(append([]int{0}, tc.cuts...), len(tc.doc))
		if !slices.Equal(got, want) {
			t.Errorf("%q: cuts %v, want %v", tc.doc, got, want)
		}
		checkParts(t, []byte(tc.doc), Options{})
	}
}

// TestMarkdownPartsRefs checks that a reference link finds a definition
// in another part, before or after it, and that the first definition of a
// label wins.
func TestMarkdownPartsRefs(t *testing.T) {
	doc := "[a] and [b]\n\nprose\n\n[a]: /first\n\n[a]: /second\n\n[b]\n\n[b]: <./b c>\n"
	got := mdHitsBy(t, []byte(doc), Options{}, true)
	var uris []string
	for _, l := range got {
		var h reader.Hit
		_ = json.Unmarshal([]byte(l), &h)
		uris = append(uris, h.Kind+" "+h.URI+" "+h.Raw)
	}
	want := []string{
		"md-link https://docs.example/first /first", "md-link https://docs.example/d/b%20c ./b c",
		"md-definition https://docs.example/first /first", "md-definition https://docs.example/second /second",
		"md-link https://docs.example/d/b%20c ./b c", "md-definition https://docs.example/d/b%20c ./b c",
	}
	if !slices.Equal(uris, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(uris, "\n"), strings.Join(want, "\n"))
	}
	checkParts(t, []byte(doc), Options{})
}

// TestMarkdownPartsCorpus reads the Markdown samples, and the tree named by
// URIX_MD_CORPUS when set (bench/doc-corpus.sh builds one), in parts
// and whole, with and without code.
func TestMarkdownPartsCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../extract/testdata/markdown/*.md")
	files = append(files, "../../testdata/conformance/markdown-commonmark-spec.json")
	if dir := os.Getenv("URIX_MD_CORPUS"); dir != "" {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
	}
	for _, f := range files {
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".json") { // the spec's examples, one document
			var ex []struct{ Markdown string }
			if err := json.Unmarshal(doc, &ex); err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, e := range ex {
				b.WriteString(e.Markdown + "\n")
			}
			doc = []byte(b.String())
		}
		checkParts(t, doc, Options{})
		checkParts(t, doc, Options{IncludeCode: true})
	}
}

// TestMarkdownPartsFile compares the two readings on the file named by
// URIX_MD_FILE (e.g. a whole corpus concatenated); skipped without it.
func TestMarkdownPartsFile(t *testing.T) {
	f := os.Getenv("URIX_MD_FILE")
	if f == "" {
		t.Skip("URIX_MD_FILE not set")
	}
	doc, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	checkParts(t, doc, Options{})
}

// FuzzMarkdownParts: a document read in parts, as urix reads Markdown,
// gives the hits of one parse, with and without code.
func FuzzMarkdownParts(f *testing.F) {
	for _, s := range []string{"[a](b)", "[a]: <b c>\n[a]", "> [x](y\n> z)", "\t- [x](\ty)", "<a href=\"x\n\">", "![a ![b](c)](d)", "`http://a/`", "```\nhttp://a/\n```\n\n[b]\n\n[b]: /c"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkParts(t, data, Options{})
		checkParts(t, data, Options{IncludeCode: true})
	})
}
