package mdscan

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/yuin/goldmark/text"
)

// pathological are the input classes that make Markdown parsers
// quadratic (cmark's test/pathological_tests.py, and urix's own finds),
// each as a function of a repeat count n.
var pathological = []struct {
	name string
	gen  func(n int) string
}{
	{"nested strong emph", func(n int) string {
		return strings.Repeat("*a **a ", n) + "b" + strings.Repeat(" a** a*", n)
	}},
	{"emph closers", func(n int) string { return strings.Repeat("a_ ", n) }},
	{"emph openers", func(n int) string { return strings.Repeat("_a ", n) }},
	{"*a_ ", func(n int) string { return strings.Repeat("*a_ ", n) }},
	{"a**b c* ", func(n int) string { return "a**b" + strings.Repeat("c* ", n) }},
	{"link openers and emph closers", func(n int) string { return strings.Repeat("[ a_", n) }},
	{"[ (](", func(n int) string { return strings.Repeat("[ (](", n) }},
	{"![[]()", func(n int) string { return strings.Repeat("![[]()", n) }},
	{"[a](", func(n int) string { return strings.Repeat("[a](", n) }},
	{"[a](b", func(n int) string { return strings.Repeat("[a](b", n) }},
	{"[a](<b", func(n int) string { return strings.Repeat("[a](<b", n) }},
	{"[a](b()", func(n int) string { return strings.Repeat("[a](b()", n) }},
	{"unclosed title \"", func(n int) string { return strings.Repeat("[a](b \"", n) }},
	{"unclosed title (", func(n int) string { return strings.Repeat("[a](b (", n) }},
	{"unclosed title '", func(n int) string { return strings.Repeat("[a](<b> '", n) }},
	{"[a][", func(n int) string { return strings.Repeat("[a][", n) }},
	{"nested brackets", func(n int) string {
		return "[x]: /u\n\n" + strings.Repeat("[", n) + "a" + strings.Repeat("]", n)
	}},
	{"nested block quotes", func(n int) string { return strings.Repeat("> ", n) + "a\n" }},
	{"block quotes then blank lines", func(n int) string {
		return strings.Repeat(">", 200) + " a\n" + strings.Repeat(">\n", n)
	}},
	{"deep lists", func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat("  ", i%300) + "* a\n")
		}
		return b.String()
	}},
	{"deep list then blank lines", func(n int) string {
		return strings.Repeat("- ", 200) + "a\n" + strings.Repeat("\n", n)
	}},
	{"backticks", func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString("e" + strings.Repeat("`", i%500))
		}
		return b.String()
	}},
	{"unclosed <!--", func(n int) string { return "</" + strings.Repeat("<!--", n) }},
	{"unclosed <?", func(n int) string { return strings.Repeat("<?", n) }},
	{"unclosed <!A", func(n int) string { return strings.Repeat("<!A ", n) }},
	{"unclosed CDATA", func(n int) string { return strings.Repeat("<![CDATA[", n) }},
	{"unclosed attribute", func(n int) string { return strings.Repeat("<a b=\"", n) }},
	{"autolink scheme", func(n int) string { return strings.Repeat("<a:b", n) }},
	{"many definitions", func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "[l%d]: /u%d\n", i, i)
		}
		for i := range n {
			fmt.Fprintf(&b, "[l%d] ", i)
		}
		return b.String()
	}},
	{"definition titles", func(n int) string { return strings.Repeat("[a]: /u \"\n", n) }},
	{"thematic break lists", func(n int) string { return strings.Repeat("- ", n) + "x\n" }},
	{"linkify _a", func(n int) string { return strings.Repeat("_a", n) }},
	{"linkify www.", func(n int) string { return strings.Repeat("www.", n) }},
	{"linkify a_@", func(n int) string { return strings.Repeat("a_", n) + "@b.c" }},
	{"linkify trailing", func(n int) string { return "www.a.com/" + strings.Repeat("_.", n) }},
	{"linkify @ runs", func(n int) string { return strings.Repeat("a.b@", n) }},
	{"linkify addresses", func(n int) string { return strings.Repeat("_a@b.c_d@", n) }},
	{"linkify escapes", func(n int) string { return strings.Repeat("\\.\\\\", n) + "@b.c" }},
	{"linkify mailto:", func(n int) string { return strings.Repeat("mailto:", n) + "a@b.c" }},
	{"linkify xmpp resource", func(n int) string { return "xmpp:a@b.c/" + strings.Repeat("@.", n) }},
	{"NUL", func(n int) string { return strings.Repeat("a\x00[", n) }},
}

// TestLinear counts the work of a scan: on every pathological class,
// four times the input costs at most five times the steps.
func TestLinear(t *testing.T) {
	const n = 3 * MaxBrackets // past the bracket cap at both sizes, so both are measured in the same regime
	for _, p := range pathological {
		small, big := p.gen(n), p.gen(4*n)
		for _, linkify := range []bool{false, true} {
			s1 := Scan([]byte(small), Options{Linkify: linkify}, func(Event) {}).Steps
			s4 := Scan([]byte(big), Options{Linkify: linkify}, func(Event) {}).Steps
			if s4 > 5*s1 {
				t.Errorf("%s (linkify=%v): %d steps for %d bytes, %d for %d", p.name, linkify, s1, len(small), s4, len(big))
			}
		}
	}
}

// testdataMarkdown is every .md under testdata, joined.
func testdataMarkdown(b *testing.B) []byte {
	var all []byte
	for _, f := range mdFiles(b) {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, src...)
		all = append(all, '\n')
	}
	return all
}

// BenchmarkMdscan reads the Markdown of testdata, and a pathological
// input goldmark is quadratic on, with Linkify.
func BenchmarkMdscan(b *testing.B) {
	inputs := map[string][]byte{
		"testdata":   testdataMarkdown(b),
		"[a](b x20k": []byte(strings.Repeat("[a](b", 20000)),
	}
	for name, src := range inputs {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Scan(src, Options{Linkify: true}, func(Event) {})
			}
		})
	}
}

// BenchmarkGoldmark parses the same inputs with goldmark (tree only, no
// walk), for comparison.
func BenchmarkGoldmark(b *testing.B) {
	inputs := map[string][]byte{
		"testdata":   testdataMarkdown(b),
		"[a](b x20k": []byte(strings.Repeat("[a](b", 20000)),
	}
	for name, src := range inputs {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				gmLinkify.Parse(text.NewReader(src))
			}
		})
	}
}
