package delimit

import (
	"reflect"
	"strings"
	"testing"
)

// wholeCases are texts next to the edges of wholeURI: the first group it
// takes, the second it leaves to the long way (most of which the rules
// then trim, split or drop).
var wholeCases = []struct {
	in   string
	take bool
}{
	{"https://example.com/user0", true},
	{"https://avatars.example.com/u/0?v=4", true},
	{"http://a", true},
	{"http://localhost/", true},
	{"https://x-y.example/a_b~c/d-e.f?g=h&i=j+k#frag", true},
	{"https://example.com/A/B", true},
	{"https://xn--bcher-kva.example/", true},

	{"https://example.com/a.", false},    // E4 trims the dot
	{"https://example.com/a?", false},    // and the question mark
	{"https://example.com/a_", false},    // emphasis (E4)
	{"https://example.com/a)", false},    // a bracket
	{"https://example.com/%zz", false},   // a bad escape is no hit
	{"https://example.com/a%20b", false}, // escapes: the long way
	{"https://EXAMPLE.com/", true},       // a host as written: the resolver's
	{"https://ex_ample.com/", true},      // so too with '_'
	{"https://example..com/", true},      // an empty label
	{"https://.example.com/", false},     // no letter or digit first
	{"https://-a.example/", false},       // no letter or digit first
	{"https://a-.example/", true},        // a label ending in a hyphen
	{"https://example.com:8080/", false}, // a second colon
	{"https://user@example.com/", false}, // '@'
	{"https:///a", false},                // no host
	{"https://", false},                  // nothing after the scheme
	{"https://a/b#c#d", false},           // a second '#' (E10 escapes it)
	{"https://a/b#c" + strings.Repeat("#", 256) + "d", false},
	{"https:///a", false},
	{"https://?a", false},
	{"https://a/b c", false},              // white space
	{"https://a/b\nc", false},             // a line break
	{"hxxps://example.com/", false},       // defanged
	{"https://example[.]com/", false},     // defanged
	{"HTTPS://example.com/", false},       // a scheme in capitals
	{"ftp://example.com/", false},         // another scheme
	{"https://example.com/\u00e9", false}, // not ASCII
	{" https://example.com/", false},      // something before it
	{"https://example.com/a/b-", false},   // ends in a hyphen
	{"https://example.com/www.example.org/", true},
}

// longWay returns the hits of the Scanner over text that does not take
// the short cut (NewBytesScanner), with opts.
func longWay(text []byte, opts Options) []Hit {
	var hs []Hit
	for s := NewBytesScanner(text, opts, nil); s.Scan(); {
		hs = append(hs, s.Hit())
	}
	return hs
}

// shortWay returns the hits of a reset Scanner over text (ResetBytes),
// which takes the short cut when wholeURI says so.
func shortWay(sc *Scanner, text []byte, opts Options) []Hit {
	var hs []Hit
	for sc.ResetBytes(text, opts); sc.Scan(); {
		hs = append(hs, sc.Hit())
	}
	return hs
}

// wholeOptions are the options the two ways are compared under.
var wholeOptions = []Options{
	{},
	{NoLines: true, Borrow: true},
	{Abbrev: true, Emails: true},
	{Hyphen: HyphenBoth, Abbrev: true},
	{Refang: true},
}

func TestWholeURI(t *testing.T) {
	var sc Scanner
	for _, tc := range wholeCases {
		if got := wholeURI([]byte(tc.in)); got != tc.take {
			t.Errorf("wholeURI(%q) = %v, want %v", tc.in, got, tc.take)
		}
		for _, o := range wholeOptions {
			long, short := longWay([]byte(tc.in), o), shortWay(&sc, []byte(tc.in), o)
			if !reflect.DeepEqual(long, short) {
				t.Errorf("%q %+v: reset Scanner %+v, the long way %+v", tc.in, o, short, long)
			}
			if tc.take && (len(short) != 1 || short[0].URI != tc.in) {
				t.Errorf("%q %+v: hits %+v, want the text as one hit", tc.in, o, short)
			}
			if h, ok := Whole([]byte(tc.in), o); ok != (tc.take && !o.Refang) || ok && !reflect.DeepEqual(long, []Hit{h}) {
				t.Errorf("%q %+v: Whole %+v %v, the long way %+v", tc.in, o, h, ok, long)
			}
		}
	}
}

// FuzzWholeURI holds the short cut to the long way: for any text, a
// reset Scanner (which takes the short cut when wholeURI says so) gives
// exactly the hits of NewBytesScanner (which never does), under every
// option set of wholeOptions; a text wholeURI takes is one hit, the text
// itself; and Whole says yes for it (but with Refang) and returns that
// hit.
func FuzzWholeURI(f *testing.F) {
	for _, tc := range wholeCases {
		f.Add([]byte(tc.in))
	}
	var sc Scanner
	f.Fuzz(func(t *testing.T, in []byte) {
		take := wholeURI(in)
		for _, o := range wholeOptions {
			long, short := longWay(in, o), shortWay(&sc, in, o)
			if !reflect.DeepEqual(long, short) {
				t.Fatalf("%q %+v: reset Scanner %+v, the long way %+v", in, o, short, long)
			}
			if take && (len(short) != 1 || short[0].URI != string(in) || short[0].Start != 0 || short[0].End != int64(len(in))) {
				t.Fatalf("%q %+v: wholeURI takes it, hits %+v", in, o, short)
			}
			if h, ok := Whole(in, o); ok != (take && !o.Refang) || ok && !reflect.DeepEqual(long, []Hit{h}) {
				t.Fatalf("%q %+v: Whole %+v %v, the long way %+v", in, o, h, ok, long)
			}
		}
	})
}
