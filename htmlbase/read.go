package htmlbase

import (
	"errors"
	"fmt"
	"io"

	html "github.com/urix/urix/internal/htmltoken"
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

	// position of the next token, and of the current one; its line
	// and column once asked for (tokPos)
	off, tokOff, tokEnd int64
	tokLine, tokCol     int
	posKnown            bool
	stack               []open // open elements: for text hits, and where HTML and SVG or MathML meet
	overflow            int    // elements opened beyond maxDepth
	template            int    // open inert <template> elements
	shadow              int    // open declarative shadow roots (<template shadowrootmode>)
	inBody, bodyHost    bool   // a start tag opened the body; the body hosts a shadow root
	cdata               bool   // the tokenizer reads <![CDATA[ (AllowCDATA)
	rawElem             elem   // the raw-text element whose text comes next
	rawName             string
	names               map[string]string
	name                [16]byte // lower-cased tag name, when short
	buf, content, txt   []byte
	label               []byte
	links               []Link   // the links found, in chunks: full ones in
	full                [][]Link // full, so that growing never copies
	nlinks              int
	segs                []seg
	css                 cssScanner
	late                *lateSwitch // the decoder a late <meta charset> may change; nil when certain
	join                *joined     // the text held to be joined (Options.JoinInline); nil when not
}

func newReader(r io.Reader, opts Options, doc *Document) *reader {
	if opts.MaxToken <= 0 {
		opts.MaxToken = DefaultMaxToken
	}
	rd := &reader{opts: opts, doc: doc, stack: make([]open, 0, 32)}
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
		tokRaw := z.Raw()
		r.advance(tokRaw)
		raw, rawName := r.rawElem, r.rawName
		r.rawElem, r.rawName = eOther, ""
		var name []byte // a tag's, lower-cased
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken || tt == html.EndTagToken {
			name = r.tagName(z.RawTagName())
			if r.join != nil {
				r.joinTag(name)
			}
		}
		switch tt {
		case html.ErrorToken:
			err := z.Err()
			if err == io.EOF {
				return nil
			}
			if errors.Is(err, html.ErrBufferExceeded) {
				return fmt.Errorf("htmlbase: a tag or text run at line %d is over %s, the most one token may hold; the rest was not read: %w", r.tokPos(), mib(r.opts.MaxToken), err)
			}
			return fmt.Errorf("htmlbase: %w", err)
		case html.TextToken:
			r.text(tokRaw, raw, rawName)
		case html.StartTagToken:
			r.startTag(name, false)
		case html.SelfClosingTagToken:
			r.startTag(name, true)
		case html.EndTagToken:
			r.endTag(name)
		}
	}
}

// advance records the offsets of the token raw and moves past it. Its
// line and column are counted when they are asked for (tokPos), from the
// guard's window, unless its start is no longer in it (a token longer
// than the window), when the token's own bytes are counted now.
func (r *reader) advance(raw []byte) {
	r.tokOff = r.off
	r.off += int64(len(raw))
	r.guard.tokStart = r.off // the next token starts there
	r.tokEnd = r.off
	r.posKnown = false
	if g := r.guard; r.tokOff < g.winAt {
		r.tokPos()
		g.countToken(raw, r.tokOff)
	}
}

// tokPos sets tokLine and tokCol, the line and column of the current
// token's start, and returns tokLine.
func (r *reader) tokPos() int {
	if !r.posKnown {
		r.tokLine, r.tokCol = r.guard.lineAt(r.tokOff)
		r.posKnown = true
	}
	return r.tokLine
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
	if r.shadow == 0 && r.template == 0 {
		r.stack = r.stack[:i] // no count to keep
		return
	}
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
