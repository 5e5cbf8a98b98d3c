// Package mail reads RFC 5322 messages, MIME entities and mbox files
// (SPEC §4 M1–M6, §5 B1) and hands their content to a Visitor: the header
// of every entity, then every single (non-composite) part with a reader of
// its decoded body, its base URI and a map from positions in that body to
// the file. It knows nothing of URIs in text or HTML: package extract
// chooses a reader for each part by its media type.
//
// The reader never holds a whole message: it walks the MIME structure line
// by line, hands each part's body through a chain of streaming decoders
// (transfer encoding; on request charset, format=flowed and the unfolding
// of calendar and vCard lines, Part.Text),
// and skips what the visitor does not read. Memory is bounded by one
// header block (maxHeader) and the buffers of the decoders, whatever the
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
// # Parts
//
// Parts are numbered like IMAP section numbers (RFC 3501 6.4.5): the
// children of a multipart are 1, 2, 3...; the children of part 2, when it is
// a multipart, are 2.1, 2.2...; a message/rfc822 part 3 holds a message whose
// header is part "3" and whose body is 3.1 (one part) or 3.1, 3.2...
// (multipart). A message that is not multipart has one body part, "1". The
// top-level message header has no part (""). message/rfc822 (also
// message/global and message/news) parts are read as messages and
// multipart/* walked; every other part is visited. Text outside the parts of
// a multipart (preamble, epilogue) is visited as a text/plain part of the
// multipart: that is also what recovers a wrong boundary.
//
// # Positions
//
// Part.Pos maps a position in Part.Body, and Part.Text's map a position in
// the text, to the file as stored (after gzip): exact for bodies stored as
// they are read (7bit, 8bit, binary), quoted-printable (through =XX escapes,
// soft breaks and encoded line breaks), a charset conversion,
// format=flowed and the unfolding of calendar and vCard lines, also in an mbox on and after ">From " lines whose '>' was
// removed. For base64 bodies and for the parts of an encoded
// message/rfc822 every position is the first line of the encoded block,
// column 1 (Header.Pin for header fields read from such a message).
//
// # Base URI
//
// Section 5.1.2 and SPEC M4: an entity's base is its Content-Base (RFC
// 2110; quoted or not, folded whitespace removed), else its
// Content-Location (RFC 2557), resolved against the base of the enclosing
// entity when relative; else the enclosing entity's base; at the top the
// retrieval base, Options.Base. A relative Content-Location beside a
// Content-Base is resolved against the Content-Base. The base applies to the
// entity's header fields, its body and every part inside it.
//
// # Damage and limits
//
// Problems go to Options.Warn, one per problem, located by message and part,
// and reading goes on: a multipart without a boundary parameter or whose
// boundary never comes is read as plain text; a part missing its closing
// boundary (a truncated message) ends where the input or an enclosing
// boundary does; a base64 line that is not base64 stops decoding and the
// rest of the part is visited as plain text; an unknown charset is read as
// UTF-8; an unknown transfer encoding is read as stored; a bad
// Content-Type is text/plain. Nesting is limited to maxMIMEDepth entities
// (ErrTooDeep), one header block to maxHeader bytes (ErrHeaderTooLarge: a
// field that does not fit, however long, is skipped as it streams by and
// the fields after it are still read), and a part's decoded size to
// Options.MaxDecoded (ErrTooLarge); past these the rest is skipped with a
// warning. Nothing else grows with the input:
// there is no limit on the size of a message.
package mail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/urix/urix/htmlbase/charset"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// The limits, as warnings wrap them (errors.Is).
var (
	ErrTooLarge       = errors.New("mail: decoded part larger than the limit")
	ErrTooDeep        = errors.New("mail: MIME parts nested too deep")
	ErrHeaderTooLarge = errors.New("mail: header block too long")
)

const (
	maxMIMEDepth = 50      // nesting of multipart and message/rfc822 entities
	maxHeader    = 1 << 20 // bytes of one header block kept; the rest is skipped with a warning
)

// DefaultMaxDecoded is the cap on one decoded part when
// Options.MaxDecoded is zero.
const DefaultMaxDecoded = limit.DefaultMaxDecoded

// Options configure reading.
type Options struct {
	// Base is the retrieval base of the input (Section 5.1.3), the base of
	// a top-level message that sets none; "" for none.
	Base string
	// Resolve is how relative Content-Base and Content-Location values are
	// resolved.
	Resolve resolve.Options
	// MaxDecoded caps the bytes decoded out of one part (and one encoded
	// message/rfc822); 0 means DefaultMaxDecoded.
	MaxDecoded int64
	// Warn, when not nil, receives every problem that did not stop
	// reading, where it happened.
	Warn func(Where, error)
}

// Where locates content in a message or mbox.
type Where struct {
	Message int    // 1-based message number in the input
	Part    string // IMAP section path ("1.2"); "" for the top-level header
}

// String returns "message 3, part 1.2" (the parts that are set).
func (w Where) String() string {
	var parts []string
	if w.Message > 0 {
		parts = append(parts, fmt.Sprintf("message %d", w.Message))
	}
	if w.Part != "" {
		parts = append(parts, "part "+w.Part)
	}
	return strings.Join(parts, ", ")
}

// Header is the header of one entity (a message, or a part of a
// multipart), visited before its body.
type Header struct {
	Where
	MessageID string  // the Message-ID of the top-level message, also inside a message/rfc822 part; "" when it has none
	Fields    []Field // valid until Visitor.Header returns

	// Base is the entity's base (see the package comment), for its fields
	// and body. Enclosing is the base around it, which a relative
	// Content-Base is resolved against; LocationBase is what a relative
	// Content-Location is resolved against (the Content-Base when there is
	// one). Each is "" when there is none.
	Base, Enclosing, LocationBase string

	// Pin, when not nil, is where the header's fields are reported: they
	// were read out of an encoded message/rfc822 part.
	Pin *Pos
}

// Part is one single part, visited with a reader of its body.
type Part struct {
	Where
	MessageID string            // see Header.MessageID
	MediaType string            // lower case, "text/plain" when the part has no Content-Type
	Params    map[string]string // its parameters, lower-case names
	Base      string            // see Header.Base

	// Body is the body with its transfer encoding undone, read at most
	// once, before the visit returns. Pos maps positions in it to the file.
	Body io.Reader
	Pos  PosMap

	w       *walker
	body    errReader // Body as given to the visitor
	label   string    // the charset label, checked
	enc     encoding.Encoding
	checked bool
}

// Charset returns the part's declared charset by its canonical name
// ("windows-1252"), "" when the part declares none or one the charset
// policy does not know (reported once through Options.Warn).
func (p *Part) Charset() string {
	p.check()
	return p.label
}

func (p *Part) check() {
	if p.checked {
		return
	}
	p.checked = true
	label, ok := p.Params["charset"]
	if !ok || strings.TrimSpace(label) == "" {
		return
	}
	enc, name, known := charset.Lookup(label)
	if !known {
		p.w.warn(p.Where, fmt.Errorf("unknown charset %q: read as UTF-8", clip(label)))
		return
	}
	p.label, p.enc = name, enc
}

// Text returns the part's text in UTF-8: the body converted from its
// charset, format=flowed text (RFC 3676) unwrapped, and the content lines
// of text/calendar, text/vcard, text/x-vcard and text/directory unfolded
// (RFC 5545 §3.1, RFC 6350 §3.2), with the map of positions in that text
// to the file.
func (p *Part) Text() (io.Reader, PosMap) {
	p.check()
	r, pm := textReader(p.Body, p.Pos, p.label, p.enc, &p.w.scratch)
	if unfolded(p.MediaType) {
		u := newUnfoldReader(r, pm, &p.w.scratch)
		return u, u
	}
	if strings.EqualFold(p.Params["format"], "flowed") {
		f := newFlowedReader(r, strings.EqualFold(p.Params["delsp"], "yes"), pm, &p.w.scratch)
		r, pm = f, f
	}
	return r, pm
}

// Visitor receives the content of a message. An error it returns stops the
// reading and is returned by Read; so is an error from a part's Body that
// the visit returns, unless the body's own reader reported it (damage, the
// decoded size limit), which becomes a warning.
type Visitor interface {
	Header(*Header) error
	Part(*Part) error
}

// ReadMessage reads one RFC 5322 message (SPEC M1–M4, M6). An mbox "From "
// line before the header, as some tools save single messages, is skipped,
// and so are blank or white-space-only lines before the header (with a
// warning).
// The error is a read error of r or one the visitor returned.
func ReadMessage(r io.Reader, opts Options, v Visitor) error {
	s := newLineSource(r, false)
	if c, ok := s.next(); ok {
		if !(c.start && bytes.HasPrefix(c.b, fromLine)) {
			s.unread()
		}
	}
	w := newWalker(s, opts, v)
	w.skipBlank(Where{Message: 1})
	w.message(1, opts.Base)
	return w.result()
}

// ReadMbox reads an mbox file (SPEC M5): mboxo or mboxrd, messages
// separated by lines that start with "From ", with one '>' removed from
// lines that match ^>+From . Messages are numbered from 1 in file order.
// Text before the first "From " line is read as a message of its own.
// Blank lines between a "From " line and the header are skipped with a
// warning, as in ReadMessage.
func ReadMbox(r io.Reader, opts Options, v Visitor) error {
	s := newLineSource(r, true)
	w := newWalker(s, opts, v)
	n := 0
	for w.stop == nil {
		c, ok := s.next()
		if !ok && !s.atFrom {
			break
		}
		if s.atFrom {
			s.skipFrom()
			w.skipBlank(Where{Message: n + 1})
		} else {
			s.unread()
			if len(bytes.TrimSpace(c.b)) == 0 && c.start {
				s.next() // blank lines before the first message
				continue
			}
			w.warn(Where{}, reader.Note(errors.New("mbox does not start with a \"From \" line: the text before it is read as a message")))
		}
		n++
		w.message(n, opts.Base)
		// Whatever the walker left (it stops only at the next "From " or
		// at the end) is skipped.
		for {
			if _, ok := s.next(); !ok {
				break
			}
		}
		if s.err != nil {
			break
		}
	}
	return w.result()
}

// errLeadingBlank is the warning for white space before a header.
var errLeadingBlank = errors.New("leading blank line before the header skipped")

// skipBlank skips the blank or white-space-only lines at the start of a
// message (SPEC M1): some tools write one before the header, and read as
// RFC 5322 says, an empty line there would end an empty header and turn
// the whole message into a plain-text body. The warning comes only when a
// header field follows; before a message without a header the lines are
// body text that holds nothing.
func (w *walker) skipBlank(where Where) {
	skipped := false
	for {
		c, ok := w.s.next()
		if !ok {
			return
		}
		if len(bytes.Trim(c.b, " \t\r\n")) > 0 {
			w.s.unread()
			if skipped && c.start && fieldName(c.b) > 0 {
				w.warn(where, reader.Note(errLeadingBlank))
			}
			return
		}
		skipped = true
	}
}

// walker walks the MIME structure of the messages of one line source.
type walker struct {
	s       *lineSource
	opts    Options
	v       Visitor
	hbuf    []byte     // header block being read, reused
	stop    error      // the visitor's error: stop walking
	scratch            // buffers lent to the decoding stages of the part being read
	lb      bodyReader // the body reader of single parts (leafBody)
	part    Part       // the single part being visited
}

func newWalker(s *lineSource, opts Options, v Visitor) *walker {
	if opts.MaxDecoded <= 0 {
		opts.MaxDecoded = DefaultMaxDecoded
	}
	return &walker{s: s, opts: opts, v: v}
}

func (w *walker) result() error {
	if w.stop != nil {
		return w.stop
	}
	return w.s.err
}

func (w *walker) warn(where Where, err error) {
	if w.opts.Warn != nil {
		w.opts.Warn(where, err)
	}
}

// message reads one message, numbered n: header, then body, at the current
// position.
func (w *walker) message(n int, base string) {
	where := Where{Message: n}
	h, body := w.readHeader(nil, where)
	id := ""
	if f, ok := h.get("message-id"); ok {
		id = strings.Trim(f.Value(), "<> \t")
	}
	w.entity(h, body, entityCtx{where: where, messageID: id, base: base, isMsg: true, defType: "text/plain"})
}

// entityCtx is what an entity inherits from where it stands.
type entityCtx struct {
	where     Where  // message and the entity's part path
	messageID string // of the top-level message
	base      string // the enclosing base
	bounds    []string
	depth     int
	isMsg     bool   // the entity is a message (its header is the message's)
	defType   string // media type when Content-Type is missing
}

// joinPart appends child n to part path p.
func joinPart(p string, n int) string {
	if p == "" {
		return strconv.Itoa(n)
	}
	return p + "." + strconv.Itoa(n)
}

// entity handles an entity whose header h was just read: its base, its
// header, then its body by media type.
func (w *walker) entity(h header, hasBody bool, ec entityCtx) {
	if w.stop != nil {
		return
	}
	outer := ec.base
	ec.base = w.entityBase(&h, outer)
	hv := &Header{Where: ec.where, MessageID: ec.messageID, Fields: h.fields,
		Base: ec.base, Enclosing: outer, LocationBase: outer, Pin: w.s.pin}
	if f, ok := h.get("content-base"); ok {
		if b, ok := w.absolute(URIValue(f.Value()), outer); ok {
			hv.LocationBase = b
		}
	}
	if err := w.v.Header(hv); err != nil {
		w.stop = err
		return
	}
	if !hasBody {
		return
	}
	defer w.release(w.mark())
	if ec.depth >= maxMIMEDepth {
		w.warn(ec.where, fmt.Errorf("%w (%d): the rest is skipped", ErrTooDeep, maxMIMEDepth))
		newBodyReader(w.s, ec.bounds).drain()
		return
	}

	mediaType, params := ec.defType, map[string]string(nil)
	if f, ok := h.get("content-type"); ok {
		v := f.Value()
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
			w.warn(ec.where, fmt.Errorf("bad Content-Type %q: read as text/plain", clip(v)))
			mediaType = "text/plain"
		}
	}
	cte := ""
	if f, ok := h.get("content-transfer-encoding"); ok {
		cte = strings.ToLower(f.Value())
	}

	// The body's part number.
	body := ec
	if ec.isMsg && !strings.HasPrefix(mediaType, "multipart/") {
		body.where.Part = joinPart(ec.where.Part, 1)
	}

	switch {
	case strings.HasPrefix(mediaType, "multipart/"):
		boundary := params["boundary"]
		if boundary == "" {
			boundary = param2231(h, "boundary")
		}
		if boundary == "" {
			w.warn(ec.where, reader.Note(fmt.Errorf("%s without a boundary parameter: body read as plain text", mediaType)))
			w.leaf(w.leafBody(ec.bounds), "text/plain", nil, "", body)
			return
		}
		child := "text/plain"
		if mediaType == "multipart/digest" {
			child = "message/rfc822"
		}
		w.multipart(boundary, ec, child)
	case mediaType == "message/rfc822" || mediaType == "message/global" || mediaType == "message/news":
		inner := ec
		inner.bounds, inner.depth, inner.isMsg, inner.defType = ec.bounds, ec.depth+1, true, "text/plain"
		br := newBodyReader(w.s, ec.bounds)
		if isIdentity(cte) {
			// The inner message's own Message-ID is not used: every hit of
			// a message carries the top-level one (SPEC M5).
			nh, nb := w.readHeader(ec.bounds, body.where)
			w.entity(nh, nb, inner)
			br.drain()
			return
		}
		// An encoded message (seen with message/global): decode it and
		// walk it from a source of its own; positions point at the body.
		pin := w.s.here()
		r, _ := w.decoder(br, cte, body.where)
		sub := &walker{s: newLineSource(limit.Reader(r, w.opts.MaxDecoded, ErrTooLarge), false), opts: w.opts, v: w.v}
		sub.s.pin = &pin
		inner.bounds = nil
		nh, nb := sub.readHeader(nil, body.where)
		sub.entity(nh, nb, inner)
		if sub.stop != nil {
			w.stop = sub.stop
		} else if sub.s.err != nil {
			w.warn(body.where, sub.s.err)
		}
		br.drain()
	default:
		w.leaf(w.leafBody(ec.bounds), mediaType, params, cte, body)
	}
}
