package extract

import (
	"fmt"
	"io"
	"strings"

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
