package json

import (
	"encoding/binary"
	"slices"

	"github.com/urix/urix/internal/swar"
)

// This file decodes a whole string on one line (no raw line break in
// it) and keeps where its escapes are, so that a hit's offsets in the
// decoded text map onto the raw bytes by a look at the table rather than
// a walk (walker) over the string for each hit (doc/spec.md JS1, PF4).

// escMax is the most escapes a table keeps: a string with more is
// mapped by the walker.
const escMax = 64

// escape is one escape of a string whose decoded bytes are not its raw
// bytes: dn decoded bytes at d stand for rn raw bytes at r. An escape kept
// as written ("\x") stands for itself and is not one.
type escape struct {
	d, r   int32
	dn, rn uint8
}

// escTab is the escapes of the string being read, in order.
type escTab struct {
	e    [escMax]escape
	n    int
	over bool // the string has more than escMax
}

// decodeTab returns the decoded form of raw, a whole string (RFC 8259
// §7, as decode), in dst's storage, and fills t with its escapes.
func decodeTab(dst, raw []byte, t *escTab) []byte {
	t.n, t.over = 0, false
	dst = slices.Grow(dst[:0], len(raw))[:len(raw)] // an escape's text is never longer than it
	k := 0
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			if i+8 > len(raw) {
				dst[k] = raw[i]
				k, i = k+1, i+1
				continue
			}
			// Eight bytes at once, as far as a backslash among them (as
			// strWords finds one); k <= i, so dst has room for eight.
			x := binary.LittleEndian.Uint64(raw[i:])
			binary.LittleEndian.PutUint64(dst[k:], x)
			n := 8
			if m := swar.Equal(x, '\\'); m != 0 {
				n = swar.First(m)
			}
			k, i = k+n, i+n
			continue
		}
		var c byte
		if i+1 < len(raw) {
			c = oneByteOf[raw[i+1]]
		}
		dn, n := 1, 2
		if c != 0 {
			dst[k] = c // "\/", "\n": what unesc gives, without the call
		} else {
			out, m := unesc(dst[k:k], raw, i, true)
			dn, n = len(out), m
		}
		if n != dn {
			if t.n == escMax {
				t.over = true
			} else {
				t.e[t.n] = escape{d: int32(k), r: int32(i), dn: uint8(dn), rn: uint8(n)}
				t.n++
			}
		}
		k, i = k+dn, i+n
	}
	return dst[:k]
}

// oneByteOf is the byte each escape of two raw bytes standing for one
// stands for, by its second byte (RFC 8259 §7); 0 for the others.
var oneByteOf = func() (t [256]byte) {
	for k, c := range []byte(`"\/bfnrt`) {
		t[c] = "\"\\/\b\f\n\r\t"[k]
	}
	return t
}()

// rawOf returns the raw offset of decoded offset d, as walker.to does:
// with over, past an escape whose decoded bytes hold d, else before it.
func (t *escTab) rawOf(d int, over bool) int {
	shift := 0 // raw offset less decoded offset, past the escapes before d
	for _, e := range t.e[:t.n] {
		ed := int(e.d)
		if ed >= d {
			break
		}
		if d < ed+int(e.dn) {
			if over {
				return int(e.r) + int(e.rn)
			}
			return int(e.r)
		}
		shift = int(e.r) + int(e.rn) - ed - int(e.dn)
	}
	return d + shift
}
