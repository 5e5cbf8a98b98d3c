package resolve

// This file is the percent-encoding of the basic URL parser (URL Standard
// section 1.3): the percent-encode sets and the writing of the userinfo
// and the query with them.

// appendUserinfo UTF-8 percent-encodes s with the userinfo percent-encode
// set onto the password or the username (section 4.4, authority state).
func (p *wparser) appendUserinfo(s string, password bool) {
	if password {
		p.pass = appendPct(p.pass, s, setUserinfo)
	} else {
		p.user = appendPct(p.user, s, setUserinfo)
	}
}

// appendQuery is the query state at the end of the query (section 4.4):
// the buffer percent-encoded after encoding, in the document encoding for
// a special URL other than ws and wss, in UTF-8 otherwise.
func (p *wparser) appendQuery(dst []byte, s string) []byte {
	set := setQuery
	if p.special {
		set = setSpecialQuery
	}
	if p.enc != nil && p.special && p.scheme != "ws" && p.scheme != "wss" {
		return p.enc.appendQuery(dst, s, set)
	}
	return appendPct(dst, s, set)
}

// Percent-encode sets (section 1.3), as bits of pctSets.
const (
	setC0           uint8 = 1 << iota // C0 controls and > U+007E
	setFragment                       // C0, space " < > `
	setQuery                          // C0, space " # < >
	setSpecialQuery                   // query and '
	setPath                           // query and ? ^ ` { }
	setUserinfo                       // path and / : ; = @ [ \ ] |
)

// pctSets[c] has the bit of each set c is in; every set holds every
// code point above U+007E.
var pctSets = func() (t [128]uint8) {
	add := func(set uint8, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= set
		}
	}
	all := setC0 | setFragment | setQuery | setSpecialQuery | setPath | setUserinfo
	for c := 0; c < 0x20; c++ {
		t[c] = all
	}
	t[0x7F] = all
	add(setFragment, " \"<>`")
	add(setQuery|setSpecialQuery|setPath|setUserinfo, " \"#<>")
	add(setSpecialQuery, "'")
	add(setPath|setUserinfo, "?^`{}")
	add(setUserinfo, "/:;=@[\\]|")
	return t
}()

// appendPct appends s UTF-8 percent-encoded with set (section 1.3): each
// byte of a code point in the set as %HH, uppercase.
func appendPct(dst []byte, s string, set uint8) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || pctSets[c]&set != 0 {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}
