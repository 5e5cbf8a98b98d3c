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
