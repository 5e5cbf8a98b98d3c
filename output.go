package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/resolve"
)

// Output (SPEC §7): one printer per format. The command line chooses one
// (newPrinter) and nothing else knows the output flags.

// printer writes hits in one format. Write errors are kept by the
// underlying bufio.Writer and come back from out().Flush.
type printer interface {
	hit(h extract.Hit)
	finish() // after the last hit
	out() *sink
}

// sink is what every printer writes to: the buffered output, the line
// terminator (newline, or NUL with -0), whether to flush after every line
// (a person is watching), and how many results were printed.
type sink struct {
	w        *bufio.Writer
	eol      byte
	eachLine bool
	printed  int
}

func (s *sink) out() *sink { return s }

// endLine ends an output line.
func (s *sink) endLine() {
	s.w.WriteByte(s.eol)
	s.printed++
	if s.eachLine {
		s.w.Flush()
	}
}

// plainPrinter prints one URI per line.
type plainPrinter struct{ *sink }

func (p plainPrinter) hit(h extract.Hit) {
	p.w.WriteString(h.URI)
	p.endLine()
}

func (plainPrinter) finish() {}

// tsvPrinter prints link-graph edges, page<TAB>uri<TAB>kind (SPEC §7a):
// the page is a WARC record's target URI, else the input's name. Tabs and
// line ends in a field are percent-encoded, so that every edge is one line
// of three fields.
type tsvPrinter struct{ *sink }

var tsvEscaper = strings.NewReplacer("\t", "%09", "\n", "%0A", "\r", "%0D", "\x00", "%00")

func (p tsvPrinter) hit(h extract.Hit) {
	page := h.Page
	if page == "" {
		page = h.File
	}
	tsvEscaper.WriteString(p.w, page)
	p.w.WriteByte('\t')
	tsvEscaper.WriteString(p.w, h.URI)
	p.w.WriteByte('\t')
	p.w.WriteString(h.Kind)
	p.endLine()
}

func (tsvPrinter) finish() {}

// positionPrinter prints FILE:LINE:COL: URI, as grep -n does, with the
// prefix coloured as grep and ripgrep colour theirs.
type positionPrinter struct {
	*sink
	color   bool
	scratch []byte
}

func (p *positionPrinter) hit(h extract.Hit) {
	b := p.scratch[:0]
	b = paint(b, p.color, "35", h.File)
	b = append(b, ':')
	b = appendLineCol(b, p.color, h)
	p.w.Write(b)
	p.scratch = b
	p.endLine()
}

// appendLineCol appends "LINE:COL: URI", the line number coloured green
// when colouring, as grep and ripgrep colour theirs.
func appendLineCol(b []byte, color bool, h extract.Hit) []byte {
	b = paint(b, color, "32", strconv.Itoa(h.Line))
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(h.Col), 10)
	b = append(b, ": "...)
	return append(b, h.URI...)
}

// paint appends s, in the SGR colour code when color is set. The colour
// ends with s, so that no colour is left open between writes.
func paint(b []byte, color bool, code, s string) []byte {
	if !color {
		return append(b, s...)
	}
	b = append(b, "\x1b["...)
	b = append(b, code...)
	b = append(b, 'm')
	b = append(b, s...)
	return append(b, sgrReset...)
}

func (*positionPrinter) finish() {}

// groupPrinter prints hits as ripgrep prints matches on a terminal: under
// a heading that names their file (when there may be several files), one
// LINE:COL: URI per hit, and a blank line between files.
type groupPrinter struct {
	*sink
	color   bool
	heading bool
	file    string // the file of the last heading
	started bool
	scratch []byte
}

func (p *groupPrinter) hit(h extract.Hit) {
	b := p.scratch[:0]
	if p.heading && (!p.started || h.File != p.file) {
		if p.started {
			b = append(b, '\n')
		}
		b = paint(b, p.color, "35", h.File)
		b = append(b, '\n')
		p.file, p.started = h.File, true
	}
	b = appendLineCol(b, p.color, h)
	p.w.Write(b)
	p.scratch = b
	p.endLine()
}

func (*groupPrinter) finish() {}

// jsonPrinter prints JSON Lines, one object per hit.
type jsonPrinter struct {
	*sink
	buf bytes.Buffer
	enc *json.Encoder
}

func newJSONPrinter(s *sink) *jsonPrinter {
	p := &jsonPrinter{sink: s}
	p.enc = json.NewEncoder(&p.buf)
	p.enc.SetEscapeHTML(false) // URIs hold <, > and &
	return p
}

func (p *jsonPrinter) hit(h extract.Hit) { p.write(h) }

// write writes v as one JSON object ended by the line terminator.
func (p *jsonPrinter) write(v any) {
	p.buf.Reset()
	p.enc.Encode(v) // a Hit or a count row always encodes
	p.w.Write(bytes.TrimSuffix(p.buf.Bytes(), []byte("\n")))
	p.endLine()
}

func (*jsonPrinter) finish() {}

// countPrinter counts hits per scheme and host and prints the counts,
// most first, at the end (--count); as JSON Lines with --format json.
type countPrinter struct {
	*sink
	json   *jsonPrinter // nil: plain lines
	counts map[[2]string]int
}

func (p *countPrinter) hit(h extract.Hit) {
	r := resolve.Parse(h.URI)
	scheme := strings.ToLower(r.Scheme)
	if !r.HasScheme {
		scheme = "(relative)" // left unresolved: no base (B2)
	}
	p.counts[[2]string{scheme, strings.ToLower(r.Host)}]++
}

func (p *countPrinter) finish() {
	type row struct {
		Count  int    `json:"count"`
		Scheme string `json:"scheme"`
		Host   string `json:"host"`
	}
	rows := make([]row, 0, len(p.counts))
	for k, n := range p.counts {
		rows = append(rows, row{n, k[0], k[1]})
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Scheme != b.Scheme {
			return a.Scheme < b.Scheme
		}
		return a.Host < b.Host
	})
	for _, r := range rows {
		if p.json != nil {
			p.json.write(r)
			continue
		}
		host := r.Host
		if host == "" {
			host = "-" // no authority: mailto:, urn:, news:
		}
		fmt.Fprintf(p.w, "%7d %s %s", r.Count, r.Scheme, host)
		p.endLine()
	}
}

// uniquePrinter passes each URI on once, in first-seen order (-u).
type uniquePrinter struct {
	printer
	seen map[string]bool
}

func (p uniquePrinter) hit(h extract.Hit) {
	if p.seen[h.URI] {
		return
	}
	p.seen[h.URI] = true
	p.printer.hit(h)
}

// outputSettings are the output flags, read by the command line.
type outputSettings struct {
	format   string // plain or json
	position bool   // -n: FILE:LINE:COL: URI
	grouped  bool   // plain output on a terminal: LINE:COL: URI by file
	heading  bool   // grouped, with a heading per file
	null     bool   // -0
	unique   bool   // -u
	count    bool   // --count
	color    bool
	eachLine bool // flush after every line
}

// newPrinter returns the printer for settings, writing to w.
func newPrinter(o outputSettings, w io.Writer) (printer, error) {
	s := &sink{w: bufio.NewWriterSize(w, 64<<10), eol: '\n', eachLine: o.eachLine}
	if o.null {
		s.eol = 0
	}
	var p printer
	switch {
	case o.format != "plain" && o.format != "json" && o.format != "tsv":
		return nil, usageError("--format %q: want plain, json or tsv", o.format)
	case o.count && o.format == "json":
		p = &countPrinter{sink: s, json: newJSONPrinter(s), counts: make(map[[2]string]int)}
	case o.count:
		p = &countPrinter{sink: s, counts: make(map[[2]string]int)}
	case o.format == "json":
		p = newJSONPrinter(s)
	case o.format == "tsv":
		p = tsvPrinter{s}
	case o.position:
		p = &positionPrinter{sink: s, color: o.color}
	case o.grouped:
		p = &groupPrinter{sink: s, color: o.color, heading: o.heading}
	default:
		p = plainPrinter{s}
	}
	if o.unique {
		p = uniquePrinter{printer: p, seen: make(map[string]bool)}
	}
	return p, nil
}
