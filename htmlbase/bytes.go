package htmlbase

import "github.com/urix/urix/internal/swar"

// Small byte helpers that do not allocate.

// isSpace reports whether c is ASCII whitespace as HTML defines it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func trimLeftSpace(s []byte) []byte {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	return s
}

func trimSpace(s []byte) []byte {
	s = trimLeftSpace(s)
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// lowerASCII returns c lower-cased if it is an ASCII letter.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// asciiEqualFold reports whether s equals the lower-case ASCII string t,
// ignoring ASCII case.
func asciiEqualFold(s []byte, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := range len(s) {
		if lowerASCII(s[i]) != t[i] {
			return false
		}
	}
	return true
}

// hasPrefixFold reports whether s starts with the lower-case ASCII string
// t, ignoring ASCII case.
func hasPrefixFold(s []byte, t string) bool {
	return len(s) >= len(t) && asciiEqualFold(s[:len(t)], t)
}

// indexFold returns the index of the first occurrence of the lower-case
// ASCII string t in s, ignoring ASCII case, or -1.
func indexFold(s []byte, t string) int {
	for i := 0; i+len(t) <= len(s); i++ {
		if hasPrefixFold(s[i:], t) {
			return i
		}
	}
	return -1
}

// cleanValue applies H1 to an attribute value: leading and trailing
// whitespace and C0 controls are stripped, tabs and line breaks inside are
// removed. It returns v itself when nothing inside needs removing, else the
// cleaned bytes, kept in *buf (reused by the next call).
func cleanValue(v []byte, buf *[]byte) []byte {
	for len(v) > 0 && v[0] <= ' ' {
		v = v[1:]
	}
	for len(v) > 0 && v[len(v)-1] <= ' ' {
		v = v[:len(v)-1]
	}
	i := indexTabOrNewline(v)
	if i < 0 {
		return v
	}
	b := append((*buf)[:0], v[:i]...)
	for _, c := range v[i+1:] {
		if c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	*buf = b
	return b
}

// indexTabOrNewline returns the index of the first tab, CR or LF in v,
// or -1. It looks at eight bytes at a time for one below 0x0e, as URLs
// have none.
func indexTabOrNewline(v []byte) int {
	i := 0
	for ; i+8 <= len(v); i += 8 {
		if swar.Below(swar.Load(v, i), 0x0e) != 0 {
			break // a byte below 0x0e in these eight
		}
	}
	for ; i < len(v); i++ {
		if c := v[i]; c == '\t' || c == '\n' || c == '\r' {
			return i
		}
	}
	return -1
}
