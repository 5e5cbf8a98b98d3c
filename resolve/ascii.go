package resolve

import (
	"strings"

	"golang.org/x/net/idna"
)

// ToASCII converts an IRI to a URI (SPEC R4, RFC 3987 Section 3.1): a
// host with non-ASCII characters becomes its IDNA A-label form
// (punycode, "bücher.example" -> "xn--bcher-kva.example", by
// golang.org/x/net/idna's lookup profile), and every other non-ASCII
// byte is percent-encoded as %HH of its UTF-8 encoding ("straße" ->
// "stra%C3%9Fe"). Existing %hh and all ASCII are kept as they are. A
// host that IDNA rejects is percent-encoded like the other components.
// A string that is all ASCII is returned unchanged.
func ToASCII(uri string) string {
	if isASCII(uri) {
		return uri
	}
	r := Parse(uri)
	b := make([]byte, 0, len(uri)*3)
	if r.HasScheme {
		b = append(b, r.Scheme...)
		b = append(b, ':')
	}
	if r.HasAuthority {
		b = append(b, "//"...)
		if r.HasUserinfo {
			b = appendPctNonASCII(b, r.Userinfo)
			b = append(b, '@')
		}
		b = appendHostASCII(b, r.Host)
		if r.HasPort {
			b = append(b, ':')
			b = appendPctNonASCII(b, r.Port)
		}
	}
	b = appendPctNonASCII(b, r.Path)
	if r.HasQuery {
		b = append(b, '?')
		b = appendPctNonASCII(b, r.Query)
	}
	if r.HasFragment {
		b = append(b, '#')
		b = appendPctNonASCII(b, r.Fragment)
	}
	return string(b)
}

func appendHostASCII(b []byte, host string) []byte {
	if isASCII(host) {
		return append(b, host...)
	}
	if a, err := idna.Lookup.ToASCII(host); err == nil && isASCII(a) {
		return append(b, a...)
	}
	if a, err := idna.Punycode.ToASCII(host); err == nil && isASCII(a) && !strings.ContainsAny(a, "/?#@[]") {
		return append(b, a...)
	}
	return appendPctNonASCII(b, host)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// appendPctNonASCII appends s with each byte >= 0x80 written as %HH.
func appendPctNonASCII(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return b
}
