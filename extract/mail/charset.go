package mail

import (
	"bufio"
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
// runs of ASCII are copied unconverted, and the transformer runs one
// character at a time over the rest, from an ESC byte on (ISO-2022 shifts)
// over everything. Output and input lengths of consecutive characters are
// gathered into one position entry while they keep the same ratio (one per
// run of accented letters in windows-1252 text, one per run of kanji in
// Shift_JIS), so the map stays small.
type decoder struct {
	lineOutput
	br      *bufio.Reader
	t       transform.Transformer
	ascii   bool // ASCII runs are copied
	shifted bool // an ESC was seen: everything goes through t
	inner   PosMap
	pend    []byte // input not yet converted (an incomplete character)
	dst     [utf8.UTFMax]byte

	inLine, inCol   int // 1-based input position of the next input byte
	outLine, outCol int // 1-based output position of the next output byte
	outOff          int64
	ou, iu          int // ratio of the current entry (0: none open)
	q               lineQueue
}

func newDecoder(r io.Reader, name string, enc encoding.Encoding, inner PosMap) *decoder {
	return &decoder{
		br: bufio.NewReaderSize(r, 4<<10), t: enc.NewDecoder(), inner: inner,
		ascii: charset.ASCIICompatible(name, enc), inLine: 1, inCol: 1, outLine: 1, outCol: 1,
	}
}

func (d *decoder) Map(line, col int) Pos { return mapThrough(&d.q, d.inner, line, col) }

func (d *decoder) Read(p []byte) (int, error) { return d.read(p, d.fill) }

func (d *decoder) fill() {
	piece, err := d.br.ReadSlice('\n')
	atEOF := false
	if err != nil && err != bufio.ErrBufferFull {
		d.err, atEOF = err, true
	}
	src := piece
	if len(d.pend) > 0 {
		d.pend = append(d.pend, piece...)
		src = d.pend
	}
	for len(src) > 0 {
		if d.ascii && !d.shifted {
			i := 0
			for i < len(src) && src[i] < utf8.RuneSelf && src[i] != 0x1b {
				i++
			}
			if i > 0 {
				d.stepASCII(src[:i])
				src = src[i:]
				continue
			}
		}
		if src[0] == 0x1b {
			d.shifted = true
		}
		// One character at a time: the smallest room that takes one.
		var nDst, nSrc int
		var terr error
		for room := 1; room <= len(d.dst); room++ {
			nDst, nSrc, terr = d.t.Transform(d.dst[:room], src, atEOF)
			if terr != transform.ErrShortDst || nDst > 0 || nSrc > 0 {
				break
			}
		}
		switch {
		case nSrc == 0 && nDst == 0 && terr == transform.ErrShortSrc && !atEOF:
			// An incomplete character: wait for more input.
			d.pend = append(d.pend[:0], src...)
			return
		case nSrc == 0 && nDst == 0:
			// Nothing the transformer can do with it: one byte as U+FFFD.
			d.stepRunes([]byte("\uFFFD"), 1)
			src = src[1:]
		case nDst == 0:
			// A shift sequence: input with no output.
			d.inCol += nSrc
			d.ou = 0
			src = src[nSrc:]
		default:
			d.stepRunes(d.dst[:nDst], nSrc)
			src = src[nSrc:]
		}
	}
	d.pend = d.pend[:0]
}

// stepASCII copies a run of ASCII, which stands for itself.
func (d *decoder) stepASCII(b []byte) {
	for len(b) > 0 {
		n := bytes.IndexByte(b, '\n') + 1
		if n == 0 {
			n = len(b)
		}
		if d.ou != 1 || d.iu != 1 {
			d.q.add(lineEnt{out: d.outLine, col: d.outCol, in: d.inLine, inCol: d.inCol, ou: 1, iu: 1, outOff: d.outOff})
			d.ou, d.iu = 1, 1
		}
		d.out = append(d.out, b[:n]...)
		d.outOff += int64(n)
		if b[n-1] == '\n' {
			d.newline()
		} else {
			d.outCol += n
			d.inCol += n
		}
		b = b[n:]
	}
}

func (d *decoder) newline() {
	d.outLine++
	d.outCol = 1
	d.inLine++
	d.inCol = 1
	d.ou = 0 // every line starts an entry
}

// stepRunes records output out, converted from n input bytes: one
// character, or (where a transformer gives more for one input sequence)
// a few, in which case the last takes what the others leave.
func (d *decoder) stepRunes(out []byte, n int) {
	k := utf8.RuneCount(out)
	each := 1
	if n%k == 0 {
		each = n / k
	}
	for len(out) > 0 {
		_, sz := utf8.DecodeRune(out)
		k--
		iu := min(each, n)
		if k == 0 {
			iu = n
		}
		n -= iu
		if sz == 1 && out[0] == '\n' {
			d.out = append(d.out, '\n')
			d.outOff++
			d.newline()
		} else {
			if sz != d.ou || iu != d.iu {
				d.q.add(lineEnt{out: d.outLine, col: d.outCol, in: d.inLine, inCol: d.inCol, ou: sz, iu: iu, outOff: d.outOff})
				d.ou, d.iu = sz, iu
			}
			d.out = append(d.out, out[:sz]...)
			d.outOff += int64(sz)
			d.outCol += sz
			d.inCol += iu
		}
		out = out[sz:]
	}
}

// textReader returns the text of a part: its body converted from the
// charset named by name (canonical, from charset.Lookup), with its position
// map. UTF-8 (enc nil) is read as it is.
func textReader(body io.Reader, pm PosMap, name string, enc encoding.Encoding) (io.Reader, PosMap) {
	if enc == nil {
		return body, pm
	}
	d := newDecoder(body, name, enc, pm)
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
