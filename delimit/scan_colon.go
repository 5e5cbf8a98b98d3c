package delimit

import (
	"bytes"
	"unicode/utf8"
)

// This file confirms a candidate ':' (E1–E4, E6, E8, E9): the scheme
// before it and the run of URI characters after it, as a bare hit or a
// hit in quotes, and a bare hit that a typesetter's hyphen at the end of a
// line continues on the next (E8).

// colonHit is what atColon has learned about a candidate hit around a ':'
// (E1–E4, E9) as it confirms it.
type colonHit struct {
	j         int      // where the scheme starts
	cs        int      // the colon before the scheme-specific part that is checked
	start     int      // where the hit starts: j, or before "URL:" (E9)
	name      []byte   // the scheme, in lower case
	class     sspClass // the syntax its scheme-specific part must have (E2)
	rule      sspRule  // the scheme's own syntax when written without "//" (E1a)
	emptyAuth bool     // "scheme:///path": an empty authority (E2)
	wrap      byte     // the Markdown emphasis wrapper before the hit (E4)
	nw        int      // how many times wrap is written
}

// atColon confirms a bare or quoted hit around the ':' at c (E1–E4, E6, E9).
func (s *Scanner) atColon(c int) {
	b := s.buf[:s.n]
	s.pos = c + 1
	if !sspFollows(b, c) {
		return
	}
	j := schemeStart(b, max(s.floor, c-maxLook), c)
	if j < 0 {
		return
	}
	var low [maxLook]byte
	h := colonHit{j: j, cs: c}
	if w := b[j:c]; string(w) == "https" || string(w) == "http" { // compared in place: no copy
		h.name, h.class = b[j:c], sspAuthority // most hits: no lookup
	} else {
		h.name = lowerName(b[j:c], &low)
		h.class = schemeClass(h.name)
	}
	if h.class == sspAuthority && hasSlashes(b, c+1) && lineBreakAt(b, c+3) >= 0 {
		s.schemeBreak(b, c) // E8a: "http://" ends the line
		return
	}
	if !h.written(b, c) || !h.sspStarts(b) {
		return
	}
	s.colonRun(b, c, &h)
}

// sspFollows reports whether a scheme-specific part may start right after
// the colon at c (E2, E12: "Note: see"): a URI character, but not a second
// ':' ("DNS::Resolver", "std::string": a C++, Perl or Rust name).
func sspFollows(b []byte, c int) bool {
	if c+1 >= len(b) {
		return false
	}
	x := b[c+1]
	return x >= utf8.RuneSelf || ctab[x]&cURI != 0 && x != ':'
}

// schemeStart returns where the scheme that ends at the colon at c starts,
// looking back no further than lo, or -1 (E1): a letter at a word start,
// after any '+', '-' or '.' that cannot start a scheme, or after digits
// at a word start when "//" follows the colon (E1b).
func schemeStart(b []byte, lo, c int) int {
	j := c
	for j > lo && ctab[b[j-1]]&cScheme != 0 {
		j--
	}
	for j < c && (b[j] == '+' || b[j] == '-' || b[j] == '.') {
		j++
	}
	if j < c && isDigit(b[j]) && wordStart(b, j) && c+2 < len(b) && b[c+1] == '/' && b[c+2] == '/' {
		// E1b: digits glued before "scheme://" are a footnote mark a PDF's
		// text put there ("1https://"): no scheme starts with a digit.
		for isDigit(b[j]) {
			j++
		}
		if ctab[b[j]]&cAlpha == 0 {
			return -1
		}
		return j
	}
	if j == c || ctab[b[j]]&cAlpha == 0 || !wordStart(b, j) {
		return -1
	}
	return j
}

// written decides, from what follows the colon at c, how the scheme is
// written and so which syntax its scheme-specific part must have (E1, E1a,
// E2): followed by "//", as a wrapper of another URI, or without "//" as
// prose writes a few schemes; an authority scheme needs "//". It reports
// whether a hit may follow.
func (h *colonHit) written(b []byte, c int) bool {
	switch {
	case hasSlashes(b, c+1):
		return h.slashed(b, c)
	case h.class == sspAuthority:
		return false // E2: an authority scheme needs "//"
	case wrapper(h.name):
		k, inner := innerURI(b, c+1)
		if k < 0 || !hasSlashes(b, k+1) && (glued(b, h.j) || allCaps(b[h.j:c])) {
			return false // E1a: without "//" anywhere, as any other scheme
		}
		h.cs, h.class = k, inner
		return true
	}
	return h.prose(b, c)
}

// slashed decides the syntax of a scheme followed by "//" (E1): any scheme
// of two or more characters ("C://" is a drive, "%s://" a format).
func (h *colonHit) slashed(b []byte, c int) bool {
	if h.class == 0 {
		// "credential.https://h": a registered scheme after a dot in an
		// unregistered name starts the URI.
		if d := bytes.LastIndexByte(h.name, '.'); d >= 0 && d+1 < len(h.name) && ctab[h.name[d+1]]&cAlpha != 0 {
			if k := schemeClass(h.name[d+1:]); k != 0 {
				h.j, h.name, h.class = h.j+d+1, h.name[d+1:], k
			}
		}
	}
	if h.class == 0 && (c-h.j < 2 || webGlued(h.name)) {
		return false
	}
	switch {
	case h.class == sspFile:
	case h.class != sspAuthority && c+4 < len(b) && b[c+3] == '/' && pathChar(b[c+4]):
		// "webpack:///./src/x.ts": a scheme that is not registered with
		// an authority may have an empty one and a path (E2) that starts
		// as a name does ("drv:///(hp/)?hpijs.drv/" in a regular
		// expression does not).
		h.class, h.emptyAuth = sspFile, true
	default:
		h.class = sspAuthority
	}
	return true
}

// prose decides whether a scheme written without "//" may start a hit
// (E1a): never one glued to the token before it, and only the schemes
// written so in prose, each with its syntax; an all-capitals one
// ("MAILTO:", "URN:ISBN:") only with that syntax ("INFO:demo", "NOTE:" are
// labels).
func (h *colonHit) prose(b []byte, c int) bool {
	if h.class == 0 || glued(b, h.j) {
		return false
	}
	if h.class == sspOpaque {
		h.rule = proseRule(h.name)
	}
	return h.rule != nil || h.class != sspOpaque && !allCaps(b[h.j:c])
}

// sspStarts checks the start of the scheme-specific part against its
// class (E2) before the run is scanned, so that a failing candidate costs
// little.
func (h *colonHit) sspStarts(b []byte) bool {
	switch h.class {
	case sspAuthority:
		return sspOK(h.class, b[h.cs+1:min(len(b), h.cs+4)])
	case sspFile:
		return h.cs+1 < len(b) && b[h.cs+1] == '/'
	}
	return true
}

// colonRun scans the run of URI characters after the colon at c of the
// scheme h has confirmed and reports the hit it makes (E3, E4, E9): cut at
// MaxHit, in a TeX macro argument, in quotes (E6) or bare.
func (s *Scanner) colonRun(b []byte, c int, h *colonHit) {
	h.start = h.j
	if h.j-4 >= s.floor && isURLPrefix(b[h.j-4:h.j]) && wordStart(b, h.j-4) {
		h.start = h.j - 4 // E9
	}
	h.wrap, h.nw = emphasisWrap(b, s.floor, h.start)
	quoted := h.start > s.floor && b[h.start-1] == '"'
	braced := h.start > s.floor && b[h.start-1] == '{'
	st := runState{bare: true, tex: braced}
	e, trunc := st.scan(b, c+1, h.start+MaxHit)
	if trunc {
		s.emitSub(h.start, e, h.j, e, Space, Truncated, st)
		s.skipping = true
		return
	}
	// A '%' and a letter that is no %HH escape ("rfc%d.txt") is a
	// printf directive: the text is a format, not a URI.
	if st.printf || s.dataCode(b, h, e) {
		return
	}
	// "\url{http://a/b}", "{http://prefix.example/ns:}": a TeX macro
	// argument ends at its closing brace, which delimits as a quote does.
	if braced && e < len(b) && b[e] == '}' {
		if ssp := texClean(b[h.cs+1:e], &st); len(ssp) > 0 && fits(h.class, h.rule, ssp) {
			s.emitSub(h.start, e, h.j, e, Space, 0, st)
		}
		return
	}
	if quoted && s.inQuotes(b, e, h, st) {
		return
	}
	s.bare(b, e, h, st)
}

// dataCode reports whether the run ending at e is a data: URI in single
// quotes or backquotes whose data goes on past a blank
// ('data:text/javascript,import { x }'): code, not a URI.
func (s *Scanner) dataCode(b []byte, h *colonHit, e int) bool {
	start := h.start
	return start > s.floor && (b[start-1] == '\'' || b[start-1] == '`') && string(h.name) == "data" &&
		e < len(b) && b[e] == ' ' && b[e-1] != b[start-1]
}

// inQuotes confirms a hit right after a '"' whose run ends at e (E6):
// closed by a quote there, or continued over the next lines up to one. It
// reports whether the hit is decided; if not, it is read as a bare one.
func (s *Scanner) inQuotes(b []byte, e int, h *colonHit, st runState) bool {
	if e < len(b) && b[e] == '"' {
		ue := quoteEnd(b, h.cs+1, e)
		if fits(h.class, h.rule, b[h.cs+1:ue]) {
			s.emitSub(h.start-1, e+1, h.j, ue, Quote, 0, st)
		}
		return true
	}
	return s.quoteLines(h.start-1, h.j, h.cs, e, h.class, h.rule, &st)
}

// bare confirms a bare hit whose run ends at e (E4, E8): cut before
// AsciiDoc link text, joined over a typesetter's hyphen at the end of its
// line, trimmed of trailing punctuation, and its scheme-specific part
// checked (E1a, E2).
func (s *Scanner) bare(b []byte, e int, h *colonHit, st runState) {
	cs, j := h.cs, h.j
	cut := e
	if bytes.IndexByte(b[cs+1:e], '[') >= 0 { // bracketCut's own first test, before pathStart's walk
		cut = bracketCut(b, cs+1, pathStart(b, cs+1, e), e)
	}
	if cut == e && (softHyphen(b, e) > 0 && s.bareJoin(h, e, st) || s.hostBreak(b, e, h, st)) {
		return
	}
	e = j + trimTrailing(b[j:cut], h.wrap, h.nw)
	if e <= cs+1 || !fits(h.class, h.rule, texClean(b[cs+1:e], &st)) {
		return
	}
	// An empty authority and a '(' left open: a regular expression cut
	// at its '|' ("drv:///sample.drv/epson(9|24).ppd").
	if h.emptyAuth && bytes.Count(b[j:e], []byte{'('}) > bytes.Count(b[j:e], []byte{')'}) {
		return
	}
	s.emitSub(h.start, e, j, e, Space, 0, st)
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

// bareJoin confirms a bare hit whose run, from the scheme of h, ends at e
// with a typesetter's hyphen (U+2010 or U+00AD) at the very end of its line,
// as groff breaks long URLs in man pages (E8): the next line, after its
// indentation, continues the URI with a letter or digit and does not start
// a new scheme://; the hyphen and the whitespace are dropped, for as many
// lines as end so (8 lines, 4 KiB). It reports whether it emitted a hit.
func (s *Scanner) bareJoin(h *colonHit, e int, st runState) bool {
	start, j := h.start, h.j
	b := s.buf[:min(s.n, start+maxAngle)]
	segs := append(s.segs[:0], seg{s: j, e: e})
	defer func() { s.segs = segs[:0] }()
	for lines := 1; lines < maxLines; lines++ {
		hy := softHyphen(b, e)
		if hy == 0 {
			break
		}
		i := e + hy
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
	return s.emitJoined(h, segs, st)
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
