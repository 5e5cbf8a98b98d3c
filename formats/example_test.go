package formats_test

import (
	"fmt"

	"github.com/urix/urix/formats"
)

// Which reader reads an input: by its first bytes, then by its name; by
// the media type a container declares; by a type name.
func Example() {
	table := formats.Default()
	fmt.Println(table.Sniff([]byte("From: a@example.com\nSubject: hi\n\nbody"), "msg").Name)
	fmt.Println(table.Sniff([]byte("# Title\n\n<div>x</div>"), "README.md").Name)
	fmt.Println(table.Sniff([]byte("just words"), "notes").Name)
	fmt.Println(table.ByMediaType("application/atom+xml").Name)
	typ, err := table.ParseType("HTML")
	fmt.Println(typ, err, table.ByName(typ).Extensions[0])
	// Output:
	// email
	// markdown
	// text
	// xml
	// html <nil> .html
}
