// Package extract owns the pipeline from inputs to hits (SPEC §1, §5, §7,
// §8): it opens files, detects their kind (text, HTML, e-mail, mbox),
// decodes e-mail and MIME, establishes the base URI by the Section 5.1
// precedence, calls delimit, htmlbase and resolve, filters, and streams the
// hits to the caller in input order.
//
// It never prints, exits or touches the network: results go to a callback,
// and problems either come back as errors (the input could not be read) or
// go to a warning callback (the input was read as well as it could be).
package extract

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/resolve"
)

// Type is the kind of an input (SPEC §7 --type).
type Type int

const (
	Auto  Type = iota // sniff the content, then look at the file extension
	Text              // plain text: delimit (Appendix E)
	HTML              // HTML: htmlbase (Appendix D)
	Email             // one RFC 5322 message (SPEC §4)
	Mbox              // a sequence of messages behind "From " lines (M5)
)

var typeNames = [...]string{Auto: "auto", Text: "text", HTML: "html", Email: "email", Mbox: "mbox"}

// String returns the name used by --type.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", int(t))
}

// ParseType converts a --type name into a Type.
func ParseType(s string) (Type, error) {
	for i, n := range typeNames {
		if strings.EqualFold(s, n) {
			return Type(i), nil
		}
	}
	return Auto, fmt.Errorf("extract: unknown input type %q (want auto, text, html, email or mbox)", s)
}

// Options configure an Extractor. The zero value extracts with the RFC 3986
// resolver, no --base, and the default scheme filter.
type Options struct {
	Type Type // input kind; Auto sniffs

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

	Binary bool // scan files that look binary instead of skipping them (SPEC §8)

	// MaxDecoded caps the bytes read out of one compressed input or one
	// decoded MIME part; past it the input ends with ErrTooLarge.
	// Zero means DefaultMaxDecoded.
	MaxDecoded int64
}

// DefaultMaxDecoded is the default cap on decompressed or decoded bytes per input.
const DefaultMaxDecoded = 4 << 30

// ErrTooLarge reports a decompressed or decoded stream past Options.MaxDecoded.
var ErrTooLarge = errors.New("decoded size exceeds the limit (compression bomb?)")

// ErrBinary reports an input skipped because it looks binary (NUL bytes in
// its first 8 KiB, as grep does). It comes through the warning callback.
var ErrBinary = errors.New("binary file skipped (use --binary to scan it)")

// Hit is one URI found in an input, with everything SPEC §7 lists for JSON output.
type Hit struct {
	URI  string `json:"uri"`  // the absolute (or, unresolved, as-found) URI
	Raw  string `json:"raw"`  // the text as written in the input
	File string `json:"file"` // input name as given ("-" for standard input)

	Line   int   `json:"line"`   // 1-based line of the hit (HTML attributes: of the element)
	Col    int   `json:"col"`    // 1-based byte column
	Offset int64 `json:"offset"` // byte offset of the start in the input
	End    int64 `json:"end"`    // byte offset just past the end

	Kind    string `json:"kind"` // angle, quote, space, abbrev, html-attr, html-text, header
	Element string `json:"element,omitempty"`
	Attr    string `json:"attr,omitempty"`
	Header  string `json:"header,omitempty"` // mail header name for kind header

	Part      string `json:"part,omitempty"`       // MIME part path, e.g. "1.2"
	Message   int    `json:"message,omitempty"`    // 1-based message number in an mbox or message file
	MessageID string `json:"message_id,omitempty"` // the message's Message-ID

	Base         string `json:"base,omitempty"` // the base URI in effect for the hit's content
	Resolved     bool   `json:"resolved"`       // false when the URI stayed relative (B2)
	SameDocument bool   `json:"same_document,omitempty"`
	HyphenBreak  bool   `json:"hyphen_break,omitempty"`
	Truncated    bool   `json:"truncated,omitempty"`

	html bool // found in HTML: subject to the default javascript:/data: filter
}

// BaseError reports an Options.Base that cannot serve as a base (SPEC B3).
type BaseError struct {
	Base string
	Err  error // from resolve.NewResolver
}

func (e *BaseError) Error() string {
	if errors.Is(e.Err, resolve.ErrNotAbsolute) {
		return fmt.Sprintf("--base %q is not an absolute URI: it needs a scheme, as in https://example.com/docs/", e.Base)
	}
	return fmt.Sprintf("--base %q is not a valid URI: %v", e.Base, e.Err)
}

func (e *BaseError) Unwrap() error { return e.Err }

// Warning is a problem that did not stop reading: a damaged MIME part, an
// unknown charset, a skipped binary file. Where locates it ("message 3, part 1.2").
type Warning struct {
	File  string
	Where string
	Err   error
}

func (w *Warning) Error() string {
	if w.Where == "" {
		return w.File + ": " + w.Err.Error()
	}
	return w.File + ": " + w.Where + ": " + w.Err.Error()
}

func (w *Warning) Unwrap() error { return w.Err }

// Extractor extracts hits with one set of options. It is safe for
// concurrent use by several goroutines, each on its own input.
type Extractor struct {
	opts    Options
	keep    map[string]bool // scheme filter; nil = default
	keepAll bool
}

// New checks opts and returns an Extractor. A relative or unparsable
// Options.Base is an error (SPEC B3).
func New(opts Options) (*Extractor, error) {
	if opts.Base != "" {
		if _, err := resolve.NewResolver(opts.Base, opts.Resolve); err != nil {
			return nil, &BaseError{Base: opts.Base, Err: err}
		}
		if err := resolve.Validate(resolve.ToASCII(opts.Base)); err != nil { // IRIs as their URIs
			return nil, &BaseError{Base: opts.Base, Err: err}
		}
	}
	if opts.MaxDecoded <= 0 {
		opts.MaxDecoded = DefaultMaxDecoded
	}
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
func schemeOf(uri string) string {
	for i := 0; i < len(uri); i++ {
		c := uri[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(uri[:i])
		default:
			return ""
		}
	}
	return ""
}
