package mdscan

import "sort"

// Links and images of the inline structure: a ']' that closes an open
// bracket, a reference link's label, an inline link's destination and
// title.

// closeBracket reads the ']' at buf[i], with an open bracket, and
// returns where reading goes on.
func (s *scanner) closeBracket(i int) int {
	in := &s.in
	b := in.buf
	op := in.brackets[len(in.brackets)-1]
	in.brackets = in.brackets[:len(in.brackets)-1]
	active := op.image || len(in.brackets) >= in.water
	in.water = min(in.water, len(in.brackets))
	if !active {
		return i + 1
	}
	after := i + 1
	if after < len(b) && b[after] == '(' {
		if end, ds, de, ok := in.inlineLink(after, s); ok {
			var e Event
			if ds < 0 {
				st := in.srcOf(op.pos) // goldmark: no destination, the link's start
				e = Event{Start: st, End: st}
			} else {
				st, en := in.srcOf(ds), in.srcOf(de)
				e = Event{Start: st, End: en, Dest: s.decode(s.src[st:en])}
			}
			s.link(op, e, end)
			return end
		}
	}
	if after < len(b) && b[after] == '[' {
		if q := in.scanLabel(after+1, true); q >= 0 {
			label := b[after+1 : q]
			if isBlank(label) {
				label = b[op.start:i]
			}
			return s.refLink(op, label, i, q+1)
		}
	}
	return s.refLink(op, b[op.start:i], i, i+1)
}

// refLink reports the reference link or image that opener op, closed at
// buf[i], makes with label's definition, ending before buf[end], and
// returns where reading goes on: end, or i+1 when the label is too long
// (999 bytes, CommonMark §4.7) or has no definition.
func (s *scanner) refLink(op bracket, label []byte, i, end int) int {
	if len(label) > 999 {
		return i + 1
	}
	d, ok := s.lookup(label)
	if !ok {
		return i + 1
	}
	s.link(op, Event{Start: d.start, End: d.end, Dest: d.dest}, end)
	return end
}

// link reports the link or image that opener op starts and buf[end]
// ends.
func (s *scanner) link(op bracket, e Event, end int) {
	in := &s.in
	e.Kind, e.Pos = Link, in.srcOf(op.pos)
	if op.image {
		e.Kind = Image
		in.images = append(in.images, [2]int{e.Pos, in.srcOf(end - 1)})
	} else {
		in.water = len(in.brackets)
	}
	in.events = append(in.events, e)
	in.lastEnd = end
}

// inlineLink reads "(destination title)" at buf[p], as goldmark reads
// it: the end, and the destination's span (-1 when empty).
func (in *inline) inlineLink(p int, s *scanner) (end, ds, de int, ok bool) {
	b := in.buf
	j, _ := skipSpace(b, p+1)
	if j < len(b) && b[j] == ')' {
		return j + 1, -1, -1, true
	}
	ds, de, j, ok = in.dest(j, true)
	if !ok {
		return 0, 0, 0, false
	}
	j, _ = skipSpace(b, j)
	if j < len(b) && b[j] == ')' {
		return j + 1, ds, de, true
	}
	if j >= len(b) || b[j] != '"' && b[j] != '\'' && b[j] != '(' {
		return 0, 0, 0, false
	}
	c := in.titleClose(j+1, b[j])
	if c < 0 {
		return 0, 0, 0, false
	}
	j, _ = skipSpace(b, c+1)
	if j < len(b) && b[j] == ')' {
		return j + 1, ds, de, true
	}
	return 0, 0, 0, false
}

// dest reads a link destination at buf[j]: its span and the end.
func (in *inline) dest(j int, useMemo bool) (ds, de, end int, ok bool) {
	b := in.buf
	if j >= len(b) {
		return 0, 0, 0, false
	}
	if b[j] == '<' {
		k := in.nextGT(j + 1)
		if k < 0 {
			return 0, 0, 0, false
		}
		return j + 1, k, k + 1, true
	}
	e := in.destEnd(j, useMemo)
	return j, e, e, e > j
}

// nextGT returns the first unescaped '>' on the line from buf[p], or -1.
func (in *inline) nextGT(p int) int {
	b := in.buf
	at, ok := in.gt.get(p)
	if !ok {
		k := p
		for k < len(b) && b[k] != '>' && b[k] != '\n' {
			in.steps++
			if b[k] == '\\' && k+1 < len(b) && isPunct(b[k+1]) {
				k++
			}
			k++
		}
		in.gt = memo{p, k}
		at = k
	}
	if at >= len(b) || b[at] != '>' {
		return -1
	}
	return at
}

// destEnd returns the end of a destination not in <...> starting at
// buf[j]: parentheses balanced, up to white space. A scan remembers,
// for every '(' it passes, where a destination after it would end.
func (in *inline) destEnd(j int, useMemo bool) int {
	if useMemo && j > 0 && in.buf[j-1] == '(' {
		if e, ok := in.parenEnd(j - 1); ok {
			return e
		}
	}
	if in.parens == nil {
		in.parens = map[int]int{}
	}
	b := in.buf
	open := in.open[:0]
	k := j
scan:
	for k < len(b) {
		if !destStop[b[k]] {
			// the common case: a run of bytes that neither escape,
			// nest nor end
			e := k + 1
			for e < len(b) && !destStop[b[e]] {
				e++
			}
			in.steps += e - k
			k = e
			continue
		}
		in.steps++
		switch c := b[k]; {
		case c == '\\' && k+1 < len(b) && isPunct(b[k+1]):
			k += 2
			continue
		case c == '(':
			open = append(open, k)
		case c == ')':
			if len(open) == 0 {
				break scan
			}
			in.parens[open[len(open)-1]] = k
			open = open[:len(open)-1]
		case isSpace(c):
			break scan
		}
		k++
	}
	in.unclosed(j, k, open)
	in.open = open[:0] // kept for the next scan: a hostile paragraph opens one for each '('
	return k
}

// unclosed records that the '(' in open, left unclosed by the scan of
// buf[j:k], end a destination after them at k. Every '(' of buf[j:k]
// that the scan did not close is one of them, so when scans come in
// order of j, as the links of a paragraph do, the span [j, k) says it
// for all of them: a paragraph of a million unclosed "[a](" keeps one
// span, not a map entry for each '(' (doc/spec.md L7).
func (in *inline) unclosed(j, k int, open []int) {
	if len(open) == 0 {
		return
	}
	if n := len(in.spans); n == 0 || in.spans[n-1][1] <= j {
		in.spans = append(in.spans, [2]int{j, k})
		return
	}
	for _, o := range open {
		in.parens[o] = k
	}
}

// parenEnd returns the memo of destEnd for the '(' at buf[p]: where a
// destination after it ends, if a scan went past it.
func (in *inline) parenEnd(p int) (int, bool) {
	if e, ok := in.parens[p]; ok {
		return e, true
	}
	sp := in.spans
	i := sort.Search(len(sp), func(i int) bool { return sp[i][1] > p }) // the first span ending after p
	if i < len(sp) && sp[i][0] <= p {
		return sp[i][1], true
	}
	return 0, false
}

// titleClose returns the offset of the unescaped closer of a title
// opened by c before buf[p], or -1; a title in parentheses cannot hold
// an unescaped '('.
func (in *inline) titleClose(p int, c byte) int {
	m := &in.dq
	switch c {
	case '\'':
		m = &in.sq
	case '(':
		m = &in.paren
	}
	at, ok := m.get(p)
	if !ok {
		b := in.buf
		k := p
		for k < len(b) {
			in.steps++
			d := b[k]
			if d == '\\' && k+1 < len(b) && isPunct(b[k+1]) {
				k += 2
				continue
			}
			if c == '(' && (d == '(' || d == ')') || c != '(' && d == c {
				break
			}
			k++
		}
		*m = memo{p, k}
		at = k
	}
	if at >= len(in.buf) || c == '(' && in.buf[at] == '(' {
		return -1
	}
	return at
}

// scanLabel returns the offset of the unescaped ']' that closes a label
// opened before buf[p], or -1 when an unescaped '[' or the end comes
// first.
func (in *inline) scanLabel(p int, useMemo bool) int {
	at, ok := in.label.get(p)
	if !ok || !useMemo {
		b := in.buf
		k := p
		for k < len(b) && b[k] != '[' && b[k] != ']' {
			in.steps++
			if b[k] == '\\' && k+1 < len(b) && isPunct(b[k+1]) {
				k++
			}
			k++
		}
		if useMemo {
			in.label = memo{p, k}
		}
		at = k
	}
	if at >= len(in.buf) || in.buf[at] == '[' {
		return -1
	}
	return at
}
