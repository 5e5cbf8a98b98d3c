package extract

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"io"
	"sort"
)

// Streaming decoders for MIME bodies (SPEC M2), and the position maps that
// let hits in decoded text point into the file as stored.

// posMap maps a 1-based line and byte column of a decoding stage's output
// to the file: 1-based line and column, and the byte offset.
type posMap interface {
	mapPos(line, col int) (int, int, int64)
}

// pinned maps every position to the first line of the body: used where
// the stored form has no line structure in common with the decoded text
// (base64). The hit's end is set to its offset.
type pinned struct {
	line int // 0-based line of the body
	off  int64
}

func (p pinned) mapPos(int, int) (int, int, int64) { return p.line + 1, 1, p.off }

// positions makes the hits emitted until the returned function is called
// point into the file: through pm when the content was decoded (nil: it
// was not), and past the '>' removed from ">From " lines of an mbox. src
// is where the content starts; src.line was added to the hits' lines.
func (w *mailWalker) positions(pm posMap, src source) (restore func()) {
	s, j := w.s, w.j
	if pm == nil && !s.mbox {
		return func() {}
	}
	_, pin := pm.(pinned)
	emit := j.emit
	j.emit = func(h Hit) {
		n := h.End - h.Offset
		if pm != nil {
			h.Line, h.Col, h.Offset = pm.mapPos(h.Line-src.line, h.Col)
		}
		if pin {
			h.End = h.Offset
		} else if len(s.drops) > 0 {
			off := s.fixOffset(src.offset, h.Offset)
			if k := sort.Search(len(s.drops), func(i int) bool { return s.drops[i] >= off }); k > 0 && s.drops[k-1] == off-int64(h.Col) {
				h.Col++ // the hit is on a ">From " line, after its removed '>'
			}
			end := off
			if n > 0 {
				end = s.fixOffset(src.offset, h.Offset+n-1) + 1
			}
			h.Offset, h.End = off, end
		} else {
			h.End = h.Offset + n
		}
		emit(h)
	}
	return func() { j.emit = emit }
}

// lineEnt says that the stage's output from line out, column col, comes
// from the input line in (1-based) starting at input offset off.
type lineEnt struct {
	out, col int
	in       int
	skip     int // input columns before the output (quote markers, stuffing)
	off      int64
	outOff   int64 // output offset of the entry, for pruning
}

// lineQueue holds the entries of a stage between what the scanner has
// reported and what the stage has produced. Hits come in order, and the
// scanner reads at most a bounded window ahead of its hits, so entries far
// behind the output are dropped: memory stays bounded however long the
// part is.
type lineQueue struct {
	ents []lineEnt
	head int
}

const (
	queueWindow = 4 << 20 // output bytes kept behind the newest entry
	queueMax    = 1 << 18 // entries kept at most (lines of 16 bytes fill a 4 MiB window)
)

func (q *lineQueue) add(e lineEnt) {
	q.ents = append(q.ents, e)
	for q.head < len(q.ents)-1 && (e.outOff-q.ents[q.head].outOff > queueWindow || len(q.ents)-q.head > queueMax) {
		q.head++
	}
	if q.head > 1024 && q.head > len(q.ents)/2 {
		n := copy(q.ents, q.ents[q.head:])
		q.ents = q.ents[:n]
		q.head = 0
	}
}

// find returns the entry holding output line, column col.
func (q *lineQueue) find(line, col int) lineEnt {
	if q.head >= len(q.ents) {
		return lineEnt{out: line, col: 1, in: line}
	}
	// Lookups mostly move forward: move head up to the last entry at or
	// before the position, then search forward from there.
	i := q.head
	if e := q.ents[i]; !before(e, line, col) {
		// Before every entry kept (only after more than queueMax lines
		// within the scanner's look-ahead): assume one stored line per
		// output line, as in runs of empty lines.
		return lineEnt{out: line, col: 1, in: line + e.in - e.out, off: max(0, e.off-int64(e.out-line))}
	}
	for i+1 < len(q.ents) && before(q.ents[i+1], line, col) {
		i++
	}
	q.head = i
	return q.ents[i]
}

func before(e lineEnt, line, col int) bool {
	return e.out < line || e.out == line && e.col <= col
}

// lineCol maps through an entry: the input line and column of output
// position (line, col).
func (e lineEnt) lineCol(line, col int) (int, int) {
	if line != e.out {
		return e.in, 1
	}
	c := col - e.col + 1 + e.skip
	if c < 1 {
		c = 1
	}
	return e.in, c
}

// ---------------------------------------------------------------------------
// Quoted-printable (RFC 2045 6.7).

// lineOutput is the output side of the decoders that work a line at a
// time (quoted-printable, base64, format=flowed): their fill appends the
// output of the next input line to out, or sets err when the input ends.
type lineOutput struct {
	out []byte
	pos int // bytes of out already read
	err error
}

// read serves p from out, calling fill for more until it has some or err is set.
func (o *lineOutput) read(p []byte, fill func()) (int, error) {
	for o.pos >= len(o.out) {
		if o.err != nil {
			return 0, o.err
		}
		o.out, o.pos = o.out[:0], 0
		fill()
	}
	n := copy(p, o.out[o.pos:])
	o.pos += n
	return n, nil
}

// qpReader decodes quoted-printable leniently: "=" + two hex digits (either
// case) is a byte, "=" at the end of a line (after trailing white space is
// removed) is a soft line break, any other "=" is kept as it is, and
// nothing is an error. (mime/quotedprintable fails on control bytes and on
// lines longer than 4 KiB, both common in real mail.) It tracks where each
// decoded line comes from.
type qpReader struct {
	lineOutput
	br     *bufio.Reader
	carry  [2]byte // the end of an over-long line that may hold a split "=XX"
	ncarry int
	tmp    []byte

	inLine  int   // 1-based file line of the next input line
	inOff   int64 // file offset of the next input byte
	inStart bool  // the next input byte starts a line
	outLine int   // current output line, 1-based
	outCol  int   // 1-based column of the next output byte
	outOff  int64
	q       lineQueue
}

func newQPReader(r io.Reader, line0 int, off int64) *qpReader {
	return &qpReader{br: bufio.NewReaderSize(r, 4<<10), inLine: line0 + 1, inOff: off, inStart: true, outLine: 1, outCol: 1}
}

func (q *qpReader) mapPos(line, col int) (int, int, int64) {
	e := q.q.find(line, col)
	l, c := e.lineCol(line, col)
	return l, c, e.off + int64(c-1)
}

func (q *qpReader) Read(p []byte) (int, error) { return q.read(p, q.fill) }

// fill decodes the next input line (or piece of one) into q.out.
func (q *qpReader) fill() {
	line, err := q.br.ReadSlice('\n')
	if err != nil && err != bufio.ErrBufferFull {
		q.err = err
	}
	if len(line) == 0 && q.ncarry == 0 {
		return
	}
	if q.inStart {
		q.q.add(lineEnt{out: q.outLine, col: q.outCol, in: q.inLine, off: q.inOff, outOff: q.outOff})
	}
	q.inOff += int64(len(line))
	whole := err != bufio.ErrBufferFull
	if q.ncarry > 0 {
		q.tmp = append(append(q.tmp[:0], q.carry[:q.ncarry]...), line...)
		line = q.tmp
		q.ncarry = 0
	}
	q.inStart = whole && len(line) > 0 && line[len(line)-1] == '\n'
	if q.inStart {
		q.inLine++
	}
	hard := false
	if whole {
		// Remove the line break and trailing white space (RFC 2045 6.7 (3)).
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line, hard = line[:n-1], true
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
		}
		line = bytes.TrimRight(line, " \t")
		if n := len(line); n > 0 && line[n-1] == '=' {
			line, hard = line[:n-1], false
		}
	} else if i := bytes.LastIndexByte(line, '='); i >= 0 && i >= len(line)-2 {
		// An "=XX" or a soft break may be split over the piece boundary.
		q.ncarry = copy(q.carry[:], line[i:])
		line = line[:i]
	}
	start := len(q.out)
	for len(line) > 0 {
		i := bytes.IndexByte(line, '=')
		if i < 0 {
			q.out = append(q.out, line...)
			break
		}
		q.out = append(q.out, line[:i]...)
		if i+3 <= len(line) {
			if h, ok := unhex(line[i+1]); ok {
				if l, ok := unhex(line[i+2]); ok {
					q.out = append(q.out, h<<4|l)
					line = line[i+3:]
					continue
				}
			}
		}
		q.out = append(q.out, '=')
		line = line[i+1:]
	}
	if hard {
		q.out = append(q.out, '\n')
	}
	q.outOff += int64(len(q.out) - start)
	if hard {
		q.outLine++
		q.outCol = 1
	} else {
		q.outCol += len(q.out) - start
	}
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// ---------------------------------------------------------------------------
// Base64 (RFC 2045 6.8).

// b64Reader decodes base64 line by line. White space is skipped, a
// missing final padding is tolerated, and a line holding any other
// character outside the alphabet stops decoding with
// base64.CorruptInputError: that line and everything after it stay
// available (rest) for the plain-text fallback (SPEC M6).
type b64Reader struct {
	br   *bufio.Reader
	line int   // 1-based file line of the next input line
	off  int64 // file offset of the next input byte

	quad [4]byte
	nq   int
	n    int64 // base64 characters read
	lineOutput

	bad     []byte // the first line that is not base64
	badLine int    // its 1-based file line
	badOff  int64
}

func newB64Reader(r io.Reader, line0 int, off int64) *b64Reader {
	return &b64Reader{br: bufio.NewReaderSize(r, 4<<10), line: line0 + 1, off: off}
}

// rest returns the undecoded input from the bad line on, and where it starts.
func (b *b64Reader) rest() (io.Reader, int, int64) {
	return io.MultiReader(bytes.NewReader(b.bad), b.br), b.badLine, b.badOff
}

var b64dec = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alpha); i++ {
		t[alpha[i]] = byte(i)
	}
	t['='] = 0xfe
	return t
}()

func (b *b64Reader) Read(p []byte) (int, error) { return b.read(p, b.fill) }

func (b *b64Reader) fill() {
	line, err := b.br.ReadSlice('\n')
	if err != nil && err != bufio.ErrBufferFull {
		b.err = err
		if err == io.EOF {
			defer b.flush() // the last group, maybe without its padding
		}
	}
	lineNo, lineOff := b.line, b.off
	b.off += int64(len(line))
	if len(line) > 0 && line[len(line)-1] == '\n' {
		b.line++
	}
	for i, c := range line {
		v := b64dec[c]
		if v == 0xff {
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
				continue
			}
			b.bad = append([]byte(nil), line...)
			b.badLine, b.badOff = lineNo, lineOff
			b.err = base64.CorruptInputError(b.n + int64(i))
			return
		}
		b.quad[b.nq] = c
		b.nq++
		if b.nq == 4 {
			b.flush()
		}
	}
	b.n += int64(len(line))
}

// flush decodes the characters gathered in quad (up to 4, padding allowed).
func (b *b64Reader) flush() {
	n := b.nq
	for n > 0 && b.quad[n-1] == '=' {
		n--
	}
	b.nq = 0
	var v uint32
	for i := 0; i < n; i++ {
		d := b64dec[b.quad[i]]
		if d == 0xfe { // padding in the middle of a group: drop the group
			return
		}
		v |= uint32(d) << (18 - 6*i)
	}
	switch n {
	case 4:
		b.out = append(b.out, byte(v>>16), byte(v>>8), byte(v))
	case 3:
		b.out = append(b.out, byte(v>>16), byte(v>>8))
	case 2:
		b.out = append(b.out, byte(v>>16))
	}
}
