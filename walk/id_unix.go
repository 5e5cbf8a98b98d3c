//go:build unix

package walk

import (
	"io/fs"
	"syscall"
)

// idOf returns the device and inode of fi.
func idOf(fi fs.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), uint64(st.Ino)}, true //nolint:unconvert // Dev is 32-bit on some systems
}
