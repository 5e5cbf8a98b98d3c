package json

import (
	"bytes"
	"errors"

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

// run scans the input: structure between strings, strings by plainStr
// or str. It goes from one byte structStop marks to the next by the
// bitmap r.marks.ev (marks.go): what stands between (blanks, numbers,
// literals) is passed over unread.
func (r *jreader) run() {
	i := r.i
	for {
		if i >= r.n {
			if r.i = i; !r.fill() {
				return
			}
			i = 0
		}
		n := r.n
		if i = nextMark(r.marks.ev[:(n+63)/64], i, n); i == n {
			continue
		}
		c := r.buf[i]
		i++
		r.i = i
		switch c {
		case '\n':
			r.line++
			r.lnOff = r.off + int64(i)
		case '"':
			if k := r.plainStr(i); k > 0 {
				i = k
				continue
			}
			r.str()
			i = r.i // it may have read on
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
				i = r.i
			}
		case ',':
			r.expectKey = r.inObj
		}
	}
}

// plainStr reads the string whose first byte is buf[i] when it is plain:
// it ends in the buffer with no escape, colon or line break before its
// closing quote, and it is a key or a value read as text. It returns the
// index past the closing quote, or 0 when the string is not plain (str
// reads it). A plain string holds no hit (delimit.MayHold: no colon, and
// the options that find hits without one are off), so all there is to do
// is keep a key's name: what str does with it, without str's set-up, for
// most of the strings of a document (doc/spec.md PF4).
func (r *jreader) plainStr(i int) int {
	if r.colon0 {
		return 0
	}
	n := r.n
	j := nextMark(r.marks.st[:(n+63)/64], i, n)
	if j == n || r.buf[j] != '"' {
		return 0
	}
	if r.inObj && r.expectKey {
		r.setKey(r.buf[i:j])
		return j + 1
	}
	if r.roleOf() != roleText {
		return 0
	}
	return j + 1
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
		i := nextMark(r.marks.st[:(n+63)/64], r.i, n)
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
