package markdown

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// cmExample is one example of the CommonMark spec, as goldmark's
// _test/spec.json holds it (testdata/conformance/SOURCES.md).
type cmExample struct {
	Markdown string `json:"markdown"`
	HTML     string `json:"html"`
	Example  int    `json:"example"`
	Section  string `json:"section"`
}

// cmDifferences are the examples whose links urix deliberately reports
// otherwise than the spec's HTML has them, with the reason; the test
// checks that each still differs, and exactly so.
var cmDifferences = map[int]struct{ got, reason string }{
	617: {"", "htmlbase reports src only on the elements of SPEC H3, not on a custom element such as <responsive-image>"},
	642: {"foo%20%20bar", "SPEC H1: line breaks inside an attribute value are removed, as browsers do for URLs"},
	643: {"foo%5Cbar", "SPEC H1: line breaks inside an attribute value are removed, as browsers do for URLs"},
}

// TestCommonMarkConformance: for every example of the CommonMark spec,
// the destinations the Markdown reader finds (links, images, autolinks,
// and href/src in raw HTML), as written and unresolved, are the href and
// src values of the example's HTML, in order. Both sides are compared
// after the percent-encoding a CommonMark renderer applies to
// destinations (goldmark's util.URLEscape); the HTML side is also
// entity-decoded by its parser.
func TestCommonMarkConformance(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "conformance", "markdown-commonmark-spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var examples []cmExample
	if err := json.Unmarshal(data, &examples); err != nil {
		t.Fatal(err)
	}
	if len(examples) != 652 {
		t.Fatalf("%d examples, want 652", len(examples))
	}
	pass := 0
	for _, ex := range examples {
		got := strings.Join(cmLinks(t, ex.Markdown), " | ")
		want := strings.Join(htmlLinks(t, ex.HTML), " | ")
		d, deliberate := cmDifferences[ex.Example]
		switch {
		case deliberate && got != d.got:
			t.Errorf("example %d (%s): %q\n got %q\nwant the deliberate difference %q (spec: %q)", ex.Example, ex.Section, ex.Markdown, got, d.got, want)
		case deliberate && got == want:
			t.Errorf("example %d (%s): now agrees with the spec; remove it from cmDifferences", ex.Example, ex.Section)
		case !deliberate && got != want:
			t.Errorf("example %d (%s): %q\n got %q\nwant %q", ex.Example, ex.Section, ex.Markdown, got, want)
		default:
			pass++
		}
	}
	t.Logf("%d of %d examples agree with the spec (%d deliberate differences)", pass-len(cmDifferences), len(examples), len(cmDifferences))
}

// cmLinks returns the link destinations the Markdown reader finds in doc,
// read as plain CommonMark with no base; every hit's span is checked.
func cmLinks(t *testing.T, doc string) []string {
	var links []string
	s := &readertest.Sink{File: "spec.md", Opts: reader.Options{MaxDecoded: 1 << 20}, OnHit: func(h reader.Hit) {
		checkHitSpan(t, doc, h)
		switch {
		case strings.HasPrefix(h.Kind, "md-") && h.Kind != "md-definition",
			h.Kind == "html-attr" && (h.Attr == "href" || h.Attr == "src"):
			links = append(links, string(util.URLEscape([]byte(h.URI), false)))
		}
	}}
	if err := read(&reader.Content{R: strings.NewReader(doc), Name: "spec.md"}, s, Options{noLinkify: true}); err != nil {
		t.Fatal(err)
	}
	return links
}

// htmlLinks returns the href and src attribute values of an HTML
// fragment, in order.
func htmlLinks(t *testing.T, doc string) []string {
	var links []string
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return links
		case html.StartTagToken, html.SelfClosingTagToken:
			for _, a := range z.Token().Attr {
				if a.Key == "href" || a.Key == "src" {
					links = append(links, string(util.URLEscape([]byte(a.Val), false)))
				}
			}
		}
	}
}

// checkHitSpan fails when a hit's span is outside doc, its line and
// column are not those of its offset, or its raw text is not the text of
// its span.
func checkHitSpan(t *testing.T, doc string, h reader.Hit) {
	t.Helper()
	if h.Offset < 0 || h.End < h.Offset || h.End > int64(len(doc)) {
		t.Errorf("%q: hit %q span [%d,%d) outside the input", doc, h.URI, h.Offset, h.End)
		return
	}
	off := h.Offset
	line, col := 1+strings.Count(doc[:off], "\n"), int(off)-strings.LastIndexByte(doc[:off], '\n')
	if h.Line != line || h.Col != col {
		t.Errorf("%q: hit %q at %d:%d, offset %d is %d:%d", doc, h.URI, h.Line, h.Col, h.Offset, line, col)
	}
	if !strings.HasPrefix(h.Kind, "html-") && h.End > h.Offset && doc[h.Offset:h.End] != h.Raw {
		t.Errorf("%q: hit %q raw %q, input[%d:%d] = %q", doc, h.URI, h.Raw, h.Offset, h.End, doc[h.Offset:h.End])
	}
}
