// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package htmltoken is golang.org/x/net/html's Tokenizer (v0.62.0), cut
// down to what package htmlbase calls and changed only where it costs:
// the byte reader's common case has no limit check of its own and is
// inlined, as is the white space skip's when there is none, the runs
// of bytes that no state looks at one by one (text up to '<', a quoted
// value up to its quote, a name up to its end) are skipped in the
// buffer, a tag that the buffer holds whole with quoted values is read by
// one loop over it (readTagFast), repeated attribute names are found
// without a map or an allocation, TagAttr copies a key or value only when
// it must change it, and TagAttrKey gives a key without its value, which
// AttrVal decodes when asked. The tokens, their raw bytes and their
// attributes are the upstream tokenizer's, byte for byte (doc/spec.md
// H1): a differential fuzz target holds them to it. Values holding a
// character reference other than the common ones (unescapeCommon) are
// decoded by the upstream tokenizer itself (see unescaper). Unread, which
// upstream has not, gives back the bytes read past a token.
package htmltoken

import (
	"bytes"
	"io"

	"golang.org/x/net/html"

	"github.com/urix/urix/internal/swar"
)

// TokenType is the upstream token type.
type TokenType = html.TokenType

// The token types, as upstream.
const (
	ErrorToken          = html.ErrorToken
	TextToken           = html.TextToken
	StartTagToken       = html.StartTagToken
	EndTagToken         = html.EndTagToken
	SelfClosingTagToken = html.SelfClosingTagToken
	CommentToken        = html.CommentToken
	DoctypeToken        = html.DoctypeToken
)

// ErrBufferExceeded is upstream's: a token grew past SetMaxBuf's limit.
var ErrBufferExceeded = html.ErrBufferExceeded

// A span is a range of bytes in a Tokenizer's buffer.
type span struct {
	start, end int
}

// smallAttrs is how many attributes a tag may have before their names
// are checked for repeats through a map rather than one by one.
const smallAttrs = 16

// maxArena is the most the arena keeps from one token for the next.
const maxArena = 64 << 10

// A Tokenizer returns a stream of HTML Tokens.
type Tokenizer struct {
	r       io.Reader
	tt      TokenType
	err     error
	readErr error
	// buf[rawStart:rawEnd] holds the raw bytes of the current token;
	// buf[rawEnd:] is buffered input not yet tokenized.
	rawStart, rawEnd int
	buf              []byte
	maxBuf           int // 0 means unlimited
	// win is buf up to where readByte may read without a check: the end
	// of the buffered input, or the byte before the one that reaches
	// maxBuf. setWin keeps it so whenever buf or rawStart change.
	win []byte
	// data is the text, tag name or comment of the current token.
	data          span
	pendingAttr   [2]span
	attr          [][2]span
	attrNames     map[string]bool
	nAttrReturned int
	rawTag        string
	textIsRaw     bool
	convertNUL    bool
	allowCDATA    bool
	// arena holds the keys and values TagAttr had to change, until Next.
	arena []byte
	unesc *unescaper
}

// NewTokenizer returns a new HTML Tokenizer for r, as upstream's does.
func NewTokenizer(r io.Reader) *Tokenizer {
	return &Tokenizer{r: r, buf: make([]byte, 0, 4096)}
}

// SetMaxBuf sets a limit on the amount of data buffered during
// tokenization. A value of 0 means unlimited.
func (z *Tokenizer) SetMaxBuf(n int) {
	z.maxBuf = n
	z.setWin()
}

// AllowCDATA sets whether "<![CDATA[" is the start of a text section
// (true) or of a bogus comment (false, the default).
func (z *Tokenizer) AllowCDATA(allowCDATA bool) {
	z.allowCDATA = allowCDATA
}

// NextIsNotRawText tells the tokenizer that the next token is not raw
// text although the previous start tag says so (<svg><style>).
func (z *Tokenizer) NextIsNotRawText() {
	z.rawTag = ""
}

// Err returns the error of the most recent ErrorToken, io.EOF at the end.
func (z *Tokenizer) Err() error {
	if z.tt != ErrorToken {
		return nil
	}
	return z.err
}

// Raw returns the unmodified text of the current token.
func (z *Tokenizer) Raw() []byte {
	return z.buf[z.rawStart:z.rawEnd]
}

// setWin sets win after a change of buf or rawStart.
func (z *Tokenizer) setWin() {
	n := len(z.buf)
	if z.maxBuf > 0 && z.rawStart+z.maxBuf-1 < n {
		n = max(z.rawStart+z.maxBuf-1, 0)
	}
	z.win = z.buf[:n]
}

// readByte returns the next byte from the input stream, doing a buffered
// read from z.r into z.buf if necessary. z.buf[z.rawStart:z.rawEnd]
// remains a contiguous byte slice that holds all the bytes read so far
// for the current token. It sets z.err if the underlying reader returns
// an error. Pre-condition: z.err == nil.
func (z *Tokenizer) readByte() byte {
	// Kept small enough for the compiler to inline (rawEnd is a field
	// of its own for that).
	if z.rawEnd < len(z.win) {
		z.rawEnd++
		return z.win[z.rawEnd-1]
	}
	return z.readByteSlow()
}

// skip moves rawEnd past the bytes of the window before the first
// that stop[c] marks, bytes that readByte would return one by one to a
// loop that does nothing else with them. It reports how many it skipped.
func (z *Tokenizer) skip(stop *[256]bool) int {
	i := z.rawEnd
	w := z.win
	if i >= len(w) {
		return 0
	}
	j := i
	for j < len(w) && !stop[w[j]] {
		j++
	}
	z.rawEnd = j
	return j - i
}

// skipTo is skip for a single stop byte.
func (z *Tokenizer) skipTo(c byte) {
	if i := z.rawEnd; i < len(z.win) {
		if k := bytes.IndexByte(z.win[i:], c); k >= 0 {
			z.rawEnd = i + k
		} else {
			z.rawEnd = len(z.win)
		}
	}
}

// readByteSlow is upstream's readByte: at the end of the buffer, or near
// maxBuf.
func (z *Tokenizer) readByteSlow() byte {
	defer z.setWin()
	if z.rawEnd >= len(z.buf) {
		// Our buffer is exhausted and we have to read from z.r. Check if
		// the previous read resulted in an error.
		if z.readErr != nil {
			z.err = z.readErr
			return 0
		}
		// We copy z.buf[z.rawStart:z.rawEnd] to the beginning of
		// z.buf. If the length z.rawEnd - z.rawStart is more than half
		// the capacity of z.buf, then we allocate a new buffer before the
		// copy.
		c := cap(z.buf)
		d := z.rawEnd - z.rawStart
		var buf1 []byte
		if 2*d > c {
			buf1 = make([]byte, d, 2*c)
		} else {
			buf1 = z.buf[:d]
		}
		copy(buf1, z.buf[z.rawStart:z.rawEnd])
		if x := z.rawStart; x != 0 {
			// Adjust the data/attr spans to refer to the same contents
			// after the copy.
			z.data.start -= x
			z.data.end -= x
			z.pendingAttr[0].start -= x
			z.pendingAttr[0].end -= x
			z.pendingAttr[1].start -= x
			z.pendingAttr[1].end -= x
			for i := range z.attr {
				z.attr[i][0].start -= x
				z.attr[i][0].end -= x
				z.attr[i][1].start -= x
				z.attr[i][1].end -= x
			}
		}
		z.rawStart, z.rawEnd, z.buf = 0, d, buf1[:d]
		// Now that we have copied the live bytes to the start of the
		// buffer, we read from z.r into the remainder.
		var n int
		n, z.readErr = readAtLeastOneByte(z.r, buf1[d:cap(buf1)])
		if n == 0 {
			z.err = z.readErr
			return 0
		}
		z.buf = buf1[:d+n]
	}
	x := z.buf[z.rawEnd]
	z.rawEnd++
	if z.maxBuf > 0 && z.rawEnd-z.rawStart >= z.maxBuf {
		z.err = ErrBufferExceeded
		return 0
	}
	return x
}

// readAtLeastOneByte wraps an io.Reader so that reading cannot return (0,
// nil). It returns io.ErrNoProgress if the underlying r.Read method
// returns (0, nil) too many times in succession.
func readAtLeastOneByte(r io.Reader, b []byte) (int, error) {
	for range 100 {
		if n, err := r.Read(b); n != 0 || err != nil {
			return n, err
		}
	}
	return 0, io.ErrNoProgress
}

// Unread gives back the bytes the tokenizer read from its reader past
// the current token, and forgets them, and the error the reader returned
// with them, if any: a caller that changes what the rest of the input
// decodes to has them read again. The next token is read from the reader.
func (z *Tokenizer) Unread() ([]byte, error) {
	rest := bytes.Clone(z.buf[z.rawEnd:])
	z.buf = z.buf[:z.rawEnd]
	err := z.readErr
	z.readErr = nil
	z.setWin()
	return rest, err
}

// TagName returns the lower-cased name of a tag token (the "img" in
// "<IMG SRC='foo'>") and whether the tag has attributes, as upstream's.
func (z *Tokenizer) TagName() (name []byte, hasAttr bool) {
	if z.data.start < z.data.end {
		switch z.tt {
		case StartTagToken, EndTagToken, SelfClosingTagToken:
			s := z.clean(z.buf[z.data.start:z.data.end], false)
			z.data.start = z.rawEnd
			z.data.end = z.rawEnd
			return s, z.nAttrReturned < len(z.attr)
		}
	}
	return nil, false
}

// TagAttr returns the lower-cased key and unescaped value of the next
// unparsed attribute for the current tag token and whether there are
// more attributes. The contents of the returned slices may change on the
// next call to Next. Unlike upstream's, the slices may be the input's
// own bytes: they must not be written to.
func (z *Tokenizer) TagAttr() (key, val []byte, moreAttr bool) {
	if z.nAttrReturned < len(z.attr) {
		switch z.tt {
		case StartTagToken, SelfClosingTagToken:
			x := z.attr[z.nAttrReturned]
			z.nAttrReturned++
			key = z.clean(z.buf[x[0].start:x[0].end], false)
			val = z.clean(z.buf[x[1].start:x[1].end], true)
			return key, val, z.nAttrReturned < len(z.attr)
		}
	}
	return nil, nil, false
}

// TagAttrKey returns the lower-cased key of the next attribute of the
// current start tag, as TagAttr does, and whether there are more; its
// value is left undecoded until AttrVal asks for it, so that a caller
// that wants few values pays for those only.
func (z *Tokenizer) TagAttrKey() (key []byte, moreAttr bool) {
	if z.nAttrReturned < len(z.attr) {
		switch z.tt {
		case StartTagToken, SelfClosingTagToken:
			x := z.attr[z.nAttrReturned]
			z.nAttrReturned++
			return z.clean(z.buf[x[0].start:x[0].end], false), z.nAttrReturned < len(z.attr)
		}
	}
	return nil, false
}

// AttrVal returns the value of the attribute whose key TagAttrKey
// returned last, as TagAttr returns it, or nil when there is none.
func (z *Tokenizer) AttrVal() []byte {
	switch z.tt {
	case StartTagToken, SelfClosingTagToken:
		if n := z.nAttrReturned; n > 0 && n <= len(z.attr) {
			x := z.attr[n-1][1]
			return z.clean(z.buf[x.start:x.end], true)
		}
	}
	return nil
}

// HasAttr reports whether the current start tag has an attribute whose
// key, as TagAttr returns it, is name (lower-case ASCII), whether or not
// TagAttr returned it already.
func (z *Tokenizer) HasAttr(name string) bool {
	switch z.tt {
	case StartTagToken, SelfClosingTagToken:
		for _, a := range z.attr {
			if k := z.buf[a[0].start:a[0].end]; len(k) == len(name) && equalFoldString(k, name) {
				return true
			}
		}
	}
	return false
}

// equalFoldString reports whether b, lower-cased, is the lower-case
// ASCII string s.
func equalFoldString(b []byte, s string) bool {
	for i := range b {
		if lowerASCII(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// changes[c] marks the bytes that TagAttr changes: in a key the upper
// case letters (1) and NUL, in a value NUL, '\r' and '&' (2).
var changes = func() (t [256]uint8) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = 1
	}
	t[0], t['\r'], t['&'] = 3, 2, 2
	return t
}()

// clean returns b as upstream's TagAttr returns a key (value false) or a
// value: NUL replaced by U+FFFD, a key lower-cased, a value's newlines
// normalized and its character references decoded. b itself is returned
// when none of that changes it, else a copy in the arena.
func (z *Tokenizer) clean(b []byte, value bool) []byte {
	mask, i := uint8(1), 0
	if value {
		mask, i = 2, valueClean(b)
	}
	for i < len(b) && changes[b[i]]&mask == 0 {
		i++
	}
	if i == len(b) {
		return b
	}
	if value && bytes.IndexByte(b[i:], '&') >= 0 {
		return z.unescape(b)
	}
	start := len(z.arena)
	z.arena = append(z.arena, b[:i]...)
	for _, c := range b[i:] {
		switch {
		case c == 0:
			z.arena = append(z.arena, "\ufffd"...)
		case !value && 'A' <= c && c <= 'Z':
			z.arena = append(z.arena, c+'a'-'A')
		default:
			z.arena = append(z.arena, c)
		}
	}
	out := z.arena[start:len(z.arena):len(z.arena)]
	if value {
		out = convertNewlines(out)
	}
	return out
}

// valueClean returns how many bytes at the start of a value TagAttr
// leaves as they are, at the least: it looks at eight bytes at a time
// for a '&' or a byte below 0x0e (NUL, '\r' and a few others), and stops
// at the first eight that hold one.
func valueClean(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if x := swar.Load(b, i); swar.Below(x, 0x0e)|swar.Equal(x, '&') != 0 {
			break
		}
	}
	return i
}

// convertNewlines converts "\r" and "\r\n" in s to "\n". The conversion
// happens in place, but the resulting slice may be shorter.
func convertNewlines(s []byte) []byte {
	for i, c := range s {
		if c != '\r' {
			continue
		}
		src := i + 1
		if src >= len(s) || s[src] != '\n' {
			s[i] = '\n'
			continue
		}
		dst := i
		for src < len(s) {
			if s[src] == '\r' {
				if src+1 < len(s) && s[src+1] == '\n' {
					src++
				}
				s[dst] = '\n'
			} else {
				s[dst] = s[src]
			}
			src++
			dst++
		}
		return s[:dst]
	}
	return s
}

// RawTagName returns the name of a tag token as written (the "IMG" in
// "<IMG SRC='foo'>"): not lower-cased, NUL not replaced, the input's own
// bytes, not to be written to. It is valid until Next or TagName.
func (z *Tokenizer) RawTagName() []byte {
	switch z.tt {
	case StartTagToken, EndTagToken, SelfClosingTagToken:
		return z.buf[z.data.start:z.data.end]
	}
	return nil
}
