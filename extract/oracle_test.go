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
	// The same for <a href><p>...</a>, and for an <a> left open when its
	// <p> closes (the active formatting elements are reconstructed): urix
	// reports each href of the source once (H3).
	"nested-a-clone.html": {"-a href http://127.0.0.1:18734/clone.html", "-a href http://127.0.0.1:18734/p-end.html"},
	// Chromium escapes '|' in a path and '\'' in the query of a
	// non-special URL; the URL Standard's percent-encode sets do not.
	"path-special.html":  {"+a href http://127.0.0.1:18734/p%7Bx%7D|y%5Ez%60w", "-a href http://127.0.0.1:18734/p%7Bx%7D%7Cy%5Ez%60w"},
	"query-special.html": {"+a href foo://h/?q='s'", "-a href foo://h/?q=%27s%27"},
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
		page, want := readGolden(t, g)
		seen[page] = true
		got, warns := oracleRun(t, filepath.Join("..", "testdata", "html"), page, resolve.WHATWG)
		diff := multisetDiff(got, want)
		if len(warns) > 0 || !slices.Equal(diff, oracleDiffs[page]) {
			t.Errorf("%s: urix --spec whatwg differs from Chromium by\n%s\nthe table lists\n%s\n(warnings %v)",
				page, strings.Join(diff, "\n"), strings.Join(oracleDiffs[page], "\n"), warns)
		}
	}
	for page := range oracleDiffs {
		if !seen[page] {
			t.Errorf("oracleDiffs lists %s, which has no golden", page)
		}
	}
}

// oraclePort is the port bench/browser-oracle.sh served the pages on.
var oraclePort int

// readGolden reads a golden of bench/browser-oracle.sh: the page's file
// name and its links (those of a foreign <base> left out).
func readGolden(t *testing.T, path string) (page string, links []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Page  string
		Port  int
		Links []struct{ Element, Attr, Resolved string }
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	oraclePort = golden.Port
	for _, l := range golden.Links {
		if l.Element != "base" {
			links = append(links, oracleLink(l.Element, l.Attr, l.Resolved))
		}
	}
	return golden.Page, links
}

// oracleRun returns the attribute links urix finds in dir/page in mode,
// read as served by the oracle.
func oracleRun(t *testing.T, dir, page string, mode resolve.Mode) (links []string, warns []error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, page))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Type: HTML, Schemes: []string{"all"}, Resolve: resolve.Options{Mode: mode},
		Base: fmt.Sprintf("http://127.0.0.1:%d/%s", oraclePort, page)}
	hits, warns := collect(t, mustNew(t, opts), page, "", data)
	for _, h := range hits {
		if h.Kind == "html-attr" {
			links = append(links, oracleLink(h.Element, h.Attr, h.URI))
		}
	}
	return links, warns
}

// TestBrowserOracleDir compares urix with Chromium on the pages of
// $URIX_ORACLE_DIR/pages and their goldens in $URIX_ORACLE_DIR/oracle, as
// bench/oracle-real.sh makes them from real documentation pages (too large
// to commit). In --spec whatwg every page must agree; in the default mode
// (RFC 3986) every difference must be one of serialisation that the
// README documents: the URI urix prints is the browser's once read by
// the WHATWG URL parser. It logs the figures per page set.
func TestBrowserOracleDir(t *testing.T) {
	dir := os.Getenv("URIX_ORACLE_DIR")
	if dir == "" {
		t.Skip("URIX_ORACLE_DIR not set (bench/oracle-real.sh)")
	}
	goldens, _ := filepath.Glob(filepath.Join(dir, "oracle", "*.json"))
	if len(goldens) == 0 {
		t.Fatalf("no goldens in %s/oracle", dir)
	}
	var pages, links, equalPages, equalLinks, rfcPages int
	kinds := map[string]int{}
	for _, g := range goldens {
		page, want := readGolden(t, g)
		pages++
		links += len(want)
		got, warns := oracleRun(t, filepath.Join(dir, "pages"), page, resolve.WHATWG)
		diff := multisetDiff(got, want)
		if len(diff) == 0 && len(warns) == 0 {
			equalPages++
		} else {
			t.Errorf("%s: --spec whatwg differs from Chromium by\n%s\n(warnings %v)", page, strings.Join(diff, "\n"), warns)
		}
		equalLinks += len(want) - countPrefix(diff, "-")
		got, _ = oracleRun(t, filepath.Join(dir, "pages"), page, resolve.RFC3986)
		diff = multisetDiff(got, want)
		if len(diff) == 0 {
			rfcPages++
		}
		for kind, n := range classify(t, page, diff) {
			kinds[kind] += n
		}
	}
	t.Logf("%s: %d pages, %d links; --spec whatwg: %d pages equal, %d links equal; default mode: %d pages equal",
		dir, pages, links, equalPages, equalLinks, rfcPages)
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	for _, k := range ks {
		t.Logf("  default mode, %d links: %s", kinds[k], k)
	}
}

func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// classify pairs the links only urix has in the default mode with those
// only Chromium has, and names the documented RFC 3986 difference between
// them; a link it cannot pair so is an error.
func classify(t *testing.T, page string, diff []string) map[string]int {
	t.Helper()
	browser := map[string][]string{} // element and attribute -> URLs only Chromium has
	for _, d := range diff {
		if strings.HasPrefix(d, "-") {
			f := strings.SplitN(d[1:], " ", 3)
			browser[f[0]+" "+f[1]] = append(browser[f[0]+" "+f[1]], f[2])
		}
	}
	kinds := map[string]int{}
	for _, d := range diff {
		if !strings.HasPrefix(d, "+") {
			continue
		}
		f := strings.SplitN(d[1:], " ", 3)
		key, found := f[0]+" "+f[1], false
		for i, w := range browser[key] {
			if kind := rfcKind(f[2], w); kind != "" {
				kinds[kind]++
				browser[key] = slices.Delete(browser[key], i, i+1)
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: default mode gives %q, which no browser link explains", page, d[1:])
		}
	}
	for key, ws := range browser {
		for _, w := range ws {
			t.Errorf("%s: Chromium has %q, which the default mode misses", page, key+" "+w)
		}
	}
	return kinds
}

// rfcKind names the documented difference between the URI u that urix
// prints in the default mode and w, what a browser makes of the same
// reference, or returns "" when they are not the same URL.
func rfcKind(u, w string) string {
	p, err := resolve.ParseURL(u)
	if err != nil {
		return ""
	}
	switch h := p.Href(); {
	case h == w && u+"/" == w:
		return "empty path of a special scheme: the browser writes \"/\""
	case h == w && strings.ContainsFunc(u, func(r rune) bool { return r >= 0x80 }):
		return "IRI kept: non-ASCII not percent-encoded, host not in punycode"
	case h == w && strings.Contains(u, "\\"):
		return "backslash kept"
	case h == w && strings.EqualFold(u, w):
		return "scheme or host case kept"
	case h == w && strings.ReplaceAll(u, "'", "%27") == w:
		return "' kept in a query (a browser writes %27)"
	case h == w:
		return "other serialisation: " + u[:min(len(u), 60)] + " -> " + w[:min(len(w), 60)]
	case browserEscapes.Replace(h) == browserEscapes.Replace(w):
		return "{ } | ^ ` escaped in a query, ' not (RFC 3986)"
	}
	return ""
}

// browserEscapes undoes the escapes on which RFC 3986 and a browser's
// query percent-encode set disagree.
var browserEscapes = strings.NewReplacer("%7B", "{", "%7D", "}", "%7C", "|", "%5E", "^", "%60", "`", "%27", "'")

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
