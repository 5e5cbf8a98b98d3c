package json

import "math/bits"

// This file marks, once per buffer read, where the bytes the scan stops
// at are: a bit for each byte of the buffer in two bitmaps, one for the
// structure between strings and one for a string's bytes. The scan then
// goes from one marked byte to the next with a word test instead of a
// test of each byte, and reads a string that has no stop but its closing
// quote (most keys and short values) without str (doc/spec.md PF4).

// markWords is the number of 64-bit words of a bitmap: a power of two,
// more than the buffer's bits and the one past them.
const markWords = 2048

// marks are the bitmaps of buf[:n], bit k%64 of word k/64 for buf[k],
// with one more bit set, at n, that ends every search.
type marks struct {
	ev [markWords]uint64 // the bytes structStop marks: '"', '{', '}', '[', ']', ':', ',', line feed
	st [markWords]uint64 // the bytes strStop marks: '"', '\\', ':', line feed
}

// mark computes r.marks for the bytes read into the buffer.
func (r *jreader) mark() {
	nw := (r.n + 63) / 64
	m := r.marks
	if strSIMD {
		marksAVX2(r.buf[:nw*64], m.ev[:nw], m.st[:nw])
	} else {
		marksBytes(r.buf[:r.n], m.ev[:nw], m.st[:nw])
	}
	w, k := r.n/64, uint(r.n)%64
	if k == 0 {
		m.ev[w], m.st[w] = 1, 1
		return
	}
	m.ev[w] = m.ev[w]&(1<<k-1) | 1<<k
	m.st[w] = m.st[w]&(1<<k-1) | 1<<k
}

// marksBytes is mark's computation a byte at a time, where there is no
// vector loop (and in the tests, to check it).
func marksBytes(b []byte, ev, st []uint64) {
	clear(ev)
	clear(st)
	for k, c := range b {
		if structStop[c] {
			ev[k/64] |= 1 << (uint(k) % 64)
		}
		if strStop[c] {
			st[k/64] |= 1 << (uint(k) % 64)
		}
	}
}

// nextMark returns the index of the first byte at or after i that m
// marks, n (the end of the bytes read, marked too) when there is none;
// i is at most n.
func nextMark(m *[markWords]uint64, i int) int {
	w := uint(i) / 64
	if x := m[w%markWords] >> (uint(i) % 64); x != 0 {
		return i + bits.TrailingZeros64(x)
	}
	for {
		w++
		if x := m[w%markWords]; x != 0 {
			return int(w)*64 + bits.TrailingZeros64(x)
		}
	}
}
