package delimit

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"
)

const (
	bufSize   = 1 << 20        // the Scanner's buffer
	minBuf    = 128 << 10      // its first size, grown to bufSize when the input is larger
	lookBack  = 1024           // bytes kept before the scan position when the buffer rolls
	lookAhead = MaxHit + 8<<10 // bytes needed after a candidate before it is confirmed
	maxAngle  = 4 << 10        // E5: an angle or multi-line quote hit ends within 4 KiB
	maxLines  = 8              // E5: ... and within 8 lines
	maxLook   = 64             // bytes looked back from ':' for a scheme (E1)
)

// cand caches the position of the next candidate byte: the index of the
// byte, or with miss set, how far the buffer was searched without one.
type cand struct {
	at   int
	miss bool
}

// seg is one piece of an angle or quote hit between whitespace (E5, E6).
type seg struct {
	s, e int
	hy   bool // the piece ends in '-' right before a line break (E8)
}

// Scanner streams hits out of an io.Reader (E1–E12). It reads with one
// reusable buffer that rolls unread bytes to its front, so memory stays
// bounded whatever the input (SPEC §8): a hit longer than MaxHit is cut
// and marked Truncated. Its hits are exactly those of Find over the whole
// input.
type Scanner struct {
	r    io.Reader
	opts Options
	buf  []byte
	n    int   // buf[:n] holds data
	base int64 // input offset of buf[0]
	pos  int   // next byte to look at
	// floor is the end of the last hit: nothing before it is looked back at
	// when a new hit starts.
	floor    int
	eof      bool
	err      error
	skipping bool // skipping the rest of a truncated hit's run

	colon, lt, dot, at cand

	lc        int   // lines are counted up to buf[lc]
	line      int   // line number at lc
	lineStart int64 // input offset of that line's start

	pending []Hit
	pi      int
	hit     Hit
	segs    []seg
}

// NewScanner returns a Scanner reading r with opts (E1–E12).
func NewScanner(r io.Reader, opts Options) *Scanner {
	s := &Scanner{r: r, opts: opts}
	s.init()
	return s
}

// Reset makes s read r from its start, as a new Scanner with the same
// options would, keeping its buffer: many small inputs (the parts of a
// mailbox) then cost no allocation each.
func (s *Scanner) Reset(r io.Reader) {
	*s = Scanner{r: r, opts: s.opts, buf: s.buf, pending: s.pending[:0], segs: s.segs[:0]}
	s.init()
}

func (s *Scanner) init() {
	s.line = 1
	s.colon.at, s.lt.at, s.dot.at, s.at.at = -1, -1, -1, -1
}

// Scan advances to the next hit (E1–E12), which Hit then returns. It
// returns false at the end of the input or on a read error (see Err); a
// hit longer than MaxHit is reported cut and Truncated, never a silent
// stop (SPEC §8).
func (s *Scanner) Scan() bool {
	for {
		if s.pi < len(s.pending) {
			s.hit = s.pending[s.pi]
			s.pi++
			return true
		}
		s.pending, s.pi = s.pending[:0], 0
		if s.skipping {
			if !s.skip() {
				s.fill(s.pos + utf8.UTFMax + 4)
			}
			continue
		}
		// The cached positions, refreshed only when passed (inlined fast path).
		c := s.colon.at
		if s.colon.miss || c < s.pos {
			c = s.next(&s.colon, ':')
		}
		which := byte(':')
		l := s.lt.at
		if s.lt.miss || l < s.pos {
			l = s.next(&s.lt, '<')
		}
		if l < c {
			c, which = l, '<'
		}
		if s.opts.Abbrev {
			if d := s.next(&s.dot, '.'); d < c {
				c, which = d, '.'
			}
		}
		if s.opts.Emails {
			if d := s.next(&s.at, '@'); d < c {
				c, which = d, '@'
			}
		}
		if c >= s.n {
			s.pos = s.n
			if s.eof {
				return false
			}
			s.fill(s.n + 1)
			continue
		}
		if !s.eof && c+lookAhead > s.n && !(s.opts.LineBuffered && s.decided(c, which)) {
			s.pos = c
			s.fill(c + lookAhead)
			continue
		}
		switch which {
		case ':':
			// Most colons in prose are followed by a space (E12 "Note: see").
			if c+1 < s.n {
				if x := s.buf[c+1]; x < utf8.RuneSelf && ctab[x]&cURI == 0 {
					s.pos = c + 1
					continue
				}
			}
			s.atColon(c)
		case '<':
			if c+1 < s.n && ctab[s.buf[c+1]]&(cAlpha|cSpace) == 0 {
				s.pos = c + 1
				continue
			}
			s.atAngle(c)
		case '@':
			s.atAt(c)
		default:
			s.atDot(c)
		}
	}
}

// Hit returns the hit found by the last call to Scan: its URI, raw text,
// offsets, line and column, Kind (E5, E6, E11) and Flags (E8).
func (s *Scanner) Hit() Hit { return s.hit }

// Err returns the first read error other than io.EOF. The hits before the
// error are still reported (SPEC §8).
func (s *Scanner) Err() error { return s.err }

// next returns the position of the next byte ch at or after pos, or n.
func (s *Scanner) next(k *cand, ch byte) int {
	if !k.miss && k.at >= s.pos {
		return k.at
	}
	from := s.pos
	if k.miss && k.at > from {
		if k.at >= s.n {
			return s.n
		}
		from = k.at
	}
	i := bytes.IndexByte(s.buf[from:s.n], ch)
	if i < 0 {
		k.at, k.miss = s.n, true
		return s.n
	}
	k.at, k.miss = from+i, false
	return k.at
}

// fill reads until buf[:n] reaches need bytes (relative to the current
// buffer), the buffer is full, or the input ends. When need does not fit it
// first rolls the buffer, keeping lookBack bytes before pos.
func (s *Scanner) fill(need int) {
	if s.eof {
		return
	}
	if s.buf == nil {
		s.buf = make([]byte, minBuf) // small inputs need no more
	}
	if (need > len(s.buf) || s.n == len(s.buf)) && len(s.buf) < bufSize {
		b := make([]byte, bufSize)
		copy(b, s.buf[:s.n])
		s.buf = b
	}
	if need > len(s.buf) || s.n == len(s.buf) {
		if keep := max(0, s.pos-lookBack); keep > 0 {
			if s.lc < keep {
				s.locate(keep)
			}
			copy(s.buf, s.buf[keep:s.n])
			s.n -= keep
			s.base += int64(keep)
			s.pos -= keep
			s.floor = max(0, s.floor-keep)
			s.lc -= keep
			need -= keep
			s.colon.at -= keep
			s.lt.at -= keep
			s.dot.at -= keep
			s.at.at -= keep
		}
	}
	need = min(need, len(s.buf))
	for empty := 0; s.n < need; {
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.eof = true
			return
		}
		if m > 0 {
			if s.opts.LineBuffered {
				return // what a pipe has now: the caller decides whether it is enough
			}
			empty = 0
		} else if empty++; empty > 100 {
			s.err = io.ErrNoProgress
			s.eof = true
			return
		}
	}
}

// decided reports, for LineBuffered input, whether the candidate byte which
// at c can be confirmed from the bytes read so far, with the same result as
// with the whole input: its line is complete, and the forms that go on past
// a line break (E5 angle brackets, E6 quotes, E8 a typesetter's hyphen at
// the end of a line) are either closed on that line or have all the lines
// (maxLines) or bytes (maxAngle) they may take.
func (s *Scanner) decided(c int, which byte) bool {
	b := s.buf[:s.n]
	nl := bytes.IndexByte(b[c:], '\n')
	if nl < 0 {
		return false
	}
	nl += c
	if s.n > c+maxAngle+utf8.UTFMax || bytes.Count(b[c:], []byte{'\n'}) > maxLines {
		return true
	}
	switch which {
	case '<':
		if ctab[b[c+1]]&(cAlpha|cSpace) == 0 {
			return true // not an angle form at all
		}
		i := c + 1
		for ctab[b[i]]&cScheme != 0 {
			i++
		}
		if i > c+1 && b[i] != ':' {
			return true // "<b c", "<div>": no scheme after '<'
		}
		return angleClosed(b, c)
	case ':':
		if end := bytes.TrimRight(b[c:nl], " \t\r"); bytes.HasSuffix(end, []byte("\u00ad")) || bytes.HasSuffix(end, []byte("\u2010")) {
			return false // E8: may go on on the next line
		}
		// E6: a quote before the scheme goes on over the lines up to the
		// next quote, which no continuation line can pass.
		from := max(0, s.floor, c-maxLook-len("URL:")-1)
		if i := bytes.LastIndexByte(b[from:c], '\n'); i >= 0 {
			from += i + 1
		}
		return bytes.IndexByte(b[from:c], '"') < 0 || bytes.IndexByte(b[c:], '"') >= 0
	}
	return true // abbreviations and e-mail addresses end at whitespace
}

// angleClosed reports whether b holds, after the '<' at a, a '>' that the
// angle form (E5) cannot pass: one on the line of a, or one after a byte
// that is neither whitespace nor part of a quote prefix (E7), which is all
// a continuation line may skip.
func angleClosed(b []byte, a int) bool {
	for g := a + 1; ; g++ {
		k := bytes.IndexByte(b[g:], '>')
		if k < 0 {
			return false
		}
		g += k
		ls := bytes.LastIndexByte(b[:g], '\n') + 1
		if ls <= a {
			return true
		}
		for _, x := range b[ls:g] {
			if ctab[x]&cSpace == 0 && x != '>' && x != '|' {
				return true
			}
		}
	}
}

// skip moves pos over the rest of a truncated hit's run. It returns false
// when it needs more input.
func (s *Scanner) skip() bool {
	b := s.buf[:s.n]
	for s.pos < len(b) {
		if !s.eof && s.pos+utf8.UTFMax > len(b) {
			return false
		}
		c := b[s.pos]
		if c < utf8.RuneSelf {
			if ctab[c]&cURI == 0 {
				break
			}
			s.pos++
			continue
		}
		r, w := utf8.DecodeRune(b[s.pos:])
		if !uriRune(r) && !dashContinues(b, s.pos, w, r) {
			break
		}
		s.pos += w
	}
	if s.pos >= len(b) && !s.eof {
		return false
	}
	s.skipping = false
	s.floor = s.pos
	return true
}

// locate returns the 1-based line and byte column of buf[i], counting lines
// lazily from the last position located. Positions only grow.
func (s *Scanner) locate(i int) (line, col int) {
	if i > s.lc {
		part := s.buf[s.lc:i]
		if k := bytes.Count(part, []byte{'\n'}); k > 0 {
			s.line += k
			s.lineStart = s.base + int64(s.lc+bytes.LastIndexByte(part, '\n')+1)
		}
		s.lc = i
	}
	return s.line, int(s.base+int64(i)-s.lineStart) + 1
}

// emitSub reports the hit buf[start:end] whose URI is buf[us:ue].
func (s *Scanner) emitSub(start, end, us, ue int, kind Kind, flags Flags) {
	raw := string(s.buf[start:end])
	s.emit(start, end, raw, raw[us-start:ue-start], kind, flags)
}

func (s *Scanner) emit(start, end int, raw, uri string, kind Kind, flags Flags) {
	line, col := s.locate(start)
	if strings.Contains(uri, "\u2010") {
		uri = strings.ReplaceAll(uri, "\u2010", "-") // E3: groff's hyphen is '-'
	}
	s.pending = append(s.pending, Hit{
		URI: uri, Raw: raw,
		Start: s.base + int64(start), End: s.base + int64(end),
		Line: line, Col: col, Kind: kind, Flags: flags,
	})
	s.pos, s.floor = end, end
}

// emitSegs reports the hit buf[start:end] whose URI is its pieces joined,
// applying the hyphen policy of E8.
func (s *Scanner) emitSegs(start, end int, kind Kind, segs []seg) {
	hy := false
	for _, g := range segs {
		hy = hy || g.hy
	}
	if len(segs) == 1 && !hy {
		s.emitSub(start, end, segs[0].s, segs[0].e, kind, 0)
		return
	}
	raw := string(s.buf[start:end])
	if !hy {
		s.emit(start, end, raw, s.join(segs, false), kind, 0)
		return
	}
	switch s.opts.Hyphen {
	case HyphenDrop:
		s.emit(start, end, raw, s.join(segs, true), kind, HyphenBreak)
	case HyphenBoth:
		s.emit(start, end, raw, s.join(segs, false), kind, HyphenBreak)
		s.emit(start, end, raw, s.join(segs, true), kind, HyphenBreak)
	default:
		s.emit(start, end, raw, s.join(segs, false), kind, HyphenBreak)
	}
}

// join concatenates the pieces, without the hyphen before a line break when
// drop is set (E8).
func (s *Scanner) join(segs []seg, drop bool) string {
	n := 0
	for _, g := range segs {
		n += g.e - g.s
	}
	var sb strings.Builder
	sb.Grow(n)
	for _, g := range segs {
		e := g.e
		if drop && g.hy {
			e--
		}
		sb.Write(s.buf[g.s:e])
	}
	return sb.String()
}

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
	name := lowerName(b[j:c], &low)
	class := schemeClass(name)
	var rule sspRule
	cs := c // the colon before the scheme-specific part that is checked
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
		if class != sspFile {
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
		// E1a: without "//", never a scheme glued to the token before it
		// nor an all-capitals one, and only the schemes written so in
		// prose, each with its syntax.
		if class == 0 || glued(b, j) || allCaps(b[j:c]) {
			return
		}
		if class == sspOpaque {
			if rule = proseRule(name); rule == nil {
				return
			}
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
	var wrap byte
	nw := 0
	if start > s.floor {
		if w := b[start-1]; w == '*' || w == '_' {
			wrap = w
			for k := start - 1; k >= s.floor && b[k] == w && nw < 3; k-- {
				nw++
			}
		}
	}
	quoted := start > s.floor && b[start-1] == '"'
	st := runState{bare: true}
	e, trunc := st.scan(b, c+1, start+MaxHit)
	if trunc {
		s.emitSub(start, e, j, e, Space, Truncated)
		s.skipping = true
		return
	}
	// A '%' and a letter that is no %HH escape ("rfc%d.txt") is a
	// printf directive: the text is a format, not a URI.
	if e+1 < len(b) && b[e] == '%' && ctab[b[e+1]]&cAlpha != 0 {
		return
	}
	// 'data:text/javascript,import { x }': a data: URI in quotes whose
	// data goes on past a blank is code, not a URI.
	if start > s.floor && (b[start-1] == '\'' || b[start-1] == '`') && string(name) == "data" && e < len(b) && b[e] == ' ' && b[e-1] != b[start-1] {
		return
	}
	if quoted {
		if e < len(b) && b[e] == '"' {
			ue := quoteEnd(b, cs+1, e)
			if fits(class, rule, b[cs+1:ue]) {
				s.emitSub(start-1, e+1, j, ue, Quote, 0)
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
	if e <= cs+1 || !fits(class, rule, b[cs+1:e]) {
		return
	}
	s.emitSub(start, e, j, e, Space, 0)
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
	if len(joined)-n >= last.e-last.s || !fits(class, rule, joined[from:n]) {
		return false
	}
	last.e -= len(joined) - n
	s.emit(start, last.e, string(s.buf[start:last.e]), string(joined[:n]), Space, 0)
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
