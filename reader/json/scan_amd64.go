//go:build !purego

package json

import "golang.org/x/sys/cpu"

// strSIMD: strScan uses strAVX2.
var strSIMD = cpu.X86.HasAVX2

// strAVX2 returns the index of the first '"', '\\', ':' or line feed in
// b[from:to], to when there is none, looking at 32 bytes at a time: it
// reads as far as 31 bytes past to, which must be in b.
//
//go:noescape
func strAVX2(b []byte, from, to int) int
