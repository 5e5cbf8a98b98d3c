package mdscan

import (
	"bytes"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/cases"
)

// Link reference definitions (CommonMark §4.7), destinations and labels.

// takeDefs removes the link reference definitions that start the open
// paragraph, recording (first pass) or reporting (second pass) them.
// It follows goldmark's loop: a definition may end inside a line, where
// the next one is looked for, and the lines it removes are goldmark's
// (a destination on the line after its label stays in the paragraph
// when a title with text after it follows).
func (s *scanner) takeDefs() {
	if len(s.para) == 0 || s.paraCont {
		return
	}
	if k, _ := skipSpace(s.src, s.para[0].start); k >= len(s.src) || s.src[k] != '[' {
		return
	}
	in := &s.in
	in.build(s.src, s.para)
	in.reset()
	var removed [][2]int
	for pos := 0; ; {
		start, end, next, ok := s.parseDef(pos)
		if !ok {
			break
		}
		if start == end {
			end++
		}
		removed = append(removed, [2]int{start, end})
		pos = next
	}
	if len(removed) == 0 {
		return
	}
	w, r := 0, 0
	for k, l := range s.para {
		for r < len(removed) && removed[r][1] <= k {
			r++
		}
		if r < len(removed) && removed[r][0] <= k {
			continue
		}
		s.para[w] = l
		w++
	}
	s.para = s.para[:w]
}

// parseDef reads a definition at or after buf[pos], as goldmark reads
// it: the lines it removes, [start, end), and where to look for the
// next one.
func (s *scanner) parseDef(pos int) (start, end, next int, ok bool) {
	in := &s.in
	b := in.buf
	p, _ := skipSpace(b, pos)
	if p >= len(b) || b[p] != '[' {
		return 0, 0, 0, false
	}
	start = in.lineOf(p)
	q := in.scanLabel(p+1, false)
	if q < 0 || isBlank(b[p+1:q]) || q+1 >= len(b) || b[q+1] != ':' {
		return 0, 0, 0, false
	}
	label := b[p+1 : q]
	j, _ := skipSpace(b, q+2)
	ds, de, j, ok := in.dest(j, false)
	if !ok {
		return 0, 0, 0, false
	}
	endLine := in.lineOf(j)
	lineEnd := j
	for lineEnd < len(b) && b[lineEnd] != '\n' {
		lineEnd++
	}
	isNewLine := isBlank(b[j:lineEnd])
	t, spaces := skipSpace(b, j)
	switch {
	case t >= len(b) || b[t] != '"' && b[t] != '\'' && b[t] != '(':
		end, next, ok = endLine+1, t, isNewLine
	case spaces == 0:
		ok = false
	default:
		c := in.titleClose(t+1, b[t])
		if c < 0 {
			end, next, ok = endLine+1, len(b), isNewLine
			break
		}
		e := c + 1
		for e < len(b) && b[e] != '\n' && isSpace(b[e]) {
			e++
		}
		if e >= len(b) || b[e] == '\n' {
			end, next = in.lineOf(c)+1, c+1
		} else {
			end, next, ok = endLine, c+1, isNewLine // goldmark: no +1
		}
	}
	if !ok {
		return 0, 0, 0, false
	}
	s.steps += next - p + 1
	sd, se := in.srcOf(ds), in.srcOf(de)
	key := normalizeLabel(label)
	if s.collect || s.defsLive {
		s.define(key, sd, se)
	}
	if !s.collect {
		s.event(Event{Kind: Definition, Start: sd, End: se, Dest: s.decode(s.src[sd:se]), Pos: in.srcOf(p)})
	}
	return start, end, next, true
}

// define records the definition of key at src[start:end], unless the
// label has one already (CommonMark: the first one counts) or the
// definitions hold MaxDefBytes.
func (s *scanner) define(key string, start, end int) {
	if _, seen := s.defs[key]; seen {
		return
	}
	dest := s.decode(s.src[start:end])
	size := len(key) + len(dest) + end - start + 320 // and two map entries
	if s.defBytes+size > MaxDefBytes {
		s.defsFull = true
		return
	}
	s.defBytes += size
	line, col := s.lineCol(start)
	d := &def{start: start + s.base, end: end + s.base, dest: dest, raw: string(s.src[start:end]), line: line, col: col}
	s.defs[key], s.defAt[d.start] = d, d
}

// lookup returns the definition of a link label, its span relative to
// src (event makes it absolute again).
func (s *scanner) lookup(label []byte) (def, bool) {
	if len(s.defs) == 0 {
		return def{}, false
	}
	s.steps += len(label)
	d, ok := s.defs[normalizeLabel(label)]
	if !ok {
		return def{}, false
	}
	r := *d
	r.start, r.end = d.start-s.base, d.end-s.base
	return r, true
}

var folder = cases.Fold()

// normalizeLabel is the key of a link label: white space trimmed and
// collapsed, Unicode case folded (CommonMark §6.3).
func normalizeLabel(l []byte) string {
	t := strings.Trim(string(l), " \t\n\r\v\f")
	out := make([]byte, 0, len(t))
	sp, ascii := false, true
	for i := 0; i < len(t); i++ {
		c := t[i]
		if isSpace(c) {
			if !sp {
				out = append(out, ' ')
			}
			sp = true
			continue
		}
		sp = false
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		ascii = ascii && c < 0x80
		out = append(out, c)
	}
	if ascii {
		return string(out)
	}
	return folder.String(string(out))
}

// decode resolves the backslash escapes, then the numeric and then the
// named character references of a destination, in goldmark's order. A
// destination with none is d itself when the scanner borrows
// (Options.Borrow), else a copy.
func (s *scanner) decode(d []byte) string {
	if bytes.IndexByte(d, '\\') < 0 && bytes.IndexByte(d, '&') < 0 { // not string(d): a copy past 32 bytes
		if s.borrow && len(d) > 0 {
			return unsafe.String(&d[0], len(d))
		}
		return string(d)
	}
	return resolveNames(resolveNumeric(unescape(d)))
}

func unescape(d []byte) []byte {
	out := make([]byte, 0, len(d))
	for i := 0; i < len(d); i++ {
		if d[i] == '\\' && i+1 < len(d) && isPunct(d[i+1]) {
			i++
		}
		out = append(out, d[i])
	}
	return out
}

func resolveNumeric(d []byte) []byte {
	var out []byte
	n := 0
	for i := 0; i < len(d); i++ {
		if d[i] != '&' || i+2 >= len(d) || d[i+1] != '#' {
			continue
		}
		nc := d[i+2]
		j := i + 3
		var v uint64
		switch {
		case nc == 'x' || nc == 'X':
			for j < len(d) && isHex(d[j]) {
				j++
			}
			if j == i+3 || j >= len(d) || d[j] != ';' {
				continue
			}
			v, _ = strconv.ParseUint(string(d[i+3:j]), 16, 32)
		case '0' <= nc && nc <= '9':
			j = i + 2
			for j < len(d) && '0' <= d[j] && d[j] <= '9' {
				j++
			}
			if j >= len(d) || j-(i+2) >= 8 || d[j] != ';' {
				continue
			}
			v, _ = strconv.ParseUint(string(d[i+2:j]), 0, 32)
		default:
			continue
		}
		r := rune(v)
		if v == 0 || v > utf8.MaxRune || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		out = append(out, d[n:i]...)
		out = utf8.AppendRune(out, r)
		n = j + 1
		i = j
	}
	if out == nil {
		return d
	}
	return append(out, d[n:]...)
}

func resolveNames(d []byte) string {
	var out []byte
	n := 0
	for i := 0; i < len(d); i++ {
		if d[i] != '&' || i+1 < len(d) && d[i+1] == '#' {
			continue
		}
		j := i + 1
		for j < len(d) && isAlnum(d[j]) {
			j++
		}
		if j == i+1 || j >= len(d) || d[j] != ';' {
			continue
		}
		ref := string(d[i : j+1])
		r := html.UnescapeString(ref)
		if r == ref || strings.HasSuffix(r, ";") && ref != "&semi;" {
			continue
		}
		out = append(out, d[n:i]...)
		out = append(out, r...)
		n = j + 1
		i = j
	}
	if out == nil {
		return string(d)
	}
	return string(append(out, d[n:]...))
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// isPunct is ASCII punctuation.
func isPunct(c byte) bool {
	return 33 <= c && c <= 47 || 58 <= c && c <= 64 || 91 <= c && c <= 96 || 123 <= c && c <= 126
}

// isSpace is goldmark's white space: space, tab, line feed, carriage
// return.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isBlank(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// skipSpace returns the first index from i that is not white space, and
// how many it skipped.
func skipSpace(b []byte, i int) (int, int) {
	j := i
	for j < len(b) && isSpace(b[j]) {
		j++
	}
	return j, j - i
}
