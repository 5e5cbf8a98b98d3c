package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v2"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/resolve"
)

// printer writes hits in the chosen format (SPEC §7): plain URIs, grep-style
// positions, NUL-terminated, JSON Lines, or per scheme and host counts.
// On a terminal, plain output carries a coloured FILE:LINE:COL prefix; into a
// pipe it is exactly one URI per line.
type printer struct {
	w        *bufio.Writer
	json     bool            // JSON Lines
	jbuf     bytes.Buffer    // one JSON object, reused
	jenc     *json.Encoder   // writes into jbuf, without HTML escaping
	position bool            // FILE:LINE:COL: prefix
	color    bool            // colour the prefix
	eachLine bool            // flush after every hit: a person is watching
	eol      byte            // '\n', or NUL with -0
	seen     map[string]bool // -u
	counts   map[[2]string]int
	printed  int
	scratch  []byte
}

func newPrinter(c *cli.Context, stdout io.Writer) (*printer, error) {
	p := &printer{w: bufio.NewWriterSize(stdout, 64<<10), eol: '\n', position: c.Bool("with-position")}
	tty := false
	if f, ok := stdout.(*os.File); ok {
		tty = isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
	}
	_, noColor := os.LookupEnv("NO_COLOR")
	var err error
	if p.color, err = colorChoice(c.String("color"), tty, noColor); err != nil {
		return nil, err
	}
	switch c.String("format") {
	case "plain":
		if tty {
			p.position = true // people at a terminal want to know where
		}
		p.eachLine = tty
	case "json":
		p.json = true
		p.jenc = json.NewEncoder(&p.jbuf)
		p.jenc.SetEscapeHTML(false) // URIs hold <, > and &
		p.color = false
	default:
		return nil, usageError("--format %q: want plain or json", c.String("format"))
	}
	if c.Bool("null") {
		p.eol = 0
	}
	if c.Bool("unique") {
		p.seen = make(map[string]bool)
	}
	if c.Bool("count") {
		p.counts = make(map[[2]string]int)
	}
	return p, nil
}

// colorChoice applies --color: auto colours a terminal unless NO_COLOR is
// set (https://no-color.org), always and never do what they say.
func colorChoice(mode string, tty, noColor bool) (bool, error) {
	switch mode {
	case "auto":
		return tty && !noColor, nil
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	return false, usageError("--color %q: want auto, always or never", mode)
}

// hit prints one hit (or counts it).
func (p *printer) hit(h extract.Hit) {
	if p.seen != nil {
		if p.seen[h.URI] {
			return
		}
		p.seen[h.URI] = true
	}
	if p.counts != nil {
		r := resolve.Parse(h.URI)
		scheme := strings.ToLower(r.Scheme)
		if !r.HasScheme {
			scheme = "(relative)" // left unresolved: no base (B2)
		}
		p.counts[[2]string{scheme, strings.ToLower(r.Host)}]++
		p.printed++
		return
	}
	p.printed++
	if p.json {
		p.writeJSON(h)
		return
	}
	if p.position {
		p.prefix(h)
	}
	p.w.WriteString(h.URI)
	p.w.WriteByte(p.eol)
	if p.eachLine {
		p.w.Flush()
	}
}

// prefix writes FILE:LINE:COL: , coloured as grep and ripgrep do.
func (p *printer) prefix(h extract.Hit) {
	b := p.scratch[:0]
	if p.color {
		b = append(b, "\x1b[35m"...)
	}
	b = append(b, h.File...)
	if p.color {
		b = append(b, "\x1b[0m"...)
	}
	b = append(b, ':')
	if p.color {
		b = append(b, "\x1b[32m"...)
	}
	b = strconv.AppendInt(b, int64(h.Line), 10)
	if p.color {
		b = append(b, "\x1b[0m"...)
	}
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(h.Col), 10)
	b = append(b, ": "...)
	p.w.Write(b)
	p.scratch = b
}

// finish prints the counts of --count, most first.
func (p *printer) finish() {
	if p.counts == nil {
		return
	}
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
		if p.json {
			p.writeJSON(r)
			continue
		}
		host := r.Host
		if host == "" {
			host = "-" // no authority: mailto:, urn:, news:
		}
		fmt.Fprintf(p.w, "%7d %s %s%c", r.Count, r.Scheme, host, p.eol)
	}
}

// flush writes out what is buffered. The first write error, such as a
// full disk, is kept by the bufio.Writer and returned by every later call.
func (p *printer) flush() error { return p.w.Flush() }

// writeJSON writes v as one JSON object ended by the line terminator
// (newline, or NUL alone with -0). Write errors are sticky in p.w: see flush.
func (p *printer) writeJSON(v any) {
	p.jbuf.Reset()
	p.jenc.Encode(v) // a Hit or a count row always encodes
	p.w.Write(bytes.TrimSuffix(p.jbuf.Bytes(), []byte("\n")))
	p.w.WriteByte(p.eol)
}
