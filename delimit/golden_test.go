package delimit

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/seed003.golden")

// TestSeedGolden checks every URI of the seed draft (003) against
// testdata/seed003.golden, one "LINE:COL KIND URI" per line, in order.
//
// Checked by hand against the document (grep for "://", "<", "URL:",
// "mailto:", "news:", "urn:", "file:", "telnet:" and for any "word:word"):
//   - 157-172: the six examples of section 1.3 (ftp, gopher with %20, http,
//     mailto, news, telnet), bare and indented: all present.
//   - 560 "<scheme>://<site><path>?<query>": no hit (E12).
//   - 605, 745, 747, 1502-1504 "user:password", "this:that": no registered
//     scheme, no hit (E1).
//   - 979-980: <http://www.XEROX.com> and <http://www.xerox.com>, angle.
//   - 1205: http://www.ics.uci.edu/pub/ietf/uri/#Related (fragment, E10).
//   - 1237-1321: Appendix C, the base and every resolved result; "g:h" (g is
//     not registered), "http:g" and "http:" (E2) are rightly absent; the
//     quoted "http://a/g" at 1288 is a quote hit.
//   - 1351 <BASE href="http://www.ics.uci.edu/Test/a/b/c">: a quote hit;
//     1359 <http://www.ics.uci.edu/Test/a/x>: angle.
//   - 1377-1380: Appendix E's "http://test.com/", <http://test.com/> and the
//     bare one.
//   - 1402 "URL:" alone: no hit (E9: the prefix is not a scheme).
//   - 1412-1414: Appendix E's example, the three URIs with the angle ones
//     joined across lines; 1419-1421 the same three bare.
//   - 1439 "http://" alone: no hit (E12).
//   - 1519 <foo:/bar> and <foo:bar>: no hit; foo is not registered and has
//     no "//" (E5).
func TestSeedGolden(t *testing.T) {
	data, err := os.ReadFile("../testdata/seeds/003_cb9cf0c9e1cfe580.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, h := range Find(data, Options{}) {
		fmt.Fprintf(&b, "%d:%d %s %s\n", h.Line, h.Col, h.Kind, h.URI)
	}
	got := b.String()
	const golden = "testdata/seed003.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("seed 003 hits differ from %s (run go test -update):\n got:\n%s\nwant:\n%s", golden, got, want)
	}
}

type extractVector struct {
	Text      string   `json:"text"`
	Want      []string `json:"want"`
	HasScheme bool     `json:"has_scheme"`
	Note      string   `json:"note"`
}

func loadVectors(t *testing.T, name string) []extractVector {
	t.Helper()
	data, err := os.ReadFile("../testdata/conformance/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var v []extractVector
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// TestConformanceAppendixE: RFC 2396 Appendix E and RFC 3986 Appendix C
// must pass completely.
func TestConformanceAppendixE(t *testing.T) {
	for _, v := range loadVectors(t, "extract-rfc2396-appendix-e.json") {
		got := uris(Find([]byte(v.Text), Options{}))
		if !equalStrings(got, v.Want) {
			t.Errorf("Find(%q) = %q, want %q", v.Text, got, v.Want)
		}
	}
}

// Deliberate differences from the relaxed linkifiers: the text of the
// vector and why SPEC §2 gives another answer. The tests check that these
// are exactly the failing vectors.
var linkifyDifferences = map[string]string{
	"http://foo.com/blah_blah_{I'm_king}":       "E3: '{' and '}' end a bare hit",
	"http://foo.com/blah_blah_\"doublequoted\"": "E3: '\"' ends a bare hit",
	"http://foo.com/blah_blah_'singlequoted'":   "E4: a trailing '\\'' is stripped",
	"http://✪df.ws/123":                         "E3: '✪' is a symbol, not a letter, digit or mark: the authority is empty (E2)",
	"http://foo.com/blah_blah_[other]":          "E4: AsciiDoc URL[text]; a '[' in a path starts link text (RFC 3986 allows '[' only around an IP-literal host)",
}

var twitterDifferences = map[string]string{
	"text http://✪df.ws/ejp":                                                 "E3: '✪' is a symbol, not a letter, digit or mark: the authority is empty (E2)",
	"test http://example.comだよね.comtest/hogehoge":                            "E3: non-ASCII letters continue a hit (IRIs); twitter-text cuts at the TLD",
	"test http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0": "E3: '|' ends a bare hit",
	"I really like http://t.co/pbY2NfTZ's website":                           "E3/E4: '\\'' is a URI character, only stripped at the end; twitter-text cuts t.co paths at it",
	"Check this site out http://t.co/FNkPfmii- it's great":                   "E4: '-' is not trailing punctuation",
	"http://t.co/pbY2NfTZ's http://t.co/2vYHpAc5; http://t.co/ulYGBYSo: http://t.co/8MkmHU0k+c http://t.co/TKLp64dY.x http://t.co/8t7G3ddS#a http://t.co/FNkPfmii-": "E3/E4: twitter-text cuts t.co paths at the first non-alphanumeric; here only trailing punctuation is stripped",
	"http://exampleこれは日本語です.com/path/index.html http://" + strings.Repeat("あ", 257) + ".com/path/index.html":                                                        "E3: delimiting does not validate host names; twitter-text drops a host label over 63 characters",
}

func TestConformanceLinkifyIt(t *testing.T) {
	// Upstream asserts only the first match of each text: compare a prefix.
	conformance(t, "extract-linkify-it.json", linkifyDifferences, true)
}

func TestConformanceTwitterText(t *testing.T) {
	conformance(t, "extract-twitter-text.json", twitterDifferences, false)
}

func conformance(t *testing.T, file string, diffs map[string]string, prefix bool) {
	pass, total := 0, 0
	failed := map[string]bool{}
	for _, v := range loadVectors(t, file) {
		if !v.HasScheme {
			continue
		}
		total++
		got := uris(Find([]byte(v.Text), Options{}))
		cmp := got
		if prefix && len(cmp) > len(v.Want) {
			cmp = cmp[:len(v.Want)]
		}
		if equalStrings(cmp, v.Want) {
			pass++
			if reason, ok := diffs[v.Text]; ok {
				t.Errorf("%s: %q passes but is listed as a difference (%s)", file, v.Text, reason)
			}
			continue
		}
		failed[v.Text] = true
		if _, ok := diffs[v.Text]; !ok {
			t.Errorf("%s: Find(%q) = %q, want %q", file, v.Text, got, v.Want)
		}
	}
	for text := range diffs {
		if !failed[text] && !anyVector(t, file, text) {
			t.Errorf("%s: listed difference %q is not a has_scheme vector", file, text)
		}
	}
	t.Logf("%s: %d of %d has_scheme vectors pass, %d deliberate differences", file, pass, total, len(diffs))
}

func anyVector(t *testing.T, file, text string) bool {
	for _, v := range loadVectors(t, file) {
		if v.HasScheme && v.Text == text {
			return true
		}
	}
	return false
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
