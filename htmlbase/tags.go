package htmlbase

import (
	"bytes"

	"github.com/urix/urix/delimit"
)

// This file reads the tags (H2–H4): a start tag's name, namespace and
// content mode, its attributes (the document's base, a <meta>, the
// link-bearing attributes), and an end tag, which closes open elements.

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

// tagName returns the tag name as the tokenizer read it, lower-cased:
// the tokenizer's own bytes (valid until the next token) when they are,
// else a copy, without the allocation of Tokenizer.TagName when it is
// short.
func (r *reader) tagName(name []byte) []byte {
	k := 0
	for k < len(name) && (name[k] < 'A' || name[k] > 'Z') {
		k++
	}
	if k == len(name) {
		return name // lower-case already, as most are
	}
	if len(name) > len(r.name) {
		return bytes.ToLower(name)
	}
	b := r.name[:len(name)]
	for k, c := range name {
		b[k] = lowerASCII(c)
	}
	return b
}

// startTag reads a start tag (H2–H4): the element's namespace and how
// its content is read, the stack of open elements, and, outside inert
// template content, its attributes.
func (r *reader) startTag(tagName []byte, selfClosing bool) {
	z := r.z
	nsp, name, id := r.namespace(r.intern(tagName))
	foreign := nsp != nsHTML
	if !r.inBody && !headElement(name) {
		r.inBody = true
	}
	shadow := false
	if id != eOther || foreign {
		shadow = r.contentMode(name, id, foreign)
	}
	// The self-closing slash means nothing on an HTML element: <template/>
	// and <div/> open an element (H4). It closes an SVG or MathML one.
	if !(selfClosing && foreign) && !isVoid(id, foreign) {
		r.push(open{name: name, ns: nsp, point: foreign && integrationPoint(nsp, name, z.Raw()), shadow: shadow})
	}
	r.setCDATA()
	if r.template > 0 {
		return // template content is inert, not part of the document (H4)
	}
	if id == eOther && !foreign && !z.HasAttr("style") {
		return // the common case: <div class=...>, <span>, <p>
	}
	var m metaAttrs
	r.attrs(name, id, foreign, &m)
	if id == eMeta {
		r.meta(name, &m)
	}
}

// namespace returns the namespace of the element name (id), as the HTML
// parser decides it, and its name and id as the parser makes it: inside
// <svg> or <math> elements are SVG or MathML ones, but for those that
// leave foreign content (<p>, <img>, <div>, ...: the open foreign
// elements are closed) and those in an integration point
// (<foreignObject>, <mi>, ...), which are HTML again; <image> is <img>
// (H3).
func (r *reader) namespace(name string, id elem) (ns, string, elem) {
	nsp := r.insertion()
	if nsp == nsHTML && (name == "mglyph" || name == "malignmark") && len(r.stack) > 0 {
		if top := r.stack[len(r.stack)-1]; top.ns == nsMath && top.name != "annotation-xml" {
			nsp = nsMath // a MathML text integration point's own children
		}
	}
	if nsp != nsHTML {
		top := r.stack[len(r.stack)-1]
		switch {
		case breaksOut(name, r.z.Raw()):
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
	return nsp, name, id
}

// contentMode decides how the tokenizer reads the element's content, as
// raw text or as markup (H4), and counts an inert <template> or a
// declarative shadow root; it reports whether the element is a shadow
// root.
func (r *reader) contentMode(name string, id elem, foreign bool) (shadow bool) {
	z := r.z
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
	return shadow
}

// metaAttrs is what the attributes of a <meta> say (H2, H5).
type metaAttrs struct {
	refresh, contentType bool   // http-equiv is refresh, or Content-Type
	charset              []byte // the charset attribute, kept only while the encoding may change
	content              []byte
	hasContent           bool
}

// attrs reads the attributes of the current start tag: the href of an
// HTML <base> (H2), what a <meta> says into m, and the links of the
// attributes that bear them (H3).
func (r *reader) attrs(name string, id elem, foreign bool, m *metaAttrs) {
	z := r.z
	for more := true; more; {
		var key []byte
		key, more = z.TagAttrKey()
		if key == nil {
			break
		}
		switch {
		case foreign:
		case id == eBase:
			r.baseAttr(key, z.AttrVal())
			continue
		case id == eMeta:
			r.metaAttr(key, z.AttrVal(), m)
			continue
		}
		attr, kind := linkAttr(id, foreign, key)
		if kind == akNone {
			continue // its value is not decoded
		}
		val := z.AttrVal()
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
}

// baseAttr reads an attribute of an HTML-namespace <base>, the only one
// that is the document's (H2): one inside <svg> or <math> is a foreign
// element. The first one with an href decides, also when that href is
// empty (the document's own URL is then the base) or rejected. One in a
// shadow tree is not the document's either.
func (r *reader) baseAttr(key, val []byte) {
	if string(key) == "href" && !r.doc.HasBase && r.shadow == 0 {
		r.doc.Base, r.doc.HasBase = validUTF8(string(cleanValue(val, &r.buf))), true
		if r.opts.OnBase != nil {
			r.opts.OnBase(r.doc.Base)
		}
	}
}

// metaAttr reads an attribute of an HTML <meta> into m.
func (r *reader) metaAttr(key, val []byte, m *metaAttrs) {
	switch string(key) {
	case "http-equiv":
		v := trimSpace(val)
		m.refresh = asciiEqualFold(v, "refresh")
		m.contentType = asciiEqualFold(v, "content-type")
	case "charset":
		if r.late != nil {
			m.charset = append(r.label[:0], val...)
			r.label = m.charset
		}
	case "content":
		r.content = append(r.content[:0], val...)
		m.content, m.hasContent = r.content, true
	}
}

// meta acts on what a <meta> said once its attributes are read: a late
// charset (H5), and the URL of a refresh (H3).
func (r *reader) meta(name string, m *metaAttrs) {
	if r.late != nil && !r.late.done {
		r.lateMeta(m)
	}
	if !m.refresh || !m.hasContent {
		return
	}
	if u, ok := refreshURL(m.content); ok {
		if v := cleanValue(u, &r.buf); len(v) > 0 {
			// Parsed when the element is inserted: before the first
			// <base href>, against the document's URL (H2).
			r.attrLink(name, "content", v, !r.doc.HasBase)
		}
	}
}

// lateMeta lets a <meta> with a charset, met after the prescan while the
// encoding is a guess, change it (H5): a charset attribute, else the
// charset in the content of http-equiv=Content-Type.
func (r *reader) lateMeta(m *metaAttrs) {
	label := m.charset
	if label == nil && m.contentType && m.hasContent {
		label = charsetFromContent(m.content)
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

func (r *reader) endTag(nameb []byte) {
	r.closeElems(nameb)
	r.setCDATA()
}

// closeElems closes the open elements an end tag of that name closes.
func (r *reader) closeElems(nameb []byte) {
	if r.overflow > 0 {
		r.overflow--
		if string(nameb) == "template" && r.template > 0 {
			r.template--
		}
		return
	}
	i := len(r.stack) - 1
	if i >= 0 && r.stack[i].ns == nsHTML && r.stack[i].name == string(nameb) {
		r.pop(i) // the common case: it closes the current node
		return
	}
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
// a character boundary, and marked Truncated (doc/spec.md L4), before it
// is copied.
func (r *reader) attrLink(element, attr string, v []byte, docURL bool) {
	var flags delimit.Flags
	if len(v) > delimit.MaxHit {
		v, flags = cutUTF8(v, delimit.MaxHit), delimit.Truncated
	}
	v = cleanValue(v, &r.buf)
	ref := string(v)
	r.tokPos()
	r.add(Link{
		Ref: ref, Raw: ref, Element: element, Attr: attr,
		Offset: r.tokOff, End: r.tokEnd, Line: r.tokLine, Col: r.tokCol,
		SameDocument: sameDocument(v), Flags: flags, DocumentURL: docURL,
	})
}
