package office

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
)

// TestODFNestedBasesBounded: as in XML, the open elements' own xml:base
// values of an OpenDocument part hold at most reader.MaxBases, then a
// deeper one is not used, with one note, and the bytes come back as the
// elements end.
func TestODFNestedBasesBounded(t *testing.T) {
	var doc strings.Builder
	doc.WriteString(`<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:text>`)
	levels := reader.MaxBases/7000 + 10
	for i := range levels {
		fmt.Fprintf(&doc, `<text:section xml:base="http://h%d.example/%s/">`, i, strings.Repeat("a", 7000))
	}
	doc.WriteString(`<text:p><text:a xlink:href="deep">d</text:a></text:p>`)
	doc.WriteString(strings.Repeat("</text:section>", levels))
	doc.WriteString(`<text:section xml:base="http://after.example/"><text:p><text:a xlink:href="after">a</text:a></text:p></text:section>`)
	doc.WriteString(`</office:text></office:body></office:document>`)
	hits, warns := run(t, ODF, []byte(doc.String()), "file:///x/d.fodt")
	taken := reader.MaxBases/len(fmt.Sprintf("http://h00.example/%s/", strings.Repeat("a", 7000))) - 1
	if len(hits) != 2 || !strings.Contains(hits[0], fmt.Sprintf(" http://h%d.example/aaa", taken)) || !strings.HasSuffix(hits[1], " http://after.example/after") {
		t.Errorf("hits %.200q", hits)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "xml:base: the bases of nested elements hold more than 256 KiB") {
		t.Errorf("warnings %q", warns)
	}
}
