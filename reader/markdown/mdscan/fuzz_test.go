package mdscan

import (
	"bytes"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/util"
)

// fuzzMax is the largest input FuzzMdscanGoldmark compares: goldmark
// drops every link once the open brackets of a paragraph span more than
// 998 bytes (the "167 links" of `![[]()` repeated), which mdscan does not.
const fuzzMax = 998

// FuzzMdscanGoldmark: mdscan finds goldmark's links, plain and with
// Linkify, but where a listed difference applies.
func FuzzMdscanGoldmark(f *testing.F) {
	for _, e := range specExamples(f) {
		f.Add([]byte(e.Markdown))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > fuzzMax || deliberate(src) {
			return
		}
		for _, linkify := range []bool{false, true} {
			ms := scanLinks(src, linkify)
			if Scan(src, Options{Linkify: linkify}, func(Event) {}).Capped {
				return // deeper than MaxDepth: goldmark nests on
			}
			if gm := gmLinks(src, linkify); !sameLinks(gm, ms) && !cmarkDecides(src, gm, ms, linkify) {
				t.Fatalf("linkify=%v %q\n goldmark %q\n   mdscan %q", linkify, src, gm, ms)
			}
		}
	})
}

// cmarkDecides reports whether a difference from goldmark is one where
// goldmark departs from CommonMark on links, as cmarkAgrees says: plain,
// or with Linkify when the autolinks agree and the rest is the plain
// scan's.
func cmarkDecides(src []byte, gm, ms []string, linkify bool) bool {
	plainMs := scanLinks(src, false)
	if linkify {
		split := func(l []string) (auto, rest []string) {
			for _, x := range l {
				if strings.HasPrefix(x, "autolink ") {
					auto = append(auto, x)
				} else {
					rest = append(rest, x)
				}
			}
			return
		}
		ga, gr := split(gm)
		ma, mr := split(ms)
		if !sameLinks(ga, ma) || !sameLinks(gr, gmLinks(src, false)) || !sameLinks(mr, plainMs) {
			return false
		}
	}
	return cmarkAgrees(src, plainMs)
}

var hrefOrSrc = regexp.MustCompile(`<(?:a href|img src)="([^"]*)"`)

// cmarkAgrees reports whether cmark-gfm, the C reference implementation,
// finds the destinations of mdscan's links and images (plain CommonMark)
// in src: where goldmark departs from CommonMark ("[0]:0\n((\n[0]:0":
// goldmark reads a second definition inside a paragraph), cmark-gfm
// decides. Without cmark-gfm installed it reports false.
func cmarkAgrees(src []byte, ms []string) bool {
	path, err := exec.LookPath("cmark-gfm")
	if err != nil {
		return false
	}
	cmd := exec.Command(path)
	cmd.Stdin = bytes.NewReader(src)
	out, err := cmd.Output()
	if err != nil {
		return false
	}
	var want []string
	for _, m := range hrefOrSrc.FindAllSubmatch(out, -1) {
		want = append(want, string(util.URLEscape(util.ResolveNumericReferences(util.ResolveEntityNames(m[1])), false)))
	}
	var got []string
	for _, l := range ms {
		if f := strings.SplitN(l, " ", 3); len(f) == 3 && (f[0] == "link" || f[0] == "image") && !strings.HasSuffix(f[2], " in-image") {
			got = append(got, string(util.URLEscape([]byte(f[2]), false)))
		}
	}
	return slices.Equal(got, want)
}
