package resolve

import (
	"fmt"
	"strings"

	"github.com/urix/urix/internal/hex"
)

// SyntaxError says where a string first breaks the URI-reference grammar
// of Appendix A (the -03 draft, seed 002) and which rule it breaks.
type SyntaxError struct {
	Input string // the string checked
	Pos   int    // byte offset of the offending byte; len(Input) if something is missing at the end
	Rule  string // the Appendix A rule that fails, e.g. "escaped", "rel_segment", "port"
}

// rulePlaces names, for the error message, the part of a URI each rule
// checks.
var rulePlaces = map[string]string{
	"scheme":        "the scheme",
	"userinfo":      "the userinfo",
	"host":          "the host",
	"IPv6reference": "an IPv6 literal",
	"port":          "the port",
	"abs_path":      "the path",
	"opaque_part":   "an opaque URI",
	"rel_segment":   "the first segment of a relative path",
	"query":         "the query",
	"fragment":      "the fragment",
}

// Error returns a message like
//
//	resolve: invalid URI reference "x%4": byte 1: '%' not followed by two hex digits (escaped)
func (e *SyntaxError) Error() string {
	var what string
	switch {
	case e.Rule == "escaped":
		what = "'%' not followed by two hex digits"
	case e.Pos >= len(e.Input) && e.Rule == "opaque_part":
		what = "nothing after the scheme's ':'"
	case e.Pos >= len(e.Input) || e.Pos < 0:
		what = "unexpected end"
	default:
		c := e.Input[e.Pos]
		char := fmt.Sprintf("%q", rune(c))
		if c < 0x20 || c >= 0x7f {
			char = fmt.Sprintf("0x%02X", c)
		}
		place := rulePlaces[e.Rule]
		if place == "" {
			place = e.Rule
		}
		if e.Rule == "scheme" {
			what = char + " cannot start a scheme"
		} else {
			what = char + " not allowed in " + place
		}
	}
	return fmt.Sprintf("resolve: invalid URI reference %q: byte %d: %s (%s)", e.Input, e.Pos, what, e.Rule)
}

// Character classes of Appendix A (seed 002).
const (
	alphanum   = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	mark       = "-_.!~*'()"
	unreserved = alphanum + mark
	reserved   = ";/?:@&=+$,"
	uricChars  = reserved + unreserved // plus escaped
	pcharChars = unreserved + ":@&=+$,"
)

// class is a set of ASCII bytes.
type class [2]uint64

func newClass(chars string) class {
	var c class
	for i := 0; i < len(chars); i++ {
		c[chars[i]>>6] |= 1 << (chars[i] & 63)
	}
	return c
}

func (c *class) has(b byte) bool { return b < 0x80 && c[b>>6]&(1<<(b&63)) != 0 }

var (
	uricClass       = newClass(uricChars)
	uricNoSlash     = newClass(unreserved + ";?:@&=+$,")
	userinfoClass   = newClass(unreserved + ";:&=+$,")
	hostClass       = newClass(unreserved + "$,;&=+") // hostname, IPv4address or reg_name
	ipv6Class       = newClass("0123456789abcdefABCDEF:.")
	digitClass      = newClass("0123456789")
	pathClass       = newClass(pcharChars + ";/")
	relSegmentClass = newClass(unreserved + ";@&=+$,")
)

// Validate checks s against the URI-reference rule of Appendix A as the
// -03 draft (seed 002) writes it, with IPv6 literals in the host (RFC
// 2732), and returns nil or a *SyntaxError naming the first offending
// byte and the rule it breaks. Parse accepts every string; Validate says
// whether one is also a well-formed URI reference. Non-ASCII characters
// (IRIs) are not allowed: convert with ToASCII first.
func Validate(s string) error {
	r := Parse(s)
	pos := 0
	fail := func(at int, rule string) error { return &SyntaxError{Input: s, Pos: at, Rule: rule} }
	if r.HasScheme {
		pos = len(r.Scheme) + 1
	} else if i := strings.IndexByte(r.Path, ':'); i > 0 && !r.HasAuthority && !strings.ContainsRune(r.Path[:i], '/') {
		// A ':' in the first segment: either a scheme that does not
		// start with a letter ("1a:b") or a colon a relative path cannot
		// hold.
		if n := strings.IndexFunc(r.Path[:i], func(c rune) bool {
			return !(c < 0x80 && (isAlpha(byte(c)) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'))
		}); n < 0 && !isAlpha(r.Path[0]) {
			return fail(0, "scheme")
		}
	}
	if r.HasAuthority {
		pos += 2
		if r.HasUserinfo {
			if at := scan(s, pos, r.Userinfo, &userinfoClass); at >= 0 {
				return fail(at, ruleAt(s, at, "userinfo"))
			}
			pos += len(r.Userinfo) + 1
		}
		if strings.HasPrefix(r.Host, "[") {
			inner := strings.TrimSuffix(r.Host[1:], "]")
			if at := scan(s, pos+1, inner, &ipv6Class); at >= 0 {
				return fail(at, "IPv6reference")
			}
			if !strings.HasSuffix(r.Host, "]") {
				return fail(pos+len(r.Host), "IPv6reference")
			}
		} else if at := scan(s, pos, r.Host, &hostClass); at >= 0 {
			return fail(at, ruleAt(s, at, "host"))
		}
		pos += len(r.Host)
		if r.HasPort {
			if at := scan(s, pos+1, r.Port, &digitClass); at >= 0 {
				return fail(at, "port")
			}
			pos += 1 + len(r.Port)
		}
	}
	switch {
	case r.HasScheme && !r.HasAuthority && (r.Path == "" || r.Path[0] != '/'):
		// absoluteURI = scheme ":" opaque_part; opaque_part = uric_no_slash *uric
		if r.Path == "" && !r.HasQuery {
			return fail(pos, "opaque_part")
		}
		if r.Path != "" && !uricNoSlash.has(r.Path[0]) && r.Path[0] != '%' {
			return fail(pos, "opaque_part")
		}
		if at := scan(s, pos, r.Path, &uricClass); at >= 0 {
			return fail(at, ruleAt(s, at, "opaque_part"))
		}
	case r.Path != "" && r.Path[0] != '/':
		// rel_path = rel_segment [ abs_path ]
		seg := r.Path
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if at := scan(s, pos, seg, &relSegmentClass); at >= 0 {
			return fail(at, ruleAt(s, at, "rel_segment"))
		}
		if at := scan(s, pos+len(seg), r.Path[len(seg):], &pathClass); at >= 0 {
			return fail(at, ruleAt(s, at, "abs_path"))
		}
	default:
		if at := scan(s, pos, r.Path, &pathClass); at >= 0 {
			return fail(at, ruleAt(s, at, "abs_path"))
		}
	}
	pos += len(r.Path)
	if r.HasQuery {
		if at := scan(s, pos+1, r.Query, &uricClass); at >= 0 {
			return fail(at, ruleAt(s, at, "query"))
		}
		pos += 1 + len(r.Query)
	}
	if r.HasFragment {
		if at := scan(s, pos+1, r.Fragment, &uricClass); at >= 0 {
			return fail(at, ruleAt(s, at, "fragment"))
		}
	}
	return nil
}

// scan returns the offset in the whole string (part starts at off) of
// the first byte of part outside c that is not a well-formed escape, or
// -1.
func scan(s string, off int, part string, c *class) int {
	for i := 0; i < len(part); i++ {
		b := part[i]
		if c.has(b) {
			continue
		}
		if b == '%' && i+2 < len(part) && isHex(part[i+1]) && isHex(part[i+2]) {
			i += 2
			continue
		}
		return off + i
	}
	return -1
}

// ruleAt names the failing rule at s[at]: "escaped" for a bad '%'.
func ruleAt(s string, at int, rule string) string {
	if at < len(s) && s[at] == '%' {
		return "escaped"
	}
	return rule
}

func isHex(c byte) bool { _, ok := hex.Digit(c); return ok }
