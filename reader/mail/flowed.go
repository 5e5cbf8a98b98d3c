package mail

import (
	"bufio"
	"bytes"
	"io"
)

// flowedReader unwraps format=flowed text (RFC 3676) as it streams: with
// DelSp=yes a line ending in a space is joined, without that space, with
// the next line of the same quote depth; space-stuffing is undone, the
// signature separator "-- " is never flowed, and a change of quote depth
// ends a paragraph. Each unwrapped paragraph comes out as one line, behind
// its quote markers (">> "), so that a URI broken by flowing is one URI
// again (SPEC M2). Nothing is held but the current input line.
//
// Without DelSp the space before a soft break is text, so joining would
// only turn the break into a space inside a line; a line break is what
// Appendix E needs to see (E5: "<http://a/ \n b>" is one URI, "<http://a/
// b>" none), so those soft breaks are kept as line breaks.
type flowedReader struct {
	br    *bufio.Reader
	delsp bool
	inner PosMap // where the input's positions map to

	lineOutput

	open  bool // a paragraph is open (its line is not ended yet)
	depth int  // quote depth of the open paragraph

	inStart bool
	inLine  int   // 1-based line of the input
	inOff   int64 // input offset of the next input byte
	outLine int
	outCol  int
	outOff  int64
	q       lineQueue
}

func newFlowedReader(r io.Reader, delsp bool, inner PosMap, s *scratch) *flowedReader {
	f := &flowedReader{br: s.reader(r), delsp: delsp, inner: inner,
		inStart: true, inLine: 1, outLine: 1, outCol: 1}
	s.queue(&f.q)
	return f
}

func (f *flowedReader) Map(line, col int, off int64) Pos {
	return mapThrough(&f.q, f.inner, line, col, off)
}

func (f *flowedReader) Read(p []byte) (int, error) { return f.read(p, f.fill) }

func (f *flowedReader) write(b []byte) {
	f.out = append(f.out, b...)
	f.outCol += len(b)
	f.outOff += int64(len(b))
}

func (f *flowedReader) newline() {
	f.out = append(f.out, '\n')
	f.outLine++
	f.outCol = 1
	f.outOff++
	f.open = false
}

var sigSep = []byte("-- ")

// fill processes the next input line, or piece of an over-long one.
func (f *flowedReader) fill() {
	b, err := f.br.ReadSlice('\n')
	if err != nil && err != bufio.ErrBufferFull {
		f.err = err
	}
	if len(b) == 0 {
		if f.err != nil && f.open {
			f.newline()
		}
		return
	}
	lineOff := f.inOff
	f.inOff += int64(len(b))
	atStart := f.inStart
	whole := err != bufio.ErrBufferFull // this piece ends the input line
	content := b
	if whole {
		content = bytes.TrimSuffix(content, []byte("\n"))
		content = bytes.TrimSuffix(content, []byte("\r"))
	}
	if atStart {
		d := 0
		for d < len(content) && content[d] == '>' {
			d++
		}
		content = content[d:]
		skip := d
		if len(content) > 0 && content[0] == ' ' {
			content = content[1:]
			skip++
		}
		if f.open && d != f.depth {
			f.newline()
		}
		if !f.open {
			f.open, f.depth = true, d
			if d > 0 {
				for i := 0; i < d; i++ {
					f.out = append(f.out, '>')
				}
				f.out = append(f.out, ' ')
				f.outCol += d + 1
				f.outOff += int64(d + 1)
			}
		}
		f.q.add(lineEnt{out: f.outLine, col: f.outCol, in: f.inLine, inCol: skip + 1, outOff: f.outOff, inOff: lineOff + int64(skip)})
	}
	flowed := false
	if whole && len(content) > 0 && content[len(content)-1] == ' ' && !(atStart && bytes.Equal(content, sigSep)) {
		flowed = true
		if f.delsp {
			content = content[:len(content)-1]
		}
	}
	f.write(content)
	f.inStart = whole
	if whole {
		f.inLine++
		if !flowed || !f.delsp {
			f.newline()
		}
	}
	if f.err != nil && f.open {
		f.newline()
	}
}
