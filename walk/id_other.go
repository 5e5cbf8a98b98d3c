//go:build !unix

package walk

import "io/fs"

// idOf returns false where FileInfo carries no device and inode: there a
// link loop is not detected, and with -L it is followed until the system
// refuses the path as too long.
func idOf(fs.FileInfo) (fileID, bool) { return fileID{}, false }
