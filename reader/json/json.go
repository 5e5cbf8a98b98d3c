// Package json reads JSON documents, JSON Lines and the HTTP Archive
// (HAR) format (doc/spec.md JS1).
//
// Every string, value or object key, is decoded (RFC 8259 §7: "\/",
// "\uXXXX", surrogate pairs) and its text read by the text rules
// (package delimit); a hit's offsets, line and column are those of the
// JSON as written, and its raw text the bytes there. The values of the
// JSON-LD keywords @id, @context (a string, or the strings of an array)
// and @vocab are references of kind json-ld; @base is one too, and the
// base of what follows it in the document (or the JSON Lines record). A
// document whose top object has "log" and in it "entries" is a HAR
// (har.go).
//
// The input is read once, with one buffer, by a byte scanner of the
// package's own, which marks where the bytes it stops at are in two
// bitmaps each time it fills the buffer (marks.go) and goes from mark to
// mark: memory does not grow with the input's length or depth
// (a string longer than a megabyte is read in overlapping pieces, a
// nesting deeper than MaxDepth is counted, not kept). The scanner does
// not check that the input is valid JSON: what stands outside strings is
// read as structure, and damage costs only the keys' meaning.
package json

import (
	"errors"
	"io"
	"sync"

	"github.com/urix/urix/reader"
)

// Name is the format's name, as --type gives it.
const Name = "json"

// Format is JSON's entry of the format table.
var Format = &reader.Format{
	Name:       Name,
	Extensions: []string{".json", ".jsonl", ".ndjson", ".har", ".jsonld", ".webmanifest"},
	MediaTypes: []string{"application/json", "application/x-ndjson", "application/ld+json", "application/*+json"},
	Sniff:      LooksLikeJSON,
	Read:       Read,
}

// MaxDepth is the nesting depth up to which the scanner tells objects
// from arrays (and so keys from values); deeper, every string is a value.
const MaxDepth = 1 << 16

// keyDepth is the depth up to which the scanner keeps each object's key.
const keyDepth = 16

// readEvery, set by the tests, gives every string to the text rules,
// none skipped for its colons (delimit.MayHold, delimit.InertColon): the
// hits must be the same.
var readEvery = false

// bufSize is the input buffer's size; the buffer has slack bytes past
// it, which the marking may read but does not use (marksAVX2).
const (
	bufSize = 64 << 10
	slack   = 64
)

// role is what a string is read as.
type role uint8

const (
	roleText role = iota
	roleKey       // an object key: text, and its name kept
	roleLD        // a JSON-LD keyword's value
	roleHAR       // a HAR string kept whole: a URL, header, media type
	roleBody      // a HAR response body
)

// frame is an open object or array within keyDepth.
type frame struct {
	obj bool
	key string // the object's current key, when it is one of keys
}

// jreader reads one content.
type jreader struct {
	c    *reader.Content
	s    reader.Sink
	opts *reader.Options
	base string // the content's base, or the JSON-LD @base in effect

	r     io.Reader
	buf   []byte
	marks *marks // where the events and a string's stops are in buf[:n]
	i, n  int
	off   int64 // stream offset of buf[0]
	eof   bool
	err   error
	line  int
	lnOff int64 // stream offset of the line's start

	frames    [keyDepth]frame
	objs      []uint64 // obj bit of every open container within MaxDepth
	depth     int
	expectKey bool
	inObj     bool // the innermost open container is an object within MaxDepth
	deep      bool // warned of a nesting deeper than MaxDepth
	ldKeys    bool // a key kept so far is a JSON-LD keyword

	role   role
	ldKey  string
	sstart int    // buf index of the string's bytes not yet passed on
	esc    bool   // the string has a backslash so far
	nl     bool   // it has a raw line break so far
	colon  bool   // it has a colon so far, or the text rules need none
	colon0 bool   // the text rules need no colon (Abbrev, Emails)
	inert  bool   // it has a colon no hit can start at (delimit.InertColon)
	pieces bool   // it was passed on in pieces (moreString)
	strAt  cursor // cursor of the string's first byte
	capt   []byte // a kept string's raw bytes, at most captMax
	over   bool   // the kept string was longer
	text   textState
	har    harState
	hit    reader.Hit
}

var readers = sync.Pool{New: func() any { return &jreader{buf: make([]byte, bufSize+slack), marks: new(marks)} }}

// Read reads a JSON document (or JSON Lines) from c (doc/spec.md JS1).
func Read(c *reader.Content, s reader.Sink) error {
	r := readers.Get().(*jreader)
	defer func() {
		r.har.release() // a read that stopped inside a body
		r.c, r.s, r.r, r.har = nil, nil, nil, harState{}
		if cap(r.text.buf) > 4*chunkMax || cap(r.capt) > 1<<20 {
			r.text, r.capt = textState{}, nil // a hostile input's buffers are not kept
		}
		readers.Put(r)
	}()
	*r = jreader{c: c, s: s, opts: s.Options(), base: c.Base, r: c.R, buf: r.buf, marks: r.marks, line: 1, objs: r.objs[:0],
		text: textState{buf: r.text.buf[:0], dec: r.text.dec[:0], sc: r.text.sc}, capt: r.capt[:0]}
	r.colon0 = r.opts.Delimit.Abbrev || r.opts.Delimit.Emails || readEvery
	r.run()
	if r.depth > 0 || r.role != roleText && r.err == nil {
		r.warn(reader.Note(errors.New("the JSON ends inside an object or array")))
	}
	if r.har.active {
		r.endEntry()
	}
	return r.err
}

func (r *jreader) warn(err error) { r.s.Warn(r.c.At.String(), err) }

// fill reads the next bytes into the buffer, which holds nothing needed
// any more; false at the end of the input or on an error.
func (r *jreader) fill() bool {
	r.off += int64(r.n)
	r.i, r.n = 0, 0
	if r.eof {
		return false
	}
	if err := r.s.Err(); err != nil {
		r.err, r.eof = err, true
		return false
	}
	for r.n == 0 {
		n, err := r.r.Read(r.buf[:bufSize])
		r.n = n
		if err != nil {
			r.eof = true
			if err != io.EOF {
				r.err = err
			}
			break
		}
	}
	r.mark()
	return r.n > 0
}

// isObj reports whether the container at depth d (0-based) is an object.
func (r *jreader) isObj(d int) bool {
	if d >= MaxDepth {
		return false
	}
	return r.objs[uint(d)/64]&(1<<(uint(d)%64)) != 0
}

func (r *jreader) push(obj bool) {
	d := r.depth
	r.depth++
	r.expectKey = obj
	r.inObj = obj && d < MaxDepth
	if d >= MaxDepth {
		if !r.deep {
			r.deep = true
			r.warn(reader.Note(errors.New("JSON nested deeper than 65536 levels: keys below are read as values")))
		}
		return
	}
	w, b := uint(d)/64, uint(d)%64
	if w == uint(len(r.objs)) { // the depth grows one level at a time
		r.objs = append(r.objs, 0)
	}
	if obj {
		r.objs[w] |= 1 << b
	} else {
		r.objs[w] &^= 1 << b
	}
	if d < keyDepth {
		r.frames[d] = frame{obj: obj}
	}
	if d == 3 && obj && r.harPath() {
		r.beginEntry()
	}
	if d == 6 && obj && r.harHeaders() {
		r.har.hdr = header{}
	}
}

func (r *jreader) pop() {
	if r.depth == 0 {
		return // a stray closing bracket
	}
	r.depth--
	r.expectKey = false
	r.inObj = r.depth > 0 && r.isObj(r.depth-1)
	switch d := r.depth; {
	case d == 0:
		r.base = r.c.Base // a JSON Lines record's @base ends with it
	case d == 3 && r.har.active && r.harPath():
		r.endEntry()
	case d == 6 && r.harHeaders():
		r.endHeader()
	}
}

// key returns the current key of the object at depth d, "" when it is
// none of keys or not kept.
func (r *jreader) key(d int) string {
	if d < 0 || d >= keyDepth || !r.frames[d].obj {
		return ""
	}
	return r.frames[d].key
}

// number reads the digits of a number right after a ':' (blanks
// skipped), as far as four; -1 when there is none.
func (r *jreader) number() int {
	v, digits := 0, 0
	for r.i < r.n || r.fill() {
		c := r.buf[r.i]
		switch {
		case digits == 0 && (c == ' ' || c == '\t' || c == '\r'):
		case '0' <= c && c <= '9' && digits < 4:
			v, digits = v*10+int(c-'0'), digits+1
		default:
			return max(v, 0) - boolInt(digits == 0)
		}
		r.i++
	}
	return v - boolInt(digits == 0)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// captMax is the most of a kept string held: a longer one is cut, as a
// hit is (doc/spec.md L4).
const captMax = 64 << 10

// piece passes raw bytes of the string being read to its reader.
func (r *jreader) piece(raw []byte, final bool) {
	switch r.role {
	case roleText:
		r.textPiece(raw, final)
		return
	case roleKey:
		if r.colon || !final || len(r.text.buf) > 0 {
			r.textPiece(raw, final) // else no hit (delimit.MayHold)
		}
		if final && len(r.capt) == 0 && !r.esc {
			r.setKey(raw) // raw is all of the key: no copy
			return
		}
		r.keep(raw, 64)
	case roleBody:
		r.bodyPiece(raw, final)
		return
	default:
		r.keep(raw, captMax)
	}
	if final {
		r.endKept()
	}
}

// keep adds raw bytes of a kept string to r.capt, up to limit.
func (r *jreader) keep(raw []byte, limit int) {
	if room := limit - len(r.capt); room < len(raw) {
		raw, r.over = raw[:max(room, 0)], true
	}
	r.capt = append(r.capt, raw...)
}

// keys are the object keys whose values the scanner reads otherwise
// than as text: JSON-LD keywords and the names of a HAR's members.
func keyName(b []byte) string {
	switch string(b) {
	case "@id":
		return "@id"
	case "@context":
		return "@context"
	case "@base":
		return "@base"
	case "@vocab":
		return "@vocab"
	}
	return harKey(b)
}

// keyNames are the names keyName knows.
var keyNames = []string{"@id", "@context", "@base", "@vocab", "log", "entries", "request", "response", "url",
	"redirectURL", "headers", "name", "value", "content", "text", "mimeType", "encoding", "status"}

// keyLens has for each byte the bit 1<<n of each length n of the names
// of keyNames that start with it (mayBeKeyName).
var keyLens = func() (t [256]uint16) {
	for _, k := range keyNames {
		t[k[0]] |= 1 << len(k)
	}
	return t
}()

// textValue reports, for a string that is not a key, that roleOf would
// say roleText, without its switch: outside a HAR entry, in a document
// with no JSON-LD keyword among its keys so far. False when roleOf is to
// be asked.
func (r *jreader) textValue() bool { return !r.har.active && !r.ldKeys }

// roleOf says what the string starting now is read as.
func (r *jreader) roleOf() role {
	d := r.depth - 1
	if d < 0 || d >= MaxDepth {
		return roleText
	}
	if r.inObj {
		if r.expectKey {
			return roleKey
		}
		switch k := r.key(d); k {
		case "":
		case "@id", "@context", "@base", "@vocab":
			r.ldKey = k
			return roleLD
		}
	} else if r.key(d-1) == "@context" {
		r.ldKey = "@context"
		return roleLD
	}
	if !r.har.active {
		return roleText
	}
	return r.harRole()
}

// setKey sets the current key of the innermost object to the key name
// name is, if any. A name longer than 64 bytes (the most of a key kept)
// is none of keyName's.
func (r *jreader) setKey(name []byte) {
	if d := r.depth - 1; d < keyDepth {
		k := ""
		if mayBeKeyName(name) { // most keys: no call of keyName
			k = r.knownKey(name)
		}
		r.frames[d].key = k
	}
}

// knownKey is keyName(name), noting a JSON-LD keyword (textValue).
func (r *jreader) knownKey(name []byte) string {
	k := keyName(name)
	if len(k) > 0 && k[0] == '@' {
		r.ldKeys = true
	}
	return k
}

// mayBeKeyName reports whether b may be one of keyNames: a name of
// theirs starts with its first byte and is as long. Most keys are none
// of them at this look, without a call of keyName (run).
func mayBeKeyName(b []byte) bool {
	return len(b) > 0 && len(b) < 16 && keyLens[b[0]]&(1<<len(b)) != 0
}

// endKept acts on a kept string, now whole.
func (r *jreader) endKept() {
	switch r.role {
	case roleKey:
		r.setKey(r.value())
	case roleLD:
		r.ld()
	case roleHAR:
		r.harString()
	}
}
