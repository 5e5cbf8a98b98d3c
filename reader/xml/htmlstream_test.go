package xml

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// htmlLinks returns the references htmlbase finds in the HTML text html:
// the oracle of what the XML reader finds in an element holding it.
func htmlLinks(t *testing.T, html string) []string {
	t.Helper()
	var refs []string
	opts := htmlbase.Options{Charset: "utf-8", Emit: func(l htmlbase.Link) { refs = append(refs, l.Ref) }}
	if _, err := htmlbase.Read(strings.NewReader(html), opts); err != nil {
		t.Fatal(err)
	}
	return refs
}

// escapeXML escapes HTML as Atom's type="html" content holds it.
func escapeXML(html string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(html)
}

// linksHTML is n bytes of HTML or more: paragraphs with a link in an
// attribute and one in the text, lines ended by CR LF.
func linksHTML(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<p>A &amp; B <a href=\"http://h.example/a%d?x=1&amp;y=2\">see</a> or http://t.example/t%d.\r\n", i, i)
	}
	return b.String()
}

// TestTextInPieces: the text of an HTML element is read in pieces of
// textPiece bytes (pieces.go), as a text token and as a CDATA section, and
// the element gives the links of its text read whole: a piece never ends
// inside an entity or a character reference, nor between the CR and LF
// of a line break (the two would be two breaks), nor in "]]>".
func TestTextInPieces(t *testing.T) {
	html := linksHTML(5 * int(textPiece))
	want := htmlLinks(t, strings.ReplaceAll(html, "\r\n", "\n"))
	escaped := escapeXML(html)
	// Each cut of the escaped text at a multiple of textPiece lands at a
	// place a piece must not end, for some shift of the text.
	for shift := range 24 {
		pad := strings.Repeat(" ", shift)
		for _, tt := range []struct{ name, doc string }{
			{"text", `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="html">` + pad + escaped + `</content></entry><link href="after"/></feed>`},
			{"cdata", `<rss><channel><item><description><![CDATA[` + pad + html + `]]></description></item><link>http://after.example/</link></channel></rss>`},
			{"cdata split", `<rss><channel><item><description><![CDATA[` + pad + html + `]]]]><![CDATA[>]]></description></item><link>http://after.example/</link></channel></rss>`},
		} {
			got, err := readDoc(t, tt.doc)
			if err != nil {
				t.Fatalf("%s, shift %d: %v", tt.name, shift, err)
			}
			if len(got) != len(want)+1 || strings.Join(got[:len(want)], " ") != strings.Join(want, " ") {
				t.Fatalf("%s, shift %d: %d links, want %d and the one after; first difference at %d", tt.name, shift, len(got), len(want)+1, firstDiff(got, want))
			}
		}
	}
}

// firstDiff returns the first index where a and b differ, or the
// shorter one's length.
func firstDiff[T comparable](a, b []T) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestCutAt: where a piece of text ends.
func TestCutAt(t *testing.T) {
	for _, tt := range []struct {
		b    string
		refs bool
		want int
	}{
		{"abc", true, 3},
		{"abc\r", true, 3},
		{"abc\r", false, 3},
		{"ab &amp", true, 3},
		{"ab &amp; c", true, 10},
		{"ab &#x3a", true, 3},
		{"ab &#x3a", false, 8},
		{"&amp", true, 4}, // nothing before it: cut where it is
		{"a &" + strings.Repeat("x", 40), true, 43},
		{"a &" + strings.Repeat("x", 10), true, 2},
		{"a &" + strings.Repeat("x", 11), true, 14}, // a reference is at most 12 bytes
		{"x&a;&b", true, 4},
		{"x&amp&lt", true, 1}, // the first '&' that may start one
		{"x&amp&lt\r", true, 1},
	} {
		if got := cutAt([]byte(tt.b), tt.refs); got != tt.want {
			t.Errorf("cutAt(%q, %v) = %d, want %d", tt.b, tt.refs, got, tt.want)
		}
	}
}

// firstHitSink notes how much of the input was read when a hit of kind
// was first reported.
type firstHitSink struct {
	*readertest.Sink
	in   *limit.Counter
	kind string
	read int64
}

func (s *firstHitSink) Report(h *reader.Hit, base string) {
	if h.Kind == s.kind && s.read == 0 {
		s.read = s.in.N
	}
	s.Sink.Report(h, base)
}

// TestLongHTMLStreamed: an HTML text longer than streamFrom is read as it
// comes, not held whole until its element ends (doc/spec.md L7): its first
// links are reported when little more than streamFrom of the input is
// read; all of them are, at the start of the element's text; the links
// after it keep their places.
func TestLongHTMLStreamed(t *testing.T) {
	html := linksHTML(8 << 20)
	want := htmlLinks(t, strings.ReplaceAll(html, "\r\n", "\n"))
	head := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="html">`
	doc := head + escapeXML(html) + "</content></entry>\n<link href=\"http://after.example/\"/></feed>"
	in := &limit.Counter{R: strings.NewReader(doc)}
	s := &firstHitSink{Sink: &readertest.Sink{File: "doc.xml"}, in: in, kind: "html-attr"}
	if err := Read(&reader.Content{R: in, Name: "doc.xml", Base: "http://b.example/"}, s); err != nil {
		t.Fatal(err)
	}
	if bound := int64(2 << 20); s.read == 0 || s.read > bound { // streamFrom, and the reads ahead of it
		t.Errorf("the first link was reported after %d bytes of %d were read; want at most %d", s.read, len(doc), bound)
	}
	hits := s.Hits
	if len(hits) != len(want)+1 {
		t.Fatalf("%d hits, want %d", len(hits), len(want)+1)
	}
	for i, h := range hits[:len(want)] {
		if h.URI != want[i] || h.Line != 1 || h.Offset != int64(len(head)) || h.End != h.Offset {
			t.Fatalf("hit %d: %s at line %d, %d-%d; want %s at the start of the text (line 1, %d)", i, h.URI, h.Line, h.Offset, h.End, want[i], len(head))
		}
	}
	last := hits[len(hits)-1]
	at := strings.Index(doc, "http://after.example/")
	line, col := strings.Count(doc[:at], "\n")+1, at-strings.LastIndexByte(doc[:at], '\n')
	if last.URI != "http://after.example/" || last.Line != line || last.Col != col || last.Offset != int64(at) {
		t.Errorf("the link after: %s at %d:%d (%d), want http://after.example/ at %d:%d (%d)", last.URI, last.Line, last.Col, last.Offset, line, col, at)
	}
}

// TestLongHTMLOverTokenLimit: htmlbase stops at a text run over the
// run's token limit (doc/spec.md L6) in a streamed HTML text: a warning
// names the element and its line, the links before the run are
// reported, and so are the feed's links after the element.
func TestLongHTMLOverTokenLimit(t *testing.T) {
	doc := "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry><content type=\"html\">" +
		escapeXML(`<a href="http://before.example/">b</a>`+strings.Repeat("text ", 3<<20/5)+`<a href="http://lost.example/">l</a>`) +
		`</content></entry><link href="http://after.example/"/></feed>`
	s := &readertest.Sink{File: "doc.xml"}
	s.Opts.MaxToken = 1 << 20
	if err := Read(&reader.Content{R: strings.NewReader(doc), Name: "doc.xml"}, s); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range s.Hits {
		got = append(got, h.URI)
	}
	if strings.Join(got, " ") != "http://before.example/ http://after.example/" {
		t.Errorf("hits %q", got)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "line 2: the HTML text of <content>: htmlbase: a tag or text run") {
		t.Errorf("warnings %q", s.Warnings)
	}
}

// TestPiecesDecodeAsWhole: the text of a collecting element, cut into
// pieces (pieces.go) and each decoded as runFast decodes a token, is the
// text decoded whole, whatever the place of the cuts: no entity or
// character reference is split, nor a CR LF line break (which decoded
// in two pieces would be two breaks), nor "]]>".
func TestPiecesDecodeAsWhole(t *testing.T) {
	unit := "a &amp; b &#x3A; c\r\nd &lt;p&gt;\r\n"
	body := strings.Repeat(unit, 3*int(textPiece)/len(unit))
	for shift := range len(unit) {
		text := strings.Repeat("x", shift) + body
		for _, tt := range []struct {
			name, doc string
			whole     []byte
		}{
			{"text", text, xmlDecode(nil, []byte(text))},
			{"cdata", "<![CDATA[" + text + "]]>", xmlNewlines(nil, []byte(text))},
		} {
			src := &xmlSource{r: bufio.NewReaderSize(strings.NewReader(tt.doc), 64<<10), line: 1, col: 1, baseLine: 1, baseCol: 1}
			x := &xmlReader{src: src, stack: []xmlElem{{name: "content", text: 'h'}}}
			var joined []byte
			pieces := 0
			for p := int64(0); p < int64(len(tt.doc)); pieces++ {
				tok, err := x.nextTok(p)
				if err != nil {
					t.Fatalf("%s, shift %d: %v", tt.name, shift, err)
				}
				raw := src.bytes(tok.start, tok.end)
				raw = raw[tok.head : len(raw)-tok.tail]
				if tok.kind == 't' {
					joined = xmlDecode(joined, raw)
				} else {
					joined = xmlNewlines(joined, raw)
				}
				p = tok.end
			}
			if pieces < 3 || string(joined) != string(tt.whole) {
				t.Fatalf("%s, shift %d: %d pieces; joined text differs from the whole at %d", tt.name, shift, pieces, firstDiff(joined, tt.whole))
			}
		}
	}
}

// pieceHits reads doc and returns its hits' kinds and URIs, sorted, but
// for the empty references of valueless attributes ("<a href>"): a held
// HTML text without '=', ':', '&' or '@' is not read (prescan.MayHoldLink),
// a streamed one is, and only one of some 1 MiB could be so.
func pieceHits(doc []byte) ([]string, error) {
	var out []string
	s := &readertest.Sink{File: "doc.xml", OnHit: func(h reader.Hit) {
		if h.Raw != "" || h.Kind != "html-attr" {
			out = append(out, h.Kind+" "+h.URI)
		}
	}}
	err := Read(&reader.Content{R: bytes.NewReader(doc), Name: "doc.xml", Base: "https://docs.example/d/"}, s)
	slices.Sort(out)
	return out, err
}

// FuzzPieces: a document whose collecting elements' text is cut into
// pieces of a few bytes, and whose HTML texts are streamed from a few
// bytes on (pieces.go, htmlstream.go), gives the hits it gives read with
// the defaults, where both read it without error. They are compared as
// sets: a streamed text's links may come before those of an element
// inside it.
func FuzzPieces(f *testing.F) {
	for _, s := range []string{
		`<feed><entry><content type="html">&lt;a href=&quot;x&quot;&gt;y&lt;/a&gt; http://t.example/&amp;q &#x3A; &#58;</content></entry></feed>`,
		"<rss><channel><item><description><![CDATA[<p>see <a href='http://a/b'>b</a>\r\n http://c/d]]></description><link>\r\nhttp://l/\r\n</link></item></channel></rss>",
		`<rss><item><description>a<b href="c"/>&lt;a href="d"&gt;<![CDATA[<img src=e>]]>f</description><guid>http://g/</guid></item></rss>`,
	} {
		f.Add([]byte(s), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, doc []byte, piece, from uint8) {
		if len(doc) > 16<<10 {
			return // a few-byte hand-over a piece: long inputs only slow the search
		}
		whole, werr := pieceHits(doc)
		defer func(p int64, sf, sp int) { textPiece, streamFrom, streamPiece = p, sf, sp }(textPiece, streamFrom, streamPiece)
		textPiece, streamFrom, streamPiece = maxRef+int64(piece%32), 1+int(from%64), 1+int(piece%8)
		cut, cerr := pieceHits(doc)
		if werr == nil && cerr == nil && !slices.Equal(whole, cut) {
			t.Fatalf("%q: read whole\n%s\nin pieces of %d, streamed from %d\n%s", doc, strings.Join(whole, "\n"), textPiece, streamFrom, strings.Join(cut, "\n"))
		}
	})
}

// TestLongHTMLCutShort: a feed that ends inside a streamed HTML text
// reports the links of all its text read (endStreams), then the error.
func TestLongHTMLCutShort(t *testing.T) {
	html := linksHTML(2 << 20)
	want := htmlLinks(t, strings.ReplaceAll(html, "\r\n", "\n"))
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="html">` + escapeXML(html)
	got, err := readDoc(t, doc)
	if err == nil || !strings.Contains(err.Error(), "unexpected end of input inside <content>") {
		t.Errorf("error %v", err)
	}
	if len(got) != len(want) || got[len(got)-1] != want[len(want)-1] {
		t.Errorf("%d links, the last %q; want %d, the last %q", len(got), got[len(got)-1], len(want), want[len(want)-1])
	}
}
