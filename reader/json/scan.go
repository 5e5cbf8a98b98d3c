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

// run scans the input: structure between strings, strings by str but
// for the plain ones. It goes from one byte structStop marks to the next
// by the bitmap r.marks.ev (marks.go): what stands between (blanks,
// numbers, literals) is passed over unread. The buffer's slice does not
// change, only what it holds (fill): its length n is read again after a
// call that may read on.
func (r *jreader) run() {
	buf, ev, st := r.buf, &r.marks.ev, &r.marks.st
	i, n := r.i, r.n
	for {
		if i >= n {
			if r.i = i; !r.fill() {
				return
			}
			i, n = 0, r.n
		}
		if i = nextMark(ev, i); i >= n {
			continue
		}
		c := buf[i]
		i++
		switch c {
		case '"':
			// A plain string: it ends in the buffer with no escape, colon
			// or line break before its closing quote, so it holds no hit
			// (delimit.MayHold: no colon, and the options that find hits
			// without one are off). A key's name is kept, as str would,
			// and the ':' right after it read; a value read as text is
			// passed over. Most strings are plain (doc/spec.md PF4).
			if !r.colon0 {
				if j := nextMark(st, i); j < n && buf[j] == '"' {
					if r.inObj && r.expectKey {
						if d := r.depth - 1; d < keyDepth { // setKey, the call made only for a name keyName may know
							k := ""
							if l := uint(j - i); l-1 < 15 && keyLens[buf[i]]&(1<<l) != 0 { // mayBeKeyName(buf[i:j]), on the bounds: no slice
								k = r.knownKey(buf[i:j])
							}
							r.frames[d].key = k
						}
						if i = j + 1; i < n && buf[i] == ':' && !r.har.active {
							r.expectKey = false // what case ':' does
							i++
						}
						continue
					}
					if r.textValue() || r.roleOf() == roleText {
						i = r.comma(buf, j+1, n)
						continue
					}
				}
			}
			r.i = i
			r.str()
			i, n = r.i, r.n // it may have read on
			i = r.comma(buf, i, n)
		case ',':
			r.expectKey = r.inObj
		case ':':
			r.expectKey = false
			if r.harStatusKey() {
				r.i = i
				r.har.status = r.number()
				i, n = r.i, r.n
			}
		case '\n':
			r.line++
			r.lnOff = r.off + int64(i)
		case '{':
			r.push(true)
		case '[':
			r.push(false)
		case '}', ']':
			r.pop()
		}
	}
}

// comma reads the ',' at buf[i], if that is one, as run's case ',' does,
// and returns where the scan goes on: one ',' after most strings, read
// with the string.
func (r *jreader) comma(buf []byte, i, n int) int {
	if i < n && buf[i] == ',' {
		r.expectKey = r.inObj
		return i + 1
	}
	return i
}

// str reads a string whose opening quote was just read.
func (r *jreader) str() {
	r.sstart = r.i
	r.strAt = cursor{off: r.off + int64(r.i), line: r.line, lineStart: r.lnOff}
	r.text.at = r.strAt
	r.capt, r.over = r.capt[:0], false
	r.esc, r.nl, r.colon, r.inert, r.pieces = false, false, r.colon0, false, false
	switch {
	case r.inObj && r.expectKey:
		r.role = roleKey // roleOf's first answer, without the call
	case r.textValue():
		r.role = roleText // and its last
	default:
		if r.role = r.roleOf(); r.role == roleBody {
			r.startBody()
		}
	}
	buf, st := r.buf, &r.marks.st
	for {
		// The stops in the buffer, with the string's flags held here;
		// escape and moreString read on past its end.
		n, i := r.n, r.i
		sstart, esc, nl, colon, inert := r.sstart, r.esc, r.nl, r.colon, r.inert
	stops:
		for {
			i = nextMark(st, i)
			switch {
			case i == n:
				break stops
			case buf[i] == '"':
				r.esc, r.nl, r.colon, r.inert = esc, nl, colon, inert
				r.endStr(buf[sstart:i])
				r.i = i + 1
				return
			case buf[i] == ':':
				if !colon && inertAt(buf, sstart, i, n) {
					inert = true
				} else {
					colon = true
				}
				i++
			case buf[i] == '\n':
				r.newline(i)
				nl = true
				i++
			case i+1 == n: // a backslash, the buffer's last byte: escape reads on
				break stops
			default: // a backslash: the next byte is escaped
				esc = true
				switch buf[i+1] {
				case '\n':
					r.newline(i + 1)
					nl = true
				case ':':
					colon = true
				case 'u':
					colon = colon || uColon(buf, i, n)
				}
				i += 2
			}
		}
		r.esc, r.nl, r.colon, r.inert = esc, nl, colon, inert
		r.i = i
		if i == n {
			if !r.moreString() {
				return
			}
			continue
		}
		if !r.escape(buf, i, n) {
			return
		}
	}
}

// endStr ends the string whose raw bytes (all of it, or the last piece
// of one that came in pieces) are raw, with its flags set.
func (r *jreader) endStr(raw []byte) {
	if r.inert && !r.colon {
		r.colon = r.mayHoldInert(raw)
	}
	switch {
	case r.role == roleKey && !r.colon && !r.esc && len(r.capt) == 0 && len(r.text.buf) == 0:
		r.setKey(raw) // what piece does with it, without the call
	case r.role != roleText || r.colon || len(r.text.buf) > 0:
		r.piece(raw, true) // else no hit (delimit.MayHold)
	}
	r.role = roleText
}

// inertAt reports whether no hit can start at the colon buf[i] of a
// string whose bytes in buf start at sstart ("Note: see", "10:30";
// delimit.InertColon), as far as the raw bytes around it tell: they stand
// for themselves in a string without escapes, and one with an escape is
// read whatever its colons (mayHoldInert); the closing quote ends the
// text, where no hit starts.
func inertAt(buf []byte, sstart, i, n int) bool {
	prev := byte(0)
	if i > sstart {
		prev = buf[i-1]
	}
	return i+1 < n && delimit.InertColon(prev, buf[i+1])
}

// uColon reports whether the escape "\u" at buf[i] may be a colon:
// "\u003a" is one; so, for all the scan knows, is one cut by the end of
// the buffer (n).
func uColon(buf []byte, i, n int) bool {
	return i+6 > n || buf[i+2] == '0' && buf[i+3] == '0' && buf[i+4] == '3' && buf[i+5]|0x20 == 'a'
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
			r.colon = r.colon || uColon(buf, i, n)
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

// mayHoldInert reports whether a string whose colons are all inert
// (delimit.InertColon) may hold a hit: one in angle brackets, when a '<'
// is or may be among its decoded bytes (raw is all of it unless it came
// in pieces), or one the refanged text may hold.
func (r *jreader) mayHoldInert(raw []byte) bool {
	return r.pieces || r.esc || r.opts.Delimit.Refang || bytes.IndexByte(raw, '<') >= 0
}

// errEndsInString is the note of a JSON input cut inside a string.
var errEndsInString = reader.Note(errors.New("the JSON ends inside a string"))

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
