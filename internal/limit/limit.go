// Package limit caps how much is read from a stream (SPEC §8): a
// decompressed file, a decoded MIME part, a fetched document. Past the cap
// the stream fails with the caller's error instead of ending quietly, so
// that a compression bomb is reported, never taken for a short input.
package limit

import (
	"errors"
	"fmt"
	"io"
)

// Reader returns a reader of r that fails with err once more than n bytes
// were read from it; exactly n bytes are not an error.
func Reader(r io.Reader, n int64, err error) io.Reader {
	return &reader{r: r, left: n, err: err}
}

type reader struct {
	r    io.Reader
	left int64
	err  error
}

func (c *reader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// At the cap: fail only if there is more to read.
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n == 0 {
			return 0, err
		}
		return 0, c.err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// ErrTooLarge reports a decompressed stream past its cap (doc/spec.md §8).
var ErrTooLarge = errors.New("decompressed size exceeds the limit (compression bomb?)")

// Named names the decoder in the errors of a compressed stream, so that a
// truncated file says "gzip: unexpected EOF"; ErrTooLarge passes as is.
func Named(r io.Reader, name string) io.Reader { return namedErrors{r, name} }

type namedErrors struct {
	r    io.Reader
	name string // "gzip", "HTTP body: brotli"
}

func (d namedErrors) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	if err != nil && err != io.EOF && !errors.Is(err, ErrTooLarge) {
		err = fmt.Errorf("%s: %w", d.name, err)
	}
	return n, err
}
