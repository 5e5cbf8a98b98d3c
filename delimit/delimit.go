// Package delimit owns Appendix E of the seeds: finding the spans of URIs
// written in plain text (SPEC §2, rules E1–E12). It knows nothing about
// files, HTML or mail.
package delimit

import "io"

// Kind says how a hit was delimited in the text (SPEC §2).
type Kind uint8

const (
	Space  Kind = iota // bare, whitespace-delimited
	Angle              // <...>
	Quote              // "..."
	Abbrev             // abbreviated URL without a scheme (E11)
)

// String returns the JSON name of the kind: space, angle, quote, abbrev.
func (k Kind) String() string {
	switch k {
	case Angle:
		return "angle"
	case Quote:
		return "quote"
	case Abbrev:
		return "abbrev"
	}
	return "space"
}

// Flags mark properties of a hit.
type Flags uint8

const (
	HyphenBreak Flags = 1 << iota // a line break after '-' was inside the hit (E8)
	Truncated                     // the hit was longer than MaxHit and was cut
)

// MaxHit is the longest hit reported whole (SPEC §8).
const MaxHit = 64 << 10

// Hyphen is the policy for a hyphen at a line break (E8).
type Hyphen uint8

const (
	HyphenKeep Hyphen = iota
	HyphenDrop
	HyphenBoth
)

// Options tune delimiting.
type Options struct {
	Hyphen Hyphen
	Abbrev bool // E11: find www.host/path and ftp.host/path without a scheme
}

// Hit is one URI found in text.
type Hit struct {
	URI        string // the URI as extracted: delimiters, URL: prefix and whitespace removed
	Raw        string // the text as written: input[Start:End]
	Start, End int64  // byte offsets of the whole delimited form, brackets included
	Line, Col  int    // 1-based line and byte column of Start
	Kind       Kind
	Flags      Flags
}

// Scanner streams hits out of an io.Reader. STUB.
type Scanner struct{}

// NewScanner returns a scanner over r. STUB.
func NewScanner(r io.Reader, opts Options) *Scanner { return &Scanner{} }

// Scan advances to the next hit. STUB.
func (s *Scanner) Scan() bool { return false }

// Hit returns the current hit. STUB.
func (s *Scanner) Hit() Hit { return Hit{} }

// Err returns the first read error other than io.EOF. STUB.
func (s *Scanner) Err() error { return nil }

// Find returns every hit in text. STUB.
func Find(text []byte, opts Options) []Hit { return nil }

// KnownScheme reports whether name (any case) is in the embedded IANA registry (E1). STUB.
func KnownScheme(name string) bool { return false }
