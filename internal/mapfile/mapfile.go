// Package mapfile maps a regular file that a reader would otherwise read
// through a buffer into memory (doc/spec.md PF2): no copy of every byte
// from the page cache, a third of the time of plain text on a large file.
// It owns the decision of when a content is read so, and the mapping.
package mapfile

import (
	"runtime/debug"

	"github.com/urix/urix/reader"
)

// Min is the size from which a regular file is mapped: below it the
// mapping's set-up and page faults cost more than the copy they save.
const Min = 4 << 20

// Mapping is a content's bytes mapped into memory.
type Mapping struct {
	Data []byte
	// Release drops the pages before an offset of Data from memory (they
	// are read again from the page cache if looked at), so that the
	// resident size stays that of the part being read.
	Release func(int64)
	unmap   func()
	fault   bool
}

// Of maps c's input when it is a regular file of at least Min bytes, read
// as stored and whole (Content.Whole, not a part, not decoded, not line
// by line), with a descriptor; nil otherwise. Until Close, a page that
// faults (the file cut short while it is mapped) is a panic, which
// extract recovers as this input's error, "cut short while it was read".
// Close must run on the goroutine that called Of.
func Of(c *reader.Content, opts *reader.Options) *Mapping {
	if c.Whole == nil || c.Consumed == nil || c.Pos != nil || c.Decoded || opts.LineBuffered || c.Whole.Size() < Min {
		return nil
	}
	ra, off, n := c.Whole.Outer()
	f, ok := ra.(interface{ Fd() uintptr }) // an *os.File, or the file package sources opened
	if !ok {
		return nil
	}
	data, release, unmap, err := mapFile(f, off, n)
	if err != nil {
		return nil
	}
	return &Mapping{Data: data, Release: release, unmap: unmap, fault: debug.SetPanicOnFault(true)}
}

// Close ends the mapping: Data must not be read after it.
func (m *Mapping) Close() {
	m.unmap()
	debug.SetPanicOnFault(m.fault)
}
