package mail

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/urix/urix/htmlbase/charset"
)

// decoder converts a text part from its charset to UTF-8 (SPEC M1) and
// records where its output comes from, so that hits in converted text still
// point at the bytes stored in the file (SPEC M2 positions).
//
// Where ASCII stands for itself in the charset (charset.ASCIICompatible),
// runs of ASCII are passed through as they are read, without a copy of
// their own, and lines stay lines; the transformer runs one character at a
// time over the rest, and from an ESC byte on (ISO-2022 shifts) over
// everything. Output and input lengths of consecutive characters are
// gathered into one position entry while they keep the same ratio (one per
// run of accented letters in windows-1252 text, one per run of kanji in
// Shift_JIS), so the map stays small, and costs nothing on ASCII text.
type decoder struct {
	r       io.Reader
	enc     encoding.Encoding
	t       transform.Transformer // made at the first character that needs it
	ascii   bool                  // ASCII runs are passed through
	shifted bool                  // an ESC was seen: everything goes through t
	inner   PosMap

	in    []byte // input read, not yet converted
	inBuf []byte
	inErr error // the input's error, once in is used up
	lineOutput
	dst [utf8.UTFMax]byte

	inLine, inCol   int // 1-based input position of the next input byte
	outLine, outCol int // 1-based output position of the next output byte
	outOff, inOff   int64
	ou, iu          int // ratio of the current entry (0: none open)
	q               lineQueue
}

func newDecoder(r io.Reader, name string, enc encoding.Encoding, inner PosMap, s *scratch) *decoder {
	d := &decoder{
		r: r, enc: enc, inner: inner,
		ascii: charset.ASCIICompatible(name, enc), inLine: 1, inCol: 1, outLine: 1, outCol: 1,
	}
	s.queue(&d.q)
	return d
}

func (d *decoder) Map(line, col int, off int64) Pos { return mapThrough(&d.q, d.inner, line, col, off) }

// asciiRun returns the length of the run of ASCII other than ESC that
// starts b.
func asciiRun(b []byte) int {
	for i, c := range b {
		if c >= utf8.RuneSelf || c == 0x1b {
			return i
		}
	}
	return len(b)
}

func (d *decoder) passing() bool { return d.ascii && !d.shifted }

func (d *decoder) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if d.pos < len(d.out) {
			n := copy(p, d.out[d.pos:])
			d.pos += n
			return n, nil
		}
		d.out, d.pos = d.out[:0], 0
		if len(d.in) > 0 {
			if d.passing() {
				if i := min(asciiRun(d.in), len(p)); i > 0 {
					copy(p, d.in[:i])
					d.in = d.in[i:]
					d.stepASCII(p[:i])
					return i, nil
				}
			}
			if d.convert() {
				continue
			}
		}
		if d.inErr != nil {
			if len(d.in) > 0 { // an incomplete character at the end
				d.stepRunes([]byte("\uFFFD"), d.in)
				d.in = d.in[:0]
				continue
			}
			return 0, d.inErr
		}
		if len(d.in) == 0 && d.passing() {
			// Read straight into p, and keep what is not ASCII.
			n, err := d.r.Read(p)
			d.inErr = err
			i := asciiRun(p[:n])
			if i < n {
				d.in = append(d.inBuf[:0], p[i:n]...)
				d.inBuf = d.in[:0]
			}
			if i > 0 {
				d.stepASCII(p[:i])
				return i, nil
			}
			continue
		}
		// Read more behind what is left, moved to the front of inBuf.
		if cap(d.inBuf) < 4<<10 {
			d.inBuf = make([]byte, 0, 4<<10)
		}
		d.in = append(d.inBuf[:0], d.in...)
		buf := d.in[len(d.in):cap(d.in)]
		if len(buf) < 64 { // a character longer than the buffer: grow it
			d.in = append(make([]byte, 0, 2*cap(d.in)), d.in...)
			d.inBuf = d.in[:0]
			buf = d.in[len(d.in):cap(d.in)]
		}
		n, err := d.r.Read(buf)
		d.in = d.in[:len(d.in)+n]
		d.inErr = err
	}
}

// convert converts characters from the front of d.in into d.out, one at a
// time, up to the next ASCII byte when passing; it reports whether it made
// progress (false: an incomplete character waits for more input).
func (d *decoder) convert() bool {
	if d.t == nil {
		d.t = d.enc.NewDecoder()
	}
	atEOF := d.inErr != nil
	progress := false
	for len(d.in) > 0 {
		if d.passing() && d.in[0] < utf8.RuneSelf && d.in[0] != 0x1b {
			break
		}
		if d.in[0] == 0x1b {
			d.shifted = true
		}
		// One character at a time: the smallest room that takes one.
		var nDst, nSrc int
		var terr error
		for room := 1; room <= len(d.dst); room++ {
			nDst, nSrc, terr = d.t.Transform(d.dst[:room], d.in, atEOF)
			if terr != transform.ErrShortDst || nDst > 0 || nSrc > 0 {
				break
			}
		}
		switch {
		case nSrc == 0 && nDst == 0 && terr == transform.ErrShortSrc && !atEOF:
			return progress // an incomplete character: wait for more input
		case nSrc == 0 && nDst == 0:
			// Nothing the transformer can do with it: one byte as U+FFFD.
			d.stepRunes([]byte("\uFFFD"), d.in[:1])
			d.in = d.in[1:]
		case nDst == 0:
			// A shift sequence: input with no output.
			d.advanceInput(d.in[:nSrc])
			d.ou = 0
			d.in = d.in[nSrc:]
		default:
			d.stepRunes(d.dst[:nDst], d.in[:nSrc])
			d.in = d.in[nSrc:]
		}
		progress = true
	}
	return progress
}

// stepASCII records a run of ASCII passed through: lines stay lines, so
// only a change of ratio needs an entry.
func (d *decoder) stepASCII(b []byte) {
	if d.ou != 1 || d.iu != 1 {
		d.q.add(lineEnt{out: d.outLine, col: d.outCol, in: d.inLine, inCol: d.inCol, ou: 1, iu: 1, outOff: d.outOff, inOff: d.inOff})
		d.ou, d.iu = 1, 1
	}
	d.outOff += int64(len(b))
	d.inOff += int64(len(b))
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		nl := bytes.Count(b, []byte{'\n'})
		d.outLine += nl
		d.inLine += nl
		d.outCol, d.inCol = len(b)-i, len(b)-i
		return
	}
	d.outCol += len(b)
	d.inCol += len(b)
}

// stepRunes records output out (one character, or where a transformer
// gives more for one input sequence, a few), converted from the input
// bytes in. When the input of each character cannot be told apart, the
// last takes what the others leave.
func (d *decoder) stepRunes(out, in []byte) {
	k := utf8.RuneCount(out)
	each := 1
	if len(in)%k == 0 {
		each = len(in) / k
	}
	for len(out) > 0 {
		_, sz := utf8.DecodeRune(out)
		k--
		iu := min(each, len(in))
		if k == 0 {
			iu = len(in)
		}
		if sz != d.ou || iu != d.iu {
			d.q.add(lineEnt{out: d.outLine, col: d.outCol, in: d.inLine, inCol: d.inCol, ou: sz, iu: iu, outOff: d.outOff, inOff: d.inOff})
			d.ou, d.iu = sz, iu
		}
		d.out = append(d.out, out[:sz]...)
		d.outOff += int64(sz)
		if sz == 1 && out[0] == '\n' {
			d.outLine++
			d.outCol = 1
			if !d.ascii {
				d.ou = 0 // lines of the input are not those of the output: an entry a line
			}
		} else {
			d.outCol += sz
		}
		d.advanceInput(in[:iu])
		out, in = out[sz:], in[iu:]
	}
}

// advanceInput moves the input position past b, counting its line breaks
// as the file's lines count them.
func (d *decoder) advanceInput(b []byte) {
	d.inOff += int64(len(b))
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		d.inLine += bytes.Count(b, []byte{'\n'})
		d.inCol = len(b) - i
		return
	}
	d.inCol += len(b)
}

// textReader returns the text of a part: its body converted from the
// charset named by name (canonical, from charset.Lookup), with its position
// map. UTF-8 (enc nil) is read as it is.
func textReader(body io.Reader, pm PosMap, name string, enc encoding.Encoding, s *scratch) (io.Reader, PosMap) {
	if enc == nil {
		return body, pm
	}
	d := newDecoder(body, name, enc, pm, s)
	return d, d
}

// charsetReader converts RFC 2047 encoded-words (mime.WordDecoder) by the
// one charset policy.
func charsetReader(label string, r io.Reader) (io.Reader, error) {
	enc, _, ok := charset.Lookup(label)
	if !ok {
		return nil, fmt.Errorf("unknown charset %q", label)
	}
	if enc == nil {
		return r, nil
	}
	return transform.NewReader(r, enc.NewDecoder()), nil
}
