//go:build !linux

package mapfile

import "errors"

// mapFile is not used where the mapping is not implemented: the file is
// read through a buffer.
func mapFile(f interface{ Fd() uintptr }, off, n int64) (data []byte, release func(int64), unmap func(), err error) {
	return nil, nil, nil, errors.ErrUnsupported
}
