package json

import (
	"bytes"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// value returns the decoded text of the kept string (r.capt), valid until
// the next call.
func (r *jreader) value() []byte {
	if !r.esc {
		return r.capt
	}
	r.text.dec, _ = decode(r.text.dec[:0], r.capt, true)
	return r.text.dec
}

// reportKept reports the kept string as one reference of the given kind
// (a JSON-LD keyword's or a HAR's), spanning the whole string, resolved
// against base, or against the HAR entry's URL with entryBase; status
// is a HAR response's.
func (r *jreader) reportKept(kind, attr, header string, ref string, base string, entryBase bool, status int) {
	w := walker{raw: r.capt, at: r.strAt}
	w.to(len(r.capt)*4+4, true)
	var flags delimit.Flags
	if r.over {
		flags = delimit.Truncated
	}
	r.hit.Set(r.c, kind, ref, string(r.capt), spanOf(r.strAt, w.at), flags)
	r.hit.Attr, r.hit.Header, r.hit.Source, r.hit.Status = attr, header, resolve.FromMarkup, status
	r.emit(base, entryBase)
}

// ld reads the value of a JSON-LD keyword (JSON-LD 1.1, sections 4.1 and 4.1.3):
// @id, @context and @vocab are IRIs, @base one that becomes the base of
// the rest of the record. A blank node identifier ("_:b0") is none, and
// a compact IRI ("schema:name", a prefix of the context's) is read as
// text: only a known scheme or "//" after the colon makes a reference.
func (r *jreader) ld() {
	v := string(bytes.TrimSpace(r.value()))
	switch {
	case v == "" || len(v) > 1 && v[:2] == "_:":
		return
	case compactIRI(v):
		r.text.at = r.strAt
		r.process(r.capt, true)
		return
	}
	r.reportKept("json-ld", r.ldKey, "", v, r.base, false, 0)
	if r.ldKey == "@base" && !r.over {
		r.base = reader.BaseOf(r.s, r.base, v)
	}
}

// compactIRI reports whether v has a prefix before a colon that is not a
// URI scheme: no "//" follows, and the name is not in the scheme registry.
func compactIRI(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == ':':
			if i == 0 || len(v) > i+2 && v[i+1] == '/' && v[i+2] == '/' {
				return false
			}
			return !delimit.KnownScheme(v[:i])
		case c == '/' || c == '?' || c == '#':
			return false // a relative reference
		case !(isAlpha(c) || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')):
			return false
		}
	}
	return false
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
