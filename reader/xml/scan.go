package xml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urix/urix/delimit"
)

// The XML of a UTF-8 document is read by a tokenizer of its own, not
// encoding/xml, whose Token reads byte by byte and allocates for every
// token (some 20–40 MB/s). It knows the subset urix needs: elements and
// their attributes, text, CDATA sections; comments, processing
// instructions and a DOCTYPE (with its internal subset) are skipped
// unread, so no DTD is processed; only the five predefined entities and
// character references are expanded. Text that cannot hold a hit (no ':'
// or '&' in prose) is not decoded, and nothing is copied that is not
// reported. A document declared in another encoding is converted to
// UTF-8 first (charset.go). encoding/xml is the test oracle of this
// tokenizer (oracle_test.go).
//
// Like encoding/xml when not strict, it takes an attribute value unquoted
// or missing, an unknown entity or a lone '&' as text, and an end tag
// that closes an element further up closes those in between. An end tag
// that closes no open element, a '<' that starts no markup, or markup cut
// by the end of the input, is an error naming its line.

// xmlChunk is how much is read at a time.
const xmlChunk = 64 << 10

// fill reads more of the input into s.buf; false at the end of the input
// (or after an error, kept in s.err).
func (s *xmlSource) fill() bool {
	if s.err != nil {
		return false
	}
	if len(s.buf)+xmlChunk > cap(s.buf) {
		nb := make([]byte, len(s.buf), 2*cap(s.buf)+xmlChunk)
		copy(nb, s.buf)
		s.buf = nb
	}
	n, err := io.ReadAtLeast(s.r, s.buf[len(s.buf):len(s.buf)+xmlChunk], 1)
	s.buf = s.buf[:len(s.buf)+n]
	s.n += int64(n)
	if err != nil {
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		s.err = err
	}
	return n > 0
}

// at returns the byte at offset off, reading more when needed; ok is
// false past the end of the input.
func (s *xmlSource) byteAt(off int64) (byte, bool) {
	for off >= s.n {
		if !s.fill() {
			return 0, false
		}
	}
	return s.buf[off-s.base], true
}

// index returns the offset of the first sep at or after off, reading more
// when needed, or -1 at the end of the input.
func (s *xmlSource) index(off int64, sep []byte) int64 {
	for {
		if off < s.n {
			if k := bytes.Index(s.buf[off-s.base:], sep); k >= 0 {
				return off + int64(k)
			}
			off = max(off, s.n-int64(len(sep))+1)
		}
		if !s.fill() {
			return -1
		}
	}
}

// hasPrefixAt reports whether the input at offset off starts with prefix.
func (s *xmlSource) hasPrefixAt(off int64, prefix string) bool {
	for off+int64(len(prefix)) > s.n {
		if !s.fill() {
			return false
		}
	}
	return string(s.buf[off-s.base:off-s.base+int64(len(prefix))]) == prefix
}

// indexByte is index for one byte.
func (s *xmlSource) indexByte(off int64, c byte) int64 {
	for {
		if off < s.n {
			if k := bytes.IndexByte(s.buf[off-s.base:], c); k >= 0 {
				return off + int64(k)
			}
			off = s.n
		}
		if !s.fill() {
			return -1
		}
	}
}

// lineOf returns the line of offset off, which must be kept.
func (s *xmlSource) lineOf(off int64) int {
	s.moveTo(min(max(off, s.base), s.n))
	return s.line
}

// xmlTok is a token of the tokenizer.
type xmlTok struct {
	kind       byte // 's' start tag, 'e' end tag, 't' text, 'c' CDATA, 0 other
	start, end int64
	head, tail int    // of a CDATA token: its "<![CDATA[" and "]]>", when it holds them (pieces.go)
	name       []byte // an element's qualified name
	empty      bool   // <a/>
}

// xmlNSDecl is a namespace prefix declared on an open element.
type xmlNSDecl struct {
	prefix, uri string
	depth       int
}

// nextTok reads the token at offset p.
func (x *xmlReader) nextTok(p int64) (xmlTok, error) {
	s := x.src
	c, ok := s.byteAt(p)
	if !ok {
		if s.err != nil && s.err != io.EOF {
			return xmlTok{}, s.err
		}
		return xmlTok{}, io.EOF
	}
	if x.inCDATA {
		return x.cdataTok(p, x.pieceEnd(p))
	}
	if c != '<' {
		return x.textTok(p, x.pieceEnd(p))
	}
	c, ok = s.byteAt(p + 1)
	if !ok {
		return xmlTok{}, x.syntaxError(p, "unexpected end of input after <")
	}
	switch {
	case c == '?':
		e := s.index(p+2, []byte("?>"))
		if e < 0 {
			return xmlTok{}, x.syntaxError(p, "unexpected end of input in a processing instruction")
		}
		return xmlTok{start: p, end: e + 2}, nil
	case c == '!':
		return x.bang(p)
	case c == '/':
		e := s.indexByte(p+2, '>')
		if e < 0 {
			return xmlTok{}, x.syntaxError(p, "unexpected end of input in an end tag")
		}
		name := s.bytes(p+2, e)
		if k := bytes.IndexAny(name, " \t\r\n"); k >= 0 {
			name = name[:k]
		}
		return xmlTok{kind: 'e', start: p, end: e + 1, name: name}, nil
	case isNameStart(c):
		return x.startTag(p)
	}
	return xmlTok{}, x.syntaxError(p, fmt.Sprintf("invalid character %q after <", c))
}

func isNameStart(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || c == '_' || c == ':' || c >= 0x80
}

// bang reads a comment, CDATA section or declaration at p ("<!").
func (x *xmlReader) bang(p int64) (xmlTok, error) {
	s := x.src
	if s.hasPrefixAt(p, "<!--") {
		e := s.index(p+4, []byte("-->"))
		if e < 0 {
			return xmlTok{}, x.syntaxError(p, "unexpected end of input in a comment")
		}
		return xmlTok{start: p, end: e + 3}, nil
	}
	if s.hasPrefixAt(p, "<![CDATA[") {
		return x.cdataTok(p, x.pieceEnd(p))
	}
	// A declaration (DOCTYPE): up to its '>', past quoted strings, comments
	// and the '<...>' of an internal subset.
	depth := 1
	for q := p + 2; ; q++ {
		c, ok := s.byteAt(q)
		if !ok {
			return xmlTok{}, x.syntaxError(p, "unexpected end of input in a declaration")
		}
		switch c {
		case '"', '\'':
			e := s.indexByte(q+1, c)
			if e < 0 {
				return xmlTok{}, x.syntaxError(p, "unexpected end of input in a declaration")
			}
			q = e
		case '<':
			if s.hasPrefixAt(q, "<!--") {
				e := s.index(q+4, []byte("-->"))
				if e < 0 {
					return xmlTok{}, x.syntaxError(p, "unexpected end of input in a comment")
				}
				q = e + 2
				continue
			}
			depth++
		case '>':
			if depth--; depth == 0 {
				return xmlTok{start: p, end: q + 1}, nil
			}
		}
	}
}

// startTag reads the start tag at p up to its '>'; its attributes are
// read by attrs.
func (x *xmlReader) startTag(p int64) (xmlTok, error) {
	s := x.src
	q := p + 1
	var quote, last byte
	maxTok := x.maxTok
	for {
		if q-p > maxTok {
			return xmlTok{}, x.syntaxError(p, fmt.Sprintf("a start tag over %d MiB, the most one token may hold; the rest was not read", maxTok>>20))
		}
		if q >= s.n && !s.fill() {
			return xmlTok{}, x.syntaxError(p, "unexpected end of input in a start tag")
		}
		// The bytes read so far, without a call per byte.
		for _, c := range s.buf[q-s.base : s.n-s.base] {
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case (c == '"' || c == '\'') && last == '=':
				quote = c // a quote opens a value only after '=' (and spaces)
			case c == '>':
				tag := s.bytes(p, q+1)
				n := 1
				for n < len(tag) && !isXMLSpace(tag[n]) && tag[n] != '>' && tag[n] != '/' {
					n++
				}
				return xmlTok{kind: 's', start: p, end: q + 1, name: tag[1:n], empty: tag[len(tag)-2] == '/'}, nil
			}
			if quote == 0 && !isXMLSpace(c) {
				last = c
			}
			q++
		}
	}
}

// startElement builds the element of a start tag: its name and its
// attributes with their values decoded and namespace prefixes resolved
// as encoding/xml does (a prefix bound to nothing stays the space).
func (x *xmlReader) startTokElement(t xmlTok) xml.StartElement {
	tag := x.src.bytes(t.start, t.end)
	x.attrAt = scanAttrs(tag, x.attrAt[:0])
	x.attrScanned = true // for startElement
	depth := len(x.stack)
	// Declarations first: they apply to the element's own attributes.
	for _, a := range x.attrAt {
		if strings.HasPrefix(a.name, "xmlns:") {
			x.ns = append(x.ns, xmlNSDecl{prefix: a.name[6:], uri: string(xmlDecode(nil, tag[a.valStart:a.valEnd])), depth: depth})
		}
	}
	el := xml.StartElement{Name: xml.Name{Local: x.intern(localName(t.name))}}
	if len(x.attrAt) > 0 {
		el.Attr = make([]xml.Attr, 0, len(x.attrAt))
	}
	for _, a := range x.attrAt {
		var name xml.Name
		if k := strings.IndexByte(a.name, ':'); k > 0 {
			name.Space, name.Local = x.nsOf(a.name[:k]), a.name[k+1:]
		} else {
			name.Local = a.name
		}
		v := name.Local // a value-less attribute: its name, as encoding/xml gives it
		if !a.noValue && xmlAttrRead[name.Local] {
			// One byte more than a hit may hold: the pipeline cuts it
			// and marks it truncated (doc/spec.md L4).
			v = string(xmlDecode(nil, tag[a.valStart:min(a.valEnd, a.valStart+delimit.MaxHit+1)]))
		} else if !a.noValue {
			v = "" // startElement does not read it
		}
		el.Attr = append(el.Attr, xml.Attr{Name: name, Value: v})
	}
	return el
}

// xmlAttrRead are the attributes (local names) whose values startElement
// reads: xml:base, type, isPermaLink and the link attributes (RSS 1.0's
// rdf:about and rdf:resource among them).
var xmlAttrRead = map[string]bool{"base": true, "type": true, "isPermaLink": true, "href": true, "about": true, "resource": true}

func init() {
	for _, names := range xmlAttrLinks {
		for _, n := range names {
			xmlAttrRead[n] = true
		}
	}
}

func localName(q []byte) []byte {
	if k := bytes.IndexByte(q, ':'); k >= 0 {
		return q[k+1:]
	}
	return q
}

// nsOf returns the namespace a prefix is bound to, the prefix itself when
// it is bound to none.
func (x *xmlReader) nsOf(prefix string) string {
	switch prefix {
	case "xml":
		return nsXML
	case "xmlns":
		return "xmlns"
	}
	for i := len(x.ns) - 1; i >= 0; i-- {
		if x.ns[i].prefix == prefix {
			return x.ns[i].uri
		}
	}
	return prefix
}

// intern returns b as a string, one allocation per distinct name. The
// names met last are kept in a small table in front of the map: a
// document repeats a handful of names, and a compare is cheaper than a
// hash.
func (x *xmlReader) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	h := (len(b) + int(b[0])*3 + int(b[len(b)-1])*5) % len(x.recent)
	if s := x.recent[h]; s == string(b) {
		return s
	}
	s, ok := x.names[string(b)]
	if !ok {
		s = string(b)
		if len(x.names) < 1024 {
			x.names[s] = s
		}
	}
	x.recent[h] = s
	return s
}

func (x *xmlReader) syntaxError(off int64, msg string) error {
	return &xml.SyntaxError{Msg: msg, Line: x.src.lineOf(off)}
}

// runFast reads a UTF-8 document with nextTok.
func (x *xmlReader) runFast() error {
	s := x.src
	p := int64(0)
	x.maxTok = int64(x.maxToken())
	if s.hasPrefixAt(0, "\xef\xbb\xbf") {
		p = 3
	}
	for x.s.Err() == nil {
		if !x.holding() {
			s.drop(p)
		}
		t, err := x.nextTok(p)
		if err != nil {
			if err == io.EOF {
				if len(x.stack) > 0 {
					return errors.New("xml: unexpected end of input inside <" + x.stack[len(x.stack)-1].name + ">")
				}
				return nil
			}
			return err
		}
		p = t.end
		switch t.kind {
		case 's':
			if len(x.stack) >= MaxDepth {
				return ErrTooDeep
			}
			if x.count++; x.count > MaxElements {
				return ErrTooManyElements
			}
			x.startElement(x.startTokElement(t), t.start, t.end)
			if t.empty {
				x.pop(len(x.stack) - 1)
			}
		case 'e':
			name := string(localName(t.name))
			i := len(x.stack) - 1
			for i >= 0 && x.stack[i].name != name {
				i--
			}
			if i < 0 {
				return x.syntaxError(t.start, "unexpected end element </"+string(t.name)+">")
			}
			x.pop(i)
		case 't', 'c':
			raw := s.bytes(t.start, t.end)
			raw = raw[t.head : len(raw)-t.tail]
			if !x.wantText(raw, t.kind == 't') {
				continue
			}
			var text []byte
			if t.kind == 't' {
				text = xmlDecode(x.text[:0], raw)
			} else {
				text = xmlNewlines(x.text[:0], raw)
			}
			x.text = text[:0]
			x.charData(text, t.start, t.end)
		}
	}
	return nil
}

// wantText reports whether the text raw (decoded when entities is set) in
// the current element may give a hit or is collected: what charData
// would do nothing with is not decoded.
func (x *xmlReader) wantText(raw []byte, entities bool) bool {
	if len(x.stack) > 0 {
		switch x.stack[len(x.stack)-1].text {
		case 's', 'x':
			return false
		case 0:
		default:
			return true
		}
	}
	if x.s.Options().Delimit.Abbrev {
		return true
	}
	return bytes.IndexByte(raw, ':') >= 0 || entities && bytes.IndexByte(raw, '&') >= 0
}

// pop ends the open elements from index i on, innermost first.
func (x *xmlReader) pop(i int) {
	for k := len(x.stack) - 1; k >= i; k-- {
		x.endElement(&x.stack[k])
		if x.stack[k].ownBase {
			x.bases.Drop(x.stack[k].base)
		}
		x.stack[k] = xmlElem{}
		x.stack = x.stack[:k]
		for len(x.ns) > 0 && x.ns[len(x.ns)-1].depth >= k {
			x.ns = x.ns[:len(x.ns)-1]
		}
	}
}
