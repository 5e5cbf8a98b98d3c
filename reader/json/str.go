package json

import (
	"bytes"
	"unicode/utf8"
	"unsafe"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/internal/hex"
	"github.com/urix/urix/reader"
)

// A string's raw bytes (what stands between its quotes in the file) are
// decoded as RFC 8259 §7 says: the two-character escapes, \uXXXX, and a
// surrogate pair as one character. What is not valid JSON is kept as
// written: an unknown escape ("\x") stays two bytes, a lone surrogate
// becomes U+FFFD. The decoded text is what the text rules read; a walker
// maps its offsets back onto the raw bytes (doc/spec.md JS1).

// unesc decodes the escape at raw[i] (a backslash), appending what it
// stands for to dst, and returns the raw length; 0 when the escape is cut
// by the end of raw and more of the string may come (!final).
func unesc(dst, raw []byte, i int, final bool) ([]byte, int) {
	if i+1 >= len(raw) {
		if !final {
			return dst, 0
		}
		return append(dst, '\\'), 1
	}
	switch c := raw[i+1]; c {
	case '"', '\\', '/':
		return append(dst, c), 2
	case 'b':
		return append(dst, '\b'), 2
	case 'f':
		return append(dst, '\f'), 2
	case 'n':
		return append(dst, '\n'), 2
	case 'r':
		return append(dst, '\r'), 2
	case 't':
		return append(dst, '\t'), 2
	case 'u':
		r, ok, cut := hex4(raw, i+2)
		if cut && !final {
			return dst, 0
		}
		if !ok {
			return append(dst, raw[i:i+2]...), 2
		}
		switch {
		case 0xd800 <= r && r < 0xdc00:
			if i+12 > len(raw) && !final {
				return dst, 0
			}
			if i+12 <= len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
				if lo, ok, _ := hex4(raw, i+8); ok && 0xdc00 <= lo && lo < 0xe000 {
					return utf8.AppendRune(dst, 0x10000+(r-0xd800)<<10+(lo-0xdc00)), 12
				}
			}
			return utf8.AppendRune(dst, utf8.RuneError), 6
		case 0xdc00 <= r && r < 0xe000:
			return utf8.AppendRune(dst, utf8.RuneError), 6
		}
		return utf8.AppendRune(dst, r), 6
	}
	return append(dst, raw[i:i+2]...), 2
}

// hex4 reads four hex digits at raw[i]; cut says raw ended first.
func hex4(raw []byte, i int) (r rune, ok, cut bool) {
	for k := i; k < i+4; k++ {
		if k >= len(raw) {
			return 0, false, true
		}
		v, ok := hex.Digit(raw[k])
		if !ok {
			return 0, false, false
		}
		r = r<<4 | rune(v)
	}
	return r, true, false
}

// decode appends the decoded form of raw to dst and returns it with the
// number of raw bytes decoded (all of raw unless !final and an escape is
// cut at its end).
func decode(dst, raw []byte, final bool) ([]byte, int) {
	i := 0
	for i < len(raw) {
		j := bytes.IndexByte(raw[i:], '\\')
		if j < 0 {
			dst = append(dst, raw[i:]...)
			return dst, len(raw)
		}
		dst = append(dst, raw[i:i+j]...)
		i += j
		var n int
		if dst, n = unesc(dst, raw, i, final); n == 0 {
			break
		}
		i += n
	}
	return dst, i
}

// cursor is a place in the content's stream: byte offset, and the line
// it is on with that line's first offset.
type cursor struct {
	off       int64
	line      int
	lineStart int64
}

func (c cursor) col() int { return int(c.off-c.lineStart) + 1 }

// walker walks a string's raw bytes and its decoded text together, from
// the cursor of raw[0], to map offsets in the text onto the stream.
type walker struct {
	raw   []byte
	r, d  int // raw and decoded offsets walked to
	at    cursor
	noLFs bool // raw has no line feed: none to count
}

// to walks to decoded offset d; with over, past an escape whose decoded
// bytes hold d, else it stops before one.
func (w *walker) to(d int, over bool) {
	for w.d < d && w.r < len(w.raw) {
		if w.raw[w.r] != '\\' {
			// Bytes up to the next escape stand for themselves.
			n := min(d-w.d, len(w.raw)-w.r)
			if k := bytes.IndexByte(w.raw[w.r:w.r+n], '\\'); k >= 0 {
				n = k
			}
			w.step(n, n)
			continue
		}
		if w.r+1 < len(w.raw) && oneByte[w.raw[w.r+1]] {
			w.step(2, 1) // "\/", "\n": one byte, which d cannot be inside
			continue
		}
		var tmp [8]byte
		out, n := unesc(tmp[:0], w.raw, w.r, true)
		if n == len(out) {
			w.step(1, 1) // kept as written ("\x"): byte for byte
			continue
		}
		if !over && w.d+len(out) > d {
			return
		}
		w.step(n, len(out))
	}
}

// oneByte marks the bytes after a backslash that make an escape of two
// raw bytes standing for one (RFC 8259 §7).
var oneByte = func() (t [256]bool) {
	for _, c := range []byte(`"\/bfnrt`) {
		t[c] = true
	}
	return t
}()

// step moves by n raw bytes standing for dn decoded ones, counting the
// raw line breaks among them.
func (w *walker) step(n, dn int) {
	if seg := w.raw[w.r : w.r+n]; !w.noLFs && bytes.IndexByte(seg, '\n') >= 0 {
		w.at.line += bytes.Count(seg, []byte{'\n'})
		w.at.lineStart = w.at.off + int64(bytes.LastIndexByte(seg, '\n')) + 1
	}
	w.r += n
	w.d += dn
	w.at.off += int64(n)
}

// overlap is how much of a long string's text is scanned again with the
// next piece: more than the longest hit, so that a hit cut by the end of
// a piece is found whole in the next (doc/spec.md L4).
const overlap = delimit.MaxHit + 4<<10

// chunkMax is the raw size from which a long string is read in pieces.
const chunkMax = 256 << 10

// textState is the string being read by the text rules: its raw bytes
// not yet read (when it came in pieces) and the cursor of their start.
type textState struct {
	buf []byte
	at  cursor
	dec []byte
	sc  delimit.Scanner // reads dec (or the raw bytes), reset per string
	// tab is the escapes of a whole string on one line, which dec holds
	// decoded, when tabbed (decodeTab).
	tab    escTab
	tabbed bool
}

// textPiece passes raw bytes of a string to the text rules; final says
// the string ends with them.
func (r *jreader) textPiece(raw []byte, final bool) {
	t := &r.text
	if len(t.buf) == 0 && final {
		r.process(raw, true)
		return
	}
	t.buf = append(t.buf, raw...)
	if final {
		r.process(t.buf, true)
		t.buf = t.buf[:0]
		return
	}
	for len(t.buf) >= chunkMax {
		k := r.process(t.buf[:chunkMax], false) // pieces of one size: the same hits however the input was read
		t.buf = t.buf[:copy(t.buf, t.buf[k:])]
	}
}

// process reads the text of raw, which starts at r.text.at, with delimit
// and reports its hits. Unless final (more of the string follows), it
// reads only the hits that start before a cut near the end, and returns
// how many raw bytes it is done with (the cursor moves there): the rest
// is read again with what follows.
func (r *jreader) process(raw []byte, final bool) int {
	dec, used := raw, len(raw)
	if final && !r.colon {
		return len(raw) // no hit without a colon (delimit.MayHold)
	}
	r.text.tabbed = false
	switch {
	case r.esc && final && !r.nl:
		// A whole string on one line: its escapes kept for reportText.
		dec = decodeTab(r.text.dec, raw, &r.text.tab)
		r.text.dec, r.text.tabbed = dec, !r.text.tab.over
	case r.esc:
		dec, used = decode(r.text.dec[:0], raw, final)
		r.text.dec = dec
	}
	cut := len(dec)
	if !final {
		cut = cutAt(dec)
	}
	w := walker{raw: raw[:used], at: r.text.at, noLFs: !r.nl}
	if r.colon || delimit.MayHold(dec, r.opts.Delimit) {
		// One Scanner for every string, its hits sharing dec where the
		// sink allows (reader.Options.Borrow), no line counted (the
		// walker places the hits): no allocation per string (doc/spec.md PF3).
		o := r.opts.Delimit
		o.NoLines, o.Borrow = true, r.opts.Borrow
		if final {
			if h, ok := delimit.Whole(dec, o); ok {
				r.reportText(&w, h) // the string is one URI: no Scanner
				return len(raw)
			}
		}
		sc := &r.text.sc
		for sc.ResetBytes(dec, o); sc.Scan(); {
			h := sc.Hit()
			if !final && int(h.Start) >= cut {
				break
			}
			r.reportText(&w, h)
			if e := int(h.End); e > cut {
				cut = e
				if h.Flags&delimit.Truncated != 0 {
					cut = nextSpace(dec, e) // the rest of the run is not a new hit
				}
			}
		}
	}
	if final {
		return len(raw)
	}
	w.to(cut, true)
	r.text.at = w.at
	return w.r
}

// cutAt returns where the scan of a piece of a long string's text stops:
// after a white space in the last overlap..overlap+4 KiB bytes, or at
// len(dec)-overlap.
func cutAt(dec []byte) int {
	end := len(dec) - overlap
	if end <= 0 {
		return len(dec)
	}
	for k := end; k > max(0, end-4<<10); k-- {
		if isSpace(dec[k-1]) {
			return k
		}
	}
	return end
}

// nextSpace returns the offset of the first white space at or after i,
// len(b) when there is none.
func nextSpace(b []byte, i int) int {
	for ; i < len(b); i++ {
		if isSpace(b[i]) {
			return i
		}
	}
	return len(b)
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' }

// reportText reports a delimit hit of a string's text, at its place in
// the raw file: offsets into the JSON as written, Raw the bytes there.
func (r *jreader) reportText(w *walker, h delimit.Hit) {
	if !r.esc && !r.nl {
		// The text is the raw bytes, on one line: no walk.
		a, e := w.at, w.at
		a.off += h.Start
		e.off += h.End
		r.hit.Set(r.c, h.Kind.String(), h.URI, h.Raw, spanOf(a, e), h.Flags)
		r.emit(r.base, false)
		return
	}
	if r.text.tabbed {
		// No line break, and the table maps the offsets: no walk.
		t := &r.text.tab
		rs, re := t.rawOf(int(h.Start), false), t.rawOf(int(h.End), true)
		a, e := w.at, w.at
		a.off += int64(rs)
		e.off += int64(re)
		r.hitAt(h, w.raw[rs:re], a, e)
		return
	}
	w.to(int(h.Start), false)
	e := *w
	e.to(int(h.End), true)
	r.hitAt(h, w.raw[w.r:e.r], w.at, e.at)
}

// hitAt reports the delimit hit h of a string with escapes, whose raw
// bytes b are from cursor a to cursor e.
func (r *jreader) hitAt(h delimit.Hit, b []byte, a, e cursor) {
	raw := h.URI // most often the same bytes: no copy
	switch {
	case string(b) == raw:
	case h.Flags&delimit.Borrowed != 0 && len(b) > 0:
		raw = unsafe.String(&b[0], len(b)) // the raw bytes, as the URI shares dec
	default:
		raw = string(b)
	}
	r.hit.Set(r.c, h.Kind.String(), h.URI, raw, spanOf(a, e), h.Flags)
	r.emit(r.base, false)
}

// spanOf is the span from cursor a to cursor b.
func spanOf(a, b cursor) reader.Span {
	return reader.Span{Line: a.line, Col: a.col(), EndLine: b.line, EndCol: b.col(), Start: a.off, End: b.off}
}
