package resolve

import (
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
