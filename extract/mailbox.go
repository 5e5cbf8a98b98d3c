package extract

import (
	"bytes"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/mail"
)

// E-mail and mbox (SPEC §4): package mail walks the messages and hands
// back every header and every single part; the parts go to the reader the
// format table gives for their media type, the header fields are scanned
// here (M3).

func readMessage(j *job, c *content) error {
	return mail.ReadMessage(c.r, j.mailOptions(c), &mailVisitor{j: j, c: c})
}

func readMbox(j *job, c *content) error {
	return mail.ReadMbox(c.r, j.mailOptions(c), &mailVisitor{j: j, c: c})
}

func (j *job) mailOptions(c *content) mail.Options {
	return mail.Options{
		Base: c.base, Resolve: j.x.opts.Resolve, MaxDecoded: j.x.opts.MaxDecoded,
		Warn: func(w mail.Where, err error) { j.warn(w.String(), err) },
	}
}

// mailVisitor turns what package mail finds in content c into hits.
type mailVisitor struct {
	j      *job
	c      *content
	hc, pc content // the contents of the header and the part being read
}

// inner fills c with the content of something found in v.c at part w,
// whose positions pm maps onto v.c's stream.
func (v *mailVisitor) inner(c *content, w mail.Where, messageID, base string, pm mail.PosMap) *content {
	*c = content{name: v.c.name, base: base, part: w.Part, message: w.Message, messageID: messageID,
		pos: chain(pm, v.c.pos)}
	return c
}

// Part reads a single part with the reader of its media type; parts of
// other types are skipped.
func (v *mailVisitor) Part(p *mail.Part) error {
	f := formatForMediaType(p.MediaType)
	if f == nil {
		return nil
	}
	c := v.inner(&v.pc, p.Where, p.MessageID, p.Base, p.Pos)
	if f.ownCharset {
		c.r, c.declared = p.Body, p.Charset()
	} else {
		c.r, c.pos = p.Text()
		c.pos = chain(c.pos, v.c.pos)
	}
	return f.read(v.j, c)
}

// Header reports the URIs of an entity's header fields (SPEC M3): every
// URI of the URI-carrying fields, the value of Content-Base and
// Content-Location (resolved against the enclosing base), and <...> hits in
// any other field.
func (v *mailVisitor) Header(h *mail.Header) error {
	var pm mail.PosMap
	if h.Pin != nil {
		pm = mail.Pinned(*h.Pin)
	}
	c := v.inner(&v.hc, h.Where, h.MessageID, h.Base, pm)
	for i := range h.Fields {
		f := &h.Fields[i]
		switch f.Name {
		case "content-base":
			v.valueHit(c, f, h.Enclosing)
			continue
		case "content-location":
			v.valueHit(c, f, h.LocationBase)
			continue
		case "message-id", "in-reply-to", "references", "content-id", "received",
			"content-type", "content-transfer-encoding", "date", "dkim-signature",
			"arc-message-signature", "arc-seal", "x-google-dkim-signature":
			continue // never hold a URI worth reporting
		}
		all := uriFields[f.Name]
		val := f.Raw[len(f.Name)+1:]
		encoded := f.Encoded()
		if !all && !encoded && !mayHoldAngle(val) {
			continue
		}
		if encoded {
			// RFC 2047 encoded-words: scan the decoded value; the hits
			// point at the field, with no length.
			if dv, err := f.Decoded(); err == nil {
				for _, dh := range delimit.Find([]byte(dv), v.j.x.opts.Delimit) {
					if all || dh.Kind == delimit.Angle {
						sp := span{line: f.Line, col: 1, endLine: f.Line, endCol: 1, start: f.Offset, end: f.Offset}
						v.headerHit(c, f, dh, sp)
					}
				}
				continue
			}
		}
		// Scan the field as stored with its name blanked, so that positions
		// are exact and the name is never taken for a scheme.
		buf := bytes.Clone(f.Raw)
		for k := 0; k <= len(f.Name); k++ {
			buf[k] = ' '
		}
		for _, dh := range delimit.Find(buf, v.j.x.opts.Delimit) {
			if all || dh.Kind == delimit.Angle {
				sp := textSpan(dh)
				sp.line += f.Line - 1
				sp.endLine += f.Line - 1
				sp.start += f.Offset
				sp.end += f.Offset
				v.headerHit(c, f, dh, sp)
			}
		}
	}
	return v.j.stop
}

func (v *mailVisitor) headerHit(c *content, f *mail.Field, dh delimit.Hit, sp span) {
	h := v.j.newHit(c, "header", dh.URI, dh.Raw, sp, dh.Flags)
	h.Header = f.NameAsWritten()
	v.j.report(h, c.base)
}

// valueHit reports the value of a Content-Base or Content-Location field,
// which may be relative (Content-Location) and need not be delimited.
func (v *mailVisitor) valueHit(c *content, f *mail.Field, base string) {
	uri := mail.URIValue(f.Value())
	if uri == "" {
		return
	}
	raw := f.Raw[len(f.Name)+1:]
	lead := len(raw) - len(bytes.TrimLeft(raw, " \t"))
	value := bytes.TrimRight(raw[lead:], " \t\r\n")
	start := f.Offset + int64(len(f.Name)+1+lead)
	sp := span{line: f.Line, col: len(f.Name) + 2 + lead, start: start, end: start + int64(len(value))}
	sp.endLine, sp.endCol = f.Line, sp.col+len(value)
	if n := bytes.Count(value, []byte("\n")); n > 0 {
		sp.endLine += n
		sp.endCol = len(value) - bytes.LastIndexByte(value, '\n')
	}
	h := v.j.newHit(c, "header", uri, string(bytes.TrimSpace(raw)), sp, 0)
	h.Header = f.NameAsWritten()
	v.j.report(h, base)
}

// uriFields are header fields whose every URI is reported (SPEC M3); in
// other fields only <...> hits count.
var uriFields = map[string]bool{
	"list-unsubscribe": true, "list-subscribe": true, "list-archive": true,
	"list-post": true, "list-help": true, "list-owner": true,
	"archived-at": true,
	"x-url":       true, // old mailers' home page field
}

// mayHoldAngle reports whether v holds a '<' followed later by a ':'.
func mayHoldAngle(v []byte) bool {
	i := bytes.IndexByte(v, '<')
	return i >= 0 && bytes.IndexByte(v[i:], ':') >= 0
}

// chain maps positions through inner, then outer (nil: none).
func chain(inner, outer mail.PosMap) mail.PosMap {
	switch {
	case outer == nil:
		return inner
	case inner == nil:
		return outer
	}
	return chained{inner, outer}
}

type chained struct{ inner, outer mail.PosMap }

func (c chained) Map(line, col int, off int64) mail.Pos {
	p := c.inner.Map(line, col, off)
	return c.outer.Map(p.Line, p.Col, p.Offset)
}
