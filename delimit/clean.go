package delimit

import "unicode/utf8"

// This file makes the URI of a hit from its run (E3, E4): what a URI
// cannot hold as written is percent-encoded, TeX escapes are undone.

// cleanURI returns the URI of a hit as it is printed (E3): U+2010 (groff's
// hyphen) as '-', TeX escapes ("\#", "\_") without their backslash, and
// percent-encoded what a URI cannot hold as written: a '%' that is no %HH
// escape ("%25"), a second '#' ("%23"), U+00AD ("%C2%AD") and invalid
// UTF-8 ("%E9"). A URI that needs none of it is returned unchanged,
// without allocating.
func cleanURI(uri string) string {
	hash := false
	for i := 0; i < len(uri); i++ {
		for i < len(uri) && ctab[uri[i]]&cPlain != 0 {
			i++
		}
		if i == len(uri) {
			break
		}
		switch c := uri[i]; {
		case c == '#':
			if hash {
				return cleanFrom(uri, i, hash)
			}
			hash = true
		case c == '%':
			if i+2 >= len(uri) || !isHex(uri[i+1]) || !isHex(uri[i+2]) {
				return cleanFrom(uri, i, hash)
			}
		case c == '\\':
			return cleanFrom(uri, i, hash)
		case c >= utf8.RuneSelf:
			r, w := utf8.DecodeRuneInString(uri[i:])
			if r == utf8.RuneError && w == 1 || r == 0xAD || r == 0x2010 {
				return cleanFrom(uri, i, hash)
			}
			i += w - 1
		}
	}
	return uri
}

// cleanFrom is cleanURI from uri[i], the first byte that changes; hash
// says whether uri[:i] holds a '#'.
func cleanFrom(uri string, i int, hash bool) string {
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(uri)+8)
	b = append(b, uri[:i]...)
	for i < len(uri) {
		c := uri[i]
		switch {
		case c == '\\' && i+1 < len(uri) && texEscape(uri[i+1]):
			i++ // the escaped character is looked at as any other
			continue
		case c == '#':
			if hash {
				b = append(b, "%23"...)
			} else {
				b = append(b, c)
			}
			hash = true
		case c == '%':
			if i+2 < len(uri) && isHex(uri[i+1]) && isHex(uri[i+2]) {
				b = append(b, c)
			} else {
				b = append(b, "%25"...)
			}
		case c >= utf8.RuneSelf:
			r, w := utf8.DecodeRuneInString(uri[i:])
			switch {
			case r == 0x2010:
				b = append(b, '-')
			case r == utf8.RuneError && w == 1 || r == 0xAD:
				for _, x := range []byte(uri[i : i+w]) {
					b = append(b, '%', hex[x>>4], hex[x&15])
				}
			default:
				b = append(b, uri[i:i+w]...)
			}
			i += w
			continue
		default:
			b = append(b, c)
		}
		i++
	}
	return string(b)
}
