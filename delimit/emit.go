package delimit

import (
	"strings"
	"unsafe"
)

// Reporting a hit: its URI from the pieces of the run, its Raw, position
// and flags (E5, E7, E8); a defanged one is dropped (doc/spec.md §7b).

// emitSub reports the hit buf[start:end] whose URI is buf[us:ue]; clean
// says that the run holds nothing cleanURI would change (!runState.dirty).
func (s *Scanner) emitSub(start, end, us, ue int, kind Kind, flags Flags, clean bool) {
	raw := s.text(start, end)
	uri := raw[us-start : ue-start]
	if !clean {
		uri = cleanURI(uri)
	}
	s.emitURI(start, end, raw, uri, kind, flags)
}

// text returns buf[start:end] as a string: the bytes themselves when the
// Scanner borrows (Options.Borrow), else a copy.
func (s *Scanner) text(start, end int) string {
	if s.borrow && end > start {
		return unsafe.String(&s.buf[start], end-start)
	}
	return string(s.buf[start:end])
}

// emit reports the hit buf[start:end] whose URI is uri made clean.
func (s *Scanner) emit(start, end int, raw, uri string, kind Kind, flags Flags) {
	s.emitURI(start, end, raw, cleanURI(uri), kind, flags)
}

func (s *Scanner) emitURI(start, end int, raw, uri string, kind Kind, flags Flags) {
	if defanged(uri) || end < s.n && defangNext(uri, s.buf[end:s.n]) {
		// No URI (doc/spec.md §7b): refanged, or dropped.
		s.pos, s.floor = end, end
		return
	}
	if s.borrow {
		flags |= Borrowed
	}
	line, col := s.locate(start)
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
		s.emitSub(start, end, segs[0].s, segs[0].e, kind, 0, false)
		return
	}
	raw := s.text(start, end)
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
