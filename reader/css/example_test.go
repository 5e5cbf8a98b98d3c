package css_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/css"
	"github.com/urix/urix/reader/readertest"
)

// Read a stylesheet: url(), @import and image-set() against the file's base.
func Example() {
	s := &readertest.Sink{File: "site.css", Opts: reader.Options{MaxDecoded: 1 << 20}}
	c := &reader.Content{R: strings.NewReader(`@import "theme.css"; body { background: url("../img/bg.png") }`), Name: "site.css", Base: "https://example.com/docs/"}
	if err := css.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 1 css https://example.com/docs/theme.css
	// 1 css https://example.com/img/bg.png
}
