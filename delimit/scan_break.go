package delimit

import (
	"strings"
	"unicode/utf8"
)

// This file joins the line breaks that text extracted from a PDF puts
// inside a URI (E8a): right after "scheme:" before "//", right after
// "scheme://" and after a host cut at a dot; and reads the typographic
// ligatures of such text as their letters.

// lineBreakAt returns where the line after a line break at b[i] ("\n" or
// "\r\n") starts, or -1 when b[i] starts none.
func lineBreakAt(b []byte, i int) int {
	if i < len(b) && b[i] == '\r' {
		i++
	}
	if i >= len(b) || b[i] != '\n' {
		return -1
	}
	return i + 1
}

// schemeBreak confirms a hit whose line ends right after the "//" of
// the authority scheme at the ':' at c (E8a): "http://" /
// "creativecommons.org/...", when the next line, unindented, starts with
// a letter or digit, no new URI, and a host with a dot.
func (s *Scanner) schemeBreak(b []byte, c int) {
	j := schemeStart(b, max(s.floor, c-maxLook), c)
	i := lineBreakAt(b, c+3)
	if j < 0 || i < 0 || !continuesWord(b, i) || newURIAt(b, i) || !dottedHost(b, i) {
		return
	}
	h := colonHit{j: j, start: j, cs: c, class: sspAuthority}
	s.joinLines(&h, []seg{{s: j, e: c + 3}}, i, runState{bare: true})
}

// colonBreak confirms a hit whose line ends right after the ':' at c of
// an authority scheme (E8a): "https:" / "//www.fda.gov/...", when the
// next line, unindented, starts with "//" and a host with a dot that
// starts with a letter or digit and no new URI, as for "http://" /
// "creativecommons.org" (schemeBreak).
func (s *Scanner) colonBreak(b []byte, c int) {
	i := lineBreakAt(b, c+1)
	if i < 0 || !hasSlashes(b, i) || !continuesWord(b, i+2) || newURIAt(b, i+2) || !dottedHost(b, i+2) {
		return
	}
	j := schemeStart(b, max(s.floor, c-maxLook), c)
	var low [maxLook]byte
	if j < 0 || schemeClass(lowerName(b[j:c], &low)) != sspAuthority {
		return
	}
	h := colonHit{j: j, start: j, cs: c, class: sspAuthority}
	s.joinLines(&h, []seg{{s: j, e: c + 1}}, i, runState{bare: true})
}

// dottedHost reports whether the host that starts at b[i] holds a dot
// between two of its characters ("creativecommons.org"): a word alone
// ("baz") is prose after a lone "http://".
func dottedHost(b []byte, i int) bool {
	for k := i; k+1 < len(b) && (b[k] < utf8.RuneSelf && ctab[b[k]]&cWord != 0 || b[k] == '-' || b[k] == '.'); k++ {
		if b[k] == '.' && k > i && continuesWord(b, k+1) {
			return true
		}
	}
	return false
}

// hostBreak confirms a bare hit whose run ends at e with a host cut after
// a dot at the end of its line (E8a): "http://proceedings.mlr." /
// "press/v97/welleck19a.html". The run must be "//" and a host with no
// path yet whose last label is no common top-level domain (endsWithTLD),
// and the next line, unindented, a lower-case host label followed by a
// '/' or ':' (a path or a port): a sentence that ends with a URI and a
// next line of prose are not joined. It reports whether it emitted a hit.
func (s *Scanner) hostBreak(b []byte, e int, h *colonHit, st runState) bool {
	if h.class != sspAuthority || e-h.cs < 5 || b[e-1] != '.' || b[e-2] == '.' {
		return false
	}
	host := b[h.cs+3 : e-1]
	if strings.IndexByte(string(host), '/') >= 0 || endsWithTLD(host) {
		return false
	}
	i := lineBreakAt(b, e)
	if i < 0 {
		return false
	}
	k := i
	for k < len(b) && (b[k] >= 'a' && b[k] <= 'z' || b[k] >= '0' && b[k] <= '9' || b[k] == '-' && k > i) {
		k++
	}
	if k == i || k >= len(b) || b[k] != '/' && b[k] != ':' {
		return false
	}
	return s.joinLines(h, []seg{{s: h.j, e: e}}, i, st)
}

// endsWithTLD reports whether host ends in a label that ends a host
// name as often as not: two letters (a country's domain) or one of the
// common generic ones. "http://example.com." ends a sentence; the next
// line's "and/or" does not go on with it.
func endsWithTLD(host []byte) bool {
	l := string(host[strings.LastIndexByte(string(host), '.')+1:])
	if len(l) == 2 {
		return true
	}
	switch strings.ToLower(l) {
	case "com", "org", "net", "edu", "gov", "mil", "int", "info", "biz", "io":
		return true
	}
	return false
}

// joinLines scans the run that starts the next line at i, joins it to the
// pieces of the first line and emits the hit as bareJoin does. It reports
// whether it emitted a hit.
func (s *Scanner) joinLines(h *colonHit, segs []seg, i int, st runState) bool {
	b := s.buf[:min(s.n, h.start+maxAngle)]
	e2, _ := st.scan(b, i, len(b))
	if e2 == len(b) && len(b) < s.n || e2 == i {
		return false // the run goes on past 4 KiB, or there is none
	}
	return s.emitJoined(h, append(segs, seg{s: i, e: e2}), st)
}

// emitJoined emits the hit of h over the pieces segs, cut and trimmed as
// a bare hit is (E4), when its scheme-specific part fits its scheme
// (E2). It reports whether it emitted one.
func (s *Scanner) emitJoined(h *colonHit, segs []seg, st runState) bool {
	joined := []byte(s.join(segs, false))
	from := h.cs + 1 - h.j
	n := bracketCut(joined, from, pathStart(joined, from, len(joined)), len(joined))
	n = trimTrailing(joined[:n], h.wrap, h.nw)
	last := &segs[len(segs)-1]
	if len(joined)-n >= last.e-last.s || !fits(h.class, h.rule, texClean(joined[from:n], &st)) {
		return false
	}
	last.e -= len(joined) - n
	s.emit(h.start, last.e, s.text(h.start, last.e), string(joined[:n]), Space, 0)
	return true
}

// unligature returns uri with the typographic ligatures U+FB00-U+FB06
// written as their letters (E8a): "m9.ﬁgshare" is "m9.figshare".
func unligature(uri string) string {
	if !hasLigature(uri) {
		return uri
	}
	var sb strings.Builder
	for _, r := range uri {
		if r >= 0xFB00 && r <= 0xFB06 {
			sb.WriteString([...]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}[r-0xFB00])
			continue
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

func hasLigature(s string) bool {
	for i := strings.IndexByte(s, 0xef); i >= 0 && i+2 < len(s); i++ {
		if s[i] == 0xef && s[i+1] == 0xac && s[i+2] <= 0x86 && s[i+2] >= 0x80 {
			return true
		}
	}
	return false
}
