package printer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/urix/urix/internal/safe"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// plainPrinter prints one URI per line. Like every printer it makes
// the line whole before it writes any of it: a Borrowed hit's URI is in
// the input's memory, and reading it may fault (a mapped file cut short
// while read), which must leave no part of a line in the output.
type plainPrinter struct {
	*sink
	scratch []byte
}

func (p *plainPrinter) Hit(h *reader.Hit) {
	u := h.URI
	if p.terminal {
		u = safe.URI(u)
	}
	if len(u) < p.w.Available() {
		// Made with its line end in the writer's free room
		// (bufio.Writer.AvailableBuffer): nothing is written before the
		// copy is whole, and it is the only one.
		p.w.Write(append(append(p.w.AvailableBuffer(), u...), p.eol))
		p.lineDone()
		return
	}
	p.scratch = append(p.scratch[:0], u...)
	p.w.Write(p.scratch)
	p.endLine()
}

func (*plainPrinter) Finish() {}

// tsvPrinter prints link-graph edges, page<TAB>uri<TAB>kind (SPEC CL8, W3):
// the page is a WARC record's target URI, else the input's name. Tabs and
// line ends in a field are percent-encoded, so that every edge is one line
// of three fields; on a terminal, the other controls are escaped too.
type tsvPrinter struct {
	*sink
	scratch []byte
}

var tsvEscaper = strings.NewReplacer("\t", "%09", "\n", "%0A", "\r", "%0D", "\x00", "%00")

func (p *tsvPrinter) Hit(h *reader.Hit) {
	p.scratch = p.appendTSV(p.scratch[:0], h)
	p.w.Write(p.scratch)
	p.endLine()
}

// appendTSV appends h's edge as tsvPrinter prints it, without the line end.
func (s *sink) appendTSV(b []byte, h *reader.Hit) []byte {
	page := h.Page
	if page == "" {
		page = where(h)
	}
	b = s.appendText(b, tsvEscaper.Replace(page))
	b = append(b, '\t')
	b = s.appendURI(b, tsvEscaper.Replace(h.URI))
	b = append(b, '\t')
	return s.appendText(b, h.Kind)
}

func (*tsvPrinter) Finish() {}

// positionPrinter prints FILE:LINE:COL: URI, as grep -n does, with the
// prefix coloured as grep and ripgrep colour theirs.
type positionPrinter struct {
	*sink
	color   bool
	scratch []byte
}

func (p *positionPrinter) Hit(h *reader.Hit) {
	b := p.scratch[:0]
	b = paint(b, p.color, "35", p.appendText, shownWhere(h))
	b = append(b, ':')
	b = p.appendLineCol(b, p.color, h)
	p.w.Write(b)
	p.scratch = b
	p.endLine()
}

// appendLineCol appends "LINE:COL: URI", the line number coloured green
// when colouring, as grep and ripgrep colour theirs; "page N: URI" for a
// hit of a PDF page, which has no line (doc/spec.md P3).
func (s *sink) appendLineCol(b []byte, color bool, h *reader.Hit) []byte {
	if h.Line == 0 && h.PDFPage > 0 {
		b = paint(b, color, "32", appendString, "page "+strconv.Itoa(h.PDFPage))
		b = append(b, ": "...)
		return s.appendURI(b, h.URI)
	}
	b = paint(b, color, "32", appendString, strconv.Itoa(h.Line))
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(h.Col), 10)
	b = append(b, ": "...)
	return s.appendURI(b, h.URI)
}

// paint appends s with add, in the SGR colour code when color is set.
// The colour ends with s, so that no colour is left open between writes.
func paint(b []byte, color bool, code string, add func([]byte, string) []byte, s string) []byte {
	if !color {
		return add(b, s)
	}
	b = append(b, "\x1b["...)
	b = append(b, code...)
	b = append(b, 'm')
	b = add(b, s)
	return append(b, ResetColor...)
}

func appendString(b []byte, s string) []byte { return append(b, s...) }

// shownWhere is where(h) as a person reads it: standard input is
// (standard input).
func shownWhere(h *reader.Hit) string {
	if h.File == "-" {
		return whereIn(StdinName, h.Member)
	}
	return where(h)
}

// where names the file of a hit, and the archive member it is in as the
// jar: form writes one: "site.zip!/guide/a.html" (doc/spec.md
// A2).
func where(h *reader.Hit) string { return whereIn(h.File, h.Member) }

// whereIn is where for a file and member.
func whereIn(file, member string) string {
	if member == "" {
		return file
	}
	return file + "!/" + member
}

func (*positionPrinter) Finish() {}

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

func (p *groupPrinter) Hit(h *reader.Hit) {
	b := p.scratch[:0]
	if w := shownWhere(h); p.heading && (!p.started || w != p.file) {
		if p.started {
			b = append(b, '\n')
		}
		b = paint(b, p.color, "35", p.appendText, w)
		b = append(b, '\n')
		p.file, p.started = w, true
	}
	b = p.appendLineCol(b, p.color, h)
	p.w.Write(b)
	p.scratch = b
	p.endLine()
}

func (*groupPrinter) Finish() {}

// jsonPrinter prints JSON Lines, one object per hit. DEL and the C1
// controls, which encoding/json leaves raw, are escaped as \u0085, and
// on a terminal the bidi controls too (SPEC L12).
type jsonPrinter struct {
	*sink
	buf bytes.Buffer
	enc *json.Encoder
}

// newJSONEncoder returns the encoder of JSON output, writing to w.
func newJSONEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // URIs hold <, > and &
	return enc
}

func newJSONPrinter(s *sink) *jsonPrinter {
	p := &jsonPrinter{sink: s}
	p.enc = newJSONEncoder(&p.buf)
	return p
}

func (p *jsonPrinter) Hit(h *reader.Hit) {
	r := RecordOf(h)
	p.write(&r)
}

// write writes v as one JSON object ended by the line terminator.
func (p *jsonPrinter) write(v any) {
	p.buf.Reset()
	p.enc.Encode(v) // a Record or a count row always encodes
	p.w.Write(safe.JSON(bytes.TrimSuffix(p.buf.Bytes(), []byte("\n")), p.terminal))
	p.endLine()
}

func (*jsonPrinter) Finish() {}

// countPrinter counts hits per scheme and host and prints the counts,
// most first, at the end (--count); as JSON Lines with --format json.
type countPrinter struct {
	*sink
	json *jsonPrinter // nil: plain lines
	rows []countRow
	// row is the index in rows of each scheme and host. It is only read
	// once a key is in: a map assignment stores its key again, and a
	// Borrowed hit's strings must not be kept.
	row map[[2]string]int
}

// countRow is one line of --count.
type countRow struct {
	Count  int    `json:"count"`
	Scheme string `json:"scheme"`
	Host   string `json:"host"`
}

func (p *countPrinter) Hit(h *reader.Hit) {
	r := resolve.Parse(h.URI)
	scheme := strings.ToLower(r.Scheme)
	if !r.HasScheme {
		scheme = "(relative)" // left unresolved: no base (B2)
	}
	k := [2]string{scheme, strings.ToLower(r.Host)}
	i, ok := p.row[k]
	if !ok {
		k = [2]string{strings.Clone(k[0]), strings.Clone(k[1])} // kept: its own copy
		i = len(p.rows)
		p.rows = append(p.rows, countRow{Scheme: k[0], Host: k[1]})
		p.row[k] = i
	}
	p.rows[i].Count++
}

func (p *countPrinter) Finish() {
	rows := p.rows
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
		if p.terminal {
			r.Scheme, host = safe.Text(r.Scheme), safe.Text(host)
		}
		fmt.Fprintf(p.w, "%7d %s %s", r.Count, r.Scheme, host)
		p.endLine()
	}
}

// filesPrinter prints the name of each input that has a hit, once, at
// its first hit (-l, as grep -l): the input's name, not the archive
// member's.
type filesPrinter struct {
	*sink
	color   bool
	seen    map[string]bool
	scratch []byte
}

func (p *filesPrinter) Hit(h *reader.Hit) {
	if p.seen[h.File] {
		return
	}
	p.seen[h.File] = true
	name := h.File
	if name == "-" {
		name = StdinName
	}
	p.scratch = paint(p.scratch[:0], p.color, "35", p.appendText, name)
	p.w.Write(p.scratch)
	p.endLine()
}

func (*filesPrinter) Finish() {}

// interleaved is the grouped view of inputs whose hits come interleaved
// (--unordered -j N): the hits of one input, the current one, are printed
// as they come; those of the others are held, each input's apart, until
// the current one is done. Then the held inputs are printed in the order
// their first hit came, whole when they are done too, and the first one
// still running becomes the current one. Each heading comes once.
type interleaved struct {
	*groupPrinter
	current string // the input printed as it comes, if live
	live    bool
	waiting []string // inputs with held hits, in the order of their first
	held    map[string][]reader.Hit
	done    map[string]bool // inputs of waiting that are done
}

func newInterleaved(p *groupPrinter) *interleaved {
	return &interleaved{groupPrinter: p, held: make(map[string][]reader.Hit), done: make(map[string]bool)}
}

func (p *interleaved) Hit(h *reader.Hit) {
	if !p.live {
		p.current, p.live = h.File, true
	}
	if h.File == p.current {
		p.groupPrinter.Hit(h)
		return
	}
	if _, ok := p.held[h.File]; !ok {
		p.waiting = append(p.waiting, h.File)
	}
	k := *h
	k.Own() // before it is kept: reading a borrowed hit may fault
	p.held[h.File] = append(p.held[h.File], k)
}

func (p *interleaved) Done(file string) {
	switch {
	case p.live && file == p.current:
		p.live = false
	case p.held[file] != nil:
		p.done[file] = true
	}
	for !p.live && len(p.waiting) > 0 {
		f := p.waiting[0]
		p.waiting = p.waiting[1:]
		for i := range p.held[f] {
			p.groupPrinter.Hit(&p.held[f][i])
		}
		delete(p.held, f)
		if !p.done[f] {
			p.current, p.live = f, true
		}
		delete(p.done, f)
	}
}

func (p *interleaved) Finish() {
	p.live = false
	for _, f := range p.waiting {
		p.done[f] = true
	}
	p.Done("")
}
