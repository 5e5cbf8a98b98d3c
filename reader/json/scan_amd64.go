//go:build !purego

package json

import "golang.org/x/sys/cpu"

// strSIMD: mark uses marksAVX2.
var strSIMD = cpu.X86.HasAVX2

// marksAVX2 computes the bitmaps of marks for b, 64 bytes a word.
//
//go:noescape
func marksAVX2(b []byte, ev, st []uint64)
