package htmlbase

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestLinesFarApart holds the line and column of every link to those of
// its offset in the input, in documents several times as long as the
// guard's window (whose newlines are counted as positions are asked for):
// links far apart, tokens longer than the window (a text, a comment, a
// tag) before and holding links, with and without newlines.
func TestLinesFarApart(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	long := func(unit string) string { return strings.Repeat(unit, windowLen/len(unit)*3/2) }
	short := []string{
		"<p>text\n</p>", "<a href=x>a</a>\n", "<p>see http://h/p and\nhttp://h/q</p>", "\n\n",
		"<div\nclass=x\nstyle='background:url(i.png)'>\n", "<b>b</b>", "<p>" + strings.Repeat("w ", 2000) + "</p>",
	}
	longs := []string{
		"<!--\n" + long("c\n") + "-->", "<p>" + long("word ") + "</p>", "<pre>" + long("line\n") + "http://h/pre</pre>",
		"<img alt='" + long("a\n") + "' src=long.png>", long("x"), long("\n"),
	}
	for round := range longs {
		var b strings.Builder
		for i := 0; b.Len() < 10*windowLen; i++ {
			switch i {
			case 100, 400:
				b.WriteString(longs[(round+i/400)%len(longs)])
			default:
				b.WriteString(short[rnd.Intn(len(short))])
			}
			if rnd.Intn(3) == 0 {
				fmt.Fprintf(&b, "<a href=/%d>%d</a>", b.Len(), round)
			}
		}
		in := b.String()
		doc := read(t, in)
		if len(doc.Links) < 100 {
			t.Fatalf("round %d: %d links", round, len(doc.Links))
		}
		for _, l := range doc.Links {
			before := in[:l.Offset]
			line := strings.Count(before, "\n") + 1
			col := len(before) - (strings.LastIndexByte(before, '\n') + 1) + 1
			if l.Line != line || l.Col != col {
				t.Fatalf("round %d: link %q at %d: line %d col %d, want %d:%d", round, l.Ref, l.Offset, l.Line, l.Col, line, col)
			}
		}
	}
	// A token too long for MaxToken: the tokenizer returns the comment
	// cut at MaxToken bytes, then the error, which is named by the line
	// where the read stopped, 24,999 lines into the comment.
	in := strings.Repeat("<p>a\n", 9000) + "<!--" + strings.Repeat("x\n", 40000)
	_, err := Read(bytes.NewReader([]byte(in)), Options{MaxToken: 50000})
	if err == nil || !strings.Contains(err.Error(), "at line 33999 ") {
		t.Errorf("Read of an over-long comment: %v, want it at line 33999", err)
	}
}
