// Package resolve owns URI references: parsing one into its components
// (seeds Section 4.4 and Appendix B, SPEC R1), resolving it against a base
// URI (SPEC R2), normalizing it (Section 6, SPEC R3), converting an IRI to
// a URI (SPEC R4) and checking it against the grammar of Appendix A.
//
// Resolution has three modes (Mode): RFC3986 (the default) and RFC2396
// are Section 5.2 of RFC 3986 and of the seed drafts; WHATWG is the WHATWG
// URL Standard (https://url.spec.whatwg.org/), what browsers do with the
// href of a link: its basic URL parser and URL serializer (sections 4.4
// and 4.5), with the page's encoding for queries (Options.QueryEncoding).
// ParseURL and URL give the WHATWG parse itself, with the components a
// browser's URL object shows.
//
// It knows nothing about text, HTML or mail: finding references and
// choosing their base (Section 5.1) belong to the packages delimit,
// htmlbase and extract. It does not use net/url, which cannot tell an
// empty query or fragment from a missing one.
//
// Parse never fails and Resolver.Resolve never fails: every string is a
// URI reference by the Appendix B expression. Validate says whether a
// string also obeys the Appendix A grammar. The WHATWG parser does fail
// on some input ("http://a:b/", "//x" with no base): Resolver.ResolveURL
// and the function Resolve report it, Resolver.Resolve returns such a
// reference unchanged.
package resolve

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/text/encoding"
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
	// WHATWG is the WHATWG URL Standard: the basic URL parser (section
	// 4.4) run on the reference with the base as base URL, then the URL
	// serializer (section 4.5), as browsers resolve links. Special
	// schemes (http, https, ws, wss, ftp, file) read "\" as "/", skip
	// extra slashes and get the path "/" when it is empty; hosts are
	// lowercased, IDNA-converted and IP addresses canonicalized; default
	// ports are dropped; characters outside the URL code points are
	// percent-encoded; "%2e" is a dot segment; "http:g" against an http
	// base is relative. Some references fail (see Resolver.ResolveURL).
	WHATWG
)

// String returns "3986", "2396" or "whatwg", the values of the --spec
// flag (SPEC R2).
func (m Mode) String() string {
	switch m {
	case RFC3986:
		return "3986"
	case RFC2396:
		return "2396"
	case WHATWG:
		return "whatwg"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode returns the mode named s: "3986", "2396" or "whatwg", in any
// case. The error starts with "resolve: " and lists the names.
func ParseMode(s string) (Mode, error) {
	for _, m := range []Mode{RFC3986, RFC2396, WHATWG} {
		if strings.EqualFold(s, m.String()) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("resolve: unknown mode %q (want 3986, 2396 or whatwg)", s)
}

// MarshalText returns the mode's name (encoding.TextMarshaler).
func (m Mode) MarshalText() ([]byte, error) {
	switch m {
	case RFC3986, RFC2396, WHATWG:
		return []byte(m.String()), nil
	}
	return nil, fmt.Errorf("resolve: unknown mode %d", int(m))
}

// UnmarshalText sets the mode from its name, as ParseMode reads it
// (encoding.TextUnmarshaler): a flag.TextVar for --spec in one line.
func (m *Mode) UnmarshalText(text []byte) error {
	v, err := ParseMode(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Options tune resolution (Section 5.2).
type Options struct {
	Mode Mode
	// Compat applies the backwards-compatibility rule of Section 5.2 step
	// 3 of the -03 draft (seed 002): a reference whose scheme is the base's
	// scheme, when that scheme is known to be hierarchical (see
	// IsHierarchical), is resolved as if it had no scheme, so "http:g"
	// against "http://a/b/c/d;p?q" gives "http://a/b/c/g" instead of
	// "http:g". It does not apply in WHATWG mode, which has a rule of its
	// own: "http:g" against an http base is always relative.
	Compat bool
	// QueryEncoding is the encoding of the document the references are
	// in, for WHATWG mode (HTML's "document's character encoding"): the
	// query of a reference with a special scheme other than ws and wss is
	// percent-encoded in it (URL Standard section 4.4, query state), a
	// character it cannot hold as "%26%23" N "%3B" ("&#N;"). Nil means
	// UTF-8, as do UTF-16 and replacement. Get an encoding by its label
	// with golang.org/x/text/encoding/htmlindex. The other modes ignore it.
	QueryEncoding encoding.Encoding
}

// ErrNotAbsolute is the cause of the error NewResolver returns for a base
// that has no scheme.
var ErrNotAbsolute = errors.New("not an absolute URI: it has no scheme")

// MaxBase is the longest base NewResolver takes: 8 KiB, the request line
// RFC 9112 (section 3) asks HTTP servers to take at the least, and what
// Apache and nginx take by default. A longer base names no document a
// client fetched, and every reference resolved against it would be as
// long: a page whose <base> is 200 KB made 2.6 GB of output from 400 KB,
// and a chain of relative bases (xml:base, JSON-LD @base) work that grew
// with its square (doc/spec.md L7).
const MaxBase = 8 << 10

// ErrLongBase is the cause of the error NewResolver returns for a base
// longer than MaxBase; the error's URI is the base's first 64 bytes.
var ErrLongBase = fmt.Errorf("a base of more than %d KiB is not used", MaxBase>>10)

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

	// WHATWG mode only.
	url *URL           // the base parsed; nil in the other modes
	enc *queryEncoding // Options.QueryEncoding; nil: UTF-8
}

// NewResolver parses base, which must be an absolute URI (it must have a
// scheme; Section 5.1: a relative reference cannot serve as a base). A
// fragment of the base is ignored, as RFC 3986 Section 5.1 says.
// The error, an *Error wrapping ErrNotAbsolute, names the base; one that
// is longer than MaxBase is refused (ErrLongBase). In WHATWG
// mode the base must parse as a URL with no base URL (ParseURL); the
// error for one that does not wraps ErrInvalidURL, or ErrNotAbsolute when
// it has no scheme.
func NewResolver(base string, opts Options) (*Resolver, error) {
	if len(base) > MaxBase {
		return nil, &Error{Op: "base", URI: base[:64] + "...", Err: ErrLongBase}
	}
	if opts.Mode == WHATWG {
		return newWHATWGResolver(base, opts)
	}
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

// newWHATWGResolver is NewResolver in WHATWG mode.
func newWHATWGResolver(base string, opts Options) (*Resolver, error) {
	enc := newQueryEncoding(opts.QueryEncoding)
	u, err := parseURL(base, nil, enc)
	if err != nil {
		cause := errors.Unwrap(err)
		if cause == failure("missing-scheme-non-relative-URL") {
			cause = ErrNotAbsolute
		}
		return nil, &Error{Op: "base", URI: base, Err: cause}
	}
	whole := u.href
	if u.hasFrag {
		whole = whole[:len(whole)-len(u.fragment)-1]
	}
	return &Resolver{opts: opts, whole: whole, url: u, enc: enc}, nil
}

// Base returns the base URI, without its fragment. In WHATWG mode it is
// the base as the URL serializer writes it ("HTTP://A" is "http://a/").
func (rv *Resolver) Base() string { return rv.whole }

// Resolve returns ref resolved against the base by Section 5.2 in the
// resolver's mode. It never fails. When nothing has to change it returns
// ref or the base itself, without allocating; otherwise it allocates the
// result once (twice for results over 256 bytes with dot segments).
//
// In WHATWG mode it returns the URL Standard's serialization of ref
// parsed against the base (sections 4.4 and 4.5), allocating the result
// once when it fits in 256 bytes; a ref the parser fails on is returned
// unchanged: use ResolveURL to tell.
func (rv *Resolver) Resolve(ref string) string {
	if rv.url != nil {
		p := getParser()
		defer putParser(p)
		if p.parse(ref, rv.url, rv.enc) != nil {
			return ref
		}
		return p.hrefOf(ref)
	}
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

// ResolveURL parses ref with the WHATWG basic URL parser against the base
// as base URL (URL Standard section 4.4), with Options.QueryEncoding; it
// is new URL(ref, base) in a browser. The error, an *Error with Op
// "parse" wrapping ErrInvalidURL, names the failure, e.g. "resolve: parse
// \"http://a:b/\": WHATWG URL parser failure: port-invalid". Outside
// WHATWG mode it fails with an *Error wrapping ErrNotWHATWG.
func (rv *Resolver) ResolveURL(ref string) (*URL, error) {
	if rv.url == nil {
		return nil, &Error{Op: "parse", URI: ref, Err: ErrNotWHATWG}
	}
	return parseURL(ref, rv.url, rv.enc)
}

// ResolveHref is Resolve that also says, in WHATWG mode, whether the URL
// parser accepted ref: when it fails it returns ref and false, where
// ResolveURL would return an error. It allocates no URL record, and
// nothing at all when the result is ref itself (an absolute URL already
// as the serializer writes it). Outside WHATWG mode ok is always true.
func (rv *Resolver) ResolveHref(ref string) (href string, ok bool) {
	if rv.url == nil {
		return rv.Resolve(ref), true
	}
	p := getParser()
	defer putParser(p)
	if p.parse(ref, rv.url, rv.enc) != nil {
		return ref, false
	}
	return p.hrefOf(ref), true
}

// ErrNotWHATWG is the cause of the error of ResolveURL outside WHATWG mode.
var ErrNotWHATWG = errors.New("the resolver is not in WHATWG mode")

// CompatRelative reports whether ref, though it has a scheme, is relative
// to this base under the compatibility rule (Options.Compat, seed 002
// Section 5.2 step 3): "http:g" against an http base. A reference with an
// authority ("http://h/p") is not: the rule changes nothing in it but dot
// segments.
//
// In WHATWG mode, where Compat does not apply, it reports whether the URL
// Standard itself reads ref as relative though it starts with a scheme:
// the base's scheme, when that is special, not followed by two slashes
// ("http:g", "http:/g", "file:g"; section 4.4, scheme state).
func (rv *Resolver) CompatRelative(ref string) bool {
	if rv.url != nil {
		return rv.whatwgSchemeRelative(ref)
	}
	r := Parse(ref)
	return rv.compat(&r) && !r.HasAuthority
}

// whatwgSchemeRelative is CompatRelative in WHATWG mode.
func (rv *Resolver) whatwgSchemeRelative(ref string) bool {
	special, _ := specialPort(rv.url.scheme)
	if !special {
		return false
	}
	in := removeTabNewline(trimControlSpace(ref))
	n := len(rv.url.scheme)
	if len(in) <= n || in[n] != ':' || !strings.EqualFold(in[:n], rv.url.scheme) {
		return false
	}
	// Two slashes, either way round, start a host ("http://h",
	// "http:\\h", "file://h"); anything else is relative to the base.
	rest := in[n+1:]
	return !(len(rest) >= 2 && (rest[0] == '/' || rest[0] == '\\') && (rest[1] == '/' || rest[1] == '\\'))
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
// base cannot serve as a base. In WHATWG mode it also fails when ref does
// not parse (the error of Resolver.ResolveURL).
func Resolve(base, ref string, opts Options) (string, error) {
	rv, err := NewResolver(base, opts)
	if err != nil {
		return "", err
	}
	if rv.url != nil {
		u, err := rv.ResolveURL(ref)
		if err != nil {
			return "", err
		}
		return u.href, nil
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
