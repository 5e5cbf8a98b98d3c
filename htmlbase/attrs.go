package htmlbase

import "bytes"

// splitSrcset calls emit with the URL of every image candidate of a srcset
// value, as the HTML standard's "parse a srcset attribute" collects them:
// a URL is a run of non-whitespace (so it may contain commas, as data: URLs
// do) with trailing commas removed; when it does not end in a comma,
// descriptors follow up to the next comma outside parentheses. With
// browser set, a candidate whose descriptors are invalid ("1x 2x", "0w",
// "-1x", "50h" alone) is dropped, as a browser drops it; else it is still
// reported: its URL is still a link (H3).
func splitSrcset(s []byte, browser bool, emit func(u []byte)) {
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
		var d descriptors
		if u[len(u)-1] == ',' {
			u = bytes.TrimRight(u, ",")
		} else {
			paren, from := false, -1 // from: where the descriptor being read starts
		tokens:
			for ; i < len(s); i++ {
				c := s[i]
				switch {
				case paren:
					paren = c != ')'
					continue
				case isSpace(c) || c == ',':
					if from >= 0 {
						d.add(s[from:i])
						from = -1
					}
					if c == ',' {
						i++
						break tokens
					}
					continue
				case c == '(':
					paren = true
				}
				if from < 0 {
					from = i
				}
			}
			if from >= 0 {
				d.add(s[from:min(i, len(s))])
			}
		}
		if len(u) > 0 && (!browser || d.valid()) {
			emit(u)
		}
	}
}

// descriptors validates the descriptors of one srcset candidate as the
// HTML standard's "parse a srcset attribute" does: at most one width
// ("100w", a positive integer) or one density ("1.5x", a non-negative
// floating-point number), a height ("50h") only with a width, nothing else.
type descriptors struct {
	w, x, h, bad bool
}

func (d *descriptors) add(t []byte) {
	n := len(t) - 1
	if n < 0 {
		return
	}
	num := t[:n]
	switch t[n] {
	case 'w':
		d.bad = d.bad || d.w || d.x || !positiveInt(num)
		d.w = true
	case 'x':
		d.bad = d.bad || d.w || d.x || d.h || !nonNegativeFloat(num)
		d.x = true
	case 'h':
		d.bad = d.bad || d.h || d.x || !positiveInt(num)
		d.h = true
	default:
		d.bad = true
	}
}

func (d *descriptors) valid() bool { return !d.bad && (!d.h || d.w) }

// positiveInt reports whether s is a valid non-negative integer (ASCII
// digits only) greater than zero.
func positiveInt(s []byte) bool {
	nonZero := false
	for _, c := range s {
		if !isDigit(c) {
			return false
		}
		nonZero = nonZero || c != '0'
	}
	return nonZero
}

// nonNegativeFloat reports whether s is a valid floating-point number (HTML:
// an optional '-', digits, '.' and digits, either part optional but not
// both, an optional exponent) whose value is not below zero ("-0" is not).
func nonNegativeFloat(s []byte) bool {
	i, neg := 0, false
	if i < len(s) && s[i] == '-' {
		i, neg = i+1, true
	}
	digits, nonZero := 0, false
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
		nonZero = nonZero || s[i] != '0'
	}
	if i < len(s) && s[i] == '.' {
		i++
		frac := 0
		for ; i < len(s) && isDigit(s[i]); i++ {
			frac++
			nonZero = nonZero || s[i] != '0'
		}
		if frac == 0 {
			return false
		}
		digits += frac
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		exp := 0
		for ; i < len(s) && isDigit(s[i]); i++ {
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s) && !(neg && nonZero)
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
	j, ok := refreshTime(s)
	if !ok {
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
	u := skipURLEquals(s[j:])
	if len(u) > 0 && (u[0] == '"' || u[0] == '\'') {
		q := u[0]
		u = u[1:]
		if k := bytes.IndexByte(u, q); k >= 0 {
			u = u[:k]
		}
	}
	return u, true
}

// refreshTime reads the time at the start of a refresh value, after
// whitespace: digits and dots, starting with a digit or a dot followed by
// more, then ';', ',' or whitespace. It returns where that separator is.
func refreshTime(s []byte) (int, bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == i && (j >= len(s) || s[j] != '.') {
		return 0, false
	}
	for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
		j++
	}
	if j >= len(s) {
		return 0, false
	}
	if c := s[j]; c != ';' && c != ',' && !isSpace(c) {
		return 0, false
	}
	return j, true
}

// skipURLEquals returns u after a leading "url" and "=" (any case,
// whitespace around '='), or u whole when it does not start so.
func skipURLEquals(u []byte) []byte {
	if !hasPrefixFold(u, "url") {
		return u
	}
	k := 3
	for k < len(u) && isSpace(u[k]) {
		k++
	}
	if k >= len(u) || u[k] != '=' {
		return u
	}
	k++
	for k < len(u) && isSpace(u[k]) {
		k++
	}
	return u[k:]
}
