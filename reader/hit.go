package reader

import (
	"strings"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/resolve"
)

// Hit is one URI found in an input, with everything doc/spec.md CL8 lists
// for it. A reader fills in what it found (Report does the rest: the
// absolute URI, Base, Resolved, File). How a hit is written out is the
// printer's business (printer.Record is the JSON Lines record).
type Hit struct {
	URI string // the absolute (or, unresolved, as-found) URI
	Raw string // the text as written in the input
	// Wrapped holds the wrappers removed by extract.Options.Unwrap,
	// outermost first, when URI is the target of one (doc/spec.md U1).
	Wrapped Wrapped
	File    string // input name as given ("-" for standard input)

	Line   int   // 1-based line of the hit (HTML attributes: of the element)
	Col    int   // 1-based byte column
	Offset int64 // byte offset of the start in the input
	End    int64 // byte offset just past the end

	Kind    string // angle, quote, space, abbrev, html-attr, html-text, header, md-link, md-image, md-autolink, md-definition, xml-attr, xml-text, http-location
	Element string
	Attr    string
	Header  string // mail header name for kind header

	Part      string // MIME part path, e.g. "1.2"
	Message   int    // 1-based message number in an mbox or message file
	MessageID string // the top-level message's Message-ID, also inside an attached message (M5)

	Base         string // the base URI in effect for the hit's content
	Resolved     bool   // false when the URI stayed relative (B2)
	SameDocument bool
	HyphenBreak  bool
	Truncated    bool
	// RootRelative marks a root-relative Markdown reference ("/p")
	// resolved against a file:// base with no root directory given: it
	// points at the file system's root, which is seldom what the author
	// meant.
	RootRelative bool

	// A WARC record's (doc/spec.md W3): its target URI, the byte offset
	// of the record (of its gzip member in a .warc.gz), its WARC-Record-ID
	// and WARC-Date, and the HTTP status of a response.
	Page             string
	WARCRecordOffset int64
	WARCRecordID     string
	WARCDate         string
	Status           int

	// An archive member's path (doc/spec.md A2).
	Member string
	// A PDF's: the 1-based page of the hit, and for an annotation or an
	// action its object number (doc/spec.md P3).
	PDFPage   int
	PDFObject int

	// Source says how the reference was written, which decides how it is
	// made absolute (resolve.Make); HTML ones are also subject to the
	// default javascript:/data: filter.
	Source resolve.Source
	// Encoding is the encoding of the HTML document the hit is in, for
	// WHATWG queries; "" for UTF-8.
	Encoding string
	// Context is the line of text the hit was found on, as the reader
	// read it: transfer-decoded and in UTF-8, where the input as stored
	// may hold quoted-printable or base64 (doc/spec.md CL12). It
	// is filled only when Options.Context asks, for text found in a
	// content that is not the input as stored (Content.Pos != nil), by
	// the text reader (the line) and the HTML reader (the words after a
	// link's element, or the line of a URL in text); "" otherwise.
	Context string
	// Borrowed says that URI and Raw may share the input's memory
	// instead of holding copies (Options.Borrow): they are valid only
	// until the Report (or extract's emit) that passes the hit returns.
	// What keeps such a hit calls Own first.
	Borrowed bool
}

// Own makes h hold its own copies of URI, Raw and Wrapped where they
// were Borrowed, so that h may be kept after the call that passed it
// returns.
func (h *Hit) Own() {
	if h.Borrowed {
		h.copyText(nil)
		h.Borrowed = false
	}
}

// copyText replaces the text h may borrow (URI, Raw, Wrapped) by copies
// in a (fresh allocations when a is nil): one copy when URI and Raw are
// the same text, as they are for most URIs written out in full. Own and
// CopyTo share it, so that a field a hit may borrow is copied by both.
func (h *Hit) copyText(a *Strings) {
	if h.URI == h.Raw {
		h.URI = a.Clone(h.URI)
		h.Raw = h.URI
	} else {
		h.URI, h.Raw = a.Clone(h.URI), a.Clone(h.Raw)
	}
	h.Wrapped = Wrapped{a.Clone(h.Wrapped.s)}
}

// Set makes h the one hit of a reference ref, written raw, of the given
// kind, found at sp in content c; every other field is zero. Positions
// are mapped onto the input as stored, and the content's Location is
// copied in. A reader sets a hit of its own, once per reference, and
// reports it (Sink.Report keeps nothing of it): a hit is some 400 bytes,
// and this runs for every one (doc/spec.md PF3).
func (h *Hit) Set(c *Content, kind, ref, raw string, sp Span, flags delimit.Flags) {
	*h = Hit{}
	at := &c.At
	h.URI, h.Raw, h.Kind = ref, raw, kind
	h.Line, h.Col, h.Offset, h.End = sp.Line, sp.Col, sp.Start, sp.End
	h.Part, h.Message, h.MessageID = at.Part, at.Message, at.MessageID
	h.Page, h.WARCRecordOffset, h.WARCRecordID, h.WARCDate, h.Status = at.Page, at.WARCRecordOffset, at.WARCRecordID, at.WARCDate, at.Status
	h.Member, h.PDFPage = at.Member, at.PDFPage
	h.HyphenBreak = flags&delimit.HyphenBreak != 0
	h.Truncated = flags&delimit.Truncated != 0
	h.Borrowed = flags&delimit.Borrowed != 0
	if c.Pos != nil {
		p := c.Pos.Map(sp.Line, sp.Col, sp.Start)
		e := c.Pos.Map(sp.EndLine, sp.EndCol, sp.End)
		h.Line, h.Col, h.Offset, h.End = p.Line, p.Col, p.Offset, max(e.Offset, p.Offset)
	}
}

// TextSpan is the span of a delimit hit, whose Raw is the stream's text
// from Start to End.
func TextSpan(h delimit.Hit) Span {
	s := Span{Line: h.Line, Col: h.Col, EndLine: h.Line, EndCol: h.Col + len(h.Raw), Start: h.Start, End: h.End}
	if h.Line == 0 {
		return s // found with delimit.Options.NoLines: no position to end
	}
	if n := strings.Count(h.Raw, "\n"); n > 0 {
		s.EndLine += n
		s.EndCol = len(h.Raw) - strings.LastIndexByte(h.Raw, '\n')
	}
	return s
}

// ReportText reports a delimit hit found in content c against the
// content's base. kind overrides the delimiting kind (header, html-text)
// when not empty.
func ReportText(s Sink, c *Content, h delimit.Hit, kind string) {
	if kind == "" {
		kind = h.Kind.String()
	}
	c.hit.Set(c, kind, h.URI, h.Raw, TextSpan(h), h.Flags)
	s.Report(&c.hit, c.Base)
}
