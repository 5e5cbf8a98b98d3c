//go:build !amd64 || purego

package delimit

// candSIMD is false where there is no vector loop: nextCand searches for
// each byte with bytes.IndexByte.
var candSIMD = false

func candsAVX2(b []byte, from, to int) int { panic("unreachable") }
