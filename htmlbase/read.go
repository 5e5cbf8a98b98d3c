package htmlbase

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/urix/urix/delimit"
	"golang.org/x/net/html"
)

const (
	// maxDepth caps the element stack used to name the enclosing element
	// of a text hit; deeper elements are counted, not stored.
	maxDepth = 256
	// maxSearch is how far down the stack an end tag looks for its start tag.
	maxSearch = 64
	// maxInterned caps the per-document table of unknown element names.
	maxInterned = 256
)

// reader is the state of one Read.
type reader struct {
	z        *html.Tokenizer
	opts     Options
	doc      *Document
	attrsCut int // tags whose attributes past MaxAttrs were blanked
	guard    *attrGuard

	// position of the next token, and of the current one
	off, lineStart    int64
	line              int
	tokOff, tokEnd    int64
	tokLine, tokCol   int
	stack             []open // open elements: for text hits, and where HTML and SVG or MathML meet
	overflow          int    // elements opened beyond maxDepth
	template          int    // open inert <template> elements
	shadow            int    // open declarative shadow roots (<template shadowrootmode>)
	inBody, bodyHost  bool   // a start tag opened the body; the body hosts a shadow root
	cdata             bool   // the tokenizer reads <![CDATA[ (AllowCDATA)
	rawElem           elem   // the raw-text element whose text comes next
	rawName           string
	names             map[string]string
	name              [16]byte // lower-cased tag name, when short
	buf, content, txt []byte
	label             []byte
	links             []Link   // the links found, in chunks: full ones in
	full              [][]Link // full, so that growing never copies
	nlinks            int
	segs              []seg
	css               cssScanner
	late              *lateSwitch // the decoder a late <meta charset> may change; nil when certain
	join              *joined     // the text held to be joined (Options.JoinInline); nil when not
}

func newReader(r io.Reader, opts Options, doc *Document) *reader {
	if opts.MaxToken <= 0 {
		opts.MaxToken = DefaultMaxToken
	}
	rd := &reader{opts: opts, doc: doc, line: 1, stack: make([]open, 0, 32)}
	rd.css.browser = opts.Browser
	if opts.JoinInline {
		rd.join = new(joined)
	}
	rd.guard = newAttrGuard(r, func() { rd.attrsCut++ })
	rd.z = html.NewTokenizer(rd.guard)
	rd.z.SetMaxBuf(opts.MaxToken)
	return rd
}

// run reads every token and leaves the links in r.doc.
func (r *reader) run() error {
	defer r.finish()
	z := r.z
	for {
		tt := z.Next()
		r.advance(z.Raw())
		raw, rawName := r.rawElem, r.rawName
		r.rawElem, r.rawName = eOther, ""
		if r.join != nil && (tt == html.StartTagToken || tt == html.SelfClosingTagToken || tt == html.EndTagToken) {
			r.joinTag(r.tagName(z.Raw()))
		}
		switch tt {
		case html.ErrorToken:
			err := z.Err()
			if err == io.EOF {
				return nil
			}
			if errors.Is(err, html.ErrBufferExceeded) {
				return fmt.Errorf("htmlbase: a tag or text run at line %d is over %s, the most one token may hold; the rest was not read: %w", r.tokLine, mib(r.opts.MaxToken), err)
			}
			return fmt.Errorf("htmlbase: %w", err)
		case html.TextToken:
			r.text(z.Raw(), raw, rawName)
		case html.StartTagToken:
			r.startTag(false)
		case html.SelfClosingTagToken:
			r.startTag(true)
		case html.EndTagToken:
			r.endTag()
		}
	}
}

// advance records the position of the token raw and moves past it. It
// must see the raw bytes before TagAttr may rewrite them.
func (r *reader) advance(raw []byte) {
	r.tokOff, r.tokLine = r.off, r.line
	r.tokCol = int(r.off-r.lineStart) + 1
	r.off += int64(len(raw))
	r.guard.tokStart = r.off // the next token starts there
	r.tokEnd = r.off
	if n := bytes.Count(raw, []byte{'\n'}); n > 0 {
		r.line += n
		r.lineStart = r.tokOff + int64(bytes.LastIndexByte(raw, '\n')) + 1
	}
}

// intern returns the element name as a string, allocating only for names
// not seen before.
func (r *reader) intern(name []byte) (string, elem) {
	if info, ok := lookupElem(name); ok {
		return info.name, info.id
	}
	if s, ok := r.names[string(name)]; ok {
		return s, eOther
	}
	s := string(name)
	if r.names == nil {
		r.names = make(map[string]string)
	}
	if len(r.names) < maxInterned {
		r.names[s] = s
	}
	return s, eOther
}

func (r *reader) push(e open) {
	if len(r.stack) >= maxDepth {
		r.overflow++
		return
	}
	r.stack = append(r.stack, e)
}

func (r *reader) enclosing() string {
	if len(r.stack) == 0 {
		return ""
	}
	return r.stack[len(r.stack)-1].name
}

// pop closes the open elements from stack[i] up.
func (r *reader) pop(i int) {
	for _, e := range r.stack[i:] {
		switch {
		case e.shadow:
			r.shadow--
		case e.ns == nsHTML && e.name == "template" && r.template > 0:
			r.template--
		}
	}
	r.stack = r.stack[:i]
}

// setCDATA tells the tokenizer whether <![CDATA[ is markup: in foreign
// content only (an SVG or MathML current node).
func (r *reader) setCDATA() {
	if c := len(r.stack) > 0 && r.stack[len(r.stack)-1].ns != nsHTML; c != r.cdata {
		r.cdata = c
		r.z.AllowCDATA(c)
	}
}

// insertion returns the namespace in which the HTML parser's tree
// construction dispatcher puts the next start tag: that of the current
// node, unless the current node is HTML or an integration point, where a
// start tag is read as HTML.
func (r *reader) insertion() ns {
	if len(r.stack) == 0 {
		return nsHTML
	}
	if top := r.stack[len(r.stack)-1]; !top.point {
		return top.ns
	}
	return nsHTML
}

// tagName returns the lower-cased name of the tag whose raw bytes are raw
// ("<div ...>" or "</div>"), without the allocation of Tokenizer.TagName.
func (r *reader) tagName(raw []byte) []byte {
	i := 1
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	j := i
	for j < len(raw) {
		c := raw[j]
		if isSpace(c) || c == '/' || c == '>' {
			break
		}
		j++
	}
	name := raw[i:j]
	if len(name) > len(r.name) {
		return bytes.ToLower(name)
	}
	b := r.name[:len(name)]
	for k, c := range name {
		b[k] = lowerASCII(c)
	}
	return b
}

func (r *reader) startTag(selfClosing bool) {
	z := r.z
	name, id := r.intern(r.tagName(z.Raw()))
	// The namespace of the element, as the HTML parser decides it: inside
	// <svg> or <math> elements are SVG or MathML ones, but for those that
	// leave foreign content (<p>, <img>, <div>, ...: the open foreign
	// elements are closed) and those in an integration point
	// (<foreignObject>, <mi>, ...), which are HTML again.
	nsp := r.insertion()
	if nsp == nsHTML && (name == "mglyph" || name == "malignmark") && len(r.stack) > 0 {
		if top := r.stack[len(r.stack)-1]; top.ns == nsMath && top.name != "annotation-xml" {
			nsp = nsMath // a MathML text integration point's own children
		}
	}
	if nsp != nsHTML {
		top := r.stack[len(r.stack)-1]
		switch {
		case breaksOut(name, z.Raw()):
			i := len(r.stack)
			for i > 0 && r.stack[i-1].ns != nsHTML && !r.stack[i-1].point {
				i--
			}
			r.pop(i)
			nsp = nsHTML
		case id == eSVG && top.ns == nsMath && top.name == "annotation-xml":
			nsp = nsHTML
		}
	}
	switch {
	case nsp != nsHTML:
	case id == eSVG:
		nsp = nsSVG
	case id == eMath:
		nsp = nsMath
	case id == eImage:
		// The HTML parser turns <image> into <img> (H3).
		name, id = "img", eImg
	}
	foreign := nsp != nsHTML
	if !r.inBody && !headElement(name) {
		r.inBody = true
	}
	shadow := false
	// The self-closing slash means nothing on an HTML element: <template/>
	// and <div/> open an element (H4). It closes an SVG or MathML one.
	selfClosing = selfClosing && foreign
	switch {
	case foreign:
		if isRawTextName(name) {
			z.NextIsNotRawText() // <svg><style>, <svg><script>: markup
		}
	case id == eScript, id == eStyle, id == eIframe, id == eXmp, id == ePlaintext:
		r.rawElem, r.rawName = id, name
	case id == eNoembed, id == eNoframes:
		if r.opts.Browser {
			// Raw text, as a browser's parser reads them (H4).
			r.rawElem, r.rawName = id, name
			break
		}
		// The RFC modes read their contents as markup, as a browser
		// without frames or plug-ins shows them.
		z.NextIsNotRawText()
	case id == eNoscript:
		// Read as markup, as a browser without scripting does.
		z.NextIsNotRawText()
	case id == eTemplate:
		if shadow = r.template == 0 && r.shadowRoot(); shadow {
			r.shadow++
		} else {
			r.template++
		}
	}
	if !selfClosing && !isVoid(id, foreign) {
		r.push(open{name: name, ns: nsp, point: integrationPoint(nsp, name, z.Raw()), shadow: shadow})
	}
	r.setCDATA()
	if r.template > 0 {
		return // template content is inert, not part of the document (H4)
	}
	if id == eOther && !foreign && !mayHaveStyle(z.Raw()) {
		return // the common case: <div class=...>, <span>, <p>
	}
	var refresh, contentType bool
	var content, charsetLabel []byte
	hasContent := false
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		if key == nil {
			break
		}
		switch {
		case foreign:
		case id == eBase:
			// Only an HTML-namespace <base> is the document's (H2): one
			// inside <svg> or <math> is a foreign element. The first
			// one with an href decides, also when that href is empty (the
			// document's own URL is then the base) or rejected.
			// One in a shadow tree is not the document's either.
			if string(key) == "href" && !r.doc.HasBase && r.shadow == 0 {
				r.doc.Base, r.doc.HasBase = validUTF8(string(cleanValue(val, &r.buf))), true
				if r.opts.OnBase != nil {
					r.opts.OnBase(r.doc.Base)
				}
			}
			continue
		case id == eMeta:
			switch string(key) {
			case "http-equiv":
				v := trimSpace(val)
				refresh = asciiEqualFold(v, "refresh")
				contentType = asciiEqualFold(v, "content-type")
			case "charset":
				if r.late != nil {
					charsetLabel = append(r.label[:0], val...)
					r.label = charsetLabel
				}
			case "content":
				r.content = append(r.content[:0], val...)
				content, hasContent = r.content, true
			}
			continue
		}
		attr, kind := linkAttr(id, foreign, key)
		switch kind {
		case akURL:
			// An empty or blank form action is the document's URL (H3).
			r.attrLink(name, attr, val, (attr == "action" || attr == "formaction") && len(trimSpace(val)) == 0)
		case akSrcset:
			splitSrcset(val, r.opts.Browser, func(u []byte) { r.attrLink(name, attr, u, false) })
		case akList:
			splitList(val, func(u []byte) { r.attrLink(name, attr, u, false) })
		case akCSS:
			r.css.scan(val, func(u []byte, _, _ int) { r.attrLink(name, attr, u, false) })
		}
	}
	if id == eMeta && r.late != nil && !r.late.done {
		r.lateMeta(charsetLabel, contentType, content, hasContent)
	}
	if refresh && hasContent {
		if u, ok := refreshURL(content); ok {
			if v := cleanValue(u, &r.buf); len(v) > 0 {
				// Parsed when the element is inserted: before the first
				// <base href>, against the document's URL (H2).
				r.attrLink(name, "content", v, !r.doc.HasBase)
			}
		}
	}
}

// lateMeta lets a <meta> with a charset, met after the prescan while the
// encoding is a guess, change it (H5): a charset attribute, else the
// charset in the content of http-equiv=Content-Type.
func (r *reader) lateMeta(label []byte, contentType bool, content []byte, hasContent bool) {
	if label == nil && contentType && hasContent {
		label = charsetFromContent(content)
	}
	if label == nil {
		return
	}
	settled := r.late.done
	if r.late.change(label) {
		r.doc.Encoding = r.late.name
		if r.opts.OnEncoding != nil {
			r.opts.OnEncoding(r.late.name)
		}
	}
	if !settled && r.late.done && r.opts.OnEncodingFinal != nil {
		r.opts.OnEncodingFinal(r.late.name)
	}
}

func (r *reader) endTag() {
	defer r.setCDATA()
	nameb := r.tagName(r.z.Raw())
	if r.overflow > 0 {
		r.overflow--
		if string(nameb) == "template" && r.template > 0 {
			r.template--
		}
		return
	}
	i := len(r.stack) - 1
	// In foreign content an end tag closes the nearest open foreign
	// element of its name; met with an HTML element first, it is read as
	// HTML from there.
	for ; i >= 0 && r.stack[i].ns != nsHTML; i-- {
		if r.stack[i].name == string(nameb) {
			r.pop(i)
			return
		}
	}
	// As HTML, it closes the nearest open HTML element of its name; an
	// integration point stops the search (<svg><foreignObject><div></svg>
	// closes nothing).
	for n := 0; i >= 0 && n < maxSearch; i, n = i-1, n+1 {
		e := r.stack[i]
		if e.ns == nsHTML && e.name == string(nameb) {
			r.pop(i)
			return
		}
		if e.point {
			return
		}
	}
}

// attrLink reports the value v of attribute attr of the current start tag,
// docURL when a browser resolves it against the document's URL
// (Link.DocumentURL). A value longer than delimit.MaxHit is cut there, on
// a character boundary, and marked Truncated (doc/spec.md §8), before it
// is copied.
func (r *reader) attrLink(element, attr string, v []byte, docURL bool) {
	var flags delimit.Flags
	if len(v) > delimit.MaxHit {
		v, flags = cutUTF8(v, delimit.MaxHit), delimit.Truncated
	}
	v = cleanValue(v, &r.buf)
	ref := string(v)
	r.add(Link{
		Ref: ref, Raw: ref, Element: element, Attr: attr,
		Offset: r.tokOff, End: r.tokEnd, Line: r.tokLine, Col: r.tokCol,
		SameDocument: sameDocument(v), Flags: flags, DocumentURL: docURL,
	})
}

// mayHaveStyle reports whether the raw start tag of an HTML element with
// no link attributes of its own may hold a style attribute: an attribute
// name starting with "style", any case, after whitespace or '/'.
func mayHaveStyle(raw []byte) bool {
	for i := 1; i+5 < len(raw); i++ {
		if (raw[i] == 's' || raw[i] == 'S') && (isSpace(raw[i-1]) || raw[i-1] == '/') && hasPrefixFold(raw[i:], "style") {
			return true
		}
	}
	return false
}

// add appends l to the links found, or passes it to Options.Emit.
func (r *reader) add(l Link) {
	l.Ref = validUTF8(l.Ref)
	if r.opts.Emit != nil {
		r.opts.Emit(l)
		return
	}
	if len(r.links) == cap(r.links) {
		if r.links != nil {
			r.full = append(r.full, r.links)
		}
		r.links = make([]Link, 0, min(max(64, 2*r.nlinks), 8192))
	}
	r.links = append(r.links, l)
	r.nlinks++
}

// finish moves the links found into r.doc.Links, with one copy at most.
func (r *reader) finish() {
	r.flushJoin()
	r.doc.TagsCut = r.attrsCut
	if len(r.full) == 0 {
		r.doc.Links = r.links
		return
	}
	all := make([]Link, 0, r.nlinks)
	for _, c := range r.full {
		all = append(all, c...)
	}
	r.doc.Links = append(all, r.links...)
	r.full, r.links = nil, nil
}
