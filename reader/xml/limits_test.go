package xml

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/resolve"
)

// readDoc reads doc as XML with a base and returns the hits' URIs and the
// error.
func readDoc(t *testing.T, doc string) ([]string, error) {
	t.Helper()
	s := &readertest.Sink{File: "doc.xml"}
	s.Opts.MaxDecoded = 1 << 30
	err := Read(&reader.Content{R: strings.NewReader(doc), Name: "doc.xml", Base: "http://b.example/"}, s)
	var uris []string
	for _, h := range s.Hits {
		uris = append(uris, h.URI)
	}
	return uris, err
}

// TestManyAttributes: of an element's attributes, the first MaxAttrs are
// read and the ones past them are not (SPEC L7), whatever their number.
func TestManyAttributes(t *testing.T) {
	var many bytes.Buffer
	for i := range MaxAttrs + 10 {
		fmt.Fprintf(&many, ` a%d="v"`, i)
	}
	for _, tt := range []struct {
		doc  string
		want string
	}{
		{`<feed xmlns="http://www.w3.org/2005/Atom"><link href="first"` + many.String() + `/></feed>`, "http://b.example/first"},
		{`<feed xmlns="http://www.w3.org/2005/Atom"><link` + many.String() + ` href="last"/><link href="next"/></feed>`, "http://b.example/next"},
	} {
		got, err := readDoc(t, tt.doc)
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("%.60q...: %q, %v; want %q", tt.doc, got, err, tt.want)
		}
	}
}

// TestStartTagTooLong: a start tag over MaxToken (checked a read chunk at
// a time) is an error, after the hits before it, so memory stays bounded
// by the token cap.
func TestStartTagTooLong(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><link href="before"/><link title="` + strings.Repeat("x", MaxToken+2*xmlChunk) + `" href="x"/></feed>`
	got, err := readDoc(t, doc)
	if err == nil || !strings.Contains(err.Error(), "start tag over 16 MiB") || strings.Join(got, " ") != "http://b.example/before" {
		t.Errorf("hits %q, error %v; want the hit before and a start tag too long", got, err)
	}
}

// TestNestedBasesBounded: the open elements' own xml:base values hold at
// most reader.MaxBases, then a deeper one is not used, with one note; an
// xml:base longer than resolve.MaxBase is not used either; once the deep
// elements end, the bases counted are given back and a later xml:base is
// used again. A thousand relative xml:base of 1,000 bytes, each base
// longer than the one before, held 480 MiB.
func TestNestedBasesBounded(t *testing.T) {
	var doc strings.Builder
	doc.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">`)
	levels := reader.MaxBases/7000 + 10
	for i := range levels {
		fmt.Fprintf(&doc, `<e xml:base="http://h%d.example/%s/">`, i, strings.Repeat("a", 7000))
	}
	doc.WriteString(`<link href="deep"/>`)
	doc.WriteString(strings.Repeat("</e>", levels))
	fmt.Fprintf(&doc, `<e xml:base="%s/"><link href="long"/></e>`, strings.Repeat("b", resolve.MaxBase))
	doc.WriteString(`<e xml:base="http://after.example/"><link href="after"/></e></feed>`)
	s := &readertest.Sink{File: "doc.xml"}
	if err := Read(&reader.Content{R: strings.NewReader(doc.String()), Name: "doc.xml", Base: "http://b.example/"}, s); err != nil {
		t.Fatal(err)
	}
	taken := reader.MaxBases/len(fmt.Sprintf("http://h00.example/%s/", strings.Repeat("a", 7000))) - 1
	var got []string
	for _, h := range s.Hits {
		got = append(got, h.URI[:min(len(h.URI), 24)])
	}
	want := []string{fmt.Sprintf("http://h%d.example/aaaaa", taken), "http://b.example/long", "http://after.example/aft"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("hits %q, want %q", got, want)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "xml:base: the bases of nested elements hold more than 256 KiB") {
		t.Errorf("warnings %q", s.Warnings)
	}
}
