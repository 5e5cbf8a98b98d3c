// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package htmltoken

import (
	"bytes"
	"strings"
)

// readStartTag reads the next start tag token. The opening "<a" has already
// been consumed, where 'a' means anything in [A-Za-z].
func (z *Tokenizer) readStartTag() TokenType {
	z.readTag(true)
	if z.err != nil {
		return ErrorToken
	}
	// Several tags flag the tokenizer's next token as raw.
	c, raw := z.buf[z.data.start], false
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	switch c {
	case 'i':
		raw = z.startTagIn("iframe")
	case 'n':
		raw = z.startTagIn("noembed", "noframes", "noscript")
	case 'p':
		raw = z.startTagIn("plaintext")
	case 's':
		raw = z.startTagIn("script", "style")
	case 't':
		raw = z.startTagIn("textarea", "title")
	case 'x':
		raw = z.startTagIn("xmp")
	}
	if raw {
		z.rawTag = strings.ToLower(string(z.buf[z.data.start:z.data.end]))
	}
	// Look for a self-closing token (e.g. <br/>).
	//
	// Originally, we did this by just checking that the last character of the
	// tag (ignoring the closing bracket) was a solidus (/) character, but this
	// is not always accurate.
	//
	// We need to be careful that we don't misinterpret a non-self-closing tag
	// as self-closing, as can happen if the tag contains unquoted attribute
	// values (i.e. <p a=/>).
	//
	// To avoid this, we check that the last non-bracket character of the tag
	// (z.rawEnd-2) isn't the same character as the last non-quote character of
	// the last attribute of the tag (z.pendingAttr[1].end-1), if the tag has
	// attributes.
	nAttrs := len(z.attr)
	if z.err == nil && z.buf[z.rawEnd-2] == '/' && (nAttrs == 0 || z.rawEnd-2 != z.attr[nAttrs-1][1].end-1) {
		return SelfClosingTagToken
	}
	return StartTagToken
}

// readTag reads the next tag token and its attributes. If saveAttr, those
// attributes are saved in z.attr, otherwise z.attr is set to an empty slice.
// The opening "<a" or "</a" has already been consumed, where 'a' means anything
// in [A-Za-z].
func (z *Tokenizer) readTag(saveAttr bool) {
	z.attr = z.attr[:0]
	z.nAttrReturned = 0
	z.attrNames = nil
	if z.readTagFast(saveAttr) {
		return
	}
	// Read the tag name and attribute key/value pairs.
	z.readTagName()
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	for {
		c := z.readByte()
		if z.err != nil || c == '>' {
			break
		}
		z.rawEnd--
		z.readTagAttrKey()
		z.readTagAttrVal()
		// Save pendingAttr if saveAttr and that attribute has a non-empty key, and the key hasn't been seen before.
		if saveAttr && z.pendingAttr[0].start != z.pendingAttr[0].end && z.newAttrName() {
			z.attr = append(z.attr, z.pendingAttr)
		}
		if z.skipWhiteSpace(); z.err != nil {
			break
		}
	}
}

// readTagName sets z.data to the "div" in "<div k=v>". The reader (z.rawEnd)
// is positioned such that the first byte of the tag name (the "d" in "<div")
// has already been consumed.
func (z *Tokenizer) readTagName() {
	z.data.start = z.rawEnd - 1
	for {
		z.skip(&nameStop)
		c := z.readByte()
		if z.err != nil {
			z.data.end = z.rawEnd
			return
		}
		switch c {
		case ' ', '\n', '\r', '\t', '\f':
			z.data.end = z.rawEnd - 1
			return
		case '/', '>':
			z.rawEnd--
			z.data.end = z.rawEnd
			return
		}
	}
}

// readTagAttrKey sets z.pendingAttr[0] to the "k" in "<div k=v>".
// Precondition: z.err == nil.
func (z *Tokenizer) readTagAttrKey() {
	z.pendingAttr[0].start = z.rawEnd
	for {
		z.skip(&keyStop)
		c := z.readByte()
		if z.err != nil {
			z.pendingAttr[0].end = z.rawEnd
			return
		}
		switch c {
		case '=':
			if z.pendingAttr[0].start+1 == z.rawEnd {
				// WHATWG 13.2.5.32, if we see an equals sign before the attribute name
				// begins, we treat it as a character in the attribute name and continue.
				continue
			}
			fallthrough
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			// WHATWG 13.2.5.33 Attribute name state
			// We need to reconsume the char in the after attribute name state to support the / character
			z.rawEnd--
			z.pendingAttr[0].end = z.rawEnd
			return
		}
	}
}

// readTagAttrVal sets z.pendingAttr[1] to the "v" in "<div k=v>".
func (z *Tokenizer) readTagAttrVal() {
	z.pendingAttr[1].start = z.rawEnd
	z.pendingAttr[1].end = z.rawEnd
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	c := z.readByte()
	if z.err != nil {
		return
	}
	if c == '/' {
		// WHATWG 13.2.5.34 After attribute name state
		// U+002F SOLIDUS (/) - Switch to the self-closing start tag state.
		return
	}
	if c != '=' {
		z.rawEnd--
		return
	}
	if z.skipWhiteSpace(); z.err != nil {
		return
	}
	quote := z.readByte()
	if z.err != nil {
		return
	}
	switch quote {
	case '>':
		z.rawEnd--
		return

	case '\'', '"':
		z.pendingAttr[1].start = z.rawEnd
		for {
			z.skipTo(quote)
			c := z.readByte()
			if z.err != nil {
				z.pendingAttr[1].end = z.rawEnd
				return
			}
			if c == quote {
				z.pendingAttr[1].end = z.rawEnd - 1
				return
			}
		}

	default:
		z.pendingAttr[1].start = z.rawEnd - 1
		for {
			z.skip(&valueStop)
			c := z.readByte()
			if z.err != nil {
				z.pendingAttr[1].end = z.rawEnd
				return
			}
			switch c {
			case ' ', '\n', '\r', '\t', '\f':
				z.pendingAttr[1].end = z.rawEnd - 1
				return
			case '>':
				z.rawEnd--
				z.pendingAttr[1].end = z.rawEnd
				return
			}
		}
	}
}

// Next scans the next token and returns its type.
func (z *Tokenizer) Next() TokenType {
	z.rawStart = z.rawEnd
	z.startToken()
	z.data.start = z.rawEnd
	z.data.end = z.rawEnd
	if z.err != nil {
		z.tt = ErrorToken
		return z.tt
	}
	if z.rawTag != "" {
		if z.rawTag == "plaintext" {
			// Read everything up to EOF.
			for z.err == nil {
				z.rawEnd = max(z.rawEnd, len(z.win))
				z.readByte()
			}
			z.data.end = z.rawEnd
			z.textIsRaw = true
		} else {
			z.readRawOrRCDATA()
		}
		if z.data.end > z.data.start {
			z.tt = TextToken
			z.convertNUL = true
			return z.tt
		}
	}
	z.textIsRaw = false
	z.convertNUL = false

loop:
	for {
		// z.skipTo('<'), inlined: once or twice a token.
		if i := z.rawEnd; i < len(z.win) {
			if k := bytes.IndexByte(z.win[i:], '<'); k >= 0 {
				z.rawEnd = i + k
			} else {
				z.rawEnd = len(z.win)
			}
		}
		c := z.readByte()
		if z.err != nil {
			break loop
		}
		if c != '<' {
			continue loop
		}

		// Check if the '<' we have just read is part of a tag, comment
		// or doctype. If not, it's part of the accumulated text token.
		c = z.readByte()
		if z.err != nil {
			break loop
		}
		var tokenType TokenType
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			tokenType = StartTagToken
		case c == '/':
			tokenType = EndTagToken
		case c == '!' || c == '?':
			// We use CommentToken to mean any of "<!--actual comments-->",
			// "<!DOCTYPE declarations>" and "<?xml processing instructions?>".
			tokenType = CommentToken
		default:
			// Reconsume the current character.
			z.rawEnd--
			continue
		}

		// We have a non-text token, but we might have accumulated some text
		// before that. If so, we return the text first, and return the non-
		// text token on the subsequent call to Next.
		if x := z.rawEnd - len("<a"); z.rawStart < x {
			z.rawEnd = x
			z.data.end = x
			z.tt = TextToken
			return z.tt
		}
		switch tokenType {
		case StartTagToken:
			z.tt = z.readStartTag()
			return z.tt
		case EndTagToken:
			return z.readEndTagToken()
		case CommentToken:
			if c == '!' {
				z.tt = z.readMarkupDeclaration()
				return z.tt
			}
			z.rawEnd--
			z.readUntilCloseAngle()
			z.tt = CommentToken
			return z.tt
		}
	}
	return z.endOfInput()
}

// readEndTagToken is Next after a "</": an end tag, or a comment.
func (z *Tokenizer) readEndTagToken() TokenType {
	c := z.readByte()
	if z.err != nil {
		return z.endOfInput()
	}
	if c == '>' {
		// "</>" does not generate a token at all. Generate an empty comment
		// to allow passthrough clients to pick up the data using Raw.
		// Reset the tokenizer state and start again.
		z.tt = CommentToken
		return z.tt
	}
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		z.readTag(false)
		if z.err != nil {
			z.tt = ErrorToken
		} else {
			z.tt = EndTagToken
		}
		return z.tt
	}
	z.rawEnd--
	z.readUntilCloseAngle()
	z.tt = CommentToken
	return z.tt
}

// endOfInput is Next at the end of the input: the text before it, if
// any, else the error.
func (z *Tokenizer) endOfInput() TokenType {
	if z.rawStart < z.rawEnd {
		z.data.end = z.rawEnd
		z.tt = TextToken
		return z.tt
	}
	z.tt = ErrorToken
	return z.tt
}

// The bytes at which a skip stops, in a tag name, an attribute key, an
// unquoted attribute value and a comment: those the loops that skip
// look at.
var nameStop, keyStop, valueStop, commentStop = stops(" \n\r\t\f/>"), stops(" \n\r\t\f/>="), stops(" \n\r\t\f>"), stops("-!>")

// notSpace stops a skip at any byte but HTML white space.
var notSpace = func() (t [256]bool) {
	for i := range t {
		t[i] = true
	}
	for _, c := range " \n\r\t\f" {
		t[c] = false
	}
	return t
}()

func stops(s string) (t [256]bool) {
	for i := range len(s) {
		t[s[i]] = true
	}
	return t
}

// newAttrName reports whether the key of pendingAttr is not that of an
// attribute saved already, ignoring ASCII case, as upstream's map of
// lower-cased names does; a tag's first names are compared one by one,
// its names past smallAttrs through the map.
func (z *Tokenizer) newAttrName() bool {
	key := z.buf[z.pendingAttr[0].start:z.pendingAttr[0].end]
	if len(z.attr) < smallAttrs {
		for _, a := range z.attr {
			if equalFold(z.buf[a[0].start:a[0].end], key) {
				return false
			}
		}
		return true
	}
	if z.attrNames == nil {
		z.attrNames = make(map[string]bool, 2*smallAttrs)
		for _, a := range z.attr {
			z.attrNames[lowerString(z.buf[a[0].start:a[0].end])] = true
		}
	}
	k := lowerString(key)
	if z.attrNames[k] {
		return false
	}
	z.attrNames[k] = true
	return true
}

// equalFold reports whether a and b are equal when ASCII letters are
// lower-cased.
func equalFold(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerString(b []byte) string {
	s := []byte(string(b))
	for i, c := range s {
		s[i] = lowerASCII(c)
	}
	return string(s)
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// startToken sets the window for a token starting at rawStart and
// empties the arena, keeping no more than maxArena of it.
func (z *Tokenizer) startToken() {
	if len(z.win) < len(z.buf) || z.maxBuf > 0 && z.rawStart+z.maxBuf-1 < len(z.buf) {
		z.setWin() // else win is buf whole, and stays so
	}
	z.arena = z.arena[:0]
	if cap(z.arena) > maxArena {
		z.arena = nil
	}
}
