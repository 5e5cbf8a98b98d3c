package markdown

import (
	"math/rand/v2"
	"testing"
)

// TestHardBreakBackslash: the backslash of a hard line break (CommonMark
// 6.7, a backslash at the end of a line) is markup that ends the text
// before it: not the last character of a URI, and no quote goes on past
// it; the readers agree with goldmark, whose text node ends there. Found by FuzzReaderAgainstGoldmark
// ("\"A0://%0\\\n0": the URI "A0://%0" ended by the backslash kept a
// cut escape that the end of the text would have removed).
func TestHardBreakBackslash(t *testing.T) {
	for _, doc := range []string{
		"\"A0://%0\\\n0",
		"\"A0://\\\n0\"", // a quote does not go on past it either
		"\"A0://  \n0\"", // two spaces: a hard break that ends no text
		"A0://%0\\\n0",
		"see http://a.example/%4\\\nnext",
		"see http://a.example/b\\\nnext",
		"see http://a.example/b\\\\\nnext", // an escaped backslash: no break
		"see http://a.example/%4\\\\\nnext",
		"see http://a.example/%4\\\r\nnext",
		"see http://a.example/%4\\\n`code`",
		"see http://a.example/%4\\\n",
		"see http://a.example/%4\\",
		"> quoted http://a.example/%4\\\n> next",
		"- item http://a.example/%4\\\n  next",
	} {
		for _, o := range []Options{{}, {IncludeCode: true}} {
			compareReaders(t, doc, []byte(doc), o)
		}
	}
}

// hardBreakRef is hardBreak by its definition: at each line end, the
// backslashes right before it (and before a '\r'), an odd number of them.
func hardBreakRef(text []byte, from int) int {
	for i := from; i < len(text); i++ {
		if text[i] != '\n' {
			continue
		}
		j := i
		if j > from && text[j-1] == '\r' {
			j--
		}
		n := 0
		for j-1-n >= from && text[j-1-n] == '\\' {
			n++
		}
		if n%2 == 1 {
			return j - 1
		}
	}
	return -1
}

// TestHardBreakFind checks hardBreak, which looks for backslashes, against
// its definition, which looks at line ends, on text dense with both.
func TestHardBreakFind(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = "\\\\\n\rab"[r.IntN(6)]
		}
		from := 0
		if len(b) > 0 {
			from = r.IntN(len(b))
		}
		if got, want := hardBreak(b, from), hardBreakRef(b, from); got != want {
			t.Fatalf("hardBreak(%q, %d) = %d, want %d", b, from, got, want)
		}
	}
}
