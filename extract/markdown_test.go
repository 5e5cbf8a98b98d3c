package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/xml"
)

// mdHits reads doc as Markdown with base and returns its hits, checking
// that every hit's span selects its raw text from doc where it should.
func mdHits(t *testing.T, o Options, base, doc string) []Hit {
	t.Helper()
	o.Type = Markdown
	hits, warns := collect(t, mustNew(t, o), "a.md", base, []byte(doc))
	if len(warns) > 0 {
		t.Errorf("%q: warnings %v", doc, warns)
	}
	for _, h := range hits {
		checkHitSpan(t, doc, h)
	}
	return hits
}

// checkHitSpan checks that a hit lies in doc, that its line and column
// agree with its offset, and that its raw text is doc[offset:end] for the
// kinds whose span is the reference as written.
func checkHitSpan(t *testing.T, doc string, h Hit) {
	t.Helper()
	if h.Offset < 0 || h.End < h.Offset || h.End > int64(len(doc)) {
		t.Errorf("%q: hit %q span [%d,%d) outside the input", doc, h.URI, h.Offset, h.End)
		return
	}
	line, col := lineColAt(doc, h.Offset)
	if h.Line != line || h.Col != col {
		t.Errorf("%q: hit %q at %d:%d, offset %d is %d:%d", doc, h.URI, h.Line, h.Col, h.Offset, line, col)
	}
	if !strings.HasPrefix(h.Kind, "html-") && h.End > h.Offset && doc[h.Offset:h.End] != h.Raw && declaredDecode(doc, doc[h.Offset:h.End]) != h.Raw {
		t.Errorf("%q: hit %q raw %q, input[%d:%d] = %q", doc, h.URI, h.Raw, h.Offset, h.End, doc[h.Offset:h.End])
	}
}

// declaredDecode returns s converted to UTF-8 from the encoding the XML
// reader reads doc in (xml.DocumentEncoding), or s: a hit's raw text is
// UTF-8, its span the bytes of the input.
func declaredDecode(doc, s string) string {
	enc, _ := xml.DocumentEncoding([]byte(doc[:min(len(doc), 64<<10)]))
	if enc == nil {
		return s
	}
	out, err := enc.NewDecoder().String(s)
	if err != nil {
		return s
	}
	return out
}

func hitList(hits []Hit) string {
	var b strings.Builder
	for _, h := range hits {
		fmt.Fprintf(&b, "%s %s %q;", h.Kind, h.URI, h.Raw)
	}
	return b.String()
}

func TestMarkdownConstructs(t *testing.T) {
	const base = "http://h.example/d/a.md"
	for _, tt := range []struct {
		name, doc, want string
	}{
		{"inline link", "[x](b/c \"t\")", `md-link http://h.example/d/b/c "b/c";`},
		{"angle destination", "[x](<b c>)", `md-link http://h.example/d/b%20c "b c";`},
		{"escapes and entities", `[x](a\_b&amp;c)`, `md-link http://h.example/d/a_b&c "a\\_b&amp;c";`},
		{"empty destination", "[x]()", `md-link http://h.example/d/a.md "";`},
		{"fragment", "[x](#top)", `md-link http://h.example/d/a.md#top "#top";`},
		{"image", "![alt](i.png)", `md-image http://h.example/d/i.png "i.png";`},
		{"reference", "[x][r]\n\n[r]: /p", `md-link http://h.example/p "/p";md-definition http://h.example/p "/p";`},
		{"unused definition", "[r]: <x y> 'title'", `md-definition http://h.example/d/x%20y "x y";`},
		{"autolink", "<https://a.example/b>", `md-autolink https://a.example/b "https://a.example/b";`},
		{"email autolink", "<me@a.example>", `md-autolink mailto:me@a.example "me@a.example";`},
		{"gfm autolink", "see https://a.example/b.", `md-autolink https://a.example/b "https://a.example/b";`},
		{"gfm www", "see www.a.example/b", `md-autolink http://www.a.example/b "www.a.example/b";`},
		{"prose", "see <URL:ftp://f.example/x> now", `md-autolink ftp://f.example/x "URL:ftp://f.example/x";`},
		{"prose over emphasis", "*see* news:comp.lang.go", `space news:comp.lang.go "news:comp.lang.go";`},
		{"link text", "[http://t.example/](u)", `md-link http://h.example/d/u "u";space http://t.example/ "http://t.example/";`},
		{"code span", "`http://c.example/`", ``},
		{"fenced code", "```\nhttp://c.example/\n```", ``},
		{"indented code", "    http://c.example/", ``},
		{"html block", "<div><a href=\"x.html\">x</a></div>", `html-attr http://h.example/d/x.html "x.html";`},
		{"html block colon reference", "<div>\nsee http&#58;//a.example/x\n</div>\n", `html-text http://a.example/x "http&#58;//a.example/x";`},
		{"html base ignored", "<base href=\"http://evil.example/\">\n\n[x](y)", `md-link http://h.example/d/y "y";`},
		{"inline html", "a <img src=\"i.gif\"> b", `html-attr http://h.example/d/i.gif "i.gif";`},
		{"block quote", "> [x](q)\n> [y]:\n> z", `md-link http://h.example/d/q "q";`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := hitList(mdHits(t, Options{}, base, tt.doc)); got != tt.want {
				t.Errorf("%q:\n got %s\nwant %s", tt.doc, got, tt.want)
			}
		})
	}
}

func TestMarkdownIncludeCode(t *testing.T) {
	doc := "`http://c.example/s`\n\n```\nx http://c.example/f\n```\n\n    http://c.example/i\n"
	got := uris(mdHits(t, withMarkdown(Options{}, markdown.Options{IncludeCode: true}), "", doc))
	want := []string{"http://c.example/s", "http://c.example/f", "http://c.example/i"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestMarkdownRootRelative(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "docs", "a.md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("[x](/img/a.png) [y](rel) [z](//h.example/p)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{}, "file:///img/a.png root;" + FileURI(dir) + "/docs/rel;file://h.example/p;"},
		{withMarkdown(Options{}, markdown.Options{RootDir: dir}), FileURI(dir) + "/img/a.png;" + FileURI(dir) + "/docs/rel;file://h.example/p;"},
		{withMarkdown(Options{Base: "https://site.example/blog/"}, markdown.Options{RootDir: dir}), "https://site.example/blog/img/a.png;https://site.example/blog/rel;https://h.example/p;"},
	} {
		var b strings.Builder
		err := mustNew(t, tt.opts).File(path, func(h *Hit) error {
			b.WriteString(h.URI)
			if h.RootRelative {
				b.WriteString(" root")
			}
			b.WriteString(";")
			return nil
		}, nil)
		if err != nil || b.String() != tt.want {
			t.Errorf("%+v:\n got %s (%v)\nwant %s", tt.opts, b.String(), err, tt.want)
		}
	}
}

func TestMarkdownTooLarge(t *testing.T) {
	_, warns := collect(t, mustNew(t, Options{Type: Markdown, MaxDecoded: 10}), "a.md", "", []byte("[x](http://a.example/long)"))
	if len(warns) != 1 || !strings.Contains(warns[0].Error(), ErrTooLarge.Error()) {
		t.Errorf("warnings %v, want ErrTooLarge", warns)
	}
}
