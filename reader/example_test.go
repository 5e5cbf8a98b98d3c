package reader_test

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// A format of one's own: a file of one reference per line, "#" starting a
// comment. Its reader reports each reference with its span; the pipeline
// makes it absolute against the content's base, filters and passes it on.
// Given in Options.Formats, it joins the table beside the default formats.
func Example() {
	links := &reader.Format{
		Name:       "linklist",
		Extensions: []string{".links"},
		ByName:     true,
		Read: func(c *reader.Content, s reader.Sink) error {
			sc := bufio.NewScanner(c.R)
			var h reader.Hit
			var off int64
			for line := 1; sc.Scan(); line++ {
				ref := strings.TrimSpace(sc.Text())
				if ref != "" && !strings.HasPrefix(ref, "#") {
					col := strings.Index(sc.Text(), ref) + 1
					start := off + int64(col-1)
					sp := reader.Span{Line: line, Col: col, EndLine: line, EndCol: col + len(ref), Start: start, End: start + int64(len(ref))}
					h.Set(c, "linklist", ref, ref, sp, 0)
					h.Source = resolve.FromHTML // a reference, resolved as a link is
					s.Report(&h, c.Base)
				}
				off += int64(len(sc.Bytes())) + 1
			}
			return sc.Err()
		},
	}
	x, err := extract.New(extract.Options{Formats: []*reader.Format{links}, Base: "https://example.com/docs/"})
	if err != nil {
		panic(err)
	}
	for h, err := range x.Hits(strings.NewReader("# mirrors\nguide.html\n  ../about/\n"), "site.links") {
		if err == nil {
			fmt.Println(h.Line, h.Col, h.URI)
		}
	}
	// Output:
	// 2 1 https://example.com/docs/guide.html
	// 3 3 https://example.com/about/
}
