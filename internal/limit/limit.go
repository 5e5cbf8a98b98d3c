// Package limit caps how much is read from a stream (SPEC L5): a
// decompressed file, a decoded MIME part, a fetched document. Past the cap
// the stream fails with the caller's error instead of ending quietly, so
// that a compression bomb is reported, never taken for a short input.
package limit

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
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

// DefaultMaxDecoded is the default cap on the bytes decoded out of one
// compressed input or one MIME part (doc/spec.md L5): 4 GiB.
const DefaultMaxDecoded = 4 << 30

// ErrTooLarge reports a decompressed stream past its cap (doc/spec.md L5).
var ErrTooLarge = errors.New("decompressed size exceeds the limit (compression bomb?)")

// Named names the decoder in the errors of a compressed stream, so that a
// truncated file says "gzip: unexpected EOF"; ErrTooLarge, and an error
// that names the decoder already, pass as they are.
func Named(r io.Reader, name string) io.Reader { return namedErrors{r, name} }

type namedErrors struct {
	r    io.Reader
	name string // "gzip", "HTTP body: brotli"
}

func (d namedErrors) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	if err != nil && err != io.EOF && !errors.Is(err, ErrTooLarge) && !strings.HasPrefix(err.Error(), d.name+": ") {
		err = fmt.Errorf("%s: %w", d.name, err)
	}
	return n, err
}

// maxTail is how much of a word CutAtSpace holds back at most: a run
// longer than a hit can be (64 KiB, doc/spec.md L4) is passed on.
const maxTail = 64 << 10

// CutAtSpace returns a reader of r that, when r fails (any error but
// io.EOF: a size cap, a timeout, a broken connection), drops the bytes
// after the last white space before the failure, so that a URI cut in
// the middle is not read as a whole one (doc/spec.md L9); the
// error is passed on. To know what to drop it holds back the bytes after
// the last white space read, up to maxTail, until more comes.
func CutAtSpace(r io.Reader) io.Reader { return &cutAtSpace{r: r} }

type cutAtSpace struct {
	r     io.Reader
	buf   []byte // buf[off:ready] may be passed on; buf[ready:] is held back
	off   int
	ready int
	err   error
}

func (c *cutAtSpace) Read(p []byte) (int, error) {
	for c.off == c.ready {
		if c.err != nil {
			return 0, c.err
		}
		// Keep the held-back bytes, read more after them.
		n := copy(c.buf, c.buf[c.ready:])
		c.buf, c.off, c.ready = c.buf[:n], 0, 0
		if cap(c.buf)-n < 16<<10 {
			c.buf = append(make([]byte, 0, 2*cap(c.buf)+32<<10), c.buf...)
		}
		m, err := c.r.Read(c.buf[n:cap(c.buf)])
		c.buf = c.buf[:n+m]
		switch {
		case err == io.EOF:
			c.ready, c.err = len(c.buf), err
		case err != nil:
			c.ready, c.err = lastSpace(c.buf), err // the rest is a cut word
			c.buf = c.buf[:c.ready]
		case len(c.buf) >= maxTail:
			c.ready = max(lastSpace(c.buf), len(c.buf)-maxTail)
		default:
			c.ready = lastSpace(c.buf)
		}
	}
	n := copy(p, c.buf[c.off:c.ready])
	c.off += n
	return n, nil
}

// lastSpace returns the length of b up to and with its last ASCII white
// space, 0 when it has none.
func lastSpace(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		switch b[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			return i + 1
		}
	}
	return 0
}

// The decompression ratio cap (doc/spec.md L10): past RatioFloor decoded
// bytes, a stream may decode to at most MaxRatio times the bytes it was
// decoded from. Real text and markup compress 3 to 20 times, rarely
// above 100; a compression bomb, hundreds of thousands of times.
const (
	MaxRatio   = 1000
	RatioFloor = 16 << 20
)

// ErrRatio reports a stream that decodes to more than MaxRatio times its
// size.
var ErrRatio = fmt.Errorf("decompression ratio over %d:1 (compression bomb?): the rest is skipped", MaxRatio)

// Counter counts the bytes read through it.
type Counter struct {
	R io.Reader
	N int64
}

func (c *Counter) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	return n, err
}

// Ratio returns a reader of decoded, which decodes the bytes read through
// compressed, that fails with ErrRatio once past RatioFloor bytes it has
// given more than MaxRatio times the bytes compressed has read.
func Ratio(decoded io.Reader, compressed *Counter) io.Reader {
	return NewExpansion(1<<62, nil, func() int64 { return compressed.N }).Reader(decoded)
}

// Expansion is the work budget of the decoding of one input (doc/spec.md
// L10, A8): every decoder inside the input, at
// every level of nesting (a gzip in a tar in a zip), charges the bytes it
// gives to the one Expansion, so that a bomb split over levels is caught
// as one. The bytes given may total at most max (then the error
// tooLarge), and past RatioFloor at most MaxRatio times the bytes read of
// the input as stored (then ErrRatio). It is not safe for concurrent use:
// one input is read by one goroutine.
type Expansion struct {
	max      int64
	left     int64
	decoded  int64
	in       func() int64
	tooLarge error
	parent   *Expansion // charged with e (Child), nil for an input's own
	held     int64      // of Memory, by Hold (an input's own Expansion only)
	parked   int64      // of held, counted as waiting (Park)
}

// NewExpansion returns the budget of an input that may decode to max
// bytes (ErrTooLarge past it when tooLarge is nil), in which in returns
// the bytes read of the input as stored (nil: no ratio is kept).
func NewExpansion(max int64, tooLarge error, in func() int64) *Expansion {
	e := new(Expansion)
	e.Init(max, tooLarge, in)
	return e
}

// Init makes e, in place, the budget NewExpansion returns: for a caller
// that keeps an input's state in memory it uses again for the next input
// (extract's, which reads every file of a tree).
func (e *Expansion) Init(max int64, tooLarge error, in func() int64) {
	if tooLarge == nil {
		tooLarge = ErrTooLarge
	}
	if max <= 0 {
		max = 1 << 62
	}
	*e = Expansion{max: max, left: max, in: in, tooLarge: tooLarge}
}

// Child returns a budget within e, as NewExpansion's: what it allows is
// charged to e too, and allowed only while e allows it, so that a reader
// with limits of its own (an archive's, with its own error and the ratio
// to the archive's bytes) still draws on its input's one budget.
func (e *Expansion) Child(max int64, tooLarge error, in func() int64) *Expansion {
	c := NewExpansion(max, tooLarge, in)
	c.parent = e
	return c
}

// Reset makes e new again, for the next stream of a reader that keeps
// one Expansion for streams read one after another.
func (e *Expansion) Reset() { e.left, e.decoded = e.max, 0 }

// Allow returns how many of n decoded bytes may be given now (at least
// one while any may), or the error that ends the decoding.
func (e *Expansion) Allow(n int) (int, error) {
	if e.left <= 0 {
		return 0, e.tooLarge
	}
	if e.in != nil && e.decoded > RatioFloor && e.decoded > MaxRatio*e.in() {
		return 0, ErrRatio
	}
	k := int(min(int64(n), e.left))
	if e.parent != nil {
		return e.parent.Allow(k)
	}
	return k, nil
}

// Charge counts n decoded bytes given.
func (e *Expansion) Charge(n int) {
	e.left -= int64(n)
	e.decoded += int64(n)
	if e.parent != nil {
		e.parent.Charge(n)
	}
}

// ErrNoMemory is Hold's error: a decoder's window that the memory
// budget has no room for while its input already holds part of it.
var ErrNoMemory = fmt.Errorf("needs more memory than the %d MiB kept for decoders' windows and held streams, with what this input already holds", MemoryBudget>>20)

// Hold takes n bytes of Memory for a decoder's window or dictionary,
// which the input needs to be read on (doc/spec.md L10a): at once when
// Memory has them; else after waiting for other inputs to give back what
// they hold; else, when the input holds nothing of Memory yet, anyway
// (one window alone is bounded by its format's cap). Past that it
// returns ErrNoMemory: the input holds part of Memory already (a window
// of the archive around the stream) and no other input will give any
// back, so the stream is not read and the process stays under its bound.
// A nil e is an input that is not counted: Hold takes n as Charge does.
func (e *Expansion) Hold(n int64) error {
	if e == nil {
		Memory.Charge(n)
		return nil
	}
	r := e.root()
	ok, waited := Memory.reserve(n, r.held)
	if waited && n >= gcWindow {
		// What was given back is garbage until the collector runs:
		// collected now, the window this input allocates next reuses
		// it instead of adding to it.
		runtime.GC()
	}
	if !ok {
		return ErrNoMemory
	}
	r.held += n
	return nil
}

// gcWindow is the smallest window for which an input that waited runs
// the collector: for smaller ones the collection costs more than the
// memory it hands back.
const gcWindow = 4 << 20

// Park counts what e's input holds of Memory as held by a waiting input
// while it does not read: its hits are being handed on, and the printer,
// keeping the order of inputs, may block it until an earlier input ends.
// An input that needs a window does not wait for a parked one. Unpark
// ends it. Both cost nothing for an input that holds nothing.
func (e *Expansion) Park() {
	if e != nil && e.held > 0 {
		Memory.park(e.held)
		e.parked = e.held
	}
}

// Unpark ends Park.
func (e *Expansion) Unpark() {
	if e != nil && e.parked > 0 {
		Memory.unpark(e.parked)
		e.parked = 0
	}
}

// Unhold gives back n bytes taken with Hold.
func (e *Expansion) Unhold(n int64) {
	if e == nil {
		Memory.Release(n)
		return
	}
	e.root().held -= n
	Memory.unreserve(n)
}

func (e *Expansion) root() *Expansion {
	for e.parent != nil {
		e = e.parent
	}
	return e
}

// Decoded returns the bytes given so far.
func (e *Expansion) Decoded() int64 { return e.decoded }

// Reader returns a reader of dec, a decoder's output, charged to e.
func (e *Expansion) Reader(dec io.Reader) io.Reader { return &charged{r: dec, e: e} }

type charged struct {
	r io.Reader
	e *Expansion
}

func (c *charged) Read(p []byte) (int, error) {
	k, err := c.e.Allow(len(p))
	if err != nil {
		return 0, err
	}
	n, err := c.r.Read(p[:k])
	c.e.Charge(n)
	return n, err
}
