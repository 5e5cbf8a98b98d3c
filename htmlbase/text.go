package htmlbase

import (
	"bytes"
	"sort"

	"golang.org/x/net/html"

	"github.com/urix/urix/delimit"
)

// text handles a text token: the contents of a raw-text element (rawElem,
// named rawName) or ordinary text (H4).
func (r *reader) text(raw []byte, rawElem elem, rawName string) {
	decode := true
	switch rawElem {
	case eScript, eIframe, eNoembed, eNoframes:
		return
	case eStyle:
		r.styleText(raw, false)
		return
	case eXmp, ePlaintext:
		decode = false
	}
	if n := len(r.stack); n > 0 && r.stack[n-1].ns == nsSVG && r.stack[n-1].name == "style" {
		// An SVG <style> holds markup, read as CSS (H3): character
		// references decoded, but in a CDATA section.
		if r.template == 0 {
			r.styleText(raw, !bytes.HasPrefix(raw, []byte("<![CDATA[")))
		}
		return
	}
	if r.join != nil && decode && r.template == 0 && r.joinText(raw, r.enclosing()) {
		return
	}
	if r.template > 0 || !r.candidate(raw, decode) {
		return
	}
	element := rawName
	if element == "" {
		element = r.enclosing()
	}
	text, segs := raw, []seg(nil)
	if decode && bytes.IndexByte(raw, '&') >= 0 {
		text, segs = r.unescape(raw)
	}
	// A hit at a time (delimit.All): a text run of URIs holds no list of
	// them all (a 4 MB one held 72 MiB so).
	var cur cursor
	placed := false
	for h := range delimit.All(text, r.opts.Delimit) {
		if !placed {
			cur, placed = r.newCursor(raw), true
		}
		start := clamp(mapStart(segs, int(h.Start)), 0, len(raw))
		end := clamp(mapEnd(segs, int(h.End)), start, len(raw))
		line, col := cur.pos(start)
		r.add(Link{
			Ref: h.URI, Raw: string(raw[start:end]), Element: element,
			Offset: r.tokOff + int64(start), End: r.tokOff + int64(end),
			Line: line, Col: col,
			Text: true, Kind: h.Kind, Flags: h.Flags,
			SameDocument: h.URI == "" || h.URI[0] == '#',
		})
	}
}

// candidate is a cheap test that text may hold a hit: every URI has a ':'
// (abbreviated ones a '.'), possibly written as an entity.
func (r *reader) candidate(raw []byte, decode bool) bool {
	if bytes.IndexByte(raw, ':') >= 0 {
		return true
	}
	if r.opts.Delimit.Abbrev && bytes.IndexByte(raw, '.') >= 0 {
		return true
	}
	return decode && bytes.IndexByte(raw, '&') >= 0
}

// styleText reports the URLs of the CSS in a <style> element, each at its
// own position; decode: its character references are decoded first (an
// SVG <style>).
func (r *reader) styleText(raw []byte, decode bool) {
	cur := r.newCursor(raw)
	css, segs := raw, []seg(nil)
	if decode && bytes.IndexByte(raw, '&') >= 0 {
		css, segs = r.unescape(raw)
	}
	r.css.scan(css, func(u []byte, start, end int) {
		u = cleanValue(u, &r.buf)
		start = clamp(mapStart(segs, start), 0, len(raw))
		end = clamp(mapEnd(segs, end), start, len(raw))
		line, col := cur.pos(start)
		r.add(Link{
			Ref: string(u), Raw: string(raw[start:end]), Element: "style",
			Offset: r.tokOff + int64(start), End: r.tokOff + int64(end),
			Line: line, Col: col,
			SameDocument: sameDocument(u),
		})
	})
}

// seg maps one decoded character reference: decoded bytes [dec, decEnd)
// came from raw bytes [raw, rawEnd).
type seg struct {
	dec, decEnd, raw, rawEnd int
}

// unescape decodes the character references of text raw, recording in
// r.segs where each came from.
func (r *reader) unescape(raw []byte) ([]byte, []seg) {
	out, segs := r.txt[:0], r.segs[:0]
	i := 0
	for {
		j := bytes.IndexByte(raw[i:], '&')
		if j < 0 {
			out = append(out, raw[i:]...)
			break
		}
		j += i
		out = append(out, raw[i:j]...)
		k := entityEnd(raw, j)
		if k == j+1 {
			out = append(out, '&')
			i = k
			continue
		}
		d := len(out)
		out = appendEntity(out, raw[j:k])
		segs = append(segs, seg{d, len(out), j, k})
		i = k
	}
	r.txt, r.segs = out, segs
	return out, segs
}

// entityEnd returns the end of the character reference candidate starting
// with the '&' at raw[j], or j+1 when there is none.
func entityEnd(raw []byte, j int) int {
	k := j + 1
	if k < len(raw) && raw[k] == '#' {
		k++
		hex := k < len(raw) && (raw[k] == 'x' || raw[k] == 'X')
		if hex {
			k++
		}
		d := k
		for k < len(raw) && (isDigit(raw[k]) || hex && isHex(raw[k])) {
			k++
		}
		if k == d {
			return j + 1
		}
	} else {
		d := k
		for k < len(raw) && k-d < 40 && isAlnum(raw[k]) {
			k++
		}
		if k == d {
			return j + 1
		}
	}
	if k < len(raw) && raw[k] == ';' {
		k++
	}
	return k
}

// appendEntity appends the decoding of the character reference ent.
func appendEntity(out, ent []byte) []byte {
	switch string(ent) {
	case "&lt;":
		return append(out, '<')
	case "&gt;":
		return append(out, '>')
	case "&amp;":
		return append(out, '&')
	case "&quot;":
		return append(out, '"')
	case "&#39;", "&apos;":
		return append(out, '\'')
	case "&nbsp;":
		return append(out, "\u00a0"...)
	}
	return append(out, html.UnescapeString(string(ent))...)
}

// mapStart maps a start offset in decoded text to the raw text.
func mapStart(segs []seg, p int) int {
	k := sort.Search(len(segs), func(i int) bool { return segs[i].dec > p }) // after the last seg with dec <= p
	if k == 0 {
		return p
	}
	s := segs[k-1]
	if p < s.decEnd {
		return s.raw
	}
	return s.rawEnd + p - s.decEnd
}

// mapEnd maps an end offset (exclusive) in decoded text to the raw text.
func mapEnd(segs []seg, p int) int {
	k := sort.Search(len(segs), func(i int) bool { return segs[i].dec >= p }) // after the last seg with dec < p
	if k == 0 {
		return p
	}
	s := segs[k-1]
	if p <= s.decEnd {
		return s.rawEnd
	}
	return s.rawEnd + p - s.decEnd
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isAlnum(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func clamp(v, lo, hi int) int {
	return max(lo, min(v, hi))
}

// cursor turns byte offsets inside one token into line and column,
// counting newlines only from the previous offset when offsets come in
// increasing order, so that many hits in one long text stay linear.
type cursor struct {
	raw             []byte
	line0, lineAt0  int // line of the token start, and where that line starts (<= 0: in an earlier token)
	p, line, lineAt int // offset p is on line, which starts at offset lineAt
}

// newCursor returns a cursor over the current token raw.
func (r *reader) newCursor(raw []byte) cursor {
	r.tokPos()
	at := 1 - r.tokCol
	return cursor{raw: raw, line0: r.tokLine, lineAt0: at, line: r.tokLine, lineAt: at}
}

// pos returns line and column of byte p of the token.
func (c *cursor) pos(p int) (line, col int) {
	if p < c.p {
		c.p, c.line, c.lineAt = 0, c.line0, c.lineAt0
	}
	seg := c.raw[c.p:p]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		c.line += n
		c.lineAt = c.p + bytes.LastIndexByte(seg, '\n') + 1
	}
	c.p = p
	return c.line, p - c.lineAt + 1
}
