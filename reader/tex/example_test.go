package tex_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/tex"
)

// Read LaTeX: comments skipped, \url, \href and \doi read as what they are.
func Example() {
	s := &readertest.Sink{File: "paper.tex", Opts: reader.Options{MaxDecoded: 1 << 20}}
	c := &reader.Content{R: strings.NewReader("See \\url{https://example.org/data} and \\doi{10.1000/182}.\n% \\url{https://old.example/}\n"), Name: "paper.tex", Base: "https://example.com/docs/"}
	if err := tex.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 tex https://example.org/data
	// 1 tex https://doi.org/10.1000/182
}
