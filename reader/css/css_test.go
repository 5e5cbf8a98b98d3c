package css

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

func read(t testing.TB, doc string, r io.Reader) *readertest.Sink {
	t.Helper()
	s := &readertest.Sink{}
	if r == nil {
		r = strings.NewReader(doc)
	}
	if err := Read(&reader.Content{R: r, Name: "s.css", Base: "http://css.example/s/style.css"}, s); err != nil {
		t.Fatal(err)
	}
	for _, h := range s.Hits {
		if h.Offset < 0 || h.End > int64(len(doc)) || doc[h.Offset:h.End] != h.Raw {
			t.Fatalf("hit %q: raw %q at [%d,%d) is not the input's", h.URI, h.Raw, h.Offset, h.End)
		}
	}
	return s
}

func TestCSS(t *testing.T) {
	doc := `@charset "utf-8";
@import "theme.css";
@import url(print.css) print;
/* url(commented.png) */
body { background: url("../img/bg.png") no-repeat; content: "url(in-a-string.png)" }
.a { background-image: image-set("a.avif" type("image/avif") 1x, url(b@2x.png) 2x) }
.b { background: u\72l(escaped.png) }
@font-face { src: url( 'fonts/f.woff2' ) format("woff2") }
`
	s := read(t, doc, nil)
	want := []string{
		"http://css.example/s/theme.css 2:9",
		"http://css.example/s/print.css 3:9",
		"http://css.example/img/bg.png 5:20",
		"http://css.example/s/a.avif 6:34",
		"http://css.example/s/b@2x.png 6:66",
		"http://css.example/s/escaped.png 7:18",
		"http://css.example/s/fonts/f.woff2 8:19",
	}
	var got []string
	for _, h := range s.Hits {
		got = append(got, fmt.Sprintf("%s %d:%d", h.URI, h.Line, h.Col))
		if h.Kind != "css" {
			t.Errorf("%s: kind %s", h.URI, h.Kind)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	one := read(t, doc, iotest.OneByteReader(strings.NewReader(doc)))
	if !slices.Equal(one.Hits, s.Hits) {
		t.Errorf("one byte at a time: %v", one.Hits)
	}
}

// TestCSSWindows: a stylesheet of megabytes is read in windows: every
// URL found once, one cut by a window's end too, the lines counted.
func TestCSSWindows(t *testing.T) {
	var b strings.Builder
	n := 0
	for b.Len() < 3<<20 {
		fmt.Fprintf(&b, ".c%d {\n  background: url(\"img/%d.png\");\n}\n", n, n)
		n++
	}
	doc := b.String()
	s := read(t, doc, nil)
	if len(s.Hits) != n {
		t.Fatalf("%d hits, want %d", len(s.Hits), n)
	}
	for i, h := range s.Hits {
		if want := fmt.Sprintf("http://css.example/s/img/%d.png", i); h.URI != want || h.Line != 3*i+2 || h.Col != 15 {
			t.Fatalf("hit %d: %s at %d:%d, want %s at %d:15", i, h.URI, h.Line, h.Col, want, 3*i+2)
		}
	}
}

// TestCSSLongToken: a comment and a string longer than the window are
// skipped with a warning; the URLs after them are found, none inside.
func TestCSSLongToken(t *testing.T) {
	doc := "a{background:url(before.png)}/*" + strings.Repeat("url(in-comment.png) ", 100000) + "*/ b{background:url(after.png)}" +
		"c{content:\"" + strings.Repeat("x", 3<<20) + "\"} d{background:url(last.png)}"
	s := read(t, doc, nil)
	var got []string
	for _, h := range s.Hits {
		got = append(got, h.URI)
	}
	want := []string{"http://css.example/s/before.png", "http://css.example/s/after.png", "http://css.example/s/last.png"}
	if !slices.Equal(got, want) || len(s.Warnings) != 2 || !strings.Contains(s.Warnings[0], htmlbase.ErrCSSToken.Error()) {
		t.Errorf("hits %q, warnings %q", got, s.Warnings)
	}
}

func TestCSSTruncated(t *testing.T) {
	s := read(t, "a{background:url("+strings.Repeat("x", 100<<10)+")}", nil)
	if len(s.Hits) != 1 || !s.Hits[0].Truncated || len(s.Hits[0].URI) > 70<<10 {
		t.Errorf("%d hits", len(s.Hits))
	}
}

// BenchmarkCSS reads a generated stylesheet of a few megabytes; the
// text reader over the same bytes is the yardstick on a loaded machine.
func BenchmarkCSS(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 4<<20; i++ {
		fmt.Fprintf(&sb, ".item-%d > a:hover, .item-%d .title { color: #333; margin: 0 auto; padding: 4px 8px;\n"+
			"  background: #fff url(\"../img/sprite-%d.png\") no-repeat 0 -%dpx; font: 14px/1.4 \"Helvetica Neue\", sans-serif }\n"+
			"/* state %d */\n@media (max-width: 600px) { .item-%d { display: none } }\n", i, i, i%10, i, i, i)
	}
	doc := sb.String()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if err := Read(&reader.Content{R: strings.NewReader(doc)}, &countSink{}); err != nil {
			b.Fatal(err)
		}
	}
}

type countSink struct{ readertest.Sink }

func (s *countSink) Report(*reader.Hit, string) {}
