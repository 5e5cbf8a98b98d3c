//go:build !amd64 || purego

package json

// strSIMD is false where there is no vector loop: strScan tests eight
// bytes at a time.
var strSIMD = false

func strAVX2(b []byte, from, to int) int { panic("unreachable") }
