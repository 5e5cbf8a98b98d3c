package markdown_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/readertest"
)

// Read Markdown: link destinations resolve against the file's base; code is skipped.
func Example() {
	s := &readertest.Sink{File: "README.md", Opts: reader.Options{MaxDecoded: 1 << 20}} // a document is read whole, up to MaxDecoded
	c := &reader.Content{R: strings.NewReader("See [the guide](guide.md) and <https://example.org/>.\n\n    http://in.code/block\n\n[ref]: ../ref.html\n"), Name: "README.md", Base: "https://example.com/docs/"}
	if err := markdown.New(markdown.Options{}).Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 md-link https://example.com/docs/guide.md
	// 1 md-autolink https://example.org/
	// 5 md-definition https://example.com/ref.html
}
