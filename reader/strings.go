package reader

import (
	"strings"
	"unsafe"
)

// Strings copies strings into a few large allocations instead of one
// each: what keeps many hits at once (a batch of -j's ordered output)
// owns their text for two allocations per hundred hits, not two per hit
// (doc/spec.md PF3). A copy is never written again once made, so it is
// as immutable as any string; a chunk lives as long as one of its copies.
// The zero value is ready to use; a Strings is not safe for concurrent
// use.
type Strings struct{ buf []byte }

// stringsChunk is the size of a chunk; a string longer than a quarter
// of it gets an allocation of its own, so that a chunk wastes little.
const stringsChunk = 16 << 10

// Clone returns a copy of s.
func (a *Strings) Clone(s string) string {
	if len(s) == 0 {
		return ""
	}
	if len(s) > stringsChunk/4 {
		return strings.Clone(s)
	}
	if cap(a.buf)-len(a.buf) < len(s) {
		a.buf = make([]byte, 0, stringsChunk)
	}
	start := len(a.buf)
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[start], len(s))
}

// OwnIn is Own with its copies made in a: one copy when URI and Raw are
// the same text, as they are for most URIs written out in full.
func (h *Hit) OwnIn(a *Strings) {
	if !h.Borrowed {
		return
	}
	if h.URI == h.Raw {
		h.URI = a.Clone(h.URI)
		h.Raw = h.URI
	} else {
		h.URI, h.Raw = a.Clone(h.URI), a.Clone(h.Raw)
	}
	h.Wrapped = Wrapped{a.Clone(h.Wrapped.s)}
	h.Borrowed = false
}
