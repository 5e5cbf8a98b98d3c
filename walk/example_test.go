package walk_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urix/urix/walk"
)

// Walk a tree as ripgrep does: hidden files and what .ignore lists are
// left out.
func Example() {
	root, _ := os.MkdirTemp("", "walk")
	defer os.RemoveAll(root)
	for name, body := range map[string]string{
		".ignore": "build/\n", "README.md": "x", "docs/guide.txt": "x",
		"build/out.txt": "x", ".hidden/notes.txt": "x",
	} {
		os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755)
		os.WriteFile(filepath.Join(root, name), []byte(body), 0o644)
	}
	walk.Walk(root, walk.Options{}, func(path string) {
		rel, _ := filepath.Rel(root, path)
		fmt.Println(filepath.ToSlash(rel))
	}, func(path string, err error) { fmt.Println("error:", err) })
	// Output:
	// README.md
	// docs/guide.txt
}
