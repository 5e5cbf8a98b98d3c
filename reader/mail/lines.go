package mail

import (
	"bufio"
	"bytes"
	"io"
)

// chunk is one line of input, or a piece of a line longer than the reader's
// buffer (start is false for the pieces after the first).
type chunk struct {
	b       []byte // valid until the next call to next
	off     int64  // file offset of b[0]
	line    int    // 0-based line of b[0]
	start   bool   // b starts a line
	dropped bool   // mbox: a '>' before b was removed (">From " quoting)
}

// lineSource reads lines and tracks where each starts. In mbox mode a line
// starting with "From " ends the message (next reports false and sets
// atFrom) and ">From " quoting is undone.
type lineSource struct {
	br      *bufio.Reader
	mbox    bool
	off     int64 // offset of the next unread byte
	line    int   // 0-based line of the next unread byte
	atStart bool  // the next unread byte starts a line
	cur     chunk
	held    bool  // cur was pushed back
	atFrom  bool  // mbox: cur is a "From " line (held)
	eof     bool  // no more input
	err     error // read error other than EOF

	// pin, when set, is where every position of this source is reported:
	// the source reads a decoded stream (an encoded message/rfc822) that
	// has no lines in common with the file.
	pin *Pos
}

var (
	fromLine = []byte("From ")
	utf8BOM  = []byte("\xef\xbb\xbf")
)

const bufSize = 64 << 10

func newLineSource(r io.Reader, mbox bool) *lineSource {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < bufSize {
		br = bufio.NewReaderSize(r, bufSize)
	}
	return &lineSource{br: br, mbox: mbox, atStart: true}
}

// next returns the next chunk, or false at the end of the input or (mbox)
// of the message.
func (s *lineSource) next() (chunk, bool) {
	if s.held {
		if s.atFrom {
			return chunk{}, false
		}
		s.held = false
		s.advance()
		return s.cur, true
	}
	if s.eof {
		return chunk{}, false
	}
	b, err := s.br.ReadSlice('\n')
	switch err {
	case nil, bufio.ErrBufferFull:
	case io.EOF:
		s.eof = true
	default:
		s.eof = true
		s.err = err
	}
	if len(b) == 0 {
		return chunk{}, false
	}
	s.cur = chunk{b: b, off: s.off, line: s.line, start: s.atStart}
	if s.off == 0 && bytes.HasPrefix(b, utf8BOM) {
		s.cur.b, s.cur.off = b[len(utf8BOM):], int64(len(utf8BOM))
	}
	b = s.cur.b
	if s.mbox && s.cur.start && len(b) >= 5 {
		if bytes.HasPrefix(b, fromLine) {
			s.held, s.atFrom = true, true
			return chunk{}, false
		}
		if b[0] == '>' {
			i := 1
			for i < len(b) && b[i] == '>' {
				i++
			}
			if bytes.HasPrefix(b[i:], fromLine) {
				s.cur.b = b[1:]
				s.cur.off++
				s.cur.dropped = true
			}
		}
	}
	s.advance()
	return s.cur, true
}

// advance moves the position past cur.
func (s *lineSource) advance() {
	end := s.cur.off + int64(len(s.cur.b))
	s.off = end
	s.atStart = len(s.cur.b) > 0 && s.cur.b[len(s.cur.b)-1] == '\n'
	s.line = s.cur.line
	if s.atStart {
		s.line++
	}
}

// unread pushes back the chunk last returned by next.
func (s *lineSource) unread() {
	s.held = true
	s.off, s.line, s.atStart = s.cur.off, s.cur.line, s.cur.start
	if s.cur.dropped {
		s.off--
	}
}

// skipFrom consumes the held "From " line of an mbox.
func (s *lineSource) skipFrom() {
	s.atFrom, s.held = false, false
	s.advance()
	// A From line longer than the buffer: skip the rest of it.
	for !s.atStart && !s.eof {
		if _, ok := s.next(); !ok {
			break
		}
	}
}

// here is the position of the next unread byte.
func (s *lineSource) here() Pos {
	if s.pin != nil {
		return *s.pin
	}
	return Pos{Line: s.line + 1, Col: 1, Offset: s.off}
}

// boundaryLine reports whether line is a delimiter line of one of the
// active boundaries ("--" boundary ["--"] *LWSP CRLF, RFC 2046 5.1.1): the
// index of the boundary in bounds (innermost last; -1 for none) and whether
// it is the close delimiter.
func boundaryLine(line []byte, bounds []string) (int, bool) {
	if len(bounds) == 0 || len(line) < 3 || line[0] != '-' || line[1] != '-' {
		return -1, false
	}
	rest := line[2:]
	for i := len(bounds) - 1; i >= 0; i-- {
		b := bounds[i]
		if len(rest) < len(b) || string(rest[:len(b)]) != b {
			continue
		}
		tail := rest[len(b):]
		closing := false
		if len(tail) >= 2 && tail[0] == '-' && tail[1] == '-' {
			tail, closing = tail[2:], true
		}
		if len(bytes.Trim(tail, " \t\r\n")) == 0 {
			return i, closing
		}
	}
	return -1, false
}

// bodyReader reads the lines of an entity's body as stored up to the next
// delimiter line of an enclosing multipart (left unread) or the end of the
// message. It is the bottom stage of every part's PosMap: its output is
// the stored body, but for the '>' removed from mbox ">From " lines, whose
// places it records.
type bodyReader struct {
	s      *lineSource
	bounds []string
	rest   []byte
	done   bool

	first   int     // 1-based file line of output line 1
	start   int64   // file offset of output offset 0 (before a removed '>')
	outOff  int64   // output offset of the next output byte
	outLine int     // 1-based line of the next output byte
	drops   []int64 // output offsets of the lines that lost a '>', in order
	seen    int     // drops at or before the last offset mapped
}

// maxDrops caps the '>' removals recorded in one body; past it positions
// on later quoted lines are a byte early.
const maxDrops = 1 << 16

func newBodyReader(s *lineSource, bounds []string) *bodyReader {
	return &bodyReader{s: s, bounds: bounds, outLine: 1}
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n := copy(p, b.rest)
	b.rest = b.rest[n:]
	// Whole lines while they fit: a reader above reads many lines a call;
	// but not past what the input holds now, so that a message that is
	// still being written (tail -f mbox) is read as far as it goes.
	for n < len(p) && !b.done && (n == 0 || b.s.held || b.s.br.Buffered() > 0) {
		if k := b.block(p[n:]); k > 0 {
			n += k
			continue
		}
		c, ok := b.s.next()
		if !ok {
			b.done = true
			break
		}
		if len(c.b) == 0 {
			continue
		}
		if c.start {
			if i, _ := boundaryLine(c.b, b.bounds); i >= 0 {
				b.s.unread()
				b.done = true
				break
			}
			if b.outOff == 0 {
				b.first, b.start = c.line+1, c.off
			}
			if c.dropped {
				if b.outOff == 0 {
					b.start--
				}
				if len(b.drops) < maxDrops {
					b.drops = append(b.drops, b.outOff)
				}
			}
		}
		b.outOff += int64(len(c.b))
		if c.b[len(c.b)-1] == '\n' {
			b.outLine++
		}
		k := copy(p[n:], c.b)
		n += k
		b.rest = c.b[k:] // valid until the next call of next, which copies it first
	}
	if n == 0 && b.done {
		return 0, io.EOF
	}
	return n, nil
}

// block copies into p the whole lines the line source holds buffered
// from its place on, up to the first that must be looked at on its own:
// one that may be a delimiter (starting with '-', under a multipart) or,
// in an mbox, a "From " line or a quoted ">From " one. It returns the
// bytes copied, 0 when the next line is to be read by next. Most lines
// of a body are none of these: a call per line cost a plain body about
// twice what scanning it for URIs does.
func (b *bodyReader) block(p []byte) int {
	s := b.s
	if s.held || !s.atStart || b.outOff == 0 {
		return 0
	}
	buf, _ := s.br.Peek(min(s.br.Buffered(), len(p)))
	end, lines := 0, 0
	for end < len(buf) {
		if c := buf[end]; c == '-' && len(b.bounds) > 0 || s.mbox && (c == 'F' || c == '>') {
			break
		}
		i := bytes.IndexByte(buf[end:], '\n')
		if i < 0 {
			break
		}
		end += i + 1
		lines++
	}
	if end == 0 {
		return 0
	}
	copy(p, buf[:end])
	_, _ = s.br.Discard(end)
	s.off += int64(end)
	s.line += lines
	b.outOff += int64(end)
	b.outLine += lines
	return end
}

// Map maps a position in the body as read to the file: lines are the
// stored lines; a '>' removed before a position moves it one byte on.
func (b *bodyReader) Map(line, col int, off int64) Pos {
	if b.s.pin != nil {
		return *b.s.pin
	}
	// Positions come mostly in order: move the cursor on, or back.
	for b.seen < len(b.drops) && b.drops[b.seen] <= off {
		b.seen++
	}
	for b.seen > 0 && b.drops[b.seen-1] > off {
		b.seen--
	}
	if b.seen > 0 && b.drops[b.seen-1] == off-int64(col-1) {
		col++ // on a line that lost its '>'
	}
	return Pos{Line: b.first + line - 1, Col: col, Offset: b.start + off + int64(b.seen)}
}

// drain skips the rest of the body.
func (b *bodyReader) drain() {
	b.rest = nil
	for !b.done {
		c, ok := b.s.next()
		if !ok {
			b.done = true
			break
		}
		if c.start {
			if i, _ := boundaryLine(c.b, b.bounds); i >= 0 {
				b.s.unread()
				b.done = true
			}
		}
	}
}

// shifted maps the text of a reader that starts at line first, offset
// off of the stream inner maps: the rest of a base64 body read as plain
// text from its first bad line.
type shifted struct {
	inner PosMap
	first int
	off   int64
}

func (s shifted) Map(line, col int, off int64) Pos {
	return s.inner.Map(line+s.first-1, col, off+s.off)
}
