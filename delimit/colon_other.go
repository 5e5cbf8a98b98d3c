//go:build !amd64 || purego

package delimit

// colonSIMD is false where there is no vector loop: uriColon searches
// with bytes.IndexByte alone.
const colonSIMD = false

func uriColonsAVX2(b []byte, from, to int) int { panic("unreachable") }
