package extract

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
	"github.com/urix/urix/extract/limit"
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/resolve"
)

// Markdown is CommonMark with GFM autolinks (SPEC §7a).
const Markdown Type = "markdown"

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
// input is read whole, up to Options.MaxDecoded bytes; a larger one fails
// with ErrTooLarge, after no hits (a part of a document would lose the
// reference definitions after the cut). After another read error, what
// was read is scanned and the error returned.

// mdParser reads Markdown for urix; mdCommonMark is plain CommonMark, as
// the conformance test checks it.
var (
	mdParser     = goldmark.New(goldmark.WithExtensions(extension.Linkify)).Parser()
	mdCommonMark = goldmark.New().Parser()
)

// mdBufs are the buffers documents are read into: a hit copies what it
// keeps, so a buffer serves the next document (one up to 4 MiB is kept).
var mdBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func readMarkdown(j *job, c *content) error {
	buf := mdBufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 4<<20 {
			buf.Reset()
			mdBufs.Put(buf)
		}
	}()
	buf.Reset()
	_, err := buf.ReadFrom(limit.Reader(c.r, j.x.opts.MaxDecoded, ErrTooLarge))
	if errors.Is(err, ErrTooLarge) {
		return err
	}
	src := buf.Bytes()
	m := &mdReader{j: j, c: c, src: src, lines: lineStarts(src)}
	m.read()
	return err // a read error: what was read was still scanned
}

// mdReader finds the links of one Markdown document.
type mdReader struct {
	j     *job
	c     *content
	src   []byte
	lines []int // byte offset of the start of each line
	// off is where the part of src being parsed starts: the positions
	// goldmark gives (segments, Pos) are relative to it
	off int
}

// walk parses the whole document with p and reports its links.
func (m *mdReader) walk(p parser.Parser) { m.walkPart(p, 0, len(m.src), nil) }

// walkPart parses src[start:end] with p, in context pc when not nil, and
// reports its links.
func (m *mdReader) walkPart(p parser.Parser, start, end int, pc parser.Context) {
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
		if m.j.stop != nil {
			return ast.WalkStop, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if !inImage(n) {
				m.dest(n, "md-link", n.Destination)
			}
		case *ast.Image:
			if !inImage(n) {
				m.dest(n, "md-image", n.Destination)
			}
		case *ast.LinkReferenceDefinition:
			m.dest(n, "md-definition", n.Destination)
		case *ast.AutoLink:
			m.autolink(n)
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if m.j.x.opts.IncludeCode {
				m.textRuns(n.FirstChild())
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if m.j.x.opts.IncludeCode {
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

// inImage reports whether n is in the description of an image, which a
// renderer turns into plain alt text: a link there is no link.
func inImage(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*ast.Image); ok {
			return true
		}
	}
	return false
}

// dest reports the destination of a link, image or definition.
func (m *mdReader) dest(n ast.Node, kind string, d []byte) {
	start, ok := offsetIn(m.src, d)
	if !ok {
		start, d = m.off+max(n.Pos(), 0), nil
		if start > len(m.src) {
			start = len(m.src)
		}
	}
	ref := string(unescapeMarkdown(d))
	m.hit(kind, ref, start, start+len(d))
}

// autolink reports an autolink: <scheme:...>, <address> or a bare one.
func (m *mdReader) autolink(n *ast.AutoLink) {
	part := m.src[m.off:]
	label := n.Label(part)
	start, ok := offsetIn(m.src, label)
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
func (m *mdReader) hit(kind, ref string, start, end int) {
	h := m.j.newHit(m.c, kind, resolve.EscapeInvalid(ref), string(m.src[start:end]), m.span(start, end), 0)
	h.SameDocument = ref == "" || ref[0] == '#'
	base := m.c.base
	if isRootRelative(ref) {
		if root := m.j.x.opts.RootDir; root != "" {
			base = rootBase(root, m.j.x.opts.Base)
			h.URI = strings.TrimSuffix(base, "/") + h.URI
		} else if strings.HasPrefix(base, "file:") {
			h.RootRelative = true
		}
	}
	m.j.report(h, base)
}

// isRootRelative reports whether ref is a path-absolute reference: "/x",
// not "//host".
func isRootRelative(ref string) bool {
	return strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//")
}

// rootBase is what a root-relative reference is appended to under
// Options.RootDir: Options.Base when set, else the directory's file:// URI.
func rootBase(root, base string) string {
	if base != "" {
		return base
	}
	return FileURI(absPath(root))
}

// textRuns scans the run of sibling text nodes starting at n with delimit,
// as one text where only white space (a soft line break, a block quote's
// '>') lies between them.
func (m *mdReader) textRuns(n ast.Node) {
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
		if start >= 0 && (s.Start < end || !onlyBlank(m.src[end:s.Start])) {
			flush()
		}
		if start < 0 {
			start = s.Start
		}
		end = s.Stop
	}
	flush()
}

func onlyBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '>' {
			return false
		}
	}
	return true
}

// prose reports the delimit hits of src[start:end].
func (m *mdReader) prose(start, end int) {
	for _, dh := range delimit.Find(m.src[start:end], m.j.x.opts.Delimit) {
		s, e := start+int(dh.Start), start+int(dh.End)
		m.j.report(m.j.newHit(m.c, dh.Kind.String(), dh.URI, dh.Raw, m.span(s, e), dh.Flags), m.c.base)
	}
}

// codeBlock scans the lines of a code block (Options.IncludeCode).
func (m *mdReader) codeBlock(lines *text.Segments) {
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
func (m *mdReader) html(start, end int) {
	if start < 0 || end > len(m.src) || start >= end {
		return
	}
	if !mayHoldHTMLLink(m.src[start:end], m.j.x.opts.Delimit) {
		return // "</a>", "<br>"
	}
	opts := htmlbase.Options{Charset: "utf-8", Delimit: m.j.x.opts.Delimit}
	opts.Emit = func(l htmlbase.Link) {
		s, e := start+int(l.Offset), start+int(l.End)
		e = min(max(e, s), end)
		kind := "html-attr"
		if l.Text {
			kind = "html-text"
		}
		h := m.j.newHit(m.c, kind, l.Ref, l.Raw, m.span(s, e), l.Flags)
		h.Element, h.Attr, h.SameDocument, h.html = l.Element, l.Attr, l.SameDocument, true
		m.j.report(h, m.c.base)
	}
	_, _ = htmlbase.Read(bytes.NewReader(m.src[start:end]), opts)
}

// mayHoldHTMLLink reports whether htmlbase may find a link in the HTML
// frag: not without an attribute ('='), a scheme (':'), a character
// reference ('&', as "http&#58;//" or "&colon;") or a CSS @import ('@'),
// unless any word may be an abbreviated URL. Most raw HTML in Markdown
// ("</a>", "<br>") and most escaped HTML in feeds is skipped by it.
func mayHoldHTMLLink(frag []byte, o delimit.Options) bool {
	return o.Abbrev || bytes.ContainsAny(frag, "=:&@")
}

// span returns the span of src[start:end].
func (m *mdReader) span(start, end int) span {
	l, c := lineCol(m.lines, m.src, start)
	el, ec := lineCol(m.lines, m.src, end)
	return span{line: l, col: c, endLine: el, endCol: ec, start: int64(start), end: int64(end)}
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
func lineCol(starts []int, src []byte, off int) (line, col int) {
	i := sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
	return i + 1, off - starts[i] + 1
}

// offsetIn returns where b lies in src when b is a slice of src's array
// (goldmark hands back destinations as slices of its source).
func offsetIn(src, b []byte) (int, bool) {
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

// unescapeMarkdown turns a destination as written into the reference it
// stands for: backslash escapes and character references resolved, as
// CommonMark says.
func unescapeMarkdown(d []byte) []byte {
	if bytes.IndexByte(d, '\\') < 0 && bytes.IndexByte(d, '&') < 0 {
		return d
	}
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(d)))
}

// absPath returns the absolute form of a path, the path itself when the
// working directory is unknown.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
