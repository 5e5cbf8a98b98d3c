package xml

import (
	"bytes"
	"unicode/utf8"
)

// Character data as XML 1.0 reads it: the five predefined entities and
// character references replaced (XML 1.0 sections 4.6 and 4.1), line ends
// normalized (XML 1.0 section 2.11).

// xmlDecode appends raw with character and predefined entity references
// expanded and line breaks normalized to dst, as encoding/xml does when not
// strict (an unknown reference or a lone '&' stays as written).
func xmlDecode(dst, raw []byte) []byte {
	if bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return append(dst, raw...)
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		switch c {
		case '\r':
			dst = append(dst, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			i++
			continue
		case '&':
			if r, n := xmlEntity(raw[i:]); n > 0 {
				dst = utf8.AppendRune(dst, r)
				i += n
				continue
			}
		}
		dst = append(dst, c)
		i++
	}
	return dst
}

// maxRef is the longest reference xmlEntity reads, ';' included.
const maxRef = 12

// xmlEntity decodes the reference at the start of b: the rune and the
// reference's length, 0 when it is none that is expanded.
func xmlEntity(b []byte) (rune, int) {
	semi := bytes.IndexByte(b[:min(len(b), maxRef)], ';')
	if semi < 2 {
		return 0, 0
	}
	name := b[1:semi]
	if name[0] == '#' {
		var r rune
		digits := name[1:]
		base := rune(10)
		if len(digits) > 0 && (digits[0] == 'x') {
			base, digits = 16, digits[1:]
		}
		if len(digits) == 0 {
			return 0, 0
		}
		for _, d := range digits {
			var v rune
			switch {
			case '0' <= d && d <= '9':
				v = rune(d - '0')
			case base == 16 && 'a' <= d|0x20 && d|0x20 <= 'f':
				v = rune(d|0x20-'a') + 10
			default:
				return 0, 0
			}
			r = r*base + v
			if r > utf8.MaxRune {
				return 0, 0
			}
		}
		if !isXMLChar(r) {
			return 0, 0
		}
		return r, semi + 1
	}
	switch string(name) {
	case "lt":
		return '<', semi + 1
	case "gt":
		return '>', semi + 1
	case "amp":
		return '&', semi + 1
	case "apos":
		return '\'', semi + 1
	case "quot":
		return '"', semi + 1
	}
	return 0, 0
}

// isXMLChar reports whether r is a character XML allows (XML 1.0 §2.2).
func isXMLChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// xmlNewlines appends raw to dst with line breaks normalized.
func xmlNewlines(dst, raw []byte) []byte {
	if bytes.IndexByte(raw, '\r') < 0 {
		return append(dst, raw...)
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\r' {
			dst = append(dst, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			continue
		}
		dst = append(dst, raw[i])
	}
	return dst
}
