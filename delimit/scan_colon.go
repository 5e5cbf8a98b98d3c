package delimit

import (
	"bytes"
	"unicode/utf8"
)

// This file confirms a candidate ':' (E1–E4, E6, E8, E9): the scheme
// before it and the run of URI characters after it, as a bare hit or a
// hit in quotes, and a bare hit that a typesetter's hyphen at the end of a
// line continues on the next (E8).

// atColon confirms a bare or quoted hit around the ':' at c (E1–E4, E6, E9).
func (s *Scanner) atColon(c int) {
	b := s.buf[:s.n]
	s.pos = c + 1
	// Skip: the scheme-specific part starts right after ':' (E2, E12: "Note: see").
	if c+1 >= len(b) {
		return
	}
	if x := b[c+1]; x < utf8.RuneSelf && ctab[x]&cURI == 0 {
		return
	}
	// "DNS::Resolver", "std::string": a C++, Perl or Rust name, not a URI.
	if b[c+1] == ':' {
		return
	}
	// Confirm: a scheme at a word start right before ':' (E1), registered
	// or followed by "//", and for an opaque one the E1a noise rules.
	lo := max(s.floor, c-maxLook)
	j := c
	for j > lo && ctab[b[j-1]]&cScheme != 0 {
		j--
	}
	for j < c && (b[j] == '+' || b[j] == '-' || b[j] == '.') {
		j++
	}
	if j == c || ctab[b[j]]&cAlpha == 0 || !wordStart(b, j) {
		return
	}
	var low [maxLook]byte
	var name []byte
	var class sspClass
	if w := string(b[j:c]); w == "https" || w == "http" {
		name, class = b[j:c], sspAuthority // most hits: no lookup
	} else {
		name = lowerName(b[j:c], &low)
		class = schemeClass(name)
	}
	var rule sspRule
	cs := c // the colon before the scheme-specific part that is checked
	emptyAuth := false
	switch {
	case hasSlashes(b, c+1):
		// E1: any scheme of two or more characters followed by "//"
		// ("C://" is a drive, "%s://" a format).
		if class == 0 {
			// "credential.https://h": a registered scheme after a
			// dot in an unregistered name starts the URI.
			if d := bytes.LastIndexByte(name, '.'); d >= 0 && d+1 < len(name) && ctab[name[d+1]]&cAlpha != 0 {
				if k := schemeClass(name[d+1:]); k != 0 {
					j, name, class = j+d+1, name[d+1:], k
				}
			}
		}
		if class == 0 && (c-j < 2 || webGlued(name)) {
			return
		}
		switch {
		case class == sspFile:
		case class != sspAuthority && c+4 < len(b) && b[c+3] == '/' && pathChar(b[c+4]):
			// "webpack:///./src/x.ts": a scheme that is not registered
			// with an authority may have an empty one and a path (E2)
			// that starts as a name does ("drv:///(hp/)?hpijs.drv/" in
			// a regular expression does not).
			class, emptyAuth = sspFile, true
		default:
			class = sspAuthority
		}
	case class == sspAuthority:
		return // E2: an authority scheme needs "//"
	case wrapper(name):
		k, inner := innerURI(b, c+1)
		if k < 0 || !hasSlashes(b, k+1) && (glued(b, j) || allCaps(b[j:c])) {
			return // E1a: without "//" anywhere, as any other scheme
		}
		cs, class = k, inner
	default:
		// E1a: without "//", never a scheme glued to the token before it,
		// and only the schemes written so in prose, each with its syntax;
		// an all-capitals one ("MAILTO:", "URN:ISBN:") only with that
		// syntax ("INFO:demo", "NOTE:" are labels).
		if class == 0 || glued(b, j) {
			return
		}
		if class == sspOpaque {
			rule = proseRule(name)
		}
		if rule == nil && (class == sspOpaque || allCaps(b[j:c])) {
			return
		}
	}
	// E2 before scanning, so that a failing candidate costs little.
	switch class {
	case sspAuthority:
		if !sspOK(class, b[cs+1:min(len(b), cs+4)]) {
			return
		}
	case sspFile:
		if cs+1 >= len(b) || b[cs+1] != '/' {
			return
		}
	}
	start := j
	if j-4 >= s.floor && isURLPrefix(b[j-4:j]) && wordStart(b, j-4) {
		start = j - 4 // E9
	}
	wrap, nw := emphasisWrap(b, s.floor, start)
	quoted := start > s.floor && b[start-1] == '"'
	braced := start > s.floor && b[start-1] == '{'
	st := runState{bare: true, tex: braced}
	e, trunc := st.scan(b, c+1, start+MaxHit)
	if trunc {
		s.emitSub(start, e, j, e, Space, Truncated, !st.dirty)
		s.skipping = true
		return
	}
	// A '%' and a letter that is no %HH escape ("rfc%d.txt") is a
	// printf directive: the text is a format, not a URI.
	if st.printf {
		return
	}
	// 'data:text/javascript,import { x }': a data: URI in quotes whose
	// data goes on past a blank is code, not a URI.
	if start > s.floor && (b[start-1] == '\'' || b[start-1] == '`') && string(name) == "data" && e < len(b) && b[e] == ' ' && b[e-1] != b[start-1] {
		return
	}
	// "\url{http://a/b}", "{http://prefix.example/ns:}": a TeX macro
	// argument ends at its closing brace, which delimits as a quote does.
	if braced && e < len(b) && b[e] == '}' {
		if ssp := texClean(b[cs+1:e], &st); len(ssp) > 0 && fits(class, rule, ssp) {
			s.emitSub(start, e, j, e, Space, 0, !st.dirty)
		}
		return
	}
	if quoted {
		if e < len(b) && b[e] == '"' {
			ue := quoteEnd(b, cs+1, e)
			if fits(class, rule, b[cs+1:ue]) {
				s.emitSub(start-1, e+1, j, ue, Quote, 0, !st.dirty)
			}
			return
		}
		qs := st
		if s.quoteLines(start-1, j, cs, e, class, rule, &qs) {
			return
		}
	}
	cut := bracketCut(b, cs+1, pathStart(b, cs+1, e), e)
	if cut == e && softHyphen(b, e) > 0 && s.bareJoin(start, j, cs, e, class, rule, wrap, nw, st) {
		return
	}
	e = j + trimTrailing(b[j:cut], wrap, nw)
	if e <= cs+1 || !fits(class, rule, texClean(b[cs+1:e], &st)) {
		return
	}
	// An empty authority and a '(' left open: a regular expression cut
	// at its '|' ("drv:///sample.drv/epson(9|24).ppd").
	if emptyAuth && bytes.Count(b[j:e], []byte{'('}) > bytes.Count(b[j:e], []byte{')'}) {
		return
	}
	s.emitSub(start, e, j, e, Space, 0, !st.dirty)
}

// texClean returns the scheme-specific part ssp of a run in a TeX macro
// argument with its escapes undone ("//\#" is "//#"), as the hit's URI
// will have it, for the syntax checks (E2, E4); any other ssp as it is.
func texClean(ssp []byte, st *runState) []byte {
	if !st.tex || !st.dirty || bytes.IndexByte(ssp, '\\') < 0 {
		return ssp
	}
	return []byte(cleanURI(string(ssp)))
}

// pathChar reports whether c may start the path after an empty authority
// (E2): a letter, digit, '.', '_', '~', '-', '%' (an escape, as the URI
// of a non-ASCII byte has it) or a non-ASCII byte.
func pathChar(c byte) bool {
	return c >= utf8.RuneSelf || ctab[c]&cWord != 0 || c == '.' || c == '_' || c == '~' || c == '-' || c == '%'
}

// softHyphen returns the width of a typesetter's hyphen at b[i:], U+2010
// HYPHEN or U+00AD SOFT HYPHEN, or 0 (E8).
func softHyphen(b []byte, i int) int {
	if i+1 < len(b) && b[i] == 0xC2 && b[i+1] == 0xAD {
		return 2
	}
	if i+2 < len(b) && b[i] == 0xE2 && b[i+1] == 0x80 && b[i+2] == 0x90 {
		return 3
	}
	return 0
}

// bareJoin confirms a bare hit whose run, from the scheme at j, ends at e
// with a typesetter's hyphen (U+2010 or U+00AD) at the very end of its line,
// as groff breaks long URLs in man pages (E8): the next line, after its
// indentation, continues the URI with a letter or digit and does not start
// a new scheme://; the hyphen and the whitespace are dropped, for as many
// lines as end so (8 lines, 4 KiB). It reports whether it emitted a hit.
func (s *Scanner) bareJoin(start, j, cs, e int, class sspClass, rule sspRule, wrap byte, nw int, st runState) bool {
	b := s.buf[:min(s.n, start+maxAngle)]
	segs := append(s.segs[:0], seg{s: j, e: e})
	defer func() { s.segs = segs[:0] }()
	for lines := 1; lines < maxLines; lines++ {
		h := softHyphen(b, e)
		if h == 0 {
			break
		}
		i := e + h
		if i < len(b) && b[i] == '\r' {
			i++
		}
		if i >= len(b) || b[i] != '\n' {
			break
		}
		i++
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		if !continuesWord(b, i) || newURIAt(b, i) {
			break
		}
		e2, _ := st.scan(b, i, len(b))
		if e2 == len(b) && len(b) < s.n {
			return false // the run goes on past 4 KiB
		}
		segs = append(segs, seg{s: i, e: e2})
		e = e2
	}
	if len(segs) == 1 {
		return false
	}
	joined := []byte(s.join(segs, false))
	from := cs + 1 - j
	n := bracketCut(joined, from, pathStart(joined, from, len(joined)), len(joined))
	n = trimTrailing(joined[:n], wrap, nw)
	last := &segs[len(segs)-1]
	if len(joined)-n >= last.e-last.s || !fits(class, rule, texClean(joined[from:n], &st)) {
		return false
	}
	last.e -= len(joined) - n
	s.emit(start, last.e, s.text(start, last.e), string(joined[:n]), Space, 0)
	return true
}

// continuesWord reports whether b[i] is a letter or digit: a hyphenated
// word goes on (E8).
func continuesWord(b []byte, i int) bool {
	if i >= len(b) {
		return false
	}
	if b[i] < utf8.RuneSelf {
		return ctab[b[i]]&cWord != 0
	}
	r, _ := utf8.DecodeRune(b[i:])
	return alnumRune(r)
}

// emphasisWrap returns the Markdown emphasis wrapper ('*' or '_') written
// before a hit starting at b[start] and how many times (at most 3), or 0:
// right before it, or before up to three ASCII punctuation characters
// that open the emphasized text ("*!http://a/*", "_(http://a/)_"), as a
// CommonMark parser reads them (E4).
func emphasisWrap(b []byte, floor, start int) (byte, int) {
	k := start - 1
	for k >= floor && start-k <= 3 && isASCIIPunct(b[k]) && b[k] != '*' && b[k] != '_' {
		k--
	}
	if k < floor || b[k] != '*' && b[k] != '_' {
		return 0, 0
	}
	w, n := b[k], 0
	for ; k >= floor && b[k] == w && n < 3; k-- {
		n++
	}
	return w, n
}

// isASCIIPunct reports whether c is ASCII punctuation (CommonMark's).
func isASCIIPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}
