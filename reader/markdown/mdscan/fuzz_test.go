package mdscan

import "testing"

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
			if gm := gmLinks(src, linkify); !sameLinks(gm, ms) {
				t.Fatalf("linkify=%v %q\n goldmark %q\n   mdscan %q", linkify, src, gm, ms)
			}
		}
	})
}
