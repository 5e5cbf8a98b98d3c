package mdscan

// This file reads one line of the block structure, as cmark's
// S_process_line does: the open containers are matched against it
// (matchOpen), new blocks are opened on what remains (openNew), and the
// rest of the line is added to the innermost block (addText).

// line reads one line.
func (s *scanner) line() {
	s.offset, s.column, s.partialTab, s.breakKill = s.ls, 0, false, s.ls
	s.firstNonspace = -1
	last, all, done := s.matchOpen()
	if done {
		return
	}
	tip := len(s.stack) - 1
	o := opening{container: last, maybeLazy: s.stack[tip].kind == bPara, all: all}
	if s.openNew(&o) {
		return
	}
	s.addText(&o, last, tip)
}

// matchOpen matches the open containers against the line, outermost
// first, and returns the index of the last one that matched and whether
// all did; done says a closing fence ended the line.
func (s *scanner) matchOpen() (last int, all, done bool) {
	for i := 1; i < len(s.stack); i++ {
		s.steps++
		b := &s.stack[i]
		s.findFirstNonspace()
		ok, closed := s.continues(i, b)
		if closed {
			s.finish(i)
			return last, false, true
		}
		if !ok {
			return last, false, false
		}
		last = i
	}
	return last, true, false
}

// continues reports whether the line continues the open block b, at
// index i, moving past its marker or indentation when it does; closed
// says the line is b's closing fence.
func (s *scanner) continues(i int, b *block) (ok, closed bool) {
	switch b.kind {
	case bQuote:
		if s.indent > 3 || s.peek(s.firstNonspace) != '>' {
			return false, false
		}
		s.advance(s.indent+1, true)
		if isSpaceOrTab(s.peek(s.offset)) {
			s.advance(1, true)
		}
	case bItem:
		return s.continuesItem(b), false
	case bFence:
		if n := s.closingFence(b); n > 0 {
			return false, true
		}
		for k := b.fenceOffset; k > 0 && isSpaceOrTab(s.peek(s.offset)); k-- {
			s.advance(1, true)
		}
	case bCode:
		if s.indent >= 4 {
			s.advance(4, true)
		} else if s.blank {
			s.advance(s.firstNonspace-s.offset, false)
		} else {
			return false, false
		}
	case bList:
		if s.blank {
			if i+1 >= len(s.stack) || s.stack[i+1].children == 0 {
				s.emptyItem = true
			}
		} else if s.emptyItem {
			return s.continuesList(b), false
		}
	case bHTML:
		return !(s.blank && b.htmlKind >= 6), false
	case bPara:
		return !s.blank, false
	}
	return true, false
}

// continuesItem reports whether the line continues the list item b: it is
// indented past the item's marker, or blank in an item that holds
// something (goldmark: an item that is still empty ends at a blank line,
// however indented; cmark keeps it when indented).
func (s *scanner) continuesItem(b *block) bool {
	if s.blank {
		if b.children == 0 {
			return false
		}
		s.advance(s.firstNonspace-s.offset, false)
		return true
	}
	if s.indent >= b.markerOffset+b.padding {
		s.advance(b.markerOffset+b.padding, true)
		return true
	}
	return false
}

// opening is the state of opening new blocks on a line (cmark's
// open_new_blocks).
type opening struct {
	container int  // the innermost block the line is in
	opened    bool // a block was opened: the unmatched ones are closed
	maybeLazy bool // the line may be a lazy continuation of a paragraph
	all       bool // every open container matched
}

// openStep says how opening new blocks goes on after a block start was
// looked for.
type openStep uint8

const (
	openMore openStep = iota // a container opened: look for another in it
	openStop                 // no more blocks start: add the rest of the line
	openDone                 // the line is read whole
)

// openNew opens the blocks that start on the rest of the line, each
// inside the last. It reports whether the line was read whole.
func (s *scanner) openNew(o *opening) bool {
	for {
		ck := s.stack[o.container].kind
		if ck == bFence || ck == bCode || ck == bHTML {
			return false
		}
		s.findFirstNonspace()
		indented := s.indent >= 4
		containerOK := len(s.stack) < MaxDepth
		if !containerOK {
			s.capped = true
		}
		if !indented && noStartByte[s.peek(s.firstNonspace)] {
			return false // a letter starts no block: the common line of prose
		}
		switch s.openBlock(o, ck, indented, containerOK) {
		case openStop:
			return false
		case openDone:
			return true
		}
		o.maybeLazy = false
	}
}

// openBlock opens the block that starts at the first non-space byte of
// the rest of the line, if one does, in the container o is at, whose kind
// is ck: a block quote, an ATX heading, a fence, an HTML block, a setext
// heading underline, a thematic break, a list item or indented code, in
// cmark's order.
func (s *scanner) openBlock(o *opening, ck blockKind, indented, containerOK bool) openStep {
	fnw := s.firstNonspace
	if !indented && s.peek(fnw) == '>' && containerOK {
		s.openOnce(o)
		s.advance(fnw+1-s.offset, false)
		if isSpaceOrTab(s.peek(s.offset)) {
			s.advance(1, true)
		}
		o.container = s.push(o.container, block{kind: bQuote})
		return openMore
	}
	if n := s.atxStart(fnw); !indented && n > 0 {
		s.openOnce(o)
		s.stack[o.container].children++
		s.heading(fnw + n)
		return openDone
	}
	if n, fc := s.fenceStart(fnw); !indented && n > 0 {
		s.openOnce(o)
		s.advance(s.le-s.offset, false)
		o.container = s.push(o.container, block{kind: bFence, fenceChar: fc, fenceLen: n, fenceOffset: s.indent})
		return openDone
	}
	if k := htmlStart(s.src[fnw:s.le], s.stack[len(s.stack)-1].kind != bPara, s.le < len(s.src)); !indented && k > 0 && s.noTabBefore(fnw) {
		s.openHTML(o, k)
		return openStop
	}
	if lev := s.setextLine(fnw); !indented && ck == bPara && lev > 0 {
		return s.setextHeading(o)
	}
	if !indented && s.breakStarts(o, ck, fnw) {
		s.openOnce(o)
		s.stack[o.container].children++ // a thematic break
		return openDone
	}
	if n, lc := s.listMarker(fnw, ck == bPara); !indented && n > 0 && containerOK && s.noTabBefore(fnw) {
		s.openItem(o, ck, fnw, n, lc)
		return openMore
	}
	if indented && !o.maybeLazy && !s.blank {
		s.openOnce(o)
		s.advance(4, true)
		o.container = s.push(o.container, block{kind: bCode})
	}
	return openStop
}

// openOnce closes, before the first block the line opens, the open blocks
// the line did not match, or the paragraph it interrupts.
func (s *scanner) openOnce(o *opening) {
	if o.opened {
		return
	}
	o.opened = true
	if s.stack[o.container].kind == bPara {
		s.finish(o.container)
		o.container--
	} else {
		s.finish(o.container + 1)
	}
}

// openHTML opens an HTML block of kind k (1 to 7) on the line.
func (s *scanner) openHTML(o *opening, k int) {
	s.openOnce(o)
	st := s.offset
	if s.partialTab {
		st++ // goldmark starts after a tab partly read
	}
	o.container = s.push(o.container, block{kind: bHTML, htmlKind: k, htmlStart: st, htmlEnd: s.lineEnd()})
}

// setextHeading makes the open paragraph a setext heading, underlined by
// the line. A paragraph of definitions only is closed instead, and the
// line read afresh (a thematic break, a list item, text), as goldmark
// does.
func (s *scanner) setextHeading(o *opening) openStep {
	s.takeDefs()
	if len(s.para) > 0 {
		s.inlines(s.para)
		s.para, s.paraBytes, s.paraCont = s.para[:0], 0, false
		s.stack = s.stack[:o.container]
		return openDone
	}
	o.opened = true
	s.finish(o.container)
	o.container--
	return openMore
}

// breakStarts reports whether a thematic break starts at fnw: not in a
// paragraph that a container the line did not match holds (that line is
// a lazy continuation), nor before breakKill.
func (s *scanner) breakStarts(o *opening, ck blockKind, fnw int) bool {
	return !(ck == bPara && !o.all) && fnw >= s.breakKill && s.thematicBreak(fnw)
}

// openItem opens a list item whose marker, of n bytes and character lc,
// starts at fnw, and the list around it unless the container is one of
// the same character: the item's content starts after one to four spaces,
// or after one when more follow, or when the line holds nothing else.
func (s *scanner) openItem(o *opening, ck blockKind, fnw, n int, lc byte) {
	s.openOnce(o)
	s.advance(fnw+n-s.offset, false)
	saveOff, saveCol, savePT := s.offset, s.column, s.partialTab
	for s.column-saveCol <= 5 && isSpaceOrTab(s.peek(s.offset)) {
		s.advance(1, true)
	}
	i := s.column - saveCol
	pad := n + i
	if i >= 5 || i < 1 || s.isBlankFrom(s.offset) {
		pad = n + 1
		s.offset, s.column, s.partialTab = saveOff, saveCol, savePT
		if i > 0 {
			s.advance(1, true)
		}
	}
	b := block{kind: bItem, listChar: lc, markerOffset: s.indent, padding: pad}
	if ck != bList || s.stack[o.container].listChar != lc {
		o.container = s.push(o.container, block{kind: bList, listChar: lc})
	}
	o.container = s.push(o.container, b)
}

// addText adds the rest of the line to the innermost block (cmark's
// add_text_to_container): as a lazy continuation of the paragraph at tip
// when no block opened and not all containers matched, else to the
// container the line is in, whose unmatched children are closed.
func (s *scanner) addText(o *opening, last, tip int) {
	s.findFirstNonspace()
	if !o.opened && o.container == last && last < tip && !s.blank && s.stack[tip].kind == bPara {
		s.addPara(seg{s.textStart(), s.le}) // lazy continuation
		return
	}
	if !o.opened {
		s.finish(o.container + 1)
	}
	container := o.container
	b := &s.stack[container]
	switch b.kind {
	case bFence, bCode:
		if !s.blank {
			s.event(Event{Kind: Code, Start: s.offset, End: s.le, Pos: s.offset})
		}
	case bHTML:
		if !(s.blank && s.le == len(s.src) && container > 1) {
			// goldmark leaves out a last blank line without a line
			// break in a container
			s.extendHTML(b)
		}
		if b.htmlKind <= 5 && htmlEnds(s.src[s.firstNonspace:s.le], b.htmlKind) {
			s.finish(container)
		}
	case bPara:
		if !s.blank {
			s.addPara(seg{s.textStart(), s.le})
		}
	default:
		if !s.blank {
			s.push(container, block{kind: bPara})
			l := seg{s.textStart(), s.le}
			s.para, s.paraBytes, s.paraCont = append(s.para[:0], l), l.end-l.start, false
		}
	}
}
