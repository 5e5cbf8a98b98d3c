package ical

import (
	"bytes"
	"sort"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
)

// qpValue is a value in quoted-printable (vCard 2.1 and vCalendar 1.0
// write ENCODING=QUOTED-PRINTABLE, RFC 2045 §6.7): a line that ends in
// "=" goes on on the next one, unindented, so that unfolding does not
// join them. The value is gathered as written, up to lineCap, and read
// when its last line is: decoded, then by the text rules, each hit's
// raw text and position the file's (doc/spec.md IC1).
type qpValue struct {
	raw   []byte   // the value as written (unfolded), soft line breaks and all
	base  int64    // unfolded offset of raw[0]
	lines []qpLine // where each line of raw starts, in order
	idx   []int    // decoded byte k is written from raw[idx[k]]
	more  bool     // the last line ended in a soft line break
}

type qpLine struct {
	line int
	off  int64 // unfolded offset of its first byte
}

// qpLine notes that a line of the quoted-printable value starts.
func (r *icsReader) qpLine() {
	r.qp.more = false
	r.qp.lines = append(r.qp.lines, qpLine{r.line, r.lnStart})
}

// qpPiece gathers r.buf, a piece of a quoted-printable value's line, and
// reads the value when the line ends without a soft line break, or when
// lineCap of it is held.
func (r *icsReader) qpPiece(end bool) {
	from := 0
	if r.p.valueAt > 0 { // the property's line: the value starts there
		from, r.p.valueAt = r.p.valueAt, 0
		r.qp.raw, r.qp.lines = r.qp.raw[:0], append(r.qp.lines[:0], qpLine{r.line, r.lnStart})
	}
	if len(r.qp.raw) == 0 {
		r.qp.base = r.off + int64(from)
	}
	r.qp.raw = append(r.qp.raw, r.buf[from:]...)
	if !end {
		if len(r.qp.raw) >= lineCap {
			r.qpFlush()
		}
		return
	}
	if line := bytes.TrimSuffix(bytes.TrimSuffix(r.qp.raw, []byte("\n")), []byte("\r")); len(line) < len(r.qp.raw) && bytes.HasSuffix(line, []byte("=")) {
		r.qp.more = true
		if len(r.qp.raw) >= lineCap {
			r.qpFlush()
			r.qp.more = true
		}
		return
	}
	r.qpFlush()
	r.mode = modeSkip
}

// qpFlush reads the value gathered: decoded, by the text rules.
func (r *icsReader) qpFlush() {
	raw := bytes.TrimSuffix(bytes.TrimSuffix(r.qp.raw, []byte("\n")), []byte("\r"))
	r.dec, r.qp.idx = qpDecode(raw, r.dec[:0], r.qp.idx[:0])
	if delimit.MayHold(r.dec, r.opts.Delimit) {
		for _, h := range delimit.Find(r.dec, r.opts.Delimit) {
			i, j := r.qp.idx[h.Start], qpEnd(raw, r.qp.idx[h.End-1])
			r.hit.Set(r.c, h.Kind.String(), h.URI, string(raw[i:j]), r.qpSpan(i, j), h.Flags&^delimit.Borrowed)
			r.hit.Attr = r.p.name
			r.s.Report(&r.hit, r.c.Base)
		}
	}
	r.qp.raw, r.qp.more = r.qp.raw[:0], false
	r.qp.lines = append(r.qp.lines[:0], qpLine{r.line, r.lnStart})
}

// qpSpan is the place of raw[i:j] of the value gathered.
func (r *icsReader) qpSpan(i, j int) reader.Span {
	a, b := r.qp.base+int64(i), r.qp.base+int64(j)
	la, lb := r.qpLineOf(a), r.qpLineOf(b)
	return reader.Span{Line: la.line, Col: int(a-la.off) + 1, EndLine: lb.line, EndCol: int(b-lb.off) + 1, Start: a, End: b}
}

// qpLineOf returns the line of the value that holds unfolded offset off.
func (r *icsReader) qpLineOf(off int64) qpLine {
	ls := r.qp.lines
	k := sort.Search(len(ls), func(k int) bool { return ls[k].off > off })
	return ls[max(k-1, 0)]
}

// qpDecode appends to dec the quoted-printable text raw decodes to (a
// soft line break "=" CRLF or "=" LF, or "=" at the end, gives nothing,
// "=XX" the byte XX,
// anything else itself) and to idx where each decoded byte is written in
// raw, and one more index, len(raw).
func qpDecode(raw, dec []byte, idx []int) ([]byte, []int) {
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '=' {
			switch {
			case i+1 == len(raw): // a soft line break the input ends with
				i++
				continue
			case i+1 < len(raw) && raw[i+1] == '\n':
				i += 2
				continue
			case i+2 < len(raw) && raw[i+1] == '\r' && raw[i+2] == '\n':
				i += 3
				continue
			case i+2 < len(raw) && unhex(raw[i+1]) >= 0 && unhex(raw[i+2]) >= 0:
				dec = append(dec, byte(unhex(raw[i+1])<<4|unhex(raw[i+2])))
				idx = append(idx, i)
				i += 3
				continue
			}
		}
		dec = append(dec, c)
		idx = append(idx, i)
		i++
	}
	return dec, append(idx, len(raw))
}

// qpEnd returns the index in raw after the decoded byte written at
// raw[i]: a hit that ends before a soft line break does not take it.
func qpEnd(raw []byte, i int) int {
	if raw[i] == '=' && i+2 < len(raw) && unhex(raw[i+1]) >= 0 && unhex(raw[i+2]) >= 0 {
		return i + 3
	}
	return i + 1
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	}
	return -1
}
