package hostile

import (
	"bufio"
	"fmt"
	"strings"
)

// The cases of long and nested bases (doc/spec.md L7): a base longer than
// any a client fetches, a chain of relative ones each a step longer than
// the one before, and elements nested a thousand deep each with a
// relative xml:base, in XML and in OpenDocument.
func init() {
	Cases = append(Cases,
		Case{"html-long-base", ".html", "a <base href> of n/2 bytes, then n/30 links against it", htmlLongBase},
		Case{"jsonld-base-chain", ".jsonld", "n/26 relative @base values, each resolved against the one before",
			repeated(`[{"@id": "http://ld.example/first"}, {"@base": "http://ld.example/"}`, `, {"@base": "aaaaaaaaa/"}`, `, {"@id": "last"}]`)},
		Case{"xml-base-nested", ".xml", "elements nested up to 990 deep, each with a relative xml:base of n/1000 bytes",
			nestedBases(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://xb.example/"><link href="http://xb.example/first"/>`,
				`<e xml:base="%s/">`, `<link href="deep"/>`, `</e>`, `<link href="http://xb.example/last"/></feed>`)},
		Case{"fodt-base-nested", ".fodt", "sections nested up to 990 deep, each with a relative xml:base of n/1000 bytes",
			nestedBases(`<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:mimetype="application/vnd.oasis.opendocument.text" xml:base="http://fb.example/"><office:body><office:text><text:p>http://fb.example/first</text:p>`,
				`<text:section xml:base="%s/">`, `<text:p><text:a xlink:href="deep">d</text:a></text:p>`, `</text:section>`,
				`<text:p>http://fb.example/last</text:p></office:text></office:body></office:document>`)},
	)
}

func htmlLongBase(w *bufio.Writer, n int) {
	fmt.Fprintf(w, `<a href="http://hb.example/first">f</a><base href="http://hb.example/%s/">`, strings.Repeat("a", n/2))
	fill(w, `<a href=x>x</a>`, n/2)
	w.WriteString(`<a href="http://hb.example/last">l</a>`)
}

// nestedBases writes head, then elements opened by open (its %s a
// segment of n/1000 bytes) as deep as n allows up to 990, inner at the
// bottom, the elements closed by close, and tail.
func nestedBases(head, open, inner, close, tail string) func(*bufio.Writer, int) {
	return func(w *bufio.Writer, n int) {
		seg := strings.Repeat("s", max(n/1000, 1))
		depth := min(990, n/(len(seg)+len(open)+len(close)))
		w.WriteString(head)
		for range depth {
			fmt.Fprintf(w, open, seg)
		}
		w.WriteString(inner)
		for range depth {
			w.WriteString(close)
		}
		w.WriteString(tail)
	}
}
