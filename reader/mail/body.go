package mail

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"

	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// The bodies of entities: the base of an entity (M4), multipart bodies
// split at their boundaries, single parts decoded (transfer encoding) and
// handed to the Visitor.

// leafBody returns the walker's body reader, made anew for a single part
// or text outside the parts (never two at a time) up to a delimiter line
// of bounds.
func (w *walker) leafBody(bounds []string) *bodyReader {
	w.lb = bodyReader{s: w.s, bounds: bounds, outLine: 1, drops: w.lb.drops[:0]}
	return &w.lb
}

// entityBase returns the base of an entity with header h inside an entity
// whose base is outer (see the package comment, "Base URI").
func (w *walker) entityBase(h *header, outer string) string {
	base := outer
	cb := ""
	if f, ok := h.get("content-base"); ok {
		cb = URIValue(f.Value())
	}
	if cb != "" {
		if b, ok := w.absolute(cb, outer); ok {
			base = b
		}
	}
	if f, ok := h.get("content-location"); ok && cb == "" {
		if cl := URIValue(f.Value()); cl != "" {
			if b, ok := w.absolute(cl, outer); ok {
				base = b
			}
		}
	}
	return base
}

// absolute returns ref made absolute against base, if it can be.
func (w *walker) absolute(ref, base string) (string, bool) {
	var rv *resolve.Resolver
	if base != "" {
		rv, _ = resolve.NewResolver(base, w.opts.Resolve)
	}
	abs, ok := resolve.Absolute(ref, rv)
	if !ok {
		return "", false
	}
	if _, err := resolve.NewResolver(abs, w.opts.Resolve); err != nil {
		return "", false
	}
	return abs, true
}

// multipart walks the parts of a multipart body.
func (w *walker) multipart(boundary string, ec entityCtx, childType string) {
	inner := make([]string, len(ec.bounds)+1)
	copy(inner, ec.bounds)
	inner[len(ec.bounds)] = boundary
	me := len(ec.bounds)

	// The preamble (and, when the boundary never comes, the whole body) is
	// read as plain text: that is the fallback for a wrong boundary.
	w.plain(inner, ec)
	c, ok := w.s.next()
	if !ok {
		w.warn(ec.where, reader.Note(fmt.Errorf("boundary %q not found: body read as plain text", boundary)))
		return
	}
	i, closing := boundaryLine(c.b, inner)
	if i != me {
		w.s.unread() // an enclosing boundary: this multipart has no parts
		w.warn(ec.where, reader.Note(fmt.Errorf("boundary %q not found: body read as plain text", boundary)))
		return
	}
	n := 0
	for !closing && w.stop == nil {
		n++
		child := entityCtx{where: Where{Message: ec.where.Message, Part: joinPart(ec.where.Part, n)},
			messageID: ec.messageID, base: ec.base, bounds: inner, depth: ec.depth + 1, defType: childType}
		h, hasBody := w.readHeader(inner, ec.where)
		w.entity(h, hasBody, child)
		c, ok = w.s.next()
		if !ok {
			w.warn(ec.where, fmt.Errorf("missing closing boundary %q (truncated message?)", boundary))
			return
		}
		i, closing = boundaryLine(c.b, inner)
		if i != me {
			w.s.unread()
			w.warn(ec.where, fmt.Errorf("missing closing boundary %q", boundary))
			return
		}
	}
	// The epilogue: text after the close delimiter, read like the preamble.
	w.plain(ec.bounds, ec)
}

// plain visits raw lines, up to a delimiter line of bounds, as a
// text/plain part.
func (w *walker) plain(bounds []string, ec entityCtx) {
	defer w.release(w.mark())
	br := w.leafBody(bounds)
	w.part = Part{Where: ec.where, MessageID: ec.messageID, MediaType: "text/plain", Base: ec.base,
		Body: br, Pos: br, w: w}
	w.visit(&w.part, nil, nil)
	br.drain()
}

func isIdentity(cte string) bool {
	switch cte {
	case "", "7bit", "8bit", "binary":
		return true
	}
	return false
}

// decoder returns the reader of the decoded body and its position map.
func (w *walker) decoder(br *bodyReader, cte string, where Where) (io.Reader, PosMap) {
	switch cte {
	case "", "7bit", "8bit", "binary":
		return br, br
	case "quoted-printable":
		q := newQPReader(br, br, &w.scratch)
		return q, q
	case "base64":
		return newB64Reader(br, &w.scratch), pinned(w.s.here())
	}
	// Said when the body is read: nobody needs to hear it of a part that
	// is skipped.
	return &onRead{r: br, f: func() {
		w.warn(where, fmt.Errorf("unknown Content-Transfer-Encoding %q: body read as stored", clip(cte)))
	}}, br
}

// onRead calls f before the first read of r.
type onRead struct {
	r io.Reader
	f func()
}

func (o *onRead) Read(p []byte) (int, error) {
	if o.f != nil {
		o.f()
		o.f = nil
	}
	return o.r.Read(p)
}

// leaf visits a single (non-composite) part.
func (w *walker) leaf(br *bodyReader, mediaType string, params map[string]string, cte string, ec entityCtx) {
	dec, pm := w.decoder(br, cte, ec.where)
	w.part = Part{Where: ec.where, MessageID: ec.messageID, MediaType: mediaType, Params: params, Base: ec.base,
		Body: limit.Reader(dec, w.opts.MaxDecoded, ErrTooLarge), Pos: pm, w: w}
	p := &w.part
	w.visit(p, dec, br)
	br.drain()
}

// visit hands p to the visitor and deals with what went wrong reading its
// body: dec is the transfer decoder, which may have stopped on damage, and
// stored the body as stored.
func (w *walker) visit(p *Part, dec io.Reader, stored PosMap) {
	if w.stop != nil {
		return
	}
	p.body = errReader{r: p.Body}
	p.Body = &p.body
	body := &p.body
	err := w.v.Part(p)
	switch {
	case err == nil && body.err == nil:
		return
	case err != nil && (body.err == nil || !errors.Is(err, body.err)):
		w.stop = err // the visitor's own
		return
	}
	err = body.err
	var ce base64.CorruptInputError
	switch {
	case errors.As(err, &ce):
		b, ok := dec.(*b64Reader)
		if !ok {
			w.warn(p.Where, err)
			return
		}
		rest, line, off := b.rest()
		pm := shifted{inner: stored, first: line, off: off}
		w.warn(p.Where, fmt.Errorf("broken base64 (line %d is not base64): the rest of the part is read as plain text", pm.Map(1, 1, 0).Line))
		w.visit(&Part{Where: p.Where, MessageID: p.MessageID, MediaType: "text/plain", Base: p.Base,
			Body: rest, Pos: pm, w: w}, nil, nil)
	case errors.Is(err, ErrTooLarge):
		w.warn(p.Where, fmt.Errorf("%w (%d bytes): the rest is skipped", ErrTooLarge, w.opts.MaxDecoded))
	case w.s.err != nil:
		// a read error of the input: Read returns it
	default:
		w.warn(p.Where, err)
	}
}

// errReader remembers the first error other than io.EOF its reader returned.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}
