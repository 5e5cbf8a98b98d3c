package markdown

// The Markdown reader as it was before package mdscan: goldmark parses the
// document and its tree is walked. It stays as the test oracle of the
// reader (TestReaderAgainstGoldmark, FuzzReaderAgainstGoldmark).

import (
	"bytes"
	"errors"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// Markdown (SPEC §7a) is parsed with goldmark: CommonMark, plus the GFM
// autolinks of its linkify extension. What is reported:
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
// where it would apply.
//
// Positions are exact: a destination's span is the destination as written
// (inside <...> when so written; a reference link points at its
// definition's destination), an autolink's span the text between its
// brackets. A link whose destination goldmark copied (tabs in a container
// block) points at the link's start, with no length.
//
// Reading: goldmark parses a whole document from memory, so a Markdown
// input is read whole, up to reader.Options.MaxDecoded bytes; a larger one fails
// with ErrTooLarge, after no hits (a part of a document would lose the
// reference definitions after the cut). After another read error, what
// was read is scanned and the error returned.

// mdParser reads Markdown as urix's goldmark reader did: CommonMark with
// GFM autolinks.
var mdParser = goldmark.New(goldmark.WithExtensions(extension.Linkify)).Parser()

// gmBufs are the buffers documents are read into: a hit copies what it
// keeps, so a buffer serves the next document (one up to 4 MiB is kept).
var gmBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func readGoldmark(c *reader.Content, s reader.Sink, o Options) error {
	buf := gmBufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 4<<20 {
			buf.Reset()
			gmBufs.Put(buf)
		}
	}()
	buf.Reset()
	_, err := buf.ReadFrom(limit.Reader(c.R, s.Options().MaxDecoded, limit.ErrTooLarge))
	if errors.Is(err, limit.ErrTooLarge) {
		return err
	}
	src := buf.Bytes()
	m := &gmReader{s: s, o: o, c: c, src: src, lines: gmLineStarts(src)}
	m.read()
	return err // a read error: what was read was still scanned
}

// gmReader finds the links of one Markdown document.
type gmReader struct {
	s     reader.Sink
	o     Options
	c     *reader.Content
	src   []byte
	lines []int // byte offset of the start of each line
	// off is where the part of src being parsed starts: the positions
	// goldmark gives (segments, Pos) are relative to it
	off int
}

// walk parses the whole document with p and reports its links.
func (m *gmReader) walk(p parser.Parser) { m.walkPart(p, 0, len(m.src), nil) }

// walkPart parses src[start:end] with p, in context pc when not nil, and
// reports its links.
func (m *gmReader) walkPart(p parser.Parser, start, end int, pc parser.Context) {
	m.off = start
	var opts []parser.ParseOption
	if pc != nil {
		opts = append(opts, parser.WithContext(pc))
	}
	doc := p.Parse(text.NewReader(m.src[start:end]), opts...)
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if m.s.Err() != nil {
			return ast.WalkStop, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if !gmInImage(n) {
				m.dest(n, "md-link", n.Destination)
			}
		case *ast.Image:
			if !gmInImage(n) {
				m.dest(n, "md-image", n.Destination)
			}
		case *ast.LinkReferenceDefinition:
			m.dest(n, "md-definition", n.Destination)
		case *ast.AutoLink:
			m.autolink(n)
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if m.o.IncludeCode {
				m.textRuns(n.FirstChild())
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if m.o.IncludeCode {
				m.codeBlock(n.Lines())
			}
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			if lines := n.Lines(); lines.Len() > 0 {
				start, end := lines.At(0).Start, lines.At(lines.Len()-1).Stop
				if n.HasClosure() {
					end = n.ClosureLine.Stop
				}
				m.html(m.off+start, m.off+end)
			}
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			if n.Segments.Len() > 0 {
				m.html(m.off+n.Segments.At(0).Start, m.off+n.Segments.At(n.Segments.Len()-1).Stop)
			}
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			// A run of text nodes (an emphasis or a soft line break splits
			// them) is scanned whole; its first node starts it.
			if _, ok := n.PreviousSibling().(*ast.Text); !ok {
				m.textRuns(n)
			}
		}
		return ast.WalkContinue, nil
	})
}

// gmInImage reports whether n is in the description of an image, which a
// renderer turns into plain alt text: a link there is no link.
func gmInImage(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*ast.Image); ok {
			return true
		}
	}
	return false
}

// dest reports the destination of a link, image or definition.
func (m *gmReader) dest(n ast.Node, kind string, d []byte) {
	start, ok := gmOffsetIn(m.src, d)
	if !ok {
		start, d = m.off+max(n.Pos(), 0), nil
		if start > len(m.src) {
			start = len(m.src)
		}
	}
	ref := string(gmUnescapeMarkdown(d))
	m.hit(kind, ref, start, start+len(d))
}

// autolink reports an autolink: <scheme:...>, <address> or a bare one.
func (m *gmReader) autolink(n *ast.AutoLink) {
	part := m.src[m.off:]
	label := n.Label(part)
	start, ok := gmOffsetIn(m.src, label)
	if !ok {
		start, label = m.off+max(n.Pos(), 0), nil
	}
	ref := string(n.URL(part))
	if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(ref), "mailto:") {
		ref = "mailto:" + ref
	}
	if len(ref) > 4 && strings.EqualFold(ref[:4], "URL:") {
		ref = strings.TrimSpace(ref[4:]) // <URL:http://a/b>: the prefix is not a scheme (E9)
	}
	m.hit("md-autolink", ref, start, start+len(label))
}

// hit reports a reference ref found at src[start:end].
func (m *gmReader) hit(kind, ref string, start, end int) {
	h := reader.NewHit(m.c, kind, ref, string(m.src[start:end]), m.span(start, end), 0)
	h.SameDocument = ref == "" || ref[0] == '#'
	h.Source = resolve.FromMarkup
	base := m.c.Base
	if gmIsRootRelative(ref) {
		if root := m.o.RootDir; root != "" {
			base = gmRootBase(root, m.s.Options().Base)
			h.URI = strings.TrimSuffix(base, "/") + h.URI
		} else if strings.HasPrefix(base, "file:") {
			h.RootRelative = true
		}
	}
	m.s.Report(h, base)
}

// gmIsRootRelative reports whether ref is a path-absolute reference: "/x",
// not "//host".
func gmIsRootRelative(ref string) bool {
	return strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//")
}

// gmRootBase is what a root-relative reference is appended to under
// Options.RootDir: Options.Base when set, else the directory's file:// URI.
func gmRootBase(root, base string) string {
	if base != "" {
		return base
	}
	return reader.FileURI(gmAbsPath(root))
}

// textRuns scans the run of sibling text nodes starting at n with delimit,
// as one text where only white space (a soft line break, a block quote's
// '>') lies between them.
func (m *gmReader) textRuns(n ast.Node) {
	start, end := -1, -1
	flush := func() {
		if start >= 0 && end > start {
			m.prose(start, end)
		}
		start, end = -1, -1
	}
	for ; n != nil; n = n.NextSibling() {
		t, ok := n.(*ast.Text)
		if !ok {
			break
		}
		s := t.Segment
		s.Start, s.Stop = m.off+s.Start, m.off+s.Stop
		if s.Padding != 0 || s.Start < m.off || s.Stop > len(m.src) || s.Start >= s.Stop {
			continue
		}
		if start >= 0 && (s.Start < end || !gmOnlyBlank(m.src[end:s.Start])) {
			flush()
		}
		if start < 0 {
			start = s.Start
		}
		end = s.Stop
	}
	flush()
}

func gmOnlyBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '>' {
			return false
		}
	}
	return true
}

// prose reports the delimit hits of src[start:end].
func (m *gmReader) prose(start, end int) {
	for _, dh := range delimit.Find(m.src[start:end], m.s.Options().Delimit) {
		s, e := start+int(dh.Start), start+int(dh.End)
		m.s.Report(reader.NewHit(m.c, dh.Kind.String(), dh.URI, dh.Raw, m.span(s, e), dh.Flags), m.c.Base)
	}
}

// codeBlock scans the lines of a code block (Options.IncludeCode).
func (m *gmReader) codeBlock(lines *text.Segments) {
	if lines.Len() == 0 {
		return
	}
	start, end := m.off+lines.At(0).Start, m.off+lines.At(lines.Len()-1).Stop
	if m.off <= start && start < end && end <= len(m.src) {
		m.prose(start, end)
	}
}

// html reads the raw HTML src[start:end] with htmlbase; its links are
// resolved against the content's base, never a <base> of its own.
func (m *gmReader) html(start, end int) {
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
func (m *gmReader) span(start, end int) reader.Span {
	l, c := gmLineCol(m.lines, m.src, start)
	el, ec := gmLineCol(m.lines, m.src, end)
	return reader.Span{Line: l, Col: c, EndLine: el, EndCol: ec, Start: int64(start), End: int64(end)}
}

// gmLineStarts returns the offset of the start of every line of src.
func gmLineStarts(src []byte) []int {
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

// gmLineCol returns the 1-based line and byte column of offset off.
func gmLineCol(starts []int, src []byte, off int) (line, col int) {
	i := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
	return i + 1, off - starts[i] + 1
}

// gmOffsetIn returns where b lies in src when b is a slice of src's array
// (goldmark hands back destinations as slices of its source).
func gmOffsetIn(src, b []byte) (int, bool) {
	if b == nil || cap(b) == 0 {
		return 0, false
	}
	off := cap(src) - cap(b)
	if off < 0 || off+len(b) > len(src) || off >= cap(src) {
		return 0, false
	}
	if &src[off:cap(src)][0] != &b[:1][0] {
		return 0, false
	}
	return off, true
}

// gmUnescapeMarkdown turns a destination as written into the reference it
// stands for: backslash escapes and character references resolved, as
// CommonMark says.
func gmUnescapeMarkdown(d []byte) []byte {
	if bytes.IndexByte(d, '\\') < 0 && bytes.IndexByte(d, '&') < 0 {
		return d
	}
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(d)))
}

// gmAbsPath returns the absolute form of a path, the path itself when the
// working directory is unknown.
func gmAbsPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
