package resolve

import "strings"

// Reference is a URI reference split into its components (seeds Section
// 4.4 and Appendix B).
//
// Every component but Path can be undefined, which is not the same as
// empty (Section 5.2 step 7, SPEC R1): "http://a/b?" has an empty query
// (HasQuery true, Query ""), "http://a/b" has none (HasQuery false). The
// Has fields say which components are defined; Path is always defined,
// though it may be empty.
//
// Authority is the whole authority component as written; Userinfo, Host
// and Port are views of it (Section 3.2 of the -03 draft: [userinfo "@"]
// host [":" port]). Host keeps the brackets of an IPv6 literal
// ("[::1]"). String writes Authority; it composes Userinfo, Host and Port
// only when Authority is empty and one of them is set, so a Reference
// built by hand from parts also prints.
type Reference struct {
	Scheme, Authority, Userinfo, Host, Port, Path, Query, Fragment string

	HasScheme, HasAuthority, HasUserinfo, HasPort, HasQuery, HasFragment bool
}

// Parse splits s into its components by the regular expression of
// Appendix B,
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// keeping undefined and empty components apart (SPEC R1). It never fails
// and never allocates: every component is a substring of s, and
// Parse(s).String() == s for every s.
//
// One refinement over the bare expression: a scheme must match the
// scheme rule of the -03 draft (seed 002, Appendix A: alpha *( alpha |
// digit | "+" | "-" | "." )). Text before the first ':' that is not a
// scheme ("1a:b", "a b:c", ":x") is the start of a relative path, as in
// RFC 3986 Section 4.2 and Go's net/url.
func Parse(s string) Reference {
	var r Reference
	rest := s
	if n := schemeLen(s); n > 0 {
		r.Scheme, r.HasScheme = s[:n], true
		rest = s[n+1:]
	}
	if len(rest) >= 2 && rest[0] == '/' && rest[1] == '/' {
		rest = rest[2:]
		i := 0
		for i < len(rest) && rest[i] != '/' && rest[i] != '?' && rest[i] != '#' {
			i++
		}
		r.Authority, r.HasAuthority = rest[:i], true
		rest = rest[i:]
		r.splitAuthority()
	}
	i := 0
	for i < len(rest) && rest[i] != '?' && rest[i] != '#' {
		i++
	}
	r.Path = rest[:i]
	rest = rest[i:]
	if len(rest) > 0 && rest[0] == '?' {
		rest = rest[1:]
		i = strings.IndexByte(rest, '#')
		if i < 0 {
			i = len(rest)
		}
		r.Query, r.HasQuery = rest[:i], true
		rest = rest[i:]
	}
	if len(rest) > 0 { // rest[0] == '#'
		r.Fragment, r.HasFragment = rest[1:], true
	}
	return r
}

// schemeLen returns the length of the scheme at the start of s when s
// starts with a valid scheme followed by ':', and 0 otherwise.
func schemeLen(s string) int {
	if len(s) == 0 || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		if !schemeByte[s[i]] {
			if s[i] == ':' {
				return i
			}
			return 0
		}
	}
	return 0
}

// schemeByte marks the bytes a scheme holds after its first letter:
// letters, digits, '+', '-' and '.' (Section 3.1).
var schemeByte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = isAlpha(byte(c)) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
	}
	return t
}()

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// splitAuthority fills Userinfo, Host and Port from Authority. Userinfo
// ends at the last '@' (a host never holds one); an IPv6 literal ends at
// its ']'; otherwise the port starts after the last ':'.
func (r *Reference) splitAuthority() {
	hostport := r.Authority
	if i := strings.LastIndexByte(hostport, '@'); i >= 0 {
		r.Userinfo, r.HasUserinfo = hostport[:i], true
		hostport = hostport[i+1:]
	}
	r.Host = hostport
	if len(hostport) > 0 && hostport[0] == '[' {
		j := strings.IndexByte(hostport, ']')
		if j < 0 {
			return
		}
		if rest := hostport[j+1:]; len(rest) > 0 && rest[0] == ':' {
			r.Host, r.Port, r.HasPort = hostport[:j+1], rest[1:], true
		} else if rest == "" {
			r.Host = hostport[:j+1]
		}
		return
	}
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		r.Host, r.Port, r.HasPort = hostport[:i], hostport[i+1:], true
	}
}

// authority returns the authority to write: Authority, or, when that is
// empty and a part is set, the parts composed.
func (r *Reference) authority() string {
	if r.Authority != "" || (!r.HasUserinfo && r.Host == "" && !r.HasPort) {
		return r.Authority
	}
	var b strings.Builder
	if r.HasUserinfo {
		b.WriteString(r.Userinfo)
		b.WriteByte('@')
	}
	b.WriteString(r.Host)
	if r.HasPort {
		b.WriteByte(':')
		b.WriteString(r.Port)
	}
	return b.String()
}

// String recombines the components as Section 5.2 step 7 does: each
// defined component with its separator, undefined ones left out, so
// that an empty query ("?") or fragment ("#") survives.
func (r Reference) String() string {
	auth := ""
	if r.HasAuthority {
		auth = r.authority()
	}
	n := len(r.Scheme) + 1 + 2 + len(auth) + len(r.Path) + 1 + len(r.Query) + 1 + len(r.Fragment)
	b := make([]byte, 0, n)
	b = r.appendTo(b, auth)
	return string(b)
}

func (r *Reference) appendTo(b []byte, auth string) []byte {
	if r.HasScheme {
		b = append(b, r.Scheme...)
		b = append(b, ':')
	}
	if r.HasAuthority {
		b = append(b, "//"...)
		b = append(b, auth...)
	}
	b = append(b, r.Path...)
	if r.HasQuery {
		b = append(b, '?')
		b = append(b, r.Query...)
	}
	if r.HasFragment {
		b = append(b, '#')
		b = append(b, r.Fragment...)
	}
	return b
}

// IsAbsolute reports whether r has a scheme, that is whether it is an
// absolute URI (Section 3 of the -03 draft: absoluteURI = scheme ":" ...)
// rather than a relative reference (Section 5).
func (r Reference) IsAbsolute() bool { return r.HasScheme }
