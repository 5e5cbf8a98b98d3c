package office

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// tokens lists what the scanner reads from r, one line a token: kind,
// line:col, name or text.
func tokens(r io.Reader) (string, error) {
	sc := newScanner(r)
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
	if _, err := tokens(bytes.NewReader([]byte(big))); err != errTokenTooLarge {
		t.Errorf("tag over maxToken: error %v", err)
	}
}
