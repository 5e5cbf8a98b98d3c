package tex

import (
	"bytes"
	"io"

	"github.com/urix/urix/internal/lines"

	"github.com/urix/urix/reader"
)

const (
	window = 1 << 20 // what the filter holds ahead of what it has passed on
	look   = window / 2
	chunk  = 64 << 10
	// maxFind is how many references one step finds at most before what
	// it read is passed on: the references held wait for the text rules
	// to pass them, and a source of nothing but \url{a} lines would
	// otherwise hold those of half a window (doc/spec.md TX1).
	maxFind = 1024
	// maxPend is how many references of an entry's fields are queued at
	// once; the rest of the entry is read for more as they are passed.
	maxPend = 256
)

// filter reads a TeX source and returns it with its comments and the
// references it found blanked, byte for byte; the references are kept in
// found, in order.
type filter struct {
	r     io.Reader
	bib   bool
	buf   []byte // raw bytes from off on; buf[:pos] processed (blanked)
	off   int64
	pos   int
	eof   bool
	err   error
	inCmt bool // a comment runs on past pos

	lines lines.Counter

	entryEnd int // in a BibTeX entry up to buf[entryEnd]: '%' is no comment, '@' no entry
	// A search for an argument's or an entry's end failed up to here.
	argFail, entryFail int
	pend               []field // the entry's references, in order, not yet passed
	more               fields  // the entry's fields not yet read for references
	found              []special

	// passed, when set, is called as the filter is read: the reader
	// reports there what was found before the place the Scanner passed.
	passed func()
}

// field is a BibTeX field's reference, found when its entry was read,
// passed on when the scan reaches it.
type field struct {
	start, end int // of the value as written, in buf
	kind, attr string
	ref        string
}

func newFilter(r io.Reader, bib bool) *filter {
	return &filter{r: r, bib: bib, lines: lines.New()}
}

// Read implements io.Reader: the source as processed.
func (f *filter) Read(p []byte) (int, error) {
	if f.passed != nil {
		f.passed()
	}
	for f.pos == 0 {
		if f.eof && len(f.buf) == 0 {
			if f.err == nil {
				f.err = io.EOF
			}
			return 0, f.err
		}
		f.step()
	}
	n := copy(p, f.buf[:f.pos])
	f.lines.To(f.buf, f.off, n)
	f.buf = f.buf[:copy(f.buf, f.buf[n:])]
	f.off += int64(n)
	f.pos -= n
	f.lines.Drop(n)
	f.entryEnd, f.argFail, f.entryFail = max(f.entryEnd-n, 0), max(f.argFail-n, 0), max(f.entryFail-n, 0)
	for i := range f.pend {
		f.pend[i].start -= n
		f.pend[i].end -= n
	}
	if f.more.on {
		f.more.at -= n
		f.more.eprint[0] -= n
		f.more.eprint[1] -= n
	}
	return n, nil
}

// step reads more and processes what can be.
func (f *filter) step() {
	for !f.eof && len(f.buf)-f.pos < window {
		if cap(f.buf)-len(f.buf) < chunk {
			nb := make([]byte, len(f.buf), len(f.buf)+2*chunk)
			copy(nb, f.buf)
			f.buf = nb
		}
		n, err := f.r.Read(f.buf[len(f.buf):cap(f.buf)])
		f.buf = f.buf[:len(f.buf)+n]
		if err != nil {
			f.eof = true
			if err != io.EOF {
				f.err = err
			}
		}
	}
	limit := len(f.buf)
	if !f.eof {
		limit -= look
	}
	f.process(limit)
}

// stop marks the bytes process looks at.
var stop = func() (t [256]bool) {
	t['%'], t['\\'] = true, true
	return t
}()

// process reads buf from pos up to limit (or past it, to the end of a
// construct that starts before it), or until it has found maxFind
// references; a field's reference that a construct read past is taken
// before it returns, so that none is left behind what is passed on.
func (f *filter) process(limit int) {
	b := f.buf
	i := f.pos
	if f.inCmt {
		i = f.comment(i)
	}
	held := len(f.found)
	for i < limit && len(f.found)-held < maxFind || len(f.pend) > 0 && f.pend[0].start <= i {
		end := limit
		if len(f.pend) > 0 {
			if p := f.pend[0]; p.start <= i {
				f.add(p.kind, p.attr, p.ref, p.start, p.end, false)
				blank(b[p.start:p.end])
				i = max(i, p.end)
				f.pend = f.pend[1:]
				if len(f.pend) == 0 && f.more.on {
					f.fields()
				}
				continue
			} else {
				end = min(end, p.start)
			}
		}
		for i < end && !stop[b[i]] && !(f.bib && b[i] == '@' && i >= f.entryEnd) {
			i++
		}
		if i == end {
			continue
		}
		switch b[i] {
		case '%':
			if i < f.entryEnd {
				i++ // in a BibTeX field a '%' is what it is
			} else {
				i = f.comment(i)
			}
		case '\\':
			i = f.command(i)
		default:
			i = f.entry(i)
		}
	}
	f.pos = max(i, f.pos)
}

// comment blanks the comment at buf[i] to the end of its line and returns
// the index of its line break (the end of what is read: it runs on).
func (f *filter) comment(i int) int {
	b := f.buf
	k := bytes.IndexByte(b[i:], '\n')
	f.inCmt = k < 0
	if k < 0 {
		k = len(b) - i
	}
	blank(b[i : i+k])
	return i + k
}

// blank blanks b but for its line breaks, so that positions stay.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}

// add records a reference written at buf[i:j].
func (f *filter) add(kind, attr, ref string, i, j int, cut bool) {
	f.lines.To(f.buf, f.off, i)
	a, e := f.off+int64(i), f.off+int64(j)
	raw := string(f.buf[i:j])
	sp := reader.Span{Line: f.lines.Line, Col: f.lines.Col(a), Start: a, End: e}
	sp.EndLine, sp.EndCol = sp.Line+bytes.Count(f.buf[i:j], []byte("\n")), sp.Col+len(raw)
	if k := bytes.LastIndexByte(f.buf[i:j], '\n'); k >= 0 {
		sp.EndCol = j - i - k
	}
	f.found = append(f.found, special{kind: kind, attr: attr, ref: ref, raw: raw, sp: sp, truncated: cut})
}
