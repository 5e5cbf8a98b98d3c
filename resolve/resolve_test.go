package resolve

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const appendixCBase = "http://a/b/c/d;p?q"

// appendixC is Appendix C of the seeds, typed in from
// seeds/003_*.txt (draft-01) as the -02/-03 drafts (seed 002) correct it:
// the query is never merged into the path, so "g?y/./x" keeps its "./"
// (seeds/README.md) and "g?y/../x" its "../" likewise; "http:g" has the
// two answers of the -03 draft. "(current document)" is the base.
var appendixC = []struct {
	ref, want string
	compat    bool // resolve with Options.Compat
}{
	// Normal Examples (C.1)
	{"g:h", "g:h", false},
	{"g", "http://a/b/c/g", false},
	{"./g", "http://a/b/c/g", false},
	{"g/", "http://a/b/c/g/", false},
	{"/g", "http://a/g", false},
	{"//g", "http://g", false},
	{"?y", "http://a/b/c/?y", false},
	{"g?y", "http://a/b/c/g?y", false},
	{"#s", "http://a/b/c/d;p?q#s", false},
	{"g#s", "http://a/b/c/g#s", false},
	{"g?y#s", "http://a/b/c/g?y#s", false},
	{";x", "http://a/b/c/;x", false},
	{"g;x", "http://a/b/c/g;x", false},
	{"g;x?y#s", "http://a/b/c/g;x?y#s", false},
	{".", "http://a/b/c/", false},
	{"./", "http://a/b/c/", false},
	{"..", "http://a/b/", false},
	{"../", "http://a/b/", false},
	{"../g", "http://a/b/g", false},
	{"../..", "http://a/", false},
	{"../../", "http://a/", false},
	{"../../g", "http://a/g", false},

	// Abnormal Examples (C.2)
	{"", "http://a/b/c/d;p?q", false},
	{"../../../g", "http://a/../g", false},
	{"../../../../g", "http://a/../../g", false},
	{"/./g", "http://a/./g", false},
	{"/../g", "http://a/../g", false},
	{"g.", "http://a/b/c/g.", false},
	{".g", "http://a/b/c/.g", false},
	{"g..", "http://a/b/c/g..", false},
	{"..g", "http://a/b/c/..g", false},
	{"./../g", "http://a/b/g", false},
	{"./g/.", "http://a/b/c/g/", false},
	{"g/./h", "http://a/b/c/g/h", false},
	{"g/../h", "http://a/b/c/h", false},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y", false},
	{"g;x=1/../y", "http://a/b/c/y", false},
	{"g?y/./x", "http://a/b/c/g?y/./x", false},
	{"g?y/../x", "http://a/b/c/g?y/../x", false},
	{"g#s/./x", "http://a/b/c/g#s/./x", false},
	{"g#s/../x", "http://a/b/c/g#s/../x", false},
	{"http:g", "http:g", false},           // for validating parsers
	{"http:g", "http://a/b/c/g", true},    // for backwards compatibility
	{"http:", "http:", false},             // draft-01 only
	{"http:", "http://a/b/c/d;p?q", true}, // the compat rule applied to it
}

func TestAppendixC(t *testing.T) {
	for _, tt := range appendixC {
		got, err := Resolve(appendixCBase, tt.ref, Options{Mode: RFC2396, Compat: tt.compat})
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("Resolve(%q, %q, compat=%v) = %q, want %q", appendixCBase, tt.ref, tt.compat, got, tt.want)
		}
	}
}

// vector is one entry of testdata/conformance/resolve-*.json.
type vector struct {
	Base   string `json:"base"`
	Ref    string `json:"ref"`
	Want   string `json:"want"`
	Compat string `json:"compat"`
	Note   string `json:"note"`
	Source string `json:"source"`
}

func loadVectors(t testing.TB, name string) []vector {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", name))
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(vs) == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	return vs
}

func testConformance(t *testing.T, file string, mode Mode) {
	for _, v := range loadVectors(t, file) {
		got, err := Resolve(v.Base, v.Ref, Options{Mode: mode})
		if err != nil {
			t.Errorf("%s: Resolve(%q, %q): %v", v.Source, v.Base, v.Ref, err)
			continue
		}
		if got != v.Want {
			t.Errorf("%s: Resolve(%q, %q) = %q, want %q", v.Source, v.Base, v.Ref, got, v.Want)
		}
		if v.Compat != "" {
			got, _ := Resolve(v.Base, v.Ref, Options{Mode: mode, Compat: true})
			if got != v.Compat {
				t.Errorf("%s: Resolve(%q, %q, compat) = %q, want %q", v.Source, v.Base, v.Ref, got, v.Compat)
			}
		}
	}
}

func TestConformanceRFC2396(t *testing.T) { testConformance(t, "resolve-rfc2396.json", RFC2396) }
func TestConformanceRFC3986(t *testing.T) { testConformance(t, "resolve-rfc3986.json", RFC3986) }

// whatwgDifferences lists the WHATWG URL vectors that a strict RFC 3986
// resolver does not reproduce, by base and ref, with the reason. The
// WHATWG URL Standard parses special schemes (http, https, file, ...)
// with rules of its own; RFC 3986 does not, and this package follows RFC
// 3986.
var whatwgDifferences = map[[2]string]string{
	{"http://example.org/foo/bar", " foo.com  "}:                 whatwgTrim,
	{"http://example.org/foo/bar", "/a/ /c"}:                     whatwgEncode,
	{"http://www.example.com/test", "//www.example2.com"}:        whatwgEmptyPath,
	{"file:///tmp/mock/path", "//"}:                              whatwgEmptyPath,
	{"http://example.org/", "///test"}:                           whatwgSlashes,
	{"http://example.org/", "///example.org/path"}:               whatwgSlashes,
	{"http://example.org/", "///example.org/../path"}:            whatwgSlashes,
	{"http://example.org/", "///example.org/../../"}:             whatwgSlashes,
	{"http://example.org/", "///example.org/../path/../../"}:     whatwgSlashes,
	{"http://example.org/", "///example.org/../path/../../path"}: whatwgSlashes,
	{"file:///tmp/mock/path", "C|/foo/bar"}:                      whatwgDrive,
	{"file:///C:/", ".."}:                                        whatwgDrive,
	{"file:///C:/a/b", "/"}:                                      whatwgDrive,
	{"file://h/C:/a/b", "/"}:                                     whatwgDrive,
	{"file://host/dir/file", "C|"}:                               whatwgDrive,
	{"file://host/D:/dir1/dir2/file", "C|"}:                      whatwgDrive,
	{"file://host/dir/file", "C|#"}:                              whatwgDrive,
	{"file://host/dir/file", "C|?"}:                              whatwgDrive,
	{"file://host/dir/file", "C|/"}:                              whatwgDrive,
	{"file:///c:/baz/qux", "/c|/foo/bar"}:                        whatwgDrive,
	{"file://x/C:/", ".."}:                                       whatwgDrive,
	{"file://host/", "C|/"}:                                      whatwgDrive,
	{"file:///tmp/mock/path", "//C|/foo/bar"}:                    whatwgFileHost,
	{"file:///C:/a/b", "//d:"}:                                   whatwgFileHost,
	{"file:///C:/a/b", "//d:/.."}:                                whatwgFileHost,
	{"file://host/", "//C:/"}:                                    whatwgFileHost,
	{"file://lion/", "//localhost//pig"}:                         whatwgFileHost,
}

// Reasons in whatwgDifferences.
const (
	whatwgTrim      = "WHATWG strips leading and trailing C0 controls and spaces from the input; RFC 3986 resolves the reference as given"
	whatwgEncode    = "WHATWG percent-encodes a space in the path; RFC 3986 resolution copies the reference's characters as they are"
	whatwgEmptyPath = "WHATWG gives a special-scheme URL (http, file, ...) with an empty path the path \"/\"; RFC 3986 keeps it empty"
	whatwgSlashes   = "WHATWG ignores extra slashes before the host of a special scheme (\"///test\" is host \"test\"); RFC 3986 reads an empty authority and the path \"/test\""
	whatwgDrive     = "WHATWG file URLs know Windows drive letters: \"C|\" becomes \"C:\" and a drive is never removed by \"..\" or \"/\"; RFC 3986 has no drive letters"
	whatwgFileHost  = "WHATWG file URLs: a drive letter or \"localhost\" where the host goes means an empty host; RFC 3986 takes it as the authority"
)

func TestConformanceWHATWG(t *testing.T) {
	vs := loadVectors(t, "resolve-whatwg.json")
	pass := 0
	failed := map[[2]string]bool{}
	for _, v := range vs {
		key := [2]string{v.Base, v.Ref}
		got, err := Resolve(v.Base, v.Ref, Options{})
		if err != nil {
			t.Errorf("Resolve(%q, %q): %v", v.Base, v.Ref, err)
			continue
		}
		if got == v.Want {
			pass++
			if why, ok := whatwgDifferences[key]; ok {
				t.Errorf("Resolve(%q, %q) = %q now passes: drop it from whatwgDifferences (%s)", v.Base, v.Ref, got, why)
			}
			continue
		}
		failed[key] = true
		if _, ok := whatwgDifferences[key]; !ok {
			t.Errorf("Resolve(%q, %q) = %q, want %q (not in whatwgDifferences)", v.Base, v.Ref, got, v.Want)
		}
	}
	var stale []string
	for key := range whatwgDifferences {
		if !failed[key] {
			stale = append(stale, key[0]+" "+key[1])
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("whatwgDifferences entries that are no vector or do not fail: %q", stale)
	}
	t.Logf("WHATWG: %d of %d vectors pass in RFC 3986 mode, %d listed differences", pass, len(vs), len(whatwgDifferences))
}

func TestNewResolverErrors(t *testing.T) {
	for _, base := range []string{"", "a/b", "//a/b", "/a", "?q", "#f", "1a:b"} {
		_, err := NewResolver(base, Options{})
		if err == nil {
			t.Errorf("NewResolver(%q) = nil error, want one", base)
			continue
		}
		if !errors.Is(err, ErrNotAbsolute) {
			t.Errorf("NewResolver(%q) = %v, want ErrNotAbsolute", base, err)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "resolve: ") || !strings.Contains(msg, "\""+base+"\"") {
			t.Errorf("NewResolver(%q) error %q: want it prefixed \"resolve: \" and naming the base", base, msg)
		}
	}
	if _, err := NewResolver("http://a/", Options{Mode: 7}); err == nil {
		t.Errorf("NewResolver with Mode 7 = nil error, want one")
	}
}

// TestNewResolverLongBase: a base of MaxBase bytes is taken in every
// mode, one byte more is refused with ErrLongBase, its error naming only
// the base's start.
func TestNewResolverLongBase(t *testing.T) {
	at := "http://h.example/"
	for _, mode := range []Mode{RFC3986, RFC2396, WHATWG} {
		if _, err := NewResolver(at+strings.Repeat("a", MaxBase-len(at)), Options{Mode: mode}); err != nil {
			t.Errorf("mode %v: a base of MaxBase bytes: %v", mode, err)
		}
		_, err := NewResolver(at+strings.Repeat("a", MaxBase-len(at)+1), Options{Mode: mode})
		if !errors.Is(err, ErrLongBase) || len(err.Error()) > 200 {
			t.Errorf("mode %v: a base of MaxBase+1 bytes: %v", mode, err)
		}
	}
}

// More resolution cases where the two modes differ or an edge matters.
var resolveTests = []struct {
	base, ref string
	mode      Mode
	want      string
}{
	{"http://a", "g", RFC3986, "http://a/g"},
	{"http://a", "g", RFC2396, "http://a/g"},
	{"http://a", "?y", RFC3986, "http://a?y"},
	{"http://a/b/c/d;p?q#f", "", RFC3986, "http://a/b/c/d;p?q"},
	{"http://a/b/c/d;p?q#f", "#g", RFC3986, "http://a/b/c/d;p?q#g"},
	{"http://a/b/c/d;p?q#f", "", RFC2396, "http://a/b/c/d;p?q"},
	{"http://a/b/c/d;p?q", "?", RFC3986, "http://a/b/c/d;p?"},
	{"http://a/b/c/d;p?q", "?", RFC2396, "http://a/b/c/?"},
	{"http://a/b/c/d;p?q", "#", RFC3986, "http://a/b/c/d;p?q#"},
	{"http://a/b/./c/d", "g", RFC3986, "http://a/b/c/g"},
	{"http://a/b/./c/d", "g", RFC2396, "http://a/b/c/g"},
	{"http://a/b/./c/d", "/./g", RFC3986, "http://a/g"},
	{"http://a/b/c/d", "//x/./y", RFC3986, "http://x/y"},
	{"http://a/b/c/d", "//x/./y", RFC2396, "http://x/./y"},
	{"http://a/b/c/d", "g:a/../b", RFC3986, "g:/b"},
	{"http://a/b/c/d", "g:a/../b", RFC2396, "g:a/../b"},
	{"http://a/b/c/d", "HTTP:g", RFC3986, "HTTP:g"},
	{"mailto:a@b", "c", RFC3986, "mailto:c"},
	{"http://a/b/c/d", "g//../h", RFC2396, "http://a/b/c/g/h"},
	{"http://a/b/c/d", "g//../h", RFC3986, "http://a/b/c/g/h"},
	{"http://a/b/c/d", "../../../../..", RFC2396, "http://a/../../.."},
	{"http://a/b/c/d", strings.Repeat("x/", 200) + "../y", RFC3986, "http://a/b/c/" + strings.Repeat("x/", 199) + "y"},
}

func TestResolve(t *testing.T) {
	for _, tt := range resolveTests {
		got, err := Resolve(tt.base, tt.ref, Options{Mode: tt.mode})
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("Resolve(%q, %q, %v) = %q, want %q", tt.base, tt.ref, tt.mode, got, tt.want)
		}
	}
}

// TestCompatOnlyHierarchical: the compat rule needs the same scheme as
// the base and a scheme known to be hierarchical.
func TestCompatOnlyHierarchical(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"http://a/b/c/d", "http:g", "http://a/b/c/g"},
		{"HTTP://a/b/c/d", "http:g", "HTTP://a/b/c/g"},
		{"http://a/b/c/d", "https:g", "https:g"},
		{"urn:a:b", "urn:c", "urn:c"},
		{"foo://a/b/c", "foo:g", "foo:g"},
	} {
		for _, mode := range []Mode{RFC3986, RFC2396} {
			got, _ := Resolve(tt.base, tt.ref, Options{Mode: mode, Compat: true})
			if got != tt.want {
				t.Errorf("Resolve(%q, %q, %v compat) = %q, want %q", tt.base, tt.ref, mode, got, tt.want)
			}
		}
	}
}

func TestResolveAllocs(t *testing.T) {
	rv, err := NewResolver(appendixCBase, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range appendixC {
		if n := testing.AllocsPerRun(10, func() { rv.Resolve(tt.ref) }); n > 2 {
			t.Errorf("Resolve(%q): %v allocs, want at most 2", tt.ref, n)
		}
	}
}

func TestCompatRelative(t *testing.T) {
	rv, err := NewResolver("http://a/b/c/d;p?q", Options{Compat: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := NewResolver("http://a/b/c/d;p?q", Options{})
	mail, _ := NewResolver("mailto:a@b.example", Options{Compat: true})
	tests := []struct {
		rv   *Resolver
		ref  string
		want bool
	}{
		{rv, "http:g", true},
		{rv, "HTTP:g?y", true},
		{rv, "http://h/p", false}, // an authority: nothing to make relative
		{rv, "https:g", false},    // another scheme
		{rv, "g", false},          // no scheme: relative anyway
		{plain, "http:g", false},  // no Compat
		{mail, "mailto:x", false}, // mailto is not hierarchical
	}
	for _, tt := range tests {
		if got := tt.rv.CompatRelative(tt.ref); got != tt.want {
			t.Errorf("CompatRelative(%q) against %s = %v, want %v", tt.ref, tt.rv.Base(), got, tt.want)
		}
	}
}

func TestAbsolute(t *testing.T) {
	base, err := NewResolver("http://a/b/c/d;p?q", Options{})
	if err != nil {
		t.Fatal(err)
	}
	compat, err := NewResolver("http://a/b/c/d;p?q", Options{Compat: true})
	if err != nil {
		t.Fatal(err)
	}
	rfc2396, err := NewResolver("http://a/b/c/d;p?q", Options{Mode: RFC2396})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ref  string
		base *Resolver
		want string
		ok   bool
	}{
		{"g", base, "http://a/b/c/g", true},
		{"http://x/./y", base, "http://x/y", true}, // RFC 3986 5.2.2 removes dot segments of an absolute reference too (R2)
		{"http://a.example/b/../c/./d", base, "http://a.example/c/d", true},
		{"http://x/./y", rfc2396, "http://x/./y", true},                    // the seed draft's step 3 takes it as it is
		{"http://x/y?a/../b#c/./d", base, "http://x/y?a/../b#c/./d", true}, // not in query or fragment
		{"HTTP://x/a/b/..", base, "HTTP://x/a/", true},
		{"mailto:a/../b", base, "mailto:/b", true},  // a path is a path (5.2.4 as written)
		{"http://x/./y", nil, "http://x/./y", true}, // no base: as written
		{"http:g", base, "http:g", true},
		{"http:g", compat, "http://a/b/c/g", true}, // the compatibility rule makes it relative
		{"http://h/g", compat, "http://h/g", true}, // not with an authority
		{"mailto:x@y", nil, "mailto:x@y", true},    // absolute needs no base
		{"../g", nil, "../g", false},               // relative with no base: as written, not ok
		{"", base, "http://a/b/c/d;p?q", true},     // the current document
	}
	for _, tt := range tests {
		got, ok := Absolute(tt.ref, tt.base)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Absolute(%q) = %q, %v; want %q, %v", tt.ref, got, ok, tt.want, tt.ok)
		}
	}
}

func TestAbsoluteSelf(t *testing.T) {
	tests := []struct {
		ref  string
		mode Mode
		want string
	}{
		{"http://a/b/../c/./d", RFC3986, "http://a/c/d"},
		{"http://a/b/../c/./d", RFC2396, "http://a/b/../c/./d"},
		{"HTTP://A/b/../c", WHATWG, "http://a/c"},
		{"http://a:b/", WHATWG, "http://a:b/"}, // the parser fails: as written
		{"../g", RFC3986, "../g"},
		{"http://a/b#x/../y", RFC3986, "http://a/b#x/../y"},
	}
	for _, tt := range tests {
		if got := AbsoluteSelf(tt.ref, Options{Mode: tt.mode}); got != tt.want {
			t.Errorf("AbsoluteSelf(%q, %v) = %q, want %q", tt.ref, tt.mode, got, tt.want)
		}
	}
}

func TestScheme(t *testing.T) {
	for in, want := range map[string]string{"http://a/": "http", "Mailto:x": "Mailto", "a+b.c-d:x": "a+b.c-d", "g": "", "1a:b": "", ":x": "", "a/b:c": ""} {
		if got := Scheme(in); got != want {
			t.Errorf("Scheme(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAsWritten: AsWritten says yes only for text's references with a
// scheme and no dot segment, in RFC3986 mode without Compat; each comes
// back from Make as written.
func TestAsWritten(t *testing.T) {
	base, _ := NewResolver("http://a/b/c/d;p?q", Options{})
	for _, tc := range []struct {
		ref  string
		opts Options
		src  Source
		want bool
	}{
		{"http://x/y", Options{}, FromText, true},
		{"mailto:a@b", Options{}, FromText, true},
		{"HTTP://X:80/A?q=%41", Options{}, FromText, true},
		{"http://x/./y", Options{}, FromText, false},
		{"http://x/a/../b", Options{}, FromText, false},
		{"x:.", Options{}, FromText, false},
		{"g", Options{}, FromText, false},
		{"//x/y", Options{}, FromText, false},
		{"http://x/a b", Options{}, FromMarkup, false},
		{"http://x/y", Options{}, FromHTML, false},
		{"http://x/y", Options{Mode: RFC2396}, FromText, false},
		{"http://x/y", Options{Compat: true}, FromText, false},
		{"http://x/y", Options{Mode: WHATWG}, FromText, false},
	} {
		if got := AsWritten(tc.ref, tc.opts, tc.src); got != tc.want {
			t.Errorf("AsWritten(%q, %+v, %d) = %v, want %v", tc.ref, tc.opts, tc.src, got, tc.want)
		}
		if tc.want {
			if uri, ok := Make(tc.ref, base, tc.opts, tc.src); uri != tc.ref || !ok {
				t.Errorf("Make(%q) = %q %v, not as written", tc.ref, uri, ok)
			}
		}
	}
}

// TestAbsoluteFastPath: skipping the resolver for an absolute reference
// with no dot segment gives what the resolver gives.
func TestAbsoluteFastPath(t *testing.T) {
	base, _ := NewResolver("http://a/b/c/d;p?q", Options{})
	for _, ref := range []string{"http://x/y", "http://x/y/./z", "http://x/a/../b", "mailto:a@b", "x:.", "x:..", "x:./a", "http://x/y?q=/./", "HTTP://X:80/A"} {
		got, _ := Absolute(ref, base)
		if want := base.Resolve(ref); got != want {
			t.Errorf("Absolute(%q) = %q, Resolve gives %q", ref, got, want)
		}
		self, err := NewResolver(ref, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := AbsoluteSelf(ref, Options{}), self.Resolve(ref); got != want {
			t.Errorf("AbsoluteSelf(%q) = %q, its own resolver gives %q", ref, got, want)
		}
	}
}
