//go:build !unix

package extract

import "os"

// openRead opens a file to read it.
func openRead(path string) (*os.File, error) { return os.Open(path) }
