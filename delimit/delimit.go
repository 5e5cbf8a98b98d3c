// Package delimit finds URIs written in plain text: Appendix E of the seed
// draft ("Recommendations for Delimiting URIs in Context") and Appendix F
// ("Abbreviated URLs"), as rules E1–E12 of doc/spec.md §2 write them. It
// knows nothing about files, HTML or mail.
//
// A hit is a URI found in text with its byte offsets, line and column and the
// way it was delimited: bare (Space), in angle brackets (Angle), in double
// quotes (Quote), an abbreviated URL without a scheme (Abbrev, E11), or,
// with Options.Emails, a bare e-mail address (Email). Find returns the hits
// of a byte slice; a Scanner streams them out of an io.Reader, and
// NewBytesScanner out of bytes read in place.
//
// Scanning never runs a regular expression over the input: it skips to the
// next ':' or '<' (and '.' with Options.Abbrev, '@' with Options.Emails)
// with bytes.IndexByte and confirms each candidate locally, looking a few
// bytes back for a scheme and forward for the rest of the URI.
//
// Every decision the package makes is a rule of doc/spec.md §2, with its
// source, its reason and its tests: the scheme (E1) and the scheme names
// that are words or code (E1a), the scheme-specific part (E2), the
// characters of a hit (E3) and its trailing punctuation (E4), angle
// brackets (E5), quotes (E6), mail quote prefixes (E7), a hyphen at a line
// break (E8), the "URL:" prefix (E9), fragments (E10), abbreviated URLs
// (E11) and what is not a hit, e-mail addresses included (E12).
//
// # Security considerations
//
// Memory is bounded whatever the input and time is linear in its size
// (doc/spec.md L1, L4): the Scanner keeps one buffer of about 1 MiB, a hit
// longer than MaxHit bytes is cut there and marked Truncated, and hits
// spanning lines end within 8 lines and 4 KiB. Invalid UTF-8 never panics
// (L3).
package delimit

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

//go:generate go run gen_schemes.go

// Kind says how a hit was delimited in the text (SPEC §2, E5, E6, E11).
type Kind uint8

const (
	Space  Kind = iota // bare, whitespace-delimited (E1–E4)
	Angle              // <...> (E5)
	Quote              // "..." (E6)
	Abbrev             // abbreviated URL without a scheme (E11)
	Email              // bare e-mail address, with Options.Emails
)

// String returns the JSON name of the kind: space, angle, quote, abbrev,
// email.
func (k Kind) String() string {
	switch k {
	case Angle:
		return "angle"
	case Quote:
		return "quote"
	case Abbrev:
		return "abbrev"
	case Email:
		return "email"
	}
	return "space"
}

// MarshalText returns the kind's String, so that the kind is a JSON
// string.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Flags mark properties of a hit.
type Flags uint8

const (
	// HyphenBreak: a line break right after '-' was inside the hit (E8).
	HyphenBreak Flags = 1 << iota
	// Truncated: the hit was longer than MaxHit and was cut there (SPEC L4).
	Truncated
	// Borrowed: URI and Raw may share the scanned bytes (Options.Borrow).
	Borrowed
)

// MaxHit is the longest hit reported whole (SPEC L4): a longer run of URI
// characters is cut at MaxHit bytes and marked Truncated.
const MaxHit = 64 << 10

// Hyphen is the policy for a hyphen at a line break inside an angle or quote
// hit (E8).
type Hyphen uint8

const (
	HyphenKeep Hyphen = iota // E8: keep the hyphen (default)
	HyphenDrop               // E8: drop the hyphen
	HyphenBoth               // E8: report both variants, hyphen kept first
)

// String returns the policy's flag value: keep, drop or both.
func (h Hyphen) String() string {
	switch h {
	case HyphenDrop:
		return "drop"
	case HyphenBoth:
		return "both"
	case HyphenKeep:
		return "keep"
	}
	return fmt.Sprintf("Hyphen(%d)", uint8(h))
}

// ParseHyphen returns the policy named by s (keep, drop or both, the values
// of --hyphen).
func ParseHyphen(s string) (Hyphen, error) {
	switch s {
	case "keep":
		return HyphenKeep, nil
	case "drop":
		return HyphenDrop, nil
	case "both":
		return HyphenBoth, nil
	}
	return HyphenKeep, fmt.Errorf("delimit: unknown hyphen policy %q (want keep, drop or both)", s)
}

// MarshalText returns the policy's String.
func (h Hyphen) MarshalText() ([]byte, error) {
	if h > HyphenBoth {
		return nil, fmt.Errorf("delimit: unknown hyphen policy %d", uint8(h))
	}
	return []byte(h.String()), nil
}

// UnmarshalText sets the policy named by text (see ParseHyphen).
func (h *Hyphen) UnmarshalText(text []byte) error {
	v, err := ParseHyphen(string(text))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// Options tune delimiting. The zero value is the default of SPEC §2.
type Options struct {
	Hyphen Hyphen // E8: policy for a hyphen at a line break
	Abbrev bool   // E11: find www.host/path, ftp.host/path and host.tld/path without a scheme
	// Emails: find bare e-mail addresses (user@example.com) and report
	// them as mailto: URIs of Kind Email (the CLI's --emails).
	Emails bool
	// LineBuffered: the input arrives as it is written (a pipe, a
	// terminal). A Scanner then reports a hit as soon as the lines that
	// decide it have been read, instead of waiting for a full buffer of
	// look-ahead, and never blocks in a read while it holds a hit it could
	// report. The hits are the same.
	LineBuffered bool
	// NoLines: the caller has no use for Hit.Line and Hit.Col, which are
	// then left 0; the line ends before each hit are not counted, work
	// that costs as much as a tenth of the scan of plain text (SPEC PF1).
	NoLines bool
	// Borrow lets a Scanner over bytes (NewBytesScanner) report hits whose
	// URI and Raw share those bytes instead of holding copies, marked
	// Borrowed: no allocation per hit, which is most of what a hit costs
	// on a large text file besides the scan (SPEC PF3). Such strings are
	// valid only while the bytes are (a mapped file: until it is
	// unmapped); a caller copies (strings.Clone) what it keeps. Other
	// scanners, and Find, ignore it.
	Borrow bool
	// Refang reads defanged URIs as the URIs they stand for
	// (doc/spec.md U2): hxxp, hxxps, hXXp and fxp as schemes; [.], (.),
	// {.}, [dot] and (dot) as '.'; [:] as ':', [://] as "://", [/] as '/',
	// [@] and [at] as '@'. The hits are those the text rules find in the
	// text so read; URI is refanged, Raw, offsets and column are those of
	// the text as written. Without it a hit holding a defanged form is no
	// URI, and is not reported. A Scanner over bytes (NewBytesScanner)
	// then reads them as a stream, and does not release or borrow them.
	Refang bool
}

// Hit is one URI found in text (SPEC §2).
type Hit struct {
	URI        string // the URI as extracted: delimiters, URL: prefix and whitespace removed (E5, E7, E9); with the scheme added for Abbrev (E11) and "mailto:" for Email
	Raw        string // the text as written: input[Start:End]
	Start, End int64  // byte offsets of the whole delimited form, brackets, quotes and URL: prefix included
	Line, Col  int    // 1-based line and byte column of Start
	Kind       Kind
	Flags      Flags
}

// Find returns every hit in text, in order (E1–E12). It is the Scanner over
// text without copying it; the hits are the same as the Scanner's.
func Find(text []byte, opts Options) []Hit {
	if !MayHold(text, opts) {
		return nil
	}
	var rf *refanger
	if opts.Refang {
		// Read refanged into a copy, no longer than text.
		rf = newRefanger(bytes.NewReader(text))
		text, _ = io.ReadAll(rf)
	}
	s := &Scanner{opts: opts, buf: text[:len(text):len(text)], n: len(text), eof: true, rf: rf}
	s.init()
	var hits []Hit
	for s.Scan() {
		hits = append(hits, s.Hit())
	}
	return hits
}

// MayHold reports whether text may hold a hit with opts: every hit but an
// abbreviated URL (E11) or an e-mail address has its scheme's colon (E1).
// Most of the short texts of markup (a Markdown paragraph's runs, an
// element's text) have none, and one IndexByte tells them apart where
// setting up a Scanner costs more.
func MayHold(text []byte, opts Options) bool {
	return opts.Abbrev || opts.Emails || bytes.IndexByte(text, ':') >= 0
}

// InertColon reports whether no hit can start at a colon between the
// bytes prev and next (prev 0 when there is none; E1, E12), as noURIAt
// says for the Scanner: next is no URI character ("Note: see") nor a
// control byte up to '\r' (E8a joins "https:" at a line end to "//host"
// on the next line), or it stands between two digits ("10:30"), where a
// scheme would end in a digit and its part start with one, and no scheme
// written without "//" (E1a) or wrapping another URI ends in a digit.
// Every hit but one in angle brackets (E5), found from its '<', starts at
// a colon that is not inert; so a text with no '<' whose every colon is
// inert, or ends it, holds no hit when opts leave out Abbrev and Emails,
// as one with no colon (MayHold).
func InertColon(prev, next byte) bool {
	return '\r' < next && next < utf8.RuneSelf && (ctab[next]&cURI == 0 || isDigit(prev) && isDigit(next))
}

// KnownScheme reports whether name (any case) is in the embedded URI scheme
// registry (E1): IANA permanent, provisional and historical schemes plus the
// common ones added by hand (see README.md).
func KnownScheme(name string) bool {
	if len(name) > maxSchemeLen {
		return false
	}
	return lookupScheme([]byte(name)) != 0
}

// sspClass is the E2 class of a scheme's scheme-specific part.
type sspClass uint8

const (
	sspOpaque    sspClass = iota + 1 // non-empty scheme-specific part
	sspAuthority                     // "//" and a non-empty authority
	sspFile                          // a path: file:/x, file:///x
)

// lookupScheme returns the class of the scheme name b (any case), 0 if it
// is not registered (E1). It does not allocate.
func lookupScheme(b []byte) sspClass {
	if len(b) > maxSchemeLen {
		return 0
	}
	var low [maxLook]byte
	return schemeClass(lowerName(b, &low))
}

// lowerName returns b, at most maxLook bytes, in ASCII lowercase, in low.
func lowerName(b []byte, low *[maxLook]byte) []byte {
	n := copy(low[:], b)
	for i, c := range low[:n] {
		if 'A' <= c && c <= 'Z' {
			low[i] = c + 'a' - 'A'
		}
	}
	return low[:n]
}

// schemeClass returns the class of the lowercase scheme name, 0 if it is
// not registered (E1).
func schemeClass(name []byte) sspClass {
	if len(name) > maxSchemeLen {
		return 0
	}
	for i := schemeHash(name); ; i = (i + 1) & (len(schemeTab) - 1) {
		e := &schemeTab[i]
		if e.class == 0 {
			return 0
		}
		if e.name == string(name) {
			return e.class
		}
	}
}

// schemeTab holds the schemes map in an open-addressing table a quarter
// full: a lookup costs a short hash and mostly one comparison, less than a
// map access, which counts on text where most colons are no URI (SPEC PF1).
var schemeTab = func() (t [1024]struct {
	name  string
	class sspClass
}) {
	for name, class := range schemes {
		i := schemeHash([]byte(name))
		for t[i].class != 0 {
			i = (i + 1) & (len(t) - 1)
		}
		t[i].name, t[i].class = name, class
	}
	return t
}()

// schemeHash is FNV-1a of name, folded to an index of schemeTab.
func schemeHash(name []byte) int {
	h := uint32(2166136261)
	for _, c := range name {
		h ^= uint32(c)
		h *= 16777619
	}
	return int((h ^ h>>10) & 1023)
}
