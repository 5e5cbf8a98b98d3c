package printer_test

import (
	"os"

	"github.com/urix/urix/printer"
	"github.com/urix/urix/reader"
)

// Print hits as grep prints matches (-n), then as JSON Lines.
func Example() {
	hits := []reader.Hit{
		{File: "notes.txt", Line: 3, Col: 7, URI: "http://example.org/", Raw: "http://example.org/", Kind: "space", Resolved: true},
		{File: "page.html", Line: 1, Col: 1, URI: "https://example.com/a", Raw: "a", Kind: "html-attr", Element: "a", Attr: "href", Resolved: true},
	}
	for _, o := range []printer.Options{{Position: true}, {Format: printer.JSON}} {
		p, err := printer.New(os.Stdout, o)
		if err != nil {
			panic(err)
		}
		for i := range hits {
			p.Hit(&hits[i])
		}
		p.Finish()
		p.Flush()
	}
	// Output:
	// notes.txt:3:7: http://example.org/
	// page.html:1:1: https://example.com/a
	// {"uri":"http://example.org/","raw":"http://example.org/","file":"notes.txt","line":3,"col":7,"offset":0,"end":0,"kind":"space","resolved":true}
	// {"uri":"https://example.com/a","raw":"a","file":"page.html","line":1,"col":1,"offset":0,"end":0,"kind":"html-attr","element":"a","attr":"href","resolved":true}
}
