package delimit

import (
	"strings"
	"testing"
)

// Tables for the small boundary functions (E2, E4, E7, E9).

func TestTrimTrailing(t *testing.T) {
	tests := []struct {
		in   string
		wrap byte
		n    int
		want string
	}{
		{"http://a/b", 0, 0, "http://a/b"},
		{"http://a/b.", 0, 0, "http://a/b"},
		{"http://a/b.,;:!?'", 0, 0, "http://a/b"},
		{"http://a/b)", 0, 0, "http://a/b"},
		{"http://a/(b)", 0, 0, "http://a/(b)"},
		{"http://a/(b)).", 0, 0, "http://a/(b)"},
		{"http://a/b]", 0, 0, "http://a/b"},
		{"http://a/[b]", 0, 0, "http://a/[b]"},
		{"http://a/b*", '*', 1, "http://a/b"},
		{"http://a/b**", '*', 1, "http://a/b*"},
		{"http://a/b*.", '*', 1, "http://a/b"},
		{"http://a/b_", '_', 1, "http://a/b"},
		{"http://a/b_", 0, 0, "http://a/b_"},
		{"http://a/b-", 0, 0, "http://a/b-"},
		{"http://a/b/", 0, 0, "http://a/b/"},
		{"...", 0, 0, ""},
		{"http://a/#b[", 0, 0, "http://a/#b"},
		{"http://a/b(.", 0, 0, "http://a/b"},
	}
	for _, tt := range tests {
		if got := tt.in[:trimTrailing([]byte(tt.in), tt.wrap, tt.n)]; got != tt.want {
			t.Errorf("trimTrailing(%q, %q, %d) = %q, want %q", tt.in, tt.wrap, tt.n, got, tt.want)
		}
	}
}

func TestSSPOK(t *testing.T) {
	tests := []struct {
		k    sspClass
		rest string
		want bool
	}{
		{sspAuthority, "//a", true},
		{sspAuthority, "//a/b", true},
		{sspAuthority, "//", false},
		{sspAuthority, "///a", false},
		{sspAuthority, "//?a", false},
		{sspAuthority, "g", false},
		{sspAuthority, "/g", false},
		{sspOpaque, "x", true},
		{sspOpaque, "", false},
		{sspFile, "/etc/hosts", true},
		{sspFile, "///etc/hosts", true},
		{sspFile, "//", false},
		{sspFile, "etc", false},
	}
	for _, tt := range tests {
		if got := sspOK(tt.k, tt.rest); got != tt.want {
			t.Errorf("sspOK(%d, %q) = %v, want %v", tt.k, tt.rest, got, tt.want)
		}
	}
}

func TestQuotePrefix(t *testing.T) {
	tests := []struct {
		text string // the prefix of the line is looked up at the end of text
		want string
	}{
		{"> see ", ">"},
		{">> see ", ">>"},
		{"> > see ", "> >"},
		{"| see ", "|"},
		{"x\n> see ", ">"},
		{"see ", ""},
		{" > see ", ""},
		{">", ">"},
	}
	for _, tt := range tests {
		if got := string(quotePrefix([]byte(tt.text), len(tt.text), true)); got != tt.want {
			t.Errorf("quotePrefix(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	long := make([]byte, 300)
	for i := range long {
		long[i] = 'x'
	}
	if got := quotePrefix(append([]byte("> "), long...), 302, true); len(got) != 0 {
		t.Errorf("quotePrefix of a line starting over %d bytes back = %q, want none", maxPrefixLook, got)
	}
	skip := []struct {
		line, prefix string
		want         int
	}{
		{"> c/d", ">", 1},
		{">> c/d", ">", 0},
		{"c/d", ">", 0},
		{"> > c", "> >", 3},
		{"> c", "", 0},
	}
	for _, tt := range skip {
		if got := skipPrefix([]byte(tt.line), 0, []byte(tt.prefix)); got != tt.want {
			t.Errorf("skipPrefix(%q, %q) = %d, want %d", tt.line, tt.prefix, got, tt.want)
		}
	}
}

func TestURLPrefix(t *testing.T) {
	for in, want := range map[string]bool{"URL:": true, "url:": true, "uRl:": true, "URL": false, "URL ": false, "URI:": false} {
		if got := isURLPrefix([]byte(in)); got != want {
			t.Errorf("isURLPrefix(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestSchemeTable: the lookup table answers as the generated map, for every
// registered name in any case and for names that are not registered.
func TestSchemeTable(t *testing.T) {
	for name, class := range schemes {
		for _, n := range []string{name, strings.ToUpper(name)} {
			if got := lookupScheme([]byte(n)); got != class {
				t.Errorf("lookupScheme(%q) = %d, want %d", n, got, class)
			}
			if !KnownScheme(n) {
				t.Errorf("KnownScheme(%q) = false", n)
			}
		}
	}
	for _, n := range []string{"", "htxp", "x", "httpx", "postgres", "mongodb", strings.Repeat("a", 31)} {
		if got := lookupScheme([]byte(n)); got != 0 || KnownScheme(n) {
			t.Errorf("lookupScheme(%q) = %d, want 0", n, got)
		}
	}
}
