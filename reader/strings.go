package reader

import (
	"strings"
	"unsafe"
)

// Strings copies strings into a few large allocations instead of one
// each: what holds many hits for a while (a batch of -j's ordered output)
// copies their text for two allocations per hundred hits, not two per hit
// (doc/spec.md PF3). A copy is never written again until Reset, so it is
// as immutable as any string until then; without Reset a chunk lives as
// long as one of its copies. The zero value is ready to use; a Strings is
// not safe for concurrent use.
type Strings struct {
	buf []byte // the chunk being filled
	// Once Reset has been called, the chunks are kept for the copies
	// after the next Reset: chunks[:next] are in use, the rest free.
	chunks [][]byte
	next   int
	keep   bool
}

// stringsChunk is the size of a chunk; a string longer than a quarter
// of it gets an allocation of its own, so that a chunk wastes little.
// keptChunks is as many as Reset keeps: what a batch of 512 hits of
// ordinary length fills (some 60 KB), and a bound on what a Strings holds
// on to between uses, 64 KiB, of the memory budget (doc/spec.md L6).
const (
	stringsChunk = 16 << 10
	keptChunks   = 4
)

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
		a.newChunk()
	}
	start := len(a.buf)
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[start], len(s))
}

func (a *Strings) newChunk() {
	switch {
	case !a.keep:
		a.buf = make([]byte, 0, stringsChunk)
		return
	case a.next == len(a.chunks):
		a.chunks = append(a.chunks, make([]byte, 0, stringsChunk))
	}
	a.buf = a.chunks[a.next][:0]
	a.next++
}

// Reset makes the memory of every copy a has made free for the copies
// to come, which must therefore no longer be used: it is for what holds
// hits for a while and then lets all of them go at once (a batch of -j's
// ordered output, once it is emitted). A Strings that has been Reset keeps
// up to keptChunks chunks for its next copies, instead of one allocation
// after another the collector has to find.
func (a *Strings) Reset() {
	if !a.keep && cap(a.buf) == stringsChunk {
		a.chunks = append(a.chunks, a.buf)
	}
	a.keep = true
	if len(a.chunks) > keptChunks {
		clear(a.chunks[keptChunks:])
		a.chunks = a.chunks[:keptChunks]
	}
	a.buf, a.next = nil, 0
}

// CopyTo copies the text h borrows into a (copyText), where it stays
// valid whatever becomes of the memory it was borrowed from (a mapped
// file cut short, a reused buffer), until a is Reset. h stays Borrowed:
// what keeps it past the call that passes it on calls Own, so that one
// kept string does not keep a whole chunk of a alive.
func (h *Hit) CopyTo(a *Strings) {
	if h.Borrowed {
		h.copyText(a)
	}
}
