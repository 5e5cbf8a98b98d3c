// Package resolve owns URI references: parsing one into its components
// (seeds Appendix B, SPEC R1), resolving it against a base (Section 5.2,
// in the RFC 3986 and RFC 2396 variants, SPEC R2), normalizing it
// (Section 6, SPEC R3) and converting an IRI to a URI (SPEC R4).
// It knows nothing about text, HTML or mail.
package resolve

import "errors"

// Mode selects the resolution algorithm (SPEC R2).
type Mode int

const (
	// RFC3986 is RFC 3986 Section 5.2, what browsers and link checkers do.
	RFC3986 Mode = iota
	// RFC2396 is Section 5.2 as the latest seed draft writes it.
	RFC2396
)

// Options tune resolution.
type Options struct {
	Mode   Mode
	Compat bool // apply the "http:g" backwards-compatibility rule (seed 002, step 3)
}

// Reference is a parsed URI reference. STUB: to be completed.
type Reference struct {
	Scheme, Authority, Userinfo, Host, Port, Path, Query, Fragment string

	HasScheme, HasAuthority, HasUserinfo, HasPort, HasQuery, HasFragment bool
}

// Parse splits s into components; it never fails (Appendix B). STUB.
func Parse(s string) Reference { return Reference{Path: s} }

// String recombines the components (Section 5.2 step 7). STUB.
func (r Reference) String() string { return r.Path }

// IsAbsolute reports whether r has a scheme.
func (r Reference) IsAbsolute() bool { return r.HasScheme }

// Resolver resolves references against one parsed base. STUB.
type Resolver struct{ base string }

// NewResolver parses base, which must be absolute. STUB.
func NewResolver(base string, opts Options) (*Resolver, error) {
	return nil, errors.New("resolve: not implemented")
}

// Resolve returns ref resolved against the resolver's base. STUB.
func (r *Resolver) Resolve(ref string) string { return ref }

// Resolve resolves ref against base. STUB.
func Resolve(base, ref string, opts Options) (string, error) {
	return "", errors.New("resolve: not implemented")
}

// Normalize applies Section 6 normalization (SPEC R3). STUB.
func Normalize(uri string) string { return uri }

// ToASCII converts an IRI to a URI (SPEC R4). STUB.
func ToASCII(uri string) string { return uri }
