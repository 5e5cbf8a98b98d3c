package extract_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/extract"
)

// Extract the links of a mail message: a header field, a quoted-printable
// text part and an HTML part whose relative link is resolved against the
// part's Content-Location (Section 5.1.2).
func Example() {
	msg := "From: a@example.com\r\n" +
		"Subject: links\r\n" +
		"List-Archive: <https://lists.example.com/archive/>\r\n" +
		"Content-Type: multipart/alternative; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"See <http://www.example.com/a=3Db> for details.\r\n" +
		"--b\r\nContent-Type: text/html\r\nContent-Location: https://www.example.com/news/\r\n\r\n" +
		"<a href=\"2026/item.html\">item</a>\r\n" +
		"--b--\r\n"
	x, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	err = x.Reader(strings.NewReader(msg), "msg.eml", "", func(h *extract.Hit) error {
		fmt.Printf("%-6s %-2s %-9s %s\n", fmt.Sprintf("%d:%d", h.Line, h.Col), h.Part, h.Kind, h.URI)
		return nil
	}, nil)
	if err != nil {
		panic(err)
	}
	// Output:
	// 3:15      header    https://lists.example.com/archive/
	// 10:5   1  angle     http://www.example.com/a=b
	// 13:19  2  header    https://www.example.com/news/
	// 15:1   2  html-attr https://www.example.com/news/2026/item.html
}

// The URIs of a piece of text, in one call.
func ExampleURIs() {
	text := "See <URL:http://www.w3.org/Addressing/> and\n" +
		"mailto:timbl@w3.org, or (http://en.wikipedia.org/wiki/URI_(disambiguation)).\n"
	for _, u := range extract.URIs(text) {
		fmt.Println(u)
	}
	// Output:
	// http://www.w3.org/Addressing/
	// mailto:timbl@w3.org
	// http://en.wikipedia.org/wiki/URI_(disambiguation)
}

// The hits of an input in any format, as an iterator: each hit is the
// caller's to keep. Here an HTML page whose <base href> resolves its links
// (Appendix D).
func ExampleExtractor_Hits() {
	page := `<base href="http://www.ics.uci.edu/Test/a/b/c"><a href="../x">x</a> see http://example.org/`
	x, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	var kept []extract.Hit
	for h, err := range x.Hits(strings.NewReader(page), "page.html") {
		if err != nil {
			fmt.Println("warning:", err)
			continue
		}
		kept = append(kept, h)
	}
	for _, h := range kept {
		fmt.Println(h.Kind, h.URI)
	}
	// Output:
	// html-attr http://www.ics.uci.edu/Test/a/x
	// html-text http://example.org/
}

// Options are given once; the Extractor is then safe for concurrent use.
func ExampleExtractor_URIs() {
	x, err := extract.New(extract.Options{Base: "https://example.com/docs/", Type: "html"})
	if err != nil {
		panic(err)
	}
	fmt.Println(x.URIs(`<a href="guide.html">guide</a> <img src="/logo.png">`))
	// Output:
	// [https://example.com/docs/guide.html https://example.com/logo.png]
}
