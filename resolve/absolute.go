package resolve

// Absolute makes a reference found in a document absolute: the one place
// where every reader of urix does so (Section 5.2, SPEC B1, B2).
//
// A reference with a scheme is returned as written, unless the base's
// Options.Compat rule makes it relative to base ("http:g" against an http
// base, see Resolver.CompatRelative). Any other reference is resolved
// against base. With no base (nil) a relative reference cannot be made
// absolute: it comes back as written with ok false, and the caller reports
// it unresolved (B2) or ignores it.
func Absolute(ref string, base *Resolver) (uri string, ok bool) {
	if schemeLen(ref) > 0 {
		if base == nil || !base.opts.Compat {
			return ref, true
		}
		if r := Parse(ref); !(base.compat(&r) && !r.HasAuthority) {
			return ref, true
		}
	}
	if base == nil {
		return ref, false
	}
	return base.Resolve(ref), true
}

// Unhex returns the value of the hexadecimal digit c (either case), for
// the decoders of %HH (Section 2.4.1) and quoted-printable =HH escapes.
func Unhex(c byte) (byte, bool) { return unhex(c) }

// Scheme returns the scheme of a URI reference as written, "" when it has
// none (Section 3.1: a letter, then letters, digits, "+", "-" or ".",
// before the first ":").
func Scheme(ref string) string { return ref[:schemeLen(ref)] }
