//go:build !unix

package sources

import "os"

// openRead opens a file to read it.
func openRead(path string) (*os.File, error) { return os.Open(path) }
