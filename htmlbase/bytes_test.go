package htmlbase

import (
	"bytes"
	"testing"
)

// TestIndexTabOrNewline holds the eight-byte scan to a byte-by-byte one:
// each byte below 0x0e, and the ones around it, at every place of values
// of every length up to three words.
func TestIndexTabOrNewline(t *testing.T) {
	naive := func(v []byte) int { return bytes.IndexAny(v, "\t\n\r") }
	for n := 0; n <= 24; n++ {
		for at := 0; at < n; at++ {
			for _, c := range []byte{0, 1, '\t', '\n', 0x0b, '\f', '\r', 0x0e, 0x1f, ' ', 0x7f, 0x80, 0x8d, 0xff} {
				v := bytes.Repeat([]byte("h"), n)
				v[at] = c
				if at+1 < n {
					v[n-1] = '\n' // a later one is found after one that is not
				}
				if got, want := indexTabOrNewline(v), naive(v); got != want {
					t.Fatalf("indexTabOrNewline(%q) = %d, want %d", v, got, want)
				}
			}
		}
	}
}
