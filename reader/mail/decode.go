package mail

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"io"

	"github.com/urix/urix/internal/hex"
)

// Streaming decoders for MIME bodies (SPEC M2). Each records where its
// output comes from in its input (see pos.go).

// lineOutput is the output side of the decoders that work a line at a
// time (quoted-printable, base64, the charset conversion, format=flowed):
// their fill appends the output of the next input line to out, or sets err
// when the input ends.
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

// ---------------------------------------------------------------------------
// Quoted-printable (RFC 2045 6.7).

// qpReader decodes quoted-printable leniently: "=" + two hex digits (either
// case) is a byte, "=" at the end of a line (after trailing white space is
// removed) is a soft line break, any other "=" is kept as it is, and
// nothing is an error. (mime/quotedprintable fails on control bytes and on
// lines longer than 4 KiB, both common in real mail.)
//
// Its position map is exact: an entry at the start of every input line, and
// one after every escape, so that "=3D" before a hit and an encoded line
// break ("=0A", "=0D=0A", which starts a new output line inside an input
// line) shift nothing after them.
type qpReader struct {
	lineOutput
	br     *bufio.Reader
	inner  PosMap
	carry  [2]byte // the end of an over-long line that may hold a split "=XX"
	ncarry int
	tmp    []byte

	inLine  int  // 1-based input line of the next input byte
	inCol   int  // 1-based input column of the next input byte
	inStart bool // the next input byte starts a line
	outLine int  // current output line, 1-based
	outCol  int  // 1-based column of the next output byte
	outOff  int64
	inOff   int64 // input offset of the next input byte
	lineOff int64 // input offset of the current input line
	q       lineQueue
}

func newQPReader(r io.Reader, inner PosMap, s *scratch) *qpReader {
	q := &qpReader{br: s.reader(r), inner: inner, inLine: 1, inCol: 1, inStart: true, outLine: 1, outCol: 1}
	s.queue(&q.q)
	return q
}

func (q *qpReader) Map(line, col int, off int64) Pos {
	return mapThrough(&q.q, q.inner, line, col, off)
}

func (q *qpReader) Read(p []byte) (int, error) { return q.read(p, q.fill) }

// mark records that the next output byte comes from input column inCol.
func (q *qpReader) mark(inCol int) {
	q.q.add(lineEnt{out: q.outLine, col: q.outCol, in: q.inLine, inCol: inCol, outOff: q.outOff, inOff: q.lineOff + int64(inCol-1)})
}

// emit appends b to the output.
func (q *qpReader) emit(b []byte) {
	q.out = append(q.out, b...)
	q.outOff += int64(len(b))
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			q.outCol += len(b)
			return
		}
		q.outLine++
		q.outCol = 1
		b = b[i+1:]
	}
}

// fill decodes the next input line (or piece of one) into q.out.
func (q *qpReader) fill() {
	piece, err := q.br.ReadSlice('\n')
	if err != nil && err != bufio.ErrBufferFull {
		q.err = err
	}
	if len(piece) == 0 && q.ncarry == 0 {
		return
	}
	if q.inStart {
		q.inCol = 1
		q.lineOff = q.inOff
		q.mark(1)
	}
	q.inOff += int64(len(piece))
	line := piece
	col0 := q.inCol - q.ncarry // input column of line[0]
	whole := err != bufio.ErrBufferFull
	if q.ncarry > 0 {
		q.tmp = append(append(q.tmp[:0], q.carry[:q.ncarry]...), piece...)
		line = q.tmp
		q.ncarry = 0
	}
	q.inCol += len(piece)
	endsLine := whole && len(line) > 0 && line[len(line)-1] == '\n'
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
	for k := 0; k < len(line); {
		i := bytes.IndexByte(line[k:], '=')
		if i < 0 {
			q.emit(line[k:])
			break
		}
		q.emit(line[k : k+i])
		k += i
		if k+3 <= len(line) {
			if h, ok := hex.Digit(line[k+1]); ok {
				if l, ok := hex.Digit(line[k+2]); ok {
					q.emit([]byte{h<<4 | l})
					k += 3
					q.mark(col0 + k)
					continue
				}
			}
		}
		q.emit([]byte{'='})
		k++
	}
	if hard {
		q.emit([]byte{'\n'})
	}
	q.inStart = endsLine
	if endsLine {
		q.inLine++
	}
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
	line int // 1-based input line of the next input line

	quad [4]byte
	nq   int
	n    int64 // base64 characters read
	lineOutput

	bad     []byte // the first line that is not base64
	badLine int    // its 1-based input line
	badOff  int64  // and its input offset
	inOff   int64  // input offset of the next input line
}

func newB64Reader(r io.Reader, s *scratch) *b64Reader {
	return &b64Reader{br: s.reader(r), line: 1}
}

// rest returns the undecoded input from the bad line on, and that line's
// 1-based number and offset in the input.
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
	lineNo, lineOff := b.line, b.inOff
	b.inOff += int64(len(line))
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
