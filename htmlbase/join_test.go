package htmlbase

import (
	"fmt"
	"strings"
	"testing"
)

// joinRead reads in with Options.JoinInline and shows every link with
// its place: "element kind uri line:col offset-end raw".
func joinRead(t *testing.T, in string, join bool) []string {
	t.Helper()
	doc, err := Read(strings.NewReader(in), Options{JoinInline: join})
	if err != nil {
		t.Fatalf("Read(%q): %v", in, err)
	}
	var out []string
	for _, l := range doc.Links {
		kind := "@" + l.Attr
		if l.Text {
			kind = "text"
		}
		out = append(out, fmt.Sprintf("%s %s %s %d:%d %d-%d %q", l.Element, kind, l.Ref, l.Line, l.Col, l.Offset, l.End, l.Raw))
	}
	return out
}

// TestJoinInline: with JoinInline the text of a paragraph is read across
// its inline elements: a URI that syntax highlighting split into one
// <span> per token, or that a <wbr> breaks, comes out whole, placed from
// its first byte to its last in the input; a block element, an <i>, <em>
// or <var> (a placeholder: what a reader sees as the link is the prefix
// before it) and a <br> end it (doc/spec.md H4).
func TestJoinInline(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"highlighted code",
			`<pre><code><span class="s">"</span><span class="n">https</span><span class="p">://</span><span class="n">example</span>.<span class="n">org</span>/<span class="n">api</span>"</code></pre>`,
			[]string{`span text https://example.org/api 1:28 27-174 "\"https://example.org/api\""`}},
		{"wbr in a long URL",
			"<p>See http://long.example/<wbr>path/<wbr/>to/page.</p>",
			[]string{`p text http://long.example/path/to/page 1:8 7-50 "http://long.example/path/to/page"`}},
		{"a placeholder in italics is not part of the URI",
			"<p>Report it at https://bugs.debian.org/<i>package-name</i>.</p>",
			[]string{`p text https://bugs.debian.org/ 1:17 16-40 "https://bugs.debian.org/"`}},
		{"nor in em or var",
			"<p>https://a.example/<em>x</em> https://b.example/<var>y</var></p>",
			[]string{`p text https://a.example/ 1:4 3-21 "https://a.example/"`, `p text https://b.example/ 1:33 32-50 "https://b.example/"`}},
		{"a URI inside an italic is its own",
			"<p>see <i>http://i.example/</i>now</p>",
			[]string{`i text http://i.example/ 1:11 10-27 "http://i.example/"`}},
		{"blocks end the text",
			"<p>http://p.example/</p><p>next</p><div>http://d.example/</div>more",
			[]string{`p text http://p.example/ 1:4 3-20 "http://p.example/"`, `div text http://d.example/ 1:41 40-57 "http://d.example/"`}},
		{"br is a line break",
			"<p>http://a.example/<br>b</p>",
			[]string{`p text http://a.example/ 1:4 3-20 "http://a.example/"`}},
		{"references across spans",
			"<p><span>https://q.example/?a=1&amp;</span>\n<b>b=2</b></p><p><span>https://r.example/?a=1&amp;</span><b>b=2</b></p>",
			[]string{`span text https://q.example/?a=1& 1:10 9-36 "https://q.example/?a=1&amp;"`,
				`span text https://r.example/?a=1&b=2 2:24 67-107 "https://r.example/?a=1&b=2"`}},
		{"a link's text and its href",
			`<p>at <a href="https://h.example/">https://h.<span>example</span>/</a>.</p>`,
			[]string{`a @href https://h.example/ 1:7 6-35 "https://h.example/"`, `a text https://h.example/ 1:36 35-66 "https://h.example/"`}},
		{"no join into a word of a script without spaces",
			"<p>アドレス <tt>ssh://git.example.org/git/リポジトリ</tt>という形式</p><p><span>http://x.example/</span><span>path</span></p>",
			[]string{`tt text ssh://git.example.org/git/リポジトリ 1:21 20-61 "ssh://git.example.org/git/リポジトリ"`,
				`span text http://x.example/path 1:95 94-128 "http://x.example/path"`}},
		{"lines counted in the pieces",
			"<p>one\ntwo <span>http://l.example/\n</span>x</p>",
			[]string{`span text http://l.example/ 2:11 17-34 "http://l.example/"`}},
	}
	for _, tt := range tests {
		if got := joinRead(t, tt.in, true); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: %q\n got %q\nwant %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestJoinInlineSameAlone: where no URI crosses an element, JoinInline
// gives the links, places and raw text of the reading without it.
func TestJoinInlineSameAlone(t *testing.T) {
	for _, in := range []string{
		"<p>\n  see &lt;URL:http://a/b&gt; &amp; http://c/d</p>",
		`<p>see <b>http://a/b</b> and http://c/d</p><ul><li>http://a/<li>http://b/</ul>`,
		`<title>http://t/</title><textarea>http://t/ &amp;</textarea><pre>"http://q/x"</pre><p>http&#58;//e/x</p>`,
		`<script>var u = "http://script/";</script><template><p>http://template/</p></template><style>a{background:url(http://s/)}</style>`,
		"<xmp>http://x/&amp;</xmp><p>" + strings.Repeat("long text http://long.example/ ", 3000) + "</p>",
	} {
		alone, joined := joinRead(t, in, false), joinRead(t, in, true)
		if strings.Join(alone, "\n") != strings.Join(joined, "\n") {
			t.Errorf("%.80q:\nalone  %q\njoined %q", in, alone, joined)
		}
	}
}

// TestJoinInlineBounded: a paragraph of many small pieces is held at most
// maxPieces at a time, and at most maxJoin bytes of text; what is held is
// read past that, and the links after it are found.
func TestJoinInlineBounded(t *testing.T) {
	in := "<p>" + strings.Repeat("<span>x</span><br>", 3*maxPieces) + " http://after.example/</p><p>" +
		strings.Repeat("y ", maxJoin) + " http://long.example/</p>"
	doc := &Document{}
	r := newReader(strings.NewReader(in), Options{JoinInline: true}, doc)
	if err := r.run(); err != nil {
		t.Fatal(err)
	}
	if cap(r.join.pieces) > 2*maxPieces || cap(r.join.buf) > 2*maxJoin {
		t.Errorf("held %d pieces, %d bytes", cap(r.join.pieces), cap(r.join.buf))
	}
	var got []string
	for _, l := range doc.Links {
		got = append(got, l.Ref)
	}
	if strings.Join(got, " ") != "http://after.example/ http://long.example/" {
		t.Errorf("links %q", got)
	}
}
