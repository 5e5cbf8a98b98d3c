// Package extract owns the pipeline from inputs to hits (SPEC §1, §5, §7,
// §8): it opens files, decompresses gzip, decides each input's format by
// one table (format.go: name, extensions, media types, sniffer, reader),
// establishes the base URI by the Section 5.1 precedence, calls the readers
// (delimit for text, htmlbase for HTML, package mail for e-mail and mbox,
// whose parts come back through the same table by media type, goldmark for
// Markdown, encoding/xml for XML: markdown.go and xml.go; package warc for
// WARC archives, whose record bodies come back through the table too:
// warc.go), makes every
// reference absolute with package resolve, filters, and streams the hits to
// the caller in input order.
//
// It never prints, exits or touches the network: results go to a callback,
// and problems either come back as errors (the input could not be read) or
// go to a warning callback (the input was read as well as it could be).
// A callback that returns an error stops the run, and so does the
// context given to Run.
//
// # Memory
//
// Inputs stream: nothing holds a whole input, a whole message or a whole
// part. HTML is the exception a <base> forces (it applies to the links
// before it, H2): readHTML keeps a document's links until its end, except
// in a large file that a byte scan proves has no "<base", and in a MIME
// part whose first MiB, which readHTML holds, has none; those stream their
// links, and a <base> later in such a part is not applied (with a
// warning). See readHTML.
//
// # E-mail
//
// Package mail walks messages and mboxes (SPEC §4); mailbox.go reads the
// header fields of an allow-list for URIs (M3: List-*, Archived-At, X-Url,
// Link, Content-Base, Content-Location; never address or token fields),
// and dispatches every single part by media type through the format table
// (text/calendar and vCard parts come unfolded, M1). Every hit of a message
// carries the top-level message's Message-ID (M5).
package extract

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/mail"
	"github.com/urix/urix/resolve"
)

// Options configure an Extractor. The zero value extracts with the RFC 3986
// resolver, no base but each input's own, and the default scheme filter.
type Options struct {
	Type Type // input format; Auto (or "") sniffs

	// Base is the retrieval URI to use for every input instead of the file's
	// own file:// URI (SPEC B1). It must be absolute (B3).
	Base string

	Resolve   resolve.Options // algorithm for relative references (R2)
	Normalize bool            // Section 6 normalization of every URI (R3)
	ASCII     bool            // convert IRIs to URIs (R4)
	Absolute  bool            // drop hits that stay relative (B2)

	// Schemes keeps only URIs with these schemes (lower case). Nil keeps
	// every scheme except javascript: and data: in HTML results; a list
	// holding "all" keeps everything.
	Schemes []string

	Delimit delimit.Options // Appendix E options: hyphen policy, abbreviated URLs

	Binary bool // read inputs that look binary instead of skipping them (SPEC §8)

	// MaxDecoded caps the bytes read out of one compressed input or one
	// decoded MIME part; past it the input ends with ErrTooLarge (or
	// mail.ErrTooLarge for a part, as a warning). Zero means
	// DefaultMaxDecoded. It also caps a Markdown document, which is read
	// whole.
	MaxDecoded int64

	// IncludeCode scans the code spans and code blocks of Markdown for
	// URIs too (--include-code); by default they are skipped.
	IncludeCode bool

	// RootDir, when set, is the directory that root-relative references
	// ("/img/a.png") of Markdown files are relative to (--root-dir), as a
	// static site generator sees them: "/p" becomes Base + "/p" when Base
	// is set, else the file:// URI of RootDir + "/p". Without it such a
	// reference is resolved as RFC 3986 says (against a file's file:// URI
	// that is the file system's root) and marked Hit.RootRelative.
	RootDir string

	// WARCAllStatus reads the HTTP responses of a WARC whatever their
	// status (SPEC §7a); by default only 2xx ones are read. A 3xx's
	// Location header is then a hit of kind http-location.
	WARCAllStatus bool

	// LineBuffered is for inputs that arrive as they are written (tail -f,
	// a terminal): the format is sniffed from what the first read gives
	// instead of waiting for 8 KiB, and text hits are passed on as soon as
	// the lines that decide them have been read (delimit.Options.
	// LineBuffered) instead of after a full buffer. The hits are the same.
	LineBuffered bool
}

// DefaultMaxDecoded is the default cap on decompressed or decoded bytes per input.
const DefaultMaxDecoded = mail.DefaultMaxDecoded

// ErrTooLarge reports a decompressed stream past Options.MaxDecoded.
var ErrTooLarge = errors.New("decompressed size exceeds the limit (compression bomb?)")

// ErrBinary reports an input skipped because it looks binary (NUL bytes in
// its first 8 KiB, as grep does; Options.Binary reads it). It comes through
// the warning callback.
var ErrBinary = errors.New("binary file skipped")

// Hit is one URI found in an input, with everything SPEC §7 lists for JSON output.
type Hit struct {
	URI  string `json:"uri"`  // the absolute (or, unresolved, as-found) URI
	Raw  string `json:"raw"`  // the text as written in the input
	File string `json:"file"` // input name as given ("-" for standard input)

	Line   int   `json:"line"`   // 1-based line of the hit (HTML attributes: of the element)
	Col    int   `json:"col"`    // 1-based byte column
	Offset int64 `json:"offset"` // byte offset of the start in the input
	End    int64 `json:"end"`    // byte offset just past the end

	Kind    string `json:"kind"` // angle, quote, space, abbrev, html-attr, html-text, header, md-link, md-image, md-autolink, md-definition, xml-attr, xml-text, http-location
	Element string `json:"element,omitempty"`
	Attr    string `json:"attr,omitempty"`
	Header  string `json:"header,omitempty"` // mail header name for kind header

	Part      string `json:"part,omitempty"`       // MIME part path, e.g. "1.2"
	Message   int    `json:"message,omitempty"`    // 1-based message number in an mbox or message file
	MessageID string `json:"message_id,omitempty"` // the top-level message's Message-ID, also inside an attached message (M5)

	Base         string `json:"base,omitempty"` // the base URI in effect for the hit's content
	Resolved     bool   `json:"resolved"`       // false when the URI stayed relative (B2)
	SameDocument bool   `json:"same_document,omitempty"`
	HyphenBreak  bool   `json:"hyphen_break,omitempty"`
	Truncated    bool   `json:"truncated,omitempty"`
	// RootRelative marks a root-relative Markdown reference ("/p")
	// resolved against a file:// base with no Options.RootDir: it points
	// at the file system's root, which is seldom what the author meant.
	RootRelative bool `json:"root_relative,omitempty"`

	// A WARC record's (SPEC §7a): its target URI, the byte offset of the
	// record (of its gzip member in a .warc.gz), its WARC-Record-ID and
	// WARC-Date, and the HTTP status of a response.
	Page             string `json:"page,omitempty"`
	WARCRecordOffset int64  `json:"warc_record_offset,omitempty"`
	WARCRecordID     string `json:"warc_record_id,omitempty"`
	WARCDate         string `json:"warc_date,omitempty"`
	Status           int    `json:"status,omitempty"`

	html bool   // found in HTML: subject to the default javascript:/data: filter
	enc  string // the encoding of the HTML document it is in, for WHATWG queries; "" for UTF-8
}

// BaseError reports an Options.Base that cannot serve as a base (SPEC B3).
type BaseError struct {
	Base string
	Err  error // from resolve.NewResolver or resolve.Validate
}

func (e *BaseError) Error() string {
	if errors.Is(e.Err, resolve.ErrNotAbsolute) {
		return fmt.Sprintf("extract: base %q is not an absolute URI: it needs a scheme, as in https://example.com/docs/", e.Base)
	}
	return fmt.Sprintf("extract: base %q is not a valid URI: %v", e.Base, e.Err)
}

func (e *BaseError) Unwrap() error { return e.Err }

// InputError reports an input that could not be read, or not to its end:
// the hits found before the problem were passed on.
type InputError struct {
	File string
	Err  error
}

func (e *InputError) Error() string { return "extract: " + e.File + ": " + e.Err.Error() }

func (e *InputError) Unwrap() error { return e.Err }

// Warning is a problem that did not stop reading: a damaged MIME part, an
// unknown charset, a skipped binary file. Where locates it ("message 3, part 1.2").
type Warning struct {
	File  string
	Where string
	Err   error
}

func (w *Warning) Error() string {
	if w.Where == "" {
		return "extract: " + w.File + ": " + w.Err.Error()
	}
	return "extract: " + w.File + ": " + w.Where + ": " + w.Err.Error()
}

func (w *Warning) Unwrap() error { return w.Err }

// IsWarning reports whether err, as passed to a warning or report
// callback, is a warning (the input was still read) rather than an input
// that failed.
func IsWarning(err error) bool {
	var w *Warning
	return errors.As(err, &w)
}

// Extractor extracts hits with one set of options. It is safe for
// concurrent use by several goroutines, each on its own input.
type Extractor struct {
	opts    Options
	keep    map[string]bool // scheme filter; nil = default
	keepAll bool

	// scanners keeps the delimit.Scanners of finished inputs for the next
	// ones: making one clears a 128 KiB buffer, which was a third of the
	// time on a tree of 50 KB text files.
	scanners sync.Pool
}

// New checks opts and returns an Extractor. A relative or unparsable
// Options.Base is a *BaseError (SPEC B3).
func New(opts Options) (*Extractor, error) {
	if opts.Base != "" {
		if _, err := resolve.NewResolver(opts.Base, opts.Resolve); err != nil {
			return nil, &BaseError{Base: opts.Base, Err: err}
		}
		if err := resolve.Validate(resolve.ToASCII(opts.Base)); err != nil { // IRIs as their URIs
			return nil, &BaseError{Base: opts.Base, Err: err}
		}
	}
	if opts.Type == "" {
		opts.Type = Auto
	}
	if opts.Type != Auto && formatOf(opts.Type) == nil {
		return nil, fmt.Errorf("extract: unknown input type %q (want %s)", string(opts.Type), typeNames())
	}
	if opts.MaxDecoded <= 0 {
		opts.MaxDecoded = DefaultMaxDecoded
	}
	opts.Delimit.LineBuffered = opts.Delimit.LineBuffered || opts.LineBuffered
	x := &Extractor{opts: opts}
	if opts.Schemes != nil {
		x.keep = make(map[string]bool)
		for _, s := range opts.Schemes {
			s = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(s), ":"))
			if s == "all" {
				x.keepAll = true
			}
			if s != "" {
				x.keep[s] = true
			}
		}
	}
	return x, nil
}

// wanted applies the scheme filter and --absolute to a finished hit.
func (x *Extractor) wanted(h *Hit) bool {
	if x.opts.Absolute && !h.Resolved {
		return false
	}
	if x.keepAll {
		return true
	}
	scheme := schemeOf(h.URI)
	if x.keep != nil {
		return x.keep[scheme]
	}
	if h.html && (scheme == "javascript" || scheme == "data") {
		return false
	}
	return true
}

// schemeOf returns the lower-case scheme of an absolute URI, or "".
func schemeOf(uri string) string { return strings.ToLower(resolve.Scheme(uri)) }
