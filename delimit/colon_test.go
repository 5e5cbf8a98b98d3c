package delimit

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// uriColonRef is uriColon by its definition, one byte at a time.
func uriColonRef(b []byte, from, to int) int {
	for k := from; k < to; k++ {
		if b[k] == ':' && (k+1 >= len(b) || !noURIAt(b, k) || breakColon(b, k)) {
			return k
		}
	}
	return -1
}

// uriCandRef is uriCand by its definition.
func uriCandRef(b []byte, from, to int) int {
	for k := from; k < to; k++ {
		if b[k] == '<' || b[k] == ':' && (k+1 >= len(b) || !noURIAt(b, k) || breakColon(b, k)) {
			return k
		}
	}
	return -1
}

// TestCandSearch checks the candidate searches (the vector loop where
// the machine has one) against their definitions on text dense with the
// cases they tell apart: colons before a space, a line end, a digit, a
// UTF-8 byte, between two digits, '<', before a line break and "//" (E8a),
// at either end of a block and of the buffer.
func TestCandSearch(t *testing.T) {
	if !candSIMD {
		t.Log("no vector loop on this machine: the byte searches alone are checked")
	}
	alphabet := []byte(": \n\t09a/\xc3\xa9:.)`<\r/:\n//")
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 5000; n++ {
		b := make([]byte, r.IntN(300))
		for i := range b {
			if r.IntN(4) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = 'x'
			}
		}
		from := 0
		if len(b) > 0 {
			from = r.IntN(len(b))
		}
		to := from + r.IntN(len(b)-from+1)
		if got, want := uriColon(b, from, to), uriColonRef(b, from, to); got != want {
			t.Fatalf("uriColon(%q, %d, %d) = %d, want %d", b, from, to, got, want)
		}
		if candSIMD {
			if got, want := uriCand(b, from, to), uriCandRef(b, from, to); got != want {
				t.Fatalf("uriCand(%q, %d, %d) = %d, want %d", b, from, to, got, want)
			}
		}
	}
	// Each offset of a candidate in a long run: both sides of each block
	// edge, and the last bytes of the buffer.
	for _, pair := range []string{": ", ":/", "1:2", ":\xc3", "a:9", "9:a", "::", "<a", ":",
		":\n//", ":\r\n//", ":\n/x", ":\xc3\xa9/", ":\x0e//", ":\x0c//", ":\r\xc3/", ":\r//", ":\t//", ":\n\n/", ":\r\r//", ":\n", ":\r\n/"} {
		for at := 0; at < 200; at++ {
			b := bytes.Repeat([]byte{'x'}, 200)
			copy(b[at:], pair)
			for from := 0; from < 3; from++ {
				if got, want := uriColon(b, from, len(b)), uriColonRef(b, from, len(b)); got != want {
					t.Fatalf("uriColon: %q at %d from %d: got %d, want %d", pair, at, from, got, want)
				}
				if !candSIMD {
					continue
				}
				if got, want := uriCand(b, from, len(b)), uriCandRef(b, from, len(b)); got != want {
					t.Fatalf("uriCand: %q at %d from %d: got %d, want %d", pair, at, from, got, want)
				}
			}
		}
	}
}

// TestInertColon: no hit starts at a colon InertColon calls inert, after
// a scheme of each class, before each byte it allows, whatever "//" and
// line breaks come next (E8a); and it calls "10:30", "Note: see" inert.
func TestInertColon(t *testing.T) {
	for _, scheme := range []string{"http", "https", "mailto", "urn", "file", "h323", "a1", "URL"} {
		prev := scheme[len(scheme)-1]
		for n := range 256 {
			if !InertColon(prev, byte(n)) {
				continue
			}
			for _, rest := range []string{"//x.example/a", "\n//x.example/a", "\r\n//x.example/a", "u@x.example", "1@x.example"} {
				text := scheme + ":" + string([]byte{byte(n)}) + rest
				if hits := Find([]byte(text), Options{}); len(hits) > 0 {
					t.Errorf("%q: InertColon(%q, %q), but Find gives %v", text, prev, byte(n), hits)
				}
			}
		}
	}
	for _, c := range [][2]byte{{'0', '3'}, {'e', ' '}, {'e', '"'}} {
		if !InertColon(c[0], c[1]) {
			t.Errorf("InertColon(%q, %q) = false", c[0], c[1])
		}
	}
}
