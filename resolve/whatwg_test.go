package resolve

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// loadWPT reads a WPT data file of testdata/conformance: a JSON array of
// comment strings and test objects. It returns the objects, raw.
func loadWPT(t testing.TB, name string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", name))
	if err != nil {
		t.Fatal(err)
	}
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var tests []json.RawMessage
	for _, m := range all {
		if len(m) > 0 && m[0] == '{' {
			tests = append(tests, m)
		}
	}
	if len(tests) == 0 {
		t.Fatalf("%s: no tests", name)
	}
	return tests
}

// wptURLTest is one test of urltestdata.json (WPT url/README.md).
type wptURLTest struct {
	Input      string  `json:"input"`
	Base       *string `json:"base"`
	Failure    bool    `json:"failure"`
	RelativeTo string  `json:"relativeTo"`
	Href       string  `json:"href"`
	Origin     *string `json:"origin"`
	Protocol   string  `json:"protocol"`
	Username   string  `json:"username"`
	Password   string  `json:"password"`
	Host       string  `json:"host"`
	Hostname   string  `json:"hostname"`
	Port       string  `json:"port"`
	Pathname   string  `json:"pathname"`
	Search     string  `json:"search"`
	Hash       string  `json:"hash"`
}

func (tt *wptURLTest) key() [2]string {
	if tt.Base == nil {
		return [2]string{tt.Input, "null"}
	}
	return [2]string{tt.Input, *tt.Base}
}

// wptDifferences lists the urltestdata.json tests this package does not
// pass, by input and base ("null" for none), with the reason. It must be
// exact: TestWPTURLTestData fails for a listed test that passes and for an
// unlisted one that fails.
var wptDifferences = map[[2]string]string{}

// Bases for relativeTo (WPT url/README.md): an input that fails with no
// base must parse against some base without an opaque path (one of
// wptNonOpaqueBases: "http:@/x" needs an http base) and, for "any-base",
// against one with an opaque path too; for "non-opaque-path-base" it must
// fail against that one, as WPT's a-element test (which resolves against
// "about:blank" when the base is null) expects.
var wptNonOpaqueBases = []string{"http://example.com/dir/file", "https://example.com/dir/file", "file:///dir/file"}

const wptOpaqueBase = "about:blank"

// check returns what differs between u (or err) and what the test wants.
func (tt *wptURLTest) check(u *URL, err error) string {
	if tt.Failure {
		if err == nil {
			return fmt.Sprintf("parsed as %q, want failure", u.Href())
		}
		if !errors.Is(err, ErrInvalidURL) || !strings.HasPrefix(err.Error(), "resolve: ") {
			return fmt.Sprintf("error %q does not wrap ErrInvalidURL or lacks the \"resolve: \" prefix", err)
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("error %v, want %q", err, tt.Href)
	}
	var diffs []string
	cmp := func(name, got, want string) {
		if got != want {
			diffs = append(diffs, fmt.Sprintf("%s %q, want %q", name, got, want))
		}
	}
	cmp("href", u.Href(), tt.Href)
	cmp("String", u.String(), tt.Href)
	cmp("protocol", u.Protocol(), tt.Protocol)
	cmp("username", u.Username(), tt.Username)
	cmp("password", u.Password(), tt.Password)
	cmp("host", u.Host(), tt.Host)
	cmp("hostname", u.Hostname(), tt.Hostname)
	cmp("port", u.Port(), tt.Port)
	cmp("pathname", u.Pathname(), tt.Pathname)
	cmp("search", u.Search(), tt.Search)
	cmp("hash", u.Hash(), tt.Hash)
	if tt.Origin != nil {
		cmp("origin", u.Origin(), *tt.Origin)
	}
	return strings.Join(diffs, "; ")
}

// TestWPTURLTestData runs every test of WPT urltestdata.json: through
// ParseURL when the base is null, through (*URL).Parse, Resolver.ResolveURL,
// Resolver.Resolve and Resolve when it is not.
func TestWPTURLTestData(t *testing.T) {
	tests := loadWPT(t, "url-wpt-urltestdata.json")
	pass, failures := 0, 0
	failed := map[[2]string]bool{}
	for _, raw := range tests {
		var tt wptURLTest
		if err := json.Unmarshal(raw, &tt); err != nil {
			t.Fatal(err)
		}
		if tt.Failure {
			failures++
		}
		var problems []string
		if tt.Base == nil {
			u, err := ParseURL(tt.Input)
			if d := tt.check(u, err); d != "" {
				problems = append(problems, "ParseURL: "+d)
			}
		} else {
			base, err := ParseURL(*tt.Base)
			if err != nil {
				t.Fatalf("base %q does not parse: %v", *tt.Base, err)
			}
			u, err := base.Parse(tt.Input)
			if d := tt.check(u, err); d != "" {
				problems = append(problems, "(*URL).Parse: "+d)
			}
			rv, err := NewResolver(*tt.Base, Options{Mode: WHATWG})
			if err != nil {
				t.Fatalf("NewResolver(%q): %v", *tt.Base, err)
			}
			u, err = rv.ResolveURL(tt.Input)
			if d := tt.check(u, err); d != "" {
				problems = append(problems, "ResolveURL: "+d)
			}
			want := tt.Href
			if tt.Failure {
				want = tt.Input // Resolve returns what it cannot parse unchanged
			}
			if got := rv.Resolve(tt.Input); got != want {
				problems = append(problems, fmt.Sprintf("Resolver.Resolve = %q, want %q", got, want))
			}
			got, err := Resolve(*tt.Base, tt.Input, Options{Mode: WHATWG})
			if tt.Failure != (err != nil) || !tt.Failure && got != tt.Href {
				problems = append(problems, fmt.Sprintf("Resolve = %q, %v", got, err))
			}
		}
		if tt.RelativeTo != "" {
			parses := false
			for _, b := range wptNonOpaqueBases {
				if _, err := Resolve(b, tt.Input, Options{Mode: WHATWG}); err == nil {
					parses = true
				}
			}
			if !parses {
				problems = append(problems, fmt.Sprintf("relativeTo %s: fails against every base of %q", tt.RelativeTo, wptNonOpaqueBases))
			}
			_, err := Resolve(wptOpaqueBase, tt.Input, Options{Mode: WHATWG})
			if (err == nil) != (tt.RelativeTo == "any-base") {
				problems = append(problems, fmt.Sprintf("relativeTo %s: against %q: error %v", tt.RelativeTo, wptOpaqueBase, err))
			}
		}
		key := tt.key()
		why, listed := wptDifferences[key]
		if len(problems) == 0 {
			pass++
			if listed {
				t.Errorf("input %q base %q now passes: drop it from wptDifferences (%s)", key[0], key[1], why)
			}
			continue
		}
		failed[key] = true
		if !listed {
			t.Errorf("input %+q base %+q: %s", key[0], key[1], strings.Join(problems, "\n\t"))
		}
	}
	var stale []string
	for key := range wptDifferences {
		if !failed[key] {
			stale = append(stale, key[0]+" "+key[1])
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("wptDifferences entries that are no test or do not fail: %q", stale)
	}
	t.Logf("urltestdata.json: %d of %d tests pass (%d expect failure), %d listed differences", pass, len(tests), failures, len(wptDifferences))
}

// TestWPTToASCII runs WPT toascii.json as WPT does: the input as the host
// of "https://{input}/x", whose host must be the output, or which must
// fail when the output is null; and as the host of a URL the resolver
// parses.
func TestWPTToASCII(t *testing.T) {
	tests := loadWPT(t, "url-wpt-toascii.json")
	pass := 0
	for _, raw := range tests {
		var tt struct {
			Input  string  `json:"input"`
			Output *string `json:"output"`
		}
		if err := json.Unmarshal(raw, &tt); err != nil {
			t.Fatal(err)
		}
		ok := true
		u, err := ParseURL("https://" + tt.Input + "/x")
		switch {
		case tt.Output == nil && err == nil:
			t.Errorf("%+q: host %q, want failure", tt.Input, u.Host())
			ok = false
		case tt.Output != nil && err != nil:
			t.Errorf("%+q: %v, want host %q", tt.Input, err, *tt.Output)
			ok = false
		case tt.Output != nil && (u.Host() != *tt.Output || u.Hostname() != *tt.Output || u.Pathname() != "/x"):
			t.Errorf("%+q: host %q hostname %q pathname %q, want %q", tt.Input, u.Host(), u.Hostname(), u.Pathname(), *tt.Output)
			ok = false
		}
		// The same host in a reference resolved against a base.
		got, err := Resolve("http://base.example/", "//"+tt.Input+"/x", Options{Mode: WHATWG})
		if tt.Output == nil && err == nil || tt.Output != nil && got != "http://"+*tt.Output+"/x" {
			t.Errorf("%+q: Resolve = %q, %v", tt.Input, got, err)
			ok = false
		}
		if ok {
			pass++
		}
	}
	t.Logf("toascii.json: %d of %d tests pass", pass, len(tests))
}

// TestWPTPercentEncoding runs WPT percent-encoding.json as WPT's
// percent-encoding.window.js does: a link to
// "https://doesnotmatter.invalid/?{input}#{input}" in a page in each
// encoding has the query percent-encoded in that encoding and the
// fragment in UTF-8. Encodings are looked up by label with htmlindex.
func TestWPTPercentEncoding(t *testing.T) {
	tests := loadWPT(t, "url-wpt-percent-encoding.json")
	pass, total := 0, 0
	for _, raw := range tests {
		var tt struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(raw, &tt); err != nil {
			t.Fatal(err)
		}
		labels := make([]string, 0, len(tt.Output))
		for l := range tt.Output {
			labels = append(labels, l)
		}
		sort.Strings(labels)
		for _, label := range labels {
			total++
			enc, err := htmlindex.Get(label)
			if err != nil {
				t.Errorf("encoding %q: %v", label, err)
				continue
			}
			rv, err := NewResolver("https://base.invalid/", Options{Mode: WHATWG, QueryEncoding: enc})
			if err != nil {
				t.Fatal(err)
			}
			u, err := rv.ResolveURL("https://doesnotmatter.invalid/?" + tt.Input + "#" + tt.Input)
			if err != nil {
				t.Errorf("%+q in %s: %v", tt.Input, label, err)
				continue
			}
			if u.Search() != "?"+tt.Output[label] || u.Hash() != "#"+tt.Output["utf-8"] {
				t.Errorf("%+q in %s: search %q hash %q, want %q and %q", tt.Input, label, u.Search(), u.Hash(), "?"+tt.Output[label], "#"+tt.Output["utf-8"])
				continue
			}
			pass++
		}
	}
	t.Logf("percent-encoding.json: %d of %d (input, encoding) pairs pass", pass, total)
}

// TestConformanceWHATWGMode: every resolve-whatwg.json vector in WHATWG
// mode, with no differences (RFC 3986 mode has its whatwgDifferences).
func TestConformanceWHATWGMode(t *testing.T) {
	testConformance(t, "resolve-whatwg.json", WHATWG)
}

func TestParseMode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Mode
	}{
		{"3986", RFC3986}, {"2396", RFC2396}, {"whatwg", WHATWG}, {"WHATWG", WHATWG}, {"WhatWG", WHATWG},
	} {
		got, err := ParseMode(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseMode(%q) = %v, %v, want %v", tt.in, got, err, tt.want)
		}
		var m Mode
		if err := m.UnmarshalText([]byte(tt.in)); err != nil || m != tt.want {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", tt.in, m, err, tt.want)
		}
		text, err := tt.want.MarshalText()
		if err != nil || string(text) != strings.ToLower(tt.in) {
			t.Errorf("%v.MarshalText() = %q, %v, want %q", tt.want, text, err, strings.ToLower(tt.in))
		}
	}
	for _, in := range []string{"", "rfc3986", "3986 ", "url", "whatwg2"} {
		if _, err := ParseMode(in); err == nil || !strings.HasPrefix(err.Error(), "resolve: ") || !strings.Contains(err.Error(), "whatwg") {
			t.Errorf("ParseMode(%q) error = %v, want one starting \"resolve: \" that lists the modes", in, err)
		}
		m := WHATWG
		if err := m.UnmarshalText([]byte(in)); err == nil || m != WHATWG {
			t.Errorf("UnmarshalText(%q) = %v, mode %v: want an error and the mode unchanged", in, err, m)
		}
	}
	if _, err := Mode(7).MarshalText(); err == nil || !strings.HasPrefix(err.Error(), "resolve: ") {
		t.Errorf("Mode(7).MarshalText() error = %v, want one starting \"resolve: \"", err)
	}
	if s := WHATWG.String(); s != "whatwg" {
		t.Errorf("WHATWG.String() = %q", s)
	}
}

func TestNewResolverWHATWG(t *testing.T) {
	for _, tt := range []struct {
		base string
		is   error
	}{
		{"", ErrNotAbsolute}, {"a/b", ErrNotAbsolute}, {"//a/b", ErrNotAbsolute}, {"1a:b", ErrNotAbsolute},
		{"http://", ErrInvalidURL}, {"http://a:b/", ErrInvalidURL}, {"http://[::1/", ErrInvalidURL},
		{"https://ex ample.org/", ErrInvalidURL},
	} {
		_, err := NewResolver(tt.base, Options{Mode: WHATWG})
		if !errors.Is(err, tt.is) {
			t.Errorf("NewResolver(%q, WHATWG) error = %v, want %v", tt.base, err, tt.is)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "resolve: base ") || !strings.Contains(msg, fmt.Sprintf("%q", tt.base)) {
			t.Errorf("NewResolver(%q, WHATWG) error %q: want it prefixed \"resolve: base\" and naming the base", tt.base, msg)
		}
	}
	rv, err := NewResolver(" HTTP://EXAMPLE.com:80/a/./b?q#frag ", Options{Mode: WHATWG})
	if err != nil {
		t.Fatal(err)
	}
	if got := rv.Base(); got != "http://example.com/a/b?q" {
		t.Errorf("Base() = %q, want the serialized base without its fragment", got)
	}
	for ref, want := range map[string]string{
		"":        "http://example.com/a/b?q",
		"#x":      "http://example.com/a/b?q#x",
		"../c":    "http://example.com/c",
		"http:g":  "http://example.com/a/g", // special scheme, same as the base: relative
		"\\\\h\\": "http://h/",
		"http://": "http://", // fails: returned as it is
		"//a:b/":  "//a:b/",
	} {
		if got := rv.Resolve(ref); got != want {
			t.Errorf("Resolve(%q) = %q, want %q", ref, got, want)
		}
	}
	if _, err := rv.ResolveURL("http://a:b/"); !errors.Is(err, ErrInvalidURL) || !strings.Contains(err.Error(), "port-invalid") {
		t.Errorf("ResolveURL(\"http://a:b/\") error = %v, want ErrInvalidURL naming port-invalid", err)
	}
	rfc, _ := NewResolver("http://a/", Options{})
	if _, err := rfc.ResolveURL("g"); !errors.Is(err, ErrNotWHATWG) {
		t.Errorf("ResolveURL in RFC 3986 mode: error %v, want ErrNotWHATWG", err)
	}
	if _, err := Resolve("http://a/", "http://a:b/", Options{Mode: WHATWG}); !errors.Is(err, ErrInvalidURL) {
		t.Errorf("Resolve with a failing ref: error %v, want ErrInvalidURL", err)
	}
}

// TestURLComponents checks the getters on URLs whose components WPT
// leaves untested together: credentials, null versus empty query and
// fragment, and a host with a port in Origin.
func TestURLComponents(t *testing.T) {
	u, err := ParseURL("HTTPS://u%3A:p@Example.COM:8443/p?#")
	if err != nil {
		t.Fatal(err)
	}
	got := []string{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin()}
	want := []string{"https://u%3A:p@example.com:8443/p?#", "https:", "u%3A", "p", "example.com:8443", "example.com", "8443", "/p", "", "", "https://example.com:8443"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("components\n got %q\nwant %q", got, want)
	}
	if n := testing.AllocsPerRun(10, func() {
		_, _, _, _, _, _ = u.Href(), u.Protocol(), u.Host(), u.Pathname(), u.Search(), u.Hash()
	}); n != 0 {
		t.Errorf("getters allocate %v times, want 0", n)
	}
	ref, err := u.Parse("?y")
	if err != nil || ref.Href() != "https://u%3A:p@example.com:8443/p?y" {
		t.Errorf("Parse(\"?y\") = %v, %v", ref, err)
	}
}

func TestCompatRelativeWHATWG(t *testing.T) {
	for _, tt := range []struct {
		base, ref string
		want      bool
	}{
		{"http://a/b", "http:g", true},
		{"http://a/b", "HTTP:/g", true},
		{"http://a/b", " http:g", true},
		{"http://a/b", "h\ttt\np:g", true},
		{"http://a/b", "http://h/g", false},
		{"http://a/b", "http:\\\\h/g", false},
		{"http://a/b", "http:/\\h/g", false},
		{"http://a/b", "https:g", false},
		{"http://a/b", "g", false},
		{"file:///a/b", "file:g", true},
		{"file:///a/b", "file://h/g", false},
		{"sc://a/b", "sc:g", false}, // not special: "sc:g" is absolute
	} {
		rv, err := NewResolver(tt.base, Options{Mode: WHATWG})
		if err != nil {
			t.Fatal(err)
		}
		if got := rv.CompatRelative(tt.ref); got != tt.want {
			t.Errorf("CompatRelative(%q) against %q = %v, want %v", tt.ref, tt.base, got, tt.want)
		}
		// What it reports must be what resolution does: a relative ref
		// takes the base's host.
		if tt.want {
			u, err := rv.ResolveURL(tt.ref)
			if err != nil || u.Host() != rv.url.Host() {
				t.Errorf("ResolveURL(%q) = %v, %v: want the base's host", tt.ref, u, err)
			}
		}
	}
}

// TestQueryEncoding covers the encoder differences that percent-encoding.json
// does not reach, and where the page's encoding does not apply.
func TestQueryEncoding(t *testing.T) {
	for _, tt := range []struct {
		label, ref, want string
	}{
		// Not special, or ws/wss: the query is always UTF-8.
		{"windows-1252", "sc://h/?\u2020", "sc://h/?%E2%80%A0"},
		{"windows-1252", "wss://h/?\u2020", "wss://h/?%E2%80%A0"},
		{"windows-1252", "http://h/?\u2020#\u2020", "http://h/?%86#%E2%80%A0"},
		{"windows-1252", "http://h/?'\"", "http://h/?%27%22"},
		// UTF-16 and replacement give UTF-8.
		{"utf-16le", "http://h/?\u00e9", "http://h/?%C3%A9"},
		{"replacement", "http://h/?\u00e9", "http://h/?%C3%A9"},
		// A code point the encoding lacks: "&#N;", percent-encoded.
		{"iso-8859-1", "http://h/?\U0001F600", "http://h/?%26%23128512%3B"},
		// Shift_JIS: ¥ ‾ U+0080 and the user-defined area.
		{"shift_jis", "http://h/?\u00a5\u203e\u0080\ue000\ue757", "http://h/?\\~%80%F0@%F9%FC"}, // 0x5C ("\") is not in the set
		{"euc-jp", "http://h/?\u00a5\u203e\u2212", "http://h/?\\~%A1%DD"},
		{"gb18030", "http://h/?\ue5e5\u20ac", "http://h/?%26%2358853%3B%A2%E3"},
		{"gbk", "http://h/?\u20ac", "http://h/?%80"},
		// ISO-2022-JP: JIS X 0208 between ESC $ B and ESC ( B, half-width
		// katakana as full-width, and back to ASCII before an error.
		{"iso-2022-jp", "http://h/?a\u3042b", "http://h/?a%1B$B$%22%1B(Bb"}, // あ is 0x24 0x22
		{"iso-2022-jp", "http://h/?\uff71", "http://h/?%1B$B%%22%1B(B"},     // ア: 0x25 0x22, "%" as it is
		{"iso-2022-jp", "http://h/?\u3042\U0001F600", "http://h/?%1B$B$%22%1B(B%26%23128512%3B"},
		{"iso-2022-jp", "http://h/?\u00a5a\u3042", "http://h/?%1B(J\\a%1B$B$%22%1B(B"},
	} {
		enc, err := htmlindex.Get(tt.label)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Resolve("http://base/", tt.ref, Options{Mode: WHATWG, QueryEncoding: enc})
		if err != nil || got != tt.want {
			t.Errorf("%s: Resolve(%+q) = %q, %v, want %q", tt.label, tt.ref, got, err, tt.want)
		}
	}
	if len(isoKatakana) != 0xFF9F-0xFF61+1 {
		t.Errorf("isoKatakana has %d entries, want %d", len(isoKatakana), 0xFF9F-0xFF61+1)
	}
}

// TestUTS46Update: the code points whose UTS #46 status changed after
// Unicode 15.0 are mapped as Unicode 17.0 maps them, whatever the tables
// of golang.org/x/net/idna are.
func TestUTS46Update(t *testing.T) {
	for in, want := range map[string]string{
		"\u1e9e.example":             "xn--zca.example",
		"look\u180eout.example":      "lookout.example",
		"a\u206f\U0001D173b.example": "ab.example",
		"\u10a0.example":             "xn--rkj.example",
		"\u2132.example":             "xn--73g.example",
	} {
		u, err := ParseURL("http://" + in + "/")
		if err != nil || u.Hostname() != want {
			t.Errorf("host %+q = %v, %v, want %q", in, u, err, want)
		}
	}
	if len(uts46Changes) != 71 {
		t.Errorf("uts46Changes has %d code points, want the 71 mapped or ignored ones of the 72 changes (U+1806 cannot be)", len(uts46Changes))
	}
}

// TestWHATWGInvalidUTF8: a Go string that is not UTF-8 is read as a scalar
// value string, each stray byte a U+FFFD.
func TestWHATWGInvalidUTF8(t *testing.T) {
	got, err := Resolve("http://h/", "a\xff\xfe?\xff#\xff", Options{Mode: WHATWG})
	want := "http://h/a%EF%BF%BD%EF%BF%BD?%EF%BF%BD#%EF%BF%BD"
	if err != nil || got != want {
		t.Errorf("Resolve = %q, %v, want %q", got, err, want)
	}
	if _, err := ParseURL("http://a\xff/"); !errors.Is(err, ErrInvalidURL) {
		t.Errorf("a stray byte in a domain: error %v, want failure", err)
	}
}

// TestResolveHref: ResolveHref gives what ResolveURL does, ref and false
// where ResolveURL fails, and allocates nothing for a URL already written
// as the serializer writes it.
func TestResolveHref(t *testing.T) {
	rv, err := NewResolver("http://h.example/d/p?q", Options{Mode: WHATWG})
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"x", "../y?z#f", "http://a.example/", "HTTP://A.example", "https://a.example/b/../c", "http://a:b/", "//", "\\\\h\\p", "mailto:a@b", "http://[::1/", "#f", "", "http://h.example/d/p?q"} {
		got, ok := rv.ResolveHref(ref)
		u, err := rv.ResolveURL(ref)
		switch {
		case err != nil && (got != ref || ok):
			t.Errorf("ResolveHref(%q) = %q, %v; want %q, false (%v)", ref, got, ok, ref, err)
		case err == nil && (got != u.Href() || !ok):
			t.Errorf("ResolveHref(%q) = %q, %v; want %q, true", ref, got, ok, u.Href())
		}
	}
	if n := testing.AllocsPerRun(100, func() { rv.ResolveHref("https://a.example/b/c?d#e") }); n != 0 {
		t.Errorf("ResolveHref of a canonical URL: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { rv.ResolveHref("c") }); n != 1 {
		t.Errorf("ResolveHref of a relative reference: %v allocations, want 1", n)
	}
	rv3986, _ := NewResolver("http://h.example/d/p", Options{})
	if got, ok := rv3986.ResolveHref("../x"); got != "http://h.example/x" || !ok {
		t.Errorf("RFC 3986 mode: ResolveHref(../x) = %q, %v", got, ok)
	}
}
