package delimit

// This file holds the hits in quotes or angle brackets that may run over
// line breaks: a quote hit continued on the following lines (E6) and the
// angle form, '<' then an optional "URL:" and the URI up to '>' (E5,
// E7–E10).

// lineBreak returns the position after the line break at b[i:], skipping
// blanks before it, or -1 (E5, E6).
func lineBreak(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i < len(b) && b[i] == '\r' {
		i++
	}
	if i < len(b) && b[i] == '\n' {
		return i + 1
	}
	return -1
}

// quoteLines confirms a quote hit opened at q whose first line, from the
// scheme at j, ends at e with a line break; it continues on the following
// lines (after blanks and the quote prefix, E7) up to the closing quote,
// with no other whitespace (E6, E8).
func (s *Scanner) quoteLines(q, j, c, e int, class sspClass, rule sspRule, st *runState) bool {
	b := s.buf[:min(s.n, q+maxAngle)]
	segs := append(s.segs[:0], seg{s: j, e: e})
	defer func() { s.segs = segs[:0] }()
	var prefix []byte
	for lines := 1; lines < maxLines; lines++ {
		// A line break inside a %HH escape ("%\n20", "%2\n0", E5).
		hex := 0
		if h := softHyphen(b, e); h > 0 {
			e += h // E8: a typesetter's hyphen is dropped
		} else if e < len(b) && b[e] == '%' {
			k := e + 1
			if k < len(b) && isHex(b[k]) {
				k++
			}
			hex = 2 - (k - e - 1)
			e = k
			segs[len(segs)-1].e = e
		}
		i := lineBreak(b, e)
		if i < 0 {
			return false
		}
		if lines == 1 {
			prefix = quotePrefix(s.buf, q, s.base == 0)
		}
		if last := &segs[len(segs)-1]; last.e > last.s && b[last.e-1] == '-' {
			last.hy = true
		}
		i = skipPrefix(b, i, prefix)
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		// A new scheme:// starts another URI (E6: an XML schemaLocation
		// list).
		if newURIAt(b, i) {
			return false
		}
		if hex > 0 && (i+hex > len(b) || !isHex(b[i]) || hex == 2 && !isHex(b[i+1])) {
			return false
		}
		e2, trunc := st.scan(b, i, len(b))
		if trunc {
			return false
		}
		segs = append(segs, seg{s: i, e: e2})
		if e2 < len(b) && b[e2] == '"' {
			// E4: the '.' and ',' before the closing quote, also when
			// the last line holds nothing else.
			for k := len(segs) - 1; k >= 0; k-- {
				if g := &segs[k]; g.e > g.s {
					g.e = quoteEnd(b, g.s, g.e)
					if g.e > g.s {
						break
					}
				}
			}
			if st.printf {
				return true // a printf format (E3): no hit
			}
			if !fits(class, rule, []byte(s.join(segs, false)[c+1-j:])) {
				return false
			}
			s.emitSegs(q, e2+1, Quote, segs)
			return true
		}
		e = e2
	}
	return false
}

// quoteEnd returns the end of a quote hit b[s:e] closed by a quote at e,
// without the '.' and ',' right before the quote (E4: American
// punctuation puts them inside the quotes).
func quoteEnd(b []byte, s, e int) int {
	for e > s && (b[e-1] == '.' || b[e-1] == ',') {
		e--
	}
	return e
}

// atAngle confirms an angle hit at the '<' at a (E5, E7–E10): '<',
// optional whitespace, optional "URL:", optional whitespace, a registered
// scheme, any scheme followed by "//", or after "URL:" any scheme, ':',
// URI characters up to '>' within 8 lines and 4 KiB. Whitespace is removed
// only where it belongs to a line break (the blanks around the break, the
// break, the quote prefix) or stands right before '>'; a break may fall
// inside a %HH escape; a continuation line that starts a new "scheme://"
// is another URI. When it fails the text is scanned as bare text.
func (s *Scanner) atAngle(a int) {
	s.pos = a + 1
	if a+1 >= s.n || ctab[s.buf[a+1]]&(cAlpha|cSpace) == 0 {
		return
	}
	b := s.buf[:min(s.n, a+maxAngle)]
	lines := 0
	var prefix []byte
	havePrefix := false
	// space skips whitespace, line breaks and the quote prefix after a
	// break (E7); it returns -1 past the line limit, whether it passed a
	// line break, and marks a piece ending in '-' before a break (E8).
	space := func(i int, segs []seg) (int, bool) {
		nl := false
		for i < len(b) && ctab[b[i]]&cSpace != 0 {
			if b[i] != '\n' {
				i++
				continue
			}
			nl = true
			if lines++; lines >= maxLines {
				return -1, nl
			}
			if n := len(segs); n > 0 && segs[n-1].e > segs[n-1].s && b[segs[n-1].e-1] == '-' {
				segs[n-1].hy = true
			}
			if !havePrefix {
				prefix, havePrefix = quotePrefix(s.buf, a, s.base == 0), true
			}
			i = skipPrefix(b, i+1, prefix)
		}
		return i, nl
	}
	i, _ := space(a+1, nil)
	if i < 0 {
		return
	}
	url := false
	if i+4 <= len(b) && isURLPrefix(b[i:i+4]) {
		if i, _ = space(i+4, nil); i < 0 {
			return
		}
		url = true
	}
	j := i
	if j >= len(b) || ctab[b[j]]&cAlpha == 0 {
		return
	}
	for i < len(b) && ctab[b[i]]&cScheme != 0 {
		i++
	}
	if i >= len(b) || b[i] != ':' || isURLPrefix(b[j:i+1]) {
		return // E9: "URL:" is a prefix, never the scheme
	}
	c := i
	// E5: a registered scheme, any scheme with "//", or any after "URL:"
	// ("<xsl:output>", "<o:p>", "<user:password>" are not URIs).
	if !url && !hasSlashes(b, c+1) && lookupScheme(b[j:c]) == 0 {
		return
	}
	i++
	// The scheme-specific part starts right after the colon: not with
	// whitespace ("<Color.RED: 1>", Python's enum repr) nor with a second
	// colon ("<OT::Value>", a C++ or Perl name).
	if i >= len(b) || b[i] == ':' || ctab[b[i]]&cSpace != 0 {
		return
	}
	segs := s.segs[:0]
	defer func() { s.segs = segs[:0] }()
	st := runState{}
	from := j
	hex := 0 // hex digits of a %HH escape still due after a line break
	for {
		if i >= len(b) {
			return
		}
		x := b[i]
		if x == '>' {
			break
		}
		if ctab[x]&cSpace != 0 {
			if i > from {
				segs = append(segs, seg{s: from, e: i})
			}
			var nl bool
			if i, nl = space(i, segs); i < 0 {
				return
			}
			from = i
			if i < len(b) && b[i] == '>' && hex == 0 {
				break // blanks before the closing bracket
			}
			// Whitespace inside a line is not removed ("<mailto:a at
			// b.org>"), and a new scheme:// on the next line is another
			// URI.
			if !nl || newURIAt(b, i) {
				return
			}
			if hex > 0 {
				if i+hex > len(b) || !isHex(b[i]) || hex == 2 && !isHex(b[i+1]) {
					return
				}
				hex = 0
			}
			continue
		}
		w := st.width(b, i)
		if w == 0 {
			// E8: a typesetter's hyphen before a line break is dropped.
			if h := softHyphen(b, i); h > 0 && lineBreak(b, i+h) >= 0 {
				if i > from {
					segs = append(segs, seg{s: from, e: i})
				}
				i += h
				from = i
				continue
			}
			// A line break inside a %HH escape ("%\n 20", "%2\n 0").
			if x != '%' {
				return
			}
			k := i + 1
			if k < len(b) && isHex(b[k]) {
				k++
			}
			if k >= len(b) || ctab[b[k]]&cSpace == 0 {
				return
			}
			hex = 2 - (k - i - 1)
			w = k - i
		}
		i += w
	}
	if st.printf {
		return // "<http://a/%s>": a printf format (E3)
	}
	if i > from {
		segs = append(segs, seg{s: from, e: i})
	}
	// E12: a scheme alone ("<http:>") or with slashes only ("<http://>").
	rest := false
	for _, g := range segs {
		for k := max(g.s, c+1); k < g.e; k++ {
			if b[k] != '/' {
				rest = true
				break
			}
		}
	}
	if !rest {
		return
	}
	s.emitSegs(a, i+1, Angle, segs)
}

// newURIAt reports whether b[i:] starts with a scheme followed by "://"
// (E5, E6: a continuation line that starts another URI).
func newURIAt(b []byte, i int) bool {
	if i >= len(b) || ctab[b[i]]&cAlpha == 0 {
		return false
	}
	k := i
	for k < len(b) && k-i < maxLook && ctab[b[k]]&cScheme != 0 {
		k++
	}
	return k < len(b) && b[k] == ':' && hasSlashes(b, k+1)
}
