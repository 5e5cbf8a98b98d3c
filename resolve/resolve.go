// Package resolve owns URI references: parsing one into its components
// (seeds Section 4.4 and Appendix B, SPEC R1), resolving it against a base
// URI (Section 5.2, in its RFC 3986 and RFC 2396 variants, SPEC R2),
// normalizing it (Section 6, SPEC R3), converting an IRI to a URI (SPEC
// R4) and checking it against the grammar of Appendix A.
//
// It knows nothing about text, HTML or mail: finding references and
// choosing their base (Section 5.1) belong to the packages delimit,
// htmlbase and extract. It does not use net/url, which cannot tell an
// empty query or fragment from a missing one.
//
// Parse never fails and Resolver.Resolve never fails: every string is a
// URI reference by the Appendix B expression. Validate says whether a
// string also obeys the Appendix A grammar.
package resolve

import (
	"errors"
	"fmt"
	"strings"
)

// Mode selects the resolution algorithm (SPEC R2).
type Mode int

const (
	// RFC3986 is RFC 3986 Section 5.2, what browsers and link checkers
	// do: "?y" against "http://a/b/c/d;p?q" gives "http://a/b/c/d;p?y",
	// "../../../g" gives "http://a/g", and dot segments are removed from
	// every path.
	RFC3986 Mode = iota
	// RFC2396 is Section 5.2 as the latest seed draft (-03, seed 002)
	// writes it: the query is never merged into the path ("?y" gives
	// "http://a/b/c/?y"), ".." above the root is kept ("http://a/../g"),
	// and only a relative-path reference has its dot segments removed
	// ("/./g" gives "http://a/./g"). It reproduces every Appendix C
	// example.
	RFC2396
)

// String returns "3986" or "2396", the values of the --rfc flag (SPEC R2).
func (m Mode) String() string {
	switch m {
	case RFC3986:
		return "3986"
	case RFC2396:
		return "2396"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Options tune resolution (Section 5.2).
type Options struct {
	Mode Mode
	// Compat applies the backwards-compatibility rule of Section 5.2 step
	// 3 of the -03 draft (seed 002): a reference whose scheme is the base's
	// scheme, when that scheme is known to be hierarchical (see
	// IsHierarchical), is resolved as if it had no scheme, so "http:g"
	// against "http://a/b/c/d;p?q" gives "http://a/b/c/g" instead of
	// "http:g".
	Compat bool
}

// ErrNotAbsolute is the cause of the error NewResolver returns for a base
// that has no scheme.
var ErrNotAbsolute = errors.New("not an absolute URI: it has no scheme")

// Error records a failed operation on a URI, as net/url's Error does.
type Error struct {
	Op  string // what was being done, e.g. "base"
	URI string // the URI it was done to
	Err error  // why it failed
}

// Error returns "resolve: OP "URI": cause" (STYLE habit 10).
func (e *Error) Error() string { return fmt.Sprintf("resolve: %s %q: %v", e.Op, e.URI, e.Err) }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Resolver resolves references against one base URI, parsed once
// (Section 5.2). It is safe for concurrent use.
type Resolver struct {
	opts   Options
	base   Reference // the base, without its fragment
	whole  string    // the base without its fragment: the current document
	prefix string    // scheme ":" ["//" authority]: inherited by paths
	dir    string    // what step 6a keeps of the base path (RFC 3986 merge)
	dirDot bool      // dir has a dot segment
	hier   bool      // the base scheme is known to be hierarchical (Compat)
}

// NewResolver parses base, which must be an absolute URI (it must have a
// scheme; Section 5.1: a relative reference cannot serve as a base). A
// fragment of the base is ignored, as RFC 3986 Section 5.1 says.
// The error, an *Error wrapping ErrNotAbsolute, names the base.
func NewResolver(base string, opts Options) (*Resolver, error) {
	b := Parse(base)
	if !b.HasScheme {
		return nil, &Error{Op: "base", URI: base, Err: ErrNotAbsolute}
	}
	if opts.Mode != RFC3986 && opts.Mode != RFC2396 {
		return nil, &Error{Op: "base", URI: base, Err: fmt.Errorf("unknown mode %d", int(opts.Mode))}
	}
	whole := base
	if b.HasFragment {
		whole = base[:len(base)-len(b.Fragment)-1]
		b.Fragment, b.HasFragment = "", false
	}
	prefix := b.Scheme + ":"
	if b.HasAuthority {
		prefix += "//" + b.Authority
	}
	dir := b.Path[:strings.LastIndexByte(b.Path, '/')+1]
	if b.HasAuthority && b.Path == "" {
		// RFC 3986 Section 5.2.3: a base with an authority and an empty
		// path merges as "/". The seeds are silent; both modes do this.
		dir = "/"
	}
	return &Resolver{
		opts:   opts,
		base:   b,
		whole:  whole,
		prefix: prefix,
		dir:    dir,
		dirDot: hasDotSegment(dir),
		hier:   IsHierarchical(b.Scheme),
	}, nil
}

// Base returns the base URI, without its fragment.
func (rv *Resolver) Base() string { return rv.whole }

// Resolve returns ref resolved against the base by Section 5.2 in the
// resolver's mode. It never fails. When nothing has to change it returns
// ref or the base itself, without allocating; otherwise it allocates the
// result once (twice for results over 256 bytes with dot segments).
func (rv *Resolver) Resolve(ref string) string {
	r := Parse(ref)
	// Step 3, with the compatibility rule of the -03 draft.
	if rv.compat(&r) {
		ref = ref[len(r.Scheme)+1:]
		r = Parse(ref)
	}
	if rv.opts.Mode == RFC2396 {
		return rv.resolve2396(ref, &r)
	}
	return rv.resolve3986(ref, &r)
}

// compat reports whether the compatibility rule (Options.Compat) drops the
// scheme of r: it is the base's, and the base's scheme is hierarchical.
func (rv *Resolver) compat(r *Reference) bool {
	return r.HasScheme && rv.opts.Compat && rv.hier && strings.EqualFold(r.Scheme, rv.base.Scheme)
}

// CompatRelative reports whether ref, though it has a scheme, is relative
// to this base under the compatibility rule (Options.Compat, seed 002
// Section 5.2 step 3): "http:g" against an http base. A reference with an
// authority ("http://h/p") is not: the rule changes nothing in it but dot
// segments.
func (rv *Resolver) CompatRelative(ref string) bool {
	r := Parse(ref)
	return rv.compat(&r) && !r.HasAuthority
}

// tail is the part of ref after its path: ["?" query] ["#" fragment].
func tail(ref string, r *Reference) string {
	n := 0
	if r.HasQuery {
		n += 1 + len(r.Query)
	}
	if r.HasFragment {
		n += 1 + len(r.Fragment)
	}
	return ref[len(ref)-n:]
}

// resolve3986 is RFC 3986 Section 5.2.2, strict.
func (rv *Resolver) resolve3986(ref string, r *Reference) string {
	switch {
	case r.HasScheme || r.HasAuthority:
		if !hasDotSegment(r.Path) {
			if r.HasScheme {
				return ref
			}
			return rv.base.Scheme + ":" + ref
		}
		// ref minus its path is scheme ":" "//" authority, or "//"
		// authority with the base's scheme before it.
		head := ref[:len(ref)-len(r.Path)-len(tail(ref, r))]
		if r.HasScheme {
			return build(head, "", "", "", r.Path, tail(ref, r), false)
		}
		return build(rv.base.Scheme, ":", head, "", r.Path, tail(ref, r), false)
	case r.Path == "":
		if !r.HasQuery {
			if !r.HasFragment {
				return rv.whole
			}
			return rv.whole + ref
		}
		return rv.prefix + rv.base.Path + ref
	case r.Path[0] == '/':
		if !hasDotSegment(r.Path) {
			return rv.prefix + ref
		}
		return build(rv.prefix, "", "", "", r.Path, tail(ref, r), false)
	default:
		if !rv.dirDot && !hasDotSegment(r.Path) {
			return rv.prefix + rv.dir + ref
		}
		return build(rv.prefix, "", "", rv.dir, r.Path, tail(ref, r), false)
	}
}

// build returns h1 + h2 + h3 + dir + path + tail with the dot segments of
// dir + path removed, by Section 5.2 step 6 of the seeds when rfc2396 is
// set and by RFC 3986 Section 5.2.4 otherwise; dir is what the merge
// keeps of the base path, or empty. It
// allocates once, for the result, when that fits in 256 bytes, and twice
// otherwise.
func build(h1, h2, h3, dir, path, tail string, rfc2396 bool) string {
	var arr [256]byte
	b := arr[:0]
	if n := len(h1) + len(h2) + len(h3) + len(dir) + len(path) + len(tail); n > len(arr) {
		b = make([]byte, 0, n)
	}
	b = append(b, h1...)
	b = append(b, h2...)
	b = append(b, h3...)
	start := len(b)
	b = append(b, dir...)
	b = append(b, path...)
	if rfc2396 {
		b = removeDots2396(b, start)
	} else {
		b = removeDots(b, start)
	}
	b = append(b, tail...)
	return string(b)
}

// resolve2396 is Section 5.2 of the -03 draft (seed 002).
func (rv *Resolver) resolve2396(ref string, r *Reference) string {
	switch {
	case r.HasScheme: // step 3: absolute, done
		return ref
	case r.HasAuthority: // step 4: network-path, skip to step 7
		return rv.base.Scheme + ":" + ref
	case r.Path == "" && !r.HasQuery: // step 2: the current document
		if !r.HasFragment {
			return rv.whole
		}
		return rv.whole + ref
	case r.Path != "" && r.Path[0] == '/': // step 5: absolute-path, skip to step 7
		return rv.prefix + ref
	}
	// Step 6: a relative path, merged with the base path in a buffer.
	if !rv.dirDot && !hasDotSegment(r.Path) {
		return rv.prefix + rv.dir + ref
	}
	return build(rv.prefix, "", "", rv.dir, r.Path, tail(ref, r), true)
}

// Resolve resolves ref against base (Section 5.2), as
// NewResolver(base, opts) followed by Resolve(ref). The error says why
// base cannot serve as a base.
func Resolve(base, ref string, opts Options) (string, error) {
	rv, err := NewResolver(base, opts)
	if err != nil {
		return "", err
	}
	return rv.Resolve(ref), nil
}

// hierarchical lists the schemes known to always use the <hier_part>
// syntax (seed 002, Section 3 and Section 5.2 step 3), from their
// registrations: RFC 9110 (http, https), RFC 1738 (ftp, file, gopher,
// wais, prospero, telnet, nntp), RFC 8089 (file), RFC 6455 (ws, wss),
// RFC 4516 (ldap), RFC 5092 (imap), RFC 2384 (pop), RFC 2326 (rtsp),
// RFC 7252 (coap, coaps).
var hierarchical = map[string]bool{
	"http": true, "https": true, "ftp": true, "file": true, "ws": true, "wss": true,
	"gopher": true, "wais": true, "prospero": true, "telnet": true, "nntp": true,
	"ldap": true, "ldaps": true, "imap": true, "pop": true, "rtsp": true,
	"coap": true, "coaps": true, "sftp": true, "ssh": true, "smb": true,
}

// IsHierarchical reports whether scheme (any case) is known to always use
// the hierarchical <hier_part> syntax, which the compatibility rule of
// Section 5.2 step 3 (seed 002) requires.
func IsHierarchical(scheme string) bool {
	if hierarchical[scheme] {
		return true
	}
	var buf [16]byte
	if len(scheme) > len(buf) {
		return false
	}
	for i := 0; i < len(scheme); i++ {
		buf[i] = scheme[i] | 0x20
	}
	return hierarchical[string(buf[:len(scheme)])]
}
