package htmltoken

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// chunks reads b in chunks of the sizes in sizes, in turn (a size of 0
// reads nothing, as a reader may).
type chunks struct {
	b     []byte
	sizes []byte
	i     int
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := len(p)
	if len(c.sizes) > 0 {
		n = min(n, int(c.sizes[c.i%len(c.sizes)]))
		c.i++
	}
	n = copy(p, c.b[:min(n, len(c.b))])
	c.b = c.b[n:]
	return n, nil
}

// tokens runs a tokenizer (ours or upstream's, through the methods both
// have) over in and describes every token: its type, raw bytes, name and
// attributes, and the error that ends the stream. ctl steers it as
// package htmlbase does: the limit on a token, the read sizes, and when
// to allow CDATA, call NextIsNotRawText or ask for the tag name, and
// whether ours gives the attributes by TagAttr or by TagAttrKey and
// AttrVal.
type tokenizer interface {
	Next() html.TokenType
	Raw() []byte
	Err() error
	TagName() ([]byte, bool)
	TagAttr() ([]byte, []byte, bool)
	AllowCDATA(bool)
	NextIsNotRawText()
	SetMaxBuf(int)
}

func describe(z tokenizer, ctl []byte) string {
	var out strings.Builder
	if len(ctl) > 0 {
		z.SetMaxBuf(int(ctl[0]) % 64) // 0: unlimited
	}
	for i := 0; i < 1<<16; i++ {
		var c byte
		if len(ctl) > 1 {
			c = ctl[1+i%(len(ctl)-1)]
		}
		tt := z.Next()
		fmt.Fprintf(&out, "%v %q", tt, z.Raw())
		if tt == html.ErrorToken {
			fmt.Fprintf(&out, " %v\n", z.Err())
			return out.String()
		}
		if c&1 != 0 {
			name, more := z.TagName()
			fmt.Fprintf(&out, " name %q %v", name, more)
		} else if tt != html.TextToken && tt != html.CommentToken && tt != html.DoctypeToken {
			// RawTagName is upstream's TagName before its changes.
			var name []byte
			if ours, ok := z.(*Tokenizer); ok {
				name = bytes.ReplaceAll(ours.RawTagName(), []byte{0}, []byte("\ufffd"))
				for i, c := range name {
					name[i] = lowerASCII(c)
				}
			} else {
				name, _ = z.TagName()
			}
			fmt.Fprintf(&out, " raw name %q", name)
		}
		ours, _ := z.(*Tokenizer)
		for more := true; more; {
			var k, v []byte
			if ours != nil && c&8 != 0 {
				// The key first, the value only then: as TagAttr.
				k, more = ours.TagAttrKey()
				v = ours.AttrVal()
			} else {
				k, v, more = z.TagAttr()
			}
			if k == nil {
				break
			}
			fmt.Fprintf(&out, " [%q=%q]", k, v)
		}
		fmt.Fprintf(&out, " %q\n", z.Raw())
		z.AllowCDATA(c&2 != 0)
		if c&4 != 0 {
			z.NextIsNotRawText()
		}
	}
	return out.String()
}

func same(t *testing.T, in, sizes, ctl []byte) {
	t.Helper()
	want := describe(html.NewTokenizer(&chunks{b: bytes.Clone(in), sizes: sizes}), ctl)
	// Long values are decoded in pieces: pieces of 1 and 5 bytes at the
	// least put the cuts everywhere.
	defer func(n int) { chunkLen = n }(chunkLen)
	for _, chunkLen = range []int{32 << 10, 1, 5} {
		differ(t, describe(NewTokenizer(&chunks{b: bytes.Clone(in), sizes: sizes}), ctl), want, in, sizes, ctl)
	}
}

func differ(t *testing.T, got, want string, in, sizes, ctl []byte) {
	t.Helper()
	if got != want {
		g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("input %q (sizes %v, ctl %v, pieces of %d): token %d\n got %s\nwant %s", in, sizes, ctl, chunkLen, i, g[i], w[i])
			}
		}
		t.Fatalf("input %q: %d tokens, want %d", in, len(g), len(w))
	}
}

var seeds = []string{
	"", "a", "<", "<a", "<a>", "</a>", "</>", "<!>", "<!-->", "<!--x-->", "<!--x--!>", "<!--x--!-y-->", "<!-x>",
	"<!DOCTYPE html>", "<!doctype", "<![CDATA[x]]>", "<![CDATA[x", "<?xml x?>", "a<b>c</b>d", "x < y",
	`<a href="x&amp;y" HREF=z title='&lt;&notit;&ampx &amp=' data-x=a&amp;b>`, "<a b=\"\x00\r\n&#0;\">",
	"<a b='&amp;amp;' c=&AMP; d=\"&amp\" e='x&amp;\r\n&amp;\x00&amp;'>", "<a b=&amp;&amp;&>",
	"<a b='&lt;&#x41&#65;;&&#&#x&amp=&ampx&notin;&notit;' c=\"&#\" d=&#x &e=&amp>", "<a b=x&\"'&lt;>",
	"<a b=\"\r&\r\n&#0;\x00&\">", "<A B C=D b=e>", "<a =b>", "<a/b/>", "<br/>", "<p a=/>", "<a b='\"' c=\"'\" d=x\"y'z&amp;>",
	"<script>a</script>", "<script><!--<script>x</script>--></script>y", "<script><!-- a -- > </script>",
	"<SCRIPT>x</SCRIPT >", "<style>a<b</style>", "<title>a&amp;</title>", "<textarea>x</textarea>",
	"<plaintext>a<b>c", "<xmp><a></xmp>", "<iframe><a></iframe>", "<noscript><a></noscript>",
	"<svg><style><a></style></svg>", "<math><![CDATA[<a>]]></math>", "<a\tb\nc\rd\fe>",
	"<script>" + strings.Repeat("<!--<script>", 3) + "</script>", "<a " + strings.Repeat("x ", 40) + "x>",
	"<a " + strings.Repeat("b=1 ", 20) + "B=2>", strings.Repeat("<a href=/x?a=1&amp;b=2>t</a>\n", 50),
	// The references decoded without upstream (unescapeCommon), and the
	// edges where upstream decides.
	`<a href="https://bugs.python.org/issue?&#64;action=redirect&amp;bpo=12">`,
	`<a a="&amp;" b="&lt;" c="&gt;" d="&quot;" e='&apos;' f="x&amp;y&lt;z&gt;&quot;&apos;w">`,
	`<a a="&#64;&#x40;&#X4a;&#x4A;&#9;&#10;&#13;&#32;&#127;&#160;&#255;&#xA0;" b="&#x10FFFF;&#1114111;&#65533;">`,
	`<a a="&#0;" b="&#x0;" c="&#128;" d="&#x80;" e="&#159;" f="&#x9F;" g="&#x9f;" h="&#xA0;" i="&#127;">`,
	`<a a="&#55296;" b="&#xD800;" c="&#xDFFF;" d="&#57344;" e="&#x110000;" f="&#1114112;" g="&#99999999;">`,
	`<a a="&#0000064;" b="&#00000064;" c="&#x000040;" d="&#x0000040;" e="&#xFFFFFF;" f="&#9999999;">`,
	`<a a="&#64" b="&#x40" c="&#64x;" d="&#x40g;" e="&#" f="&#x" g="&#;" h="&#x;" i="&#-1;" j="&# 64;">`,
	`<a a="&amp" b="&lt" c="&ampx;" d="&AMP;" e="&Amp;" f="&quot" g="&apos" h="&nbsp;" i="&notin;" j="&notit;">`,
	`<a a="&" b="& " c="&&" d="&;" e="&=" f="&amp=" g="&ampx=" h="&lt=" i="&amp;=" j="&x" k="&x1=2&y">`,
	`<a a="?a=1&b=2&c=3" b="&#64;&unknown;" c="&a1;" d="&amp;&#64;&gt" e="&#x40;&#x;&#64">`,
	"<a a=\"&amp;\x00&amp;\" b=\"&#64;\r&amp;\" c=\"&lt;\r\n\" d='\x00&#64;'>",
	`<a a=&amp;&#64;&lt; b=&#x40;x c=&amp&#64; d='&quot;"' e="&apos;'">`,
	"<A HREF=\"&#x41;&#97;&#x3c;&#x26;amp;\">",
	// Tags that readTagFast reads, and the near ones it leaves to readTag.
	`<a href="x" class='y' hidden>t</a ><b c = "d"e='f'g>`, "<a\tb\n=\r'c'\fd>", `<a b c d="e" b='f' B>`,
	`<a b/>`, `<a b="c"/>`, `<a b='c' />`, `<a / b="c">`, `<a b=/c>`, `<a b= c>`, `<a b=c"d">`, `<a =b c="d">`,
	`<a b="c>`, `<a b="c" d`, `<a b`, `<a b ="c`, `<a b  `, `<a"b"='c' 'd'="e">`, `</a b="c">`, `</a b=c>`, `</a/>`,
	`<a b=""c="">`, `<a b="">`, `<a b='"' c="'">`, `<abc>`, `<a>`, `<a >`, `<a b>`, `<a b >`, `<a b =>`,
}

func FuzzSameTokens(f *testing.F) {
	for i, s := range seeds {
		f.Add([]byte(s), []byte{byte(i), 1, 7}, []byte{byte(i % 3 * 20), byte(i)})
	}
	f.Fuzz(func(t *testing.T, in, sizes, ctl []byte) {
		same(t, in, sizes, ctl)
	})
}

// TestSameTokens holds the tokenizer to upstream's over the seeds read
// whole and a byte at a time, and over the repository's HTML test files.
func TestSameTokens(t *testing.T) {
	for i, s := range seeds {
		for _, sizes := range [][]byte{nil, {1}, {0, 3, 1}} {
			same(t, []byte(s), sizes, nil)
			same(t, []byte(s), sizes, []byte{byte(i), 1, 2, 3, 4, 5, 6, 7})
			same(t, []byte(s), sizes, []byte{0, 2})
			same(t, []byte(s), sizes, []byte{0, 8, 9, 10})
		}
	}
	files, _ := filepath.Glob("../../testdata/*/*.htm*")
	more, _ := filepath.Glob("../../htmlbase/testdata/*/*.htm*")
	for _, name := range append(files, more...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		same(t, b, nil, nil)
		same(t, b, []byte{200, 1, 77}, []byte{0, 6})
		same(t, b, nil, []byte{0, 8})
	}
	t.Logf("%d files", len(files)+len(more))
}
