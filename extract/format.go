package extract

import (
	"bytes"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Type names an input format, as --type does (SPEC §7). The empty Type is
// Auto.
type Type string

// The formats of the table below, and Auto.
const (
	Auto  Type = "auto" // sniff the content, then look at the file extension
	Text  Type = "text" // plain text: delimit (Appendix E)
	HTML  Type = "html" // HTML: htmlbase (Appendix D)
	Email Type = "email"
	Mbox  Type = "mbox"
)

// format is one entry of the input-format table: everything urix knows
// about one kind of input. Adding a kind is one file with its reader and
// one entry in formats.
type format struct {
	typ Type
	// extensions decide the format of a file whose content says nothing
	// (lower case, with the dot).
	extensions []string
	// mediaTypes are the media types a container (HTTP Content-Type, a MIME
	// part, an archive record) gives for it; "text/*" matches a whole
	// top-level type and "application/*+xml" a structured syntax suffix,
	// after every exact entry of the table (suffixes first).
	mediaTypes []string
	// sniff reports whether the first bytes of an input (at most sniffLen,
	// a byte-order mark removed) are of this format; nil never matches.
	sniff func(head []byte) bool
	// byName: the extension decides before any sniffer does (a Markdown
	// file often starts with HTML, which would sniff as HTML).
	byName bool
	// ownCharset: the reader decodes the input's charset itself, from the
	// bytes and the charset a container declares; other readers get text
	// in UTF-8 (a MIME part is converted first).
	ownCharset bool
	// ownGzip: the reader decompresses a gzip input itself (a WARC file
	// of one gzip member per record, whose offsets matter); job.run
	// hands it the compressed bytes.
	ownGzip bool
	// binary: the format holds binary data by nature (WARC records of
	// images, compressed bodies): no NUL check skips it.
	binary bool
	// read extracts the hits of one content.
	read func(j *job, c *content) error
}

// formats is the table of input formats. Sniffing tries them in this
// order and the first whose sniffer matches wins (the sniffers below
// exclude each other: a header block cannot start with "From " or '<');
// text, which sniffs nothing, is the default.
var formats = []*format{
	{typ: Text, mediaTypes: []string{"text/*", "text"}, read: readText},
	{typ: HTML, extensions: []string{".html", ".htm", ".xhtml", ".shtml"}, mediaTypes: []string{"text/html", "application/xhtml+xml"},
		sniff: looksLikeHTML, ownCharset: true, read: readHTML},
	{typ: Email, extensions: []string{".eml", ".msg"}, mediaTypes: []string{"message/rfc822", "message/global", "message/news"},
		sniff: looksLikeHeader, read: readMessage},
	{typ: Mbox, extensions: []string{".mbox", ".mbx"}, mediaTypes: []string{"application/mbox"},
		sniff: looksLikeMbox, read: readMbox},
	{typ: Markdown, extensions: []string{".md", ".markdown", ".mdown", ".mkd"}, mediaTypes: []string{"text/markdown"},
		byName: true, read: readMarkdown},
	{typ: XML, extensions: []string{".xml", ".atom", ".rss", ".opml", ".svg", ".sitemap"},
		mediaTypes: []string{"text/xml", "application/xml", "image/svg+xml", "application/*+xml"},
		sniff:      looksLikeXML, read: readXML},
	{typ: WARC, extensions: []string{".warc", ".warc.gz"}, mediaTypes: []string{"application/warc"},
		sniff: looksLikeWARC, ownGzip: true, binary: true}, // read: set by warc.go's init (its records come back through this table)
}

// formatOf returns the table entry of a type, nil for Auto and unknown ones.
func formatOf(t Type) *format {
	for _, f := range formats {
		if f.typ == t {
			return f
		}
	}
	return nil
}

// String returns the name used by --type.
func (t Type) String() string {
	if t == "" {
		return string(Auto)
	}
	return string(t)
}

// ParseType converts a --type name, in any case, into a Type.
func ParseType(s string) (Type, error) {
	t := Type(strings.ToLower(s))
	if t == Auto || formatOf(t) != nil {
		return t, nil
	}
	return Auto, fmt.Errorf("extract: unknown input type %q (want %s)", s, typeNames())
}

// UnmarshalText parses a --type name (encoding.TextUnmarshaler).
func (t *Type) UnmarshalText(b []byte) error {
	v, err := ParseType(string(b))
	if err == nil {
		*t = v
	}
	return err
}

// MarshalText returns the name (encoding.TextMarshaler).
func (t Type) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// typeNames lists the --type names: "auto, text, html, email or mbox".
func typeNames() string {
	names := []string{string(Auto)}
	for _, f := range formats {
		names = append(names, string(f.typ))
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Types returns the names --type accepts, Auto first.
func Types() []Type {
	ts := []Type{Auto}
	for _, f := range formats {
		ts = append(ts, f.typ)
	}
	return ts
}

// TypeForMediaType returns the format that reads content of a media type
// (lower case, without parameters), as HTTP, MIME parts and archive records
// declare it; ok is false when no format reads it.
func TypeForMediaType(mediaType string) (t Type, ok bool) {
	if f := formatForMediaType(mediaType); f != nil {
		return f.typ, true
	}
	return Auto, false
}

func formatForMediaType(mt string) *format {
	if f, ok := mediaTypeMemo.Load(mt); ok {
		return f.(*format)
	}
	f := lookupMediaType(strings.ToLower(mt))
	if mediaTypeMemoLen.Add(1) <= 1024 { // media types met are few; a flood of odd ones is not kept
		mediaTypeMemo.Store(mt, f)
	}
	return f
}

// mediaTypeMemo remembers lookupMediaType's answers: every MIME part and
// archive record asks, most with one of a handful of media types.
var (
	mediaTypeMemo    sync.Map // media type as given -> *format (nil: none)
	mediaTypeMemoLen atomic.Int64
)

// lookupMediaType finds the format of a lower-case media type: an exact
// entry first, then a "prefix*suffix" one (application/*+xml), then a
// whole top-level type (text/*).
func lookupMediaType(mt string) *format {
	for _, f := range formats {
		for _, m := range f.mediaTypes {
			if m == mt {
				return f
			}
		}
	}
	for _, f := range formats {
		for _, m := range f.mediaTypes {
			if pre, suf, ok := strings.Cut(m, "*"); ok && suf != "" &&
				len(mt) > len(pre)+len(suf) && strings.HasPrefix(mt, pre) && strings.HasSuffix(mt, suf) {
				return f
			}
		}
	}
	top, _, _ := strings.Cut(mt, "/")
	for _, f := range formats {
		for _, m := range f.mediaTypes {
			if strings.HasSuffix(m, "/*") && m[:len(m)-2] == top {
				return f
			}
		}
	}
	return nil
}

// Sniff decides the type of an input from its first bytes, then from the
// extension of its name (SPEC §7 --type auto).
func Sniff(head []byte, name string) Type {
	return sniffFormat(head, name).typ
}

func sniffFormat(head []byte, name string) *format {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range formats {
		if f.byName && slices.Contains(f.extensions, ext) {
			return f
		}
	}
	h := bytes.TrimPrefix(head, utf8BOM)
	for _, f := range formats {
		if f.sniff != nil && f.sniff(h) {
			return f
		}
	}
	for _, f := range formats {
		for _, e := range f.extensions {
			if e == ext {
				return f
			}
		}
	}
	return formatOf(Text)
}

var utf8BOM = []byte("\xef\xbb\xbf")

// mailFields are header names of which at least one must appear before a
// header block is taken for an e-mail message.
var mailFields = []string{"from", "to", "subject", "date", "message-id", "mime-version",
	"received", "return-path", "delivered-to", "content-type", "newsgroups", "x-mailer"}

// looksLikeHeader reports whether b starts with an RFC 5322 header block:
// at least two fields, one of them a mail field, each line a field or a
// continuation, up to the first empty line, the end of b, or a line that is
// neither (some real messages lack the empty line before the body). Blank
// or white-space-only lines before it are skipped, as the mail reader skips
// them (SPEC M1).
func looksLikeHeader(b []byte) bool {
	for {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 || len(bytes.Trim(b[:nl], " \t\r")) > 0 {
			break
		}
		b = b[nl+1:]
	}
	fields, mail := 0, false
	for len(b) > 0 {
		line := b
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			if fields > 0 {
				break // the sniff window ended inside the header block
			}
			line, b = b, nil
		} else {
			line, b = b[:nl], b[nl+1:]
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			if fields == 0 {
				return false
			}
			continue
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 || !isFieldName(line[:colon]) {
			// Not a field: a header block that lacks the empty line
			// before its body still counts once it has shown itself.
			return fields >= 2 && mail
		}
		fields++
		name := strings.ToLower(string(line[:colon]))
		for _, m := range mailFields {
			if name == m {
				mail = true
			}
		}
	}
	return fields >= 2 && mail
}

// isFieldName reports whether b is an RFC 5322 field name: printable
// US-ASCII except ':' and space.
func isFieldName(b []byte) bool {
	for _, c := range b {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// looksLikeMbox reports whether b starts with an mbox "From " separator
// line followed by a message header, so that prose starting with "From
// what I know" stays text.
func looksLikeMbox(b []byte) bool {
	if !bytes.HasPrefix(b, []byte("From ")) {
		return false
	}
	nl := bytes.IndexByte(b, '\n')
	return nl > 0 && looksLikeHeader(b[nl+1:])
}

// looksLikeHTML reports whether b is HTML as http.DetectContentType says,
// or starts with one of htmlTags.
func looksLikeHTML(b []byte) bool {
	if looksLikeXML(b) {
		return false // <svg> standing alone is an SVG document
	}
	return strings.HasPrefix(http.DetectContentType(b), "text/html") || startsWithHTMLTag(b)
}

// htmlTags are elements that often start an HTML fragment which
// http.DetectContentType does not know (it knows <html>, <head>, <body>,
// <a>, <p>, <div>, <table>, <script>, <style>, <title>, <!DOCTYPE>, ...).
var htmlTags = []string{"base", "link", "meta", "img", "ul", "ol", "li", "span", "section", "article", "nav", "form", "svg"}

// startsWithHTMLTag reports whether b, after white space, starts with one
// of htmlTags followed by a tag delimiter, in any case.
func startsWithHTMLTag(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n\f")
	if len(b) < 2 || b[0] != '<' {
		return false
	}
	for _, t := range htmlTags {
		rest := b[1:]
		if len(rest) > len(t) && bytes.EqualFold(rest[:len(t)], []byte(t)) && isTagEnd(rest[len(t)]) {
			return true
		}
	}
	return false
}

func isTagEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// xmlRoots are root elements (local names) that make a document XML even
// without an XML declaration.
var xmlRoots = []string{"feed", "rss", "urlset", "sitemapindex", "opml", "svg", "rdf"}

// looksLikeXML reports whether b starts, after white space, with an XML
// declaration, or with one of xmlRoots after comments, processing
// instructions and a document type declaration; an XHTML document (root
// html) is not XML here.
func looksLikeXML(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	if bytes.HasPrefix(b, []byte("<?xml")) && len(b) > 5 && isTagEnd(b[5]) || bytes.HasPrefix(b, []byte("<?xml?")) {
		return !rootIs(b, "html")
	}
	for _, r := range xmlRoots {
		if rootIs(b, r) {
			return true
		}
	}
	return false
}

// rootIs reports whether the first element of b (after a prolog of
// comments, processing instructions and a doctype) has local name name.
func rootIs(b []byte, name string) bool {
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		switch {
		case bytes.HasPrefix(b, []byte("<?")):
			k := bytes.Index(b, []byte("?>"))
			if k < 0 {
				return false
			}
			b = b[k+2:]
		case bytes.HasPrefix(b, []byte("<!--")):
			k := bytes.Index(b, []byte("-->"))
			if k < 0 {
				return false
			}
			b = b[k+3:]
		case bytes.HasPrefix(b, []byte("<!")):
			k := bytes.IndexByte(b, '>')
			if k < 0 {
				return false
			}
			b = b[k+1:]
		case len(b) > 1 && b[0] == '<':
			end := 1
			for end < len(b) && !isTagEnd(b[end]) {
				end++
			}
			if end == len(b) {
				return false
			}
			tag := b[1:end]
			if k := bytes.IndexByte(tag, ':'); k >= 0 {
				tag = tag[k+1:]
			}
			return string(tag) == name
		default:
			return false
		}
	}
}
