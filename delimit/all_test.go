package delimit

import (
	"fmt"
	"slices"
	"testing"
)

// TestAllAsFind: All gives Find's hits, with every option that changes
// them, refanged text included, and stops when its loop does.
func TestAllAsFind(t *testing.T) {
	data := append(seed(t), "\n<http://a/b-\n c> \"http://q/r\n s\" www.w3.org/x example.com/y me@example.org hxxp://evil[.]example/p\n"...)
	for _, opts := range []Options{{}, {Hyphen: HyphenBoth, Abbrev: true, Emails: true}, {Refang: true, Emails: true}, {Borrow: true}} {
		want := Find(data, opts)
		got := slices.Collect(All(data, opts))
		if len(want) < 20 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%+v: All gives %d hits, Find %d", opts, len(got), len(want))
		}
		n := 0
		for range All(data, opts) {
			if n++; n == 3 {
				break
			}
		}
		if again := slices.Collect(All(data, opts)); fmt.Sprint(again) != fmt.Sprint(want) {
			t.Fatalf("%+v: All after a loop left early differs", opts)
		}
	}
}
