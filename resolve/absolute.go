package resolve

import "strings"

// Source says where a reference was found, which decides how Make reads
// it.
type Source uint8

const (
	// FromText: delimited in text (Appendix E), taken as written.
	FromText Source = iota
	// FromMarkup: a Markdown destination or an XML value: what a URI
	// cannot hold (a space, a stray "%") is percent-encoded first
	// (EscapeInvalid), as for an HTML attribute.
	FromMarkup
	// FromHTML: an HTML attribute or text: as FromMarkup, except in WHATWG
	// mode, where the URL parser itself reads the value (in the
	// document's encoding, Options.QueryEncoding), as a browser does.
	FromHTML
)

// Make is the one call that makes a reference found in a document
// absolute, in every mode (doc/spec.md R2, B1, B2): against base (nil:
// no base), by the URL standard of opts, which must be the options base
// was made with. It returns the absolute URI and true, or, when it cannot
// be made absolute (a relative reference with no base, or one the WHATWG
// parser rejects), the reference as written with false: the caller
// reports it unresolved or drops it.
//
// With no base, a reference that has a scheme still gets what the mode
// does to one (AbsoluteSelf: dot segments removed under RFC 3986).
func Make(ref string, base *Resolver, opts Options, src Source) (string, bool) {
	if opts.Mode == WHATWG {
		if src == FromMarkup {
			ref = EscapeInvalid(ref)
		}
		if base == nil {
			if schemeLen(ref) == 0 {
				return ref, false
			}
			var err error
			if base, err = NewResolver(ref, opts); err != nil {
				return ref, false
			}
		}
		return base.ResolveHref(ref)
	}
	if src != FromText {
		ref = EscapeInvalid(ref) // href="a b" is a%20b, as browsers send it
	}
	uri, ok := Absolute(ref, base)
	if base == nil && ok {
		uri = AbsoluteSelf(uri, opts)
	}
	return uri, ok
}

// AsWritten reports whether Make(ref, base, opts, src) returns ref itself,
// resolved, whatever base is (nil too): a reference delimited in text
// (FromText: nothing to escape) that has a scheme and no dot segment, in
// RFC3986 mode without Compat. Most references found in text are such; a
// caller that knows it need not parse the document's base to report
// them.
func AsWritten(ref string, opts Options, src Source) bool {
	return src == FromText && opts.Mode == RFC3986 && !opts.Compat && noDotSegments(ref)
}

// Absolute makes a reference absolute against base: the primitive under
// Make, also used for the bases that documents declare (Section 5.2,
// doc/spec.md B1, B2).
//
// With a base, every reference goes through base.Resolve, also one that has
// a scheme: RFC 3986 Section 5.2.2 removes the dot segments of its path too
// ("http://a/b/../c" is "http://a/c", SPEC R2), the WHATWG URL parser gives
// its serialization, and in RFC2396 mode, where step 3 of the seed draft
// takes it as it is, it comes back as written, unless the base's
// Options.Compat rule makes it relative to base ("http:g" against an http
// base, see Resolver.CompatRelative). With no base (nil) a reference with a
// scheme comes back as written (AbsoluteSelf applies the mode to it), and a
// relative reference cannot be made absolute: it comes back as written
// with ok false, and the caller reports it unresolved (B2) or ignores it.
func Absolute(ref string, base *Resolver) (uri string, ok bool) {
	if base == nil {
		return ref, schemeLen(ref) > 0
	}
	if base.opts.Mode == RFC3986 && !base.opts.Compat && noDotSegments(ref) {
		return ref, true // what Resolve would return, without parsing it
	}
	return base.Resolve(ref), true
}

// noDotSegments reports whether ref has a scheme and no path segment that
// RFC 3986's remove_dot_segments could change: no "." right after the
// scheme's colon and no "/." anywhere. Most absolute references found in
// documents are such, and resolving them gives them back as they are.
func noDotSegments(ref string) bool {
	n := schemeLen(ref)
	if n == 0 {
		return false
	}
	rest := ref[n+1:]
	return !strings.HasPrefix(rest, ".") && !strings.Contains(rest, "/.")
}

// AbsoluteSelf returns a reference that has a scheme as Absolute would
// against any base in the mode of opts: in RFC3986 mode with its dot
// segments removed, in WHATWG mode as the URL parser serializes it (as
// written when it fails), in RFC2396 mode as written. It is for a
// reference found with no base. Any other reference is returned as it is.
func AbsoluteSelf(ref string, opts Options) string {
	if schemeLen(ref) == 0 || opts.Mode == RFC2396 || opts.Mode == RFC3986 && noDotSegments(ref) {
		return ref
	}
	opts.Compat = false
	rv, err := NewResolver(ref, opts)
	if err != nil {
		return ref
	}
	return rv.Resolve(ref)
}

// Scheme returns the scheme of a URI reference as written, "" when it has
// none (Section 3.1: a letter, then letters, digits, "+", "-" or ".",
// before the first ":").
func Scheme(ref string) string { return ref[:schemeLen(ref)] }
