//go:build !amd64 || purego

package json

// strSIMD is false where there is no vector loop: mark tests each byte.
var strSIMD = false

func marksAVX2(b []byte, ev, st []uint64) { panic("unreachable") }
