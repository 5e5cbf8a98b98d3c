package extract

import (
	"errors"
	"strings"
	"testing"
)

// xmlHits reads doc as XML with base and returns its hits and the error,
// checking every hit's span.
func xmlHits(t *testing.T, base, doc string) ([]Hit, error) {
	t.Helper()
	var hits []Hit
	err := mustNew(t, Options{Type: XML}).Reader(strings.NewReader(doc), "a.xml", base, func(h *Hit) error {
		checkHitSpan(t, doc, *h)
		hits = append(hits, *h)
		return nil
	}, func(err error) { t.Errorf("%q: warning %v", doc, err) })
	return hits, err
}

func xmlHitList(hits []Hit) string {
	var b strings.Builder
	for _, h := range hits {
		b.WriteString(h.Kind + " " + h.Element)
		if h.Attr != "" {
			b.WriteString("@" + h.Attr)
		}
		b.WriteString(" " + h.URI + " " + h.Raw + ";")
	}
	return b.String()
}

func TestXMLConstructs(t *testing.T) {
	const base = "http://h.example/d/f.xml"
	for _, tt := range []struct {
		name, doc, want string
	}{
		{"atom link", `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="a"/></feed>`, "xml-attr link@href http://h.example/d/a a;"},
		{"xml:base", `<feed xml:base="http://b.example/x/"><entry xml:base="y/"><link href="z"/></entry><link href="w"/></feed>`,
			"xml-attr link@href http://b.example/x/y/z z;xml-attr link@href http://b.example/x/w w;"},
		{"relative xml:base", `<r xml:base="sub/"><a href="p"/></r>`, "xml-attr a@href http://h.example/d/sub/p p;"},
		{"xml:base and namespaces are no hits", `<r xmlns="http://www.w3.org/2005/Atom" xmlns:x="http://x.example/ns" xml:base="http://b.example/"/>`, ""},
		{"content src", `<content src="c.txt"/>`, "xml-attr content@src http://h.example/d/c.txt c.txt;"},
		{"atom id absolute", `<id>urn:isbn:0451450523</id><id>1234</id>`, "xml-text id urn:isbn:0451450523 urn:isbn:0451450523;"},
		{"rss link text", "<link>\n  http://a.example/p  \n</link>", "xml-text link http://a.example/p http://a.example/p;"},
		{"guid permalink", `<guid>http://a.example/1</guid><guid isPermaLink="false">http://a.example/2</guid>`, "xml-text guid http://a.example/1 http://a.example/1;"},
		{"enclosure", `<enclosure url="e.mp3"/>`, "xml-attr enclosure@url http://h.example/d/e.mp3 e.mp3;"},
		{"source", `<source url="http://s.example/rss">S</source>`, "xml-attr source@url http://s.example/rss http://s.example/rss;"},
		{"sitemap loc", `<url><loc>http://a.example/&amp;x</loc></url>`, "xml-text loc http://a.example/&x http://a.example/&amp;x;"},
		{"opml", `<outline xmlUrl="f.xml" htmlUrl="/h" url="u"/>`,
			"xml-attr outline@xmlUrl http://h.example/d/f.xml f.xml;xml-attr outline@htmlUrl http://h.example/h /h;xml-attr outline@url http://h.example/d/u u;"},
		{"xlink", `<x xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="l"/>`, "xml-attr x@xlink:href http://h.example/d/l l;"},
		{"svg", `<svg><a href="a"/><use href="#i"/></svg>`, "xml-attr a@href http://h.example/d/a a;xml-attr use@href http://h.example/d/f.xml#i #i;"},
		{"html description", `<description>&lt;a href="x"&gt;x&lt;/a&gt;</description>`, "html-attr a@href http://h.example/d/x x;"},
		{"cdata description", `<description><![CDATA[<img src="i.png">]]></description>`, "html-attr img@src http://h.example/d/i.png i.png;"},
		// HTML with no '=' and no ':' as written may still hold a link
		{"html colon reference", `<description><![CDATA[<p>see http&#58;//a.example/x</p>]]></description>`, "html-text p http://a.example/x http&#58;//a.example/x;"},
		{"html escaped colon entity", `<description>&lt;p&gt;see http&amp;colon;//a.example/x&lt;/p&gt;</description>`, "html-text p http://a.example/x http&amp;colon;//a.example/x;"},
		{"html css import", `<description><![CDATA[<style>@import "s.css";</style>]]></description>`, "html-attr style http://h.example/d/s.css \"s.css\";"},
		{"atom html content", `<content type="html" xml:base="http://c.example/">&lt;a href="y"&gt;</content>`, "html-attr a@href http://c.example/y y;"},
		{"text content", `<summary>see http://t.example/ &amp; more</summary>`, "space  http://t.example/ http://t.example/;"},
		{"text with references", `<p>&lt;&gt; see http://t.example/a&amp;b</p>`, "space  http://t.example/a&b http://t.example/a&amp;b;"},
		{"crlf", "<r>\r\n<link>\r\nhttp://a.example/</link></r>", "xml-text link http://a.example/ http://a.example/;"},
		{"no entity expansion", `<!DOCTYPE r [<!ENTITY e "http://evil.example/">]><r><link>&e;</link><p>&e;</p></r>`, "xml-text link http://h.example/d/&e; &e;;"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hits, err := xmlHits(t, base, tt.doc)
			if got := xmlHitList(hits); got != tt.want || err != nil {
				t.Errorf("%q:\n got %s (%v)\nwant %s", tt.doc, got, err, tt.want)
			}
		})
	}
}

func TestXMLLimits(t *testing.T) {
	deep := strings.Repeat("<a>", maxXMLDepth+1)
	if _, err := xmlHits(t, "", deep); !errors.Is(err, ErrXMLTooDeep) {
		t.Errorf("deep document: error %v, want ErrXMLTooDeep", err)
	}
	hits, err := xmlHits(t, "", `<r><link href="http://a.example/"/><x></r>`+"<<<")
	if err == nil || len(hits) != 1 {
		t.Errorf("malformed document: %d hits, error %v; want the hit before the error and an error", len(hits), err)
	}
	hits, err = xmlHits(t, "", `<r><link href="http://a.example/"/>`)
	if err == nil || len(hits) != 1 {
		t.Errorf("truncated document: %d hits, error %v; want the hit and an error", len(hits), err)
	}
}

func TestXMLCharset(t *testing.T) {
	doc := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r><link>http://a.example/caf\xe9</link></r>"
	hits, err := xmlHits(t, "", doc)
	if err != nil || len(hits) != 1 || hits[0].URI != "http://a.example/caf%C3%A9" && hits[0].URI != "http://a.example/café" {
		t.Errorf("got %s, %v", xmlHitList(hits), err)
	}
}

func TestXMLSniffAndMediaTypes(t *testing.T) {
	for _, tt := range []struct {
		head, name string
		want       Type
	}{
		{`<?xml version="1.0"?><rss>`, "x", XML},
		{"\n<feed xmlns=\"http://www.w3.org/2005/Atom\">", "x", XML},
		{`<!-- c --><urlset>`, "x", XML},
		{`<svg xmlns="http://www.w3.org/2000/svg">`, "x", XML},
		{`<?xml version="1.0"?><!DOCTYPE html><html>`, "a.xhtml", HTML},
		{`<sitemapindex>`, "", XML},
		{"plain", "a.opml", XML},
		{"# T", "README.md", Markdown},
		{"# T", "a.markdown", Markdown},
		{"<p align=\"center\"><img src=\"logo.png\"></p>\n\n# T", "README.md", Markdown},
		{"<!DOCTYPE html><html>", "page.html", HTML},
	} {
		if got := Sniff([]byte(tt.head), tt.name); got != tt.want {
			t.Errorf("Sniff(%q, %q) = %v, want %v", tt.head, tt.name, got, tt.want)
		}
	}
	for mt, want := range map[string]Type{
		"text/xml": XML, "application/xml": XML, "application/atom+xml": XML, "application/rss+xml": XML,
		"image/svg+xml": XML, "application/xhtml+xml": HTML, "text/markdown": Markdown, "text/plain": Text,
	} {
		if got, ok := TypeForMediaType(mt); !ok || got != want {
			t.Errorf("TypeForMediaType(%q) = %v, %v; want %v", mt, got, ok, want)
		}
	}
	if _, ok := TypeForMediaType("application/+xml"); ok {
		t.Error(`TypeForMediaType("application/+xml") matched`)
	}
}

// TestDocumentsInMail: Markdown and XML parts of a message go to their
// readers by media type, and their hits point into the message.
func TestDocumentsInMail(t *testing.T) {
	msg := "From: a@b.example\r\nSubject: s\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n" +
		"--B\r\nContent-Type: text/markdown\r\nContent-Base: http://m.example/d/\r\n\r\n[x](rel.md)\r\n" +
		"--B\r\nContent-Type: application/atom+xml\r\n\r\n<feed xml:base=\"http://f.example/\"><link href=\"e\"/></feed>\r\n--B--\r\n"
	hits, warns := collect(t, mustNew(t, Options{}), "m.eml", "", []byte(msg))
	got := xmlHitList(hits)
	want := "header  http://m.example/d/ http://m.example/d/;md-link  http://m.example/d/rel.md rel.md;xml-attr link@href http://f.example/e e;"
	if got != want || len(warns) > 0 {
		t.Errorf("got %s (%v), want %s", got, warns, want)
	}
	for _, h := range hits {
		checkHitSpan(t, msg, h)
	}
}
