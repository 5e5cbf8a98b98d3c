package delimit_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/delimit"
)

func ExampleFind() {
	text := `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://ds.internic.
net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`
	for _, h := range delimit.Find([]byte(text), delimit.Options{}) {
		fmt.Printf("%d:%d %s %s\n", h.Line, h.Col, h.Kind, h.URI)
	}
	// Output:
	// 1:28 quote http://www.w3.org/Addressing/
	// 2:38 angle ftp://ds.internic.net/rfc/
	// 3:33 angle http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING
}

func ExampleFind_abbrev() {
	text := "See www.w3.org/Addressing/ or (example.co.uk/news)."
	for _, h := range delimit.Find([]byte(text), delimit.Options{Abbrev: true}) {
		fmt.Println(h.Kind, h.Raw, "->", h.URI)
	}
	// Output:
	// abbrev www.w3.org/Addressing/ -> http://www.w3.org/Addressing/
	// abbrev example.co.uk/news -> http://example.co.uk/news
}

func ExampleScanner() {
	r := strings.NewReader("> Read <URL:http://example.com/a-\n>   long-path> first, then\n> mailto:me@example.org.\n")
	s := delimit.NewScanner(r, delimit.Options{Hyphen: delimit.HyphenBoth})
	for s.Scan() {
		h := s.Hit()
		fmt.Printf("%d:%d %s %q hyphen_break=%v\n", h.Line, h.Col, h.Kind, h.URI, h.Flags&delimit.HyphenBreak != 0)
	}
	if err := s.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1:8 angle "http://example.com/a-long-path" hyphen_break=true
	// 1:8 angle "http://example.com/along-path" hyphen_break=true
	// 3:3 space "mailto:me@example.org" hyphen_break=false
}
