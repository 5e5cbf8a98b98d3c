package htmlbase_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/urix/urix/htmlbase"
)

// The example of the seeds' Appendix D: the base is reported as written and
// every reference as written; resolving "../x" against the base gives
// http://www.ics.uci.edu/Test/a/x.
func ExampleRead() {
	page := `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
<img srcset="small.png 1x, large.png 2x"> <a href="#top">top</a>
</BODY></HTML>
`
	doc, err := htmlbase.Read(strings.NewReader(page), htmlbase.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("base:", doc.Base)
	for _, l := range doc.Links {
		fmt.Printf("%d:%d %s@%s %q same_document=%v\n", l.Line, l.Col, l.Element, l.Attr, l.Ref, l.SameDocument)
	}
	// Output:
	// base: http://www.ics.uci.edu/Test/a/b/c
	// 6:5 a@href "../x" same_document=false
	// 7:1 img@srcset "small.png" same_document=false
	// 7:1 img@srcset "large.png" same_document=false
	// 7:43 a@href "#top" same_document=true
}
