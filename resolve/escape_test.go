package resolve

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestEscapeInvalid(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a/b?c=d#e", "http://a/b?c=d#e"},
		{"0 0", "0%200"},
		{"a\tb\x7f", "a%09b%7F"},
		{`x"<>\^` + "`{|}", "x%22%3C%3E%5C%5E%60%7B%7C%7D"},
		{"http://bücher.example/%41", "http://bücher.example/%41"}, // IRIs and %hh kept
		{"a\u00a0b\u3000c\u0085", "a%C2%A0b%E3%80%80c%C2%85"},      // Unicode spaces and controls
		{"http://a/x\u00ady", "http://a/x%C2%ADy"},                 // U+00AD, invisible (issue 32)
		{"ü\xff", "ü\xff"},                                         // invalid UTF-8 kept
		{"", ""},
	}
	for _, tt := range tests {
		if got := EscapeInvalid(tt.in); got != tt.want {
			t.Errorf("EscapeInvalid(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { EscapeInvalid("http://a/b/c") }); n != 0 {
		t.Errorf("EscapeInvalid of a clean URI allocates %v times, want 0", n)
	}
}

// TestEscapeInvalidASCII checks every ASCII byte against the excluded
// characters of seeds Section 2.4.3: controls, space, DEL, " < > \ ^ ` { | }.
func TestEscapeInvalidASCII(t *testing.T) {
	for c := range 0x80 {
		s := "a" + string(rune(c)) + "b"
		excluded := c < 0x20 || c == 0x7f || strings.ContainsRune(" \"<>\\^`{|}", rune(c))
		if got := EscapeInvalid(s) != s; got != excluded {
			t.Errorf("EscapeInvalid(%q) escapes: %v, want %v", s, got, excluded)
		}
	}
}

// TestEscapeInvalidByRune checks EscapeInvalid against its definition
// applied one character at a time (invalidAt), on strings that mix
// clean runs, escaped bytes and UTF-8 of every length, valid or not.
func TestEscapeInvalidByRune(t *testing.T) {
	parts := []string{"a", "/x.y", " ", "\"", "%41", "ü", "\u00a0", "\u3000", "\xff", "\xe2\x80", "😀", "\x7f", "{", "~"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		var want strings.Builder
		for i := 0; i < len(s); {
			n := invalidAt(s, i)
			if n < 0 {
				want.WriteString(s[i : i-n])
				i -= n
				continue
			}
			for _, c := range []byte(s[i : i+n]) {
				fmt.Fprintf(&want, "%%%02X", c)
			}
			i += n
		}
		if got := EscapeInvalid(s); got != want.String() {
			t.Fatalf("EscapeInvalid(%q) = %q, want %q", s, got, want.String())
		}
	}
}
