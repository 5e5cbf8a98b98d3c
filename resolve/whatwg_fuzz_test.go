package resolve

import (
	"encoding/json"
	"strings"
	"testing"
)

// fuzzBases are the bases FuzzWHATWG resolves against: special with a
// path, file with a drive letter, non-special with a host, non-special
// with a path and no host, and an opaque path.
var fuzzBases = []string{
	"http://user:pass@example.org:81/a/b/c?q#f",
	"file:///C:/dir/file",
	"sc://h/p/q",
	"sc:/p/q",
	"sc:opaque",
}

// FuzzWHATWG checks what the URL Standard promises of its parser and
// serializer (section 4, "URLs"): a URL serializes to an ASCII string
// that parses back to the same URL (idempotence), and that string is
// absolute, so resolving it against any base gives it back. It also
// checks that Resolver.Resolve agrees with ResolveURL, and that the
// getters are the pieces of Href.
func FuzzWHATWG(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, raw := range loadWPT(f, "url-wpt-urltestdata.json") {
		var tt wptURLTest
		if err := json.Unmarshal(raw, &tt); err != nil {
			f.Fatal(err)
		}
		f.Add(tt.Input)
	}
	var rvs []*Resolver
	for _, b := range fuzzBases {
		rv, err := NewResolver(b, Options{Mode: WHATWG})
		if err != nil {
			f.Fatal(err)
		}
		rvs = append(rvs, rv)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseURL(s)
		if err == nil {
			checkURL(t, s, "no base", u, rvs)
		}
		for _, rv := range rvs {
			u, err := rv.ResolveURL(s)
			got := rv.Resolve(s)
			if err != nil {
				if got != s {
					t.Fatalf("Resolve(%q) against %q = %q, but ResolveURL fails (%v): want the ref unchanged", s, rv.Base(), got, err)
				}
				continue
			}
			if got != u.Href() {
				t.Fatalf("Resolve(%q) against %q = %q, ResolveURL gives %q", s, rv.Base(), got, u.Href())
			}
			checkURL(t, s, rv.Base(), u, rvs)
		}
	})
}

// checkURL checks the invariants of u, which is s parsed against base.
func checkURL(t *testing.T, s, base string, u *URL, rvs []*Resolver) {
	t.Helper()
	href := u.Href()
	for i := 0; i < len(href); i++ {
		if c := href[i]; c < 0x20 || c > 0x7E {
			t.Fatalf("%q against %s: href %q has byte %#x: want printable ASCII", s, base, href, c)
		}
	}
	// A space is percent-encoded everywhere but inside an opaque path.
	if strings.Count(href, " ") != strings.Count(u.Pathname(), " ") || strings.HasSuffix(u.Pathname(), " ") ||
		!u.opaque && strings.Contains(href, " ") {
		t.Fatalf("%q against %s: href %q has a space outside an opaque path, or at its end", s, base, href)
	}
	again, err := ParseURL(href)
	if err != nil {
		t.Fatalf("%q against %s gives %q, which does not parse: %v", s, base, href, err)
	}
	if again.Href() != href || *again != *u {
		t.Fatalf("%q against %s gives %q, which parses to %q (%+v, was %+v): not idempotent", s, base, href, again.Href(), *again, *u)
	}
	for _, rv := range rvs {
		if got := rv.Resolve(href); got != href {
			t.Fatalf("%q against %s gives %q, which against %q resolves to %q: want itself", s, base, href, rv.Base(), got)
		}
	}
	// The getters are the pieces of href.
	var b strings.Builder
	b.WriteString(u.Protocol())
	if u.hasHost {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Host())
	} else if !u.opaque && strings.HasPrefix(u.Pathname(), "//") {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if u.hasQuery {
		b.WriteString("?" + u.query)
	}
	if u.hasFrag {
		b.WriteString("#" + u.fragment)
	}
	hostPort := u.Hostname()
	if u.Port() != "" {
		hostPort += ":" + u.Port()
	}
	search, hash := "", ""
	if u.query != "" {
		search = "?" + u.query
	}
	if u.fragment != "" {
		hash = "#" + u.fragment
	}
	if b.String() != href || u.Host() != hostPort || u.Search() != search || u.Hash() != hash || u.Protocol() != u.scheme+":" {
		t.Fatalf("%q against %s: getters %q %q %q %q %q %q %q %q %q do not make up href %q",
			s, base, u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), href)
	}
}
