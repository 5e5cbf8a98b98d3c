package extract

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/transform"
)

// lookupCharset returns the decoder for a MIME charset label (SPEC M1):
// nil for UTF-8 and US-ASCII (read as they are), and known false when the
// label names no charset golang.org/x/text knows. WHATWG labels come first
// (htmlindex: ISO-8859-1 and US-ASCII read as Windows-1252, as browsers and
// mail readers do), then IANA's MIME and registry names.
func lookupCharset(label string) (enc encoding.Encoding, known bool) {
	label = strings.ToLower(strings.Trim(strings.TrimSpace(label), `"'`))
	switch label {
	case "", "utf-8", "utf8", "us-ascii", "ascii", "ansi_x3.4-1968", "us":
		return nil, true
	}
	if e, err := htmlindex.Get(label); err == nil && e != nil {
		if n, _ := htmlindex.Name(e); n == "utf-8" {
			return nil, true
		}
		return e, true
	}
	for _, idx := range []*ianaindex.Index{ianaindex.MIME, ianaindex.IANA} {
		if e, err := idx.Encoding(label); err == nil && e != nil {
			return e, true
		}
	}
	return nil, false
}

// charsetReader converts RFC 2047 encoded-words (mime.WordDecoder).
func charsetReader(label string, r io.Reader) (io.Reader, error) {
	enc, known := lookupCharset(label)
	if !known {
		return nil, fmt.Errorf("unknown charset %q", label)
	}
	if enc == nil {
		return r, nil
	}
	return transform.NewReader(r, enc.NewDecoder()), nil
}

// decodeText converts r from enc to UTF-8. For charsets in which ASCII
// stands for itself (all but UTF-16/32 and HZ), ASCII text is passed
// through untouched and conversion starts at the first byte that is not
// ASCII or is ESC (ISO-2022 shifts): most parts labelled ISO-8859-1 or
// Windows-1252 are plain ASCII and cost nothing.
func decodeText(r io.Reader, label string, enc encoding.Encoding) io.Reader {
	if !asciiCompatible(label, enc) {
		return transform.NewReader(r, enc.NewDecoder())
	}
	return &lazyDecoder{r: r, enc: enc}
}

var asciiCompat sync.Map // lower-case label -> bool

func asciiCompatible(label string, enc encoding.Encoding) bool {
	label = strings.ToLower(label)
	if v, ok := asciiCompat.Load(label); ok {
		return v.(bool)
	}
	const probe = "az AZ 09 :/?#[]@!$&'()*+,;=-._~%\n"
	out, err := enc.NewEncoder().String(probe)
	ok := err == nil && out == probe && !strings.Contains(label, "hz")
	if ok {
		back, err := enc.NewDecoder().String(probe)
		ok = err == nil && back == probe
	}
	asciiCompat.Store(label, ok)
	return ok
}

type lazyDecoder struct {
	r   io.Reader
	enc encoding.Encoding
	t   io.Reader // the converting reader, from the first non-ASCII byte on
}

func (l *lazyDecoder) Read(p []byte) (int, error) {
	if l.t != nil {
		return l.t.Read(p)
	}
	n, err := l.r.Read(p)
	for i, c := range p[:n] {
		if c >= 0x80 || c == 0x1b {
			rest := append([]byte(nil), p[i:n]...)
			l.t = transform.NewReader(io.MultiReader(bytes.NewReader(rest), l.r), l.enc.NewDecoder())
			if i > 0 {
				return i, nil
			}
			return l.t.Read(p)
		}
	}
	return n, err
}
