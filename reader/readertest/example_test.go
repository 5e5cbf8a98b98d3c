package readertest_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// A format's test reads a content into a Sink and looks at its hits and
// warnings; the Sink resolves by RFC 3986 against the content's base.
func Example() {
	s := &readertest.Sink{File: "notes.txt"}
	c := &reader.Content{R: strings.NewReader("see <http://a.example/x> and\nftp://b.example/pub.\n"), Name: "notes.txt"}
	if err := text.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Printf("%s:%d:%d: %s (%s)\n", h.File, h.Line, h.Col, h.URI, h.Kind)
	}
	fmt.Println(len(s.Warnings), "warnings")
	// Output:
	// notes.txt:1:5: http://a.example/x (angle)
	// notes.txt:2:1: ftp://b.example/pub (space)
	// 0 warnings
}
