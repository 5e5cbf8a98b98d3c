package hex

import "testing"

// TestDigit: every byte, against the digits' values.
func TestDigit(t *testing.T) {
	const digits = "0123456789abcdef"
	for c := 0; c < 256; c++ {
		v, ok := Digit(byte(c))
		want := -1
		for i := range len(digits) {
			if byte(c) == digits[i] || byte(c) == digits[i]-'a'+'A' && i >= 10 {
				want = i
			}
		}
		if ok != (want >= 0) || ok && int(v) != want {
			t.Errorf("Digit(%q) = %d, %v; want %d", byte(c), v, ok, want)
		}
	}
}
