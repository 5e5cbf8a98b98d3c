package pdf

import (
	"slices"
	"testing"
)

// pagesURIs reads a document of pages of the given lines, the links
// given on the first page (and, with onBoth, on the second too), and
// returns every hit's URI.
func pagesURIs(t *testing.T, pages [][]string, onBoth bool, links ...string) []string {
	t.Helper()
	w := newW()
	var ps []page
	for i, lines := range pages {
		var annots []int
		if i == 0 || i == 1 && onBoth {
			for _, l := range links {
				annots = append(annots, linkAnnot(w, "<< /S /URI /URI ("+escapePDF(l)+") >>"))
			}
		}
		ps = append(ps, page{content: textC(lines...), annots: annots})
	}
	return readURIs(t, w.bytes(w.build("", ps...)))
}

// TestNextPageGoesOn (P4b): a URI that ends a line of a page, whose link
// goes on, is joined to the first word of a line of the next page that
// makes the link whole (R-admin's "ThinLTO." / "html.)" after the
// running head, covington's "lsalike." / "bst)" in the footnote that goes
// on, LilyPond's "v2.20/" the page's last words): the text URI is then
// the link, reported once. Without the link it stays as the text says
// it; a word that makes no link ("/INSTALL" is another) joins nothing.
func TestNextPageGoesOn(t *testing.T) {
	for _, c := range []struct {
		name   string
		pages  [][]string
		link   string
		nolink []string // the text hits without the link
	}{
		{"running head", [][]string{{"a similar implementation. (See https://clang.example/docs/ThinLTO.", "17"}, {"Chapter 2: Installing R 15", "html.) Currently the only"}},
			"https://clang.example/docs/ThinLTO.html", []string{"https://clang.example/docs/ThinLTO"}},
		{"footnote", [][]string{{"7 the style files lsalike.bst (http://www.example.edu/ftp/lsalike.", "19"}, {"\\begin{reflist}", "Barton, G. Edward", "bst) or language.bst, the latter"}},
			"http://www.example.edu/ftp/lsalike.bst", []string{"http://www.example.edu/ftp/lsalike"}},
		{"last words", [][]string{{"Announcements: v2.20 (https://lilypond.example/doc/v2.20/"}, {"Community 79", "Documentation/web/news), v2.18"}},
			"https://lilypond.example/doc/v2.20/Documentation/web/news", []string{"https://lilypond.example/doc/v2.20/"}},
		{"hyphen", [][]string{{"see https://wiki.example.org/Source-"}, {"Head", "OnlyUpload as:"}},
			"https://wiki.example.org/SourceOnlyUpload", []string{"https://wiki.example.org/Source-"}},
	} {
		for _, onBoth := range []bool{false, true} {
			if got := pagesURIs(t, c.pages, onBoth, c.link); !slices.Equal(got, []string{c.link}) && !slices.Equal(got, []string{c.link, c.link}) {
				t.Errorf("%s (link on both pages: %v): got %q, want the link alone", c.name, onBoth, got)
			}
		}
		if got := pagesURIs(t, c.pages, false); !slices.Equal(got, c.nolink) {
			t.Errorf("%s without a link: got %q, want %q", c.name, got, c.nolink)
		}
	}
	// A URI far from the page's end (nine lines before it) is not looked
	// for on the next page.
	far := [][]string{{"see https://x.example/a/", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, {"Head", "b.html and"}}
	if got, want := pagesURIs(t, far, false, "https://x.example/a/b.html"), []string{"https://x.example/a/b.html", "https://x.example/a/"}; !slices.Equal(got, want) {
		t.Errorf("far from the end: got %q, want %q", got, want)
	}
	// The text's URI is whole: the link is another.
	pages := [][]string{{"checked out by", "svn co https://svn.example.org/trunk/Mac-GUI"}, {"Head", "INSTALL and more"}}
	want := []string{"https://svn.example.org/trunk/Mac-GUI/INSTALL", "https://svn.example.org/trunk/Mac-GUI"}
	if got := pagesURIs(t, pages, false, want[0]); !slices.Equal(got, want) {
		t.Errorf("another link: got %q, want %q", got, want)
	}
}
