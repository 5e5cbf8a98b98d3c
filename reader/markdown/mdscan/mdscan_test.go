package mdscan

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type cmExample struct {
	Markdown string `json:"markdown"`
	Example  int    `json:"example"`
	Section  string `json:"section"`
}

func specExamples(t testing.TB) []cmExample {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "conformance", "markdown-commonmark-spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex []cmExample
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

// specDifferences are the spec examples where mdscan deliberately gives
// other links than goldmark, with the reason.
var specDifferences = map[int]string{}

// TestSpecExamples: on every CommonMark spec example, plain and with
// Linkify, mdscan finds goldmark's links, at the same offsets.
func TestSpecExamples(t *testing.T) {
	ex := specExamples(t)
	if len(ex) != 652 {
		t.Fatalf("%d examples, want 652", len(ex))
	}
	same := 0
	for _, e := range ex {
		ok := true
		for _, linkify := range []bool{false, true} {
			src := []byte(e.Markdown)
			gm, ms := gmLinks(src, linkify), scanLinks(src, linkify)
			if !sameLinks(gm, ms) {
				ok = false
				if _, deliberate := specDifferences[e.Example]; !deliberate {
					t.Errorf("example %d (%s) linkify=%v: %q\n goldmark %q\n   mdscan %q", e.Example, e.Section, linkify, e.Markdown, gm, ms)
				}
			}
		}
		if ok {
			same++
		}
	}
	t.Logf("%d/%d spec examples identical to goldmark (plain and Linkify)", same, len(ex))
}

// mdFiles are the Markdown files under testdata.
func mdFiles(t testing.TB) []string {
	var files []string
	root := filepath.Join("..", "..", "..", "testdata")
	err := filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestTestdataMarkdown: on every .md under testdata, with Linkify,
// mdscan finds goldmark's links.
func TestTestdataMarkdown(t *testing.T) {
	for _, f := range mdFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, linkify := range []bool{false, true} {
			gm, ms := gmLinks(src, linkify), scanLinks(src, linkify)
			if !sameLinks(gm, ms) {
				t.Errorf("%s linkify=%v: %d links, goldmark %d\n%s", f, linkify, len(ms), len(gm), firstDiff(gm, ms))
			}
		}
	}
}

func firstDiff(gm, ms []string) string {
	for i := 0; i < max(len(gm), len(ms)); i++ {
		var g, m string
		if i < len(gm) {
			g = gm[i]
		}
		if i < len(ms) {
			m = ms[i]
		}
		if !sameLinks([]string{g}, []string{m}) {
			return "goldmark: " + g + "\n  mdscan: " + m
		}
	}
	return ""
}

// TestSpecHTML: the raw HTML spans are goldmark's, on every spec example.
func TestSpecHTML(t *testing.T) {
	same := 0
	for _, e := range specExamples(t) {
		gm, ms := gmHTML([]byte(e.Markdown), false), scanHTML([]byte(e.Markdown), false)
		if strings.Join(gm, "|") != strings.Join(ms, "|") {
			t.Errorf("example %d %q\n goldmark %q\n   mdscan %q", e.Example, e.Markdown, gm, ms)
			continue
		}
		same++
	}
	t.Logf("%d/652 identical", same)
}

// gfmAutolinkExamples returns the Markdown of the GFM autolink examples
// (testdata/conformance/markdown-gfm-autolinks.json).
func gfmAutolinkExamples(t testing.TB) []string {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "conformance", "markdown-gfm-autolinks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex []cmExample
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ex {
		out = append(out, e.Markdown)
	}
	return out
}

// TestGFMAutolinks: on the GFM autolink examples, with Linkify, mdscan
// finds goldmark's links.
func TestGFMAutolinks(t *testing.T) {
	ex := gfmAutolinkExamples(t)
	if len(ex) != 21 {
		t.Fatalf("%d examples, want 21", len(ex))
	}
	for i, md := range ex {
		gm, ms := gmLinks([]byte(md), true), scanLinks([]byte(md), true)
		if !sameLinks(gm, ms) {
			t.Errorf("example %d %q\n goldmark %q\n   mdscan %q", i+1, md, gm, ms)
		}
	}
}
