package text_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// Read plain text by the rules of Appendix E (doc/spec.md §2).
func Example() {
	s := &readertest.Sink{File: "notes.txt"}
	c := &reader.Content{R: strings.NewReader("See <URL:http://www.w3.org/Addressing/>,\nor mailto:timbl@w3.org.\n"), Name: "notes.txt", Base: "https://example.com/docs/"}
	if err := text.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 angle http://www.w3.org/Addressing/
	// 2 space mailto:timbl@w3.org
}
