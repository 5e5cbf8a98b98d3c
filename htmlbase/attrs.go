package htmlbase

import "bytes"

// splitSrcset calls emit with the URL of every image candidate of a srcset
// value, as the HTML standard's "parse a srcset attribute" collects them:
// a URL is a run of non-whitespace (so it may contain commas, as data: URLs
// do) with trailing commas removed; when it does not end in a comma,
// descriptors follow up to the next comma outside parentheses. Candidates
// with invalid descriptors are still reported: their URL is still a link.
func splitSrcset(s []byte, emit func(u []byte)) {
	i := 0
	for {
		for i < len(s) && (isSpace(s[i]) || s[i] == ',') {
			i++
		}
		if i >= len(s) {
			return
		}
		start := i
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		u := s[start:i]
		if u[len(u)-1] == ',' {
			u = bytes.TrimRight(u, ",")
		} else {
			paren := false
		descriptors:
			for ; i < len(s); i++ {
				switch c := s[i]; {
				case paren:
					paren = c != ')'
				case c == '(':
					paren = true
				case c == ',':
					i++
					break descriptors
				}
			}
		}
		if len(u) > 0 {
			emit(u)
		}
	}
}

// splitList calls emit with every whitespace-separated token of s (ping).
func splitList(s []byte, emit func(u []byte)) {
	i := 0
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return
		}
		start := i
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		emit(s[start:i])
	}
}

// refreshURL returns the URL of a meta refresh content value ("5;
// url=...", "5;URL='...'", "0;http://x", "5, url = ..."), following the
// HTML standard's "shared declarative refresh steps": a time of digits and
// dots, then ';', ',' or whitespace, then optionally "url" and "=" (any
// case, whitespace around '='), then the URL, optionally quoted. It differs
// in one point: when the text after the separator starts with "url" that
// is not followed by '=' (as in "0;urls.html"), the whole text is the URL,
// where the standard would drop those letters.
func refreshURL(s []byte) ([]byte, bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == i && (j >= len(s) || s[j] != '.') {
		return nil, false
	}
	for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
		j++
	}
	if j >= len(s) {
		return nil, false
	}
	if c := s[j]; c != ';' && c != ',' && !isSpace(c) {
		return nil, false
	}
	for j < len(s) && isSpace(s[j]) {
		j++
	}
	if j < len(s) && (s[j] == ';' || s[j] == ',') {
		j++
	}
	for j < len(s) && isSpace(s[j]) {
		j++
	}
	if j >= len(s) {
		return nil, false
	}
	u := s[j:]
	if hasPrefixFold(u, "url") {
		k := 3
		for k < len(u) && isSpace(u[k]) {
			k++
		}
		if k < len(u) && u[k] == '=' {
			k++
			for k < len(u) && isSpace(u[k]) {
				k++
			}
			u = u[k:]
		}
	}
	if len(u) > 0 && (u[0] == '"' || u[0] == '\'') {
		q := u[0]
		u = u[1:]
		if k := bytes.IndexByte(u, q); k >= 0 {
			u = u[:k]
		}
	}
	return u, true
}
