package mdscan

import (
	"bytes"
)

// Inline structure of a paragraph or heading: its lines are copied, one
// after another each with a '\n', into buf, and read left to right.

// lmap maps the line of buf starting at b to the source at s.
type lmap struct{ b, s int }

// bracket is an open '[' or "![".
type bracket struct {
	pos   int // buf offset of '[' or '!'
	start int // buf offset after the bracket
	image bool
}

// memo remembers a forward search: from buf[from] on, the first match is
// at buf[at] (or none before at, when at is a line end or len(buf)).
type memo struct{ from, at int }

func (m *memo) get(p int) (int, bool) {
	if m.from <= p && p <= m.at {
		return m.at, true
	}
	return 0, false
}

// The bounds on what a paragraph holds (doc/spec.md L7: memory bounded
// on any input). A paragraph of a million unclosed "[a](" would otherwise
// hold a bracket and events for each.
const (
	// MaxBrackets is how many brackets may be open at once in a
	// paragraph; a '[' past it is text. goldmark has no such bound
	// (a listed difference; real paragraphs open a few).
	MaxBrackets = 10000
	// MaxHeld is how many events a paragraph holds while a bracket is
	// open (a link found later may start before them); past it they are
	// reported, so a link that closes later may come after text that
	// follows its '[' (a listed difference: the hits are the same, their
	// order in such a paragraph is not). 4,096 events are 300 KB; real
	// paragraphs hold a few dozen.
	MaxHeld = 1 << 12
)

// inline is the state of the inline scan of one paragraph.
type inline struct {
	buf      []byte
	lines    []lmap
	lineAt   int // the index lineOf returned last
	brackets []bracket
	water    int // brackets below this index are inactive for links
	events   []Event
	images   [][2]int

	ticks    [][]int // backtick runs by length: their buf offsets
	tickCur  []int
	tickLen  int         // the longest run; 0 before the runs are indexed
	parens   map[int]int // '(' offset -> end of a destination after it
	spans    [][2]int    // [j, k): every '(' a scan left unclosed there ends at k
	open     []int       // destEnd's '(' not yet closed
	gt       memo        // next unescaped '>' on the line
	dq, sq   memo        // next unescaped '"', '\''
	paren    memo        // next unescaped '(' or ')'
	label    memo        // next unescaped '[' or ']'
	rawQ     [2]memo     // next '"', '\'' (no escapes)
	htmlEnd  [4]memo     // next "-->", "?>", ">", "]]>"
	bad      memo        // next invalid UTF-8 or U+FFFD
	lastEnd  int         // end of the last inline construct
	escaped  int         // offset of the last escaped character
	textFrom int
	steps    int // scanning steps (Stats)
}

// build copies the lines of a paragraph into buf.
func (in *inline) build(src []byte, lines []seg) {
	in.buf = in.buf[:0]
	in.lines, in.lineAt = in.lines[:0], 0
	for _, l := range lines {
		in.lines = append(in.lines, lmap{len(in.buf), l.start})
		in.buf = append(in.buf, src[l.start:l.end]...)
		in.buf = append(in.buf, '\n')
	}
}

// lineOf returns the index of the line holding buf[i]: the line of the
// last call or the next one (offsets mostly grow), else a binary search.
func (in *inline) lineOf(i int) int {
	l, c := in.lines, in.lineAt
	if c < len(l) && l[c].b <= i {
		if c+1 == len(l) || i < l[c+1].b {
			return c
		}
		if c+2 == len(l) || i < l[c+2].b {
			in.lineAt = c + 1
			return c + 1
		}
	}
	lo, hi := 0, len(l) // the first line starting after i is in [lo, hi]
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l[m].b > i {
			hi = m
		} else {
			lo = m + 1
		}
	}
	in.lineAt = max(lo-1, 0)
	return lo - 1
}

// srcOf returns the source offset of buf[i].
func (in *inline) srcOf(i int) int {
	l := in.lines[max(in.lineOf(i), 0)]
	return l.s + i - l.b
}

func (in *inline) reset() {
	in.brackets, in.water, in.events, in.images = in.brackets[:0], 0, in.events[:0], in.images[:0]
	for k := 0; k <= in.tickLen && k < len(in.ticks); k++ {
		in.ticks[k], in.tickCur[k] = in.ticks[k][:0], 0
	}
	in.tickLen = 0
	clear(in.parens)
	in.spans = in.spans[:0]
	none := memo{-1, -1}
	in.gt, in.dq, in.sq, in.paren, in.label, in.bad = none, none, none, none, none, none
	in.rawQ = [2]memo{none, none}
	in.htmlEnd = [4]memo{none, none, none, none}
	in.lastEnd, in.escaped, in.textFrom = 0, -1, 0
}

// inlines reads the inline content of a paragraph or heading.
func (s *scanner) inlines(lines []seg) {
	if s.collect {
		return
	}
	if s.deferring {
		from := len(s.segs)
		s.segs = append(s.segs, lines...)
		s.deferred = append(s.deferred, deferred{from: from, to: len(s.segs), readTo: s.readTo, lines: len(s.lines)})
		return
	}
	s.cutAt = -1
	if cut := lines[len(lines)-1].end; midRunCut(s.src, cut) {
		s.cutAt = cut // flush marks the events that end there (Event.Cut)
	}
	in := &s.in
	in.build(s.src, lines)
	in.reset()
	b := in.buf
	for i := 0; i < len(b); {
		s.steps++
		if len(in.events) >= MaxHeld {
			s.flush() // memory stays bounded: see MaxHeld
		}
		if !special[b[i]] && (!s.opts.Linkify || !mayLink(b, i) || i > 0 && !triggerAfter[b[i-1]] && i != in.lastEnd) {
			// the common case: plain text, skipped up to the next byte
			// the scan stops at (lastEnd <= i: no construct ends ahead);
			// Linkify fails at once on a byte no autolink starts with
			j := plainEnd(b, i+1, s.opts.Linkify)
			s.steps += j - i - 1
			i = j
			continue
		}
		i = s.inlineAt(i)
	}
	in.text(s, len(b))
	s.flush()
	s.cutAt = -1
	end := in.srcOf(max(len(b)-1, 0)) // the block's last byte (its text ends at its line break)
	s.event(Event{Kind: End, Start: end, End: end, Pos: end})
}

// midRunCut reports whether a block's text that ends at src[cut] ends
// there because its line was cut at MaxLine inside a run of bytes that
// are not white space: the line goes on at cut, and neither side of the
// cut is a space, a tab or a line end.
func midRunCut(src []byte, cut int) bool {
	if cut <= 0 || cut >= len(src) {
		return false
	}
	return !runEnds(src[cut-1]) && !runEnds(src[cut])
}

// runEnds reports whether c is white space that ends a run: a space, a
// tab or a line end.
func runEnds(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// inlineAt reads what starts at buf[i], a byte the scan stops at: an
// extended autolink (Linkify), an escape, a line break, a code span, an
// autolink or raw HTML, a bracket that opens or closes a link or image. It
// returns where the scan goes on.
func (s *scanner) inlineAt(i int) int {
	in := &s.in
	b := in.buf
	if s.opts.Linkify && len(in.brackets) == 0 && (b[i] == '@' || in.trigger(i)) {
		if e := s.linkify(i); e > 0 {
			in.lastEnd, in.textFrom = e, e
			return e
		}
	}
	switch b[i] {
	case '\\':
		if i+1 < len(b) && isPunct(b[i+1]) {
			in.escaped = i + 1
			return i + 2
		}
	case '\n':
		in.text(s, i)
		in.textFrom = i + 1
		if len(in.brackets) == 0 && len(in.events) > 0 {
			s.flush()
		}
	case '`':
		return s.codeSpan(i)
	case '<':
		if e := s.angled(i); e > 0 {
			return e
		}
	case '!':
		if i+1 < len(b) && b[i+1] == '[' && len(in.brackets) < MaxBrackets {
			return in.openBracket(s, i, 2, true)
		}
	case '[':
		if len(in.brackets) < MaxBrackets { // else text: see MaxBrackets
			return in.openBracket(s, i, 1, false)
		}
	case ']':
		if len(in.brackets) > 0 {
			in.text(s, i)
			i = s.closeBracket(i)
			in.textFrom = i
			return i
		}
	}
	return i + 1
}

// angled reads an autolink or raw HTML at the '<' at buf[i] and returns
// where it ends, or 0 when there is none.
func (s *scanner) angled(i int) int {
	in := &s.in
	b := in.buf
	if n, email := autolink(b[i:]); n > 0 {
		in.text(s, i)
		st, en := in.srcOf(i+1), in.srcOf(i+n-1)
		in.events = append(in.events, Event{Kind: Autolink, Start: st, End: en, Dest: string(s.src[st:en]), Email: email, Pos: st})
		i += n
		in.lastEnd, in.textFrom = i, i
		return i
	}
	if n := in.rawHTML(i, s); n > 0 {
		in.text(s, i)
		in.events = append(in.events, Event{Kind: RawHTML, Start: in.srcOf(i), End: in.srcOf(i+n-1) + 1, Pos: in.srcOf(i)})
		i += n
		in.lastEnd, in.textFrom = i, i
		return i
	}
	return 0
}

// openBracket opens a link ("[", n 1) or an image ("![", n 2) at buf[i]
// and returns where its text starts.
func (in *inline) openBracket(s *scanner, i, n int, image bool) int {
	in.text(s, i)
	in.brackets = append(in.brackets, bracket{pos: i, start: i + n, image: image})
	in.textFrom = i + n
	return i + n
}

// text reports the text from textFrom up to buf[i], when not empty.
func (in *inline) text(s *scanner, i int) {
	if i > in.textFrom {
		st := in.srcOf(in.textFrom)
		in.events = append(in.events, Event{Kind: Text, Start: st, End: st + i - in.textFrom, Pos: st})
	}
	in.textFrom = i
}

// maxTicks is the longest backtick run that opens or closes a code span
// (cmark's limit; goldmark has none): the index of runs by length stays
// small.
const maxTicks = 1000

// codeSpan reads the backtick run at buf[i] and returns where reading
// goes on.
func (s *scanner) codeSpan(i int) int {
	in := &s.in
	b := in.buf
	j := i
	for j < len(b) && b[j] == '`' {
		j++
	}
	n := j - i
	if in.tickLen == 0 {
		in.tickLen = 1
		for k := i; k < len(b); {
			q := bytes.IndexByte(b[k:], '`')
			if q < 0 {
				s.steps += len(b) - k
				break
			}
			s.steps += q
			k += q
			e := k
			for e < len(b) && b[e] == '`' {
				e++
			}
			if e-k > maxTicks {
				s.steps += e - k
				k = e
				continue
			}
			for len(in.ticks) <= e-k {
				in.ticks, in.tickCur = append(in.ticks, nil), append(in.tickCur, 0)
			}
			in.ticks[e-k] = append(in.ticks[e-k], k)
			in.tickLen = max(in.tickLen, e-k)
			s.steps += e - k
			k = e
		}
	}
	var runs []int
	c := 0
	if n < len(in.ticks) && n <= maxTicks {
		runs, c = in.ticks[n], in.tickCur[n]
		for c < len(runs) && runs[c] < j {
			c++
			s.steps++
		}
		in.tickCur[n] = c
	}
	in.text(s, i)
	if c == len(runs) {
		// no closer: the run is text, and a construct for Linkify
		in.lastEnd = j
		return j
	}
	q := runs[c]
	for a := j; a < q; {
		e := a
		for e < q && b[e] != '\n' {
			e++
		}
		if e > a {
			st := in.srcOf(a)
			in.events = append(in.events, Event{Kind: Code, Start: st, End: st + e - a, Pos: st})
		}
		a = e + 1
	}
	in.lastEnd, in.textFrom = q+n, q+n
	return q + n
}
