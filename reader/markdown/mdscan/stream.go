package mdscan

import (
	"bytes"
	"errors"
	"io"
	"sort"
)

// Memory bounds (SPEC L7): a document is read in a window that holds the
// blocks still open, never the whole document.
const (
	// MaxLine is the longest line read as one: a longer one is read in
	// pieces, each after the first going on with the block the line is
	// in, as if the line were broken there (a listed difference).
	MaxLine = 256 << 10
	// MaxParagraph is how much of a paragraph, or of an HTML block, is
	// held: past it what is held is read, and the rest goes on as more
	// of it (a listed difference: a link that spans the cut is text).
	MaxParagraph = 256 << 10
	// MaxDefBytes bounds the link reference definitions a document
	// keeps; later ones are left out (Stats.DefsFull).
	MaxDefBytes = 4 << 20
	// maxHold is how far behind the line being read Hold can keep bytes.
	maxHold = 256 << 10
	// chunk is how much is read at a time.
	chunk = 64 << 10
)

// A Scanner reads one Markdown document, given whole (ScanBytes) or
// read in pieces (Collect then Scan, or ScanOnce): in pieces it keeps
// only the blocks still open, the current line and the definitions, so
// its memory does not grow with the document.
//
// During emit, Bytes and LineCol give the text and position of any
// offset of the event (a reference link's definition included), and Hold
// keeps bytes the caller still needs.
type Scanner struct {
	s       scanner
	release func()
	chunk   int  // how much is read at a time (tests make it small)
	peak    *int // the largest window, for tests
}

// NewScanner returns a Scanner that calls emit for every event.
func NewScanner(opts Options, emit func(Event)) *Scanner {
	return &Scanner{s: scanner{opts: opts, emit: emit, hold: -1}, chunk: chunk}
}

// Reset makes sc the Scanner NewScanner(opts, emit) returns, for another
// document, but keeps its buffers (the lines, the deferred events and
// paragraph lines, the open blocks, the inline scanner's) where they are
// of a usual size: a reader of many documents then does not grow them
// anew for each, which was two thirds of the bytes allocated on a tree
// of Markdown files (doc/spec.md PF3), and memory stays bounded.
func (sc *Scanner) Reset(opts Options, emit func(Event)) {
	old, in := sc.s, sc.s.in
	*sc = Scanner{s: scanner{opts: opts, emit: emit, hold: -1}, chunk: chunk}
	s := &sc.s
	s.deferred, s.segs, s.lines = reuse(old.deferred, 1<<12), reuse(old.segs, 1<<14), reuse(old.lines, 1<<14)
	s.stack, s.para = reuse(old.stack, 1<<8), reuse(old.para, 1<<12)
	s.in.buf, s.in.lines, s.in.brackets = reuse(in.buf, 1<<16), reuse(in.lines, 1<<12), reuse(in.brackets, 1<<10)
	s.in.events, s.in.images, s.in.open = reuse(in.events, 1<<10), reuse(in.images, 1<<10), reuse(in.open, 1<<10)
}

// reuse returns b emptied, or nil when it can hold more than max items.
func reuse[T any](b []T, max int) []T {
	if cap(b) > max {
		return nil
	}
	return b[:0]
}

// ScanBytes reads the document src, held whole. When it holds "]:", a
// reference may come before its definition: the blocks are read once,
// the definitions recorded as they come, and the inline content of the
// paragraphs and headings is read after the last block, each event
// reported then in its place (deferred). A document with more to hold
// back than maxDeferred items or maxDeferLines lines (memory stays
// bounded) is read in two passes instead: the definitions, then all.
func (sc *Scanner) ScanBytes(src []byte) {
	s := &sc.s
	s.borrow = s.opts.Borrow // src is held whole, unmoved, to the end
	defs := bytes.Contains(src, []byte("]:"))
	sc.start(false, defs)
	s.src, s.final, s.deferring = src, true, defs
	s.feed()
	if s.deferFull {
		s.defs, s.defAt, s.defBytes, s.defsFull = nil, nil, 0, false
		s.deferred, s.segs = nil, nil
		sc.start(true, false)
		s.src, s.final = src, true
		s.feed()
		s.finish(0)
		sc.start(false, false)
		s.src, s.final = src, true
		s.feed()
		s.finish(0)
		return
	}
	s.finish(0)
	if defs {
		s.deferring, s.defsLive = false, false
		s.replay()
	}
}

// Collect reads the definitions of the document r gives, for a Scan of
// the same document.
func (sc *Scanner) Collect(r io.Reader) error {
	sc.start(true, false)
	return sc.stream(r)
}

// Scan reads the document r gives and reports its events, with the
// definitions Collect found.
func (sc *Scanner) Scan(r io.Reader) error {
	sc.start(false, false)
	return sc.stream(r)
}

// ScanOnce reads a document that can be read only once: a definition
// applies to the references after it (and to those before it that
// Collect saw, if it ran).
func (sc *Scanner) ScanOnce(r io.Reader) error {
	sc.start(false, true)
	return sc.stream(r)
}

// Stats returns the work and limits met so far.
func (sc *Scanner) Stats() Stats {
	s := &sc.s
	return Stats{Steps: s.steps + s.in.steps, Capped: s.capped, DefsFull: s.defsFull}
}

// Text returns the document's bytes [start, end) during emit: a span of
// the event, or the definition a reference link's span is.
func (sc *Scanner) Text(start, end int) []byte {
	s := &sc.s
	if start >= s.base && end <= s.base+len(s.src) && start <= end {
		return s.src[start-s.base : end-s.base] // the same bytes a definition ahead holds
	}
	if d, ok := s.defAt[start]; ok && d.end == end {
		return []byte(d.raw)
	}
	return nil
}

// Span returns the bytes and the position (1-based lines and byte
// columns) of the document's [start, end) during emit: a span of the
// event, or the definition a reference link's span is.
func (sc *Scanner) Span(start, end int) (text []byte, line, col, endLine, endCol int) {
	s := &sc.s
	if start >= s.base+s.lineFloor() && end <= s.base+s.readTo && start <= end {
		// in the lines read: a definition ahead of them (a reference
		// before its definition) or behind the window is looked up
		line, col = s.lineCol(start - s.base)
		endLine, endCol = s.lineCol(end - s.base)
		return s.src[start-s.base : end-s.base], line, col, endLine, endCol
	}
	if d, ok := s.defAt[start]; ok && d.end == end {
		return []byte(d.raw), d.line, d.col, d.line, d.col + end - start
	}
	if start >= s.base+s.lineFloor() && end <= s.base+len(s.src) && start <= end {
		line, col = s.lineCol(start - s.base)
		endLine, endCol = s.lineCol(end - s.base)
		return s.src[start-s.base : end-s.base], line, col, endLine, endCol
	}
	return nil, 0, 0, 0, 0
}

// Hold keeps the bytes from the document's offset off on until Hold(-1),
// or until the line being read is maxHold past them: release (see
// OnRelease) is then called, and must give them up.
func (sc *Scanner) Hold(off int) { sc.s.hold = off }

// OnRelease sets what Hold calls when it must give up what it holds.
func (sc *Scanner) OnRelease(release func()) { sc.release = release }

// start readies the scanner for a pass.
func (sc *Scanner) start(collect, live bool) {
	s := &sc.s
	s.collect, s.defsLive = collect, live
	if s.defs == nil && (collect || live) {
		s.defs, s.defAt = map[string]*def{}, map[int]*def{}
	}
	s.src, s.base, s.final, s.pos, s.nlFrom, s.cont, s.readTo = nil, 0, false, 0, 0, false, 0
	s.lines, s.firstLine = s.lines[:0], 1
	s.stack = append(s.stack[:0], block{kind: bDoc})
	s.para, s.paraBytes, s.paraCont, s.emptyItem = s.para[:0], 0, false, false
	s.hold, s.trimAt, s.deferring, s.deferFull = -1, 1024, false, false
}

// stream reads r through a window: src is compacted once what it holds
// before the open blocks is half of it, and grows only while a block
// needs it (up to about MaxLine + MaxParagraph + maxHold).
func (sc *Scanner) stream(r io.Reader) error {
	s := &sc.s
	buf := make([]byte, 0, 4*sc.chunk)
	for {
		if cap(buf)-len(buf) < sc.chunk {
			buf = sc.compact(buf)
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), len(buf)+sc.chunk)])
		buf = buf[:len(buf)+n]
		s.src, s.final = buf, err != nil
		s.feed()
		if err != nil {
			s.finish(0)
			s.src = nil
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// compact drops the bytes no open block, line or Hold needs, and makes
// room for a chunk more.
func (sc *Scanner) compact(buf []byte) []byte {
	s := &sc.s
	if s.hold >= 0 && s.base+s.pos-s.hold > maxHold {
		sc.release() // what was held is given up before it is dropped
		s.hold = -1
	}
	if keep := s.retained(); keep > 0 && keep >= len(buf)/2 {
		n := copy(buf, buf[keep:])
		buf = buf[:n]
		s.rebase(keep)
	}
	if cap(buf)-len(buf) < sc.chunk {
		bigger := make([]byte, len(buf), 2*cap(buf))
		copy(bigger, buf)
		buf = bigger
	}
	if sc.peak != nil {
		*sc.peak = max(*sc.peak, cap(buf))
	}
	return buf
}

// retained is the first offset of src still needed: by the open
// paragraph, an open HTML block, the line at pos, or Hold.
func (s *scanner) retained() int {
	keep := s.pos
	if len(s.para) > 0 {
		keep = min(keep, s.para[0].start)
	}
	for _, b := range s.stack {
		if b.kind == bHTML {
			keep = min(keep, b.htmlStart)
		}
	}
	if s.hold >= 0 {
		keep = min(keep, s.hold-s.base)
	}
	return max(keep, 0)
}

// trimLines forgets the starts of the lines before the one holding
// src[k], which no event can need.
func (s *scanner) trimLines(k int) {
	drop := sort.SearchInts(s.lines, k+1) - 1 // the line holding src[k] stays
	if drop > 0 {
		n := copy(s.lines, s.lines[drop:])
		s.lines = s.lines[:n]
		s.firstLine += drop
	}
}

// rebase moves the window k bytes on: src[k] becomes src[0].
func (s *scanner) rebase(k int) {
	s.base += k
	s.pos -= k
	s.readTo -= k
	s.nlFrom = max(s.nlFrom-k, 0)
	for i := range s.para {
		s.para[i].start -= k
		s.para[i].end -= k
	}
	for i := range s.stack {
		s.stack[i].htmlStart -= k
		s.stack[i].htmlEnd -= k
	}
	s.trimLines(k)
	for i := range s.lines {
		s.lines[i] -= k
	}
}

// lineFloor is the smallest offset of src that lineCol can place. The
// first line kept may start before src does (a line longer than the
// window, read in pieces, whose start was dropped): its bytes before src
// are gone, and an offset there is not in src (once sliced src with a
// negative index, for a reference to a definition of 1 MiB, doc/spec.md L7).
func (s *scanner) lineFloor() int {
	if len(s.lines) == 0 {
		return 0
	}
	return max(s.lines[0], 0)
}

// lineCol returns the 1-based line and byte column of src[off].
func (s *scanner) lineCol(off int) (line, col int) {
	i := s.lineIndex(off)
	if i < 0 {
		return s.firstLine, off + 1
	}
	return s.firstLine + i, off - s.lines[i] + 1
}

// lineIndex returns the index in lines of the line holding src[off], or
// -1: the line of the last call or the next one (events come in the
// order of the document), else a binary search.
func (s *scanner) lineIndex(off int) int {
	l, c := s.lines, s.lineAt
	if c < len(l) && l[c] <= off {
		if c+1 == len(l) || off < l[c+1] {
			return c
		}
		if c+2 == len(l) || off < l[c+2] {
			s.lineAt = c + 1
			return c + 1
		}
	}
	i := sort.SearchInts(l, off+1) - 1
	s.lineAt = max(i, 0)
	return i
}

// The most a whole document holds back (deferred, and the starts of its
// lines, kept for them), in items and lines: a few MiB.
var (
	maxDeferred   = 1 << 15
	maxDeferLines = 1 << 17
)

// deferred is an event held back, or, when to > from, the paragraph or
// heading of lines segs[from:to], whose inline content is read later;
// readTo and lines are what was read then, which Span sees again.
type deferred struct {
	e                       Event
	from, to, readTo, lines int
}

// replay reports what was deferred, reading the inline content of the
// paragraphs and headings held back in its place, with the lines read
// then: a position at the start of a line not read yet is placed at the
// end of the line before, as it is when reported at once.
func (s *scanner) replay() {
	all, readTo := s.lines, s.readTo
	for _, d := range s.deferred {
		s.lines, s.readTo = all[:d.lines], d.readTo
		if d.to > d.from {
			s.inlines(s.segs[d.from:d.to])
		} else {
			s.event(d.e)
		}
	}
	s.lines, s.readTo = all, readTo
	s.deferred, s.segs = s.deferred[:0], s.segs[:0]
}
