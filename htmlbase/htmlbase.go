// Package htmlbase owns reading HTML (SPEC §3, seeds Appendix D): the
// document's BASE HREF and every link-bearing attribute, plus URIs written
// in text nodes (through delimit).
//
// Read streams the document through golang.org/x/net/html's Tokenizer (the
// low-level TagName/TagAttr API; no tree is built), so memory stays bounded
// by the largest single token (Options.MaxToken) plus the links reported.
//
// # What is reported
//
// Attribute links (H3), each with its lower-case element and attribute name:
//
//	a, area, link                                  href
//	img (and <image>, which the HTML parser
//	reads as <img>), script, iframe, frame,
//	embed, source, track, audio, video, input      src
//	img, source                                    srcset (every candidate URL)
//	link                                           imagesrcset (as srcset)
//	video                                          poster
//	form                                           action
//	button, input                                  formaction
//	blockquote, q, del, ins                        cite
//	object                                         data
//	img, frame, iframe                             longdesc
//	body, table, td, th                            background
//	html                                           manifest
//	a, area                                        ping (each URL of the list)
//	meta http-equiv=refresh                        content (the URL after "5; url=")
//	any SVG or MathML element (but <base>)         href, xlink:href
//	any element                                    style (each CSS url() and image-set() string in it)
//	style element, SVG's too                       CSS url(), image-set("x") and @import "x" (Attr "")
//
// CSS escapes are decoded in URLs and function names (u\72l(a.png)), and a
// url( cut short by the end of the attribute or <style> ends there. An
// empty or blank form action or formaction is marked DocumentURL, and so
// is a meta refresh before the first <base href>: a browser resolves them
// against the document's URL (H2). An <a> that the HTML parser would clone
// (<a href=x><p>...</a>) is reported once: the source has one href (H3).
//
// Options.Browser reads as a browser does where the RFC modes read more
// (H3, H4): a srcset candidate with invalid descriptors ("1x 2x", "0w") is
// dropped, the URLs of a CSS custom property (--x: url(a.png)) are not
// reported, and <noembed> and <noframes> hold raw text.
//
// Values are entity-decoded, stripped of leading and trailing whitespace and
// C0 controls, and tabs, CRs and LFs inside are removed (H1). An empty value
// or one starting with '#' is a same-document reference (SameDocument).
//
// Text (H4): text nodes are entity-decoded and scanned with delimit.Find; a
// hit is reported with Text set, Element the enclosing element, Attr "".
// Comments, <script>, <style> (scanned as CSS instead), <iframe> fallback
// text and everything inside <template> (text, attributes, a <base>: its
// content is inert, not part of the document) are not scanned, but for a
// declarative shadow root (<template shadowrootmode=open|closed> in an
// element that can host one), whose content is live (a <base> there is
// still not the document's). The contents of <noscript> are read as
// markup, as a browser without scripting does, and so are those of
// <noembed> and <noframes>, as one without frames or plug-ins shows them,
// unless Options.Browser; <xmp> and <plaintext> text is scanned as
// written, without entity decoding.
//
// The self-closing slash means nothing on an HTML element (H4): <template/>
// opens a template, <div/> a div; it closes an SVG or MathML element, and
// <svg/> and <math/> themselves.
//
// Namespaces: elements inside <svg> and <math> are SVG and MathML ones,
// told apart as the HTML parser does: a start tag that leaves foreign
// content (<p>, <img>, <div>, <font size>, ...) closes the open SVG and
// MathML elements and is HTML; in an HTML integration point
// (<foreignObject>, <desc>, <title>, <annotation-xml encoding=text/html>)
// and a MathML text integration point (<mi>, <mo>, <mn>, <ms>, <mtext>)
// start tags are HTML (an <svg> there opens SVG again); an end tag in
// foreign content closes the nearest open foreign element of its name, and
// read as HTML it stops at an integration point. An SVG or MathML
// element's links are its href and xlink:href; <image> there stays itself.
//
// The base (H2): Base is the href of the first HTML-namespace <base>
// element that has one, after cleanup, as written: htmlbase never
// resolves. A <base> with no href is skipped; the first with one decides,
// also when it is empty (the document's own URL is then the base: Base ""
// with HasBase) or one the caller rejects, as in a browser. One inside
// <svg> or <math> (a foreign element) or inside <template> is not the
// document's. Rejecting a data: or javascript: base is the caller's, once
// resolved.
//
// # Positions
//
// For attribute links Offset/End is the byte range of the element's start
// tag, for text hits and CSS in a <style> element that of the hit itself;
// Line and Col (1-based, Col counted in bytes) are those of Offset. When the
// document was converted from another charset, positions count bytes of the
// converted UTF-8 stream, not of the input.
//
// # Charset
//
// In order of precedence (as in the HTML standard's encoding sniffing): a
// byte order mark; Options.Charset (a charset declared by HTTP or MIME);
// <meta charset> or <meta http-equiv=Content-Type> in the first 1024 bytes;
// otherwise UTF-8, unless those first 1024 bytes are not valid UTF-8, in
// which case windows-1252. Labels are resolved as the WHATWG Encoding
// standard says (ISO-8859-1 is windows-1252). UTF-8 input is read as is.
// In that last case, with no declaration, the first <meta> with a charset
// met later in the document changes the encoding for the bytes after it,
// as the HTML standard's parser does (lateSwitch in charset.go says how);
// positions then count bytes of the stream as converted.
//
// # Security considerations
//
// A single token (tag, text run, comment) longer than Options.MaxToken
// bytes stops the read with an error wrapping html.ErrBufferExceeded; the
// links found before it are returned. The element stack kept to name the
// enclosing element of a text hit is capped at a fixed depth, so deeply
// nested documents use constant memory; the Links slice grows with the
// number of links in the document: a base may come after the links it
// applies to (H2), so every link is kept until the end, unless
// Options.Emit streams them.
package htmlbase

import (
	"io"

	"github.com/urix/urix/delimit"
)

// DefaultMaxToken is the longest single token Read accepts when
// Options.MaxToken is zero.
const DefaultMaxToken = 16 << 20

// Options tune reading.
type Options struct {
	// Charset is a charset declared outside the document (HTTP or MIME
	// Content-Type); empty means sniff (BOM, <meta charset>), then UTF-8/Windows-1252.
	Charset string
	// Delimit tunes the scan of text nodes (H4).
	Delimit delimit.Options
	// MaxToken caps the size in bytes of a single token; 0 means
	// DefaultMaxToken.
	MaxToken int
	// Emit, when not nil, receives each link as soon as it is found, and
	// Document.Links stays empty, so that memory does not grow with the
	// number of links. Document.Base is still set at the end; a caller that
	// streams must know that the document has no <base> (H2 applies it to
	// the links before it too), as extract does for a large file in which a
	// byte scan finds no "<base".
	Emit func(Link)
	// OnEncoding, when not nil, is called with the canonical name of the
	// encoding the document is read in once it is decided, and again if a
	// late <meta charset> changes it (see Document.Encoding): a caller that
	// streams links with Emit learns it before the links it applies to.
	OnEncoding func(name string)
	// OnEncodingFinal, when not nil, is called once, as soon as the
	// encoding can no longer change: at the start when a byte order mark,
	// Options.Charset or a <meta> of the first 1024 bytes decided it, else
	// at the first later <meta charset> (which may change it, H5); never
	// when the document has none. A caller that streams links and needs
	// the document's final encoding (WHATWG queries) may hold them until
	// then.
	OnEncodingFinal func(name string)
	// OnBase, when not nil, is called with the document's base as soon as
	// it is found (Document.Base, HasBase): a caller that holds the links
	// before it (H2 applies a <base> to them too) may stream the ones
	// after it.
	OnBase func(href string)
	// Browser reads the document as a browser does where the RFC modes
	// read more (doc/spec.md H3, H4; the WHATWG mode of R2): <noembed> and
	// <noframes> hold raw text, not markup; a srcset candidate with an
	// invalid descriptor is dropped; a URL in a CSS custom property
	// (--x: url(a.png)), which no browser fetches, is not reported.
	Browser bool
	// JoinInline reads the text of a paragraph as one across the inline
	// elements in it (<span>, <a>, <code>, <wbr>, ...; not <i>, <em> and
	// <var>, which mark a placeholder), so that a URI split over them
	// comes out whole (doc/spec.md H4): the XHTML of an EPUB book.
	JoinInline bool
}

// Link is one reference found in a document.
type Link struct {
	Ref          string // the reference as written, entity-decoded and cleaned (H1)
	Raw          string // the source text of a text hit ("&lt;URL:http://a/b&gt;"); Ref for attribute links
	Element      string // lower-case element name (for a text hit: the enclosing element)
	Attr         string // lower-case attribute name; "" for a text hit and for CSS in <style>
	Offset, End  int64  // byte offsets in the input of the element's start tag (attribute links) or of the hit (text)
	Line, Col    int    // 1-based line and byte column of Offset
	Text         bool   // found in a text node by delimit (H4)
	Kind         delimit.Kind
	Flags        delimit.Flags
	SameDocument bool // empty or fragment-only reference (H3)
	// DocumentURL: a browser resolves this link against the document's
	// own URL, not its base (H2): a meta refresh before the first <base
	// href> (its URL is parsed when the element is inserted), a form
	// action or formaction that is empty or blank. The RFC modes ignore it.
	DocumentURL bool
}

// Document is what Read found.
type Document struct {
	Base    string // the first <base href> after H1 cleanup, as written (may be relative)
	HasBase bool
	Links   []Link
	// Encoding is the canonical WHATWG name of the encoding the document
	// was read in ("utf-8", "windows-1252", "shift_jis", ...): after a
	// <meta charset> past the first 1024 bytes changed it, the one it
	// changed to (H5). It is the "document's character encoding" that
	// browsers encode the query of its links in (resolve.Options.QueryEncoding).
	Encoding string
	// TagsCut counts the tags with more than MaxAttrs attributes, whose
	// attributes past MaxAttrs were ignored (doc/spec.md L1).
	TagsCut int
}

// Read reads an HTML document from r and returns its base and links in
// document order. On a read error it returns what was found so far together
// with the error.
func Read(r io.Reader, opts Options) (*Document, error) {
	doc := &Document{}
	src, name, err := decodeReader(r, opts.Charset)
	doc.Encoding = name
	if opts.OnEncoding != nil {
		opts.OnEncoding(name)
	}
	if err != nil {
		return doc, err
	}
	rd := newReader(src, opts, doc)
	if s, ok := src.(*lateSwitch); ok {
		rd.late = s
		s.unread = func() ([]byte, error) {
			rest, err := rd.z.Unread()
			rd.guard.unpass(len(rest))
			return rest, err
		}
	} else if opts.OnEncodingFinal != nil {
		opts.OnEncodingFinal(name)
	}
	err = rd.run()
	rd.guard.release()
	return doc, err
}
