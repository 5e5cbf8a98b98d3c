package json_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/json"
	"github.com/urix/urix/reader/readertest"
)

// Read JSON: every string decoded (\/, \uXXXX) and read by the text rules, positions in the raw file.
func Example() {
	s := &readertest.Sink{File: "api.json", Opts: reader.Options{MaxDecoded: 1 << 20}}
	c := &reader.Content{R: strings.NewReader(`{"homepage": "https:\/\/example.org\/a?x=1\u0026y=2", "@id": "urn:isbn:0451450523"}`), Name: "api.json", Base: "https://example.com/docs/"}
	if err := json.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 space https://example.org/a?x=1&y=2
	// 1 json-ld urn:isbn:0451450523
}
