package delimit

import (
	"bytes"
	"io"
	"unicode/utf8"
)

// This file is the Scanner (E1–E12): its API, its buffer, which rolls
// unread bytes to its front and reads more (SPEC L1), the search for the
// next candidate byte, and when a candidate can be confirmed from the
// bytes read so far. A candidate ':' is confirmed in scan_colon.go, a '<'
// (and a quote that runs over lines) in scan_angle.go, an '@' in email.go
// and a '.' in abbrev.go; hits are reported in emit.go.

const (
	bufSize   = 1 << 20        // the Scanner's buffer
	minBuf    = 128 << 10      // its first size, grown to bufSize when the input is larger
	lookBack  = 1024           // bytes kept before the scan position when the buffer rolls
	lookAhead = MaxHit + 8<<10 // bytes needed after a candidate before it is confirmed
	maxAngle  = 4 << 10        // E5: an angle or multi-line quote hit ends within 4 KiB
	maxLines  = 8              // E5: ... and within 8 lines
	maxLook   = 64             // bytes looked back from ':' for a scheme (E1)
	relEvery  = 256 << 10      // how far a NewBytesScanner moves on between releases
)

// cand caches the position of the next candidate byte: the index of the
// byte, or with miss set, how far the buffer was searched without one.
type cand struct {
	at   int
	miss bool
}

// seg is one piece of an angle or quote hit between whitespace (E5, E6).
type seg struct {
	s, e int
	hy   bool // the piece ends in '-' right before a line break (E8)
}

// Scanner streams hits out of an io.Reader (E1–E12). It reads with one
// reusable buffer that rolls unread bytes to its front, so memory stays
// bounded whatever the input (SPEC L4): a hit longer than MaxHit is cut
// and marked Truncated. Its hits are exactly those of Find over the whole
// input.
type Scanner struct {
	r    io.Reader
	opts Options
	buf  []byte
	n    int   // buf[:n] holds data
	base int64 // input offset of buf[0]
	pos  int   // next byte to look at
	// floor is the end of the last hit: nothing before it is looked back at
	// when a new hit starts.
	floor    int
	eof      bool
	err      error
	skipping bool // skipping the rest of a truncated hit's run

	colon, lt, dot, at cand

	lc        int   // lines are counted up to buf[lc]
	line      int   // line number at lc
	lineStart int64 // input offset of that line's start

	pending []Hit
	pi      int
	hit     Hit
	segs    []seg

	// release, for a Scanner over bytes in place (NewBytesScanner), is
	// called when pos reaches relNext; candidates are not searched for,
	// nor the rest of a truncated run skipped, past relNext before, so
	// that the bytes looked at stay within a window (SPEC L1).
	release func(off int64) error
	relNext int
	// borrow: hits share buf instead of copying it (Options.Borrow, for a
	// Scanner over bytes, whose buf never changes).
	borrow bool
	// rf, with Options.Refang, reads the input refanged and maps the hits
	// back onto it (doc/spec.md U2).
	rf *refanger
}

// NewScanner returns a Scanner reading r with opts (E1–E12).
func NewScanner(r io.Reader, opts Options) *Scanner {
	s := &Scanner{r: r, opts: opts}
	s.init()
	return s
}

// Reset makes s read r from its start, as a new Scanner with the same
// options would, keeping its buffer: many small inputs (the parts of a
// mailbox) then cost no allocation each.
func (s *Scanner) Reset(r io.Reader) {
	*s = Scanner{r: r, opts: s.opts, buf: s.buf, pending: s.pending[:0], segs: s.segs[:0]}
	s.init()
}

func (s *Scanner) init() {
	if s.opts.Refang && s.r != nil {
		s.rf = newRefanger(s.r)
		s.r = s.rf
	}
	s.line = 1
	s.colon.at, s.lt.at, s.dot.at, s.at.at = -1, -1, -1, -1
	s.relNext = int(^uint(0) >> 1)
}

// Scan advances to the next hit (E1–E12), which Hit then returns. It
// returns false at the end of the input or on a read error (see Err); a
// hit longer than MaxHit is reported cut and Truncated, never a silent
// stop (SPEC L4).
func (s *Scanner) Scan() bool {
	for {
		if s.pi < len(s.pending) {
			s.hit = s.pending[s.pi]
			s.pi++
			if s.rf != nil {
				s.rf.mapHit(&s.hit)
			}
			return true
		}
		s.pending, s.pi = s.pending[:0], 0
		if s.pos >= s.relNext && !s.releaseBehind() {
			return false
		}
		if s.skipping {
			if !s.skip() {
				s.fill(s.pos + utf8.UTFMax + 4)
			}
			continue
		}
		// The next candidate byte: positions are cached until passed.
		c := s.nextCand()
		if s.opts.Abbrev {
			c = min(c, s.next(&s.dot, '.'))
		}
		if s.opts.Emails {
			c = min(c, s.next(&s.at, '@'))
		}
		which := byte(0)
		if c < s.n {
			which = s.buf[c]
		}
		if c >= s.n {
			s.pos = s.n
			if s.eof {
				return false
			}
			s.fill(s.n + 1)
			continue
		}
		if c >= s.relNext {
			s.pos = c // no candidate before the window's end: release
			continue
		}
		if !s.eof && c+lookAhead > s.n && !(s.opts.LineBuffered && s.decided(c, which)) {
			s.pos = c
			s.fill(c + lookAhead)
			continue
		}
		switch which {
		case ':':
			// nextCand has passed the colons no hit can follow (E12
			// "Note: see"), but for one that was the last byte read, and
			// one that ends its line before "//" (E8a "https:").
			if c+1 < s.n && noURIAt(s.buf, c) {
				s.pos = c + 1
				if breakColon(s.buf, c) {
					s.colonBreak(s.buf[:s.n], c)
				}
				continue
			}
			s.atColon(c)
		case '<':
			if c+1 < s.n && ctab[s.buf[c+1]]&(cAlpha|cSpace) == 0 {
				s.pos = c + 1
				continue
			}
			s.atAngle(c)
		case '@':
			s.atAt(c)
		default:
			s.atDot(c)
		}
	}
}

// noURIAt reports whether no hit can start at the colon b[c], which is not
// the last byte: no URI character follows it (E12 "Note: see"), or it
// stands between two digits ("10:30"), where a scheme would end in a digit
// and its part start with one, and no scheme written without "//" (E1a) or
// wrapping another URI ends in a digit. A colon before a line break and
// "//" (breakColon) is still a candidate.
func noURIAt(b []byte, c int) bool {
	x := b[c+1]
	if x >= utf8.RuneSelf {
		return false
	}
	return ctab[x]&cURI == 0 || isDigit(x) && c > 0 && isDigit(b[c-1])
}

// breakColon reports whether the colon b[c], which is not the last byte,
// stands before a line break ("\n" or "\r\n") and "//", or before a
// line break whose next bytes are not read yet (E8a "https:" / "//host").
// It is apart from noURIAt, which must stay small enough to be inlined.
func breakColon(b []byte, c int) bool {
	i := c + 1
	if b[i] > '\r' { // most: one test
		return false
	}
	if b[i] == '\r' {
		if i++; i < len(b) && b[i] != '\n' {
			return false
		}
	} else if b[i] != '\n' {
		return false
	}
	return i+2 >= len(b) || b[i+1] == '/' && b[i+2] == '/'
}

// Hit returns the hit found by the last call to Scan: its URI, raw text,
// offsets, line and column, Kind (E5, E6, E11) and Flags (E8).
func (s *Scanner) Hit() Hit { return s.hit }

// Passed returns an offset of the input before which no hit that Scan
// has yet to return starts: the start of the next hit found and not yet
// returned, else lookBack bytes before the scan position, as far back as
// a hit to come may start (the buffer keeps no more when it rolls). A
// reader whose own hits are found apart from the text's (LaTeX's \url,
// held to keep the order of the input) calls it as the Scanner reads its
// input, to report its hits before it without waiting for the next text
// hit. With Options.Refang too it is an offset of the input as written.
func (s *Scanner) Passed() int64 {
	var at int64
	if s.pi < len(s.pending) {
		at = s.pending[s.pi].Start
	} else {
		at = s.base + int64(max(0, s.pos-lookBack))
	}
	if s.rf != nil {
		_, shift := s.rf.before(at)
		at += shift
	}
	return at
}

// Err returns the first read error other than io.EOF. The hits before the
// error are still reported (SPEC L8).
func (s *Scanner) Err() error { return s.err }

// next returns the position of the next byte ch at or after pos, or n,
// or relNext when that comes first and none is before it: for ':' the
// next colon at which a hit may start (uriColon), for colonOrLess that or
// the next '<' (uriCand). The position is cached in k until the scan
// passes it, and a search that found nothing goes on from where it
// stopped: each byte is searched once.
func (s *Scanner) next(k *cand, ch byte) int {
	if !k.miss && k.at >= s.pos {
		return k.at
	}
	end := min(s.n, s.relNext)
	from := s.pos
	if k.miss && k.at > from {
		if k.at >= end {
			return end
		}
		from = k.at
	}
	var i int
	switch ch {
	case ':':
		i = uriColon(s.buf[:s.n], from, end)
	case colonOrLess:
		i = uriCand(s.buf[:s.n], from, end)
	default:
		if i = bytes.IndexByte(s.buf[from:end], ch); i >= 0 {
			i += from
		}
	}
	if i < 0 {
		k.at, k.miss = end, true
		return end
	}
	k.at, k.miss = i, false
	return i
}

// colonOrLess asks next for the next ':' a hit may follow or '<'.
const colonOrLess = 0

// fill reads until buf[:n] reaches need bytes (relative to the current
// buffer), the buffer is full, or the input ends. When need does not fit it
// first rolls the buffer, keeping lookBack bytes before pos.
func (s *Scanner) fill(need int) {
	if s.eof {
		return
	}
	if s.buf == nil {
		s.buf = make([]byte, minBuf) // small inputs need no more
	}
	if (need > len(s.buf) || s.n == len(s.buf)) && len(s.buf) < bufSize {
		b := make([]byte, bufSize)
		copy(b, s.buf[:s.n])
		s.buf = b
	}
	if need > len(s.buf) || s.n == len(s.buf) {
		if keep := max(0, s.pos-lookBack); keep > 0 {
			if s.lc < keep {
				s.locate(keep)
			}
			copy(s.buf, s.buf[keep:s.n])
			s.n -= keep
			s.base += int64(keep)
			s.pos -= keep
			s.floor = max(0, s.floor-keep)
			s.lc -= keep
			need -= keep
			s.colon.at -= keep
			s.lt.at -= keep
			s.dot.at -= keep
			s.at.at -= keep
			if s.rf != nil { // no hit to come starts before buf[0]
				lineStart := s.base
				if !s.opts.NoLines {
					lineStart = min(s.base, s.lineStart)
				}
				s.rf.release(s.base, lineStart)
			}
		}
	}
	need = min(need, len(s.buf))
	for empty := 0; s.n < need; {
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.eof = true
			return
		}
		if m > 0 {
			if s.opts.LineBuffered {
				return // what a pipe has now: the caller decides whether it is enough
			}
			empty = 0
		} else if empty++; empty > 100 {
			s.err = io.ErrNoProgress
			s.eof = true
			return
		}
	}
}

// decided reports, for LineBuffered input, whether the candidate byte which
// at c can be confirmed from the bytes read so far, with the same result as
// with the whole input: its line is complete, and the forms that go on past
// a line break (E5 angle brackets, E6 quotes, E8 a typesetter's hyphen at
// the end of a line, E8a "scheme:", "scheme://" or a dot there) are
// either closed on that line or have all the lines (maxLines) or bytes
// (maxAngle) they may take.
func (s *Scanner) decided(c int, which byte) bool {
	b := s.buf[:s.n]
	nl := bytes.IndexByte(b[c:], '\n')
	if nl < 0 {
		return false
	}
	nl += c
	if s.n > c+maxAngle+utf8.UTFMax || bytes.Count(b[c:], []byte{'\n'}) > maxLines {
		return true
	}
	switch which {
	case '<':
		if ctab[b[c+1]]&(cAlpha|cSpace) == 0 {
			return true // not an angle form at all
		}
		i := c + 1
		for ctab[b[i]]&cScheme != 0 {
			i++
		}
		if i > c+1 && b[i] != ':' {
			return true // "<b c", "<div>": no scheme after '<'
		}
		return angleClosed(b, c)
	case ':':
		if end := bytes.TrimRight(b[c:nl], " \t\r"); bytes.HasSuffix(end, []byte("\u00ad")) || bytes.HasSuffix(end, []byte("\u2010")) {
			return false // E8: may go on on the next line
		}
		// E8a: the colon ends the line ("https:"), or "://" or a dot does.
		if end := bytes.TrimRight(b[c:nl], "\r"); len(end) == 1 || bytes.HasSuffix(end, []byte("://")) || bytes.HasSuffix(end, []byte(".")) {
			return bytes.IndexByte(b[nl+1:], '\n') >= 0 // E8a: may go on on the next line, once it is whole
		}
		// E6: a quote before the scheme goes on over the lines up to the
		// next quote, which no continuation line can pass.
		from := max(0, s.floor, c-maxLook-len("URL:")-1)
		if i := bytes.LastIndexByte(b[from:c], '\n'); i >= 0 {
			from += i + 1
		}
		return bytes.IndexByte(b[from:c], '"') < 0 || bytes.IndexByte(b[c:], '"') >= 0
	}
	return true // abbreviations and e-mail addresses end at whitespace
}

// angleClosed reports whether b holds, after the '<' at a, a '>' that the
// angle form (E5) cannot pass: one on the line of a, or one after a byte
// that is neither whitespace nor part of a quote prefix (E7), which is all
// a continuation line may skip.
func angleClosed(b []byte, a int) bool {
	for g := a + 1; ; g++ {
		k := bytes.IndexByte(b[g:], '>')
		if k < 0 {
			return false
		}
		g += k
		ls := bytes.LastIndexByte(b[:g], '\n') + 1
		if ls <= a {
			return true
		}
		for _, x := range b[ls:g] {
			if ctab[x]&cSpace == 0 && x != '>' && x != '|' {
				return true
			}
		}
	}
}

// skip moves pos over the rest of a truncated hit's run. It returns false
// when it needs more input.
func (s *Scanner) skip() bool {
	b := s.buf[:s.n]
	for s.pos < len(b) {
		if !s.eof && s.pos+utf8.UTFMax > len(b) || s.pos >= s.relNext {
			return false
		}
		c := b[s.pos]
		if c < utf8.RuneSelf {
			if ctab[c]&cURI == 0 {
				break
			}
			s.pos++
			continue
		}
		w := runeWidth(b, s.pos)
		if w == 0 {
			break
		}
		s.pos += w
	}
	if s.pos >= len(b) && !s.eof {
		return false
	}
	s.skipping = false
	s.floor = s.pos
	return true
}
