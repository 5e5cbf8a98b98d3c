package extract

// Mail (SPEC §4 M1–M6, §5 B1): RFC 5322 messages, MIME entities and mbox
// files, read as a stream of lines.
//
// The reader never holds a whole message: it walks the MIME structure line
// by line (lineSource), hands each text part's body to delimit or htmlbase
// through a chain of streaming decoders (transfer encoding, charset,
// format=flowed), and skips the bodies of other parts. Memory is bounded by
// one header block (maxHeader) and the buffers of the decoders, whatever the
// size of the message or mbox.
//
// The multipart splitter is our own rather than mime/multipart: it must know
// where each part starts in the file (positions point into the file as
// stored), and it must survive damage (a wrong or missing boundary, a
// truncated message) without losing the rest of the input. Header fields are
// split by hand for the same reasons (net/textproto rejects a whole header
// block over one bad line and forgets positions); their values go through
// package mime (ParseMediaType, WordDecoder).
//
// text/html (and application/xhtml+xml) parts go to htmlbase, every other
// text/* part to delimit: RFC 2046 4.1.4 has unrecognized text subtypes
// read as text/plain (the Git howto mails are text/asciidoc). Parts of
// other types are skipped, except message/rfc822 (also message/global and
// message/news), read as messages, and multipart/*, walked.
//
// # Part numbers
//
// Parts are numbered like IMAP section numbers (RFC 3501 6.4.5): the
// children of a multipart are 1, 2, 3...; the children of part 2, when it is
// a multipart, are 2.1, 2.2...; a message/rfc822 part 3 holds a message whose
// header is part "3" and whose body is 3.1 (one part) or 3.1, 3.2...
// (multipart). A message that is not multipart has one body part, "1". Hits
// in the top-level message header have no part ("").
//
// # Positions
//
// Line, column and offset point into the file as stored (after gzip), also
// in an mbox on and after ">From " lines whose '>' was removed. They are
// exact for header fields without encoded-words and for bodies stored as
// they are read (7bit, 8bit, binary). For quoted-printable bodies and
// format=flowed text the line is exact (decoding is tracked line by line,
// through soft breaks and flowed joins) and the column is counted in the
// decoded text from the start of the stored line the hit starts on, so it
// is exact unless an =XX escape comes before the hit on that line. For
// base64 bodies, RFC 2047 encoded header fields, and parts read out of an
// encoded message/rfc822, the hit points at the first line of the body (or
// the field), column 1, and its end equals its offset. For 8bit bodies in a
// charset other than UTF-8 the line is exact and the column counts bytes of
// the UTF-8 conversion. HTML parts take htmlbase's positions through the
// same maps.
//
// # Damage and limits
//
// Problems go to the warning callback, one per problem, located by message
// and part ("FILE: message 3, part 1.2: ..."), and reading goes on: a
// multipart without a boundary parameter or whose boundary never comes is
// read as plain text; a part missing its closing boundary (a truncated
// message) ends where the input or an enclosing boundary does; a base64
// line that is not base64 stops decoding and the rest of the part is read as
// plain text; an unknown charset is read as UTF-8 (and an HTML part sniffs
// its own); an unknown transfer encoding is read as stored; a bad
// Content-Type is text/plain. Text outside the parts of a multipart
// (preamble, epilogue) is read as plain text, which is also what recovers a
// wrong boundary. Nesting is limited to maxMIMEDepth entities, one header
// block to maxHeader bytes, and a part's decoded size to
// Options.MaxDecoded; past these the rest is skipped with a warning.
// Nothing else grows with the input: there is no limit on the size of a
// message.

// # Base URI
//
// Section 5.1.2 and SPEC M4: an entity's base is its Content-Base (RFC
// 2110; quoted or not, folded whitespace removed), else its
// Content-Location (RFC 2557), resolved against the base of the enclosing
// entity when relative; else the enclosing entity's base; at the top the
// retrieval base (--base or the file's URI) in src.base. A relative
// Content-Location beside a Content-Base is resolved against the
// Content-Base. The base applies to the entity's header fields, its body
// and every part inside it; an HTML part's <base href> overrides it for
// that part (scanHTML).

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/resolve"
)

const (
	maxMIMEDepth = 50      // nesting of multipart and message/rfc822 entities
	maxHeader    = 1 << 20 // bytes of one header block kept; the rest is skipped with a warning
	mailBufSize  = 64 << 10
)

// readMessage reads one RFC 5322 message (SPEC M1–M4, M6). An mbox "From "
// line before the header, as some tools save single messages, is skipped.
func (j *job) readMessage(r io.Reader, src source) error {
	s := newLineSource(r, false)
	if c, ok := s.next(); ok {
		if !(c.start && bytes.HasPrefix(c.b, fromLine)) {
			s.unread()
		}
	}
	w := &mailWalker{j: j, s: s}
	src.message = 1
	w.message(src)
	return s.err
}

// readMbox reads an mbox file (SPEC M5): mboxo or mboxrd, messages
// separated by lines that start with "From ", with one '>' removed from
// lines that match ^>+From . Messages are numbered from 1 in file order.
// Text before the first "From " line is read as a message of its own.
func (j *job) readMbox(r io.Reader, src source) error {
	s := newLineSource(r, true)
	w := &mailWalker{j: j, s: s}
	n := 0
	for {
		c, ok := s.next()
		if !ok && !s.atFrom {
			break
		}
		if s.atFrom {
			s.skipFrom()
		} else {
			s.unread()
			if len(bytes.TrimSpace(c.b)) == 0 && c.start {
				s.next() // blank lines before the first message
				continue
			}
			j.warn(source{}, errors.New("mbox does not start with a \"From \" line: the text before it is read as a message"))
		}
		n++
		s.drops = s.drops[:0]
		msrc := src
		msrc.message = n
		w.message(msrc)
		// Whatever the walker left (it stops only at the next "From " or
		// at the end) is skipped.
		for {
			if _, ok := s.next(); !ok {
				break
			}
		}
		if s.err != nil {
			return s.err
		}
	}
	return s.err
}

var (
	fromLine = []byte("From ")
	utf8BOM  = []byte("\xef\xbb\xbf")
)

// ---------------------------------------------------------------------------
// lineSource: the input as lines, with positions.

// chunk is one line of input, or a piece of a line longer than the reader's
// buffer (start is false for the pieces after the first).
type chunk struct {
	b     []byte // valid until the next call to next
	off   int64  // file offset of b[0]
	line  int    // 0-based line of b[0]
	start bool   // b starts a line
}

// lineSource reads lines and tracks where each starts. In mbox mode a line
// starting with "From " ends the message (next reports false and sets
// atFrom) and ">From " quoting is undone.
type lineSource struct {
	br      *bufio.Reader
	mbox    bool
	off     int64 // offset of the next unread byte
	line    int   // 0-based line of the next unread byte
	atStart bool  // the next unread byte starts a line
	cur     chunk
	held    bool  // cur was pushed back
	atFrom  bool  // mbox: cur is a "From " line (held)
	eof     bool  // no more input
	err     error // read error other than EOF

	// drops holds the file offsets of the '>' removed from ">From " lines
	// of the current message (mbox), so that positions counted in the
	// bytes read can be moved back onto the file (fixOffset).
	drops []int64
}

const maxDrops = 1 << 16

// fixOffset maps an offset counted in the bytes read since from (a file
// offset) to the file offset, adding the '>' removed on the way.
func (s *lineSource) fixOffset(from, p int64) int64 {
	i := sort.Search(len(s.drops), func(i int) bool { return s.drops[i] >= from })
	for ; i < len(s.drops) && s.drops[i] <= p; i++ {
		p++
	}
	return p
}

func newLineSource(r io.Reader, mbox bool) *lineSource {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < mailBufSize {
		br = bufio.NewReaderSize(r, mailBufSize)
	}
	return &lineSource{br: br, mbox: mbox, atStart: true}
}

// next returns the next chunk, or false at the end of the input or (mbox)
// of the message.
func (s *lineSource) next() (chunk, bool) {
	if s.held {
		if s.atFrom {
			return chunk{}, false
		}
		s.held = false
		s.advance()
		return s.cur, true
	}
	if s.eof {
		return chunk{}, false
	}
	b, err := s.br.ReadSlice('\n')
	switch err {
	case nil, bufio.ErrBufferFull:
	case io.EOF:
		s.eof = true
	default:
		s.eof = true
		s.err = err
	}
	if len(b) == 0 {
		return chunk{}, false
	}
	s.cur = chunk{b: b, off: s.off, line: s.line, start: s.atStart}
	if s.off == 0 && bytes.HasPrefix(b, utf8BOM) {
		s.cur.b, s.cur.off = b[len(utf8BOM):], int64(len(utf8BOM))
	}
	b = s.cur.b
	if s.mbox && s.cur.start && len(b) >= 5 {
		if bytes.HasPrefix(b, fromLine) {
			s.held, s.atFrom = true, true
			return chunk{}, false
		}
		if b[0] == '>' {
			i := 1
			for i < len(b) && b[i] == '>' {
				i++
			}
			if bytes.HasPrefix(b[i:], fromLine) {
				if len(s.drops) < maxDrops {
					s.drops = append(s.drops, s.cur.off)
				}
				s.cur.b = b[1:]
				s.cur.off++
			}
		}
	}
	s.advance()
	return s.cur, true
}

// advance moves the position past cur.
func (s *lineSource) advance() {
	end := s.cur.off + int64(len(s.cur.b))
	s.off = end
	s.atStart = len(s.cur.b) > 0 && s.cur.b[len(s.cur.b)-1] == '\n'
	s.line = s.cur.line
	if s.atStart {
		s.line++
	}
}

// unread pushes back the chunk last returned by next.
func (s *lineSource) unread() {
	s.held = true
	s.off, s.line, s.atStart = s.cur.off, s.cur.line, s.cur.start
}

// skipFrom consumes the held "From " line of an mbox.
func (s *lineSource) skipFrom() {
	s.atFrom, s.held = false, false
	s.advance()
	// A From line longer than the buffer: skip the rest of it.
	for !s.atStart && !s.eof {
		if _, ok := s.next(); !ok {
			break
		}
	}
}

// boundaryLine reports whether line is a delimiter line of one of the
// active boundaries ("--" boundary ["--"] *LWSP CRLF, RFC 2046 5.1.1): the
// index of the boundary in bounds (innermost last; -1 for none) and whether
// it is the close delimiter.
func boundaryLine(line []byte, bounds []string) (int, bool) {
	if len(bounds) == 0 || len(line) < 3 || line[0] != '-' || line[1] != '-' {
		return -1, false
	}
	rest := line[2:]
	for i := len(bounds) - 1; i >= 0; i-- {
		b := bounds[i]
		if len(rest) < len(b) || string(rest[:len(b)]) != b {
			continue
		}
		tail := rest[len(b):]
		closing := false
		if len(tail) >= 2 && tail[0] == '-' && tail[1] == '-' {
			tail, closing = tail[2:], true
		}
		if len(bytes.Trim(tail, " \t\r\n")) == 0 {
			return i, closing
		}
	}
	return -1, false
}

// bodyReader reads the lines of an entity's body up to the next delimiter
// line of an enclosing multipart (left unread) or the end of the message.
type bodyReader struct {
	s      *lineSource
	bounds []string
	rest   []byte
	done   bool
}

func (b *bodyReader) Read(p []byte) (int, error) {
	for len(b.rest) == 0 {
		if b.done {
			return 0, io.EOF
		}
		c, ok := b.s.next()
		if !ok {
			b.done = true
			return 0, io.EOF
		}
		if c.start {
			if i, _ := boundaryLine(c.b, b.bounds); i >= 0 {
				b.s.unread()
				b.done = true
				return 0, io.EOF
			}
		}
		b.rest = c.b
	}
	n := copy(p, b.rest)
	b.rest = b.rest[n:]
	return n, nil
}

// drain skips the rest of the body.
func (b *bodyReader) drain() {
	b.rest = nil
	for !b.done {
		c, ok := b.s.next()
		if !ok {
			b.done = true
			break
		}
		if c.start {
			if i, _ := boundaryLine(c.b, b.bounds); i >= 0 {
				b.s.unread()
				b.done = true
			}
		}
	}
}

// ---------------------------------------------------------------------------
// The MIME walker.

type mailWalker struct {
	j    *job
	s    *lineSource
	dec  mime.WordDecoder
	hbuf []byte // header block being read, reused
	tbuf []byte // small bodies, reused (scanText)
}

// field is one header field: raw holds the whole field as stored (name,
// colon, value and folded lines).
type field struct {
	name string // lower case
	raw  []byte
	off  int64
	line int // 0-based line of the field
}

// value returns the field's value unfolded, without its name.
func (f *field) value() string {
	v := f.raw[len(f.name)+1:]
	if bytes.IndexByte(v, '\n') < 0 || bytes.IndexByte(bytes.TrimRight(v, "\r\n"), '\n') < 0 {
		return string(bytes.TrimSpace(v))
	}
	var b strings.Builder
	for _, l := range bytes.Split(v, []byte("\n")) {
		b.Write(bytes.TrimRight(l, "\r"))
	}
	return strings.TrimSpace(b.String())
}

// header is a parsed header block. Its fields' raw bytes live in the
// walker's hbuf until the next readHeader: an entity reads what it needs
// from its header before walking its parts.
type header struct {
	fields []field
}

func (h *header) get(name string) (*field, bool) {
	for i := range h.fields {
		if h.fields[i].name == name {
			return &h.fields[i], true
		}
	}
	return nil, false
}

// readHeader reads a header block up to its empty line (consumed), the body
// (a line that is not a field; left unread), a delimiter line (left unread)
// or the end. It reports whether a body may follow.
func (w *mailWalker) readHeader(bounds []string, src source) (header, bool) {
	var h header
	w.hbuf = w.hbuf[:0]
	type span struct {
		start, nameLen int
		off            int64
		line           int
	}
	var spans []span
	skipped := false
	body := false
	for {
		c, ok := w.s.next()
		if !ok {
			break
		}
		if c.start {
			if i, _ := boundaryLine(c.b, bounds); i >= 0 {
				w.s.unread()
				break
			}
			if len(c.b) == 1 && c.b[0] == '\n' || len(c.b) == 2 && c.b[0] == '\r' && c.b[1] == '\n' {
				body = true
				break
			}
			if c.b[0] == ' ' || c.b[0] == '\t' {
				if len(spans) == 0 {
					// Leading white space: not a header; the body starts here.
					w.s.unread()
					body = true
					break
				}
			} else {
				n := fieldName(c.b)
				if n <= 0 {
					w.s.unread()
					body = true
					break
				}
				if len(w.hbuf)+len(c.b) > maxHeader {
					skipped = true
					continue
				}
				spans = append(spans, span{start: len(w.hbuf), nameLen: n, off: c.off, line: c.line})
			}
		}
		if skipped || len(spans) == 0 {
			continue
		}
		if len(w.hbuf)+len(c.b) > maxHeader {
			skipped = true
			continue
		}
		w.hbuf = append(w.hbuf, c.b...)
	}
	if skipped {
		w.j.warn(src, fmt.Errorf("header block longer than %d bytes: the rest of it is skipped", maxHeader))
	}
	h.fields = make([]field, len(spans))
	for i, sp := range spans {
		end := len(w.hbuf)
		if i+1 < len(spans) {
			end = spans[i+1].start
		}
		raw := w.hbuf[sp.start:end:end]
		h.fields[i] = field{name: lowerASCII(raw[:sp.nameLen]), raw: raw, off: sp.off, line: sp.line}
	}
	return h, body
}

// fieldName returns the length of the field name at the start of line (up
// to its colon), or 0 when line does not start a header field.
func fieldName(line []byte) int {
	for i, c := range line {
		switch {
		case c == ':':
			return i
		case c <= ' ' || c > '~': // RFC 5322 ftext
			return 0
		}
	}
	return 0
}

// lowerASCII returns b in lower case; the names of common fields come
// from a table, without allocating.
func lowerASCII(b []byte) string {
	var tmp [32]byte
	if len(b) <= len(tmp) {
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			tmp[i] = c
		}
		if n, ok := commonFields[string(tmp[:len(b)])]; ok {
			return n
		}
		return string(tmp[:len(b)])
	}
	return strings.ToLower(string(b))
}

var commonFields = func() map[string]string {
	m := make(map[string]string)
	for _, n := range []string{"from", "to", "cc", "subject", "date", "message-id", "mime-version",
		"content-type", "content-transfer-encoding", "content-disposition", "content-id",
		"content-base", "content-location", "content-description", "received", "return-path",
		"delivered-to", "reply-to", "sender", "in-reply-to", "references", "x-mailer",
		"list-id", "list-unsubscribe", "list-subscribe", "list-archive", "list-post",
		"list-help", "list-owner", "archived-at", "precedence", "errors-to", "user-agent",
		"dkim-signature", "authentication-results", "x-spam-status", "x-spam-level"} {
		m[n] = n
	}
	return m
}()

// uriFields are header fields whose every URI is reported (SPEC M3); in
// other fields only <...> hits count.
var uriFields = map[string]bool{
	"list-unsubscribe": true, "list-subscribe": true, "list-archive": true,
	"list-post": true, "list-help": true, "list-owner": true,
	"archived-at": true,
	"x-url":       true, // old mailers' home page field
}

// message reads one message: header, then body, at the current position.
func (w *mailWalker) message(src source) {
	src.part = ""
	h, body := w.readHeader(nil, src)
	if f, ok := h.get("message-id"); ok {
		src.messageID = strings.Trim(f.value(), "<> \t")
	}
	w.entity(h, body, "", true, src, nil, 0, "text/plain")
}

// joinPart appends child n to part path p.
func joinPart(p string, n int) string {
	if p == "" {
		return strconv.Itoa(n)
	}
	return p + "." + strconv.Itoa(n)
}

// entity handles an entity whose header h was just read: its base, its
// header hits, then its body by media type. path is the entity's part
// number (for a message, the part number of the message/rfc822 part
// holding it, "" at the top); src.base is the enclosing base.
func (w *mailWalker) entity(h header, hasBody bool, path string, isMsg bool, src source, bounds []string, depth int, defType string) {
	j := w.j
	src.part = path
	outer := src.base
	src.base = w.entityBase(&h, outer)
	w.headerHits(&h, src, outer)
	if !hasBody {
		return
	}
	br := &bodyReader{s: w.s, bounds: bounds}
	if depth >= maxMIMEDepth {
		j.warn(src, fmt.Errorf("MIME parts nested deeper than %d: the rest is skipped", maxMIMEDepth))
		br.drain()
		return
	}

	mediaType, params := defType, map[string]string(nil)
	if f, ok := h.get("content-type"); ok {
		v := f.value()
		mt, ps, err := mime.ParseMediaType(v)
		switch {
		case mt != "":
			mediaType, params = mt, ps
			if err != nil {
				// A bad or repeated parameter: mime drops them all; keep
				// what can be read (the first of each name).
				params = looseParams(v)
			}
		case v == "":
		default:
			j.warn(src, fmt.Errorf("bad Content-Type %q: read as text/plain", clip(v)))
			mediaType = "text/plain"
		}
	}
	cte := ""
	if f, ok := h.get("content-transfer-encoding"); ok {
		cte = strings.ToLower(f.value())
	}

	// The body's part number.
	bodyPath := path
	if isMsg && !strings.HasPrefix(mediaType, "multipart/") {
		bodyPath = joinPart(path, 1)
	}
	bsrc := src
	bsrc.part = bodyPath
	bsrc.offset, bsrc.line = w.s.off, w.s.line

	switch {
	case strings.HasPrefix(mediaType, "multipart/"):
		boundary := params["boundary"]
		if boundary == "" {
			boundary = param2231(h, "boundary")
		}
		if boundary == "" {
			j.warn(src, fmt.Errorf("%s without a boundary parameter: body read as plain text", mediaType))
			w.leaf(br, "text/plain", nil, "", bsrc)
			return
		}
		child := "text/plain"
		if mediaType == "multipart/digest" {
			child = "message/rfc822"
		}
		w.multipart(boundary, path, src, bounds, depth, child)
	case mediaType == "message/rfc822" || mediaType == "message/global" || mediaType == "message/news":
		if isIdentity(cte) {
			nh, nb := w.readHeader(bounds, bsrc)
			if f, ok := nh.get("message-id"); ok && src.messageID == "" {
				src.messageID = strings.Trim(f.value(), "<> \t")
			}
			w.entity(nh, nb, path, true, src, bounds, depth+1, "text/plain")
			br.drain()
			return
		}
		// An encoded message (seen with message/global): decode it and
		// walk it from a source of its own; positions point at the body.
		r, _ := w.decoder(br, cte, bsrc)
		sub := &mailWalker{j: j, s: newLineSource(CapReader(r, j.x.opts.MaxDecoded, ErrTooLarge), false)}
		sub.s.off, sub.s.line = bsrc.offset, bsrc.line
		defer w.positions(pinned{line: bsrc.line, off: bsrc.offset}, bsrc)()
		nh, nb := sub.readHeader(nil, bsrc)
		sub.entity(nh, nb, path, true, src, nil, depth+1, "text/plain")
		if sub.s.err != nil {
			j.warn(bsrc, sub.s.err)
		}
		br.drain()
	default:
		w.leaf(br, mediaType, params, cte, bsrc)
	}
}

// entityBase returns the base of an entity with header h inside an entity
// whose base is outer (see the package comment, "Base URI").
func (w *mailWalker) entityBase(h *header, outer string) string {
	base := outer
	cb := ""
	if f, ok := h.get("content-base"); ok {
		cb = uriValue(f.value())
	}
	if cb != "" {
		if b, ok := w.absolute(cb, outer); ok {
			base = b
		}
	}
	if f, ok := h.get("content-location"); ok && cb == "" {
		if cl := uriValue(f.value()); cl != "" {
			if b, ok := w.absolute(cl, outer); ok {
				base = b
			}
		}
	}
	return base
}

// absolute returns ref made absolute against base, if it can be.
func (w *mailWalker) absolute(ref, base string) (string, bool) {
	if resolve.Parse(ref).IsAbsolute() {
		if _, err := resolve.NewResolver(ref, w.j.x.opts.Resolve); err != nil {
			return "", false
		}
		return ref, true
	}
	if r := w.j.resolver(base); r != nil {
		return r.Resolve(ref), true
	}
	return "", false
}

// uriValue returns the URI in a Content-Base or Content-Location value:
// quotes or angle brackets removed, and all white space (folding) removed
// (RFC 2110 4.2, RFC 2557 4.4).
func uriValue(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '<' && v[len(v)-1] == '>') {
		v = v[1 : len(v)-1]
	}
	if strings.IndexAny(v, " \t\r\n") >= 0 {
		v = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, v)
	}
	if !validRef(v) {
		return ""
	}
	return v
}

// validRef reports whether v can stand as a URI reference in a header:
// no control characters, no white space, none of the characters that end a
// URI in text (SPEC E3).
func validRef(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c <= ' ' || c == 0x7f || strings.IndexByte("<>\"{}|\\^`", c) >= 0 {
			return false
		}
	}
	return true
}

// looseParams reads the parameters of a Content-Type value that
// mime.ParseMediaType rejects: ';'-separated name=value pairs, values
// quoted or not, the first of each name kept.
func looseParams(v string) map[string]string {
	params := make(map[string]string)
	parts := strings.Split(v, ";")
	for _, p := range parts[1:] {
		name, val, ok := strings.Cut(p, "=")
		if !ok {
			continue
		}
		name = strings.ToLower(strings.TrimSpace(name))
		val = strings.TrimSpace(val)
		if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
			val = val[1 : len(val)-1]
		}
		if _, dup := params[name]; !dup && name != "" {
			params[name] = val
		}
	}
	return params
}

// param2231 finds an RFC 2231 extended parameter (name*=charset'lang'value)
// that mime.ParseMediaType dropped because it only knows the UTF-8 and
// US-ASCII charset names: a boundary declared in the charset
// ansi-x3.4-1968 is lost otherwise.
func param2231(h header, name string) string {
	f, ok := h.get("content-type")
	if !ok {
		return ""
	}
	v := f.value()
	i := strings.Index(strings.ToLower(v), name+"*=")
	if i < 0 {
		return ""
	}
	v = strings.TrimLeft(v[i+len(name)+2:], " \t\"")
	if j := strings.IndexAny(v, "\";"); j >= 0 {
		v = v[:j]
	}
	if j := strings.LastIndexByte(v, '\''); j >= 0 {
		v = v[j+1:]
	}
	if u, err := url.PathUnescape(v); err == nil {
		v = u
	}
	return strings.TrimSpace(v)
}

// multipart walks the parts of a multipart body.
func (w *mailWalker) multipart(boundary, path string, src source, bounds []string, depth int, childType string) {
	j := w.j
	inner := make([]string, len(bounds)+1)
	copy(inner, bounds)
	inner[len(bounds)] = boundary
	me := len(bounds)

	// The preamble (and, when the boundary never comes, the whole body) is
	// scanned as plain text: that is the fallback for a wrong boundary.
	psrc := src
	psrc.offset, psrc.line = w.s.off, w.s.line
	pre := &bodyReader{s: w.s, bounds: inner}
	w.scanPlain(pre, psrc)
	c, ok := w.s.next()
	if !ok {
		j.warn(src, fmt.Errorf("boundary %q not found: body read as plain text", boundary))
		return
	}
	i, closing := boundaryLine(c.b, inner)
	if i != me {
		w.s.unread() // an enclosing boundary: this multipart has no parts
		j.warn(src, fmt.Errorf("boundary %q not found: body read as plain text", boundary))
		return
	}
	n := 0
	for !closing {
		n++
		h, hasBody := w.readHeader(inner, src)
		w.entity(h, hasBody, joinPart(path, n), false, src, inner, depth+1, childType)
		c, ok = w.s.next()
		if !ok {
			j.warn(src, fmt.Errorf("missing closing boundary %q (truncated message?)", boundary))
			return
		}
		i, closing = boundaryLine(c.b, inner)
		if i != me {
			w.s.unread()
			j.warn(src, fmt.Errorf("missing closing boundary %q", boundary))
			return
		}
	}
	// The epilogue: text after the close delimiter, scanned like the preamble.
	esrc := src
	esrc.offset, esrc.line = w.s.off, w.s.line
	w.scanPlain(&bodyReader{s: w.s, bounds: bounds}, esrc)
}

// smallBody is the size up to which a body is scanned from memory with
// delimit.Find rather than through a delimit.Scanner (which allocates a
// large buffer each time it is made): most parts are small.
const smallBody = 256 << 10

// scanText finds the URIs of plain text like job.scanText, reading bodies
// up to smallBody bytes into a buffer the walker reuses.
func (w *mailWalker) scanText(r io.Reader, src source) error {
	if w.tbuf == nil {
		w.tbuf = make([]byte, smallBody)
	}
	n, err := io.ReadFull(r, w.tbuf)
	if err == nil {
		return w.j.scanText(io.MultiReader(bytes.NewReader(w.tbuf[:n]), r), src)
	}
	for _, h := range delimit.Find(w.tbuf[:n], w.j.x.opts.Delimit) {
		w.j.textHit(h, src, "")
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return nil
	}
	return err
}

// scanPlain scans raw lines as plain text with exact positions.
func (w *mailWalker) scanPlain(r *bodyReader, src source) {
	defer w.positions(nil, src)()
	if err := w.scanText(r, src); err != nil {
		w.j.warn(src, err)
	}
	r.drain()
}

func isIdentity(cte string) bool {
	switch cte {
	case "", "7bit", "8bit", "binary":
		return true
	}
	return false
}

// decoder returns the reader of the decoded body and whether positions in
// it map line by line onto the stored body (identity, quoted-printable).
func (w *mailWalker) decoder(br *bodyReader, cte string, src source) (io.Reader, posMap) {
	switch cte {
	case "", "7bit", "8bit", "binary":
		return br, nil
	case "quoted-printable":
		q := newQPReader(br, src.line, src.offset)
		return q, q
	case "base64":
		return newB64Reader(br, src.line, src.offset), pinned{line: src.line, off: src.offset}
	}
	w.j.warn(src, fmt.Errorf("unknown Content-Transfer-Encoding %q: body read as stored", clip(cte)))
	return br, nil
}

// leaf reads the body of a single (non-composite) part.
func (w *mailWalker) leaf(br *bodyReader, mediaType string, params map[string]string, cte string, src source) {
	j := w.j
	html := mediaType == "text/html" || mediaType == "application/xhtml+xml"
	// Unrecognized subtypes of text are treated as text/plain (RFC 2046
	// 4.1.4): text/x-diff, text/markdown, text/asciidoc (the Git howto
	// mails), text/enriched...
	if !html && mediaType != "text" && !strings.HasPrefix(mediaType, "text/") {
		br.drain()
		return
	}
	dec, pm := w.decoder(br, cte, src)
	r := CapReader(dec, j.x.opts.MaxDecoded, ErrTooLarge)

	label := params["charset"]
	enc, known := lookupCharset(label)
	if !known {
		j.warn(src, fmt.Errorf("unknown charset %q: read as UTF-8", clip(label)))
		label = ""
	}
	var err error
	if html {
		restore := w.positions(pm, src)
		err = j.scanHTML(r, label, src)
		restore()
	} else {
		if enc != nil {
			r = decodeText(r, label, enc)
		}
		if strings.EqualFold(params["format"], "flowed") {
			f := newFlowedReader(r, strings.EqualFold(params["delsp"], "yes"), pm, src)
			r, pm = f, f
		}
		restore := w.positions(pm, src)
		err = w.scanText(r, src)
		restore()
	}
	if err != nil {
		var ce base64.CorruptInputError
		switch {
		case errors.As(err, &ce):
			b, ok := dec.(*b64Reader)
			if !ok {
				break
			}
			rest, line, off := b.rest()
			j.warn(src, fmt.Errorf("broken base64 (line %d is not base64): the rest of the part is read as plain text", line))
			rsrc := src
			rsrc.offset, rsrc.line = off, line-1
			restore := w.positions(nil, rsrc)
			if err := w.scanText(rest, rsrc); err != nil && w.s.err == nil {
				j.warn(rsrc, err)
			}
			restore()
		case errors.Is(err, ErrTooLarge):
			j.warn(src, fmt.Errorf("decoded part larger than %d bytes: the rest is skipped", j.x.opts.MaxDecoded))
		case w.s.err != nil:
			// a read error of the input: reported by the caller
		default:
			j.warn(src, err)
		}
	}
	br.drain()
}

// headerHits reports the URIs of an entity's header fields (SPEC M3): every
// URI of the URI-carrying fields, the value of Content-Base and
// Content-Location (resolved against the enclosing base), and <...> hits in
// any other field.
func (w *mailWalker) headerHits(h *header, src source, outer string) {
	j := w.j
	clBase := outer // a relative Content-Location is resolved against Content-Base
	if f, ok := h.get("content-base"); ok {
		if b, ok := w.absolute(uriValue(f.value()), outer); ok {
			clBase = b
		}
	}
	for i := range h.fields {
		f := &h.fields[i]
		switch f.name {
		case "content-base":
			w.valueHit(f, src, outer)
			continue
		case "content-location":
			w.valueHit(f, src, clBase)
			continue
		case "message-id", "in-reply-to", "references", "content-id", "received",
			"content-type", "content-transfer-encoding", "date", "dkim-signature",
			"arc-message-signature", "arc-seal", "x-google-dkim-signature":
			continue // never hold a URI worth reporting
		}
		all := uriFields[f.name]
		v := f.raw[len(f.name)+1:]
		encoded := bytes.Contains(v, []byte("=?"))
		if !all && !encoded && !mayHoldAngle(v) {
			continue
		}
		if encoded {
			// RFC 2047 encoded-words: scan the decoded value; the hits
			// point at the field.
			dv, err := w.wordDecoder().DecodeHeader(f.value())
			if err == nil {
				for _, dh := range delimit.Find([]byte(dv), j.x.opts.Delimit) {
					if all || dh.Kind == delimit.Angle {
						w.reportHeader(f, dh, src, true)
					}
				}
				continue
			}
		}
		// Scan the field as stored with its name blanked, so that positions
		// are exact and the name is never taken for a scheme.
		buf := make([]byte, len(f.raw))
		copy(buf, f.raw)
		for k := 0; k <= len(f.name); k++ {
			buf[k] = ' '
		}
		for _, dh := range delimit.Find(buf, j.x.opts.Delimit) {
			if all || dh.Kind == delimit.Angle {
				w.reportHeader(f, dh, src, false)
			}
		}
	}
}

// mayHoldAngle reports whether v holds a '<' followed later by a ':'.
func mayHoldAngle(v []byte) bool {
	i := bytes.IndexByte(v, '<')
	return i >= 0 && bytes.IndexByte(v[i:], ':') >= 0
}

func (w *mailWalker) reportHeader(f *field, dh delimit.Hit, src source, decoded bool) {
	h := Hit{
		URI: dh.URI, Raw: dh.Raw, File: w.j.file,
		Line: f.line + dh.Line, Col: dh.Col, Offset: f.off + dh.Start, End: f.off + dh.End,
		Kind: "header", Header: canonicalName(f), Part: src.part, Message: src.message, MessageID: src.messageID,
		HyphenBreak: dh.Flags&delimit.HyphenBreak != 0,
		Truncated:   dh.Flags&delimit.Truncated != 0,
	}
	if decoded {
		h.Line, h.Col, h.Offset, h.End = f.line+1, 1, f.off, f.off
	}
	w.j.report(h, src.base)
}

// valueHit reports the value of a Content-Base or Content-Location field,
// which may be relative (Content-Location) and need not be delimited.
func (w *mailWalker) valueHit(f *field, src source, base string) {
	v := uriValue(f.value())
	if v == "" {
		return
	}
	raw := f.raw[len(f.name)+1:]
	lead := len(raw) - len(bytes.TrimLeft(raw, " \t"))
	rawText := string(bytes.TrimSpace(raw))
	hit := Hit{
		URI: v, Raw: rawText, File: w.j.file,
		Line: f.line + 1, Col: len(f.name) + 2 + lead, Offset: f.off + int64(len(f.name)+1+lead),
		Kind: "header", Header: canonicalName(f), Part: src.part, Message: src.message, MessageID: src.messageID,
	}
	hit.End = hit.Offset + int64(len(bytes.TrimRight(raw[lead:], " \t\r\n")))
	w.j.report(hit, base)
}

// canonicalName returns the field name as written.
func canonicalName(f *field) string { return string(f.raw[:len(f.name)]) }

func (w *mailWalker) wordDecoder() *mime.WordDecoder {
	if w.dec.CharsetReader == nil {
		w.dec.CharsetReader = charsetReader
	}
	return &w.dec
}

// clip shortens a value quoted in a warning.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
