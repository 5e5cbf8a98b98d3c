// Package swar tests the eight bytes of a 64-bit word at once (SIMD
// within a register), for the scans whose bytes of interest are rare:
// htmltoken's attribute values, htmlbase's links and line counts,
// reader/json's escaped strings (doc/spec.md PF4). The bit tricks are
// here once, each with what it is exact for.
package swar

import (
	"encoding/binary"
	"math/bits"
)

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	low7  = 0x7f7f7f7f7f7f7f7f
)

// Load returns the eight bytes of b from i, b[i] in the low byte.
func Load(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i:]) }

// Below returns a mask, 0 when no byte of x is below n (at most 0x80),
// else with the top bit set in the lowest such byte, and maybe in bytes
// above it (a borrow): exact for whether there is one and for First.
func Below(x uint64, n byte) uint64 { return (x - uint64(n)*ones) &^ x & highs }

// Equal is Below for the bytes of x equal to c.
func Equal(x uint64, c byte) uint64 { return Below(x^uint64(c)*ones, 1) }

// EqualExact returns the mask with the top bit set in exactly the bytes
// of x equal to c: slower than Equal, and exact for Last too.
func EqualExact(x uint64, c byte) uint64 {
	t := x ^ uint64(c)*ones
	return ^((t&low7 + low7) | t | low7)
}

// First returns the index of the lowest byte set in a non-zero mask.
func First(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// Last returns the index of the highest byte set in a non-zero mask.
func Last(m uint64) int { return (63 - bits.LeadingZeros64(m)) >> 3 }
