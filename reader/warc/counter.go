package warc

import (
	"bufio"
	"bytes"
	"io"
)

// counter is a buffered reader that counts the bytes and lines consumed.
type counter struct {
	br   *bufio.Reader
	off  int64
	line int
}

func newCounter(r io.Reader, off int64, line int, size int) *counter {
	return &counter{br: bufio.NewReaderSize(r, size), off: off, line: line}
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.br.Read(p)
	c.off += int64(n)
	c.line += bytes.Count(p[:n], nl)
	return n, err
}

func (c *counter) ReadByte() (byte, error) {
	b, err := c.br.ReadByte()
	if err == nil {
		c.off++
		if b == '\n' {
			c.line++
		}
	}
	return b, err
}

var nl = []byte("\n")

// discard skips n bytes, or to the end; it returns how many it skipped.
// It reads in place from the buffer (a copy-out buffer on the stack
// escaped: 32 KiB allocated per record).
func (c *counter) discard(n int64) (int64, error) {
	var done int64
	for done < n {
		b, err := c.br.Peek(int(min(n-done, int64(c.br.Size()))))
		if len(b) > 0 {
			c.line += bytes.Count(b, nl)
			c.br.Discard(len(b))
			c.off += int64(len(b))
			done += int64(len(b))
		}
		if err != nil {
			return done, err
		}
	}
	return done, nil
}

// bodyReader reads a record's block, limited to Content-Length.
type bodyReader struct {
	c    *counter
	left int64
	err  error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.c.Read(p)
	b.left -= int64(n)
	if err == io.EOF && b.left > 0 {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		b.err = err
	}
	return n, err
}

// capReader fails with ErrDecompressedSize past its limit.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		if n, err := c.r.Read(one[:]); n == 0 {
			return 0, err
		}
		return 0, ErrDecompressedSize
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
