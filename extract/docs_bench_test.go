package extract

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// genMarkdown returns about n bytes of README-like Markdown: headings,
// prose with a bare URL, inline links and images, reference links and
// definitions, a code block and some inline HTML.
func genMarkdown(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nSome prose about the project, see [the guide](docs/guide-%d.md#usage) and\n"+
			"![diagram](img/diagram-%d.png \"Diagram\"). Bug %d is at https://bugs.example.org/%d and the\n"+
			"[changelog][cl%d] explains it. Plain words follow, with *emphasis* and `code`, to make the\n"+
			"paragraph as long as paragraphs in real READMEs are, where links are only a part of the text.\n\n"+
			"```go\nfmt.Println(\"http://example.org/in-code\")\n```\n\n"+
			"<a href=\"https://example.com/%d\">raw html</a> and <https://auto.example/%d>.\n\n[cl%d]: CHANGELOG.md#v%d\n\n",
			i, i, i, i, i, i, i, i, i, i)
	}
	return b.Bytes()
}

// genXML returns about n bytes of an RSS 2.0 feed with HTML descriptions.
func genXML(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<rss version="2.0"><channel><title>Feed</title><link>https://example.org/</link>` + "\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<item>\n  <title>Item %d</title>\n  <link>https://example.org/posts/%d</link>\n  <guid>https://example.org/posts/%d</guid>\n"+
			"  <pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate>\n  <enclosure url=\"https://cdn.example.org/%d.mp3\" length=\"1234\" type=\"audio/mpeg\"/>\n"+
			"  <description>&lt;p&gt;Notes for item %d with &lt;a href=\"https://example.org/notes/%d\"&gt;a link&lt;/a&gt; and some text around it.&lt;/p&gt;</description>\n</item>\n",
			i, i, i, i, i, i)
	}
	b.WriteString("</channel></rss>\n")
	return b.Bytes()
}

func benchDoc(b *testing.B, typ Type, doc []byte) {
	x, err := New(Options{Type: typ})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		err := x.Reader(bytes.NewReader(doc), "bench", "https://base.example/", func(*Hit) error { n++; return nil }, nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	if n == 0 {
		b.Fatal("no hits")
	}
}

func BenchmarkMarkdown(b *testing.B) { benchDoc(b, Markdown, genMarkdown(4<<20)) }

func BenchmarkXML(b *testing.B) { benchDoc(b, XML, genXML(4<<20)) }

// markdownTree returns the files of the tree named by URIX_BENCH_MD
// (bench/doc-corpus.sh builds one) and their size; skips without it.
func markdownTree(b *testing.B) ([][]byte, int) {
	dir := os.Getenv("URIX_BENCH_MD")
	if dir == "" {
		b.Skip("URIX_BENCH_MD not set")
	}
	var docs [][]byte
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if data, err := os.ReadFile(p); err == nil {
				docs, n = append(docs, data), n+len(data)
			}
		}
		return nil
	})
	return docs, n
}

// BenchmarkMarkdownTree reads every file of the URIX_BENCH_MD tree.
func BenchmarkMarkdownTree(b *testing.B) {
	docs, n := markdownTree(b)
	x, err := New(Options{Type: Markdown})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, doc := range docs {
			_ = x.Reader(bytes.NewReader(doc), "bench", "file:///bench/doc.md", func(*Hit) error { return nil }, nil)
		}
	}
}

// BenchmarkGoldmarkTree is the ceiling of BenchmarkMarkdownTree: goldmark
// alone parsing the same files, as urix configures it (CommonMark and
// linkify), as plain CommonMark, and only its block structure (no inline
// parsing, so no link is found), with nothing reported.
func BenchmarkGoldmarkTree(b *testing.B) {
	docs, n := markdownTree(b)
	blocks := parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithParagraphTransformers(util.Prioritized(parser.LinkReferenceParagraphTransformer, 100)))
	for _, p := range []struct {
		name string
		p    parser.Parser
	}{{"linkify", goldmark.New(goldmark.WithExtensions(extension.Linkify)).Parser()}, {"commonmark", goldmark.New().Parser()}, {"blocks", blocks}} {
		b.Run(p.name, func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				for _, doc := range docs {
					p.p.Parse(text.NewReader(doc))
				}
			}
		})
	}
}

// BenchmarkXMLFile reads the file named by URIX_BENCH_XML; skipped
// without it.
func BenchmarkXMLFile(b *testing.B) {
	file := os.Getenv("URIX_BENCH_XML")
	if file == "" {
		b.Skip("URIX_BENCH_XML not set")
	}
	doc, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	benchDoc(b, XML, doc)
}
