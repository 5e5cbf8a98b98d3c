package delimit

import "bytes"

// This file is the search for the next candidate ':' (E1, E12): most
// colons in prose are followed by a space or a line end ("Note: see") or
// stand between two digits ("10:30"), and no hit can start at them
// (noURIAt). Skipping them one IndexByte call at a time costs more than
// the search itself on prose, so on amd64 with AVX2 a vector loop
// (colon_amd64.s) tests 32 bytes at once for a colon that is followed by
// a byte above ' ' and does not stand between two digits; the few it
// passes that noURIAt still rejects (":)") are skipped here.

// uriColon returns the index of the first colon in b[from:to] at which a
// hit may start: one that is the last byte of b (what follows is not read
// yet) or for which noURIAt is false; -1 when there is none. to is at most
// len(b).
func uriColon(b []byte, from, to int) int {
	for from < to {
		k := -1
		if colonSIMD && to-from >= 64 && from > 0 {
			// The vector loop, then byte by byte from where it stopped.
			if k = uriColonsAVX2(b, from, to); k < 0 {
				from = ^k
			}
		}
		if k < 0 {
			if k = bytes.IndexByte(b[from:to], ':'); k < 0 {
				return -1
			}
			k += from
		}
		if k+1 >= len(b) || !noURIAt(b, k) {
			return k
		}
		from = k + 1
	}
	return -1
}
