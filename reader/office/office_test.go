package office

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
	"github.com/urix/urix/reader/xml"
)

type file = readertest.File

var formats = []*reader.Format{text.Format, html.Format, xml.Format, OOXML, ODF, archive.ZipFormat, archive.TarFormat}

// run reads data with format f and returns its hits as
// "member:line:col kind uri" and its warnings.
func run(t testing.TB, f *reader.Format, data []byte, base string) ([]string, []string) {
	t.Helper()
	s := &readertest.Sink{Formats: formats, Opts: reader.Options{MaxDecoded: 1 << 30}}
	c := &reader.Content{R: bytes.NewReader(data), Name: "doc", Base: base,
		Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
	if err := f.Read(c, s); err != nil {
		s.Warnings = append(s.Warnings, "error: "+err.Error())
	}
	var hits []string
	for _, h := range s.Hits {
		hits = append(hits, fmt.Sprintf("%s:%d:%d %s %s", h.Member, h.Line, h.Col, h.Kind, h.URI))
	}
	return hits, s.Warnings
}

const contentTypes = `<?xml version="1.0"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`

func TestOOXMLConstructs(t *testing.T) {
	doc := `<?xml version="1.0"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:r><w:t>Split: http://exa</w:t></w:r><w:r><w:t xml:space="preserve">mple.com/run and more</w:t></w:r></w:p>
<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK "http://field.</w:instrText></w:r><w:r><w:instrText>example/p" \l "frag" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>shown</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>
<w:p><w:fldSimple w:instr="INCLUDEPICTURE &quot;http://pic.example/a.png&quot; \d"><w:r><w:t>x</w:t></w:r></w:fldSimple></w:p>
<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>HYPERLINK \l "_Toc1"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>
<w:p><w:r><w:t>a&amp;b https://amp.example/?a=1&amp;b=2</w:t></w:r></w:p>
</w:body></w:document>`
	rels := `<?xml version="1.0"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://rel.example/x" TargetMode="External"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" TargetMode="External" Target="other.png"/>
</Relationships>`
	data := readertest.Zip(t,
		file{"[Content_Types].xml", contentTypes},
		file{"word/document.xml", doc},
		file{"word/_rels/document.xml.rels", rels},
		file{"xl/sharedStrings.xml", `<sst><si><r><t>https://sheet.</t></r><r><t>example/</t></r></si><si><t>no link</t></si></sst>`},
		file{"ppt/slides/slide1.xml", `<p:sld xmlns:a="a" xmlns:p="p"><a:p><a:r><a:t>ftp://slide.example/f</a:t></a:r></a:p></p:sld>`},
	)
	hits, warns := run(t, OOXML, data, "file:///x/d.docx")
	want := []string{
		"word/document.xml:3:23 space http://example.com/run",
		"word/document.xml:4:69 office-field http://field.example/p#frag",
		"word/document.xml:5:6 office-field http://pic.example/a.png",
		"word/document.xml:7:24 space https://amp.example/?a=1&b=2",
		"word/_rels/document.xml.rels:4:118 office-rel https://rel.example/x",
		"word/_rels/document.xml.rels:5:136 office-rel file:///x/other.png",
		"xl/sharedStrings.xml:1:16 space https://sheet.example/",
		"ppt/slides/slide1.xml:1:47 space ftp://slide.example/f",
	}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits\n%s\nwarnings %q; want\n%s", strings.Join(hits, "\n"), warns, strings.Join(want, "\n"))
	}
}

func TestFieldURL(t *testing.T) {
	for _, tc := range []struct{ code, want string }{
		{` HYPERLINK "http://a.example/" `, "http://a.example/"},
		{`HYPERLINK http://b.example/ \o "tip"`, "http://b.example/"},
		{`HYPERLINK \o "tip" "http://c.example/"`, "http://c.example/"},
		{`HYPERLINK "http://d.example/" \l "x"`, "http://d.example/#x"},
		{`HYPERLINK \l "bookmark"`, ""},
		{`INCLUDETEXT "C:\\docs\\a.docx"`, `C:\docs\a.docx`},
		{`PAGE \* MERGEFORMAT`, ""},
		{`HYPERLINK`, ""},
	} {
		if got := fieldURL(tc.code); got != tc.want {
			t.Errorf("fieldURL(%q) = %q, want %q", tc.code, got, tc.want)
		}
	}
}

// TestPackageByContentTypes: an OOXML package whose first member is not
// [Content_Types].xml sniffs as a zip, which hands it to OOXML.
func TestPackageByContentTypes(t *testing.T) {
	data := readertest.Zip(t,
		file{"word/_rels/document.xml.rels", `<Relationships><Relationship Id="r" Target="https://late.example/" TargetMode="External"/></Relationships>`},
		file{"[Content_Types].xml", contentTypes},
	)
	if looksLikeOOXML(data) || !archive.LooksLikeZip(data) {
		t.Fatal("test package sniffs wrong")
	}
	hits, warns := run(t, archive.ZipFormat, data, "file:///x/d.docx")
	if want := []string{"word/_rels/document.xml.rels:1:45 office-rel https://late.example/"}; !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits %q warnings %q, want %q", hits, warns, want)
	}
}

const odfContent = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink">
<office:body><office:text>
<text:p>See <text:a xlink:type="simple" xlink:href="https://odf.example/a">a</text:a> and http://prose.example/ here.</text:p>
<text:p><text:a xlink:href="../sibling.odt">s</text:a> <text:a xlink:href="Pictures/x.png">p</text:a></text:p>
</office:text></office:body></office:document-content>`

func TestODF(t *testing.T) {
	data := readertest.Zip(t,
		file{"mimetype", "application/vnd.oasis.opendocument.text"},
		file{"content.xml", odfContent},
		file{"styles.xml", `<office:document-styles xmlns:office="o"><text:p xmlns:text="t">Footer https://footer.example/</text:p></office:document-styles>`},
		file{"meta.xml", `<office:document-meta xmlns:office="o"><meta:generator xmlns:meta="m">x</meta:generator></office:document-meta>`},
		file{"settings.xml", `<x>http://settings.example/ is not read</x>`},
		file{"Object 1/content.xml", `<o><text:p xmlns:text="t">http://embedded.example/</text:p></o>`},
	)
	if !looksLikeODF(data) {
		t.Fatal("ODF package does not sniff")
	}
	hits, warns := run(t, ODF, data, "file:///x/d.odt")
	want := []string{
		"content.xml:4:53 xml-attr https://odf.example/a",
		"content.xml:4:91 space http://prose.example/",
		"content.xml:5:29 xml-attr file:///x/sibling.odt",
		"content.xml:5:76 xml-attr jar:file:///x/d.odt!/Pictures/x.png",
		"styles.xml:1:72 space https://footer.example/",
		"Object 1/content.xml:1:27 space http://embedded.example/",
	}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits\n%s\nwarnings %q; want\n%s", strings.Join(hits, "\n"), warns, strings.Join(want, "\n"))
	}
	// The flat form is XML: a relative link resolves against the
	// document itself.
	hits, _ = run(t, ODF, []byte(odfContent), "file:///x/d.fodt")
	if len(hits) != 4 || !strings.HasSuffix(hits[2], "file:///sibling.odt") {
		t.Errorf("flat ODF hits %q", hits)
	}
}

// TestHyperlinkBase: the HyperlinkBase of docProps/app.xml is the base of
// the document's relative links.
func TestHyperlinkBase(t *testing.T) {
	data := readertest.Zip(t,
		file{"[Content_Types].xml", contentTypes},
		file{"docProps/app.xml", `<Properties><HyperlinkBase>https://base.example/docs/</HyperlinkBase></Properties>`},
		file{"word/_rels/document.xml.rels", `<Relationships><Relationship Id="r" Target="page.html" TargetMode="External"/></Relationships>`},
	)
	hits, _ := run(t, OOXML, data, "file:///x/d.docx")
	if want := []string{"word/_rels/document.xml.rels:1:45 office-rel https://base.example/docs/page.html"}; !slices.Equal(hits, want) {
		t.Errorf("hits %q, want %q", hits, want)
	}
}

func TestFormulaURLs(t *testing.T) {
	for _, c := range []struct{ f, want string }{
		{`HYPERLINK("http://a.example/","label")`, "http://a.example/"},
		{`hyperlink( "http://b.example/?q=""x""" )`, `http://b.example/?q="x"`},
		{`IF(A1>0,HYPERLINK("http://c.example/"),HYPERLINK("#Sheet2!A1","go"))`, "http://c.example/ #Sheet2!A1"},
		{`HYPERLINK("http://d.example/"&A1,"computed")`, ""},
		{`HYPERLINK(A1)`, ""},
		{`MYHYPERLINK("http://e.example/")`, ""},
		{`CONCAT("HYPERLINK(""http://f.example/"")")`, ""},
		{`HYPERLINK("`, ""},
		{`HYPERLINK`, ""},
	} {
		if got := strings.Join(formulaURLs([]byte(c.f)), " "); got != c.want {
			t.Errorf("formulaURLs(%q) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestXLSXHyperlinkFormula: a cell's HYPERLINK formula is a link even
// with no relationship behind it, as Excel and LibreOffice follow it.
func TestXLSXHyperlinkFormula(t *testing.T) {
	sheet := `<?xml version="1.0"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="str"><f>HYPERLINK("http://formula.example/a","label")</f><v>label</v></c></row>
<row r="2"><c r="A2" t="str"><f>HYPERLINK(&quot;rel/doc.pdf&quot;)</f><v>rel/doc.pdf</v></c></row>
</sheetData></worksheet>`
	ct := `<?xml version="1.0"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`
	data := readertest.Zip(t, file{"[Content_Types].xml", ct}, file{"xl/worksheets/sheet1.xml", sheet})
	hits, warns := run(t, OOXML, data, "file:///x/s.xlsx")
	want := []string{
		"xl/worksheets/sheet1.xml:3:33 office-field http://formula.example/a",
		"xl/worksheets/sheet1.xml:4:33 office-field file:///x/rel/doc.pdf",
	}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits\n%s\nwarnings %q; want\n%s", strings.Join(hits, "\n"), warns, strings.Join(want, "\n"))
	}
}

// TestODFParagraphJoined: the text of a paragraph is joined across its
// spans, as LibreOffice splits a URI whose characters differ in style;
// a note inside the paragraph, an element of its own, is not joined.
func TestODFParagraphJoined(t *testing.T) {
	content := `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:text>
<text:p>See http://spl<text:span text:style-name="T1">it.exa</text:span>mple/a<text:span>/b?x=1&amp;y=2</text:span> now.</text:p>
<text:p>One http://one.example/<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>http://note.example/</text:p></text:note-body></text:note> two<text:s/>http://two.example/</text:p>
<text:h>Head https://h.exa<text:a xlink:href="https://h.example/x">mple/x</text:a></text:h>
</office:text></office:body></office:document-content>`
	data := readertest.Zip(t, file{"mimetype", "application/vnd.oasis.opendocument.text"}, file{"content.xml", content})
	hits, warns := run(t, ODF, data, "file:///x/d.odt")
	want := []string{
		"content.xml:3:13 space http://split.example/a/b?x=1&y=2",
		"content.xml:4:13 space http://one.example/",
		"content.xml:4:109 space http://note.example/",
		"content.xml:4:180 space http://two.example/",
		"content.xml:5:47 xml-attr https://h.example/x",
		"content.xml:5:14 space https://h.example/x",
	}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits\n%s\nwarnings %q; want\n%s", strings.Join(hits, "\n"), warns, strings.Join(want, "\n"))
	}
}

// appleDouble is the start of an AppleDouble file as macOS's Archive
// Utility writes one beside each file it zips: magic, version, filler,
// entries (Finder info, resource fork), then a plist.
const appleDouble = "\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02\x00\x00\x00\x09\x00\x00\x00\x32\x00\x00\x0e\xb0" +
	"\x00\x00\x00\x02\x00\x00\x0e\xe2\x00\x00\x01\x1eATTR\x00\x00\x00\x00com.apple.quarantine q/0081;http://quarantine.example/"

// TestAppleDoubleSkipped: an XLSX zipped again on a Mac carries
// __MACOSX/._* AppleDouble members named like its parts; they are skipped,
// not parsed as XML (which made the file's exit status 2), and give no hit.
func TestAppleDoubleSkipped(t *testing.T) {
	sheet := `<?xml version="1.0"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="str"><f>HYPERLINK("http://formula.example/a","label")</f><v>label</v></c></row>
</sheetData></worksheet>`
	ct := `<?xml version="1.0"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`
	data := readertest.Zip(t, file{"[Content_Types].xml", ct}, file{"xl/worksheets/sheet1.xml", sheet},
		file{"__MACOSX/._[Content_Types].xml", appleDouble},
		file{"__MACOSX/xl/worksheets/._sheet1.xml", appleDouble},
		file{"__MACOSX/xl/_rels/._workbook.xml.rels", appleDouble})
	hits, warns := run(t, OOXML, data, "file:///x/s.xlsx")
	want := []string{"xl/worksheets/sheet1.xml:3:33 office-field http://formula.example/a"}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits\n%s\nwarnings %q; want\n%s", strings.Join(hits, "\n"), warns, strings.Join(want, "\n"))
	}
	if !archive.IsAppleDouble("__MACOSX/a/._b.txt") || !archive.IsAppleDouble("a/._b") || archive.IsAppleDouble("a/b._c") || archive.IsAppleDouble("_rels/.rels") {
		t.Error("IsAppleDouble")
	}
}
