package pdf

import (
	"bytes"
	"compress/lzw"
	"encoding/ascii85"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	textfmt "github.com/urix/urix/reader/text"
)

var update_ = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// read reads a PDF through Whole (or, whole false, from a plain reader).
func read(data []byte, base string, whole bool) (*readertest.Sink, error) {
	s := &readertest.Sink{File: "t.pdf", Formats: []*reader.Format{textfmt.Format, Format}}
	c := &reader.Content{R: bytes.NewReader(data), Name: "t.pdf", Base: base}
	if whole {
		c.Whole = io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))
	}
	return s, Read(c, s)
}

// summary is what the goldens hold of a reading: one line a hit, then
// the warnings and the error.
func summary(s *readertest.Sink, err error) string {
	var b strings.Builder
	for _, h := range s.Hits {
		fmt.Fprintf(&b, "%s page=%d obj=%d off=%d", h.Kind, h.PDFPage, h.PDFObject, h.Offset)
		if h.Element != "" || h.Attr != "" {
			fmt.Fprintf(&b, " %s/%s", h.Element, h.Attr)
		}
		if h.Member != "" {
			fmt.Fprintf(&b, " member=%s", h.Member)
		}
		if h.HyphenBreak {
			b.WriteString(" hyphen-break")
		}
		fmt.Fprintf(&b, " %s", h.URI)
		if h.Raw != h.URI {
			fmt.Fprintf(&b, " (raw %q)", h.Raw)
		}
		b.WriteString("\n")
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".txt")
	if *update_ {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s:\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

// cases builds one small document per construct.
var cases = map[string]func() []byte{
	"uri-annot": func() []byte {
		w := newW()
		a := linkAnnot(w, "<< /S /URI /URI (http://example.com/a) >>")
		b := linkAnnot(w, "2 0 R") // an indirect action, filled in below
		act := w.add("<< /S /URI /URI (https://example.org/b) /Next << /S /URI /URI (http://example.net/next) >> >>")
		w.set(b, fmt.Sprintf("<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A %d 0 R >>", act))
		root := w.build("", page{content: textC("Visit http://example.com/a and", "https://other.example/x today."), annots: []int{a, b}})
		return w.bytes(root)
	},
	"file-actions-base": func() []byte {
		w := newW()
		a := linkAnnot(w, "<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>")
		b := linkAnnot(w, "<< /S /Launch /F << /Type /Filespec /F (docs/readme.txt) /UF (docs/r\xc3\xa9sum\xc3\xa9.txt) >> >>")
		c := w.add("<< /Type /Annot /Subtype /Widget /Rect [0 0 1 1] /A << /S /SubmitForm /F << /FS /URL /F (/cgi/submit) >> >> >>")
		d := linkAnnot(w, "<< /S /Launch /Win << /F (setup.exe) >> >>")
		e := linkAnnot(w, "<< /S /URI /URI (../up.html) >>")
		root := w.build("/URI << /Base (http://base.example/dir/index.html) >>", page{content: textC("relative text is not a URI here"), annots: []int{a, b, c, d, e}})
		return w.bytes(root)
	},
	"no-base-relative": func() []byte {
		w := newW()
		a := linkAnnot(w, "<< /S /GoToR /F (other.pdf) >>")
		root := w.build("", page{content: textC(""), annots: []int{a}})
		return w.bytes(root)
	},
	"outline-openaction": func() []byte {
		w := newW()
		o := w.reserve()
		i1 := w.reserve()
		i2 := w.reserve()
		i3 := w.reserve()
		w.set(o, fmt.Sprintf("<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count 2 >>", i1, i2))
		w.set(i1, fmt.Sprintf("<< /Title (One) /Parent %d 0 R /Next %d 0 R /First %d 0 R /A << /S /URI /URI (http://outline.example/1) >> >>", o, i2, i3))
		w.set(i2, fmt.Sprintf("<< /Title (Two) /Parent %d 0 R /Prev %d 0 R /Next %d 0 R /A << /S /URI /URI (http://outline.example/2) >> >>", o, i1, i1)) // /Next loops back
		w.set(i3, fmt.Sprintf("<< /Title (Child) /Parent %d 0 R /A << /S /GoToR /F (child.pdf) >> >>", i1))
		act := w.add("<< /S /URI /URI (http://open.example/) >>")
		root := w.build(fmt.Sprintf("/Outlines %d 0 R /OpenAction %d 0 R /AA << /WC << /S /URI /URI (http://close.example/) >> >>", o, act),
			page{content: textC("x"), extra: "/AA << /O << /S /URI /URI (http://page-open.example/) >> >>"})
		return w.bytes(root)
	},
	"wrapped-text": func() []byte {
		w := newW()
		root := w.build("", page{content: textC(
			"A long link wraps: http://example.com/a/very/long/path/that/",
			"continues/here.html in prose, then a hyphenated one http://hy-",
			"phen.example/page too; a line ends http://short.example/",
			"And this line is not joined to it.",
			"Mail <mailto:someone@example.com> and www.example.org.",
		)}, page{content: "BT /F1 12 Tf 72 700 Td (Same) Tj ( line) Tj 200 0 Td (http://gap.example/) Tj ET " +
			"BT /F1 7 Tf 72 600 Td 0 4 Td (1) Tj /F1 12 Tf 4 -4 Td (http://footnote.example/) Tj ET"})
		return w.bytes(root)
	},
	"fonts": func() []byte {
		w := newW()
		// Codes 1..: h t p : / e x a m l . o with /Differences.
		diff := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Custom /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [1 /h /t /p /colon /slash /e /x /a /m /l /period /o /c /uni002D] >> >>")
		cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n" +
			"3 beginbfchar <0001> <0068> <0002> <0074> <0003> <0070> endbfchar\n" +
			"1 beginbfchar <0012> <002E> endbfchar\n2 beginbfrange <0010> <0011> <003A> <0020> <0021> [<002F> <0077>] endbfrange\n" +
			"1 beginbfrange <0030> <0039> <0061> endbfrange\nendcmap end end"
		tu := w.add(streamObj("", []byte(cmap)))
		desc := w.add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>")
		t0 := w.add(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>", desc, tu))
		mac := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /MacRomanEncoding >>")
		res := fmt.Sprintf("/Resources << /Font << /D %d 0 R /T %d 0 R /M %d 0 R >> >>", diff, t0, mac)
		// "http://example.com" by /Differences codes.
		codes := "\x01\x02\x02\x03\x04\x05\x05\x06\x07\x08\x09\x03\x0a\x06\x0b\x0d\x0c\x09"
		// "http://www.ab.c" by the CMap (0x10 ':' by a range, 0x12 '.' by bfchar): h t t p : / / w w w . a b . c
		cid := "\x00\x01\x00\x02\x00\x02\x00\x03\x00\x10\x00\x20\x00\x20\x00\x21\x00\x21\x00\x21\x00\x12\x00\x30\x00\x31\x00\x12\x00\x32"
		content := fmt.Sprintf("BT /D 12 Tf 72 700 Td <%x> Tj 0 -20 Td /T 12 Tf <%x> Tj 0 -20 Td /M 12 Tf (http://mac.example/caf\x8e) Tj ET", codes, cid)
		root := w.build("", page{content: content, extra: res})
		return w.bytes(root)
	},
	"filters": func() []byte {
		w := newW()
		var pages []page
		body := []byte(textC("filtered http://filter.example/NAME end"))
		for _, f := range []string{"Flate", "LZW", "ASCII85", "ASCIIHex", "RunLength", "PNG", "TIFF", "Chain"} {
			b := bytes.ReplaceAll(body, []byte("NAME"), []byte(f))
			var data []byte
			var dict string
			switch f {
			case "Flate":
				data, dict = flate(b), "/Filter /FlateDecode"
			case "LZW":
				var buf bytes.Buffer
				z := lzw.NewWriter(&buf, lzw.MSB, 8)
				z.Write(b)
				z.Close()
				data, dict = buf.Bytes(), "/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>"
			case "ASCII85":
				var buf bytes.Buffer
				z := ascii85.NewEncoder(&buf)
				z.Write(b)
				z.Close()
				data, dict = append(buf.Bytes(), "~>"...), "/Filter /ASCII85Decode"
			case "ASCIIHex":
				data, dict = []byte(hex.EncodeToString(b)+"\n>"), "/Filter /ASCIIHexDecode"
			case "RunLength":
				var rl []byte
				for i := 0; i < len(b); i += 100 {
					chunk := b[i:min(i+100, len(b))]
					rl = append(rl, byte(len(chunk)-1))
					rl = append(rl, chunk...)
				}
				rl = append(rl, 256-9, ' ', 128) // a run of 10 spaces, then the end
				data, dict = rl, "/Filter /RunLengthDecode"
			case "PNG", "TIFF":
				cols := 7
				padded := append(bytes.Clone(b), bytes.Repeat([]byte(" "), (cols-len(b)%cols)%cols)...)
				var out []byte
				prev := make([]byte, cols)
				for i := 0; i < len(padded); i += cols {
					row := padded[i : i+cols]
					if f == "PNG" {
						out = append(out, 2) // Up
						for k := range row {
							out = append(out, row[k]-prev[k])
						}
					} else {
						for k := range row {
							if k == 0 {
								out = append(out, row[0])
							} else {
								out = append(out, row[k]-row[k-1])
							}
						}
					}
					copy(prev, row)
				}
				pred := 12
				if f == "TIFF" {
					pred = 2
				}
				data, dict = flate(out), fmt.Sprintf("/Filter /FlateDecode /DecodeParms << /Predictor %d /Columns %d >>", pred, cols)
			case "Chain":
				var buf bytes.Buffer
				z := ascii85.NewEncoder(&buf)
				z.Write(flate(b))
				z.Close()
				data, dict = append(buf.Bytes(), "~>"...), "/Filter [/ASCII85Decode /FlateDecode]"
			}
			pages = append(pages, page{content: "PLACEHOLDER " + dict + "\x00" + string(data)})
		}
		root := w.build("", pages...)
		// Rewrite the content streams with their filters.
		for i, o := range w.objs {
			if m := streamRe.FindStringSubmatch(o); m != nil && strings.HasPrefix(m[2], "PLACEHOLDER ") {
				dict, data, _ := strings.Cut(m[2][len("PLACEHOLDER "):], "\x00")
				w.objs[i] = streamObj(dict, []byte(data))
			}
		}
		return w.bytes(root)
	},
	"form-xobject": func() []byte {
		w := newW()
		f := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
		form := w.add(streamObj(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F %d 0 R >> >>", f), []byte("BT /F 10 Tf (http://form.example/) Tj ET")))
		root := w.build("", page{content: "q /X Do Q BT /F1 10 Tf 0 0 Td (x) Tj ET", extra: fmt.Sprintf("/Resources << /XObject << /X %d 0 R >> /Font << /F1 %d 0 R >> >>", form, f)})
		return w.bytes(root)
	},
	"embedded": func() []byte {
		w := newW()
		html := w.add(streamObj("/Type /EmbeddedFile /Subtype /text#2Fplain", []byte("see http://embedded.example/html and ./rel.html")))
		fs := w.add(fmt.Sprintf("<< /Type /Filespec /F (notes.txt) /UF (notes.txt) /EF << /F %d 0 R >> >>", html))
		att := w.add(streamObj("/Type /EmbeddedFile", []byte("attached: https://attached.example/")))
		fa := w.add(fmt.Sprintf("<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 1 1] /FS << /Type /Filespec /F (a.txt) /EF << /F %d 0 R >> >> >>", att))
		bin := w.add(streamObj("/Type /EmbeddedFile", []byte("\x89PNG\r\n\x1a\n\x00\x00 http://binary.example/")))
		fs2 := w.add(fmt.Sprintf("<< /Type /Filespec /F (img.png) /EF << /F %d 0 R >> >>", bin))
		root := w.build(fmt.Sprintf("/Names << /EmbeddedFiles << /Kids [<< /Names [(a) %d 0 R (b) %d 0 R] >>] >> >>", fs, fs2), page{content: textC("page"), annots: []int{fa}})
		return w.bytes(root)
	},
	"xref-stream-objstm": func() []byte {
		w := newW()
		w.objStm = true
		a := linkAnnot(w, "<< /S /URI /URI (http://objstm.example/) >>")
		root := w.build("", page{content: textC("in text http://text.example/"), annots: []int{a}})
		return w.bytes(root)
	},
	"incremental": func() []byte {
		w := newW()
		a := linkAnnot(w, "<< /S /URI /URI (http://old.example/) >>")
		root := w.build("", page{content: textC("body"), annots: []int{a}})
		return update(w.bytes(root), root, map[int]string{a: "<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] /A << /S /URI /URI (http://new.example/) >> >>"})
	},
	"damaged-xref": func() []byte {
		w := newW()
		w.junk = "garbage before the header\n"
		a := linkAnnot(w, "<< /S /URI /URI (http://damaged.example/) >>")
		root := w.build("", page{content: textC("text http://damaged-text.example/")})
		w.objs[len(w.objs)-2] = strings.Replace(w.objs[len(w.objs)-2], "/Annots []", fmt.Sprintf("/Annots [%d 0 R]", a), 1)
		b := w.bytes(root)
		// Shift every object: the table's offsets all point wrong, into
		// what is not white space.
		i := bytes.Index(b, []byte("1 0 obj"))
		return append(append(bytes.Clone(b[:i]), "junk"...), b[i:]...)
	},
	"no-xref": func() []byte {
		w := newW()
		a := linkAnnot(w, "<< /S /URI /URI (http://noxref.example/) >>")
		root := w.build("", page{content: textC("t"), annots: []int{a}})
		b := w.bytes(root)
		b = b[:bytes.Index(b, []byte("xref\n0"))]
		return append(b, fmt.Sprintf("trailer\n<< /Root %d 0 R >>\n%%%%EOF\n", root)...)
	},
	"rc4": func() []byte {
		w := newW()
		w.enc = newEnc(false)
		a := linkAnnot(w, "<< /S /URI /URI (http://rc4.example/annot) >>")
		root := w.build("", page{content: textC("text http://rc4.example/text"), annots: []int{a}})
		return w.bytes(root)
	},
	"aes128": func() []byte {
		w := newW()
		w.enc = newEnc(true)
		a := linkAnnot(w, "<< /S /URI /URI (http://aes.example/annot) >>")
		root := w.build("", page{content: textC("text http://aes.example/text"), annots: []int{a}})
		return w.bytes(root)
	},
	"aes256": func() []byte {
		w := newW()
		w.enc = newEnc256()
		a := linkAnnot(w, "<< /S /URI /URI (http://aes256.example/annot) >>")
		root := w.build("", page{content: textC("text http://aes256.example/text"), annots: []int{a}})
		return w.bytes(root)
	},
	"encrypted-password": func() []byte {
		w := newW()
		w.enc = newEnc(false)
		w.enc.dict = strings.Replace(w.enc.dict, "/U <", "/U <00", 1)
		root := w.build("", page{content: textC("x")})
		return w.bytes(root)
	},
	"damaged-page": func() []byte {
		w := newW()
		root := w.build("", page{content: textC("first http://one.example/")}, page{content: "x"}, page{content: textC("third http://three.example/")})
		for i, o := range w.objs {
			if strings.Contains(o, "stream\nx\n") {
				w.objs[i] = streamObj("/Filter /FlateDecode", []byte("not flate"))
			}
		}
		return w.bytes(root)
	},
	"flate-bomb": func() []byte {
		w := newW()
		bomb := flate(bytes.Repeat([]byte(" "), 40<<20))
		root := w.build("", page{content: textC("before http://before.example/")}, page{content: "x"}, page{content: textC("after http://after.example/")})
		for i, o := range w.objs {
			if strings.Contains(o, "stream\nx\n") {
				w.objs[i] = streamObj("/Filter /FlateDecode", bomb)
			}
		}
		return w.bytes(root)
	},
	"forms-repeated": func() []byte {
		// A 10 KB form drawn 1000 times: the page's forms share one cap.
		w := newW()
		f := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
		form := w.add(streamObj(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F %d 0 R >> >>", f),
			[]byte("BT /F 10 Tf (form text) Tj ET "+strings.Repeat("% padding\n", 1000))))
		root := w.build("", page{content: "BT /F 10 Tf (http://before-forms.example/) Tj ET\n" + strings.Repeat("q /X Do Q\n", 1000),
			extra: fmt.Sprintf("/Resources << /XObject << /X %d 0 R >> /Font << /F %d 0 R >> >>", form, f)},
			page{content: textC("next page http://next.example/")})
		return w.bytes(root)
	},
	"nesting": func() []byte {
		w := newW()
		deep := linkAnnot(w, "<< /S /URI /URI (http://deep.example/) /X "+strings.Repeat("[", 100)+strings.Repeat("]", 100)+" >>")
		ok := linkAnnot(w, "<< /S /URI /URI (http://shallow.example/) >>")
		self := w.reserve()
		w.set(self, fmt.Sprintf("<< /Type /Annot /Subtype /Link /A << /S /URI /URI (http://next-loop.example/) /Next %d 0 R >> >>", self+1))
		w.add(fmt.Sprintf("<< /S /URI /URI (http://loop2.example/) /Next << /S /URI /URI (http://loop3.example/) /Next %d 0 R >> >>", self+1))
		root := w.build("", page{content: textC("t"), annots: []int{deep, ok, self}})
		return w.bytes(root)
	},
	"page-tree-loop": func() []byte {
		w := newW()
		root := w.build("", page{content: textC("loop http://loop.example/")})
		// The page tree's node lists itself among its kids.
		for i, o := range w.objs {
			if strings.Contains(o, "/Type /Pages") {
				w.objs[i] = strings.Replace(o, "/Kids [", fmt.Sprintf("/Kids [%d 0 R ", i+1), 1)
			}
		}
		return w.bytes(root)
	},
}

func TestConstructs(t *testing.T) {
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			data := mk()
			base := ""
			if name == "embedded" {
				base = "http://host.example/doc.pdf"
			}
			s, err := read(data, base, true)
			got := summary(s, err)
			golden(t, name, got)
			s2, err2 := read(data, base, false)
			if got2 := summary(s2, err2); got2 != got {
				t.Errorf("read from a stream:\n%s\nfrom a file:\n%s", got2, got)
			}
			if *update_ {
				os.WriteFile(filepath.Join("testdata", "golden", name+".pdf"), data, 0o644)
			}
		})
	}
}

// TestAnnotCap: past the cap, the annotations are skipped with one
// warning.
func TestAnnotCap(t *testing.T) {
	defer func(n int) { maxAnnots = n }(maxAnnots)
	maxAnnots = 3
	w := newW()
	a := linkAnnot(w, "<< /S /URI /URI (http://a.example/) >>")
	root := w.build("", page{content: textC("t"), annots: []int{a, a, a, a, a}}, page{content: textC("t"), annots: []int{a}})
	s, err := read(w.bytes(root), "", true)
	if err != nil || len(s.Hits) != 3 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "more than 3 annotations") {
		t.Errorf("%s", summary(s, err))
	}
}

// TestStreamCap: a PDF from a stream is read into memory up to
// MaxMemory, then fails with one line.
func TestStreamCap(t *testing.T) {
	data := append([]byte("%PDF-1.4\n"), make([]byte, MaxMemory)...)
	_, err := read(data, "", false)
	if err == nil || err.Error() != "PDF from a stream larger than 32 MiB: give it as a file" {
		t.Errorf("err %v", err)
	}
}

func TestLZWSpecExample(t *testing.T) {
	// ISO 32000-1 clause 7.4.4.2.
	data, _ := hex.DecodeString("800b6050220c0c8501")
	got, err := io.ReadAll(newLZW(bytes.NewReader(data), true))
	if err != nil || string(got) != "-----A---B" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestWrapsURI(t *testing.T) {
	for _, c := range []struct {
		before, after string
		want          bool
	}{
		{"see http://a.example/long/", "path.html now", true},
		{"see http://a.example/x-", "y.html", true},
		{"see www.example.", "org/index.html", true},
		{"see http://a.example/x", "next/word", false},
		{"see http://a.example/", "next word", false},
		{"see http://a.example/", "See the manual.", false},
		{"see http://a.example/x", "The end.", false},
		{"see http://a.example/x.", "The/end.", false},
		{"see http://a.example/a/1.", "10.10.1 Heading", false},
		{"see http://a.example/", "http://b.example/", false},
		{"see http://a.example/", "1 http://b.example/", false},
		{"see http://a.example/", ".2.3", false},
		{"plain words/", "go/on", false},
		{"www.example.org/", "index.html", true},
		{"http://www.mychemistry.eu/forums/forum/bohr/", "contact@mychemistry.eu", false},
		{"https://medium.example/", "user/@name.post", true},
		{"(https://medium.example/", "user/name.post)", true},
	} {
		w := uriWord([]byte(c.before))
		if got := w != nil && wrapsURI(w, []byte(c.after)); got != c.want {
			t.Errorf("wrapsURI(%q, %q) = %v", c.before, c.after, got)
		}
	}
}

// TestRoundTrip reads the PDFs LibreOffice and Chromium made of one HTML
// document of known links (testdata/roundtrip/make.sh; gen.py says what
// each producer drops): every link it kept, made absolute against the
// HTML's <base>, and every URI of its prose, wrapped by the layout, is
// found, and nothing else.
func TestRoundTrip(t *testing.T) {
	for _, producer := range []string{"libreoffice", "chromium"} {
		t.Run(producer, func(t *testing.T) {
			data, err := os.ReadFile("testdata/roundtrip/links-" + producer + ".pdf")
			if err != nil {
				t.Fatal(err)
			}
			wantB, err := os.ReadFile("testdata/roundtrip/links-" + producer + ".want")
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{}
			for _, l := range strings.Fields(string(wantB)) {
				want[l] = true
			}
			s, err := read(data, "", true)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			annots := 0
			for _, h := range s.Hits {
				got[h.URI] = true
				if h.Kind == "pdf-annot" {
					annots++
				}
				if !want[h.URI] {
					t.Errorf("unexpected %s (%s, page %d)", h.URI, h.Kind, h.PDFPage)
				}
			}
			for u := range want {
				if !got[u] {
					t.Errorf("missing %s", u)
				}
			}
			if len(want) < 250 || annots < 200 {
				t.Errorf("only %d links wanted, %d annotations", len(want), annots)
			}
		})
	}
}

// TestPopplerGoldens compares the URI link annotations of real PDFs, page
// by page, with what poppler's pdfinfo -url lists (testdata/real/README).
func TestPopplerGoldens(t *testing.T) {
	realGoldens(t, ".pdfinfo", func(h reader.Hit) bool { return h.Kind == "pdf-annot" && h.Attr == "URI" })
}

// TestRealPageText: the hits of a real file's page text, where
// NAME.text lists them ("page<TAB>URI", sorted), judged by reading the
// page (pdftotext) beside its links. In xorg-readme.pdf (Apache FOP)
// every URI of the text lies under a link that gives it whole, wrapped
// at `https://`, inside `wi-ki` and `fs-f.org`, and cut after `definition.ph-`:
// P4a joins each into its link, which is reported once, so the text adds
// no hit. Without P4a it gave `http://www.x.org/wi-ki/Membership`,
// `http://www.opensource.org/docs/definition.ph-` and
// `http://www.fs-f.org/philosophy/free-sw.html`.
func TestRealPageText(t *testing.T) {
	realGoldens(t, ".text", func(h reader.Hit) bool { return h.Kind != "pdf-annot" })
}

// realGoldens reads every testdata/real/NAME.pdf that has a NAME+ext
// beside it and holds the hits keep takes ("page<TAB>raw", sorted) to it.
func realGoldens(t *testing.T, ext string, keep func(reader.Hit) bool) {
	t.Helper()
	files, _ := filepath.Glob("testdata/real/*" + ext)
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, f := range files {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(strings.TrimSuffix(f, ext) + ".pdf")
		if err != nil {
			t.Fatal(err)
		}
		s, err := read(data, "", true)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var got []string
		for _, h := range s.Hits {
			if keep(h) {
				got = append(got, fmt.Sprintf("%d\t%s\n", h.PDFPage, h.Raw))
			}
		}
		slices.Sort(got)
		if g := strings.Join(got, ""); g != string(want) {
			t.Errorf("%s:\n got:\n%s\nwant:\n%s", f, g, want)
		}
	}
}

// TestEncryptedProducers reads files encrypted by real producers for the
// empty user password (testdata/encrypted/make.sh), and fails on one
// that needs a password.
func TestEncryptedProducers(t *testing.T) {
	annot := "http://example.com/a https://example.org/b http://example.net/next https://other.example/x"
	for _, c := range []struct{ file, want string }{
		{"qpdf-rc4-40.pdf", annot},
		{"qpdf-rc4-128.pdf", annot},
		{"qpdf-aes128.pdf", annot},
		{"qpdf-aes256-r5.pdf", annot},
		{"qpdf-aes256-r6.pdf", annot},
		{"libreoffice-rc4.pdf", "http://encrypted.example/text"},
		{"qpdf-password.pdf", "error: pdf: encrypted document (needs a password or an unsupported security handler)"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "encrypted", c.file))
		if err != nil {
			t.Fatal(err)
		}
		s, err := read(data, "", true)
		var got []string
		for _, h := range s.Hits {
			got = append(got, h.URI)
		}
		if err != nil {
			got = append(got, "error: "+err.Error())
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: got %s, want %s", c.file, g, c.want)
		}
	}
}

// TestNoText: with Options.NoText the annotations and actions are read,
// the page text is not.
func TestNoText(t *testing.T) {
	data, err := os.ReadFile("testdata/roundtrip/links-chromium.pdf")
	if err != nil {
		t.Fatal(err)
	}
	s := &readertest.Sink{File: "t.pdf", Formats: []*reader.Format{textfmt.Format, Format}}
	c := &reader.Content{R: bytes.NewReader(data), Name: "t.pdf", Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
	if err := New(Options{NoText: true}).Read(c, s); err != nil {
		t.Fatal(err)
	}
	annots := 0
	for _, h := range s.Hits {
		if h.Kind != "pdf-annot" {
			t.Errorf("a %s hit: %s", h.Kind, h.URI)
		}
		annots++
	}
	if annots != 240 {
		t.Errorf("%d annotations, want 240", annots)
	}
}

// TestURIActionStrings: a URI ends at a NUL byte (a producer's C string
// terminator, as in dvipdfmx's tug2003-slides.pdf), and a URI action's
// "www." URI is http (hepthesis.pdf), as poppler reads both.
func TestURIActionStrings(t *testing.T) {
	w := newW()
	a := linkAnnot(w, `<< /S /URI /URI (http://cjk.ffii.org\000) >>`)
	b := linkAnnot(w, "<< /S /URI /URI (www.slac.stanford.edu/spires/) >>")
	c := linkAnnot(w, "<< /S /GoToR /F (www.notes.pdf) >>")
	s, err := read(w.bytes(w.build("", page{content: textC("t"), annots: []int{a, b, c}})), "http://base.example/doc.pdf", true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range s.Hits {
		got = append(got, h.URI+" "+h.Raw)
	}
	want := []string{
		"http://cjk.ffii.org http://cjk.ffii.org",
		"http://www.slac.stanford.edu/spires/ www.slac.stanford.edu/spires/",
		"http://base.example/www.notes.pdf www.notes.pdf",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
