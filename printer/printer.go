// Package printer writes urix's hits in its output formats (SPEC CL8): one
// URI per line, grep's FILE:LINE:COL: URI (-n), the grouped terminal view
// (a heading per file, LINE:COL: URI), JSON Lines, link-graph TSV
// (page<TAB>uri<TAB>kind), lines ended by NUL (-0), and counts per scheme
// and host (--count); --unique is a wrapper around any of them.
//
// The command line and the Apache Beam pipeline both print through it, so
// that their lines are the same bytes, and the format names are checked
// here alone (ParseFormat).
//
// No field lets an input take over a terminal (SPEC L12): with
// Options.Terminal every field has its controls escaped (package
// internal/safe: file names as \x1b, \u202e; URIs percent-encoded). Into
// a pipe names keep their bytes, except that TSV percent-encodes tabs and
// line ends; JSON always escapes DEL and the C1 controls, and the bidi
// controls too on a terminal.
package printer

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urix/urix/internal/safe"
	"github.com/urix/urix/reader"
)

// Format is an output format, as --format names it.
type Format string

// The output formats (SPEC CL8, W3).
const (
	Plain Format = "plain" // one URI per line
	JSON  Format = "json"  // JSON Lines, one object per hit
	TSV   Format = "tsv"   // page<TAB>uri<TAB>kind edges
)

// formats are the formats ParseFormat accepts, in the order help lists
// them.
var formats = []Format{Plain, JSON, TSV}

// Formats returns the formats ParseFormat accepts, in the order help
// lists them.
func Formats() []Format { return slices.Clone(formats) }

// FormatError is an unknown format name.
type FormatError struct{ Name string }

func (e *FormatError) Error() string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = string(f)
	}
	return fmt.Sprintf("format %q: want %s or %s", e.Name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// ParseFormat returns the format named name, or a *FormatError.
func ParseFormat(name string) (Format, error) {
	for _, f := range formats {
		if string(f) == name {
			return f, nil
		}
	}
	return "", &FormatError{name}
}

// StdinName is how the printed names call standard input ("-"), as grep
// does: in FILE:LINE:COL: (-n), the grouped view's headings and the
// names of -l. JSON and TSV, which programs read, keep "-".
const StdinName = "(standard input)"

// Options say how hits are printed. The zero value prints plain lines.
type Options struct {
	Format   Format
	Position bool // -n: FILE:LINE:COL: URI
	Grouped  bool // plain output on a terminal: LINE:COL: URI by file
	Heading  bool // grouped, with a heading per file
	Null     bool // -0: lines end with NUL
	Unique   bool // -u: each URI once
	Count    bool // --count-hosts: counts per scheme and host
	// PerInput prints how many URIs each input holds instead of them
	// (-c), with the input's name when Names is set.
	PerInput bool
	Names    bool
	Files    bool // -l: the name of each input with a hit, once
	// Unordered says that the hits of several inputs may come
	// interleaved (-j with --unordered): the grouped view then holds the
	// hits of every input but one until Done says which are complete,
	// so that each heading comes once.
	Unordered bool
	Color     bool // colour file names and line numbers
	EachLine  bool // flush after every line: a person is watching
	// Terminal escapes the controls of every field, as the output is a
	// terminal (SPEC L12): file names and other text as \x1b, \u202e,
	// URIs percent-encoded. Into a pipe names keep their bytes.
	Terminal bool
}

// Positions reports whether the printer o asks for shows the line and
// column of hits: -n, the grouped view and JSON do; plain output into a
// pipe, -l, --count and TSV do not, and the readers may leave them out
// (extract.Options.NoPositions).
func (o Options) Positions() bool {
	switch {
	case o.Files || o.PerInput:
		return false
	case o.Format == JSON:
		return true
	case o.Count || o.Format == TSV:
		return false
	}
	return o.Position || o.Grouped
}

// Printer writes hits in one format. Write errors are kept and come back
// from Flush.
type Printer interface {
	// Hit prints h, or keeps what it needs of it: h is not valid after
	// Hit returns (extract.Extractor.File), nor are its URI and Raw when
	// h.Borrowed (a kept string is cloned).
	Hit(h *reader.Hit)
	Finish() // after the last hit
	// Flush writes what is buffered.
	Flush() error
	// Printed is the number of lines printed so far.
	Printed() int
	// Done says that the input named file has no more hits. Only the
	// grouped view of interleaved inputs (Options.Unordered) needs it.
	Done(file string)
}

// ResetColor ends any colour (Select Graphic Rendition 0).
const ResetColor = "\x1b[0m"

// New returns the printer o asks for, writing to w.
func New(w io.Writer, o Options) (Printer, error) {
	if o.Format == "" {
		o.Format = Plain
	}
	if _, err := ParseFormat(string(o.Format)); err != nil {
		return nil, err
	}
	s := &sink{w: bufio.NewWriterSize(w, 64<<10), eol: '\n', eachLine: o.EachLine, terminal: o.Terminal}
	if o.Null {
		s.eol = 0
	}
	var p Printer
	switch {
	case o.PerInput:
		ic := &inputCounts{sink: s, color: o.Color, names: o.Names, n: make(map[string]int)}
		if o.Format == JSON {
			ic.json = newJSONPrinter(s)
		}
		p = ic
	case o.Files:
		p = &filesPrinter{sink: s, color: o.Color, seen: make(map[string]bool)}
	case o.Count && o.Format == JSON:
		p = &countPrinter{sink: s, json: newJSONPrinter(s), row: make(map[[2]string]int)}
	case o.Count:
		p = &countPrinter{sink: s, row: make(map[[2]string]int)}
	case o.Format == JSON:
		p = newJSONPrinter(s)
	case o.Format == TSV:
		p = &tsvPrinter{sink: s}
	case o.Position:
		p = &positionPrinter{sink: s, color: o.Color}
	case o.Grouped && o.Heading && o.Unordered:
		p = newInterleaved(&groupPrinter{sink: s, color: o.Color, heading: true})
	case o.Grouped:
		p = &groupPrinter{sink: s, color: o.Color, heading: o.Heading}
	default:
		p = &plainPrinter{sink: s}
	}
	switch {
	case o.Unique && o.Format == JSON && !o.Count && !o.Files && !o.PerInput:
		p = newUniqueJSON(s) // each URI once, with every place it was found
	case o.Unique:
		p = uniquePrinter{Printer: p, seen: make(map[string]bool)}
	}
	return p, nil
}

// sink is what every printer writes to: the buffered output, the line
// terminator (newline, or NUL with -0), whether to flush after every line
// (a person is watching), whether it is a terminal, and how many results
// were printed.
type sink struct {
	w        *bufio.Writer
	eol      byte
	eachLine bool
	terminal bool
	printed  int
}

// appendText appends a field of text (a file name, a WARC page), its
// controls escaped on a terminal (SPEC L12).
func (s *sink) appendText(b []byte, text string) []byte {
	if s.terminal {
		return safe.AppendText(b, text)
	}
	return append(b, text...)
}

// appendURI appends a URI, its controls percent-encoded on a terminal
// (SPEC L12).
func (s *sink) appendURI(b []byte, uri string) []byte {
	if s.terminal {
		return safe.AppendURI(b, uri)
	}
	return append(b, uri...)
}

func (s *sink) Flush() error { return s.w.Flush() }
func (s *sink) Printed() int { return s.printed }
func (s *sink) Done(string)  {}

// endLine ends an output line.
func (s *sink) endLine() {
	s.w.WriteByte(s.eol)
	s.lineDone()
}

// lineDone counts a line whose end is written, and flushes it when each
// line is to be seen as it comes.
func (s *sink) lineDone() {
	s.printed++
	if s.eachLine {
		s.w.Flush()
	}
}

// uniquePrinter passes each URI on once, in first-seen order (-u).
type uniquePrinter struct {
	Printer
	seen map[string]bool
}

func (p uniquePrinter) Hit(h *reader.Hit) {
	if p.seen[h.URI] {
		return
	}
	p.seen[strings.Clone(h.URI)] = true // kept: its own copy (Hit.Borrowed)
	p.Printer.Hit(h)
}

// Line is h as one line of format f, without the line end, as a pipe
// gets it: for callers that write lines themselves (the Beam pipeline).
// Plain is the bare URI.
func (f Format) Line(h *reader.Hit) string {
	switch f {
	case JSON:
		var b strings.Builder
		enc := newJSONEncoder(&b)
		r := RecordOf(h)
		enc.Encode(&r) // a Record always encodes
		return string(safe.JSON([]byte(strings.TrimSuffix(b.String(), "\n")), false))
	case TSV:
		return string((&sink{}).appendTSV(nil, h))
	}
	return h.URI
}
