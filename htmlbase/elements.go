package htmlbase

import "strings"

// elem identifies the elements whose attributes or contents matter; every
// other element is eOther.
type elem uint8

const (
	eOther elem = iota
	eA
	eArea
	eAudio
	eBase
	eBlockquote
	eBody
	eButton
	eDel
	eEmbed
	eForm
	eFrame
	eHTML
	eIframe
	eImage
	eImg
	eInput
	eIns
	eLink
	eMath
	eMeta
	eNoembed
	eNoframes
	eNoscript
	eObject
	ePlaintext
	eQ
	eScript
	eSource
	eStyle
	eSVG
	eTable
	eTd
	eTemplate
	eTh
	eTrack
	eUse
	eVideo
	eXmp
	// void elements with no link attributes
	eBr
	eCol
	eHr
	eKeygen
	eParam
	eWbr
)

// elemInfo is what the element table knows about a name.
type elemInfo struct {
	id   elem
	name string
}

// elems maps lower-case element names to their id and an interned name;
// names not in it are interned per document (reader.intern).
var elems = func() map[string]elemInfo {
	m := map[string]elemInfo{}
	for name, id := range map[string]elem{
		"a": eA, "area": eArea, "audio": eAudio, "base": eBase,
		"blockquote": eBlockquote, "body": eBody, "button": eButton,
		"del": eDel, "embed": eEmbed, "form": eForm, "frame": eFrame,
		"html": eHTML, "iframe": eIframe, "image": eImage, "img": eImg,
		"input": eInput, "ins": eIns, "link": eLink, "math": eMath, "meta": eMeta,
		"noembed": eNoembed, "noframes": eNoframes, "noscript": eNoscript,
		"object": eObject, "plaintext": ePlaintext, "q": eQ,
		"script": eScript, "source": eSource, "style": eStyle, "svg": eSVG,
		"table": eTable, "td": eTd, "template": eTemplate, "th": eTh,
		"track": eTrack, "use": eUse, "video": eVideo, "xmp": eXmp,
		"br": eBr, "col": eCol, "hr": eHr, "keygen": eKeygen,
		"param": eParam, "wbr": eWbr,
	} {
		m[name] = elemInfo{id, name}
	}
	for _, name := range []string{
		"abbr", "address", "article", "aside", "b", "bdi", "bdo", "big",
		"canvas", "caption", "center", "cite", "code", "colgroup", "data",
		"datalist", "dd", "details", "dfn", "dialog", "dir", "div", "dl",
		"dt", "em", "fieldset", "figcaption", "figure", "font", "footer",
		"frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
		"hgroup", "i", "kbd", "label", "legend", "li", "listing", "main",
		"map", "mark", "menu", "meter", "nav", "nobr", "ol", "optgroup",
		"option", "output", "p", "picture", "pre", "progress", "rp", "rt",
		"ruby", "s", "samp", "search", "section", "select", "slot", "small",
		"span", "strike", "strong", "sub", "summary", "sup", "tbody",
		"textarea", "tfoot", "thead", "time", "title", "tr", "tt", "u",
		"ul", "var", "g", "path", "rect", "circle", "text", "defs",
		"symbol", "lineargradient", "radialgradient", "pattern", "textpath",
		"feimage", "filter", "mpath", "tspan", "clippath", "mask",
	} {
		m[name] = elemInfo{eOther, name}
	}
	return m
}()

// elemTable is an open-addressing hash table over elems, faster than the
// map for the one lookup every start tag makes.
var elemTable = func() (t [1024]elemInfo) {
	for name, info := range elems {
		h := elemHash([]byte(name))
		for t[h].name != "" {
			h = (h + 1) % uint(len(t))
		}
		t[h] = info
	}
	return t
}()

func elemHash(name []byte) uint {
	if len(name) == 0 {
		return 0
	}
	return (uint(len(name))*131 + uint(name[0])*31 + uint(name[len(name)-1])*7 + uint(name[len(name)/2])) % 1024
}

// lookupElem returns what the element table knows about name.
func lookupElem(name []byte) (elemInfo, bool) {
	for h := elemHash(name); ; h = (h + 1) % uint(len(elemTable)) {
		e := elemTable[h]
		if e.name == "" {
			return elemInfo{}, false
		}
		if e.name == string(name) {
			return e, true
		}
	}
}

// isVoid reports whether an element of that id never has contents, so that
// it is not pushed on the element stack; no foreign element is void.
func isVoid(id elem, foreign bool) bool {
	if foreign {
		return false
	}
	switch id {
	case eArea, eBase, eBr, eCol, eEmbed, eHr, eImg, eInput, eKeygen,
		eLink, eMeta, eParam, eSource, eTrack, eWbr:
		return true
	}
	return false
}

// attrKind says how a link-bearing attribute's value holds its URLs.
type attrKind uint8

const (
	akNone   attrKind = iota
	akURL             // the whole value is one URL
	akSrcset          // srcset candidates
	akList            // whitespace-separated URLs (ping)
	akCSS             // CSS declarations (style)
)

// linkAttr returns the name and kind of the attribute key of element id
// when it bears links (H3); foreign says the element is an SVG or MathML
// one, whose links are its href and xlink:href.
func linkAttr(id elem, foreign bool, key []byte) (string, attrKind) {
	if foreign {
		return foreignLinkAttr(id, key)
	}
	var name string
	var kind attrKind
	var on elemSet // the elements on which the attribute bears links
	switch string(key) {
	case "href":
		name, kind, on = "href", akURL, 1<<eA|1<<eArea|1<<eLink
	case "src":
		name, kind, on = "src", akURL, 1<<eImg|1<<eScript|1<<eIframe|1<<eFrame|1<<eEmbed|1<<eSource|1<<eTrack|1<<eAudio|1<<eVideo|1<<eInput
	case "srcset":
		name, kind, on = "srcset", akSrcset, 1<<eImg|1<<eSource
	case "imagesrcset":
		name, kind, on = "imagesrcset", akSrcset, 1<<eLink
	case "poster":
		name, kind, on = "poster", akURL, 1<<eVideo
	case "action":
		name, kind, on = "action", akURL, 1<<eForm
	case "formaction":
		name, kind, on = "formaction", akURL, 1<<eButton|1<<eInput
	case "cite":
		name, kind, on = "cite", akURL, 1<<eBlockquote|1<<eQ|1<<eDel|1<<eIns
	case "data":
		name, kind, on = "data", akURL, 1<<eObject
	case "longdesc":
		name, kind, on = "longdesc", akURL, 1<<eImg|1<<eFrame|1<<eIframe
	case "background":
		name, kind, on = "background", akURL, 1<<eBody|1<<eTable|1<<eTd|1<<eTh
	case "manifest":
		name, kind, on = "manifest", akURL, 1<<eHTML
	case "ping":
		name, kind, on = "ping", akList, 1<<eA|1<<eArea
	case "style":
		return "style", akCSS // on any element
	}
	if !on.has(id) {
		return "", akNone
	}
	return name, kind
}

// elemSet is a set of elements.
type elemSet uint64

func (s elemSet) has(id elem) bool { return s&(1<<id) != 0 }

// foreignLinkAttr is linkAttr for an SVG or MathML element: href and
// xlink:href, but for a foreign <base>, and style.
func foreignLinkAttr(id elem, key []byte) (string, attrKind) {
	switch string(key) {
	case "href", "xlink:href":
		if id == eBase {
			return "", akNone // not a link, and not the document's base (H2)
		}
		return string(key), akURL
	case "style":
		return "style", akCSS
	}
	return "", akNone
}

// ns is the namespace of an element: where <svg> and <math> begin, the
// HTML parser makes SVG and MathML elements, whose links are not HTML's.
type ns uint8

const (
	nsHTML ns = iota
	nsSVG
	nsMath
)

// open is an element on the stack of open elements.
type open struct {
	name  string
	ns    ns
	point bool // an HTML or MathML text integration point: start tags in it are HTML
	// shadow: a <template shadowrootmode> that made a declarative shadow
	// root, whose content is live (H4); host: an element that has one.
	shadow, host bool
}

// breaksOut reports whether a start tag of that name (raw: the tag) met in
// foreign content closes the open SVG and MathML elements and is HTML
// (the HTML standard, "parsing tokens in foreign content").
func breaksOut(name string, raw []byte) bool {
	switch name {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div",
		"dl", "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head",
		"hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p",
		"pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup",
		"table", "tt", "u", "ul", "var":
		return true
	case "font":
		return hasAttrName(raw, "color") || hasAttrName(raw, "face") || hasAttrName(raw, "size")
	}
	return false
}

// integrationPoint reports whether an element of namespace n, name and raw
// start tag is an HTML integration point (SVG foreignObject, desc, title;
// MathML annotation-xml whose encoding is HTML) or a MathML text
// integration point (mi, mo, mn, ms, mtext).
func integrationPoint(n ns, name string, raw []byte) bool {
	switch n {
	case nsSVG:
		return name == "foreignobject" || name == "desc" || name == "title"
	case nsMath:
		switch name {
		case "mi", "mo", "mn", "ms", "mtext":
			return true
		case "annotation-xml":
			return containsFold(raw, "text/html") || containsFold(raw, "application/xhtml+xml")
		}
	}
	return false
}

// isRawTextName reports whether the tokenizer reads the contents of an
// HTML element of that name as text, not markup.
func isRawTextName(name string) bool {
	switch name {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

// hasAttrName reports whether the raw start tag may have an attribute of
// that (lower-case) name: the name, any case, after whitespace or '/' and
// before whitespace, '=', '/' or '>'.
func hasAttrName(raw []byte, name string) bool {
	for i := 1; i+len(name) < len(raw); i++ {
		if (isSpace(raw[i-1]) || raw[i-1] == '/') && hasPrefixFold(raw[i:], name) {
			switch c := raw[i+len(name)]; {
			case isSpace(c), c == '=', c == '/', c == '>':
				return true
			}
		}
	}
	return false
}

// containsFold reports whether s contains the lower-case ASCII t, any case.
func containsFold(s []byte, t string) bool {
	for i := 0; i+len(t) <= len(s); i++ {
		if hasPrefixFold(s[i:], t) {
			return true
		}
	}
	return false
}

// shadowRoot reads the attributes of a <template> start tag met outside
// inert template content and reports whether it makes a declarative
// shadow root, whose content is live, not inert (H4): its shadowrootmode
// is "open" or "closed" (any case), and the current node can host one (an
// HTML element that attachShadow accepts and that has none yet). It then
// marks the current node as a host.
func (r *reader) shadowRoot() bool {
	mode := false
	for more := true; more; {
		var key, val []byte
		key, val, more = r.z.TagAttr()
		if key == nil {
			break
		}
		if string(key) == "shadowrootmode" {
			mode = asciiEqualFold(val, "open") || asciiEqualFold(val, "closed")
			break // the first of a name counts
		}
	}
	if !mode || len(r.stack) >= maxDepth {
		return false
	}
	if n := len(r.stack); n == 0 || r.stack[n-1].name == "html" && r.stack[n-1].ns == nsHTML {
		// No open element but <html>: the template goes into the
		// <head> (no host) before the body's content, else into the
		// <body> the parser opened.
		if !r.inBody || r.bodyHost {
			return false
		}
		r.bodyHost = true
		return true
	}
	host := &r.stack[len(r.stack)-1]
	if host.ns != nsHTML || host.host || !shadowHost(host.name) {
		return false
	}
	host.host = true
	return true
}

// headElement reports whether an HTML start tag of that name may come
// before the body's content without opening the <body> (the HTML
// parser's "in head" and "before head" modes).
func headElement(name string) bool {
	switch name {
	case "html", "head", "base", "basefont", "bgsound", "link", "meta", "noframes", "script",
		"style", "template", "title", "noscript":
		return true
	}
	return false
}

// shadowHost reports whether an HTML element of that name can host a
// shadow root (DOM, "attach a shadow root": a valid shadow host name).
func shadowHost(name string) bool {
	switch name {
	case "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
		"header", "main", "nav", "p", "section", "span":
		return true
	}
	// A valid custom element name: a lower-case letter first, a hyphen.
	return len(name) > 1 && 'a' <= name[0] && name[0] <= 'z' && strings.IndexByte(name, '-') > 0 &&
		name != "annotation-xml" && name != "color-profile" && name != "font-face" && name != "font-face-src" &&
		name != "font-face-uri" && name != "font-face-format" && name != "font-face-name" && name != "missing-glyph"
}
