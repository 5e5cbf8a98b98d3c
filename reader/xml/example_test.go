package xml_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/xml"
)

// Read an Atom feed: xml:base applies to the links below it (XML Base).
func Example() {
	s := &readertest.Sink{File: "feed.atom"}
	c := &reader.Content{R: strings.NewReader(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/"><link href="/"/><entry><link href="2026/post.html"/></entry></feed>`), Name: "feed.atom", Base: "https://example.com/docs/"}
	if err := xml.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 xml-attr https://blog.example/
	// 1 xml-attr https://blog.example/2026/post.html
}
