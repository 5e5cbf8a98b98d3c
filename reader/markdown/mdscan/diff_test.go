package mdscan

import (
	"strings"
	"testing"
)

// The deliberate differences from goldmark (see Differences), each
// shown on an input where it applies: goldmark's result, then mdscan's.

// TestDifferenceBracketSpan: goldmark forms no link once the open
// brackets of a paragraph span more than 998 bytes (`![[]()` repeated
// yields 167 links however long); mdscan forms every one.
func TestDifferenceBracketSpan(t *testing.T) {
	src := []byte(strings.Repeat("![[]()", 400))
	gm, ms := len(gmLinks(src, false)), len(scanLinks(src, false))
	if gm >= 400 || ms != 400 {
		t.Errorf("goldmark %d links, mdscan %d; want fewer than 400, and 400", gm, ms)
	}
}

// TestDifferenceMaxDepth: past MaxDepth containers, a container marker
// is text; goldmark nests on (here into an indented code block).
func TestDifferenceMaxDepth(t *testing.T) {
	src := []byte(strings.Repeat("> ", MaxDepth+20) + "     [a](b)\n")
	gm, ms := gmLinks(src, false), scanLinks(src, false)
	st := Scan(src, Options{}, func(Event) {})
	if len(gm) != 0 || len(ms) != 1 || !st.Capped {
		t.Errorf("goldmark %q, mdscan %q (capped %v); want none, one link, capped", gm, ms, st.Capped)
	}
}

// TestDifferenceLongBackticks: a run of more than maxTicks backticks
// opens no code span (cmark's limit).
func TestDifferenceLongBackticks(t *testing.T) {
	ticks := strings.Repeat("`", maxTicks+1)
	src := []byte(ticks + " [a](b) " + ticks)
	gm, ms := gmLinks(src, false), scanLinks(src, false)
	if len(gm) != 0 || len(ms) != 1 {
		t.Errorf("goldmark %q, mdscan %q; want none, one link", gm, ms)
	}
	short := []byte("``` [a](b) ```")
	if ms := scanLinks(short, false); len(ms) != 0 {
		t.Errorf("a short code span: %q, want no link", ms)
	}
}

// TestDifferenceWWWEmail: goldmark's Linkify puts "http://" before an
// e-mail address that starts with "www." (it keeps the protocol of its
// failed www. match); mdscan gives the address.
func TestDifferenceWWWEmail(t *testing.T) {
	src := []byte("www.@0.0")
	rawGoldmark = true
	gm := gmLinks(src, true)
	rawGoldmark = false
	ms := scanLinks(src, true)
	want := []string{"autolink 0:8 www.@0.0 email"}
	if strings.Join(ms, "|") != strings.Join(want, "|") || len(gm) != 1 || !strings.Contains(gm[0], "http://www.@0.0") {
		t.Errorf("goldmark %q, mdscan %q; want %q", gm, ms, want)
	}
}

// TestDifferencePendingEscape: in goldmark, the escape of a backslash
// that a hard line break's spaces follow applies to the next line's
// first character: the second backslash escapes nothing and "<b>" is raw
// HTML. mdscan escapes the "<".
func TestDifferencePendingEscape(t *testing.T) {
	src := []byte("a\\  \n\\<b>\n")
	gm, ms := gmHTML(src, false), scanHTML(src, false)
	if len(gm) != 1 || len(ms) != 0 {
		t.Errorf("goldmark %q, mdscan %q; want raw HTML, none", gm, ms)
	}
}

// TestDifferenceMarkerTab: after a list marker that follows another
// container's on the same line, goldmark measures a tab from where the
// inner item starts; mdscan from the line's start, as CommonMark does.
// Here the tab reaches column 8: the item holds indented code for
// mdscan, a paragraph with raw HTML for goldmark.
func TestDifferenceMarkerTab(t *testing.T) {
	src := []byte("- * \t<span>\n")
	gm, ms := gmHTML(src, false), scanHTML(src, false)
	if len(gm) != 1 || len(ms) != 0 || !deliberate(src) {
		t.Errorf("goldmark %q, mdscan %q; want raw HTML, none", gm, ms)
	}
}
