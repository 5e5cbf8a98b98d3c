package mdscan

import (
	"strings"
	"testing"
)

// edgeCases are inputs beyond the spec examples where mdscan must agree
// with goldmark: container and Linkify corners.
var edgeCases = []string{
	"> [foo\n> bar]\n\n[foo bar]: /u\n",
	"> [foo\n> bar][]\n\n[foo bar]: /u\n",
	"[foo\nbar]: /u\n\n> [foo\n> bar]\n",
	"- a\n\t[b](c)\n",
	">\t[a](b\tc)\n",
	"[a](b)www.x.com c",
	"`x`www.a.com",
	"_a_b@c.com d",
	"www.a.com/(x) www.a.com/(x)) www.a.com/x&amp; www.a.com. (www.a.com)",
	"http://a.b:80/x?y http://localhost/ ftp://a.b.c/d",
	"a@b.c- a@b.c_ a@b.c. a.b@c.d",
	"[x www.a.com](y) [z www.b.com",
	"<a href=\"x\">www.a.com</a>",
	"**www.a.com** *www.b.com* ~www.c.com~",
	"\\_www.a.com \\*www.b.com",
	"a\n<div x=\"y\">\n[a](b)\n",
	"> a\n<span x=\"y\">\n[a](b)\n",
	"[a]: <b>\"t\"\n[a]\n",
	"[a]:\n/u\n'title' x\n\n[a]\n",
	"[a]: /u 'x\n\n[a]\n",
	"[a](<b)c>) [a](<b<c>) [a](b(c(d)e)f) [a](b(c)",
	"[a](b \"c\\\"d\") [e](f 'g') [h](i (j)) [k](l (m(n)))",
	"[a][b] [b]\n\n[b]: /x\n",
	"[a][] [a] [A]\n\n[a]: /x\n[A]: /y\n",
	"![[a](b)](c) [![d](e)](f) [[g](h)](i)",
	"``a`` `b`` ``c` `` d ``",
	"<http://a/b> <a@b.c> <a:b> <ab:> <mailto:a@b>",
	"<!-- [a](b) --> [c](d) <?x [e](f) ?> <!X [g](h)> <![CDATA[ [i](j) ]]>",
	"1. a\n\n   [b](c)\n2. [d](e)\n\n    [f](g)\n",
	"- - - [a](b)\n",
	"* * *\n[a](b)\n",
	"Title\n=====\n[a](b)\n---\n[c](d)\n",
	"[a]: /u\n===\n[a]\n",
	"    [a](b)\n\n```\n[c](d)\n```\n[e](f)\n",
	"~~~ a\n[c](d)\n~~~~\n[e](f)\n",
	"<script>\n[a](b)\n</script>\n[c](d)\n",
	"[a](b&amp;c&#65;&#x42;&#0;&#08;\\&d)",
	"&copy; [a](&ouml;&notin;&ampx;)",
	"[a\\]b]: /u\n\n[a\\]b]\n",
	"[ẞ]: /u\n\n[SS] [ss]\n",
	"www.a.com\twww.b.com\n(www.c.com)",
	"foo@bar.baz.qux-quux",
	"a\r\n[b](c)\r\n\r\n[d]: e\r\n[d]\r\n",
	"# [a](b) #\n## c ##\n#\n",
	"[a](\n b\n 'c'\n )",
	"> - a\n>   [b](c)\n- d\n  [e](f)",
	"<a\nhref=\"x\">[b](c)",
	"- \n  [a](b)\n-\n\n  [c](d)",
	// found by FuzzMdscanGoldmark: a carriage return alone is no line end
	"\r[]()", "\r[a]: /u\n[a]", "-\r[a](b)", "> \r[a](b)",
	// found by TestRandomTokens: carriage returns start no list item and
	// are trimmed with the spaces before a line's text
	// a local part of 64 bytes is an e-mail address, of 65 not
	strings.Repeat("0", 64) + "@0.0", strings.Repeat("0", 65) + "@0.0 " + strings.Repeat("a", 64) + "@b.c",
	"[<A A=\"](\xe5)\">", "<a b=\"\ufffd\">[c](d)",
	"<span>\r", "<span>\r\n", "<div\r", "<div\r\n[a](b)",
	"\rwww.a.com", "a\n\rwww.a.com", "# \rwww.a.com", "*\r[a]:\\*", "+\r\n  <script><a", "1.\rwww.a.com",
}

func TestEdgeCases(t *testing.T) {
	for _, c := range edgeCases {
		for _, linkify := range []bool{false, true} {
			gm, ms := gmLinks([]byte(c), linkify), scanLinks([]byte(c), linkify)
			if !sameLinks(gm, ms) {
				t.Errorf("linkify=%v %q\n goldmark %q\n   mdscan %q", linkify, c, gm, ms)
			}
		}
	}
}
