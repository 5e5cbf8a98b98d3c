package resolve

import (
	"net/url"
	"testing"
)

// BenchmarkResolve resolves every Appendix C reference against its base,
// with this package and with net/url (base parsed once, then per
// reference url.Parse, ResolveReference and String).
func BenchmarkResolve(b *testing.B) {
	refs := make([]string, len(appendixC))
	for i, tt := range appendixC {
		refs[i] = tt.ref
	}
	b.Run("urix", func(b *testing.B) {
		rv, err := NewResolver(appendixCBase, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = rv.Resolve(refs[i%len(refs)])
		}
	})
	b.Run("urix-2396", func(b *testing.B) {
		rv, err := NewResolver(appendixCBase, Options{Mode: RFC2396})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = rv.Resolve(refs[i%len(refs)])
		}
	})
	b.Run("net/url", func(b *testing.B) {
		base, err := url.Parse(appendixCBase)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			u, err := url.Parse(refs[i%len(refs)])
			if err != nil {
				b.Fatal(err)
			}
			_ = base.ResolveReference(u).String()
		}
	})
}

// BenchmarkResolveWHATWG resolves the Appendix C references of
// BenchmarkResolve in WHATWG mode (compare BenchmarkResolve/urix, RFC
// 3986), through Resolve (the href only) and ResolveURL (the URL record
// with its components), and the resolve-whatwg.json references against
// their bases.
func BenchmarkResolveWHATWG(b *testing.B) {
	refs := make([]string, len(appendixC))
	for i, tt := range appendixC {
		refs[i] = tt.ref
	}
	rv, err := NewResolver(appendixCBase, Options{Mode: WHATWG})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Resolve", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = rv.Resolve(refs[i%len(refs)])
		}
	})
	b.Run("ResolveURL", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_, _ = rv.ResolveURL(refs[i%len(refs)])
		}
	})
	vs := loadVectors(b, "resolve-whatwg.json")
	rvs := make([]*Resolver, len(vs))
	for i, v := range vs {
		if rvs[i], err = NewResolver(v.Base, Options{Mode: WHATWG}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("wpt", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			j := i % len(vs)
			_ = rvs[j].Resolve(vs[j].Ref)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Parse("http://user@example.com:8080/a/b/c?q=1#frag")
	}
}

func BenchmarkNormalize(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Normalize("HTTP://Example.COM:80/a/./b/../c/%7euser%2f")
	}
}
