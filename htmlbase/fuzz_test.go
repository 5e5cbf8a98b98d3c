package htmlbase

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		appendixD,
		`<base href=x><a href="#t" ping="a b"><img srcset="a,b 1x, c 2x">`,
		`<meta http-equiv=refresh content="0;URL='x'"><p style="b:url(a\28)">`,
		`<style>@import "a"; b{c:url( 'd' )}</style><svg><use xlink:href=#i></svg>`,
		"<p>see &lt;URL:http://a/b&gt;\n http://c/d</p><!-- http://e/ -->",
		"<meta charset=shift_jis><a href=\"\x93\xfa\">",
		"\xff\xfe<\x00a\x00>\x00",
		`<svg><foreignObject><div></svg><base href=x></div><image href=i /></svg><p><svg><g><img src=a>`,
		`<math><mi><mglyph><base href=x></mglyph></mi><annotation-xml encoding=text/html><a href=y></math><svg><![CDATA[<a href=z>]]>`,
		"<a href=\"a\xe2\x82\xff\">",
		`<div><template shadowrootmode=open><base href=b><img src=a></template><template shadowrootmode=open></div><template><p><template shadowrootmode=closed>`,
		`<svg><style>a{b:u\72l(c&amp;d)} e{--f:url(g)}</style></svg><noembed><a href="</noembed><a href=h>"><noframes><img src=i>`,
		`<img srcset="a 1x 2x, b 0w, c 50h, d 100w 50h, e (x)"><link imagesrcset="f 1.x, g"><form action=" "><meta http-equiv=refresh content=0;h><base href=i>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, browser := range []bool{false, true} {
			readChecked(t, in, Options{Browser: browser})
		}
	})
}

// readChecked reads in with opts, whole and one byte at a time, and checks
// what every document read must hold.
func readChecked(t *testing.T, in []byte, opts Options) {
	doc, err := Read(bytes.NewReader(in), opts)
	if err != nil {
		t.Fatalf("Read(%q): %v", in, err)
	}
	// Positions count bytes of the UTF-8 stream the tokenizer saw.
	r, enc, _ := decodeReader(bytes.NewReader(in), "")
	stream, _ := io.ReadAll(r)
	// After a late <meta charset> changed the decoder (H5), the
	// tokenizer saw another stream than this one.
	exact := enc == doc.Encoding
	for _, l := range doc.Links {
		if l.Offset < 0 || l.Offset > l.End || exact && l.End > int64(len(stream)) {
			t.Errorf("Read(%q): link %+v outside [0,%d]", in, l, len(stream))
		}
		if l.Line < 1 || l.Col < 1 {
			t.Errorf("Read(%q): link %+v at bad line:col", in, l)
		}
		if exact && l.Offset <= int64(len(stream)) {
			before := stream[:l.Offset]
			line := bytes.Count(before, []byte{'\n'}) + 1
			col := len(before) - bytes.LastIndexByte(before, '\n')
			if l.Line != line || l.Col != col {
				t.Errorf("Read(%q): link %+v at %d:%d, want %d:%d", in, l, l.Line, l.Col, line, col)
			}
		}
		if same := l.Ref == "" || l.Ref[0] == '#'; same != l.SameDocument {
			t.Errorf("Read(%q): link %+v: SameDocument = %v, want %v", in, l, l.SameDocument, same)
		}
		if exact && !l.Text && l.Attr != "" && stream[l.Offset] != '<' {
			t.Errorf("Read(%q): attribute link %+v does not start at a tag", in, l)
		}
		if !utf8.ValidString(l.Ref) {
			t.Errorf("Read(%q): link %+v is not UTF-8", in, l)
		}
		if strings.ContainsAny(l.Ref, "\t\n\r") && !l.Text {
			t.Errorf("Read(%q): link %+v keeps a tab or line break", in, l)
		}
	}
	if !doc.HasBase && doc.Base != "" {
		t.Errorf("Read(%q): Base %q with HasBase %v", in, doc.Base, doc.HasBase)
	}
	// The way the input is chunked does not matter.
	doc2, err := Read(iotest.OneByteReader(bytes.NewReader(in)), opts)
	if err != nil || !reflect.DeepEqual(doc, doc2) {
		t.Errorf("Read(%q) one byte at a time = %+v, %v; want %+v", in, doc2, err, doc)
	}
}
