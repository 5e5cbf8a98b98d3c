package pdf

import (
	"fmt"
	"slices"
	"testing"
)

// textURIs reads a one-page document of the given content stream (font
// F1) and returns the URIs of its text.
// readURIs reads the PDF data and returns the URIs of its hits, in
// order.
func readURIs(t *testing.T, data []byte) []string {
	t.Helper()
	s, err := read(data, "", true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range s.Hits {
		got = append(got, h.URI)
	}
	return got
}

func textURIs(t *testing.T, content string) []string {
	t.Helper()
	w := newW()
	return readURIs(t, w.bytes(w.build("", page{content: content})))
}

// TestOperandsAreTheLast: an operator's operands are the last ones
// before it; the operands of an operator a producer invented (here
// "pageresources<<##1>>", as a LaTeX package writes, before a cm) do not
// shift them. Read from the front, the cm took the dictionary for its
// first number and the page's text came apart into words on lines of
// their own ("h ttps://tug.org/pip ermail").
func TestOperandsAreTheLast(t *testing.T) {
	content := "1 0 0 1 193.71 647.506 cm\npageresources<<##1>>\n1 0 0 1 -193.71 -647.506 cm\n" +
		"BT /F1 9.96 Tf 195.9 647.5 Td [(see)-222(h)28(ttps://tug.org/pip)-27(ermail/dvip)-28(dfmx/2019-)]TJ -51.2 -11.95 Td [(A)28(ugust/000021.h)28(tml,)-387(so)]TJ ET"
	want := []string{"https://tug.org/pipermail/dvipdfmx/2019-August/000021.html"}
	if got := textURIs(t, content); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestLinkGoesOn: a URI the layout cut before a word that holds none of
// "/.=?&" is joined when the page's link says it goes on (the cut at
// "https://github.com/zoomoid/" of csassignments.pdf), over lines too;
// without the link, or when the joined text is not a link's, it is not.
func TestLinkGoesOn(t *testing.T) {
	for _, c := range []struct {
		link  string
		lines []string
		want  []string
	}{
		{"https://github.com/zoomoid/AlphabetClasses", []string{"defined in https://github.com/zoomoid/", "AlphabetClasses. More"},
			[]string{"https://github.com/zoomoid/AlphabetClasses"}},
		{"https://github.com/zoomoid/AlphabetClassesAndMore", []string{"in https://github.com/zoomoid/", "Alphabet", "ClassesAndMore. More"},
			[]string{"https://github.com/zoomoid/AlphabetClassesAndMore"}},
		{"https://other.example/", []string{"see https://github.com/", "texjporg."},
			[]string{"https://other.example/", "https://github.com/"}},
		{"https://github.com/forum", []string{"see https://github.com/", "for more"},
			[]string{"https://github.com/forum", "https://github.com/"}},
	} {
		w := newW()
		a := linkAnnot(w, "<< /S /URI /URI ("+c.link+") >>")
		got := readURIs(t, w.bytes(w.build("", page{content: textC(c.lines...), annots: []int{a}})))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q with link %s: got %q, want %q", c.lines, c.link, got, c.want)
		}
	}
}

// TestWrappedTwice: a URI wrapped over three lines is joined whole: the
// second break is judged on the text joined so far.
func TestWrappedTwice(t *testing.T) {
	got := textURIs(t, textC("see http://a.example/one/", "two/three/", "four.html and on"))
	if want := []string{"http://a.example/one/two/three/four.html"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStandardFontWidths: a standard font used without /Widths (the
// test writer's Helvetica) is measured by its real widths, so that a gap
// of 3 pt after a URI is a space. The old guess of half the size a glyph
// ran 9 pt past the URI's end and glued the next sentence to it
// ("http://www.w3.org/Next").
func TestStandardFontWidths(t *testing.T) {
	got := textURIs(t, "BT /F1 12 Tf 72 700 Td (http://www.w3.org/) Tj 101.7 0 Td (Next sentence.) Tj ET")
	if want := []string{"http://www.w3.org/"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for base, want := range map[string]uint16{"Helvetica": 722, "ABCDEF+Arial,Bold": 778, "Times-BoldItalic": 667, "Courier-Oblique": 600, "Symbol": 0} {
		w := standardWidths(base)
		if got := uint16(0); w != nil {
			got = w['w'-32]
			if got != want {
				t.Errorf("%s: width of w %d, want %d", base, got, want)
			}
		} else if want != 0 {
			t.Errorf("%s: no widths", base)
		}
	}
}

// TestFarLineNotJoined: a URI that ends a paragraph is not joined to a
// heading below a blank line ("https://www.w3.org/TR/PNG/", then "4.1.3
// GIF" in bmpsize.pdf), as it is to the line right below.
func TestFarLineNotJoined(t *testing.T) {
	for _, c := range []struct {
		dy   string
		want []string
	}{
		{"-14", []string{"https://www.w3.org/TR/PNG/4.1.3"}},
		{"-30", []string{"https://www.w3.org/TR/PNG/"}},
	} {
		got := textURIs(t, "BT /F1 12 Tf 72 700 Td (see https://www.w3.org/TR/PNG/) Tj 0 "+c.dy+" Td (4.1.3 GIF) Tj ET")
		if !slices.Equal(got, c.want) {
			t.Errorf("next line %s pt below: got %q, want %q", c.dy, got, c.want)
		}
	}
}

// TestType1BuiltinEncoding: a simple font with no /Encoding takes the
// built-in encoding of its embedded Type 1 program, as TeX's Computer
// Modern fonts need (code 14 is the "ffi" ligature): in grffile.pdf the
// URI https://github.com/ho-tex/grffile/issues came out cut at "gr".
func TestType1BuiltinEncoding(t *testing.T) {
	prog := []byte("%!PS-AdobeFont-1.0: CMR10\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 14 /ffi put\ndup 65 /A put\nreadonly def\ncurrentfile eexec\n")
	for _, c := range []struct {
		encoding string
		want     string
	}{
		{"", "https://github.com/ho-tex/grffile/issues"},
		{"/Encoding /WinAnsiEncoding", "https://github.com/ho-tex/gr"}, // a named encoding wins
	} {
		w := newW()
		ff := w.add(streamObj(fmt.Sprintf("/Length1 %d", len(prog)), prog))
		desc := w.add(fmt.Sprintf("<< /Type /FontDescriptor /FontName /CMTT10 /FontFile %d 0 R >>", ff))
		font := w.add(fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /CMTT10 /FirstChar 0 /LastChar 255 /Widths [] /FontDescriptor %d 0 R %s >>", desc, c.encoding))
		root := w.build("", page{content: "BT /F9 10 Tf 72 700 Td (see https://github.com/ho-tex/gr\\016le/issues now) Tj ET", extra: fmt.Sprintf("/Resources << /Font << /F9 %d 0 R >> >>", font)})
		got := readURIs(t, w.bytes(root))
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: got %q, want %q", c.encoding, got, c.want)
		}
	}
}

// TestRaisedGlyphInURI: a character drawn a little up or down in the
// same size ("~" and "_" as TeX draws them, about 0.2 times the size)
// stays in the URI; a footnote mark (smaller) or a glyph raised far is
// another baseline, and ends it.
func TestRaisedGlyphInURI(t *testing.T) {
	for _, c := range []struct {
		mark string
		want []string
	}{
		{"2 Ts (~) Tj 0 Ts", []string{"http://a.example/~sbuss/x"}},
		{"-2 Ts (_) Tj 0 Ts", []string{"http://a.example/_sbuss/x"}},
		{"/F1 7 Tf 4 Ts (1) Tj /F1 10 Tf 0 Ts", []string{"http://a.example/"}},
		{"5 Ts (~) Tj 0 Ts", []string{"http://a.example/"}},
	} {
		got := textURIs(t, "BT /F1 10 Tf 72 700 Td (see http://a.example/) Tj "+c.mark+" (sbuss/x) Tj ET")
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.mark, got, c.want)
		}
	}
}
