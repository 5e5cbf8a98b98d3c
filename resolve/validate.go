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
	v := validator{s: s}
	if err := v.scheme(&r); err != nil {
		return err
	}
	if r.HasAuthority {
		if err := v.authority(&r); err != nil {
			return err
		}
	}
	if err := v.path(&r); err != nil {
		return err
	}
	return v.queryAndFragment(&r)
}

// validator checks the components of a parsed reference one after the
// other against their rules of Appendix A, keeping where the next one
// starts in the string.
type validator struct {
	s   string
	pos int
}

func (v *validator) fail(at int, rule string) error {
	return &SyntaxError{Input: v.s, Pos: at, Rule: rule}
}

// check scans part, which starts at s[at], against c: nil, or an error
// naming rule, or "escaped" for a '%' that is no escape.
func (v *validator) check(at int, part string, c *class, rule string) error {
	if bad := scan(v.s, at, part, c); bad >= 0 {
		return v.fail(bad, ruleAt(v.s, bad, rule))
	}
	return nil
}

// scheme checks what comes before the first ':' of a reference without a
// scheme: a scheme that does not start with a letter ("1a:b") or a colon
// a relative path cannot hold in its first segment.
func (v *validator) scheme(r *Reference) error {
	if r.HasScheme {
		v.pos = len(r.Scheme) + 1
		return nil
	}
	if i := strings.IndexByte(r.Path, ':'); i > 0 && !r.HasAuthority && !strings.ContainsRune(r.Path[:i], '/') {
		if n := strings.IndexFunc(r.Path[:i], func(c rune) bool {
			return !(c < 0x80 && (isAlpha(byte(c)) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'))
		}); n < 0 && !isAlpha(r.Path[0]) {
			return v.fail(0, "scheme")
		}
	}
	return nil
}

// authority checks the userinfo, the host and the port.
func (v *validator) authority(r *Reference) error {
	v.pos += 2
	if r.HasUserinfo {
		if err := v.check(v.pos, r.Userinfo, &userinfoClass, "userinfo"); err != nil {
			return err
		}
		v.pos += len(r.Userinfo) + 1
	}
	if err := v.host(r.Host); err != nil {
		return err
	}
	v.pos += len(r.Host)
	if r.HasPort {
		if at := scan(v.s, v.pos+1, r.Port, &digitClass); at >= 0 {
			return v.fail(at, "port")
		}
		v.pos += 1 + len(r.Port)
	}
	return nil
}

// host checks a host name, an IPv4 address or a reg_name, or an IPv6
// literal in brackets (RFC 2732).
func (v *validator) host(host string) error {
	if !strings.HasPrefix(host, "[") {
		return v.check(v.pos, host, &hostClass, "host")
	}
	inner := strings.TrimSuffix(host[1:], "]")
	if at := scan(v.s, v.pos+1, inner, &ipv6Class); at >= 0 {
		return v.fail(at, "IPv6reference")
	}
	if !strings.HasSuffix(host, "]") {
		return v.fail(v.pos+len(host), "IPv6reference")
	}
	return nil
}

// path checks the path: the opaque part of an absolute URI without a
// slash, a relative path (its first segment, then the rest), or an
// absolute path.
func (v *validator) path(r *Reference) error {
	pos, p := v.pos, r.Path
	switch {
	case r.HasScheme && !r.HasAuthority && (p == "" || p[0] != '/'):
		return v.opaquePart(r)
	case p != "" && p[0] != '/':
		// rel_path = rel_segment [ abs_path ]
		seg := p
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if err := v.check(pos, seg, &relSegmentClass, "rel_segment"); err != nil {
			return err
		}
		return v.check(pos+len(seg), p[len(seg):], &pathClass, "abs_path")
	}
	return v.check(pos, p, &pathClass, "abs_path")
}

// opaquePart checks absoluteURI = scheme ":" opaque_part, where
// opaque_part = uric_no_slash *uric.
func (v *validator) opaquePart(r *Reference) error {
	p := r.Path
	if p == "" && !r.HasQuery {
		return v.fail(v.pos, "opaque_part")
	}
	if p != "" && !uricNoSlash.has(p[0]) && p[0] != '%' {
		return v.fail(v.pos, "opaque_part")
	}
	return v.check(v.pos, p, &uricClass, "opaque_part")
}

// queryAndFragment checks the query and the fragment, after the path.
func (v *validator) queryAndFragment(r *Reference) error {
	v.pos += len(r.Path)
	if r.HasQuery {
		if err := v.check(v.pos+1, r.Query, &uricClass, "query"); err != nil {
			return err
		}
		v.pos += 1 + len(r.Query)
	}
	if r.HasFragment {
		return v.check(v.pos+1, r.Fragment, &uricClass, "fragment")
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
