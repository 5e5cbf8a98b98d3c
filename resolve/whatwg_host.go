package resolve

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/internal/hex"
	"golang.org/x/net/idna"
)

// This file is the host part of the WHATWG URL Standard (section 3,
// "Hosts (domains and IP addresses)"): the host parser (3.5), the domain
// parser with its IDNA step (3.3), the IPv4 parser (3.5) and the host
// serializer (3.6); the IPv6 parser and serializer are in whatwg_ipv6.go. Section numbers are those of the URL Standard
// (review draft of August 2026); the names of failures are its validation
// error names.

// parseHost is the host parser (section 3.5, "Host parsing") followed by
// the host serializer (section 3.6): it returns the serialized host, or a
// failure. isOpaque is true for a URL that is not special.
func parseHost(input string, isOpaque bool) (string, error) {
	if input != "" && input[0] == '[' {
		if len(input) < 2 || input[len(input)-1] != ']' {
			return "", failure("IPv6-unclosed")
		}
		addr, err := parseIPv6(input[1 : len(input)-1])
		if err != nil {
			return "", err
		}
		return "[" + serializeIPv6(addr) + "]", nil
	}
	if isOpaque {
		return parseOpaqueHost(input)
	}
	// UTF-8 decode without BOM of the percent-decoding: bytes that are
	// not UTF-8 become U+FFFD, which IDNA rejects.
	domain := percentDecode(input)
	if !utf8.ValidString(domain) {
		domain = strings.ToValidUTF8(domain, "\uFFFD")
	}
	ascii, err := domainToASCII(domain)
	if err != nil {
		return "", err
	}
	if endsInANumber(ascii) {
		v4, err := parseIPv4(ascii)
		if err != nil {
			return "", err
		}
		return serializeIPv4(v4), nil
	}
	return ascii, nil
}

// percentDecode is the percent-decoding of a string (section 1.3): each
// "%" followed by two hex digits becomes the byte they spell.
func percentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if hi, ok := hex.Digit(s[i+1]); ok {
				if lo, ok := hex.Digit(s[i+2]); ok {
					b = append(b, hi<<4|lo)
					i += 2
					continue
				}
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// idnaProfile is Unicode ToASCII with the flags of the URL Standard's
// "domain parser ToASCII" when beStrict is false (section 3.3): CheckHyphens
// false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules false,
// Transitional_Processing false, VerifyDnsLength false. MapForLookup sets
// the UTS #46 mapping and turns on UseSTD3ASCIIRules and CheckHyphens; the
// options after it turn them off again (later options win).
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// domainToASCII is the domain parser with beStrict false (section 3.3,
// "IDNA"). An ASCII domain is only lowercased, whatever UTS #46 would say
// of it ("xn--a" stays "xn--a": web compatibility); any other goes
// through Unicode ToASCII. The result must be non-empty and free of
// forbidden domain code points.
func domainToASCII(domain string) (string, error) {
	var result string
	if isASCII(domain) {
		result = asciiLower(domain)
	} else {
		r, err := idnaProfile.ToASCII(uts46Update(domain))
		if err != nil {
			return "", failure("domain-to-ASCII")
		}
		result = r
	}
	if result == "" {
		return "", failure("domain-to-ASCII")
	}
	for i := 0; i < len(result); i++ {
		if isForbiddenDomain(result[i]) {
			return "", failure("domain-invalid-code-point")
		}
	}
	return result, nil
}

// uts46Update maps the code points whose UTS #46 status changed in
// version 15.1 (and has stayed so through 17.0), for golang.org/x/net/idna
// built with Go before 1.27, whose tables are Unicode 15.0: ẞ (U+1E9E)
// maps to ß instead of "ss"; the letters whose lowercase is now mapped to
// instead of being disallowed (Ӏ, Georgian capitals, Ⅎ, Ↄ, five CJK
// compatibility ideographs); and default-ignorable code points (U+180E,
// U+206A..U+206F, ...) are ignored instead of disallowed. With newer
// tables the map changes nothing. The one change it cannot make is U+1806,
// valid since 15.1: it is still disallowed here. Code points assigned
// after Unicode 15.0 are disallowed too until the toolchain's tables know
// them. The list is the difference, over every code point assigned in
// Unicode 15.0, between x/net/idna's tables and the IdnaMappingTable of
// Unicode 17.0.
func uts46Update(s string) string {
	for i, r := range s {
		if _, ok := uts46Changes[r]; ok {
			var b strings.Builder
			b.Grow(len(s))
			b.WriteString(s[:i])
			for _, r := range s[i:] {
				if m, ok := uts46Changes[r]; ok {
					b.WriteString(m)
				} else {
					b.WriteRune(r)
				}
			}
			return b.String()
		}
	}
	return s
}

// uts46Changes: code point -> its UTS #46 17.0 mapping ("" = ignored).
var uts46Changes = func() map[rune]string {
	m := map[rune]string{
		0x04C0: "\u04CF", 0x1E9E: "\u00DF", 0x2132: "\u214E", 0x2183: "\u2184",
		0x2F868: "\u36FC", 0x2F874: "\u5F53", 0x2F91F: "\U000243AB",
		0x2F95F: "\u7AEE", 0x2F9BF: "\u45D7",
	}
	for r := rune(0x10A0); r <= 0x10C5; r++ { // Georgian capitals -> Nuskhuri
		m[r] = string(r - 0x10A0 + 0x2D00)
	}
	for _, r := range []rune{0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x2061, 0x2062, 0x2063, 0x3164, 0xFFA0} {
		m[r] = ""
	}
	for r := rune(0x206A); r <= 0x206F; r++ {
		m[r] = ""
	}
	for r := rune(0x1D173); r <= 0x1D17A; r++ {
		m[r] = ""
	}
	return m
}()

// asciiLower returns s with A-Z lowercased, without allocating when there
// is nothing to change.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// isForbiddenHost: a forbidden host code point (section 3.2).
func isForbiddenHost(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isForbiddenDomain: a forbidden domain code point (section 3.2): a
// forbidden host code point, a C0 control, "%" or DEL.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c < 0x20 || c == '%' || c == 0x7F
}

// parseOpaqueHost is the opaque-host parser (section 3.5).
func parseOpaqueHost(input string) (string, error) {
	for i := 0; i < len(input); i++ {
		if isForbiddenHost(input[i]) {
			return "", failure("host-invalid-code-point")
		}
	}
	return string(appendPct(nil, input, setC0)), nil
}

// endsInANumber is the ends in a number checker (section 3.5).
func endsInANumber(s string) bool {
	s = strings.TrimSuffix(s, ".")
	last := s[strings.LastIndexByte(s, '.')+1:]
	if last == "" {
		return false
	}
	allDigits := true
	for i := 0; i < len(last); i++ {
		if !isDigit(last[i]) {
			allDigits = false
			break
		}
	}
	if allDigits {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4 is the IPv4 parser (section 3.5): up to four parts, each
// decimal, octal ("0" prefix) or hex ("0x"), the last filling the bytes
// the others leave.
func parseIPv4(s string) (uint32, error) {
	var parts [4]string
	n := 0
	if s != "" && s[len(s)-1] == '.' && len(s) > 1 {
		s = s[:len(s)-1] // one trailing dot is allowed
	}
	for {
		i := strings.IndexByte(s, '.')
		if n == 4 {
			return 0, failure("IPv4-too-many-parts")
		}
		if i < 0 {
			parts[n] = s
			n++
			break
		}
		parts[n] = s[:i]
		n++
		s = s[i+1:]
	}
	var nums [4]uint64
	for i := 0; i < n; i++ {
		v, ok := parseIPv4Number(parts[i])
		if !ok {
			return 0, failure("IPv4-non-numeric-part")
		}
		nums[i] = v
	}
	for i := 0; i < n-1; i++ {
		if nums[i] > 255 {
			return 0, failure("IPv4-out-of-range-part")
		}
	}
	if nums[n-1] >= 1<<(8*(5-n)) {
		return 0, failure("IPv4-out-of-range-part")
	}
	v4 := nums[n-1]
	for i := 0; i < n-1; i++ {
		v4 += nums[i] << (8 * (3 - i))
	}
	return uint32(v4), nil
}

// parseIPv4Number is the IPv4 number parser (section 3.5). Values above
// 2^32 saturate there: they fail the caller's range checks all the same.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, base = s[2:], 16
	} else if len(s) >= 2 && s[0] == '0' {
		s, base = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d, ok := hex.Digit(s[i])
		if !ok || uint64(d) >= base {
			return 0, false
		}
		if v <= 1<<32 {
			v = v*base + uint64(d)
		}
	}
	return v, true
}

// serializeIPv4 is the IPv4 serializer (section 3.6).
func serializeIPv4(v uint32) string {
	b := make([]byte, 0, 15)
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, uint64(v>>(8*i)&0xFF), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return string(b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
