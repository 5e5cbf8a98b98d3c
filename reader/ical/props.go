package ical

import (
	"bytes"
	"strings"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/resolve"
)

// prop is what begin learned of a content line (RFC 5545 §3.1: name,
// parameters, ':' and value).
type prop struct {
	name    string // upper case, without a vCard group ("item1.")
	valueAt int    // index of the value in the line
	value   string // the VALUE parameter, lower case
	binary  bool   // ENCODING=BASE64 or B, or VALUE=BINARY
	qp      bool   // ENCODING=QUOTED-PRINTABLE (vCard 2.1, vCalendar 1.0)
}

// uriProps are the properties whose value is a URI (RFC 5545 §3.8, RFC
// 7986, RFC 6350 §6, RFC 2426) when it has a scheme: the URI of these
// RFCs is RFC 3986's absolute one, and a vCard 3 PHOTO is base64 or a
// URI. A value without a scheme (ATTENDEE:room@example.com, a template's
// ATTACH:$URI$) is text, not a reference against the file (doc/spec.md IC1).
var uriProps = map[string]bool{
	"URL": true, "ATTACH": true, "SOURCE": true, "TZURL": true, "CONFERENCE": true,
	"ORGANIZER": true, "ATTENDEE": true, "MEMBER": true, "FBURL": true, "CALURI": true,
	"CALADRURI": true, "IMPP": true, "RELATED": true, "IMAGE": true, "PHOTO": true,
	"LOGO": true, "SOUND": true, "KEY": true,
}

// uriParams are the parameters whose value is a URI or a list of them
// (RFC 5545 §3.2: ALTREP, DIR; the cal-addresses of SENT-BY,
// DELEGATED-FROM, DELEGATED-TO and MEMBER), reported when it has a scheme.
var uriParams = map[string]bool{
	"ALTREP": true, "DIR": true, "SENT-BY": true,
	"DELEGATED-FROM": true, "DELEGATED-TO": true, "MEMBER": true,
}

// begin reads the name and parameters of the line in r.buf, reports the
// URI-valued parameters, and returns how its value is read.
func (r *icsReader) begin() mode {
	b := r.buf
	i := 0
	for i < len(b) && b[i] != ';' && b[i] != ':' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	name := b[:i]
	if k := bytes.LastIndexByte(name, '.'); k >= 0 {
		name = name[k+1:]
	}
	r.p = prop{name: strings.ToUpper(string(name))}
	for i < len(b) && b[i] == ';' {
		i = r.param(b, i+1)
	}
	if i >= len(b) || b[i] != ':' {
		return modeSkip // no value: not a content line
	}
	r.p.valueAt = i + 1
	v := bytes.TrimSpace(b[i+1:])
	switch r.p.name {
	case "BEGIN":
		if bytes.EqualFold(v, []byte("VCARD")) {
			r.vcard = true
		} else if bytes.EqualFold(v, []byte("VCALENDAR")) {
			r.vcard = false
		}
		return modeSkip
	case "END", "VERSION", "PRODID", "DTSTART", "DTEND", "DTSTAMP", "CREATED", "LAST-MODIFIED", "REV", "RRULE":
		return modeSkip
	}
	if r.p.binary {
		return modeSkip
	}
	if r.p.qp {
		return modeQP
	}
	switch r.p.value {
	case "uri", "url", "cal-address":
	case "", "text":
		if !uriProps[r.p.name] {
			return modeText
		}
	default:
		return modeText
	}
	if !hasScheme(v) {
		return modeText
	}
	return modeURI
}

// param reads the parameter at b[i] (after its ';') and returns the index
// after it.
func (r *icsReader) param(b []byte, i int) int {
	n := i
	for n < len(b) && b[n] != '=' && b[n] != ';' && b[n] != ':' {
		n++
	}
	name := strings.ToUpper(string(b[i:n]))
	if n >= len(b) || b[n] != '=' {
		// vCard 2.1 names an encoding alone: NOTE;QUOTED-PRINTABLE:...
		r.p.qp = r.p.qp || name == "QUOTED-PRINTABLE"
		r.p.binary = r.p.binary || name == "BASE64"
		return n
	}
	for j := n + 1; ; {
		vs, ve, next := paramValue(b, j)
		v := b[vs:ve]
		switch {
		case name == "VALUE":
			r.p.value = strings.ToLower(string(v))
			r.p.binary = r.p.binary || r.p.value == "binary"
		case name == "ENCODING":
			r.p.binary = r.p.binary || bytes.EqualFold(v, []byte("base64")) || bytes.EqualFold(v, []byte("b"))
			r.p.qp = r.p.qp || bytes.EqualFold(v, []byte("quoted-printable"))
		case uriParams[name] && hasScheme(v):
			r.report(string(v), b[vs:ve], vs, ve, r.p.name+";"+name, false)
		}
		if next >= len(b) || b[next] != ',' {
			return next
		}
		j = next + 1
	}
}

// paramValue reads one parameter value at b[i], quoted or not, and
// returns its bounds (inside the quotes) and the index after it.
func paramValue(b []byte, i int) (int, int, int) {
	if i < len(b) && b[i] == '"' {
		k := bytes.IndexByte(b[i+1:], '"')
		if k < 0 {
			return i + 1, len(b), len(b)
		}
		return i + 1, i + 1 + k, i + 2 + k
	}
	j := i
	for j < len(b) && b[j] != ';' && b[j] != ':' && b[j] != ',' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	return i, j, j
}

// hasScheme reports whether v starts with a URI scheme and its colon
// (escaped "\:" as vCard 3 writers put it).
func hasScheme(v []byte) bool {
	for i, c := range v {
		switch {
		case c == ':' || c == '\\' && i+1 < len(v) && v[i+1] == ':':
			return i > 1 // not a drive letter
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return false
}

// uri reports the value of a URI-valued property: its escapes (a vCard 3
// writer's "http\://") undone, cut at delimit.MaxHit.
func (r *icsReader) uri(line []byte, cut bool) {
	start, end := r.p.valueAt, len(line)
	for start < end && (line[start] == ' ' || line[start] == '\t') {
		start++
	}
	for end > start && (line[end-1] == ' ' || line[end-1] == '\t') {
		end--
	}
	v := line[start:end]
	if len(v) == 0 || bytes.HasPrefix(bytes.ToLower(v[:min(len(v), 5)]), []byte("data:")) {
		return // an inline image, as HTML's data: URIs, is no reference
	}
	if len(v) > delimit.MaxHit {
		v, end, cut = v[:delimit.MaxHit], start+delimit.MaxHit, true
	}
	ref := string(v)
	if bytes.IndexByte(v, '\\') >= 0 {
		ref = string(r.unescape(v))
	}
	r.report(ref, v, start, end, r.p.name, cut)
}

// report reports ref, written raw at r.buf[i:j], as a reference of the
// property or parameter attr.
func (r *icsReader) report(ref string, raw []byte, i, j int, attr string, cut bool) {
	kind := "ical-uri"
	if r.vcard {
		kind = "vcard-uri"
	}
	var flags delimit.Flags
	if cut {
		flags = delimit.Truncated
	}
	r.hit.Set(r.c, kind, ref, string(raw), r.span(i, j), flags)
	r.hit.Attr, r.hit.Source = attr, resolve.FromMarkup
	r.s.Report(&r.hit, r.c.Base)
}

// unescape undoes the escapes of a text value (RFC 5545 §3.3.11, RFC 6350
// §3.4): \n or \N, \, \; \\ and, as vCard 3 writers put them in URIs, \:.
// Another backslash stays as it is.
func (r *icsReader) unescape(v []byte) []byte {
	d := r.dec[:0]
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) {
			if e, ok := escaped(v[i+1]); ok {
				d = append(d, e)
				i++
				continue
			}
		}
		d = append(d, c)
	}
	r.dec = d
	return d
}

func escaped(c byte) (byte, bool) {
	switch c {
	case 'n', 'N':
		return '\n', true
	case ',', ';', '\\', ':':
		return c, true
	}
	return 0, false
}

// text reads the text of a value with the text rules, from the value's
// start on the line's first piece; unless end, only the hits that start
// before a cut near its end, returning how many bytes of r.buf it is
// done with.
func (r *icsReader) text(line []byte, end bool) int {
	from := 0
	if r.p.valueAt > 0 {
		from, r.p.valueAt = r.p.valueAt, 0
	}
	v := line[from:]
	dec := r.unescape(v)
	cut := len(dec)
	if !end {
		cut = max(len(dec)-overlap, 1)
	}
	w := textWalker{v: v}
	if delimit.MayHold(dec, r.opts.Delimit) {
		for _, h := range delimit.Find(dec, r.opts.Delimit) {
			if !end && int(h.Start) >= cut {
				break
			}
			w.to(int(h.Start), false)
			e := w
			e.to(int(h.End), true)
			r.hit.Set(r.c, h.Kind.String(), h.URI, string(v[w.i:e.i]), r.span(from+w.i, from+e.i), h.Flags&^delimit.Borrowed)
			r.hit.Attr = r.p.name
			r.s.Report(&r.hit, r.c.Base)
			cut = max(cut, int(h.End))
		}
	}
	w.to(cut, true)
	return from + w.i
}

// textWalker walks a value as written (v[i]) and its unescaped text
// (offset d) together.
type textWalker struct {
	v    []byte
	i, d int
}

// to walks to text offset to; with over, past an escape that holds it.
func (w *textWalker) to(to int, over bool) {
	for w.d < to && w.i < len(w.v) {
		if w.v[w.i] == '\\' && w.i+1 < len(w.v) {
			if _, ok := escaped(w.v[w.i+1]); ok {
				if !over && w.d+1 > to {
					return
				}
				w.i, w.d = w.i+2, w.d+1
				continue
			}
		}
		w.i, w.d = w.i+1, w.d+1
	}
}
