package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/urix/urix/internal/limit"
)

// Limits of text extraction (doc/spec.md P8).
const (
	maxPageText  = 8 << 20 // bytes of text kept of one page
	maxFormDepth = 8       // form XObjects within form XObjects
	maxForms     = 10000   // form XObjects drawn on one page
	maxOperands  = 1 << 16
)

// maxContent is the bytes of content streams and forms decoded for one
// page: a variable for the fuzz target, which reads with smaller caps so
// that the seeds that reach them (a flate bomb, forms drawing forms) do
// it in a fraction of the time.
var maxContent int64 = 8 << 20

var (
	errForms    = &limitError{fmt.Sprintf("more than %d forms drawn on a page: the rest are not", maxForms)}
	errPageText = &limitError{fmt.Sprintf("page text past %d MiB: the rest is not read", maxPageText>>20)}
)

type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// pageText builds the text of a page (doc/spec.md P4): the strings
// shown in content order, a line break where the text moves to another
// line, a space where it jumps ahead on the same line or changes its
// baseline (a superscript footnote mark before a URI).
type pageText struct {
	d      *doc
	buf    bytes.Buffer
	fcache map[string]*font // direct font dictionaries, by resource name
	fmem   int              // their cost (fontcache.go)
	forms  int
	full   bool
	left   int64 // content bytes the page may still decode (maxContent)

	// Where the last glyph ended, in device space, and the size of its
	// text; have is false before the first glyph.
	ex, ey, lastSize float64
	have             bool
	// ends are where in buf the line breaks are.
	ends []lineEnd
	// lk are the page's links: evidence that a URI the layout cut goes
	// on at the next line (P4a), or the next page (pend, P4b).
	lk   *linkIndex
	pend []pending
}

// lineEnd is a line break in the text: where, and whether the next line
// is far below (a blank line, a heading: more than 1.75 times the text
// size away), where no wrapped URI goes on.
type lineEnd struct {
	at  int
	far bool
}

// gstate is the part of the graphics state text needs.
type gstate struct {
	ctm                        matrix
	font                       *font
	size, tc, tw, tz, tl, rise float64
}

func newPageText(d *doc) *pageText {
	return &pageText{d: d, fcache: map[string]*font{}, left: maxContent}
}

// content returns a reader of content streams of the page (a form, or
// the page's own, joined by line breaks), decoded as the lexer reads
// them (doc/spec.md L10a: no page's content is held whole),
// within what the page may still decode: the page's content streams and
// every form it draws share maxContent, so that nested or repeated forms
// stay linear.
func (p *pageText) content(sts []*stream) *contentReader {
	return &contentReader{p: p, sts: sts}
}

// contentReader reads content streams one after another. Each byte is
// charged to the document's decode budget and twice to its work (the
// decoding, the interpreting: limits.go).
type contentReader struct {
	p    *pageText
	sts  []*stream // the streams not yet opened
	st   *stream   // the stream being read, cur its decoder
	cur  io.Reader
	done func()
	got  int64 // bytes read of st
	sep  bool  // a line break is owed before the next stream
	err  error // what ended the reading early, nil at the end of the last stream
}

func (c *contentReader) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	d := c.p.d
	for c.err == nil {
		if c.cur == nil && !c.open() {
			if c.sep {
				c.sep = false
				b[0] = '\n'
				return 1, nil
			}
			continue
		}
		n, err := c.cur.Read(b)
		c.got += int64(n)
		c.p.left -= int64(n)
		d.budget -= int64(n)
		if werr := d.spend(2 * int64(n)); werr != nil && err == nil {
			err = werr
		}
		if err != nil {
			c.done()
			c.cur, c.sep = nil, true
			if errors.Is(err, errPageContent) || errors.Is(err, errWork) {
				c.err = err
			} else {
				c.err = decodeErr(c.st, err, c.got)
			}
		}
		if n > 0 {
			return n, nil
		}
	}
	if c.err == io.EOF {
		return 0, io.EOF
	}
	return 0, c.err
}

// open opens the next stream (after its line break, when one is owed:
// then it reports false, the break not yet given); at the last it sets
// c.err to io.EOF.
func (c *contentReader) open() bool {
	switch {
	case len(c.sts) == 0:
		c.err, c.sep = io.EOF, false
		return false
	case c.p.left <= 0:
		c.err, c.sep = errPageContent, false
		return false
	case c.sep:
		return false
	}
	c.st, c.sts = c.sts[0], c.sts[1:]
	r, _, done, err := c.p.d.openStream(c.st, true, c.p.left+1)
	if err != nil {
		c.err = err
		return false
	}
	c.cur, c.done, c.got = limit.Reader(r, c.p.left, errPageContent), done, 0
	return true
}

// ended is the error that ended the reading early, nil for none.
func (c *contentReader) ended() error {
	if c.err == io.EOF {
		return nil
	}
	return c.err
}

var errPageContent = &limitError{fmt.Sprintf("page content past %d MiB: the rest is not read", maxContent>>20)}

// run interprets content streams with their resources, as they decode.
func (p *pageText) run(c *contentReader, res dict, gs gstate, depth int, active map[*stream]bool) error {
	// The window is the document's to keep: a page after page of small
	// content allocated 32 KiB each.
	var window []byte
	if n := len(p.d.windows); n > 0 {
		window, p.d.windows = p.d.windows[n-1], p.d.windows[:n-1]
	}
	src := streamSrc(c, window)
	defer func() { p.d.windows = append(p.d.windows, src.buf[:0]) }()
	in := &interp{p: p, l: &lexer{s: src, content: true}, res: res, gs: gs, depth: depth, active: active}
	held := 0 // the cost of the operands in ops
	for {
		v, err := in.l.next()
		if err == nil {
			err = p.d.spend(workToken)
		}
		if err != nil {
			if cerr := c.ended(); cerr != nil {
				return cerr
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		kw, ok := v.(keyword)
		if !ok {
			if len(in.ops) >= maxOperands || held > maxObjectCost {
				in.ops, held = in.ops[:0], 0
			}
			in.ops = append(in.ops, v)
			held += in.l.cost
			continue
		}
		if k := arity(kw); k > 0 && len(in.ops) > k {
			in.ops = in.ops[len(in.ops)-k:] // the operator's own operands are the last
		}
		if err := in.op(kw); err != nil {
			return err
		}
		in.ops, held = in.ops[:0], 0
	}
}

// arity is the number of operands of the operators run reads (ISO
// 32000-1 clause 8.2, 9.3, 9.4): they are the last ones before the
// operator. What comes before them (the operands of an operator a
// producer invented, as "pageresources<<...>>" before a cm) is not
// theirs.
func arity(kw keyword) int {
	switch kw {
	case "cm", "Tm":
		return 6
	case "\"":
		return 3
	case "Tf", "Td", "TD":
		return 2
	case "Tc", "Tw", "Tz", "TL", "Ts", "Tj", "'", "TJ", "Do":
		return 1
	}
	return 0
}

// skipInlineImage passes the data of an inline image, up to "EI".
func skipInlineImage(l *lexer) {
	l.pos++
	for {
		c := l.s.at(l.pos)
		if c < 0 {
			return
		}
		if c == 'E' && l.s.at(l.pos+1) == 'I' && isSpace(l.s.at(l.pos-1)) && !isRegular(l.s.at(l.pos+2)) {
			l.pos += 2
			return
		}
		l.pos++
	}
}

// newBaseline reports whether text at height y in size size stands on
// another baseline than the last glyph's: a footnote mark (smaller, or
// raised far), not a character TeX draws a little up or down in the same
// size ("~" and "_" inside a URI, about 0.2 times the size).
func (p *pageText) newBaseline(y, size, lh float64) bool {
	dy := math.Abs(y - p.ey)
	if dy <= 0.15*lh {
		return false
	}
	sameSize := math.Abs(size-p.lastSize) <= 0.1*math.Max(size, p.lastSize)
	return !sameSize || dy > 0.3*lh
}

// show appends a shown string to the page's text and moves the text
// matrix past it.
func (p *pageText) show(s str, tm *matrix, gs *gstate) {
	if p.full {
		return
	}
	f := gs.font
	if f == nil {
		f = &font{noWidth: true}
	}
	trm := matrix{1, 0, 0, 1, 0, gs.rise}.mul(*tm).mul(gs.ctm) // the text rise lifts the baseline
	x, y := trm[4], trm[5]
	size := gs.size * math.Hypot(trm[2], trm[3])
	if size == 0 {
		size = 1
	}
	if p.have {
		lh := math.Max(math.Min(size, p.lastSize), 1e-3)
		switch {
		case math.Abs(y-p.ey) > 0.5*lh:
			p.nl(math.Abs(y-p.ey) > 1.75*lh)
		case x-p.ex > 0.15*lh || (f.noWidth && x-p.ex > 0.3*lh) || x < p.ex-lh || p.newBaseline(y, size, lh):
			p.sp() // a gap, a step back, or another baseline (a footnote mark)
		}
	}
	for i := 0; i < len(s); {
		var g glyph
		g, i = f.glyphAt(s, i)
		switch t := g.text; {
		case len(t) == 3 && t[0] == 0xef && t[1] == 0xac && t[2] >= 0x80 && t[2] <= 0x86:
			p.buf.WriteString(ligatures[t[2]-0x80]) // U+FB00-FB06
		case t == "\u223c":
			p.buf.WriteByte('~') // TeX's $\sim$, a URI's tilde
		case t == "":
			p.sp() // no text for the glyph: it ends a URI rather than join what is around it
		default:
			p.buf.WriteString(t)
		}
		w := g.width / 1000 * gs.size
		if f.noWidth {
			w = 0.5 * gs.size
		}
		tx := (w + gs.tc) * gs.tz
		if g.space {
			tx += gs.tw * gs.tz
		}
		*tm = matrix{1, 0, 0, 1, tx, 0}.mul(*tm)
		if p.buf.Len() > maxPageText {
			// Within the string, not after it: one string of 4 MiB
			// whose codes each map to a long text would add gigabytes.
			p.full = true
			p.d.capped(errPageText)
			return
		}
	}
	end := matrix{1, 0, 0, 1, 0, gs.rise}.mul(*tm).mul(gs.ctm)
	p.ex, p.ey, p.lastSize, p.have = end[4], end[5], size, true
}

// ligatures are the letters of the typographic ligatures U+FB00-U+FB06,
// read as their letters wherever a font maps a glyph to one (doc/spec.md
// P4a), as a reader searching the page does.
var ligatures = [7]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}

func (p *pageText) nl(far bool) {
	b := p.buf.Bytes()
	if len(b) > 0 && b[len(b)-1] != '\n' && len(p.ends) < maxPageText/8 {
		p.ends = append(p.ends, lineEnd{len(b), far})
		p.buf.WriteByte('\n')
	}
}

func (p *pageText) sp() {
	b := p.buf.Bytes()
	if len(b) > 0 && !strings.ContainsRune(" \n", rune(b[len(b)-1])) {
		p.buf.WriteByte(' ')
	}
}
