package delimit

import "bytes"

// This file is the search for the next candidate ':' or '<' (E1, E5,
// E12). Most colons in prose are followed by a space or a line end
// ("Note: see") or stand between two digits ("10:30"), and no hit can
// start at them (noURIAt); skipping them one IndexByte call at a time
// costs more than the search itself. On amd64 with AVX2 one vector loop
// (cands_amd64.s) tests 32 bytes at once for a '<' or a colon that is
// followed by a byte above ' ' and does not stand between two digits, or
// by a line break and "//" (E8a "https:" / "//host", breakColon); the
// few colons it passes that noURIAt still rejects (":)") are skipped
// here. Elsewhere each byte has its own IndexByte search; either way the
// position found is cached until the scan passes it (Scanner.next).

// nextCand returns the position of the next candidate ':' (uriColon) or
// '<' at or after pos, or n, or relNext when that comes first and none is
// before it.
func (s *Scanner) nextCand() int {
	if !candSIMD {
		return min(s.next(&s.colon, ':'), s.next(&s.lt, '<'))
	}
	return s.next(&s.colon, colonOrLess)
}

// uriCand returns the index of the first '<' in b[from:to], or colon at
// which a hit may start (uriColon), whichever comes first; -1 when there
// is none. It is the vector loop (candsAVX2) and its tail.
func uriCand(b []byte, from, to int) int {
	for from < to {
		i := -1
		if to-from >= 64 && from > 0 {
			// The vector loop, then byte by byte from where it stopped.
			if i = candsAVX2(b, from, to); i < 0 {
				from = ^i
			}
		}
		if i < 0 {
			if i = candByte(b, from, to); i < 0 {
				return -1
			}
		}
		if b[i] == '<' || i+1 >= len(b) || !noURIAt(b, i) || breakColon(b, i) {
			return i
		}
		from = i + 1
	}
	return -1
}

// candByte returns the index of the first ':' or '<' in b[from:to], or
// -1: the vector loop's tail, and short texts (an element's text in a
// feed), where two IndexByte searches cost less than a loop over bytes.
func candByte(b []byte, from, to int) int {
	c := bytes.IndexByte(b[from:to], ':')
	if c >= 0 {
		to = from + c
	}
	if l := bytes.IndexByte(b[from:to], '<'); l >= 0 {
		return from + l
	}
	if c >= 0 {
		return from + c
	}
	return -1
}

// uriColon returns the index of the first colon in b[from:to] at which a
// hit may start: one that is the last byte of b (what follows is not read
// yet) or for which noURIAt is false or breakColon true; -1 when there
// is none. to is at most len(b).
func uriColon(b []byte, from, to int) int {
	for from < to {
		k := bytes.IndexByte(b[from:to], ':')
		if k < 0 {
			return -1
		}
		k += from
		if k+1 >= len(b) || !noURIAt(b, k) || breakColon(b, k) {
			return k
		}
		from = k + 1
	}
	return -1
}
