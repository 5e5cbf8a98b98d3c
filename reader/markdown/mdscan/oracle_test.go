package mdscan

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// goldmark is the oracle: what it finds is what urix reported before.
var (
	gmPlain   = goldmark.New().Parser()
	gmLinkify = goldmark.New(goldmark.WithExtensions(extension.Linkify)).Parser()
)

// rawGoldmark keeps what goldmark gives where mdscan differs on purpose.
var rawGoldmark = false

// gmLinks returns the links goldmark finds in src, one line each:
// "kind start:end dest" (plus " in-image" or " email"), in tree order.
// A destination goldmark copied out of the source (tabs in a container)
// has no span: "?" stands for it.
func gmLinks(src []byte, linkify bool) []string {
	p := gmPlain
	if linkify {
		p = gmLinkify
	}
	doc := p.Parse(text.NewReader(src))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			out = append(out, gmDest("link", src, n, n.Destination))
		case *ast.Image:
			out = append(out, gmDest("image", src, n, n.Destination))
		case *ast.LinkReferenceDefinition:
			out = append(out, gmDest("definition", src, n, n.Destination))
		case *ast.AutoLink:
			if linkify && !rawGoldmark && n.AutoLinkType == ast.AutoLinkEmail && !bracketed(src, n.Label(src)) {
				return ast.WalkSkipChildren, nil // see gfmEmail
			}
			label := n.Label(src)
			sp := "?"
			if off, ok := offsetIn(src, label); ok {
				sp = fmt.Sprintf("%d:%d", off, off+len(label))
			}
			url := string(n.URL(src))
			if n.AutoLinkType == ast.AutoLinkEmail && !rawGoldmark {
				// goldmark puts "http://" before an address that starts
				// with "www." (see Differences)
				url = string(label)
			}
			l := fmt.Sprintf("autolink %s %s", sp, url)
			if n.AutoLinkType == ast.AutoLinkEmail {
				l += " email"
			}
			out = append(out, l)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

func gmDest(kind string, src []byte, n ast.Node, d []byte) string {
	sp := "?"
	if off, ok := offsetIn(src, d); ok {
		sp = fmt.Sprintf("%d:%d", off, off+len(d))
	} else if d == nil {
		off := max(n.Pos(), 0)
		sp = fmt.Sprintf("%d:%d", off, off)
	}
	dest := string(d)
	if bytes.IndexByte(d, '\\') >= 0 || bytes.IndexByte(d, '&') >= 0 {
		dest = string(util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(d))))
	}
	l := fmt.Sprintf("%s %s %s", kind, sp, dest)
	if inImage(n) {
		l += " in-image"
	}
	return l
}

func inImage(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*ast.Image); ok {
			return true
		}
	}
	return false
}

// offsetIn returns where b lies in src when b is a slice of src's array.
func offsetIn(src, b []byte) (int, bool) {
	if b == nil || cap(b) == 0 || len(src) == 0 {
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

// scanLinks is gmLinks for mdscan.
func scanLinks(src []byte, linkify bool) []string {
	var out []string
	Scan(src, Options{Linkify: linkify}, func(e Event) {
		var l string
		switch e.Kind {
		case Link, Image, Definition:
			l = fmt.Sprintf("%s %d:%d %s", e.Kind, e.Start, e.End, e.Dest)
			if e.InImage {
				l += " in-image"
			}
		case Autolink, ExtAutolink:
			if gfmEmail(e) {
				return
			}
			l = fmt.Sprintf("autolink %d:%d %s", e.Start, e.End, e.Dest)
			if e.Email {
				l += " email"
			}
		default:
			return
		}
		out = append(out, l)
	})
	return out
}

// gfmEmail reports whether e is an extended e-mail or protocol
// autolink. These are not compared with goldmark: mdscan reads them as
// the GFM spec and cmark-gfm do, goldmark otherwise (see Differences;
// gfm_test.go checks them, against the spec's examples and cmark-gfm).
// gmLinks leaves goldmark's out: its e-mail autolinks not between '<'
// and '>'.
func gfmEmail(e Event) bool {
	return e.Kind == ExtAutolink && (e.Email || strings.HasPrefix(e.Dest, "mailto:") || strings.HasPrefix(e.Dest, "xmpp:"))
}

// bracketed reports whether label, a slice of src, is between '<' and
// '>' there: a CommonMark autolink.
func bracketed(src, label []byte) bool {
	off, ok := offsetIn(src, label)
	return ok && off > 0 && off+len(label) < len(src) && src[off-1] == '<' && src[off+len(label)] == '>'
}

// sameLinks compares the two lists; a "?" span of goldmark's matches any.
func sameLinks(gm, ms []string) bool {
	if len(gm) != len(ms) {
		return false
	}
	for i := range gm {
		g, m := strings.Fields(gm[i]), strings.Fields(ms[i])
		if len(g) > 1 && g[1] == "?" && len(m) > 1 {
			m[1] = "?"
		}
		if strings.Join(g, " ") != strings.Join(m, " ") {
			return false
		}
	}
	return true
}

var _ = parser.NewContext

// gmHTML returns the raw HTML spans goldmark finds, as extract reads
// them: an HTML block from its first line's start to its last line's
// (or closure line's) end, inline raw HTML from its first segment's
// start to its last's end.
func gmHTML(src []byte, linkify bool) []string {
	p := gmPlain
	if linkify {
		p = gmLinkify
	}
	doc := p.Parse(text.NewReader(src))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			if lines := n.Lines(); lines.Len() > 0 {
				start, end := lines.At(0).Start, lines.At(lines.Len()-1).Stop
				if n.HasClosure() {
					end = n.ClosureLine.Stop
				}
				out = append(out, fmt.Sprintf("html-block %d:%d", start, end))
			}
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			if n.Segments.Len() > 0 {
				out = append(out, fmt.Sprintf("raw-html %d:%d", n.Segments.At(0).Start, n.Segments.At(n.Segments.Len()-1).Stop))
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// scanHTML is gmHTML for mdscan.
func scanHTML(src []byte, linkify bool) []string {
	var out []string
	Scan(src, Options{Linkify: linkify}, func(e Event) {
		if e.Kind == HTMLBlock || e.Kind == RawHTML {
			out = append(out, fmt.Sprintf("%s %d:%d", e.Kind, e.Start, e.End))
		}
	})
	return out
}

// markerTab finds a list marker followed by a tab after another
// container's marker on its line: goldmark counts that tab's width from
// where the inner item starts, not from the line's start (a difference
// mdscan does not copy; see Differences).
var markerTab = regexp.MustCompile(`(?m)^[ \t]*(?:(?:>|[-*+]|[0-9]{1,9}[.)])[ \t]*)+(?:[-*+]|[0-9]{1,9}[.)]) *\t`)

// pendingEscape finds a backslash before a space or a line end.
var pendingEscape = regexp.MustCompile(`\\[ \r\n]`)

// deliberate reports whether src holds a construct where mdscan differs
// from goldmark on purpose: a nested marker's tab, or a backslash before
// a space (goldmark's pending escape).
func deliberate(src []byte) bool {
	return markerTab.Match(src) || pendingEscape.Match(src)
}
