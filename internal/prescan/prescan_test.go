package prescan

import (
	"strings"
	"testing"
)

// TestMayHaveBase checks the byte scan that lets a large HTML file stream
// its links, also across the scan's 64 KiB chunk boundary.
func TestMayHaveBase(t *testing.T) {
	pad := strings.Repeat("x", 64<<10)
	tests := []struct {
		in   string
		want bool
	}{
		{`<html><a href="x">`, false},
		{`<BASE href="http://a/">`, true},
		{`<base>`, true},
		{`<base/>`, true},
		{"<base\nhref=x>", true},
		{`<basefont size=3><baseball>`, false},
		{`<!-- <base href=x> -->`, true}, // conservative: a comment counts
		{pad[:len(pad)-3] + `<base href=x>`, true},
		{pad[:len(pad)-1] + `<bAsE>`, true},
		{pad[:len(pad)-6] + `<based>`, false},
		{pad + pad + `<base>`, true},
		{`x<base`, true},
		{`x<bas`, false},
		{``, false},
	}
	for _, tt := range tests {
		if got := MayHaveBase(strings.NewReader(tt.in), int64(len(tt.in))); got != tt.want {
			in := tt.in
			if len(in) > 40 {
				in = "..." + in[len(in)-30:]
			}
			t.Errorf("MayHaveBase(%q) = %v, want %v", in, got, tt.want)
		}
	}
	// Only the first n bytes count.
	if MayHaveBase(strings.NewReader("xx<base>"), 2) {
		t.Errorf("MayHaveBase looked past n")
	}
}
