package office

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// tokens lists what the scanner reads from r, one line a token: kind,
// line:col, name or text.
func tokens(r io.Reader) (string, error) {
	sc := newScanner(r, 0)
	var b strings.Builder
	var text []byte
	for {
		k := sc.next()
		if k != tokText && text != nil {
			fmt.Fprintf(&b, "text %q\n", text)
			text = nil
		}
		switch k {
		case tokEOF:
			return b.String(), sc.err
		case tokStart, tokEnd:
			line, col := sc.at(sc.off)
			v, _, _, _ := sc.attr("v")
			fmt.Fprintf(&b, "%d %d:%d %s %q\n", k, line, col, sc.name, v)
		case tokText:
			text = append(text, sc.text...)
		}
	}
}

func TestScanner(t *testing.T) {
	long := strings.Repeat("a&amp;b ", textChunk/5) // text longer than a piece, references across its ends
	doc := `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "y">]>
<d v='1 &gt; 0' w="a>b"><!-- <no/> --><e v="&#x41;&#66;"/>a &lt;&bogus; &#1114112; <![CDATA[<c>&amp;]]>
<f
  v = "multi
line">` + long + `</f></d>`
	want, err := tokens(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`1 2:1 d "1 > 0"`, `1 2:39 e "AB"`, `2 2:39 e "AB"`,
		`text "a <&bogus; &#1114112; <c>&amp;\n"`, `1 3:1 f "multi\nline"`,
		`text "` + strings.ReplaceAll(long, "&amp;", "&") + `"`, `2 5:`,
	} {
		if !strings.Contains(want, s) {
			t.Errorf("tokens lack %q:\n%.600s", s, want)
		}
	}
	got, err := tokens(iotest.OneByteReader(strings.NewReader(doc)))
	if err != nil || got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Errorf("read a byte at a time: error %v, token %d\n%.200s\nwant\n%.200s", err, i, gl[i], wl[i])
				break
			}
		}
	}
	if _, err := tokens(strings.NewReader(`<a v="x`)); err != io.ErrUnexpectedEOF {
		t.Errorf("cut tag: error %v", err)
	}
	big := "<a v=\"" + strings.Repeat("x", maxToken) + "\"/>"
	if _, err := tokens(bytes.NewReader([]byte(big))); !errors.Is(err, errTokenTooLarge) {
		t.Errorf("tag over maxToken: error %v", err)
	}
}

// FuzzScanner holds the tokenizer to encoding/xml, which it replaced: on a
// document encoding/xml reads strictly, both give the same elements in
// the same order, the same attribute values and the same text (line ends
// as encoding/xml normalises them), whole and a byte at a time.
func FuzzScanner(f *testing.F) {
	f.Add(`<?xml version="1.0"?><!DOCTYPE d><d v='1 &gt; 0'><!-- c --><e v="&#x41;"/>a &lt; b<![CDATA[<c>]]></d>`)
	f.Add(odfContent)
	f.Add("<w:p xmlns:w=\"w\"><w:r><w:t xml:space=\"preserve\">x\r\ny</w:t></w:r></w:p>")
	f.Fuzz(func(t *testing.T, doc string) {
		want, ok := xmlTokens(doc)
		if !ok {
			return
		}
		for _, r := range []io.Reader{strings.NewReader(doc), iotest.OneByteReader(strings.NewReader(doc))} {
			got, err := scanTokens(r)
			if err != nil {
				t.Fatalf("%q: error %v", doc, err)
			}
			if got != want {
				t.Fatalf("%q:\nscanner\n%s\nencoding/xml\n%s", doc, got, want)
			}
		}
	})
}

func scanTokens(r io.Reader) (string, error) {
	sc := newScanner(r, 0)
	var b, text strings.Builder
	for {
		k := sc.next()
		if k != tokText && text.Len() > 0 {
			t := strings.ReplaceAll(strings.ReplaceAll(text.String(), "\r\n", "\n"), "\r", "\n")
			fmt.Fprintf(&b, "text %q\n", t)
			text.Reset()
		}
		switch k {
		case tokEOF:
			return b.String(), sc.err
		case tokStart:
			fmt.Fprintf(&b, "start %s", sc.name)
			eachAttr(sc.raw, func(name []byte, vs, ve int) bool {
				fmt.Fprintf(&b, " %s=%q", name, unescape(sc.raw[vs:ve]))
				return true
			})
			b.WriteString("\n")
		case tokEnd:
			fmt.Fprintf(&b, "end %s\n", sc.name)
		case tokText:
			text.Write(sc.text)
		}
	}
}

// xmlTokens lists what encoding/xml reads, as scanTokens does; false when
// it finds the document malformed, or it holds what the scanner leaves
// to others (character references outside the valid range, line ends
// inside attribute values, which encoding/xml normalises).
func xmlTokens(doc string) (string, bool) {
	if strings.Contains(doc, "&#") || strings.Contains(doc, "\r") {
		return "", false
	}
	d := xml.NewDecoder(strings.NewReader(doc))
	var b, text strings.Builder
	qname := func(n xml.Name) string {
		if n.Space != "" {
			return n.Space + ":" + n.Local
		}
		return n.Local
	}
	for {
		tok, err := d.RawToken()
		_, start := tok.(xml.StartElement)
		_, end := tok.(xml.EndElement)
		// Text runs on across comments, directives and processing
		// instructions, which the scanner skips.
		if (start || end || err != nil) && text.Len() > 0 {
			fmt.Fprintf(&b, "text %q\n", text.String())
			text.Reset()
		}
		if err == io.EOF {
			return b.String(), true
		}
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			fmt.Fprintf(&b, "start %s", qname(t.Name))
			for _, a := range t.Attr {
				if strings.ContainsAny(a.Value, "\n\t") {
					return "", false
				}
				fmt.Fprintf(&b, " %s=%q", qname(a.Name), a.Value)
			}
			b.WriteString("\n")
		case xml.EndElement:
			fmt.Fprintf(&b, "end %s\n", qname(t.Name))
		case xml.CharData:
			text.Write(t)
		}
	}
}
