package charset_test

import (
	"fmt"

	"github.com/urix/urix/htmlbase/charset"
)

// Labels mean what the WHATWG Encoding Standard says: latin1 is
// windows-1252, and a label the standard does not know is unknown.
func ExampleLookup() {
	for _, label := range []string{"ISO-8859-1", " latin1 ", "Shift_JIS", "x-user-defined", "klingon"} {
		enc, name, ok := charset.Lookup(label)
		fmt.Printf("%q: %s %v %v\n", label, name, ok, enc != nil && charset.ASCIICompatible(name, enc))
	}
	// Output:
	// "ISO-8859-1": windows-1252 true true
	// " latin1 ": windows-1252 true true
	// "Shift_JIS": shift_jis true true
	// "x-user-defined": windows-1252 true true
	// "klingon":  false false
}
