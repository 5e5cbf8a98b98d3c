package extract

import (
	"bytes"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/mail"
)

// E-mail and mbox (SPEC §4): package mail walks the messages and hands
// back every header and every single part; the parts go to the reader the
// format table gives for their media type, and the header fields of the
// allow-list headerFields are read here (M3).

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

// Header reports the URIs of an entity's header fields (SPEC M3): only the
// fields of headerFields are read, each as its rule says; every other field
// is not scanned at all.
func (v *mailVisitor) Header(h *mail.Header) error {
	var pm mail.PosMap
	if h.Pin != nil {
		pm = mail.Pinned(*h.Pin)
	}
	c := v.inner(&v.hc, h.Where, h.MessageID, h.Base, pm)
	for i := range h.Fields {
		f := &h.Fields[i]
		rule, ok := headerFields[f.Name]
		switch {
		case !ok:
			continue
		case rule == valueURI && f.Name == "content-base":
			v.valueHit(c, f, h.Enclosing)
			continue
		case rule == valueURI:
			v.valueHit(c, f, h.LocationBase)
			continue
		}
		all := rule == everyURI
		if f.Encoded() {
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

// fieldRule says how a header field is read for URIs.
type fieldRule int

const (
	everyURI  fieldRule = iota + 1 // every URI delimit finds in the value
	angleURIs                      // only <...> hits
	valueURI                       // the whole value is one URI reference
)

// headerFields is the allow-list of header fields read for URIs (SPEC M3),
// lower case. The reasons:
//
//   - List-Help, List-Unsubscribe, List-Subscribe, List-Post, List-Owner,
//     List-Archive (RFC 2369): their values are lists of <URI>s; older lists
//     write them bare, so every URI counts (List-Post: NO has none).
//   - Archived-At (RFC 5064): the URI of the message in an archive.
//   - X-Url, X-URI: old mailers' home-page field, a bare URI.
//   - Link (RFC 8288, as in HTTP): <URI-reference>; rel=...; only the
//     <...> targets are links, the parameters are not.
//   - Content-Base (RFC 2110), Content-Location (RFC 2557): the value is a
//     URI reference, reported resolved (M4).
//
// Not read: address fields (From, To, Cc, Bcc, Reply-To, Sender,
// Return-Path, Delivered-To, ...: their <...> hold mailboxes, or group
// syntax like <Undisclosed-Recipient:;>); identifiers (Message-ID,
// In-Reply-To, References, Content-ID, List-Id: <...> that are not URIs);
// opaque tokens (Received, DKIM-Signature, ARC-*, Fastmail's X-ME-Proxy:
// <xmx:...> and X-ME-Sender); X-Mailing-List (an address, often followed by
// a path that is not a URI); and free text (Subject, Comments, X-Mailer), in
// which a URI is prose, not something the header carries.
var headerFields = map[string]fieldRule{
	"list-unsubscribe": everyURI, "list-subscribe": everyURI, "list-archive": everyURI,
	"list-post": everyURI, "list-help": everyURI, "list-owner": everyURI,
	"archived-at":      everyURI,
	"x-url":            everyURI,
	"x-uri":            everyURI,
	"link":             angleURIs,
	"content-base":     valueURI,
	"content-location": valueURI,
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
