// Package lines counts the lines of a stream read through a buffer that
// slides over it, for readers that report a hit's 1-based line and byte
// column (doc/spec.md §2: a hit's line and column).
package lines

import "bytes"

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
	for c.At < to {
		k := bytes.IndexByte(buf[c.At:to], '\n')
		if k < 0 {
			break
		}
		c.At += k + 1
		c.Line, c.Start = c.Line+1, base+int64(c.At)
	}
	c.At = max(c.At, to)
}

// Drop says the buffer dropped its first n bytes.
func (c *Counter) Drop(n int) { c.At -= n }

// Col is the 1-based byte column of the stream offset off, on the line
// counted to.
func (c *Counter) Col(off int64) int { return int(off-c.Start) + 1 }
