//go:build !purego

package delimit

import "golang.org/x/sys/cpu"

// colonSIMD: uriColonsAVX2 may be used.
var colonSIMD = cpu.X86.HasAVX2

// uriColonsAVX2 returns the index of the first colon in b[from:to] that is
// followed by a byte above ' ' and does not stand between two ASCII
// digits, looking at 32 bytes at a time while a whole block and the bytes
// on either side of it are in b (from is at least 1). When it finds none
// it returns ^i, where i is the first position it did not look at.
//
//go:noescape
func uriColonsAVX2(b []byte, from, to int) int
