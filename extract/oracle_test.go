package extract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/resolve"
)

// oracleDiffs are the deliberate differences between urix --spec whatwg
// and Chromium on the pages of testdata/html (README, "Differences from a
// browser"): for each page, the links only urix reports ("+element attr
// URL") and those only Chromium has ("-element attr URL"). The test fails
// on a difference not listed here and on a listed one that is gone.
var oracleDiffs = map[string][]string{
	// Chromium resolves no relative link against a first <base> whose
	// href the URL parser rejects; the HTML standard, and urix, use the
	// document's URL instead.
	"base-unparsable.html": {"+a href http://127.0.0.1:18734/x", "-a href x"},
	// With no charset declared, Chromium guesses one from the bytes
	// (here windows-1257); urix reads valid UTF-8 as UTF-8 (H5).
	"charset-undeclared-utf8.html": {"+a href http://127.0.0.1:18734/caf%C3%A9?q=caf%C3%A9", "-a href http://127.0.0.1:18734/caf%C4%86%C2%A9?q=caf%C3%A9"},
	// Chromium takes a space in a host and escapes it; the URL Standard
	// (and its web-platform-tests) reject the URL, printed as written.
	"idn-invalid.html": {"+a href http://a b.example/", "+a href http://exa mple/", "-a href http://a%20b.example/", "-a href http://exa%20mple/"},
	// The adoption agency algorithm clones an <a> that a <div> closes:
	// the DOM has two elements for the one link of the source.
	"malformed-nested-a.html": {"-a href http://127.0.0.1:18734/p.html"},
	// <noembed> and <noframes> contents are read as markup, as a browser
	// without plug-ins or frames would; Chromium has both.
	"noembed.html": {"+a href http://127.0.0.1:18734/ne.html", "+a href http://127.0.0.1:18734/nf.html"},
	// Chromium escapes '|' in a path and '\'' in the query of a
	// non-special URL; the URL Standard's percent-encode sets do not.
	"path-special.html":  {"+a href http://127.0.0.1:18734/p%7Bx%7D|y%5Ez%60w", "-a href http://127.0.0.1:18734/p%7Bx%7D%7Cy%5Ez%60w"},
	"query-special.html": {"+a href foo://h/?q='s'", "-a href foo://h/?q=%27s%27"},
	// srcset candidates with invalid descriptors are still reported
	// (htmlbase: their URL is still a link); a browser drops them.
	"srcset-descriptors.html": {"+img srcset http://127.0.0.1:18734/bad.png", "+img srcset http://127.0.0.1:18734/fn.png"},
	// CSS is not validated nor cascaded: a url() in a declaration the
	// browser drops (an unknown property, a value the property does not
	// take, one a later declaration overrides) is still reported.
	"style-invalid.html": {"+div style http://127.0.0.1:18734/color.png", "+style  http://127.0.0.1:18734/typo.png"},
	"whatwg-1252.html":   {"+div style http://127.0.0.1:18734/bg.png"},
}

// oracleLink is one link as the oracle test compares them: the element's
// lower-case name, the attribute ("" for CSS in <style>) and the URL.
func oracleLink(element, attr, uri string) string {
	return strings.ToLower(element) + " " + attr + " " + uri
}

// TestBrowserOracle holds --spec whatwg against what Chromium resolved for
// the pages of testdata/html, as recorded by bench/browser-oracle.sh in
// testdata/html/oracle. Links are compared as multisets: the DOM's tree
// order is not the source order where the parser moves elements (foster
// parenting out of a <table>), and the CSSOM lists a rule's URLs by
// property. Text hits (H4) are not links of the DOM and are left out, and
// so is the href of a foreign <base>, which urix does not report.
func TestBrowserOracle(t *testing.T) {
	goldens, _ := filepath.Glob(filepath.Join("..", "testdata", "html", "oracle", "*.json"))
	if len(goldens) < 80 {
		t.Fatalf("%d goldens in testdata/html/oracle, want at least 80", len(goldens))
	}
	seen := map[string]bool{}
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		var golden struct {
			Page  string
			Port  int
			Links []struct{ Element, Attr, Resolved string }
		}
		if err := json.Unmarshal(data, &golden); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		seen[golden.Page] = true
		var want []string
		for _, l := range golden.Links {
			if l.Element != "base" {
				want = append(want, oracleLink(l.Element, l.Attr, l.Resolved))
			}
		}
		page, err := os.ReadFile(filepath.Join("..", "testdata", "html", golden.Page))
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{Type: HTML, Schemes: []string{"all"}, Resolve: resolve.Options{Mode: resolve.WHATWG},
			Base: fmt.Sprintf("http://127.0.0.1:%d/%s", golden.Port, golden.Page)}
		hits, warns := collect(t, mustNew(t, opts), golden.Page, "", page)
		var got []string
		for _, h := range hits {
			if h.Kind == "html-attr" {
				got = append(got, oracleLink(h.Element, h.Attr, h.URI))
			}
		}
		diff := multisetDiff(got, want)
		if len(warns) > 0 || !slices.Equal(diff, oracleDiffs[golden.Page]) {
			t.Errorf("%s: urix --spec whatwg differs from Chromium by\n%s\nthe table lists\n%s\n(warnings %v)",
				golden.Page, strings.Join(diff, "\n"), strings.Join(oracleDiffs[golden.Page], "\n"), warns)
		}
	}
	for page := range oracleDiffs {
		if !seen[page] {
			t.Errorf("oracleDiffs lists %s, which has no golden", page)
		}
	}
}

// multisetDiff returns, sorted, "+x" for each x of got not matched in
// want and "-x" for each x of want not matched in got.
func multisetDiff(got, want []string) []string {
	n := map[string]int{}
	for _, x := range got {
		n[x]++
	}
	for _, x := range want {
		n[x]--
	}
	var diff []string
	for x, c := range n {
		for ; c > 0; c-- {
			diff = append(diff, "+"+x)
		}
		for ; c < 0; c++ {
			diff = append(diff, "-"+x)
		}
	}
	slices.Sort(diff)
	return diff
}
