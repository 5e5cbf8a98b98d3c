package mdscan

import "bytes"

// Block starts: the tests of one line for a fence, a heading, a
// thematic break, a list marker (CommonMark §4, §5, as goldmark reads
// them).

// noTabBefore reports whether only spaces (or the rest of a tab partly
// read) come before fnw on the line: goldmark starts no HTML block and no
// list item after a tab.
func (s *scanner) noTabBefore(fnw int) bool {
	k := s.offset
	if s.partialTab {
		k++
	}
	return k >= fnw || bytes.IndexByte(s.src[k:fnw], '\t') < 0
}

// continuesList reports whether the line goes on with an item of list b,
// not a thematic break (goldmark's test when emptyItem is set).
func (s *scanner) continuesList(b *block) bool {
	if s.indent >= 4 {
		return false
	}
	n, c := s.listMarker(s.firstNonspace, false)
	if n == 0 || c != b.listChar {
		return false
	}
	kill := s.breakKill
	tb := s.thematicBreak(s.firstNonspace)
	s.breakKill = kill
	return !tb
}

// closingFence returns the length of the closing fence of b on the
// line, or 0.
func (s *scanner) closingFence(b *block) int {
	if s.indent > 3 || s.peek(s.firstNonspace) != b.fenceChar {
		return 0
	}
	i := s.firstNonspace
	for i < s.le && s.src[i] == b.fenceChar {
		i++
	}
	n := i - s.firstNonspace
	if n < b.fenceLen {
		return 0
	}
	for ; i < s.le; i++ {
		if c := s.src[i]; c != ' ' && c != '\t' && c != '\r' {
			return 0
		}
	}
	s.steps += n
	return n
}

// fenceStart returns the length and character of a code fence opening at
// i, or 0.
func (s *scanner) fenceStart(i int) (int, byte) {
	c := s.peek(i)
	if c != '`' && c != '~' {
		return 0, 0
	}
	j := i
	for j < s.le && s.src[j] == c {
		j++
	}
	if j-i < 3 || c == '`' && bytes.IndexByte(s.src[j:s.le], '`') >= 0 {
		return 0, 0
	}
	s.steps += s.le - i
	return j - i, c
}

// atxStart returns the length of the opening of an ATX heading at i
// ('#'s and the space after them), or 0.
func (s *scanner) atxStart(i int) int {
	j := i
	for j < s.le && s.src[j] == '#' && j-i < 7 {
		j++
	}
	if n := j - i; n == 0 || n > 6 {
		return 0
	}
	if c := s.peek(j); c != ' ' && c != '\t' && c != '\n' && c != '\r' {
		return 0
	}
	return j - i
}

// heading reads an ATX heading whose text starts at or after i.
func (s *scanner) heading(i int) {
	end := s.le
	for i < end && (isSpaceOrTab(s.src[i]) || s.src[i] == '\r') {
		i++
	}
	for end > i && (isSpaceOrTab(s.src[end-1]) || s.src[end-1] == '\r') {
		end--
	}
	k := end
	for k > i && s.src[k-1] == '#' {
		k--
	}
	if k == i {
		end = i
	} else if k < end && isSpaceOrTab(s.src[k-1]) {
		end = k
		for end > i && isSpaceOrTab(s.src[end-1]) {
			end--
		}
	}
	s.steps += s.le - i
	if end > i {
		s.inlines([]seg{{i, end}})
	}
}

// setextLine returns 1 or 2 for a setext heading underline at i, or 0.
func (s *scanner) setextLine(i int) int {
	c := s.peek(i)
	if c != '=' && c != '-' {
		return 0
	}
	j := i
	for j < s.le && s.src[j] == c {
		j++
	}
	for ; j < s.le; j++ {
		if d := s.src[j]; d != ' ' && d != '\t' && d != '\r' {
			return 0
		}
	}
	s.steps += s.le - i
	if c == '=' {
		return 1
	}
	return 2
}

// thematicBreak reports whether a thematic break starts at i; when not,
// it records where the scan failed.
func (s *scanner) thematicBreak(i int) bool {
	c := s.peek(i)
	if c != '*' && c != '-' && c != '_' {
		s.breakKill = i + 1
		return false
	}
	n := 0
	j := i
	for ; j < s.le; j++ {
		s.steps++
		switch d := s.src[j]; {
		case d == c:
			n++
		case d == ' ' || d == '\t' || d == '\r':
		default:
			s.breakKill = j
			return false
		}
	}
	if n < 3 {
		s.breakKill = j + 1
		return false
	}
	return true
}

// listMarker returns the length and kind of a list marker at i, or 0;
// one that would interrupt a paragraph must be a bullet or "1." and be
// followed by text.
func (s *scanner) listMarker(i int, interrupts bool) (int, byte) {
	c := s.peek(i)
	var n int
	var kind byte
	switch {
	case c == '-' || c == '+' || c == '*':
		n, kind = 1, c
	case '0' <= c && c <= '9':
		j := i
		for j < s.le && j-i < 10 && '0' <= s.src[j] && s.src[j] <= '9' {
			j++
		}
		d := s.peek(j)
		if j-i > 9 || d != '.' && d != ')' {
			return 0, 0
		}
		if interrupts && (j-i != 1 || c != '1') {
			return 0, 0
		}
		n, kind = j-i+1, d
	default:
		return 0, 0
	}
	e := s.peek(i + n)
	if e != ' ' && e != '\t' && e != '\n' { // goldmark: not even '\r'
		return 0, 0
	}
	if interrupts {
		k := i + n
		for k < s.le && (isSpaceOrTab(s.src[k]) || s.src[k] == '\r') {
			k++
		}
		if k == s.le {
			return 0, 0
		}
	}
	return n, kind
}
