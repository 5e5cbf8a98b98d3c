package printer

import (
	"bytes"
	"testing"

	"github.com/urix/urix/extract"
)

// TestGroupPrinter: on a terminal, hits come under a heading per file, a
// blank line between files, LINE:COL: before each URI; with one file, no
// heading; colours close where they open.
func TestGroupPrinter(t *testing.T) {
	hits := []extract.Hit{
		{File: "a.txt", Line: 1, Col: 5, URI: "http://a/1"},
		{File: "a.txt", Line: 3, Col: 1, URI: "http://a/2"},
		{File: "b.txt", Line: 2, Col: 7, URI: "http://b/1"},
	}
	for _, tt := range []struct {
		heading, color bool
		want           string
	}{
		{true, false, "a.txt\n1:5: http://a/1\n3:1: http://a/2\n\nb.txt\n2:7: http://b/1\n"},
		{false, false, "1:5: http://a/1\n3:1: http://a/2\n2:7: http://b/1\n"},
		{true, true, "\x1b[35ma.txt\x1b[0m\n\x1b[32m1\x1b[0m:5: http://a/1\n\x1b[32m3\x1b[0m:1: http://a/2\n\n" +
			"\x1b[35mb.txt\x1b[0m\n\x1b[32m2\x1b[0m:7: http://b/1\n"},
	} {
		var out bytes.Buffer
		p, err := New(&out, Options{Format: Plain, Grouped: true, Heading: tt.heading, Color: tt.color})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			p.Hit(h)
		}
		p.Finish()
		p.Flush()
		if out.String() != tt.want || p.Printed() != len(hits) {
			t.Errorf("heading %v, color %v: printed %d lines:\n%q\nwant:\n%q", tt.heading, tt.color, p.Printed(), out.String(), tt.want)
		}
	}
}

// TestParseFormat: the format names are checked here alone, for the
// command line and the Beam pipeline.
func TestParseFormat(t *testing.T) {
	for _, f := range Formats {
		if got, err := ParseFormat(string(f)); got != f || err != nil {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
	_, err := ParseFormat("xml")
	if err == nil || err.Error() != `format "xml": want plain, json or tsv` {
		t.Errorf("ParseFormat(xml) error %v", err)
	}
}

// TestLine: a line of Format.Line is the line a printer writes into a
// pipe, without its end.
func TestLine(t *testing.T) {
	h := extract.Hit{File: "a\tb.html", URI: "http://x/?a=1&b=<2>", Raw: "http://x/?a=1&b=<2>", Kind: "html-attr", Line: 1, Col: 2}
	for _, f := range Formats {
		var out bytes.Buffer
		p, _ := New(&out, Options{Format: f})
		p.Hit(h)
		p.Flush()
		if got, want := f.Line(h)+"\n", out.String(); got != want {
			t.Errorf("%s: Line = %q, printer wrote %q", f, got, want)
		}
	}
}
