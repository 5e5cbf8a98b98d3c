// Package charset is urix's one charset policy, for HTML documents and for
// e-mail alike (SPEC H5, M1): a charset label means what the WHATWG
// Encoding Standard says it means, as in browsers and in mail readers
// built on the same standard (Thunderbird's encoding_rs).
//
// So "ISO-8859-1", "US-ASCII" and "latin1" are windows-1252, "Shift_JIS"
// and "cp932" are the same decoder, and a label the standard does not know
// is unknown, even where IANA's registry has it. One departure, from SPEC
// H5: x-user-defined is read as windows-1252, which is what the bytes of
// such pages almost always are.
//
// ASCIICompatible tells whether ASCII stands for itself in an encoding, so
// that readers can pass ASCII text through unconverted.
package charset

import (
	"strings"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// Lookup returns the encoding a label names and its canonical WHATWG name
// ("windows-1252", "shift_jis", ...). For UTF-8 it returns a nil Encoding
// and "utf-8": such text is read as it is. ok is false when the label
// names no encoding (after trimming white space and quotes, any case).
func Lookup(label string) (enc encoding.Encoding, name string, ok bool) {
	label = strings.ToLower(strings.Trim(strings.TrimSpace(label), `"'`))
	e, err := htmlindex.Get(label)
	if err != nil || e == nil {
		return nil, "", false
	}
	name, _ = htmlindex.Name(e)
	switch name {
	case "utf-8":
		return nil, name, true
	case "x-user-defined":
		return charmap.Windows1252, "windows-1252", true
	}
	return e, name, true
}

var asciiCompat sync.Map // name -> bool

// ASCIICompatible reports whether every ASCII byte outside escape
// sequences decodes to itself and the decoder starts in that state: true for
// the windows-*, ISO-8859-*, Shift_JIS, EUC-*, GBK and Big5 families, false
// for UTF-16 (and for the ISO-2022 encodings only until their first ESC
// byte, which readers must watch for).
func ASCIICompatible(name string, enc encoding.Encoding) bool {
	if v, ok := asciiCompat.Load(name); ok {
		return v.(bool)
	}
	const probe = "az AZ 09 :/?#[]@!$&'()*+,;=-._~%\n"
	out, err := enc.NewEncoder().String(probe)
	ok := err == nil && out == probe
	if ok {
		back, err := enc.NewDecoder().String(probe)
		ok = err == nil && back == probe
	}
	asciiCompat.Store(name, ok)
	return ok
}
