package delimit

import (
	"bytes"
	"iter"
	"sync"
)

// This file is the Scanner over bytes in place (SPEC PF2, PF3): made
// (NewBytesScanner) or reset for the next text (ResetBytes,
// ResetBytesRelease), and the window of bytes it releases behind it.

// NewBytesScanner returns a Scanner over text that reads it in place,
// without copying it (a file mapped into memory, SPEC PF2): its hits are
// Find's. Each time the scan has moved on by 256 KiB, release (when not
// nil) is called with the offset
// before which text will not be looked at again, so that the caller may
// drop those pages and memory stays bounded (SPEC PF2); an error it
// returns ends the scan as a read error would (see Err).
func NewBytesScanner(text []byte, opts Options, release func(off int64) error) *Scanner {
	if opts.Refang {
		// The refanged text is not text: read it as a stream.
		return NewScanner(bytes.NewReader(text), opts)
	}
	s := &Scanner{opts: opts, buf: text[:len(text):len(text)], n: len(text), eof: true, borrow: opts.Borrow}
	s.init()
	if release != nil {
		s.release, s.relNext = release, relEvery
	}
	return s
}

// ResetBytes makes s read text in place with opts, as
// NewBytesScanner(text, opts, nil) would, keeping only its lists of hits
// and pieces: one Scanner over many short texts (the strings of a JSON
// document) then costs no allocation per text, and with opts.Borrow none
// per hit either (doc/spec.md PF3). With opts.Refang the text is read as a
// stream, as NewBytesScanner does.
func (s *Scanner) ResetBytes(text []byte, opts Options) {
	pending, segs := s.pending[:0], s.segs[:0]
	*s = Scanner{} // cleared in place: cheaper than a copy of a new one
	s.opts, s.pending, s.segs = opts, pending, segs
	if opts.Refang {
		s.r = bytes.NewReader(text)
	} else {
		s.buf, s.n, s.eof, s.borrow = text[:len(text):len(text)], len(text), true, opts.Borrow
	}
	s.init()
	if h, ok := Whole(text, opts); ok {
		s.pending = append(s.pending, h) // the text is one URI: no search
		s.pos, s.floor = s.n, s.n
	}
}

// ResetBytesRelease makes s read text in place as NewBytesScanner(text,
// opts, release) would, keeping only its lists of hits and pieces (as
// ResetBytes does): a reader of many files scans them all with one
// Scanner, and on a tree of small files no fresh memory per file (a page
// fault each) is taken for it.
func (s *Scanner) ResetBytesRelease(text []byte, opts Options, release func(off int64) error) {
	s.ResetBytes(text, opts)
	if release != nil && s.r == nil {
		s.release, s.relNext = release, relEvery
	}
}

// releaseBehind calls release with the offset lookBack bytes before pos,
// having counted the lines up to it (E1–E12 look no further back). It
// returns false when release failed.
func (s *Scanner) releaseBehind() bool {
	keep := max(0, s.pos-lookBack)
	if s.lc < keep {
		s.locate(keep)
	}
	if err := s.release(int64(keep)); err != nil {
		s.err, s.pos = err, s.n
		return false
	}
	s.relNext = s.pos + relEvery
	return true
}

// All returns the hits of text one at a time, as Find finds them (their
// strings their own, whatever opts.Borrow), with a pooled Scanner: what
// reads a long text (an HTML or XML text run of megabytes) holds no list
// of all its hits, which took 18 bytes of memory for each byte of a text
// of short URIs (doc/spec.md L1).
func All(text []byte, opts Options) iter.Seq[Hit] {
	return func(yield func(Hit) bool) {
		if !MayHold(text, opts) {
			return
		}
		s := allScanners.Get().(*Scanner)
		defer func() {
			s.ResetBytes(nil, Options{}) // holds nothing of text
			allScanners.Put(s)
		}()
		opts.Borrow = false
		for s.ResetBytes(text, opts); s.Scan(); {
			if !yield(s.Hit()) {
				return
			}
		}
	}
}

// allScanners keeps the Scanners of All.
var allScanners = sync.Pool{New: func() any { return new(Scanner) }}
