package pick_test

import (
	"os"

	"github.com/urix/urix/pick"
)

// Without a terminal, the numbered list the picker would show: each
// distinct link once, with how often it occurs, under its group.
func ExampleList() {
	items := []pick.Item{
		{URI: "https://example.com/report", Group: "part 1"},
		{URI: "https://example.com/report", Group: "part 1"},
		{URI: "https://lists.example.org/archive/", Group: "part 1"},
		{URI: "https://example.com/unsubscribe", Group: "header", Header: true},
	}
	pick.List(os.Stdout, items)
	// Output:
	// part 1
	//   1  https://example.com/report (×2)
	//   2  https://lists.example.org/archive/
	// header
	//   3  https://example.com/unsubscribe
}
