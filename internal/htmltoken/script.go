// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package htmltoken

// The script data states of the WHATWG tokenizer, as upstream's
// readScript reads them: upstream jumps from state to state by goto, here
// each state is a method that returns the next one.
type scriptState uint8

const (
	scriptDone scriptState = iota
	scriptData
	scriptDataLessThanSign
	scriptDataEndTagOpen
	scriptDataEscapeStart
	scriptDataEscapeStartDash
	scriptDataEscaped
	scriptDataEscapedDash
	scriptDataEscapedDashDash
	scriptDataEscapedLessThanSign
	scriptDataEscapedEndTagOpen
	scriptDataDoubleEscapeStart
	scriptDataDoubleEscaped
	scriptDataDoubleEscapedDash
	scriptDataDoubleEscapedDashDash
	scriptDataDoubleEscapedLessThanSign
	scriptDataDoubleEscapeEnd
)

var scriptStates = [...]func(z *Tokenizer) scriptState{
	scriptData:                          (*Tokenizer).scriptData,
	scriptDataLessThanSign:              (*Tokenizer).scriptDataLessThanSign,
	scriptDataEndTagOpen:                (*Tokenizer).scriptDataEndTagOpen,
	scriptDataEscapeStart:               (*Tokenizer).scriptDataEscapeStart,
	scriptDataEscapeStartDash:           (*Tokenizer).scriptDataEscapeStartDash,
	scriptDataEscaped:                   (*Tokenizer).scriptDataEscaped,
	scriptDataEscapedDash:               (*Tokenizer).scriptDataEscapedDash,
	scriptDataEscapedDashDash:           (*Tokenizer).scriptDataEscapedDashDash,
	scriptDataEscapedLessThanSign:       (*Tokenizer).scriptDataEscapedLessThanSign,
	scriptDataEscapedEndTagOpen:         (*Tokenizer).scriptDataEscapedEndTagOpen,
	scriptDataDoubleEscapeStart:         (*Tokenizer).scriptDataDoubleEscapeStart,
	scriptDataDoubleEscaped:             (*Tokenizer).scriptDataDoubleEscaped,
	scriptDataDoubleEscapedDash:         (*Tokenizer).scriptDataDoubleEscapedDash,
	scriptDataDoubleEscapedDashDash:     (*Tokenizer).scriptDataDoubleEscapedDashDash,
	scriptDataDoubleEscapedLessThanSign: (*Tokenizer).scriptDataDoubleEscapedLessThanSign,
	scriptDataDoubleEscapeEnd:           (*Tokenizer).scriptDataDoubleEscapeEnd,
}

// readScript reads until the next </script> tag, following the byzantine
// rules for escaping/hiding the closing tag.
func (z *Tokenizer) readScript() {
	for s := scriptData; s != scriptDone; {
		s = scriptStates[s](z)
	}
	z.data.end = z.rawEnd
}

// next reads a byte and returns the state it leads to: by the table for
// '-', '<' and '>' (a zero entry: other), else other; scriptDone on an
// error.
func (z *Tokenizer) next(dash, lt, gt, other scriptState) scriptState {
	c := z.readByte()
	if z.err != nil {
		return scriptDone
	}
	switch {
	case c == '-' && dash != scriptDone:
		return dash
	case c == '<' && lt != scriptDone:
		return lt
	case c == '>' && gt != scriptDone:
		return gt
	}
	return other
}

func (z *Tokenizer) scriptData() scriptState {
	z.skipTo('<')
	return z.next(scriptDone, scriptDataLessThanSign, scriptDone, scriptData)
}

func (z *Tokenizer) scriptDataLessThanSign() scriptState {
	c := z.readByte()
	if z.err != nil {
		return scriptDone
	}
	switch c {
	case '/':
		return scriptDataEndTagOpen
	case '!':
		return scriptDataEscapeStart
	}
	z.rawEnd--
	return scriptData
}

func (z *Tokenizer) scriptDataEndTagOpen() scriptState {
	if z.readRawEndTag() || z.err != nil {
		return scriptDone
	}
	return scriptData
}

// dashOr reads a byte and returns yes for '-', else backs up and returns
// scriptData.
func (z *Tokenizer) dashOr(yes scriptState) scriptState {
	c := z.readByte()
	if z.err != nil {
		return scriptDone
	}
	if c == '-' {
		return yes
	}
	z.rawEnd--
	return scriptData
}

func (z *Tokenizer) scriptDataEscapeStart() scriptState {
	return z.dashOr(scriptDataEscapeStartDash)
}

func (z *Tokenizer) scriptDataEscapeStartDash() scriptState {
	return z.dashOr(scriptDataEscapedDashDash)
}

func (z *Tokenizer) scriptDataEscaped() scriptState {
	return z.next(scriptDataEscapedDash, scriptDataEscapedLessThanSign, scriptDone, scriptDataEscaped)
}

func (z *Tokenizer) scriptDataEscapedDash() scriptState {
	return z.next(scriptDataEscapedDashDash, scriptDataEscapedLessThanSign, scriptDone, scriptDataEscaped)
}

func (z *Tokenizer) scriptDataEscapedDashDash() scriptState {
	return z.next(scriptDataEscapedDashDash, scriptDataEscapedLessThanSign, scriptData, scriptDataEscaped)
}

func (z *Tokenizer) scriptDataEscapedLessThanSign() scriptState {
	c := z.readByte()
	if z.err != nil {
		return scriptDone
	}
	if c == '/' {
		return scriptDataEscapedEndTagOpen
	}
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		return scriptDataDoubleEscapeStart
	}
	z.rawEnd--
	return scriptData
}

func (z *Tokenizer) scriptDataEscapedEndTagOpen() scriptState {
	if z.readRawEndTag() || z.err != nil {
		return scriptDone
	}
	return scriptDataEscaped
}

func (z *Tokenizer) scriptDataDoubleEscapeStart() scriptState {
	z.rawEnd--
	for i := range len("script") {
		c := z.readByte()
		if z.err != nil {
			return scriptDone
		}
		if c != "script"[i] && c != "SCRIPT"[i] {
			z.rawEnd--
			return scriptDataEscaped
		}
	}
	c := z.readByte()
	if z.err != nil {
		return scriptDone
	}
	switch c {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		return scriptDataDoubleEscaped
	}
	z.rawEnd--
	return scriptDataEscaped
}

func (z *Tokenizer) scriptDataDoubleEscaped() scriptState {
	return z.next(scriptDataDoubleEscapedDash, scriptDataDoubleEscapedLessThanSign, scriptDone, scriptDataDoubleEscaped)
}

func (z *Tokenizer) scriptDataDoubleEscapedDash() scriptState {
	return z.next(scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThanSign, scriptDone, scriptDataDoubleEscaped)
}

func (z *Tokenizer) scriptDataDoubleEscapedDashDash() scriptState {
	return z.next(scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThanSign, scriptData, scriptDataDoubleEscaped)
}

func (z *Tokenizer) scriptDataDoubleEscapedLessThanSign() scriptState {
	c := z.readByte()
	if z.err != nil {
		return scriptDone
	}
	if c == '/' {
		return scriptDataDoubleEscapeEnd
	}
	z.rawEnd--
	return scriptDataDoubleEscaped
}

func (z *Tokenizer) scriptDataDoubleEscapeEnd() scriptState {
	if z.readRawEndTag() {
		z.rawEnd += len("</script>")
		return scriptDataEscaped
	}
	if z.err != nil {
		return scriptDone
	}
	return scriptDataDoubleEscaped
}
