package json

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"unsafe"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
)

// This file is the scan of the input: the structure between strings and
// each string's bytes, up to the next byte that matters to it.

// structStop marks the bytes the structure scan stops at.
var structStop = func() (t [256]bool) {
	for _, c := range []byte("\n\"{}[]:,") {
		t[c] = true
	}
	return t
}()

// strStop marks the bytes a string scan stops at.
var strStop = func() (t [256]bool) {
	for _, c := range []byte("\n\"\\:") {
		t[c] = true
	}
	return t
}()

// run scans the input: structure between strings, strings by str. The
// structure is mostly one byte between two strings (": ", ", "), so the
// scan tests each byte: a word test would cost more than it saves.
func (r *jreader) run() {
	i, buf := r.i, r.buf[:r.n]
	for {
		if i >= len(buf) {
			if r.i = i; !r.fill() {
				return
			}
			i, buf = 0, r.buf[:r.n]
		}
		c := buf[i]
		for !structStop[c] { // blanks, numbers, literals
			if i++; i == len(buf) {
				break
			}
			c = buf[i]
		}
		if i == len(buf) {
			continue
		}
		i++
		r.i = i
		switch c {
		case '\n':
			r.line++
			r.lnOff = r.off + int64(i)
		case '"':
			r.str()
			i, buf = r.i, r.buf[:r.n] // it may have read on
		case '{':
			r.push(true)
		case '[':
			r.push(false)
		case '}', ']':
			r.pop()
		case ':':
			r.expectKey = false
			if r.harStatusKey() {
				r.har.status = r.number()
				i, buf = r.i, r.buf[:r.n]
			}
		case ',':
			r.expectKey = r.inObj
		}
	}
}

// str reads a string whose opening quote was just read.
func (r *jreader) str() {
	r.sstart = r.i
	r.strAt = cursor{off: r.off + int64(r.i), line: r.line, lineStart: r.lnOff}
	r.text.at = r.strAt
	r.capt, r.over = r.capt[:0], false
	r.esc, r.nl, r.colon, r.inert, r.pieces = false, false, r.colon0, false, false
	if r.inObj && r.expectKey {
		r.role = roleKey // roleOf's first answer, without the call
	} else if r.role = r.roleOf(); r.role == roleBody {
		r.startBody()
	}
	for {
		buf, n := r.buf, r.n
		var i int // strScan(buf, r.i, n), by hand: a call less
		if strSIMD {
			i = strAVX2(buf[:n+slack], r.i, n)
		} else {
			i = strWords(buf[:n+slack], r.i, n)
		}
		if i == n {
			if !r.moreString() {
				return
			}
			continue
		}
		switch buf[i] {
		case '"':
			if r.inert && !r.colon {
				r.colon = r.mayHoldInert(buf[r.sstart:i])
			}
			switch {
			case r.role == roleKey && !r.colon && !r.esc && len(r.capt) == 0 && len(r.text.buf) == 0:
				r.setKey(buf[r.sstart:i]) // what piece does with it, without the call
			case r.role != roleText || r.colon || len(r.text.buf) > 0:
				r.piece(buf[r.sstart:i], true) // else no hit (delimit.MayHold)
			}
			r.i = i + 1
			r.role = roleText
			return
		case '\n':
			r.newline(i)
			r.nl = true
			r.i = i + 1
		case ':':
			r.strColon(buf, i, n)
			r.i = i + 1
		default: // a backslash: the next byte is escaped
			if !r.escape(buf, i, n) {
				return
			}
		}
	}
}

// escape reads the escape whose backslash is at buf[i], reading on past
// the buffer when it is the last byte; false at the end of the input.
func (r *jreader) escape(buf []byte, i, n int) bool {
	r.esc = true
	if i+1 < n {
		switch buf[i+1] {
		case '\n':
			r.newline(i + 1)
			r.nl = true
		case ':':
			r.colon = true
		case 'u':
			// "\u003a" is a colon too; so, for all the scan knows, is
			// one cut by the end of the buffer.
			r.colon = r.colon || i+6 > n || buf[i+2] == '0' && buf[i+3] == '0' && buf[i+4] == '3' && buf[i+5]|0x20 == 'a'
		}
		r.i = i + 2
		return true
	}
	r.colon = true
	if !r.moreString() {
		return false
	}
	if r.buf[0] == '\n' {
		r.newline(0)
		r.nl = true
	}
	r.i = 1
	return true
}

// moreString passes on the part of the string in the buffer and reads
// more of the input; at the end of the input it ends the string with a
// note and returns false.
func (r *jreader) moreString() bool {
	// A string in pieces is read whatever its colons: the raw bytes
	// around an inert one may stand for others (mayHoldInert).
	r.pieces = true
	r.colon = r.colon || r.inert
	r.piece(r.buf[r.sstart:r.n], false)
	if !r.fill() {
		r.piece(nil, true)
		r.warn(errEndsInString)
		return false
	}
	r.sstart = 0
	return true
}

// strColon notes the colon at buf[i] of the string: inert when no hit
// can start at it ("Note: see", "10:30"; delimit.InertColon), as far as
// the raw bytes around it tell. They stand for themselves in a string
// without escapes, and one with an escape is read whatever its colons
// (mayHoldInert); the closing quote ends the text, where no hit starts.
func (r *jreader) strColon(buf []byte, i, n int) {
	prev := byte(0)
	if i > r.sstart {
		prev = buf[i-1]
	}
	if !r.colon && i+1 < n && delimit.InertColon(prev, buf[i+1]) {
		r.inert = true
	} else {
		r.colon = true
	}
}

// mayHoldInert reports whether a string whose colons are all inert
// (delimit.InertColon) may hold a hit: one in angle brackets, when a '<'
// is or may be among its decoded bytes (raw is all of it unless it came
// in pieces), or one the refanged text may hold.
func (r *jreader) mayHoldInert(raw []byte) bool {
	return r.pieces || r.esc || r.opts.Delimit.Refang || bytes.IndexByte(raw, '<') >= 0
}

// errEndsInString is the note of a JSON input cut inside a string.
var errEndsInString = reader.Note(errors.New("the JSON ends inside a string"))

// lo8 and hi8 are the words of eight bytes 0x01 and 0x80: a byte's
// value times lo8 is a word of eight of it.
const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// strScan returns the index of the first '"', '\\', ':' or line feed
// (the bytes strStop marks) in buf[i:n], n when there is none. It tests
// 32 bytes at once where the machine has AVX2 (strAVX2), eight elsewhere,
// and so reads as far as 31 bytes past n: buf has that slack past the
// bytes read into it.
func strScan(buf []byte, i, n int) int {
	if strSIMD {
		return strAVX2(buf[:n+slack], i, n)
	}
	return strWords(buf[:n+slack], i, n)
}

// strWords is strScan eight bytes at a time.
func strWords(buf []byte, i, n int) int {
	for ; i < n; i += 8 {
		x := word(buf, i)
		// (y-lo8)&^y has the high bit of y's first zero byte set,
		// and of none before it (a borrow may set it in later ones).
		a, b, c, d := x^'"'*lo8, x^'\\'*lo8, x^':'*lo8, x^'\n'*lo8
		if m := ((a-lo8)&^a | (b-lo8)&^b | (c-lo8)&^c | (d-lo8)&^d) & hi8; m != 0 {
			return min(i+bits.TrailingZeros64(m)>>3, n)
		}
	}
	return n
}

// word returns the eight bytes at buf[i:] as a little-endian word;
// buf[i+7] must be in buf (the caller checks once what this does not).
func word(buf []byte, i int) uint64 {
	x := *(*uint64)(unsafe.Pointer(&buf[i]))
	if bigEndian {
		x = bits.ReverseBytes64(x)
	}
	return x
}

// bigEndian says the machine stores a word's high byte first.
var bigEndian = binary.NativeEndian.Uint16([]byte{0, 1}) == 1

// skip returns the index of the first byte of b that stop marks, len(b)
// when there is none.
func skip(stop *[256]bool, b []byte) int {
	for k, c := range b {
		if stop[c] {
			return k
		}
	}
	return len(b)
}

func (r *jreader) newline(i int) {
	r.line++
	r.lnOff = r.off + int64(i) + 1
}
