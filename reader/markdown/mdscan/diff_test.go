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

// TestDifferenceEmail: e-mail and protocol autolinks are read as GFM
// and cmark-gfm read them (gfm_test.go), not as goldmark's Linkify does:
// goldmark starts an address only where a www. link may start, takes
// the local part of RFC 5322 rather than GFM's, knows no mailto: or
// xmpp: link, and puts "http://" before an address that starts with
// "www." (which cmark-gfm does not take: its domain ends in a digit).
func TestDifferenceEmail(t *testing.T) {
	for _, c := range []struct{ src, goldmark, mdscan string }{
		{"mailto:first_last@example.org", "autolink 13:29 last@example.org email", "0:29 mailto:first_last@example.org"},
		{"xmpp:a_b@example.org", "autolink 7:20 b@example.org email", "0:20 xmpp:a_b@example.org"},
		{`say "user@example.org"`, "", "5:21 mailto:user@example.org"},
		{`\<user@example.org\>`, "", "2:18 mailto:user@example.org"},
		{"a!b@example.org", "autolink 0:15 a!b@example.org email", "2:15 mailto:b@example.org"},
		{"www.@0.0", "autolink 0:8 http://www.@0.0 email", ""}, // a domain ends in a letter
	} {
		rawGoldmark = true
		gm := gmLinks([]byte(c.src), true)
		rawGoldmark = false
		ms := extLinks([]byte(c.src))
		if strings.Join(gm, "|") != c.goldmark || strings.Join(ms, "|") != c.mdscan {
			t.Errorf("%q: goldmark %q, mdscan %q; want %q, %q", c.src, gm, ms, c.goldmark, c.mdscan)
		}
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

// TestDifferenceDefinitionInParagraph: a line that looks like a
// definition inside a paragraph is text, where CommonMark (cmark-gfm:
// `<p>((\n<a href="0">0</a>:0</p>`) reads a shortcut link; goldmark reads
// a second definition. mdscan follows CommonMark, as the differential
// fuzz targets' cmark-gfm check accepts.
func TestDifferenceDefinitionInParagraph(t *testing.T) {
	src := []byte("[0]:0\n((\n[0]:0")
	gm, ms := gmLinks(src, false), scanLinks(src, false)
	if strings.Join(gm, "|") != "definition 4:5 0|definition 13:14 0" || strings.Join(ms, "|") != "definition 4:5 0|link 4:5 0" {
		t.Errorf("goldmark %q, mdscan %q", gm, ms)
	}
}
