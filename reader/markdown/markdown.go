// Package markdown reads Markdown documents (doc/spec.md §7a): CommonMark
// with GFM autolinks.
//
// The document is read by package mdscan, a link reader of the project's
// own that builds no tree and works in time linear in the document
// (doc/spec.md §8): goldmark, which urix used before, takes quadratic time
// on inputs such as "[a](b" repeated, and its tree grows with the
// document. goldmark stays as the test oracle: mdscan gives its
// destinations on the CommonMark spec's examples, the GFM autolink
// examples and every Markdown file of testdata, and this reader gives the
// hits the goldmark-based reader gave (TestReaderAgainstGoldmark), with
// the differences listed in mdscan's package doc. What is reported:
//
//	md-link        the destination of an inline or reference link
//	md-image       the source of an image
//	md-autolink    <http://a/b>, <user@host> (as mailto:), and bare GFM autolinks
//	md-definition  the destination of a link reference definition
//	html-attr      links in raw HTML (blocks and inline tags), read by htmlbase
//	html-text      URIs in the text of HTML blocks
//	space, ...     URIs written in prose, found by delimit
//
// Code spans and code blocks are scanned (with delimit) only with
// Options.IncludeCode. A <base href> in raw HTML does not change the base:
// Markdown has no base of its own, and a renderer does not put the <base>
// where it would apply. A link inside an image's description is no link:
// a renderer turns it into alt text.
//
// Positions are exact: a destination's span is the destination as written
// (inside <...> when so written; a reference link points at its
// definition's destination), an autolink's span the text between its
// brackets.
//
// Reading: the document is read whole, up to reader.Options.MaxDecoded
// bytes (a reference may come before its definition); a larger one fails
// with limit.ErrTooLarge, after no hits. After another read error, what
// was read is scanned and the error returned.
package markdown

import (
	"bytes"
	"errors"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/markdown/mdscan"
	"github.com/urix/urix/resolve"
)

// Name is the format's name, as --type gives it.
const Name = "markdown"

// Options are Markdown's own options.
type Options struct {
	// IncludeCode scans the code spans and code blocks for URIs too
	// (--include-code); by default they are skipped.
	IncludeCode bool

	// RootDir, when set, is the directory that root-relative references
	// ("/img/a.png") of Markdown files are relative to (--root-dir), as a
	// static site generator sees them: "/p" becomes the run's --base +
	// "/p" when one is given, else the file:// URI of RootDir + "/p".
	// Without it such a reference is resolved as RFC 3986 says (against a
	// file's file:// URI that is the file system's root) and marked
	// Hit.RootRelative.
	RootDir string

	// noLinkify reads plain CommonMark, without GFM autolinks (the
	// CommonMark conformance test).
	noLinkify bool
}

// New returns Markdown's entry of the format table, reading with o.
func New(o Options) *reader.Format {
	return &reader.Format{
		Name:       Name,
		Extensions: []string{".md", ".markdown", ".mdown", ".mkd"},
		MediaTypes: []string{"text/markdown"},
		ByName:     true,
		Read:       func(c *reader.Content, s reader.Sink) error { return read(c, s, o) },
	}
}

// bufs are the buffers documents are read into: a hit copies what it
// keeps, so a buffer serves the next document (one up to 4 MiB is kept).
var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func read(c *reader.Content, s reader.Sink, o Options) error {
	buf := bufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 4<<20 {
			buf.Reset()
			bufs.Put(buf)
		}
	}()
	buf.Reset()
	_, err := buf.ReadFrom(limit.Reader(c.R, s.Options().MaxDecoded, limit.ErrTooLarge))
	if errors.Is(err, limit.ErrTooLarge) {
		return err
	}
	src := buf.Bytes()
	m := &mdReader{s: s, o: o, c: c, src: src, lines: lineStarts(src)}
	m.read()
	return err // a read error: what was read was still scanned
}

// mdReader turns the events of one document into hits.
type mdReader struct {
	s     reader.Sink
	o     Options
	c     *reader.Content
	src   []byte
	lines []int // byte offset of the start of each line

	// The run of text (or code) events being gathered: runs whose only
	// bytes between are white space or a block quote's '>' (a soft line
	// break) are scanned as one text, as the goldmark reader scanned a
	// run of text nodes.
	runStart, runEnd int
	runCode          bool
}

// read scans the document and reports its hits.
func (m *mdReader) read() {
	m.runStart = -1
	mdscan.Scan(m.src, mdscan.Options{Linkify: !m.o.noLinkify}, m.event)
	m.flush()
}

// event reports what one event of mdscan holds.
func (m *mdReader) event(e mdscan.Event) {
	if m.s.Err() != nil {
		return
	}
	switch e.Kind {
	case mdscan.Text:
		m.gather(e.Start, e.End, false)
		return
	case mdscan.Code:
		if m.o.IncludeCode {
			m.gather(e.Start, e.End, true)
		}
		return
	}
	m.flush()
	switch e.Kind {
	case mdscan.Link:
		if !e.InImage {
			m.hit("md-link", e.Dest, e.Start, e.End)
		}
	case mdscan.Image:
		if !e.InImage {
			m.hit("md-image", e.Dest, e.Start, e.End)
		}
	case mdscan.Definition:
		m.hit("md-definition", e.Dest, e.Start, e.End)
	case mdscan.Autolink, mdscan.ExtAutolink:
		ref := e.Dest
		if e.Email && !strings.HasPrefix(strings.ToLower(ref), "mailto:") {
			ref = "mailto:" + ref
		}
		if len(ref) > 4 && strings.EqualFold(ref[:4], "URL:") {
			ref = strings.TrimSpace(ref[4:]) // <URL:http://a/b>: the prefix is not a scheme (E9)
		}
		m.hit("md-autolink", ref, e.Start, e.End)
	case mdscan.RawHTML, mdscan.HTMLBlock:
		m.html(e.Start, e.End)
	}
}

// gather adds src[start:end] to the run being gathered, or starts a new
// one.
func (m *mdReader) gather(start, end int, code bool) {
	if start >= end {
		return
	}
	if m.runStart >= 0 && (code != m.runCode || start < m.runEnd || !onlyBlank(m.src[m.runEnd:start])) {
		m.flush()
	}
	if m.runStart < 0 {
		m.runStart, m.runCode = start, code
	}
	m.runEnd = end
}

// flush scans the run gathered with delimit.
func (m *mdReader) flush() {
	if m.runStart >= 0 && m.runEnd > m.runStart {
		m.prose(m.runStart, m.runEnd)
	}
	m.runStart = -1
}

// onlyBlank reports whether b holds only white space and '>'.
func onlyBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '>' {
			return false
		}
	}
	return true
}

// hit reports a reference ref found at src[start:end].
func (m *mdReader) hit(kind, ref string, start, end int) {
	h := reader.NewHit(m.c, kind, ref, string(m.src[start:end]), m.span(start, end), 0)
	h.SameDocument = ref == "" || ref[0] == '#'
	h.Source = resolve.FromMarkup
	base := m.c.Base
	if isRootRelative(ref) {
		if root := m.o.RootDir; root != "" {
			base = rootBase(root, m.s.Options().Base)
			h.URI = strings.TrimSuffix(base, "/") + h.URI
		} else if strings.HasPrefix(base, "file:") {
			h.RootRelative = true
		}
	}
	m.s.Report(h, base)
}

// isRootRelative reports whether ref is a path-absolute reference: "/x",
// not "//host".
func isRootRelative(ref string) bool {
	return strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//")
}

// rootBase is what a root-relative reference is appended to under
// Options.RootDir: the run's --base when set, else the directory's
// file:// URI.
func rootBase(root, base string) string {
	if base != "" {
		return base
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = root
	}
	return reader.FileURI(abs)
}

// prose reports the delimit hits of src[start:end].
func (m *mdReader) prose(start, end int) {
	for _, dh := range delimit.Find(m.src[start:end], m.s.Options().Delimit) {
		s, e := start+int(dh.Start), start+int(dh.End)
		m.s.Report(reader.NewHit(m.c, dh.Kind.String(), dh.URI, dh.Raw, m.span(s, e), dh.Flags), m.c.Base)
	}
}

// html reads the raw HTML src[start:end] with htmlbase; its links are
// resolved against the content's base, never a <base> of its own.
func (m *mdReader) html(start, end int) {
	if start < 0 || end > len(m.src) || start >= end {
		return
	}
	if !htmlbase.MayHoldLink(m.src[start:end], m.s.Options().Delimit) {
		return // "</a>", "<br>"
	}
	opts := htmlbase.Options{Charset: "utf-8", Delimit: m.s.Options().Delimit}
	opts.Emit = func(l htmlbase.Link) {
		s, e := start+int(l.Offset), start+int(l.End)
		e = min(max(e, s), end)
		kind := "html-attr"
		if l.Text {
			kind = "html-text"
		}
		h := reader.NewHit(m.c, kind, l.Ref, l.Raw, m.span(s, e), l.Flags)
		h.Element, h.Attr, h.SameDocument, h.Source = l.Element, l.Attr, l.SameDocument, resolve.FromHTML
		m.s.Report(h, m.c.Base)
	}
	_, _ = htmlbase.Read(bytes.NewReader(m.src[start:end]), opts)
}

// span returns the span of src[start:end].
func (m *mdReader) span(start, end int) reader.Span {
	l, c := lineCol(m.lines, start)
	el, ec := lineCol(m.lines, end)
	return reader.Span{Line: l, Col: c, EndLine: el, EndCol: ec, Start: int64(start), End: int64(end)}
}

// lineStarts returns the offset of the start of every line of src.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i := 0; ; {
		k := bytes.IndexByte(src[i:], '\n')
		if k < 0 {
			return starts
		}
		i += k + 1
		starts = append(starts, i)
	}
}

// lineCol returns the 1-based line and byte column of offset off.
func lineCol(starts []int, off int) (line, col int) {
	i := sort.SearchInts(starts, off+1) - 1
	return i + 1, off - starts[i] + 1
}
