package delimit

import "bytes"

// This file holds where a bare hit ends (E4: trailing punctuation,
// brackets, AsciiDoc link text), whether a scheme-specific part fits its
// scheme (E2), and the mail quote prefix a continuation line may repeat
// (E7, E9).

// trimTrailing returns the length of hit s once the trailing punctuation of
// E4 is stripped, repeatedly: the characters . , ; : ! ? and the apostrophe,
// a '%' that is no escape,
// a closing ')' or ']' that balances no opener inside the hit, a final '('
// or '[' (it opens nothing), and the Markdown emphasis wrapper wrap ('*' or
// '_', written n times before the hit).
func trimTrailing(s []byte, wrap byte, n int) int {
	e := len(s)
	for e > 0 {
		c := s[e-1]
		switch {
		case ctab[c]&cTrail != 0:
			e--
		case c == wrap && n > 0:
			e--
			n--
		case c == '(' || c == '[':
			e-- // an opener that opens nothing: "see http://a/b[" (AsciiDoc)
		case c == '%':
			e-- // no escape: "(up http://a/100%)" (E3)
		case c == '\\':
			e-- // a TeX escape whose character was stripped ("{http://a/\\%")
		case c == ')' || c == ']' || c == '}':
			open := byte('(')
			if c == ']' {
				open = '['
			} else if c == '}' {
				open = '{'
			}
			depth := 0
			for _, x := range s[:e] {
				if x == open {
					depth++
				} else if x == c {
					depth--
				}
			}
			if depth >= 0 {
				return e
			}
			e--
		default:
			return e
		}
	}
	return e
}

// pathStart returns where the path of the bare hit's scheme-specific part
// b[from:e] starts: after the authority when it starts with "//", else at
// from (E4).
func pathStart(b []byte, from, e int) int {
	if !hasSlashes(b, from) {
		return from
	}
	i := from + 2
	for i < e && b[i] != '/' && b[i] != '?' && b[i] != '#' {
		i++
	}
	return i
}

// bracketCut returns the end of a bare hit b[:e] whose path starts at ps,
// cut before AsciiDoc link text (E4): at a '[' in the path
// ("https://a/b[text]"; RFC 3986 allows '[' only around an IP literal
// host, so a '[' in a path is link text, not the URI), or at the first
// '[' left open at the end of the run ("https://a/x?q=1[open a ticket]",
// whose text continued past a space), or at a '[' in the fragment
// ("https://a/b#how-to[here]": RFC 3986 allows none there). Brackets in
// the host ("http://[::1]/") and closed ones in the query ("?r=[2]",
// PHP's "?a[]=1") stay.
func bracketCut(b []byte, from, ps, e int) int {
	if bytes.IndexByte(b[from:e], '[') < 0 {
		return e
	}
	// Cut until nothing changes: a cut at a '[' in the path may leave a
	// '[' open in the host ("A0://[/[").
	for {
		k := bracketCutOnce(b, from, ps, e)
		if k == e {
			return e
		}
		e = k
	}
}

func bracketCutOnce(b []byte, from, ps, e int) int {
	pe := ps
	for pe < e && b[pe] != '?' && b[pe] != '#' {
		pe++
	}
	fs := pe // the fragment: RFC 3986 allows no '[' there at all
	for fs < e && b[fs] != '#' {
		fs++
	}
	depth, outer := 0, e
	for k := from; k < e; k++ {
		switch b[k] {
		case '[':
			if ps <= k && k < pe && !segmentBrackets(b[k:e]) || k > fs {
				return k
			}
			if depth == 0 {
				outer = k
			}
			depth++
		case ']':
			depth--
		}
	}
	if depth > 0 {
		return outer
	}
	return e
}

// segmentBrackets reports whether the '[' at b[0] closes before a '/' in
// the run b ("/~[user]/path" in git's URL syntax, a placeholder segment):
// AsciiDoc link text ends the run after its ']'.
func segmentBrackets(b []byte) bool {
	m := bytes.IndexByte(b, ']')
	return m > 0 && m+1 < len(b) && b[m+1] == '/' && bytes.IndexByte(b[1:m], '[') < 0
}

// sspOK reports whether rest, the scheme-specific part after "scheme:", is
// acceptable for a bare or quoted hit of a scheme of class k (E2).
func sspOK[T string | []byte](k sspClass, rest T) bool {
	switch k {
	case sspAuthority:
		if len(rest) < 3 || rest[0] != '/' || rest[1] != '/' {
			return false
		}
		// The authority starts as a host or user name does: not with
		// '/', '?', '#', '$' (a template: "http://${host}/") nor a
		// separator ("http://,https://" is a list of schemes).
		switch rest[2] {
		case '/', '?', '#', '$', ',', ';', '!', '\'', '(', ')', '=', '+', '&':
			return false
		}
		return true
	case sspFile:
		if len(rest) == 0 || rest[0] != '/' {
			return false
		}
		for i := 0; i < len(rest); i++ {
			if rest[i] != '/' {
				return true
			}
		}
		return false
	}
	return len(rest) > 0
}

// fits reports whether rest, the scheme-specific part after "scheme:", is
// acceptable for a bare or quoted hit: the scheme's own syntax rule when it
// has one (E1a), else the rule of its class (E2).
func fits(k sspClass, rule sspRule, rest []byte) bool {
	if rule != nil {
		return rule(rest)
	}
	return sspOK(k, rest)
}

// maxPrefixLook bounds how far back the start of a line is looked for when
// a mail quote prefix is needed (E7).
const maxPrefixLook = 256

// quotePrefix returns the mail-reply quote prefix (E7) of the line holding
// position i: at the line start, one or more of '>' and '|', each optionally
// followed by one space, returned without a trailing space (">", ">>",
// "> >", "|"). atStart says whether b[0] is the start of the input. When the
// line start is not within maxPrefixLook bytes the line has no prefix.
func quotePrefix(b []byte, i int, atStart bool) []byte {
	ls := -1
	lo := max(0, i-maxPrefixLook)
	for k := i - 1; k >= lo; k-- {
		if b[k] == '\n' {
			ls = k + 1
			break
		}
	}
	if ls < 0 {
		if lo != 0 || !atStart {
			return nil
		}
		ls = 0
	}
	k := ls
	for k < i && (b[k] == '>' || b[k] == '|') {
		k++
		if k < i && b[k] == ' ' {
			k++
		}
	}
	for k > ls && b[k-1] == ' ' {
		k--
	}
	return b[ls:k]
}

// skipPrefix returns the position after the quote prefix p at b[i:] (E7), or
// i when the line does not start with exactly that prefix.
func skipPrefix(b []byte, i int, p []byte) int {
	if len(p) == 0 || len(b)-i < len(p) || string(b[i:i+len(p)]) != string(p) {
		return i
	}
	j := i + len(p)
	if j < len(b) && (b[j] == '>' || b[j] == '|') {
		return i // a deeper quote level is another prefix
	}
	return j
}

// isURLPrefix reports whether b is "URL:" in any case (E9).
func isURLPrefix(b []byte) bool {
	return len(b) == 4 && b[0]|0x20 == 'u' && b[1]|0x20 == 'r' && b[2]|0x20 == 'l' && b[3] == ':'
}
