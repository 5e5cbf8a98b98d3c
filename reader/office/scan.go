package office

import (
	"bytes"
	"errors"
	"io"
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
// bomb). A token, text excepted, is held whole up to maxToken; text
// comes in pieces of at most textChunk bytes, never splitting a
// reference.
type scanner struct {
	r    io.Reader
	buf  []byte
	pos  int   // the next byte of buf to read
	end  int   // buf[:end] holds data
	base int64 // the part's offset of buf[0]
	eof  bool
	err  error

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
	maxToken  = 16 << 20
	textChunk = 64 << 10
)

var errTokenTooLarge = errors.New("office: an XML tag larger than 16 MiB")

func newScanner(r io.Reader) *scanner {
	return &scanner{r: r, buf: make([]byte, 4<<10), line: 1} // grown as tokens need
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
		if len(s.buf) >= maxToken {
			s.err = errTokenTooLarge
			s.eof = true
			return false
		}
		nb := make([]byte, 2*len(s.buf))
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
			if !s.skip("?>") {
				return s.truncated()
			}
		case bytes.HasPrefix(rest, []byte("<!--")):
			i := s.find(4, "-->") // "<!-->" does not end itself
			if i < 0 {
				return s.truncated()
			}
			s.pos += i + 3
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			i := s.find(9, "]]>")
			if i < 0 {
				return s.truncated()
			}
			s.off = s.base + int64(s.pos)
			s.raw = s.buf[s.pos+9 : s.pos+i]
			s.text = s.raw
			s.pieces = append(s.pieces[:0], piece{off: s.off})
			s.pos += i + 3
			s.kind = tokText
			return tokText
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

func (s *scanner) skip(sep string) bool {
	i := s.find(2, sep)
	if i < 0 {
		return false
	}
	s.pos += i + len(sep)
	return true
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
			k := s.find(i+4, "-->")
			if k < 0 {
				return false
			}
			i = k + 2
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
	i := bytes.IndexByte(s.buf[s.pos:s.end], '<')
	for i < 0 && s.end-s.pos < textChunk && s.fill() {
		i = bytes.IndexByte(s.buf[s.pos:s.end], '<')
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
