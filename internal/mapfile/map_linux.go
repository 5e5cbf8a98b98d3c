package mapfile

import (
	"errors"
	"math"
	"os"

	"golang.org/x/sys/unix"
)

// step is how far apart the pages are released and mapped in: the memory
// of at most two steps of a file is resident at once.
const step = 1 << 20

// mapFile maps n bytes of f from offset off into memory, read-only. The
// returned release drops the pages before an offset of the mapping from
// memory (they are read again from the page cache if looked at), so that
// the resident size stays that of the part being scanned; unmap ends the
// mapping.
func mapFile(f interface{ Fd() uintptr }, off, n int64) (data []byte, release func(int64), unmap func(), err error) {
	page := int64(os.Getpagesize())
	start := off &^ (page - 1)
	if off-start+n > math.MaxInt {
		return nil, nil, nil, errors.New("too large to map") // a 32-bit address space
	}
	m, err := unix.Mmap(int(f.Fd()), start, int(off-start+n), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, nil, nil, err
	}
	skip := off - start
	done := int64(0)  // pages of m before done are released
	ready := int64(0) // pages of m before ready are mapped in
	release = func(at int64) {
		end := (skip + at) &^ (page - 1)
		if end >= done+step {
			_ = unix.Madvise(m[done:end], unix.MADV_DONTNEED)
			done = end
		}
		if ahead := min(end+step, int64(len(m))); ahead > ready && end+step/2 >= ready {
			// The next pages mapped in by one call, not a fault each 16.
			_ = unix.Madvise(m[max(end, ready):ahead], unix.MADV_POPULATE_READ)
			ready = ahead
		}
	}
	return m[skip:], release, func() { _ = unix.Munmap(m) }, nil
}
