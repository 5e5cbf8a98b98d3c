package html_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
)

// Read an HTML page: its <base href> applies to every link (Appendix D), text URIs too.
func Example() {
	s := &readertest.Sink{File: "page.html"}
	c := &reader.Content{R: strings.NewReader(`<a href="../x">x</a><base href="http://www.ics.uci.edu/Test/a/b/c"><p>see http://example.org/</p>`), Name: "page.html", Base: "https://example.com/docs/"}
	if err := html.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 html-attr http://www.ics.uci.edu/Test/a/x
	// 1 html-text http://example.org/
}
