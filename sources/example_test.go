package sources_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/sources"
)

// Open a file as urix opens its arguments: its relative links resolve
// against its file:// URI (Section 5.1.3).
func Example() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "page.html")
	os.WriteFile(path, []byte(`<a href="other.html">other</a>`), 0o644)

	in, closer, err := sources.Open(path)
	if err != nil {
		panic(err)
	}
	defer closer.Close()
	x, _ := extract.New(extract.Options{})
	for h, err := range x.InputHits(in) {
		if err == nil {
			fmt.Println(strings.TrimPrefix(h.URI, in.Retrieval[:len(in.Retrieval)-len("page.html")]))
		}
	}
	fmt.Println(sources.IsURL("https://example.com/"), sources.IsURL("notes.txt"))
	// Output:
	// other.html
	// true false
}
