package markdown

import "testing"

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
