package resolve

import (
	"strings"

	"github.com/urix/urix/internal/hex"
)

// defaultPorts maps a scheme to its default port, the port Section 6
// lets a normalizer elide. Sources: RFC 9110 Section 4.2 (http 80,
// https 443), RFC 1738 Section 3 (ftp 21, gopher 70, telnet 23, nntp
// 119, wais 210, prospero 1525), RFC 6455 Section 3 (ws 80, wss 443),
// RFC 5538 (news 119, snews 563), RFC 4516 (ldap 389), RFC 5092 (imap
// 143), RFC 2384 (pop 110), RFC 2326 (rtsp 554), RFC 7252 (coap 5683,
// coaps 5684), RFC 8089 and the IANA port registry for the rest.
var defaultPorts = map[string]string{
	"http":     "80",
	"https":    "443",
	"ftp":      "21",
	"ws":       "80",
	"wss":      "443",
	"gopher":   "70",
	"telnet":   "23",
	"nntp":     "119",
	"news":     "119",
	"snews":    "563",
	"ldap":     "389",
	"ldaps":    "636",
	"imap":     "143",
	"pop":      "110",
	"rtsp":     "554",
	"wais":     "210",
	"prospero": "1525",
	"coap":     "5683",
	"coaps":    "5684",
	"sftp":     "22",
	"ssh":      "22",
	"irc":      "6667",
}

// DefaultPort returns the default port of scheme (lower case), or "" when
// none is known: the port that Section 6 says a URI may elide, and that
// Normalize drops.
func DefaultPort(scheme string) string { return defaultPorts[scheme] }

// Normalize applies the normalizations of Section 6 and SPEC R3, and
// nothing else:
//
//   - the scheme and the host are lowercased (ASCII letters only);
//   - the port is dropped when it is the scheme's default (DefaultPort) or
//     empty ("http://a:/" means the default port);
//   - the hex digits of every %hh are uppercased, and %hh of an unreserved
//     character (ALPHA, DIGIT, "-", ".", "_", "~") is decoded;
//   - dot segments are removed from a path that starts with "/" (RFC 3986
//     Section 5.2.4); a relative path keeps them, as they are relative to
//     a base not known here;
//   - the empty path of a URI with an authority becomes "/".
//
// It never fails: a malformed %, for one, is left as it is. It is
// idempotent: Normalize(Normalize(s)) == Normalize(s). Two guards keep it
// so: a path that dot removal leaves starting with "//" and no authority
// is written "/.//..." (as WHATWG URL does), and the first segment of a
// relative path keeps its escapes when decoding them would make a scheme.
func Normalize(uri string) string {
	r := Parse(uri)
	b := make([]byte, 0, len(uri)+3)
	if r.HasScheme {
		for i := 0; i < len(r.Scheme); i++ {
			b = append(b, lower(r.Scheme[i]))
		}
		b = append(b, ':')
	}
	if r.HasAuthority {
		b = append(b, "//"...)
		if r.HasUserinfo {
			b = appendPctNormalized(b, r.Userinfo, false)
			b = append(b, '@')
		}
		hostStart := len(b)
		b = appendPctNormalized(b, r.Host, true)
		// A host with a ':' outside brackets would take the port's place
		// once the port is gone ("a:80:80"): keep the port then.
		hostColon := !strings.HasPrefix(r.Host, "[") && strings.IndexByte(string(b[hostStart:]), ':') >= 0
		if r.HasPort && (hostColon || !isDefaultPort(r.Scheme, r.Port)) {
			b = append(b, ':')
			b = appendPctNormalized(b, r.Port, false)
		}
	}
	pathStart := len(b)
	b = appendPctNormalized(b, r.Path, false)
	switch path := b[pathStart:]; {
	case !r.HasScheme && !r.HasAuthority && schemeLen(string(path)) > 0:
		// Decoding made a scheme of the first segment ("%61:b" -> "a:b"):
		// keep that segment's escapes, only uppercased.
		seg := strings.IndexByte(r.Path, '/')
		if seg < 0 {
			seg = len(r.Path)
		}
		b = appendPctUpper(b[:pathStart], r.Path[:seg])
		b = appendPctNormalized(b, r.Path[seg:], false)
	case len(path) > 0 && path[0] == '/' && hasDotSegment(string(path)):
		p := appendRemoveDots(nil, string(path))
		b = b[:pathStart]
		if !r.HasAuthority && len(p) >= 2 && p[1] == '/' {
			b = append(b, "/."...)
		}
		b = append(b, p...)
	}
	if r.HasAuthority && len(b) == pathStart {
		b = append(b, '/')
	}
	if r.HasQuery {
		b = append(b, '?')
		b = appendPctNormalized(b, r.Query, false)
	}
	if r.HasFragment {
		b = append(b, '#')
		b = appendPctNormalized(b, r.Fragment, false)
	}
	if string(b) == uri {
		return uri
	}
	return string(b)
}

func isDefaultPort(scheme, port string) bool {
	if port == "" {
		return true
	}
	var buf [16]byte
	if len(scheme) > len(buf) {
		return false
	}
	for i := 0; i < len(scheme); i++ {
		buf[i] = lower(scheme[i])
	}
	def, ok := defaultPorts[string(buf[:len(scheme)])]
	if !ok {
		return false
	}
	for len(port) > 1 && port[0] == '0' {
		port = port[1:]
	}
	return port == def
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isUnreserved(c byte) bool {
	return isAlpha(c) || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

const upperHex = "0123456789ABCDEF"

// appendPctNormalized appends s with each %hh uppercased, or decoded
// when it encodes an unreserved character (RFC 3986 Section 6.2.2.2);
// with lowerCase it also lowercases ASCII letters.
func appendPctNormalized(b []byte, s string, lowerCase bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			hi, ok1 := hex.Digit(s[i+1])
			lo, ok2 := hex.Digit(s[i+2])
			if ok1 && ok2 {
				i += 2
				// Decoding a hex digit right after a stray '%' (or '%'
				// and one hex digit) would make a new escape: keep it.
				if d := hi<<4 | lo; isUnreserved(d) && !(isHex(d) && endsInStrayPercent(b)) {
					if lowerCase {
						d = lower(d)
					}
					b = append(b, d)
				} else {
					b = append(b, '%', upperHex[hi], upperHex[lo])
				}
				continue
			}
		}
		if lowerCase {
			c = lower(c)
		}
		b = append(b, c)
	}
	return b
}

// endsInStrayPercent reports whether b ends with '%' or with '%' and one
// hex digit: the start of an escape that the next bytes could complete.
// A '%' there is stray, as escapes are written whole.
func endsInStrayPercent(b []byte) bool {
	n := len(b)
	return n >= 1 && b[n-1] == '%' || n >= 2 && b[n-2] == '%' && isHex(b[n-1])
}

// appendPctUpper appends s with the hex digits of each %hh uppercased.
func appendPctUpper(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			_, ok1 := hex.Digit(s[i+1])
			_, ok2 := hex.Digit(s[i+2])
			if ok1 && ok2 {
				b = append(b, '%', upper(s[i+1]), upper(s[i+2]))
				i += 2
				continue
			}
		}
		b = append(b, c)
	}
	return b
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}
