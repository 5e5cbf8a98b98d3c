// Package lines counts the lines of a stream read through a buffer that
// slides over it, for readers that report a hit's 1-based line and byte
// column (doc/spec.md §2: a hit's line and column).
package lines

import (
	"bytes"

	"github.com/urix/urix/internal/swar"
)

// Counter knows the line of the byte up to which it has counted. Its
// zero value is not ready: start from New.
type Counter struct {
	Line  int   // 1-based line of buf[At]
	Start int64 // stream offset where that line starts
	At    int   // the buffer is counted up to buf[At]
}

// New returns a Counter at the start of a stream.
func New() Counter { return Counter{Line: 1} }

// To counts the lines of buf up to buf[to]; base is the stream offset
// of buf[0].
func (c *Counter) To(buf []byte, base int64, to int) {
	if c.At < to {
		if n, last := Newlines(buf[c.At:to]); n > 0 {
			c.Line, c.Start = c.Line+n, base+int64(c.At+last)+1
		}
	}
	c.At = max(c.At, to)
}

// Drop says the buffer dropped its first n bytes.
func (c *Counter) Drop(n int) { c.At -= n }

// Col is the 1-based byte column of the stream offset off, on the line
// counted to.
func (c *Counter) Col(off int64) int { return int(off-c.Start) + 1 }

// Newlines returns how many line feeds b holds and the index of the last
// one (-1 when there is none): what a count of lines passing over b adds,
// and where the last line it reaches starts (after last). It counts in
// bulk, not a line at a time: the bytes between two hits often hold many.
func Newlines(b []byte) (n, last int) {
	if n = bytes.Count(b, []byte{'\n'}); n == 0 {
		return 0, -1
	}
	return n, lastNewline(b)
}

// lastNewline is bytes.LastIndexByte(b, '\n') eight bytes at a time: the
// last line of the bytes between two links is often long.
func lastNewline(b []byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		if m := swar.EqualExact(swar.Load(b, i-8), '\n'); m != 0 {
			return i - 8 + swar.Last(m)
		}
	}
	for i--; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}
