package resolve

import (
	"errors"
	"testing"
)

var parseTests = []struct {
	in   string
	want Reference
}{
	{"", Reference{}},
	{"?", Reference{HasQuery: true}},
	{"#", Reference{HasFragment: true}},
	{"//", Reference{HasAuthority: true}},
	{"a:", Reference{Scheme: "a", HasScheme: true}},
	{"http://a/b?", Reference{Scheme: "http", HasScheme: true, Authority: "a", Host: "a", HasAuthority: true, Path: "/b", HasQuery: true}},
	{"http://a/b#", Reference{Scheme: "http", HasScheme: true, Authority: "a", Host: "a", HasAuthority: true, Path: "/b", HasFragment: true}},
	{"http://a/b", Reference{Scheme: "http", HasScheme: true, Authority: "a", Host: "a", HasAuthority: true, Path: "/b"}},
	{"http://www.ics.uci.edu/pub/ietf/uri/#Related", Reference{
		Scheme: "http", HasScheme: true, Authority: "www.ics.uci.edu", Host: "www.ics.uci.edu", HasAuthority: true,
		Path: "/pub/ietf/uri/", Fragment: "Related", HasFragment: true}},
	{"http://[::1]:80/", Reference{Scheme: "http", HasScheme: true, Authority: "[::1]:80", Host: "[::1]", Port: "80", HasPort: true, HasAuthority: true, Path: "/"}},
	{"http://[::1]/", Reference{Scheme: "http", HasScheme: true, Authority: "[::1]", Host: "[::1]", HasAuthority: true, Path: "/"}},
	{"http://[::1", Reference{Scheme: "http", HasScheme: true, Authority: "[::1", Host: "[::1", HasAuthority: true}},
	{"http://a:/", Reference{Scheme: "http", HasScheme: true, Authority: "a:", Host: "a", HasPort: true, HasAuthority: true, Path: "/"}},
	{"ftp://user:pw@host:21/x;type=a", Reference{
		Scheme: "ftp", HasScheme: true, Authority: "user:pw@host:21", Userinfo: "user:pw", HasUserinfo: true,
		Host: "host", Port: "21", HasPort: true, HasAuthority: true, Path: "/x;type=a"}},
	{"//@h", Reference{Authority: "@h", HasUserinfo: true, Host: "h", HasAuthority: true}},
	{"//a@b@c", Reference{Authority: "a@b@c", Userinfo: "a@b", HasUserinfo: true, Host: "c", HasAuthority: true}},
	{"mailto:fred@example.com", Reference{Scheme: "mailto", HasScheme: true, Path: "fred@example.com"}},
	{"urn:isbn:0451450523", Reference{Scheme: "urn", HasScheme: true, Path: "isbn:0451450523"}},
	{"g;x?y#s", Reference{Path: "g;x", Query: "y", HasQuery: true, Fragment: "s", HasFragment: true}},
	{"?a#b?c#d", Reference{Query: "a", HasQuery: true, Fragment: "b?c#d", HasFragment: true}},
	{"./this:that", Reference{Path: "./this:that"}},
	{"1a:b", Reference{Path: "1a:b"}},   // a scheme starts with a letter (seed 002)
	{":x", Reference{Path: ":x"}},       // empty scheme
	{"a b:c", Reference{Path: "a b:c"}}, // ' ' is no scheme character
	{"A+b.c-d:e", Reference{Scheme: "A+b.c-d", HasScheme: true, Path: "e"}},
	{"http://bücher.example/straße", Reference{Scheme: "http", HasScheme: true, Authority: "bücher.example", Host: "bücher.example", HasAuthority: true, Path: "/straße"}},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		got := Parse(tt.in)
		if got != tt.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("Parse(%q).String() = %q, want the input", tt.in, s)
		}
		if got.IsAbsolute() != tt.want.HasScheme {
			t.Errorf("Parse(%q).IsAbsolute() = %v, want %v", tt.in, got.IsAbsolute(), tt.want.HasScheme)
		}
	}
}

func TestParseAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(10, func() { Parse("http://user@a:80/b/c?q#f") }); n != 0 {
		t.Errorf("Parse: %v allocs, want 0", n)
	}
}

// TestStringFromParts: a Reference built from Userinfo, Host and Port,
// without Authority, prints them.
func TestStringFromParts(t *testing.T) {
	for _, tt := range []struct {
		r    Reference
		want string
	}{
		{Reference{Scheme: "http", HasScheme: true, HasAuthority: true, Host: "h", Port: "8080", HasPort: true, Path: "/p"}, "http://h:8080/p"},
		{Reference{Scheme: "ftp", HasScheme: true, HasAuthority: true, Userinfo: "u", HasUserinfo: true, Host: "h"}, "ftp://u@h"},
		{Reference{HasAuthority: true, Authority: "a", Host: "ignored"}, "//a"},
		{Reference{Path: "p", Query: "ignored"}, "p"},
	} {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.r, got, tt.want)
		}
	}
}

var normalizeTests = []struct{ in, want string }{
	{"HTTP://Example.COM:80/a/./b/../c/%7euser%2f", "http://example.com/a/c/~user%2F"},
	{"http://example.com", "http://example.com/"},
	{"http://example.com:/", "http://example.com/"},
	{"http://example.com:8080", "http://example.com:8080/"},
	{"https://a:443/?", "https://a/?"},
	{"https://a:0443/", "https://a/"},
	{"https://a:80/", "https://a:80/"},
	{"ftp://a:21/", "ftp://a/"},
	{"ws://a:80/", "ws://a/"},
	{"wss://a:443/", "wss://a/"},
	{"gopher://a:70/", "gopher://a/"},
	{"telnet://a:23/", "telnet://a/"},
	{"nntp://a:119/x", "nntp://a/x"},
	{"ldap://a:389/", "ldap://a/"},
	{"foo://a:80/", "foo://a:80/"},
	{"http://a/%7e%7E%41%2d%2e%5f%3a%3A%2f%e2%82%ac", "http://a/~~A-._%3A%3A%2F%E2%82%AC"},
	{"http://a/%zz%4", "http://a/%zz%4"},
	{"http://%41.COM/", "http://a.com/"},
	{"http://User@A/", "http://User@a/"},
	{"http://[FE80::1]:80/", "http://[fe80::1]/"},
	{"http://a/b?Q=%7e#F%7e", "http://a/b?Q=~#F~"},
	{"http://a/b?x/../y", "http://a/b?x/../y"},
	{"http://a/./b/../../c", "http://a/c"},
	{"http://a/%2E%2E/b", "http://a/b"},
	{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM"},
	{"MAILTO:joe@example.com", "mailto:joe@example.com"},
	{"urn:a/../b", "urn:a/../b"},
	{"../a/./b", "../a/./b"},
	{"/a/./b", "/a/b"},
	{"foo:/.//bar", "foo:/.//bar"},
	{"foo:/a/..//bar", "foo:/.//bar"},
	{"%61:b", "%61:b"},
	{"%61b/%61:c", "ab/a:c"},
	{"http://a:80:80/", "http://a:80:80/"},
	{"", ""},
	{"http://bücher.example/straße", "http://bücher.example/straße"},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		got := Normalize(tt.in)
		if got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := Normalize(got); again != got {
			t.Errorf("Normalize(Normalize(%q)) = %q, want %q (idempotent)", tt.in, again, got)
		}
	}
}

var toASCIITests = []struct{ in, want string }{
	{"http://bücher.example/straße", "http://xn--bcher-kva.example/stra%C3%9Fe"},
	{"http://example.com/a%20b", "http://example.com/a%20b"},
	{"http://example.com/ä?ö=ü#ß", "http://example.com/%C3%A4?%C3%B6=%C3%BC#%C3%9F"},
	{"http://üser@bücher.example:80/", "http://%C3%BCser@xn--bcher-kva.example:80/"},
	{"http://日本語.jp/", "http://xn--wgv71a119e.jp/"},
	{"mailto:jörg@example.com", "mailto:j%C3%B6rg@example.com"},
	{"straße/%C3%9F", "stra%C3%9Fe/%C3%9F"},
	{"http://a/\xff", "http://a/%FF"},
	{"http://a b/", "http://a b/"},
}

func TestToASCII(t *testing.T) {
	for _, tt := range toASCIITests {
		if got := ToASCII(tt.in); got != tt.want {
			t.Errorf("ToASCII(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

var validateTests = []struct {
	in   string
	pos  int    // -1: valid
	rule string // the rule that fails
}{
	{"", -1, ""},
	{"http://a/b?c#d", -1, ""},
	{"http://a/b?", -1, ""},
	{"#", -1, ""},
	{"g;x=1/../y", -1, ""},
	{"mailto:fred@example.com", -1, ""},
	{"http://[::1]:80/", -1, ""},
	{"ftp://u:p@h:21/%7e", -1, ""},
	{"http://a/%zz", 9, "escaped"},
	{"x%4", 1, "escaped"},
	{"http://a/b c", 10, "abs_path"},
	{"a b", 1, "rel_segment"},
	{"this:that/x", -1, ""},
	{"./this:that", -1, ""},
	{"1a:b", 0, "scheme"},
	{"http:", 5, "opaque_part"},
	{"http:?x", -1, ""},
	{"http://a:b/", 9, "port"},
	{"http://a^b/", 8, "host"},
	{"http://[::g]/", 10, "IPv6reference"},
	{"http://[::1/", 11, "IPv6reference"},
	{"http://u[@a/", 8, "userinfo"},
	{"http://a/?a b", 11, "query"},
	{"http://a/#a#b", 11, "fragment"},
	{"http://a/#%", 10, "escaped"},
	{"http://a/ä", 9, "abs_path"},
	{"urn:a b", 5, "opaque_part"},
}

func TestValidate(t *testing.T) {
	for _, tt := range validateTests {
		err := Validate(tt.in)
		if tt.pos < 0 {
			if err != nil {
				t.Errorf("Validate(%q) = %v, want nil", tt.in, err)
			}
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Validate(%q) = %v, want a *SyntaxError at byte %d (%s)", tt.in, err, tt.pos, tt.rule)
			continue
		}
		if se.Pos != tt.pos || se.Rule != tt.rule || se.Input != tt.in {
			t.Errorf("Validate(%q) = byte %d (%s) on %q, want byte %d (%s)", tt.in, se.Pos, se.Rule, se.Input, tt.pos, tt.rule)
		}
	}
}

func TestSyntaxErrorMessage(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"x%4", `resolve: invalid URI reference "x%4": byte 1: '%' not followed by two hex digits (escaped)`},
		{"a b", `resolve: invalid URI reference "a b": byte 1: ' ' not allowed in the first segment of a relative path (rel_segment)`},
		{"http://a:b/", `resolve: invalid URI reference "http://a:b/": byte 9: 'b' not allowed in the port (port)`},
		{"http:", `resolve: invalid URI reference "http:": byte 5: nothing after the scheme's ':' (opaque_part)`},
		{"1a:b", `resolve: invalid URI reference "1a:b": byte 0: '1' cannot start a scheme (scheme)`},
		{"http://a/\x01", `resolve: invalid URI reference "http://a/\x01": byte 9: 0x01 not allowed in the path (abs_path)`},
	} {
		err := Validate(tt.in)
		if err == nil {
			t.Errorf("Validate(%q) = nil, want %q", tt.in, tt.want)
		} else if err.Error() != tt.want {
			t.Errorf("Validate(%q) = %q, want %q", tt.in, err.Error(), tt.want)
		}
	}
}

// TestNormalizeStrayPercent: decoding %37 after a stray '%' made a new
// escape ("%%370" -> "%70" -> "p"); found by FuzzNormalize.
func TestNormalizeStrayPercent(t *testing.T) {
	for _, in := range []string{"%%370", "%4%31", "http://%%41/", "%%34%31"} {
		n := Normalize(in)
		if again := Normalize(n); again != n {
			t.Errorf("Normalize(%q) = %q, Normalize of that = %q", in, n, again)
		}
	}
}
