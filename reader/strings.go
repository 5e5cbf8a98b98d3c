package reader

import (
	"strings"
	"unsafe"
)

// Strings copies strings into a few large allocations instead of one
// each: what holds many hits for a while (a batch of -j's ordered output)
// copies their text for two allocations per hundred hits, not two per hit
// (doc/spec.md PF3). A copy is never written again once made, so it is
// as immutable as any string; a chunk lives as long as one of its copies.
// The zero value is ready to use; a Strings is not safe for concurrent
// use.
type Strings struct{ buf []byte }

// stringsChunk is the size of a chunk; a string longer than a quarter
// of it gets an allocation of its own, so that a chunk wastes little.
const stringsChunk = 16 << 10

// Clone returns a copy of s; a nil Strings makes it an allocation of its
// own (strings.Clone).
func (a *Strings) Clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	if a == nil || len(s) > stringsChunk/4 {
		return strings.Clone(s)
	}
	if cap(a.buf)-len(a.buf) < len(s) {
		a.buf = make([]byte, 0, stringsChunk)
	}
	start := len(a.buf)
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[start], len(s))
}

// CopyTo copies the text h borrows into a (copyText), where it stays
// valid whatever becomes of the memory it was borrowed from (a mapped
// file cut short, a reused buffer). h stays Borrowed: what keeps it past
// the call that passes it on calls Own, so that one kept string does not
// keep a whole chunk of a alive.
func (h *Hit) CopyTo(a *Strings) {
	if h.Borrowed {
		h.copyText(a)
	}
}
