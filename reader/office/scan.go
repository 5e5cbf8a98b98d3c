package office

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/urix/urix/reader"
)

// scanner is the tokenizer of the XML parts of office packages: start
// tags, end tags and text, streamed through one buffer that holds the
// current token, with their offsets, lines and columns. It does what
// these parts need and no more, several times faster than encoding/xml:
// no namespace is resolved (names are matched as written, "w:t",
// "text:p"), comments, processing instructions and the document type
// declaration are skipped, and of the entities only the five predefined
// ones and character references are expanded, as in encoding/xml's
// non-strict mode (no DTD is read: no external entity, no expansion
// bomb). A tag is held whole up to the token limit (maxTok, the run's
// share of it, doc/spec.md L6); text, CDATA sections included, comes in
// pieces of at most textChunk bytes, never splitting a reference; a
// comment, a processing instruction and a declaration are skipped as
// they are read, never held.
type scanner struct {
	r      io.Reader
	maxTok int // the longest tag held
	buf    []byte
	pos    int   // the next byte of buf to read
	end    int   // buf[:end] holds data
	base   int64 // the part's offset of buf[0]
	eof    bool
	err    error
	// inCDATA: the text being read is a CDATA section's, up to "]]>".
	inCDATA bool

	// Lines: line is the line of offset lineAt, which starts at lineStart.
	line      int
	lineAt    int64
	lineStart int64

	// The current token.
	kind    tokKind
	off     int64  // its offset ('<' of a tag, the first byte of text)
	raw     []byte // a tag from '<' to '>', or the text as written
	name    []byte // a tag's qualified name
	selfEnd bool   // a start tag closed by "/>": its end comes next
	text    []byte // text with its references expanded (raw when there is none)
	pieces  []piece
	dec     []byte
}

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokStart
	tokEnd
	tokText
)

// piece is a stretch of decoded text: at is where it starts in text, off
// where its source starts in the part, exact whether it is written as
// is (else it is one expanded reference).
type piece struct {
	at    int
	off   int64
	exact bool
}

const (
	maxToken  = 16 << 20 // the token limit when the run sets none
	minToken  = 256 << 10
	textChunk = 64 << 10
)

var errTokenTooLarge = errors.New("office: an XML tag over the token limit")

// newScanner returns a scanner of r that holds a tag of at most maxTok
// bytes (maxToken when 0, and never under minToken, which a piece of text
// needs).
func newScanner(r io.Reader, maxTok int) *scanner {
	if maxTok <= 0 {
		maxTok = maxToken
	}
	return &scanner{r: r, maxTok: max(maxTok, minToken), buf: make([]byte, 4<<10), line: 1} // grown as tokens need
}

// tokenLimit is the longest tag a part of the run of s may hold: the
// run's share of the token limit (doc/spec.md L6), as the HTML and XML
// readers hold theirs.
func tokenLimit(s reader.Sink) int {
	return s.Options().MaxToken
}

// fill reads more input after what is held, moving the unread bytes to
// the front of the buffer or growing it; false at the end of input.
func (s *scanner) fill() bool {
	if s.eof {
		return false
	}
	if s.pos > 0 {
		s.countLines(s.base + int64(s.pos))
		n := copy(s.buf, s.buf[s.pos:s.end])
		s.base += int64(s.pos)
		s.end, s.pos = n, 0
	}
	if s.end == len(s.buf) {
		if len(s.buf) >= s.maxTok {
			s.err = fmt.Errorf("%w (%d bytes, doc/spec.md L6)", errTokenTooLarge, s.maxTok)
			s.eof = true
			return false
		}
		nb := make([]byte, min(2*len(s.buf), s.maxTok))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
	for {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.eof = true
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

// countLines moves the line count up to offset off, which must still be
// in the buffer.
func (s *scanner) countLines(off int64) {
	if off <= s.lineAt {
		return
	}
	b := s.buf[s.lineAt-s.base : off-s.base]
	if n := bytes.Count(b, []byte{'\n'}); n > 0 {
		s.line += n
		s.lineStart = s.lineAt + int64(bytes.LastIndexByte(b, '\n')) + 1
	}
	s.lineAt = off
}

// at returns the line and column (in bytes, from 1) of offset off, at or
// after the current token's start.
func (s *scanner) at(off int64) (int, int) {
	if off < s.lineAt { // back inside the current token
		n := bytes.Count(s.buf[off-s.base:s.lineAt-s.base], []byte{'\n'})
		if n == 0 {
			return s.line, int(off-s.lineStart) + 1
		}
		ls := s.base + int64(bytes.LastIndexByte(s.buf[:off-s.base], '\n')) + 1
		return s.line - n, int(off-ls) + 1
	}
	s.countLines(off)
	return s.line, int(off-s.lineStart) + 1
}

// find returns the index, from pos, of sep in the held input, reading on
// as needed; -1 at the end of input.
func (s *scanner) find(from int, sep string) int {
	for {
		if i := bytes.Index(s.buf[s.pos+from:s.end], []byte(sep)); i >= 0 {
			return from + i
		}
		if k := s.end - s.pos - len(sep) + 1; k > from {
			from = k
		}
		if !s.fill() {
			return -1
		}
	}
}

// next reads the next token; tokEOF at the end of input or on an error
// (s.err).
func (s *scanner) next() tokKind {
	if s.selfEnd {
		s.selfEnd = false
		s.kind = tokEnd
		return tokEnd
	}
	if s.inCDATA {
		return s.readCDATA()
	}
	for {
		if s.pos >= s.end && !s.fill() {
			s.kind = tokEOF
			return tokEOF
		}
		if s.buf[s.pos] != '<' {
			return s.readText()
		}
		for s.end-s.pos < 9 && s.fill() {
		}
		rest := s.buf[s.pos:s.end]
		switch {
		case bytes.HasPrefix(rest, []byte("</")):
			i := s.find(2, ">")
			if i < 0 {
				return s.truncated()
			}
			s.tag(i + 1)
			s.name = tagName(s.raw[2:])
			s.kind = tokEnd
			return tokEnd
		case bytes.HasPrefix(rest, []byte("<?")):
			if !s.skipPast(2, "?>") {
				return s.truncated()
			}
		case bytes.HasPrefix(rest, []byte("<!--")):
			if !s.skipPast(4, "-->") { // "<!-->" does not end itself
				return s.truncated()
			}
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			s.pos += 9
			s.inCDATA = true
			return s.readCDATA()
		case bytes.HasPrefix(rest, []byte("<!")):
			if !s.skipDecl() {
				return s.truncated()
			}
		default:
			i := s.tagEnd()
			if i < 0 {
				return s.truncated()
			}
			s.tag(i + 1)
			s.name = tagName(s.raw[1:])
			s.selfEnd = len(s.raw) >= 2 && s.raw[len(s.raw)-2] == '/'
			s.kind = tokStart
			return tokStart
		}
	}
}

func (s *scanner) truncated() tokKind {
	if s.err == nil {
		s.err = io.ErrUnexpectedEOF
	}
	s.kind = tokEOF
	return tokEOF
}

// tag makes the n bytes at pos the current token.
func (s *scanner) tag(n int) {
	s.off = s.base + int64(s.pos)
	s.raw = s.buf[s.pos : s.pos+n]
	s.pos += n
}

// skipPast moves pos past the first sep at or after index from of pos,
// letting go of the bytes before it as it reads on: a comment or a
// processing instruction is never held. False at the end of input.
func (s *scanner) skipPast(from int, sep string) bool {
	for {
		if i := bytes.Index(s.buf[s.pos+from:s.end], []byte(sep)); i >= 0 {
			s.pos += from + i + len(sep)
			return true
		}
		// sep may start in the last len(sep)-1 bytes: those are kept.
		if k := s.end - len(sep) + 1; k > s.pos+from {
			s.pos, from = k, 0
		}
		if !s.fill() {
			return false
		}
	}
}

// readCDATA reads the text of a CDATA section up to its "]]>", a piece
// of at most textChunk bytes at a time, as readText reads text.
func (s *scanner) readCDATA() tokKind {
	i, from := -1, 0
	for {
		// Only a piece's worth is looked at: the buffer may be large.
		lim := min(s.end, s.pos+textChunk+3)
		if k := bytes.Index(s.buf[s.pos+from:lim], []byte("]]>")); k >= 0 {
			i = from + k
			break
		}
		from = max(from, lim-s.pos-2)
		if s.end-s.pos >= textChunk+2 {
			break // a piece's worth, and the "]]" an end may start with
		}
		if !s.fill() {
			return s.truncated()
		}
	}
	n := textChunk
	if i >= 0 {
		n = i
	}
	s.off = s.base + int64(s.pos)
	s.raw = s.buf[s.pos : s.pos+n]
	s.text = s.raw
	s.pieces = append(s.pieces[:0], piece{off: s.off, exact: true})
	s.pos += n
	if n == i {
		s.pos += 3
		s.inCDATA = false
	}
	s.kind = tokText
	return tokText
}

// skipDecl skips a <!DOCTYPE ...> with its internal subset, as
// encoding/xml does: the byte after "<!" is taken whatever it is, then
// angle brackets nest, quoted ones do not count, and comments inside are
// skipped.
func (s *scanner) skipDecl() bool {
	var quote byte
	depth := 0
	for i := 3; ; i++ {
		for s.pos+i >= s.end {
			// What is read of the declaration is let go, not held.
			d := min(i, s.end-s.pos)
			s.pos += d
			i -= d
			if !s.fill() {
				return false
			}
		}
		c := s.buf[s.pos+i]
		switch {
		case quote == 0 && c == '>' && depth == 0:
			s.pos += i + 1
			return true
		case c == quote:
			quote = 0
		case quote != 0:
		case c == '\'' || c == '"':
			quote = c
		case c == '>':
			depth--
		case c == '<':
			for s.pos+i+4 > s.end && s.fill() {
			}
			if !bytes.HasPrefix(s.buf[s.pos+i+1:s.end], []byte("!--")) {
				depth++
				continue
			}
			if !s.skipPast(i+4, "-->") {
				return false
			}
			i = -1 // pos is past the comment
		}
	}
}

// tagEnd returns the index from pos of the '>' that ends the start tag at
// pos, quoted values skipped; -1 at the end of input.
func (s *scanner) tagEnd() int {
	i := 1
	for {
		j := bytes.IndexAny(s.buf[s.pos+i:s.end], "\"'>")
		if j < 0 {
			i = s.end - s.pos
			if !s.fill() {
				return -1
			}
			continue
		}
		i += j
		c := s.buf[s.pos+i]
		if c == '>' {
			return i
		}
		k := s.find(i+1, string(c))
		if k < 0 {
			return -1
		}
		i = k + 1
	}
}

// tagName returns the name at the start of b.
func tagName(b []byte) []byte {
	for i, c := range b {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '/' || c == '>' {
			return b[:i]
		}
	}
	return b
}

// local returns a qualified name's local part.
func local(name []byte) []byte {
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// readText reads text up to the next '<', or a piece of it.
func (s *scanner) readText() tokKind {
	// Only a piece's worth is looked at: the buffer may be large.
	i, from := -1, 0
	for {
		lim := min(s.end, s.pos+textChunk)
		if k := bytes.IndexByte(s.buf[s.pos+from:lim], '<'); k >= 0 {
			i = from + k
			break
		}
		from = lim - s.pos
		if s.end-s.pos >= textChunk || !s.fill() {
			break
		}
	}
	if i < 0 {
		i = min(s.end-s.pos, textChunk)
		// Not in the middle of a reference.
		if a := bytes.LastIndexByte(s.buf[s.pos:s.pos+i], '&'); a > 0 && bytes.IndexByte(s.buf[s.pos+a:s.pos+i], ';') < 0 {
			i = a
		}
	}
	s.off = s.base + int64(s.pos)
	s.raw = s.buf[s.pos : s.pos+i]
	s.pos += i
	s.kind = tokText
	s.decode()
	return tokText
}

// decode expands the references of the raw text into text and pieces.
func (s *scanner) decode() {
	s.pieces = append(s.pieces[:0], piece{off: s.off, exact: true})
	raw := s.raw
	amp := bytes.IndexByte(raw, '&')
	if amp < 0 {
		s.text = raw
		return
	}
	d := s.dec[:0]
	last := 0
	for amp >= 0 {
		i := last + amp
		semi := bytes.IndexByte(raw[i:min(len(raw), i+12)], ';')
		var r []byte
		if semi > 1 {
			r = expand(raw[i+1 : i+semi])
		}
		if r == nil { // not a reference: '&' as written
			d = append(d, raw[last:i+1]...)
			last = i + 1
		} else {
			d = append(d, raw[last:i]...)
			s.pieces = append(s.pieces, piece{at: len(d), off: s.off + int64(i)})
			d = append(d, r...)
			last = i + semi + 1
			s.pieces = append(s.pieces, piece{at: len(d), off: s.off + int64(last), exact: true})
		}
		amp = bytes.IndexByte(raw[last:], '&')
	}
	d = append(d, raw[last:]...)
	s.dec = d
	s.text = d
}
