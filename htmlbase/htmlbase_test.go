package htmlbase

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/net/html"
)

// show renders the links compactly: "element@attr ref", with " (same)" for
// same-document references and "element text ref" for text hits.
func show(doc *Document) []string {
	var out []string
	for _, l := range doc.Links {
		s := l.Element + "@" + l.Attr + " " + l.Ref
		if l.Text {
			s = l.Element + " text " + l.Ref
		}
		if l.SameDocument {
			s += " (same)"
		}
		out = append(out, s)
	}
	return out
}

func read(t *testing.T, in string) *Document {
	t.Helper()
	doc, err := Read(strings.NewReader(in), Options{})
	if err != nil {
		t.Fatalf("Read(%q): %v", in, err)
	}
	return doc
}

func check(t *testing.T, in string, doc *Document, want []string) {
	t.Helper()
	got := show(doc)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Read(%q) links:\n got %q\nwant %q", in, got, want)
	}
}

// appendixD is the example of the seeds' Appendix D.
const appendixD = `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
`

func TestBase(t *testing.T) {
	tests := []struct {
		name, in string
		base     string // "" with hasBase false means none
		hasBase  bool
		links    []string
	}{
		// Appendix D (H6)
		{"appendix D", appendixD, "http://www.ics.uci.edu/Test/a/b/c", true, []string{"a@href ../x"}},
		{"two bases, first wins", `<base href="http://a/1/"><base href="http://b/2/"><a href=x>`, "http://a/1/", true, []string{"a@href x"}},
		{"relative base as written", `<base href="../sub/"><a href=x>`, "../sub/", true, []string{"a@href x"}},
		{"base after links", `<a href=x></a><img src=y><base href="http://a/b/">`, "http://a/b/", true, []string{"a@href x", "img@src y"}},
		{"base without href", `<base target=_top><a href=x>`, "", false, []string{"a@href x"}},
		{"base without href, then one with", `<base target=_top><base href="http://a/">`, "http://a/", true, nil},
		// The first <base> with an href decides, as in a browser: an empty
		// one makes the document's own URL the base, later ones do not count.
		{"empty base href decides", `<base href=""><base href="http://a/">`, "", true, nil},
		{"blank base href decides", "<base href=\" \t \"><base href=\"http://a/\">", "", true, nil},
		{"uppercase", `<BASE HREF="http://A/B/"><A HREF="x">`, "http://A/B/", true, []string{"a@href x"}},
		{"mixed case", `<bAsE hReF='http://a/'>`, "http://a/", true, nil},
		{"unquoted", `<base href=http://a/b/c>`, "http://a/b/c", true, nil},
		{"cleaned", "<base href=\" \thttp://a/\n b/\t \">", "http://a/ b/", true, nil},
		{"entities", `<base href="http://a/?x=1&amp;y=2&#x2F;">`, "http://a/?x=1&y=2/", true, nil},
		{"base in template ignored", `<template><base href="http://t/"></template><base href="http://a/">`, "http://a/", true, nil},
		{"base in self-closed template ignored", `<template/><base href="http://t/"></template><base href="http://a/">`, "http://a/", true, nil},
		{"base in svg ignored", `<svg><base href="http://evil.example/"/></svg><a href=x>`, "", false, []string{"a@href x"}},
		{"base in math ignored", `<math><base href="http://evil.example/"></base></math><base href="http://a/">`, "http://a/", true, nil},
		{"base after self-closed svg", `<svg/><base href="http://a/">`, "http://a/", true, nil},
		{"base in nested svg ignored", `<svg><svg></svg><base href="http://evil.example/"/></svg><base href="http://a/">`, "http://a/", true, nil},
		// HTML elements leave foreign content (the open SVG and MathML
		// elements are closed) and integration points hold HTML.
		{"base after a tag that leaves svg", `<svg><circle r=1 /><p><base href="http://a/"></svg>`, "http://a/", true, nil},
		{"base after font with a size", `<svg><font size=2><base href="http://a/"></svg>`, "http://a/", true, nil},
		{"base after font without", `<svg><font><base href="http://evil.example/"></svg><base href="http://a/">`, "http://a/", true, nil},
		{"base in foreignObject", `<svg><foreignObject><base href="http://a/"></foreignObject></svg>`, "http://a/", true, nil},
		{"base in svg desc", `<svg><desc><base href="http://a/"></desc></svg>`, "http://a/", true, nil},
		{"base in math mi", `<math><mi><base href="http://a/"></mi></math>`, "http://a/", true, nil},
		{"base in math mglyph", `<math><mi><mglyph><base href="http://evil.example/"></mglyph></mi></math><base href="http://a/">`, "http://a/", true, nil},
		{"base in annotation-xml for HTML", `<math><annotation-xml encoding="Text/HTML"><base href="http://a/"></annotation-xml></math>`, "http://a/", true, nil},
		{"base in annotation-xml", `<math><annotation-xml><base href="http://evil.example/"></annotation-xml></math><base href="http://a/">`, "http://a/", true, nil},
		{"base in svg in foreignObject", `<svg><foreignObject><svg><base href="http://evil.example/"/></svg></foreignObject></svg><base href="http://a/">`, "http://a/", true, nil},
		{"svg end tag inside foreignObject html", `<svg><foreignObject><div></svg><base href="http://a/"></div></foreignObject></svg>`, "http://a/", true, nil},
		{"no base", `<p>hello`, "", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := read(t, tt.in)
			if doc.Base != tt.base || doc.HasBase != tt.hasBase {
				t.Errorf("Read(%q) base = %q, %v; want %q, %v", tt.in, doc.Base, doc.HasBase, tt.base, tt.hasBase)
			}
			check(t, tt.in, doc, tt.links)
		})
	}
}

func TestAttributes(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		// H3, one row per element and attribute
		{`<a href="u">`, []string{"a@href u"}},
		{`<area href="u">`, []string{"area@href u"}},
		{`<link rel=stylesheet href="u">`, []string{"link@href u"}},
		{`<img src="u">`, []string{"img@src u"}},
		{`<script src="u"></script>`, []string{"script@src u"}},
		{`<iframe src="u"></iframe>`, []string{"iframe@src u"}},
		{`<frame src="u">`, []string{"frame@src u"}},
		{`<embed src="u">`, []string{"embed@src u"}},
		{`<source src="u">`, []string{"source@src u"}},
		{`<track src="u">`, []string{"track@src u"}},
		{`<audio src="u">`, []string{"audio@src u"}},
		{`<video src="u">`, []string{"video@src u"}},
		{`<input type=image src="u">`, []string{"input@src u"}},
		{`<img srcset="u 1x">`, []string{"img@srcset u"}},
		{`<source srcset="u 100w">`, []string{"source@srcset u"}},
		{`<video poster="u">`, []string{"video@poster u"}},
		{`<form action="u">`, []string{"form@action u"}},
		{`<button formaction="u">`, []string{"button@formaction u"}},
		{`<input formaction="u">`, []string{"input@formaction u"}},
		{`<blockquote cite="u">`, []string{"blockquote@cite u"}},
		{`<q cite="u">`, []string{"q@cite u"}},
		{`<del cite="u">`, []string{"del@cite u"}},
		{`<ins cite="u">`, []string{"ins@cite u"}},
		{`<object data="u">`, []string{"object@data u"}},
		{`<img longdesc="u">`, []string{"img@longdesc u"}},
		{`<frame longdesc="u">`, []string{"frame@longdesc u"}},
		{`<iframe longdesc="u">`, []string{"iframe@longdesc u"}},
		{`<body background="u">`, []string{"body@background u"}},
		{`<table background="u">`, []string{"table@background u"}},
		{`<td background="u">`, []string{"td@background u"}},
		{`<th background="u">`, []string{"th@background u"}},
		{`<html manifest="u">`, []string{"html@manifest u"}},
		{`<a ping="u v">`, []string{"a@ping u", "a@ping v"}},
		{`<area ping="u">`, []string{"area@ping u"}},
		{`<meta http-equiv="refresh" content="5; url=u">`, []string{"meta@content u"}},
		{`<svg><a href="u"/></svg>`, []string{"a@href u"}},
		{`<svg><a xlink:href="u"/></svg>`, []string{"a@xlink:href u"}},
		{`<svg><image href="u"/></svg>`, []string{"image@href u"}},
		{`<svg><image xlink:href="u"/></svg>`, []string{"image@xlink:href u"}},
		{`<svg><use href="u"/></svg>`, []string{"use@href u"}},
		{`<svg><use xlink:href="u"/></svg>`, []string{"use@xlink:href u"}},
		{`<svg><feImage href="u"/></svg>`, []string{"feimage@href u"}},
		{`<div style="background: url(u)">`, []string{"div@style u"}},
		{`<p class="x"style="background: url(u)">`, []string{"p@style u"}}, // no white space needed after a quoted value
		{`<style>p { background: url(u) }</style>`, []string{"style@ u"}},

		// attributes that are not links, and link names on other elements
		{`<div href="u" src="v" cite="w"><p data="x" action="y"><span background="z">`, nil},
		{`<img alt="http://a/b" title="u">`, nil},
		{`<a name="top" id="u">`, nil},
		{`<svg></svg><div href="u">`, nil},
		{`<meta name="refresh" content="5; url=u">`, nil},
		{`<meta http-equiv="content-type" content="text/html; url=u">`, nil},

		// order, several attributes, duplicates
		{`<img src="a" longdesc="b" srcset="c 1x, d 2x">`, []string{"img@src a", "img@longdesc b", "img@srcset c", "img@srcset d"}},
		{`<a href="a" href="b">`, []string{"a@href a"}},
		{`<input src="a" formaction="b">`, []string{"input@src a", "input@formaction b"}},

		// H1: case, quoting, entities, whitespace
		{`<A HREF="u">`, []string{"a@href u"}},
		{`<IMG SRC=u>`, []string{"img@src u"}},
		{`<a href=http://a/b?c=d>`, []string{"a@href http://a/b?c=d"}},
		{`<a href='u v'>`, []string{"a@href u v"}},
		{`<a href="?a=1&amp;b=2">`, []string{"a@href ?a=1&b=2"}},
		{`<a href="http:&#x2F;&#47;a/b">`, []string{"a@href http://a/b"}},
		{`<a href="?a=1&copy=2">`, []string{"a@href ?a=1&copy=2"}},
		{`<a href="&lt;x&gt;">`, []string{"a@href <x>"}},
		{"<a href=\"  http://a/b  \">", []string{"a@href http://a/b"}},
		{"<a href=\"\thttp://a/\tb\r\n/c\n\">", []string{"a@href http://a/b/c"}},
		{"<a href=\"http://a/\n   b\">", []string{"a@href http://a/   b"}},
		{"<a\nhref\n=\n\"u\"\n>", []string{"a@href u"}},

		// same-document references
		{`<a href="#top">`, []string{"a@href #top (same)"}},
		{`<a href="">`, []string{"a@href  (same)"}},
		{`<a href>`, []string{"a@href  (same)"}},
		{`<form action="">`, []string{"form@action  (same)"}},
		{`<a href=" # x ">`, []string{"a@href # x (same)"}},
		{`<a href="x#y">`, []string{"a@href x#y"}},
	}
	for _, tt := range tests {
		check(t, tt.in, read(t, tt.in), tt.want)
	}
}

func TestSrcset(t *testing.T) {
	tests := []struct {
		srcset string
		want   []string
	}{
		{`x.png`, []string{"x.png"}},
		{`x.png 1x, y.png 2x`, []string{"x.png", "y.png"}},
		{`x.png 1x,y.png 2x`, []string{"x.png", "y.png"}},
		{`x.png,y.png`, []string{"x.png,y.png"}}, // a URL may contain commas
		{`x.png, y.png`, []string{"x.png", "y.png"}},
		{`x.png,, y.png,,`, []string{"x.png", "y.png"}},
		{`a,b.png 1x, c,d.png 2x`, []string{"a,b.png", "c,d.png"}},
		{`data:image/png;base64,iVBORw0KGgo= 1x, y.png 2x`, []string{"data:image/png;base64,iVBORw0KGgo=", "y.png"}},
		{`data:image/svg+xml,<svg></svg> 1x`, []string{"data:image/svg+xml,<svg></svg>"}},
		{"  \n x.png \t 100w ,\n\n y.png   200w  ", []string{"x.png", "y.png"}},
		{`x.png 1x (a, b), y.png`, []string{"x.png", "y.png"}},
		{`x.png (a, b) 1x, y.png`, []string{"x.png", "y.png"}},
		{`x.png 1x y.png 2x`, []string{"x.png"}}, // invalid descriptors, URL kept
		{`, , ,`, nil},
		{``, nil},
		{`http://a/x.png?w=1,2 1x`, []string{"http://a/x.png?w=1,2"}},
	}
	for _, tt := range tests {
		var got []string
		splitSrcset([]byte(tt.srcset), false, func(u []byte) { got = append(got, string(u)) })
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("splitSrcset(%q) = %q, want %q", tt.srcset, got, tt.want)
		}
	}
	// through Read, with entities
	in := `<img srcset="a.png?x=1&amp;y=2 1x, b.png 2x">`
	check(t, in, read(t, in), []string{"img@srcset a.png?x=1&y=2", "img@srcset b.png"})
}

func TestRefresh(t *testing.T) {
	tests := []struct {
		content string
		want    string // "" means no URL
	}{
		{`5; url=http://a/b`, "http://a/b"},
		{`5;URL='http://a/b'`, "http://a/b"},
		{`5;url="http://a/b"`, "http://a/b"},
		{`0;http://a/b`, "http://a/b"},
		{`0; http://a/b`, "http://a/b"},
		{`0 http://a/b`, "http://a/b"},
		{`0,http://a/b`, "http://a/b"},
		{`0.5; url=x`, "x"},
		{`.5; url=x`, "x"},
		{`  3 ;  Url  =  'x y'  z`, "x y"},
		{`3;url='x`, "x"},
		{`3; url=x?url=y`, "x?url=y"},
		{`3; URL=x;y`, "x;y"},
		{`0;urls.html`, "urls.html"},
		{`0; url`, "url"},
		{"0;\turl=\n x \n", "x"},
		{`5`, ""},
		{`5;`, ""},
		{`5; url=`, ""},
		{`5; url=''`, ""},
		{`x; url=y`, ""},
		{`5x; url=y`, ""},
		{``, ""},
	}
	for _, tt := range tests {
		in := fmt.Sprintf(`<META HTTP-EQUIV="Refresh" CONTENT="%s">`, strings.ReplaceAll(tt.content, `"`, "&quot;"))
		var want []string
		if tt.want != "" {
			want = []string{"meta@content " + tt.want}
		}
		check(t, in, read(t, in), want)
	}
	// content before http-equiv
	in := `<meta content="1; url=x" http-equiv=refresh>`
	check(t, in, read(t, in), []string{"meta@content x"})
}

func TestCSS(t *testing.T) {
	tests := []struct {
		css  string
		want []string
	}{
		{`background: url(a.png)`, []string{"a.png"}},
		{`background: url("a.png")`, []string{"a.png"}},
		{`background: url('a.png')`, []string{"a.png"}},
		{`background: URL( a.png )`, []string{"a.png"}},
		{`background: url(  "a b.png"  )`, []string{"a b.png"}},
		{`background: url(a\28 1\29.png)`, []string{"a(1).png"}},
		{`background: url("a\"b")`, []string{`a"b`}},
		{`background: url(a\).png)`, []string{"a).png"}},
		{`background: url("\e9 t\E9.png")`, []string{"été.png"}},
		{`background: url(a b)`, nil}, // bad url
		{`background: url(a"b)`, nil}, // bad url
		{`background: url(a(b)`, nil}, // bad url
		{`background: url("a" b) url(c)`, []string{"c"}},
		{`background: url()`, []string{""}},
		{`background: url(a.png`, []string{"a.png"}}, // EOF closes
		{`a: url(x), url(y); b: url(z)`, []string{"x", "y", "z"}},
		{`/* url(no) */ b: url(yes)`, []string{"yes"}},
		{`content: "url(no)"; b: url(yes)`, []string{"yes"}},
		{`b: myurl(no) -url(no) url(yes)`, []string{"yes"}},
		{`@import "x.css";`, []string{"x.css"}},
		{`@import 'x.css' screen;`, []string{"x.css"}},
		{`@IMPORT url(x.css);`, []string{"x.css"}},
		{`@import url("x.css") print;`, []string{"x.css"}},
		{`@import /* c */ "x.css";`, []string{"x.css"}},
		{`@importance "no";`, nil},
		{`@font-face { src: url(f.woff2) format("woff2"), url('f.woff') }`, []string{"f.woff2", "f.woff"}},
		{`b: url(data:image/png;base64,AAA=)`, []string{"data:image/png;base64,AAA="}},
		{"b: url(\"a\\\nb\")", []string{"ab"}},
		{`b: image-set(url(a.png) 1x, url(b.png) 2x)`, []string{"a.png", "b.png"}},
		{`b: image-set("a.png" 1x, "b.png" 2x)`, []string{"a.png", "b.png"}},
		{`b: -webkit-image-set('a.png' 1x, url(b.png) 2x)`, []string{"a.png", "b.png"}},
		{`b: IMAGE-SET("a\2e png" 1x)`, []string{"a.png"}},
		{`b: image-set("a.avif" type("image/avif"), "a.jpg" type("image/jpeg"))`, []string{"a.avif", "a.jpg"}},
		{`b: image-set(linear-gradient(red, blue) 1x, "b.png" 2x) "no"`, []string{"b.png"}},
		{`b: image-set(/* "no" */ "yes" 1x)`, []string{"yes"}},
		{`b: my-image-set("no") fooimage-set("no") rgb("no")`, nil},
		{`b: image-set("a.png" 1x`, []string{"a.png"}}, // EOF closes
	}
	var c cssScanner
	for _, tt := range tests {
		var got []string
		c.scan([]byte(tt.css), func(u []byte, start, end int) {
			got = append(got, string(u))
			if start < 0 || end > len(tt.css) || start >= end {
				t.Errorf("scan(%q): bad range [%d,%d)", tt.css, start, end)
			}
		})
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("scan(%q) = %q, want %q", tt.css, got, tt.want)
		}
	}
	// style attribute: entity-decoded first
	in := `<p style="background:url(&quot;a.png&quot;); x: url(b&amp;c)">`
	check(t, in, read(t, in), []string{"p@style a.png", "p@style b&c"})
	in = `<p style="background-image: image-set(&quot;a.png&quot; 1x, 'b.png' 2x)">`
	check(t, in, read(t, in), []string{"p@style a.png", "p@style b.png"})
	in = `<style>p { background: -webkit-image-set("a.png" 1x) }</style>`
	check(t, in, read(t, in), []string{"style@ a.png"})
	// <style> element: raw text, no entity decoding, positions of the url
	in = "<style>\n a { b: url(x&amp;y) }\n</style>"
	doc := read(t, in)
	check(t, in, doc, []string{"style@ x&amp;y"})
	if l := doc.Links[0]; l.Line != 2 || l.Col != 9 || in[l.Offset:l.End] != "url(x&amp;y)" {
		t.Errorf("Read(%q): link at %d:%d [%d,%d), want 2:9 [%d,%d)", in, l.Line, l.Col, l.Offset, l.End, 16, 28)
	}
}

func TestSVG(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`<svg><a xlink:href="#x"><text>t</text></a></svg>`, []string{"a@xlink:href #x (same)"}},
		{`<SVG><USE XLINK:HREF="sprite.svg#i"/></SVG>`, []string{"use@xlink:href sprite.svg#i"}},
		{`<svg><g><image href="a.png" xlink:href="b.png"/></g></svg>`, []string{"image@href a.png", "image@xlink:href b.png"}},
		{`<svg><pattern xlink:href="#p"/><script href="s.js"></script></svg>`, []string{"pattern@xlink:href #p (same)", "script@href s.js"}},
		{`<svg><svg></svg><g href="in"/></svg><g href="out"/>`, []string{"g@href in"}},
		// Outside <svg> the HTML parser turns <image> into <img> (H3),
		// which has a src and no href.
		{`<image src="pic.png">`, []string{"img@src pic.png"}},
		{`<IMAGE SRC="pic.png"/>`, []string{"img@src pic.png"}},
		{`<image href="a.png">`, nil},
		{`<svg/><image src="pic.png">`, []string{"img@src pic.png"}},
		{`<math><image src="m.png"></math>`, nil},
		// Where foreign content ends: a tag that leaves it closes the open
		// SVG and MathML elements; an integration point holds HTML, an
		// <svg> in it SVG again; an end tag closes its own element only.
		{`<svg><g><img src="out.png"><image href="i.png"/></g></svg>`, []string{"img@src out.png"}},
		{`<svg><foreignObject><image src="fo.png"><a href="a"></a></foreignObject><image href="s.png"/></svg>`, []string{"img@src fo.png", "a@href a", "image@href s.png"}},
		{`<svg><foreignObject><svg><image href="in.png"/></svg><image src="html.png"></foreignObject></svg>`, []string{"image@href in.png", "img@src html.png"}},
		{`<svg><foreignObject><div></svg><image src="h.png"></div></foreignObject><image href="s.png"/></svg>`, []string{"img@src h.png", "image@href s.png"}},
		{`<math><mtext><image src="m.png"></mtext><mi href="mi.html">x</mi></math>`, []string{"img@src m.png", "mi@href mi.html"}},
		{`<math><annotation-xml encoding="text/html"><a href="h"></a></annotation-xml><annotation-xml><svg><image href="s"/></svg></annotation-xml></math>`, []string{"a@href h", "image@href s"}},
		{`<svg><g></p><image href="still-svg"/></g></svg>`, []string{"image@href still-svg"}},
		// xlink:href and an SVG element's attributes are links only on SVG
		// and MathML elements; src is not one there.
		{`<a xlink:href="x">a</a><div xlink:href="y"></div>`, nil},
		{`<svg><video src="v"/><script src="s"/></svg>`, nil},
		// <style> and <script> inside <svg> are markup; so is CDATA.
		{`<svg><style><![CDATA[ x > <a href="cdata"/> ]]></style><a href="after"/></svg><![CDATA[ x > <a href="html">]]>`, []string{"a@href after", "a@href html"}},
		{`<svg><title><a href="t"></a></title></svg>`, []string{"a@href t"}},
	}
	for _, tt := range tests {
		check(t, tt.in, read(t, tt.in), tt.want)
	}
}

// TestText needs delimit (H4).
func TestText(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`<p>see http://a/b for more</p>`, []string{"p text http://a/b"}},
		{`<p>see &lt;URL:http://a/b&gt; now</p>`, []string{"p text http://a/b"}},
		{`<p>see <b>http://a/b</b> and http://c/d</p>`, []string{"b text http://a/b", "p text http://c/d"}},
		{`<title>http://t/</title>`, []string{"title text http://t/"}},
		{`<textarea>http://t/ &amp;</textarea>`, []string{"textarea text http://t/"}},
		{`<pre>"http://q/x"</pre>`, []string{"pre text http://q/x"}},
		{`<p>http&#58;//e/x</p>`, []string{"p text http://e/x"}},
		{`http://top/`, []string{" text http://top/"}},
		{`<ul><li>http://a/<li>http://b/</ul>`, []string{"li text http://a/", "li text http://b/"}},
		{`<noscript><a href="x">http://n/</a></noscript>`, []string{"a@href x", "a text http://n/"}},

		// not scanned
		{`<!-- http://comment/ -->`, nil},
		{`<script>var u = "http://script/";</script>`, nil},
		{`<SCRIPT>x = "<p>http://script/</p>"</SCRIPT>`, nil},
		{`<template><p>http://template/</p></template>`, nil},
		{`<template><a href="t">x</a></template><a href="u">`, []string{"a@href u"}},  // template content is inert
		{`<template/><a href="t">x</a></template><a href="u">`, []string{"a@href u"}}, // the slash means nothing (H4)
		{`<TEMPLATE /><p>http://template/</p></TEMPLATE><p>http://after/`, []string{"p text http://after/"}},
		{`<style>/* http://style/ */</style>`, nil},
		{`<iframe src="f">http://fallback/</iframe>`, []string{"iframe@src f"}},
		{`<p title="http://attr/">x</p>`, nil},
		{`<p>no uri here: none</p>`, nil},
	}
	for _, tt := range tests {
		check(t, tt.in, read(t, tt.in), tt.want)
	}
}

// TestTextPosition needs delimit (H4): a text hit's range is that of the
// raw text, entities included.
func TestTextPosition(t *testing.T) {
	in := "<p>\n  see &lt;URL:http://a/b&gt; &amp; http://c/d</p>"
	doc := read(t, in)
	want := []struct {
		raw       string
		line, col int
		kind      string
	}{
		{"&lt;URL:http://a/b&gt;", 2, 7, "angle"},
		{"http://c/d", 2, 36, "space"},
	}
	if len(doc.Links) != len(want) {
		t.Fatalf("Read(%q) = %q, want %d links", in, show(doc), len(want))
	}
	for i, w := range want {
		l := doc.Links[i]
		if got := in[l.Offset:l.End]; got != w.raw || l.Line != w.line || l.Col != w.col || l.Kind.String() != w.kind || !l.Text {
			t.Errorf("Read(%q) link %d = %q at %d:%d kind %v text %v, want %q at %d:%d kind %s text", in, i, got, l.Line, l.Col, l.Kind, l.Text, w.raw, w.line, w.col, w.kind)
		}
	}
}

func TestPositions(t *testing.T) {
	in := "<html>\n<body>\n  <a\n href=\"x\">t</a><img src=y>\r\n\t<p>\n<link href=z></p>"
	doc := read(t, in)
	want := []struct {
		raw       string
		line, col int
	}{
		{"<a\n href=\"x\">", 3, 3},
		{"<img src=y>", 4, 16},
		{"<link href=z>", 6, 1},
	}
	if len(doc.Links) != len(want) {
		t.Fatalf("Read(%q) = %q, want %d links", in, show(doc), len(want))
	}
	for i, w := range want {
		l := doc.Links[i]
		if got := in[l.Offset:l.End]; got != w.raw || l.Line != w.line || l.Col != w.col {
			t.Errorf("Read(%q) link %d = %q at %d:%d, want %q at %d:%d", in, i, got, l.Line, l.Col, w.raw, w.line, w.col)
		}
	}
}

func TestEntityMap(t *testing.T) {
	tests := []struct {
		raw, dec string
	}{
		{"a&lt;b", "a<b"},
		{"&amp;&amp", "&&"},
		{"&#x41;&#66;&#x;&#", "AB&#x;&#"},
		{"&notit; &copy &bogus;", "¬it; © &bogus;"},
		{"x & y", "x & y"},
	}
	var r reader
	for _, tt := range tests {
		got, segs := r.unescape([]byte(tt.raw))
		if string(got) != tt.dec {
			t.Errorf("unescape(%q) = %q, want %q", tt.raw, got, tt.dec)
		}
		if n := mapEnd(segs, len(got)); n != len(tt.raw) {
			t.Errorf("unescape(%q): end maps to %d, want %d", tt.raw, n, len(tt.raw))
		}
	}
}

func TestReadErrors(t *testing.T) {
	// A read error after some links: the links and the error.
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader(`<a href=x></a><img src=y>`+strings.Repeat(" ", 2000)), iotest.ErrReader(boom))
	doc, err := Read(r, Options{})
	if !errors.Is(err, boom) || doc == nil || len(doc.Links) != 2 {
		t.Errorf("Read(error after 2 links) = %v, %v; want 2 links and %v", show(doc), err, boom)
	}
	// An error while sniffing.
	doc, err = Read(iotest.ErrReader(boom), Options{})
	if !errors.Is(err, boom) || doc == nil {
		t.Errorf("Read(error at once) = %v, %v; want empty doc and %v", doc, err, boom)
	}
	// A token longer than MaxToken.
	in := `<a href=x></a><img src="` + strings.Repeat("y", 10000) + `">`
	doc, err = Read(strings.NewReader(in), Options{MaxToken: 4096})
	if !errors.Is(err, html.ErrBufferExceeded) || len(doc.Links) != 1 {
		t.Errorf("Read(long token) = %v, %v; want 1 link and ErrBufferExceeded", show(doc), err)
	}
	// Odd readers give the same result.
	for name, rd := range map[string]io.Reader{
		"one byte":  iotest.OneByteReader(strings.NewReader(appendixD)),
		"half":      iotest.HalfReader(strings.NewReader(appendixD)),
		"data+EOF":  iotest.DataErrReader(strings.NewReader(appendixD)),
		"timeout":   iotest.TimeoutReader(strings.NewReader(appendixD)),
		"truncated": strings.NewReader(appendixD[:len(appendixD)-30]),
	} {
		doc, err := Read(rd, Options{})
		if name == "timeout" {
			if err == nil {
				t.Errorf("Read(%s reader): no error", name)
			}
			continue
		}
		if err != nil || doc.Base != "http://www.ics.uci.edu/Test/a/b/c" || len(doc.Links) != 1 {
			t.Errorf("Read(%s reader) = %+v, %v", name, doc, err)
		}
	}
}

// TestLimits: inputs that must finish with bounded memory.
func TestLimits(t *testing.T) {
	t.Run("deep nesting", func(t *testing.T) {
		in := strings.Repeat("<div>", 200000) + `<a href=x>` + strings.Repeat("</div>", 200000)
		check(t, "deep nesting", read(t, in), []string{"a@href x"})
	})
	t.Run("many attributes", func(t *testing.T) {
		b := []byte("<a")
		for i := range 1000000 {
			b = append(b, " d"...)
			b = strconv.AppendInt(b, int64(i), 36)
			b = append(b, "=1"...)
		}
		b = append(b, " href=x>"...)
		// Past MaxAttrs the attributes are not read (SPEC L1): the
		// tokenizer would keep a span per attribute.
		doc, err := Read(bytes.NewReader(b), Options{})
		if err != nil || len(doc.Links) != 0 || doc.TagsCut != 1 {
			t.Errorf("a million attributes, href last: %d links, %d tags cut, %v", len(doc.Links), doc.TagsCut, err)
		}
		first := append([]byte(`<a href=x title='a b c'`), b[2:]...)
		first = append(first, `<img src=z>`...)
		doc, err = Read(bytes.NewReader(first), Options{})
		if err != nil || len(doc.Links) != 2 || doc.Links[0].Ref != "x" || doc.Links[1].Ref != "z" || doc.TagsCut != 1 {
			t.Errorf("a million attributes, href first: links %+v, %d tags cut, %v", doc.Links, doc.TagsCut, err)
		}
		if doc.Links[1].Offset != int64(len(first)-len(`<img src=z>`)) {
			t.Errorf("the tag after: offset %d, want %d (positions keep the bytes blanked)", doc.Links[1].Offset, len(first)-len(`<img src=z>`))
		}
	})
	t.Run("many lt", func(t *testing.T) {
		in := strings.Repeat("< ", 1000000) + `<a href=x>`
		check(t, "a million <", read(t, in), []string{"a@href x"})
	})
	t.Run("unclosed", func(t *testing.T) {
		in := `<a href=x><img src="` + strings.Repeat("y", 100000)
		doc, _ := Read(strings.NewReader(in), Options{})
		check(t, "unclosed", doc, []string{"a@href x"})
	})
}

func TestLookupElem(t *testing.T) {
	for name, want := range elems {
		if got, ok := lookupElem([]byte(name)); !ok || got != want {
			t.Errorf("lookupElem(%q) = %v, %v; want %v", name, got, ok, want)
		}
	}
	for _, name := range []string{"", "x", "custom-element", "imgs", "ab", "svgs"} {
		if got, ok := lookupElem([]byte(name)); ok {
			t.Errorf("lookupElem(%q) = %v, want none", name, got)
		}
	}
}

// TestStyleAttr: the style attribute of an element with no link
// attributes of its own is read whatever its case and place, and only it.
func TestStyleAttr(t *testing.T) {
	tests := []struct {
		tag  string
		want int
	}{
		{`<div style="background:url(a.png)">`, 1},
		{`<div STYLE=background:url(a.png)>`, 1},
		{"<div\n\tStYlE=background:url(a.png)>", 1},
		{`<div/style="background:url(a.png)">`, 1},
		{`<p class="x"style=background:url(a.png)>`, 1}, // after a quoted value, as a browser reads it
		{`<span class=s Style="b:url(a.png) url(b.png)">`, 2},
		{`<div class="style" title="url(a.png)">`, 0},
		{`<div class="x" data-style="url(a.png)">`, 0},
		{`<p class=x"style=url(a.png)>`, 0},
		{`<p id=astyle=url(a.png)>`, 0},
		{`<a sstyle=url(a.png)>`, 0},
	}
	for _, tt := range tests {
		doc := read(t, tt.tag)
		n := 0
		for _, l := range doc.Links {
			if l.Attr == "style" {
				n++
			}
		}
		if n != tt.want || len(doc.Links) != n {
			t.Errorf("Read(%q) = %v, want %d style link(s)", tt.tag, show(doc), tt.want)
		}
	}
}

// TestTextLines needs delimit (H4): hits on several lines of one text node,
// and many hits in one long text node (linear, not quadratic).
func TestTextLines(t *testing.T) {
	in := "<p>x</p><div>a\nhttp://x/1\n  http://x/2 http://x/3\n</div>"
	doc := read(t, in)
	want := []string{"2:1", "3:3", "3:14"}
	var got []string
	for _, l := range doc.Links {
		got = append(got, fmt.Sprintf("%d:%d", l.Line, l.Col))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Read(%q) positions = %q, want %q", in, got, want)
	}

	const n = 50000
	in = "<pre>" + strings.Repeat("http://example.com/a\n", n) + "</pre>"
	doc = read(t, in)
	if len(doc.Links) != n {
		t.Fatalf("Read(%d lines of URIs) = %d links, want %d", n, len(doc.Links), n)
	}
	if l := doc.Links[n-1]; l.Line != n || l.Col != 1 || in[l.Offset:l.End] != "http://example.com/a" {
		t.Errorf("Read(%d lines of URIs): last link %+v, want line %d col 1", n, l, n)
	}
}

// TestRaw: a text hit keeps its source text, entities and all; an
// attribute link's Raw is its cleaned value; CSS in <style> keeps url(...).
func TestRaw(t *testing.T) {
	doc := read(t, `<p>See &lt;URL:http://a/b&gt;.</p><a href=" x&amp;y ">x</a><style>p{background:url("i.png")}</style>`)
	want := []string{"&lt;URL:http://a/b&gt;", "x&y", `url("i.png")`}
	if len(doc.Links) != len(want) {
		t.Fatalf("got %d links %+v, want %d", len(doc.Links), doc.Links, len(want))
	}
	for i, l := range doc.Links {
		if l.Raw != want[i] {
			t.Errorf("link %d (%q): Raw = %q, want %q", i, l.Ref, l.Raw, want[i])
		}
	}
}

// TestEmit: with Options.Emit the links stream out in document order and
// Document.Links stays empty; the base is still reported.
func TestEmit(t *testing.T) {
	const in = `<a href="a">a</a><p>http://t/x</p><base href="http://b/"><img src="i" srcset="s1 1x, s2 2x">`
	collected, err := Read(strings.NewReader(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var streamed []Link
	doc, err := Read(strings.NewReader(in), Options{Emit: func(l Link) { streamed = append(streamed, l) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Links) != 0 || doc.Base != "http://b/" || !doc.HasBase {
		t.Errorf("streamed Document = %+v, want no Links and the base", doc)
	}
	if !reflect.DeepEqual(streamed, collected.Links) {
		t.Errorf("streamed %+v\nwant      %+v", streamed, collected.Links)
	}
}

// TestValidUTF8: invalid UTF-8 becomes U+FFFD as browsers decode it, one
// for each maximal subpart of a sequence (WHATWG Encoding, UTF-8 decoder).
func TestValidUTF8(t *testing.T) {
	const r = "\uFFFD"
	tests := []struct{ in, want string }{
		{"caf\xc3\xa9", "café"},
		{"a\xff\xfeb", "a" + r + r + "b"},
		{"a\xe2\x82b", "a" + r + "b"},
		{"a\xe2\x82", "a" + r},
		{"\xf0\x9f\x98", r},
		{"\xe0\x80\x80", r + r + r},
		{"\xed\xa0\x80", r + r + r},
		{"\xf4\x90\x80\x80", r + r + r + r},
		{"\xc0\xaf", r + r},
		{"\x80\x80", r + r},
		{"\xf1\x80\x80\xe2\x82\xac", r + "€"},
	}
	for _, tt := range tests {
		if got := validUTF8(tt.in); got != tt.want {
			t.Errorf("validUTF8(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
