package swar

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestAgainstBytes: on random words rich in the bytes looked for, each
// mask finds what a byte-by-byte loop finds, as far as its doc says it is
// exact.
func TestAgainstBytes(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pool := []byte{0, 1, '\t', '\n', '\r', 0x0d, 0x0e, 0x0f, '&', '\\', 'a', 0x7f, 0x80, 0xff}
	b := make([]byte, 8)
	for range 200000 {
		for i := range b {
			if rng.Intn(3) == 0 {
				b[i] = byte(rng.Intn(256))
			} else {
				b[i] = pool[rng.Intn(len(pool))]
			}
		}
		x := Load(b, 0)
		first := -1
		for i, c := range b {
			if c < 0x0e {
				first = i
				break
			}
		}
		if m := Below(x, 0x0e); (m != 0) != (first >= 0) || m != 0 && First(m) != first {
			t.Fatalf("Below(% x, 0x0e) = %#x, first byte below at %d", b, m, first)
		}
		for _, c := range []byte{'\n', '\\', '&', 0} {
			i, j := bytes.IndexByte(b, c), bytes.LastIndexByte(b, c)
			if m := Equal(x, c); (m != 0) != (i >= 0) || m != 0 && First(m) != i {
				t.Fatalf("Equal(% x, %q) = %#x, first at %d", b, c, m, i)
			}
			if m := EqualExact(x, c); (m != 0) != (i >= 0) || m != 0 && (First(m) != i || Last(m) != j) {
				t.Fatalf("EqualExact(% x, %q) = %#x, first at %d, last at %d", b, c, m, i, j)
			}
		}
	}
}
