package xml

import (
	"bytes"
	"io"
)

// This file cuts the text of an element that collects its text (an HTML
// or link element, xmlElem.text) or skips it into pieces of at most
// textPiece bytes. A text token ends at the next '<' and a CDATA section
// at its "]]>": an Atom content of escaped HTML, or an RSS description in
// CDATA, puts that megabytes away, and the tokenizer held it all, twice
// (the input and the decoded text). charData joins the pieces again, and
// a long HTML text is read as it comes (htmlstream.go). Prose is still
// read a whole token at a time, so that no hit is cut (delimit).

// textPiece is the most a text or CDATA token of such an element holds
// (a variable: the fuzz test cuts a few bytes a piece).
var textPiece int64 = 64 << 10

// pieceEnd returns where a text or CDATA token at p is cut at the latest
// (p + textPiece), or -1 when the open element's text is prose.
func (x *xmlReader) pieceEnd(p int64) int64 {
	if n := len(x.stack); n == 0 || x.stack[n-1].text == 0 {
		return -1
	}
	return p + textPiece
}

// textTok reads the text token at p, up to the next '<' or, before that,
// a cut near lim (cutAt); lim < 0: no cut.
func (x *xmlReader) textTok(p, lim int64) (xmlTok, error) {
	s := x.src
	var e int64
	if lim < 0 {
		e = s.indexByte(p, '<')
	} else {
		e = s.indexByteBefore(p, '<', lim)
	}
	if e < 0 {
		if s.err != nil && s.err != io.EOF {
			return xmlTok{}, s.err
		}
		e = s.n
		if lim >= 0 && lim <= s.n { // not the end of the input: a cut
			e = p + int64(cutAt(s.bytes(p, lim), true))
		}
	}
	return xmlTok{kind: 't', start: p, end: e}, nil
}

// cdataTok reads the CDATA section at p, from its "<![CDATA[" or, when
// x.inCDATA, from where the last piece of it ended, up to its "]]>" or
// a cut near lim (cutAt; lim < 0: no cut).
func (x *xmlReader) cdataTok(p, lim int64) (xmlTok, error) {
	s := x.src
	head := len("<![CDATA[")
	if x.inCDATA {
		head = 0
	}
	from := p + int64(head)
	var e int64
	if lim < 0 {
		e = s.index(from, []byte("]]>"))
	} else {
		e = s.indexBefore(from, []byte("]]>"), max(lim, from))
	}
	if e >= 0 {
		x.inCDATA = false
		return xmlTok{kind: 'c', start: p, end: e + 3, head: head, tail: 3}, nil
	}
	if lim < 0 || s.n <= lim {
		x.inCDATA = false
		return xmlTok{}, x.syntaxError(p, "unexpected end of input in CDATA section")
	}
	x.inCDATA = true
	return xmlTok{kind: 'c', start: p, end: from + int64(cutAt(s.bytes(from, lim), false)), head: head}, nil
}

// cutAt returns where a piece of text whose bytes up to the cut are b
// ends: len(b), or before a carriage return at its end (its line feed
// may follow: the two are one line break), and in a text token (refs)
// before the first '&' of its last maxRef-1 bytes that no ';' follows in
// it: a reference the cut would split (xmlEntity reads one only up to
// its ';' within maxRef bytes, so one that starts earlier is whole).
func cutAt(b []byte, refs bool) int {
	k := len(b)
	if k > 1 && b[k-1] == '\r' {
		k--
	}
	if refs {
		for j := max(1, k-(maxRef-1)); j < k; j++ {
			if b[j] == '&' && bytes.IndexByte(b[j:k], ';') < 0 {
				return j
			}
		}
	}
	return k
}

// indexByteBefore is indexByte for a c before offset lim: -1 when there
// is none before it (or before the end of the input).
func (s *xmlSource) indexByteBefore(off int64, c byte, lim int64) int64 {
	for {
		if off < s.n {
			end := min(s.n, lim)
			if k := bytes.IndexByte(s.buf[off-s.base:end-s.base], c); k >= 0 {
				return off + int64(k)
			}
			off = end
		}
		if off >= lim || !s.fill() {
			return -1
		}
	}
}

// indexBefore is index for a sep that starts before offset lim.
func (s *xmlSource) indexBefore(off int64, sep []byte, lim int64) int64 {
	for {
		if off < s.n {
			end := min(s.n, lim+int64(len(sep))-1)
			if k := bytes.Index(s.buf[off-s.base:end-s.base], sep); k >= 0 {
				return off + int64(k)
			}
			if end == lim+int64(len(sep))-1 {
				return -1
			}
			off = max(off, s.n-int64(len(sep))+1)
		}
		if !s.fill() {
			return -1
		}
	}
}
