package htmlbase

import (
	"bytes"
	"sort"

	"github.com/urix/urix/delimit"
)

// Text joined across inline elements (Options.JoinInline, doc/spec.md H4):
// the text of a paragraph is read as one, as a reader sees it, so that a
// URI split over inline elements (syntax-highlighted code in an EPUB, each
// token its own <span>; a <wbr> inside a long URL) comes out whole, as an
// ODF paragraph's text is joined across its spans.

// maxJoin is how much text is joined at most: past it what is held is
// read, and a text token longer than that is read by itself. maxPieces
// bounds the pieces held alike (a paragraph of one-letter <span>s).
const (
	maxJoin   = 64 << 10
	maxPieces = 4096
)

// joinedElems are the elements text is joined across, with the text they
// stand for: the phrasing elements of HTML that show their text in line,
// but the ones that mark a placeholder or a stressed word (i, em, var: a
// URI's prefix followed by <i>package-name</i> is a template, and what a
// reader sees as a link is the prefix), a <br> a line break.
var joinedElems = map[string]string{
	"a": "", "abbr": "", "b": "", "bdi": "", "bdo": "", "big": "", "cite": "", "code": "",
	"data": "", "del": "", "dfn": "", "font": "", "ins": "", "kbd": "", "mark": "", "nobr": "",
	"q": "", "s": "", "samp": "", "small": "", "span": "", "strike": "", "strong": "",
	"sub": "", "sup": "", "time": "", "tt": "", "u": "", "wbr": "", "br": "\n",
}

// joined is the text held, and where each piece of it comes from.
type joined struct {
	buf    []byte  // the text, references decoded
	pieces []piece // in order of at
	raw    []byte  // the pieces' raw bytes
	segs   []seg   // their references (seg offsets relative to the piece)
	edge   bool    // an element was met since the last text
}

// piece is one text token of the joined text, or what a <br> stands for
// (rawLen 0: every offset in it is the tag's place).
type piece struct {
	at            int // offset in buf
	rawAt, rawLen int // its bytes in raw
	segAt, segLen int // its references in segs
	off           int64
	line, col     int
	element       string
}

// joinTag is called at each tag: an element text is not joined across
// ends the text held; a <br> adds its line break.
func (r *reader) joinTag(name []byte) {
	t, ok := joinedElems[string(name)]
	if !ok {
		r.flushJoin()
		return
	}
	r.join.edge = true
	if t != "" {
		j := r.join
		if len(j.pieces) >= maxPieces {
			r.flushJoin()
		}
		r.tokPos()
		j.pieces = append(j.pieces, piece{at: len(j.buf), off: r.tokOff, line: r.tokLine, col: r.tokCol, element: r.enclosing()})
		j.buf = append(j.buf, t...)
	}
}

// joinText holds the text token raw, in element; false when it is too
// long to hold, and is to be read by itself.
func (r *reader) joinText(raw []byte, element string) bool {
	if len(raw) > maxJoin {
		r.flushJoin()
		return false
	}
	text, segs := raw, []seg(nil)
	if bytes.IndexByte(raw, '&') >= 0 {
		text, segs = r.unescape(raw)
	}
	j := r.join
	// Text that starts with a character outside ASCII right after an
	// element is not joined: in a script written without spaces, a
	// styled URI is followed by a word (<tt>ssh://host/repo</tt>という).
	if len(j.buf)+len(text) > maxJoin || len(j.pieces) >= maxPieces || j.edge && len(text) > 0 && text[0] >= 0x80 {
		r.flushJoin()
	}
	j.edge = false
	r.tokPos()
	j.pieces = append(j.pieces, piece{at: len(j.buf), rawAt: len(j.raw), rawLen: len(raw), segAt: len(j.segs), segLen: len(segs),
		off: r.tokOff, line: r.tokLine, col: r.tokCol, element: element})
	j.raw = append(j.raw, raw...)
	j.segs = append(j.segs, segs...)
	j.buf = append(j.buf, text...)
	return true
}

// flushJoin reads the URIs of the text held, and empties it.
func (r *reader) flushJoin() {
	j := r.join
	if j == nil || len(j.buf) == 0 {
		return
	}
	if r.candidate(j.buf, false) {
		for h := range delimit.All(j.buf, r.opts.Delimit) {
			i, k := j.pieceAt(int(h.Start), false), j.pieceAt(int(h.End), true)
			so, line, col, rs := j.place(i, int(h.Start), false)
			eo, _, _, re := j.place(k, int(h.End), true)
			raw := string(j.buf[h.Start:h.End]) // across pieces: the text as read
			if i == k && j.pieces[i].rawLen > 0 {
				p := j.pieces[i]
				raw = string(j.raw[p.rawAt+rs : p.rawAt+max(re, rs)])
			}
			r.add(Link{
				Ref: h.URI, Raw: raw, Element: j.pieces[i].element,
				Offset: so, End: max(eo, so), Line: line, Col: col,
				Text: true, Kind: h.Kind, Flags: h.Flags,
				SameDocument: h.URI == "" || h.URI[0] == '#',
			})
		}
	}
	j.buf, j.pieces, j.raw, j.segs = j.buf[:0], j.pieces[:0], j.raw[:0], j.segs[:0]
}

// pieceAt returns the index of the piece holding offset k of the text
// (for an end offset, the piece it ends).
func (j *joined) pieceAt(k int, end bool) int {
	i := sort.Search(len(j.pieces), func(i int) bool {
		return j.pieces[i].at > k || end && j.pieces[i].at == k
	})
	return max(i-1, 0)
}

// place returns the input offset, line and column of offset k of the
// text in piece i, and its offset in the piece's raw bytes.
func (j *joined) place(i, k int, end bool) (int64, int, int, int) {
	p := j.pieces[i]
	if p.rawLen == 0 {
		return p.off, p.line, p.col, 0
	}
	raw, segs := j.raw[p.rawAt:p.rawAt+p.rawLen], j.segs[p.segAt:p.segAt+p.segLen]
	d := k - p.at
	if end {
		d = mapEnd(segs, d)
	} else {
		d = mapStart(segs, d)
	}
	d = clamp(d, 0, len(raw))
	line, col := p.line, p.col+d
	if nl := bytes.Count(raw[:d], []byte{'\n'}); nl > 0 {
		line += nl
		col = d - bytes.LastIndexByte(raw[:d], '\n')
	}
	return p.off + int64(d), line, col, d
}
