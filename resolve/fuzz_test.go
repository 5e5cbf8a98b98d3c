package resolve

import (
	"strings"
	"testing"

	"github.com/urix/urix/internal/hex"
)

// fuzzSeeds are inputs every fuzz target starts from, besides Appendix C
// and the corpus in testdata/fuzz.
var fuzzSeeds = []string{
	"", "?", "#", "//", "a:", "http://a/b?", "http://a/b#", "http://[::1]:80/",
	"HTTP://Example.COM:80/a/./b/../c/%7euser%2f", "http://bücher.example/straße",
	"ftp://u:p@h:21/x;type=a", "%61:b", "foo:/.//bar", "http://a:80:80/",
	"../../../g", "/./g", "g?y/./x", "mailto:a@b", "urn:a:b",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Parse(s)
		if got := r.String(); got != s {
			t.Fatalf("Parse(%q).String() = %q, want the input", s, got)
		}
		if Parse(r.String()) != r {
			t.Fatalf("Parse(Parse(%q).String()) differs", s)
		}
		_ = Validate(s)
		_ = ToASCII(s)
	})
}

func FuzzNormalize(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if again := Normalize(n); again != n {
			t.Fatalf("Normalize(%q) = %q, but Normalize of that = %q (not idempotent)", s, n, again)
		}
		pn, ps := Parse(n), Parse(s)
		if pn.HasScheme != ps.HasScheme || pn.HasAuthority != ps.HasAuthority ||
			pn.HasQuery != ps.HasQuery || pn.HasFragment != ps.HasFragment {
			t.Fatalf("Normalize(%q) = %q changes which components are defined", s, n)
		}
		// R3 "never changes anything else": case-folding and %-decoding
		// aside, a query and a fragment come out as they went in.
		if !strings.EqualFold(unescapeUnreserved(pn.Query), unescapeUnreserved(ps.Query)) ||
			!strings.EqualFold(unescapeUnreserved(pn.Fragment), unescapeUnreserved(ps.Fragment)) {
			t.Fatalf("Normalize(%q) = %q changes the query or fragment", s, n)
		}
		// A changed URI must have had something to normalize.
		if n != s && strings.ToLower(s) == s && !strings.ContainsAny(s, "%.:") && pn.Path != "/" {
			t.Fatalf("Normalize(%q) = %q changed a URI with nothing to normalize", s, n)
		}
	})
}

// unescapeUnreserved decodes the %hh of unreserved characters (R3), to
// compare components up to normalization.
func unescapeUnreserved(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if c, ok := unhexPair(s[i+1], s[i+2]); ok && isUnreserved(c) {
				b.WriteByte(c)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func unhexPair(a, b byte) (byte, bool) {
	x, ok1 := hex.Digit(a)
	y, ok2 := hex.Digit(b)
	return x<<4 | y, ok1 && ok2
}

// removeDotsNaive is RFC 3986 Section 5.2.4 written as plainly as the
// RFC does, to check appendRemoveDots against.
func removeDotsNaive(in string) string {
	out := ""
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[3:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../") || in == "/..":
			in = "/" + strings.TrimPrefix(in[3:], "/")
			if i := strings.LastIndex(out, "/"); i >= 0 {
				out = out[:i]
			} else {
				out = ""
			}
		case in == "." || in == "..":
			in = ""
		default:
			i := strings.Index(in[1:], "/")
			if i < 0 {
				out, in = out+in, ""
			} else {
				out, in = out+in[:i+1], in[i+1:]
			}
		}
	}
	return out
}

// FuzzResolve: every resolution against an absolute base is absolute, an
// absolute reference changes only by its dot segments (RFC3986 mode), and
// one AsWritten says Make leaves alone comes back from Make as written,
// against the base and against none.
func FuzzResolve(f *testing.F) {
	for _, tt := range appendixC {
		f.Add(appendixCBase, tt.ref)
	}
	for _, s := range fuzzSeeds {
		f.Add("http://a/b/c/d;p?q", s)
		f.Add(s, "../g")
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		for _, opts := range []Options{{Mode: RFC3986}, {Mode: RFC2396}, {Mode: RFC3986, Compat: true}, {Mode: RFC2396, Compat: true}} {
			rv, err := NewResolver(base, opts)
			if err != nil {
				if Parse(base).HasScheme {
					t.Fatalf("NewResolver(%q) = %v for an absolute base", base, err)
				}
				return
			}
			got := rv.Resolve(ref)
			if !Parse(got).HasScheme {
				t.Fatalf("Resolve(%q, %q, %+v) = %q, not absolute", base, ref, opts, got)
			}
			for _, src := range []Source{FromText, FromMarkup, FromHTML} {
				if !AsWritten(ref, opts, src) {
					continue
				}
				for _, b := range []*Resolver{rv, nil} {
					if uri, ok := Make(ref, b, opts, src); uri != ref || !ok {
						t.Fatalf("AsWritten(%q, %+v, %d), but Make against %q gives %q %v", ref, opts, src, base, uri, ok)
					}
				}
			}
			r := Parse(ref)
			if !r.HasScheme || opts.Compat {
				continue
			}
			want := ref
			if opts.Mode == RFC3986 {
				r.Path = removeDotsNaive(r.Path)
				want = r.String()
			}
			if got != want {
				t.Fatalf("Resolve(%q, %q, %+v) = %q, want %q (an absolute reference changes only by its dot segments)", base, ref, opts, got, want)
			}
		}
	})
}

func FuzzRemoveDots(f *testing.F) {
	for _, s := range []string{"/a/b/../c", "a/../b", "../x", "/./", "/..", ".", "//..//./"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := string(appendRemoveDots(nil, p)), removeDotsNaive(p); got != want {
			t.Fatalf("appendRemoveDots(%q) = %q, want %q", p, got, want)
		}
		if !hasDotSegment(p) {
			if got := string(appendRemoveDots(nil, p)); got != p {
				t.Fatalf("appendRemoveDots(%q) = %q, but hasDotSegment says there is nothing to remove", p, got)
			}
		}
		if got, want := string(appendRemoveDots2396(nil, p)), removeDots2396Naive(p); got != want {
			t.Fatalf("appendRemoveDots2396(%q) = %q, want %q", p, got, want)
		}
	})
}

// removeDots2396Naive is steps 6c to 6f of Section 5.2 of the seeds as
// the string rewriting the text describes, on the path segments after
// the root '/' (abs_path = "/" path_segments).
func removeDots2396Naive(p string) string {
	root := ""
	if strings.HasPrefix(p, "/") {
		root, p = "/", p[1:]
	}
	complete := func(s string, i int) bool { return i == 0 || s[i-1] == '/' }
	// c) every "./" where "." is a complete segment
	for changed := true; changed; {
		changed = false
		for i := 0; i+2 <= len(p); i++ {
			if p[i:i+2] == "./" && complete(p, i) {
				p = p[:i] + p[i+2:]
				changed = true
				break
			}
		}
	}
	// d) a final "." segment
	if p == "." || strings.HasSuffix(p, "/.") {
		p = p[:len(p)-1]
	}
	// e) the leftmost "<segment>/../", segment not "..", until none
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(p); i++ {
			if !complete(p, i) {
				continue
			}
			j := strings.IndexByte(p[i:], '/')
			if j < 0 {
				break
			}
			if seg := p[i : i+j]; seg != ".." && strings.HasPrefix(p[i+j:], "/../") {
				p = p[:i] + p[i+j+4:]
				changed = true
				break
			}
		}
	}
	// f) a final "<segment>/..", segment not ".."
	if strings.HasSuffix(p, "/..") {
		rest := p[:len(p)-3]
		i := strings.LastIndexByte(rest, '/') + 1
		if rest[i:] != ".." {
			p = rest[:i]
		}
	}
	return root + p
}

// appendRemoveDots2396 appends to dst the path p with its dot segments
// removed as steps 6c to 6g of Section 5.2 of the seeds do.
func appendRemoveDots2396(dst []byte, p string) []byte {
	start := len(dst)
	return removeDots2396(append(dst, p...), start)
}
