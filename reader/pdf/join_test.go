package pdf

import (
	"fmt"
	"slices"
	"testing"
)

// linkedURIs reads a page of the given lines with a link annotation for
// each of links and returns every hit's URI.
func linkedURIs(t *testing.T, lines []string, links ...string) []string {
	t.Helper()
	w := newW()
	var annots []int
	for _, l := range links {
		annots = append(annots, linkAnnot(w, "<< /S /URI /URI ("+escapePDF(l)+") >>"))
	}
	return readURIs(t, w.bytes(w.build("", page{content: textC(lines...), annots: annots})))
}

// TestLinkJoins: the page's links join a URI the layout cut where the
// rules of wrapsURI cannot (issue 33, from the PDFs of xorg-docs,
// debmake-doc, LilyPond and Octave): the URI opens inside a parenthesis
// or bracket, is a mailto: URI, goes on with a word holding "://" (a
// web.archive.org link), or has text glued after its closing
// parenthesis; and a line-end hyphen the link does not have is the
// typesetter's, dropped. The text URI is then the link, reported once.
// Without the link, what the text says stays.
func TestLinkJoins(t *testing.T) {
	for _, c := range []struct {
		link   string
		lines  []string
		nolink []string // the hits without the link
	}{
		{"https://www.linuxjournal.com/article/8364", []string{"Linux Journal (https://www.linuxjournal.com/article/", "8364 ). The colors"},
			[]string{"https://www.linuxjournal.com/article/"}},
		{"http://www.fsf.org/philosophy/free-sw.html", []string{"Definition [http://www.fs-", "f.org/philosophy/free-sw.html]."},
			[]string{"http://www.fs-f.org/philosophy/free-sw.html"}},
		{"https://wiki.debian.org/SourceOnlyUpload", []string{"practice https://wiki.debian.org/-", "SourceOnlyUpload as:"},
			[]string{"https://wiki.debian.org/-"}},
		{"mailto:lewing@isc.tamu.edu", []string{"created by (mailto:lewing@isc.tamu.", "edu) with the"},
			[]string{"mailto:lewing@isc.tamu"}},
		{"https://web.archive.org/web/2011/http://news.example.net/?R-28", []string{"Report 28 (https://web.archive.org/web/2011/", "http://news.example.net/?R-28)"},
			[]string{"https://web.archive.org/web/2011/", "http://news.example.net/?R-28"}},
		{"https://a.example/pkg/x-1.2.tar.gz", []string{"LilyPond (https://a.example/pkg/x-1.2.tar.", "gz)macOS x86"},
			[]string{"https://a.example/pkg/x-1.2.tar"}},
		// P4a: a link whose own ")" the sentence's closing punctuation follows.
		{"https://cmake.example/manual/env.7.html#manual:env(7)", []string{"variables (https://cmake.example/manual/env.7.html#", "manual:env(7)), but it may"},
			[]string{"https://cmake.example/manual/env.7.html#"}},
		// P4a: "scheme:" ends a line, "//host" the next (E8a), and the link goes on past it.
		{"http://mirrors.example.org/macros/contrib/raggedright", []string{"Was in http:", "//mirrors.example.org/macros/contrib/", "raggedright. LaTeX 2.09 style"},
			[]string{"http://mirrors.example.org/macros/contrib/"}},
		// P4a: text glued before the scheme ("KTUG(http://", Japanese text).
		{"http://www.ktug.org", []string{"KTUG(http://www.ktug.", "org)\xec\x9d\x84 more"}, []string{"http://www.ktug"}},
	} {
		if got := linkedURIs(t, c.lines, c.link); !slices.Equal(got, []string{c.link}) {
			t.Errorf("%q with link %s: got %q, want the link alone", c.lines, c.link, got)
		}
		if got := linkedURIs(t, c.lines); !slices.Equal(got, c.nolink) {
			t.Errorf("%q without a link: got %q, want %q", c.lines, got, c.nolink)
		}
	}
}

// TestHyphenAfterSlash: a hyphen that ends a line right after "/", with
// a letter or digit going on, is a typesetter's break (the maint-guide's
// "http://www.gnu.org/-" / "prep/maintain/"): dropped without a link to
// say so. Before a "/" it is the URI's own ("/-/" in GitLab's paths),
// and after a letter it is kept as ever (P6: the hyphen is kept).
func TestHyphenAfterSlash(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  string
	}{
		{[]string{"see http://www.gnu.org/-", "prep/maintain/maintain.html now"}, "http://www.gnu.org/prep/maintain/maintain.html"},
		{[]string{"see https://gitlab.com/lilypond/lilypond/-", "/releases/v2.24.1/x.tar.gz now"}, "https://gitlab.com/lilypond/lilypond/-/releases/v2.24.1/x.tar.gz"},
		{[]string{"see https://doi.example/10.1111/j.0006-", "341X.2005.030815.x now"}, "https://doi.example/10.1111/j.0006-341X.2005.030815.x"},
	} {
		if got := textURIs(t, textC(c.lines...)); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q: got %q, want %q", c.lines, got, c.want)
		}
	}
}

// TestLigaturesAndUnmappedGlyphs: a font whose ToUnicode CMap maps a
// glyph to a typographic ligature (U+FB01) gives its letters in a URI
// ("m9.ﬁgshare"); a glyph with no text at all (a "tt" ligature a
// composite font's CMap leaves out) ends the URI rather than join its
// two sides into "hp://".
func TestLigaturesAndUnmappedGlyphs(t *testing.T) {
	cmap := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /L def\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n" +
		"2 beginbfchar <0001> <FB01> <0003> <223C> endbfchar\n1 beginbfrange <0020> <007E> <0020> endbfrange\nendcmap end end"
	for _, c := range []struct {
		text string
		want []string
	}{
		{"see https://doi.example/m9.\x01gshare.2 now", []string{"https://doi.example/m9.figshare.2"}},
		{"see h\x02p://www.example.org/x now", nil},
		{"see https://www.example.org/a\x02b now", []string{"https://www.example.org/a"}},
		{"see http://people.example.edu/\x03a326m085 now", []string{"http://people.example.edu/~a326m085"}},
	} {
		var codes []byte
		for i := 0; i < len(c.text); i++ {
			codes = append(codes, 0, c.text[i])
		}
		w := newW()
		tu := w.add(streamObj("", []byte(cmap)))
		desc := w.add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>")
		font := w.add(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>", desc, tu))
		root := w.build("", page{content: fmt.Sprintf("BT /L 12 Tf 72 700 Td <%x> Tj ET", codes), extra: fmt.Sprintf("/Resources << /Font << /L %d 0 R >> >>", font)})
		got := readURIs(t, w.bytes(root))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// TestRemoteDestination: a GoToR action's destination is the fragment of
// the remote file (issue 33: LilyPond's manuals link web.pdf#Manuals): a
// named one as pdf.js reads it, escaped; an explicit one as RFC 8118's
// page=, its page index counted from 1; a fragment the file
// specification had is replaced.
func TestRemoteDestination(t *testing.T) {
	for _, c := range []struct{ action, want string }{
		{"<< /S /GoToR /F (web.pdf) /D (Manuals) >>", "web.pdf#Manuals"},
		{"<< /S /GoToR /F (usage.pdf) /D (Text editor support) >>", "usage.pdf#Text%20editor%20support"},
		{"<< /S /GoToR /F (usage.pdf) /D /Chapter#231 >>", "usage.pdf#Chapter%231"},
		{"<< /S /GoToR /F (other.pdf#old) /D [4 /Fit] >>", "other.pdf#page=5"},
		{"<< /S /GoToR /F (other.pdf) /D [-1 /Fit] >>", "other.pdf"},
		{"<< /S /GoToR /F (other.pdf) >>", "other.pdf"},
		{"<< /S /Launch /F (other.pdf) /D (X) >>", "other.pdf"},
	} {
		w := newW()
		a := linkAnnot(w, c.action)
		s, err := read(w.bytes(w.build("", page{content: textC("t"), annots: []int{a}})), "", true)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != 1 || s.Hits[0].URI != c.want {
			t.Errorf("%s: got %v, want %s", c.action, s.Hits, c.want)
		}
	}
}

// TestGuessScheme: a URI action's URI with no scheme is read as
// Chromium's PDF viewer reads it, after Acrobat Reader: a host of two
// dots or more is http, fewer a reference relative to the document.
func TestGuessScheme(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"www.example.org/x", "http://www.example.org/x"},
		{"WWW.Example.org", "http://WWW.Example.org"},
		{"docs.python.org", "http://docs.python.org"},
		{"example.org/x", "http://base.example/dir/example.org/x"},
		{"www.example/x.y.z", "http://base.example/dir/www.example/x.y.z"},
		{"notes.pdf", "http://base.example/dir/notes.pdf"},
		{"./a.b.c/x", "http://base.example/dir/a.b.c/x"},
		{"/a.b.c/x", "http://base.example/a.b.c/x"},
		{"ftp://a.b.c/x", "ftp://a.b.c/x"},
		{"mailto:a@b.c.d", "mailto:a@b.c.d"},
		{"doi:10.1000/x.y.z", "doi:10.1000/x.y.z"},
	} {
		w := newW()
		a := linkAnnot(w, "<< /S /URI /URI ("+c.in+") >>")
		s, err := read(w.bytes(w.build("", page{content: textC("t"), annots: []int{a}})), "http://base.example/dir/doc.pdf", true)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != 1 || s.Hits[0].URI != c.want || s.Hits[0].Raw != c.in {
			t.Errorf("%s: got %v, want %s", c.in, s.Hits, c.want)
		}
	}
}

// TestSchemeColonBreak: a page whose line ends right after "scheme:"
// and whose next line starts "//" and a host with a dot gives the URI
// whole: the page text goes through delimit's join (E8a). "Note:" /
// "//comment" stays no hit.
func TestSchemeColonBreak(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  []string
	}{
		{[]string{"URL https:", "//www.fda.gov/x now"}, []string{"https://www.fda.gov/x"}},
		{[]string{"Note:", "//comment now"}, nil},
	} {
		if got := textURIs(t, textC(c.lines...)); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.lines, got, c.want)
		}
	}
}

// TestGluedAfterLink (P4a): a link that ends inside the next line's
// first word, text glued to it (developers-reference's
// "https://wiki.debian.org/" / "ftpmaster_Removalsand", live-manual's
// "privately." / "htmlhttps://...", lshort-korean's "biblicalfonts." /
// "aspx에서"), joins the URI up to where the link ends, and a space
// after: the URI glued after it is found too. Without the link nothing
// is joined; nor where the word goes on as a URI past the link.
func TestGluedAfterLink(t *testing.T) {
	for _, c := range []struct {
		link          string
		lines         []string
		with, without []string
	}{
		{"https://wiki.example.org/ftpmaster_Removals", []string{"may be found at https://wiki.example.org/", "ftpmaster_Removalsand https://qa.example.org/x.html."},
			[]string{"https://wiki.example.org/ftpmaster_Removals", "https://qa.example.org/x.html"}, []string{"https://wiki.example.org/", "https://qa.example.org/x.html"}},
		{"http://blog.example.de/archives/282-How-to-fork-privately.html", []string{"1 http://blog.example.de/archives/282-How-to-fork-privately.", "htmlhttps://www.example.org/doc/maint-guide/"},
			[]string{"http://blog.example.de/archives/282-How-to-fork-privately.html", "https://www.example.org/doc/maint-guide/"}, []string{"http://blog.example.de/archives/282-How-to-fork-privately"}},
		{"http://www.sbl-site.example/fonts.aspx", []string{"http://www.sbl-site.example/fonts.", "aspx\xec\x97\x90\xec\x84\x9c \xec\x96\xbb\xec\x9d\x84"},
			[]string{"http://www.sbl-site.example/fonts.aspx"}, []string{"http://www.sbl-site.example/fonts"}},
		{"https://a.example/x", []string{"see https://a.example/", "x/y.html now"}, []string{"https://a.example/x", "https://a.example/x/y.html"}, []string{"https://a.example/x/y.html"}},
	} {
		if got := linkedURIs(t, c.lines, c.link); !slices.Equal(got, c.with) {
			t.Errorf("%q with link %s: got %q, want %q", c.lines, c.link, got, c.with)
		}
		if got := linkedURIs(t, c.lines); !slices.Equal(got, c.without) {
			t.Errorf("%q without a link: got %q, want %q", c.lines, got, c.without)
		}
	}
}

// TestSimilarIsTilde (P4a): TeX's $\sim$, the glyph "similar" (U+223C),
// is a URI's tilde as the link has it (ling-macros'
// "http://people.ku.edu/∼a326m085", the link ".../~a326m085").
func TestSimilarIsTilde(t *testing.T) {
	w := newW()
	font := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [24 /similar] >> >>")
	root := w.build("", page{content: "BT /S 12 Tf 72 700 Td (see http://people.example.edu/\x18a326m085 now) Tj ET", extra: fmt.Sprintf("/Resources << /Font << /S %d 0 R >> >>", font)})
	got := readURIs(t, w.bytes(root))
	if want := []string{"http://people.example.edu/~a326m085"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
