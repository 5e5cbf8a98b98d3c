package epub

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// TestPackageManyAttributes: a tag of a million attributes in a package
// document costs no list of them (encoding/xml is given maxAttrs), and
// the items on either side of it are read (doc/spec.md A6, L1).
func TestPackageManyAttributes(t *testing.T) {
	opf := []byte(`<package><manifest><item id="a" href="text/a.xhtml" media-type="application/xhtml+xml"/>` + "\n" +
		`<meta` + strings.Repeat(` a=""`, 1<<20) + ` href="x.xhtml"/>` + "\n" +
		`<item id="b" href="text/b.xhtml" media-type="application/xhtml+xml"/></manifest></package>`)
	var items []string
	var fault *xmlFault
	alloc := readertest.Allocated(func() { fault = manifest(opf, "OPS", func(it item) { items = append(items, it.name) }) })
	if want := []string{"OPS/text/a.xhtml", "OPS/text/b.xhtml"}; fault != nil || !slices.Equal(items, want) {
		t.Errorf("items %q, fault %v; want %q", items, fault, want)
	}
	if alloc > 16<<20 {
		t.Errorf("reading a package document of %d bytes allocated %d bytes, want at most 16 MiB", len(opf), alloc)
	}
}

// TestCapAttrs: the attributes of a tag past maxAttrs become spaces, line
// ends and the tag's end kept, so offsets and lines do not move; the
// document given is left alone; comments, CDATA sections and quoted
// values are not tags.
func TestCapAttrs(t *testing.T) {
	many := strings.Repeat(" a=\"x>\"\n", maxAttrs+5)
	doc := `<!-- <c` + strings.Repeat(" c", 2*maxAttrs) + `> --><![CDATA[<d` + strings.Repeat(" d", 2*maxAttrs) + `>]]>` +
		`<?pi` + strings.Repeat(" p", 2*maxAttrs) + `?><e` + many + `/><f` + strings.Repeat(" b='1'", maxAttrs) + `>`
	in := []byte(doc)
	out := capAttrs(in)
	if string(in) != doc {
		t.Fatal("capAttrs changed the document it was given")
	}
	if len(out) != len(doc) || strings.Count(string(out), "\n") != strings.Count(doc, "\n") {
		t.Fatalf("capAttrs moved bytes: %d bytes, %d lines; want %d, %d", len(out), strings.Count(string(out), "\n"), len(doc), strings.Count(doc, "\n"))
	}
	e := strings.Index(doc, "<e")
	kept := e + 2 + maxAttrs*len(" a=\"x>\"\n")
	if got, want := string(out[:kept]), doc[:kept]; got != want {
		t.Errorf("the first %d attributes changed", maxAttrs)
	}
	rest := string(out[kept : kept+5*len(" a=\"x>\"\n")+2])
	if strings.Trim(rest, " \n") != "/>" || strings.Count(rest, "\n") != 5 {
		t.Errorf("past the cap: %q, want spaces, line ends and \"/>\"", rest)
	}
	if got := string(out[kept+len(rest):]); got != doc[kept+len(rest):] {
		t.Errorf("the tag after changed: %.40q", got)
	}
	if same := capAttrs([]byte("<a b='c'/>")); string(same) != "<a b='c'/>" {
		t.Errorf("capAttrs of a short tag: %q", same)
	}
}

// TestMissingItemsCounted: of the manifest items not in the book the
// first maxMissing are named, each in a note, the others counted in one
// more; the items that are in the book are read.
func TestMissingItemsCounted(t *testing.T) {
	var items strings.Builder
	for i := range 100 {
		fmt.Fprintf(&items, `<item id="m%d" href="text/missing%d.xhtml" media-type="application/xhtml+xml"/>`, i, i)
		if i == 50 {
			items.WriteString(`<item id="c" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>`)
		}
	}
	opf := `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>` + items.String() + `</manifest></package>`
	data := readertest.Zip(t, file{"mimetype", "application/epub+zip"}, file{"META-INF/container.xml", container},
		file{"OPS/book.opf", opf},
		file{"OPS/text/ch1.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="https://one.example/">1</a></body></html>`})
	hits, warns, notes := runNotes(t, data, "file:///x/b.epub")
	if !slices.Contains(hits, "OPS/text/ch1.xhtml html-attr https://one.example/") || len(warns) != 0 {
		t.Errorf("hits %q, warnings %q", hits, warns)
	}
	if len(notes) != maxMissing+1 || !strings.HasSuffix(notes[0], "manifest item OPS/text/missing0.xhtml not in the book") ||
		!strings.HasSuffix(notes[maxMissing], fmt.Sprintf("epub: %d more manifest items not in the book", 100-maxMissing)) {
		t.Errorf("%d notes, first %q, last %q", len(notes), notes[0], notes[len(notes)-1])
	}
}

// TestPackageCapShared: a package document is held whole up to the
// run's share of the token limit when that is below maxPackage
// (doc/spec.md L6; every worker may hold one): past it the book's
// package is a warning naming it and the cap, and the read goes on.
func TestPackageCapShared(t *testing.T) {
	opf := `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata>` +
		strings.Repeat("<!-- padding -->", (1<<20)/16) + `</metadata><manifest><item id="c" href="text/ch1.xhtml" media-type="application/xhtml+xml"/></manifest></package>`
	data := readertest.Zip(t, file{"mimetype", "application/epub+zip"}, file{"META-INF/container.xml", container},
		file{"OPS/book.opf", opf},
		file{"OPS/text/ch1.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="https://one.example/">1</a></body></html>`})
	for _, tt := range []struct {
		maxToken int
		hits     int
		warn     string
	}{
		{0, 1, ""},
		{16 << 20, 1, ""},
		{1 << 20, 0, "OPS/book.opf: zip: OPS/book.opf larger than 1048576 bytes"},
	} {
		s := &noteSink{Sink: &readertest.Sink{Formats: formats, Opts: reader.Options{MaxDecoded: 1 << 30, MaxToken: tt.maxToken}}}
		c := &reader.Content{R: bytes.NewReader(data), Name: "b.epub", Base: "file:///x/b.epub",
			Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
		if err := Format.Read(c, s); err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != tt.hits || tt.warn == "" && len(s.Warnings) > 0 || tt.warn != "" && (len(s.Warnings) != 1 || !strings.HasSuffix(s.Warnings[0], tt.warn)) {
			t.Errorf("token limit %d: %d hits, warnings %q; want %d and %q", tt.maxToken, len(s.Hits), s.Warnings, tt.hits, tt.warn)
		}
	}
}
