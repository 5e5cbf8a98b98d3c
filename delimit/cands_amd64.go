//go:build !purego

package delimit

import "golang.org/x/sys/cpu"

// candSIMD: nextCand uses candsAVX2.
var candSIMD = cpu.X86.HasAVX2

// candsAVX2 returns the index of the first '<' in b[from:to], or colon
// followed by a byte above ' ' that does not stand between two ASCII
// digits or by a line break and "//" (E8a), whichever comes first,
// looking at 32 bytes at a time while a whole block, the byte before it
// and the three after it are in b (from is at least 1). When it finds
// none it returns ^i, where i is the first position it did not look at.
//
//go:noescape
func candsAVX2(b []byte, from, to int) int
