package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Reading Markdown in parts. goldmark builds the tree of a whole document
// before anything is reported, at some 10–30 MB/s and with a tree many
// times the document's size; most of a real document cannot hold a link.
// So a document is cut where its top level starts afresh (mdCuts), the
// parts without a byte that could start a link are skipped (mdLinkFree),
// and the others are parsed in groups of about mdPartSize bytes, each
// with the link reference definitions of the whole document, which a
// first pass collects from the parts that contain "]:". What is reported
// is what parsing the whole document reports, at the same positions: the
// tests and FuzzMarkdown compare the two.

// mdPartSize is about how many bytes goldmark parses at once.
const mdPartSize = 64 << 10

// mdRefParser collects link reference definitions: blocks only.
var mdRefParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithParagraphTransformers(util.Prioritized(parser.LinkReferenceParagraphTransformer, 100)),
)

// read reports the links of the document, part by part.
func (m *gmReader) read() {
	cuts := mdCuts(m.src)
	if len(cuts) <= 2 {
		m.walk(mdParser)
		return
	}
	// The definitions of the whole document, first one of a label wins,
	// as in one parse.
	refs := parser.NewContext()
	for i := 0; i+1 < len(cuts); i++ {
		if part := m.src[cuts[i]:cuts[i+1]]; bytes.Contains(part, []byte("]:")) {
			mdRefParser.Parse(text.NewReader(part), parser.WithContext(refs))
		}
	}
	skip := m.s.Options().Delimit.Abbrev // abbreviated URLs: any word may be one
	start := -1
	for i := 0; i+1 < len(cuts) && m.s.Err() == nil; i++ {
		a, b := cuts[i], cuts[i+1]
		free := !skip && mdLinkFree(m.src[a:b])
		if start >= 0 && (free || a-start >= mdPartSize) {
			m.walkPart(mdParser, start, a, &mdContext{Context: parser.NewContext(), refs: refs})
			start = -1
		}
		if !free && start < 0 {
			start = a
		}
	}
	if start >= 0 && m.s.Err() == nil {
		m.walkPart(mdParser, start, len(m.src), &mdContext{Context: parser.NewContext(), refs: refs})
	}
}

// mdContext is a parser context whose link references are those of the
// whole document.
type mdContext struct {
	parser.Context
	refs parser.Context
}

func (c *mdContext) Reference(label string) (parser.Reference, bool) {
	return c.refs.Reference(label)
}

// mdLinkFree reports whether a part of a document can hold no hit: no
// '[' (links, images, definitions), no '<' (autolinks, HTML), no ':' or
// '@' (URIs and e-mail addresses in prose) and no "www." (GFM autolinks).
func mdLinkFree(b []byte) bool {
	for i, c := range b {
		switch c {
		case '[', '<', ':', '@':
			return false
		case '.':
			if i >= 3 && (b[i-1]|0x20) == 'w' && (b[i-2]|0x20) == 'w' && (b[i-3]|0x20) == 'w' {
				return false
			}
		}
	}
	return true
}

// mdCuts returns the offsets where the document can be cut into parts
// that parse alone as they do within the document: 0, the cuts, and
// len(src). A cut is at the start of a line that is not indented and
// follows a blank line, outside a fenced code block and an HTML block,
// where every container block (quote, list item) and paragraph has
// ended. Fenced code and HTML blocks are followed by what their lines
// look like; where that cannot tell what goldmark would see (a fence or
// HTML block opened indented, so maybe inside a list item, then a line
// indented less; a fence or HTML start inside what may be an HTML block),
// no cut is made from there on.
func mdCuts(src []byte) []int {
	cuts := []int{0}
	var (
		fence    byte   // '`' or '~' inside a fenced code block
		fenceLen int    // its opening length
		indent   int    // indent of the open fence or HTML block
		htmlEnd  []byte // the end marker of an HTML block of kind 1 to 5
		html67   bool   // maybe in an HTML block that a blank line ends
		html6    bool   // surely in one (kind 6, at the top level)
		blank    = true // the previous line was blank
		item     int    // the content column of the list item whose fence is open
	)
	for i := 0; i < len(src); {
		k := bytes.IndexByte(src[i:], '\n')
		next := len(src)
		if k >= 0 {
			next = i + k + 1
		}
		line := src[i:next]
		isBlank := util.IsBlank(line)
		ind, rest := lineIndent(line)
		if item > 0 && !isBlank {
			if ind < item { // the list item, and its fence, ended
				fence, item = 0, 0
			} else if len(line) > item && util.IsBlank(line[:item]) && isFenceClose(line[item:], ind-item, fence, fenceLen) {
				fence, item = 0, 0
				blank = false
				i = next
				continue
			}
		}
		switch {
		case isBlank:
			html67, html6 = false, false
		case item > 0:
			// in the fence of a list item
		case fence != 0:
			if ind < indent && !isFenceClose(rest, ind, fence, fenceLen) {
				return append(cuts, len(src)) // maybe the end of a list item: unsure
			}
			if isFenceClose(rest, ind, fence, fenceLen) {
				fence = 0
			}
		case htmlEnd != nil:
			if htmlClosed(line, htmlEnd) {
				htmlEnd = nil
				break
			}
			if ind < indent || ind <= 3 && opensBlock(rest) {
				return append(cuts, len(src)) // unsure
			}
		default:
			if blank && ind == 0 && !html67 && i > 0 {
				cuts = append(cuts, i)
			}
			if ind > 3 || html6 {
				break
			}
			if ind == 0 && isHTMLBlock6(rest) {
				html6 = true // a fence or an HTML start in it is HTML
				break
			}
			if col, c, n, sure := itemFence(line, blank); !sure {
				return append(cuts, len(src))
			} else if n > 0 {
				if html67 {
					return append(cuts, len(src))
				}
				fence, fenceLen, item = c, n, col
			} else if c, n := fenceOpen(rest); n > 0 {
				if html67 {
					return append(cuts, len(src))
				}
				fence, fenceLen, indent = c, n, ind
			} else if len(rest) > 0 && rest[0] == '<' {
				if end := htmlBlockEnd(rest); end != nil {
					if html67 {
						return append(cuts, len(src))
					}
					if !htmlClosed(rest[1:], end) {
						htmlEnd, indent = end, ind
					}
				} else {
					html67 = true
				}
			}
		}
		blank = isBlank
		i = next
	}
	return append(cuts, len(src)) // an unclosed block runs to the end: the cuts before it stand
}

// itemFence returns the column of a code fence that opens on the line of
// a list item's marker ("- ```", "1. - ~~~"), and the fence's character
// and length; n is 0 when the line is no such item. sure is false for an
// ordered item not numbered 1 after a line that is not blank, which
// starts an item only inside a list.
func itemFence(line []byte, afterBlank bool) (col int, c byte, n int, sure bool) {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	items := 0
	for {
		j := i
		switch {
		case j < len(line) && (line[j] == '-' || line[j] == '*' || line[j] == '+'):
			j++
		case j < len(line) && '0' <= line[j] && line[j] <= '9':
			d := j
			for j < len(line) && j-d < 9 && '0' <= line[j] && line[j] <= '9' {
				j++
			}
			if j >= len(line) || line[j] != '.' && line[j] != ')' {
				return 0, 0, 0, true
			}
			if (j-d != 1 || line[d] != '1') && !afterBlank && items == 0 {
				if _, n := fenceOpen(bytes.TrimLeft(line[j+1:], " ")); n > 0 {
					return 0, 0, 0, false
				}
			}
			j++
		default:
			if items == 0 {
				return 0, 0, 0, true
			}
			c, n := fenceOpen(line[i:])
			return i, c, n, true
		}
		sp := 0
		for j+sp < len(line) && line[j+sp] == ' ' {
			sp++
		}
		if sp == 0 || sp > 4 || j+sp < len(line) && line[j+sp] == '\t' {
			return 0, 0, 0, true // no item, or indented code in it
		}
		i, items = j+sp, items+1
	}
}

// lineIndent returns the indent of a line (4 when a tab is in it) and the
// line after it.
func lineIndent(line []byte) (int, []byte) {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	if n < len(line) && line[n] == '\t' {
		return max(n, 4), line[n:]
	}
	return n, line[n:]
}

// fenceOpen returns the character and length of the code fence that rest
// opens, or 0.
func fenceOpen(rest []byte) (byte, int) {
	if len(rest) < 3 || rest[0] != '`' && rest[0] != '~' {
		return 0, 0
	}
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 || c == '`' && bytes.IndexByte(rest[n:], '`') >= 0 {
		return 0, 0
	}
	return c, n
}

// isFenceClose reports whether rest, indented ind, closes a fence of n
// characters c.
func isFenceClose(rest []byte, ind int, c byte, n int) bool {
	if ind > 3 {
		return false
	}
	k := 0
	for k < len(rest) && rest[k] == c {
		k++
	}
	return k >= n && util.IsBlank(rest[k:])
}

// mdBlockTags are the names that start an HTML block of kind 6.
var mdBlockTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`address article aside base basefont blockquote body caption center col
		colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset
		h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem meta nav noframes
		ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul`) {
		mdBlockTags[t] = true
	}
}

// isHTMLBlock6 reports whether rest starts an HTML block of kind 6, which
// may interrupt a paragraph: "<" or "</", a block tag name, then a space,
// ">", "/>" or the end of the line.
func isHTMLBlock6(rest []byte) bool {
	if len(rest) < 2 || rest[0] != '<' {
		return false
	}
	i := 1
	if rest[i] == '/' {
		i++
		for i < len(rest) && rest[i] == ' ' {
			i++
		}
	}
	n := i
	for i < len(rest) && (rest[i]|0x20 >= 'a' && rest[i]|0x20 <= 'z' || i > n && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '-')) {
		i++
	}
	if i == n || i-n > 10 || !mdBlockTags[strings.ToLower(string(rest[n:i]))] {
		return false
	}
	return i == len(rest) || rest[i] == ' ' || rest[i] == '>' || rest[i] == '\r' || rest[i] == '\n' ||
		rest[i] == '/' && i+1 < len(rest) && rest[i+1] == '>'
}

// opensBlock reports whether rest, the unindented part of a line
// indented three spaces at most, opens a code fence or an HTML block of
// kind 1 to 5.
func opensBlock(rest []byte) bool {
	if _, n := fenceOpen(rest); n > 0 {
		return true
	}
	return len(rest) > 0 && rest[0] == '<' && htmlBlockEnd(rest) != nil
}

// htmlClosed reports whether line ends the HTML block whose end marker is
// end: for kind 1, any of its four end tags, whatever their case.
func htmlClosed(line, end []byte) bool {
	if end[0] == '<' {
		low := bytes.ToLower(line)
		for _, t := range []string{"</script>", "</pre>", "</style>", "</textarea>"} {
			if bytes.Contains(low, []byte(t)) {
				return true
			}
		}
		return false
	}
	return bytes.Contains(line, end)
}

// htmlBlockEnd returns the end marker of the HTML block of kind 1 to 5
// that rest (starting with '<') opens, as goldmark reads them, or nil.
func htmlBlockEnd(rest []byte) []byte {
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		return []byte("-->")
	case bytes.HasPrefix(rest, []byte("<?")):
		return []byte("?>")
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		return []byte("]]>")
	case len(rest) > 2 && rest[1] == '!' && 'A' <= rest[2] && rest[2] <= 'Z':
		return []byte(">")
	}
	low := bytes.ToLower(rest[:min(len(rest), 12)])
	for _, t := range []string{"script", "pre", "style", "textarea"} {
		if bytes.HasPrefix(low[1:], []byte(t)) {
			n := 1 + len(t)
			if n == len(low) || low[n] == '>' || low[n] == '/' && n+1 < len(low) && low[n+1] == '>' || isHTMLSpace(low[n]) {
				return []byte("<")
			}
		}
	}
	return nil
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
