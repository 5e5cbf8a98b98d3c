package pdf

import (
	"bytes"
	"slices"
	"strings"
)

// Limits of the joins of page text (doc/spec.md P4a, P8).
const (
	maxJoinWord = 4 << 10 // bytes of a URI a line break is judged for: past them it is kept
	maxPending  = 16      // URIs of a page that may go on at the next page
	maxFrom     = 16      // links looked at that go on from one URI
)

// linkIndex is the link evidence of a page (doc/spec.md P4, P4a): the
// keys (sameKey) of the URIs its actions give, and the same sorted, made
// the first time the page asks which links go on from a URI.
type linkIndex struct {
	m      map[string]bool
	sorted []string
}

func (l *linkIndex) has(k string) bool { return l != nil && l.m[k] }

// from returns up to maxFrom links longer than k that start with it.
func (l *linkIndex) from(k string) []string {
	if l == nil || len(l.m) == 0 {
		return nil
	}
	if l.sorted == nil {
		l.sorted = make([]string, 0, len(l.m))
		for s := range l.m {
			l.sorted = append(l.sorted, s)
		}
		slices.Sort(l.sorted)
	}
	i, found := slices.BinarySearch(l.sorted, k)
	if found {
		i++
	}
	j := i
	for j < len(l.sorted) && j-i < maxFrom && strings.HasPrefix(l.sorted[j], k) {
		j++
	}
	return l.sorted[i:j]
}

// pending is a URI that ends a line of the page, the break kept, that a
// link of the page says goes on: it may at the next page (doc/spec.md
// P4b). at is where its line break is in the page's text, start where
// it starts; hyphen says the link goes on without the hyphen that ends
// it.
type pending struct {
	at, start int
	hyphen    bool
}

// How join says a line break is read.
const (
	breakKept      = iota // the line ends there
	joinKeepHyphen        // the lines are joined, whatever ends the first
	joinDropHyphen        // joined without the hyphen that ends the first
	joinGlued             // joined up to where a link ends, a space then (text glued to the URI)
)

// joiner builds the text of a page with its line breaks judged, in
// place: the text only shrinks. It keeps where the text's last word
// starts, and where the URI in it does, as the text grows, so that a
// break is judged in time bounded by the line, not by the word the
// joins before it made.
type joiner struct {
	out  []byte
	ws   int // where out's last word starts
	uri  int // where the URI of that word starts: -1 for none, -2 not yet looked at
	seen int // out[ws:seen] has been searched for "://"
}

func (j *joiner) newWord(at int) { j.ws, j.uri, j.seen = at, -2, at }

// add appends s to the text.
func (j *joiner) add(s []byte) {
	n, i := len(j.out), bytes.LastIndexAny(s, " \n\t") // before: s may be where out grows
	j.out = append(j.out, s...)
	if i >= 0 {
		j.newWord(n + i + 1)
	}
}

// word is the bare URI that ends the text, or nil: the last word from
// where its URI starts, the scheme before "://" (the brackets, quotes
// and text glued before it left out: "(https://...", "KTUG(http://...")
// or "www." or "mailto:" at the word's start after the brackets and
// quotes that open it. A word longer than maxJoinWord is no URI here.
func (j *joiner) word() []byte {
	w := j.out[j.ws:]
	if len(w) > maxJoinWord {
		return nil
	}
	if j.uri == -2 {
		j.uri = -1
		t := bytes.TrimLeft(w, "([{<\"'")
		if len(t) > 7 && (bytes.EqualFold(t[:4], []byte("www.")) || bytes.EqualFold(t[:7], []byte("mailto:"))) {
			j.uri = len(j.out) - len(t)
		}
	}
	if j.uri == -1 {
		from := max(j.ws, j.seen-2)
		if i := bytes.Index(j.out[from:], []byte("://")); i >= 0 {
			j.uri = j.ws + schemeStart(j.out[j.ws:from+i])
		}
		j.seen = len(j.out)
	}
	if j.uri < 0 {
		return schemeOnly(w)
	}
	return j.out[j.uri:]
}

// schemeOnly is w when it is a scheme and its colon ("http:", a line
// that ends before "//host": E8a), nil when not: a URI only the page's
// links can join, the rules of wrapsURI never (they want "://").
func schemeOnly(w []byte) []byte {
	n := len(w)
	if n < 3 || n > 32 || w[n-1] != ':' || w[0]|0x20 < 'a' || w[0]|0x20 > 'z' {
		return nil
	}
	for _, c := range w[1 : n-1] {
		if !isAlnum(c) && strings.IndexByte("+-.", c) < 0 {
			return nil
		}
	}
	return w
}

// schemeStart is where the scheme that ends s starts: the letters,
// digits and "+-." before "://", from the first letter; the start of s
// less the brackets and quotes that open it when there is none.
func schemeStart(s []byte) int {
	i := len(s)
	for i > 0 && (isAlnum(s[i-1]) || strings.IndexByte("+-.", s[i-1]) >= 0) {
		i--
	}
	for i < len(s) && !(s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		i++
	}
	if i == len(s) {
		return len(s) - len(bytes.TrimLeft(s, "([{<\"'"))
	}
	return i
}

// uriWord is the bare URI that ends before (joiner.word), nil for none.
func uriWord(before []byte) []byte {
	j := joiner{out: before}
	j.newWord(bytes.LastIndexAny(before, " \n\t") + 1)
	return j.word()
}

// text is the page's text with wrapped URIs joined (doc/spec.md P4):
// a line break is removed when the line before it ends with a bare URI
// (a word holding "://" or starting "www.") that ends in one of
// "/-.?&=_#%~" (a "." only before a lower-case letter: else it ends a
// sentence), and the next line's first word is at least two characters,
// starts with a letter, a digit or one of "/%~_", holds one of "/.=?&"
// and starts no new scheme nor is an e-mail address (an "@" and no
// "/"), and the next line is not far below (a blank line or a heading
// between). A layout breaks a long URI this way; the right margin says
// nothing in justified text, so it is not used. A hyphen that ends the
// line is kept, unless the page's links say it is the typesetter's, or
// it follows a "/" and a letter or digit goes on (join). A URI whose
// break is kept that a link says goes on is kept in p.pend (P4b).
func (p *pageText) text() []byte {
	b := p.buf.Bytes()
	j := joiner{out: b[:0]} // joined in place
	j.newWord(0)
	last := 0
	for _, e := range p.ends {
		if e.at < last || e.at >= len(b) || b[e.at] != '\n' {
			continue
		}
		j.add(b[last:e.at])
		last = e.at + 1
		// The text joined so far: a URI may have been cut twice.
		word := j.word()
		how, k := p.join(word, b[last:], e.far)
		switch how {
		case breakKept:
			p.keep(word, len(j.out), j.uri)
			j.out = append(j.out, '\n')
			j.newWord(len(j.out))
		case joinDropHyphen:
			j.out = j.out[:len(j.out)-1]
			j.seen = min(j.seen, len(j.out))
		case joinGlued:
			j.out = append(append(j.out, b[last:last+k]...), ' ')
			j.newWord(len(j.out))
			last += k
		}
	}
	j.add(b[last:])
	word := j.word()                // before j.uri is read
	p.keep(word, len(j.out), j.uri) // the page ends it
	return j.out
}

// keep notes a URI whose line break is kept when a link of the page
// goes on from it (with or without the hyphen that ends it): the next
// page may go on with it (doc/spec.md P4b).
func (p *pageText) keep(word []byte, at, start int) {
	if word == nil || p.lk == nil || len(p.pend) >= maxPending {
		return
	}
	if len(p.lk.from(p.key(word, nil))) > 0 {
		p.pend = append(p.pend, pending{at: at, start: start})
	} else if n := len(word); n > 1 && word[n-1] == '-' && len(p.lk.from(p.key(word[:n-1], nil))) > 0 {
		p.pend = append(p.pend, pending{at: at, start: start, hyphen: true})
	}
}

// key is the link key (sameKey) of word and next joined, the work of
// making it charged to the document (doc/spec.md P8).
func (p *pageText) key(word, next []byte) string {
	p.d.spend(int64(len(word) + len(next)))
	return sameKey(string(word) + string(next))
}

// join says how the break between the URI word (nil: none) and after
// is read (doc/spec.md P4a): joined when the page's links say the URI
// goes on (without a line-end hyphen, the typesetter's, or with it), or
// by the rules of wrapsURI when the next line is not far below; a
// hyphen right after a "/" before a letter or a digit is a typesetter's
// break ("gnu.org/-" / "prep/maintain": no path segment starts with a
// hyphen there); joined up to where a link ends, and a space written
// there, when the link ends inside the next line's first word (text
// glued to the URI: "Removalsand", "htmlhttps://"). k is, for
// joinGlued, the bytes of after the URI takes.
func (p *pageText) join(word, after []byte, far bool) (how, k int) {
	if word == nil {
		return breakKept, 0
	}
	next, whole := after, true
	if i := bytes.IndexAny(next, " \n\t"); i >= 0 {
		next, whole = next[:i], next[i] == '\n'
	}
	if n := len(word); n > 1 && word[n-1] == '-' && p.linkGoesOn(word[:n-1], next, whole) {
		return joinDropHyphen, 0
	}
	if p.linkGoesOn(word, next, whole) {
		return joinKeepHyphen, 0
	}
	if !far && wrapsURI(word, after) {
		if n := len(word); n > 2 && word[n-2] == '/' && word[n-1] == '-' && isAlnum(after[0]) {
			return joinDropHyphen, 0
		}
		return joinKeepHyphen, 0
	}
	if k := p.glued(word, next); k > 0 {
		return joinGlued, k
	}
	return breakKept, 0
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// closing are the characters that may end a URI's word and not the URI:
// the punctuation that ends a sentence and the brackets and quotes that
// close.
const closing = ".,;:!?)]}>\"'"

// linkGoesOn says whether the URI word, joined to next (the first word
// of the line after; whole when it is its line's last), is a link of
// the page: equal to it, less the closing characters that end it one at
// a time ("(7))," ends a link that ends "(7)"), or up to a closing
// bracket that glued text follows ("gz)macOS"); or the start of one when
// next is its line's last word: the URI goes on at the line after. A
// layout cuts a URI anywhere, "https://github.com/zoomoid/" and
// "AlphabetClasses.", which the rules of wrapsURI cannot tell from a
// sentence going on.
func (p *pageText) linkGoesOn(word, next []byte, whole bool) bool {
	if p.lk == nil || len(p.lk.m) == 0 || len(next) == 0 {
		return false
	}
	k := len(next)
	for steps := 0; k > 0; steps++ {
		if p.lk.has(p.key(word, next[:k])) {
			return true
		}
		if steps == 8 || strings.IndexByte(closing, next[k-1]) < 0 {
			break
		}
		k--
	}
	if i := bytes.IndexAny(next, ")]}>\"'"); i > 0 && p.lk.has(p.key(word, next[:i])) {
		return true
	}
	t := bytes.TrimRight(next, closing)
	return whole && len(t) > 0 && len(p.lk.from(p.key(word, t))) > 0
}

// glued is how much of next, the first word of the line after the URI
// word, a link of the page takes when it ends inside it, text glued
// after (a letter, a digit or any character past ASCII: "Removalsand",
// "htmlhttps://...", "aspx에서"), 0 for none.
func (p *pageText) glued(word, next []byte) int {
	if p.lk == nil || len(p.lk.m) == 0 || len(next) < 2 {
		return 0
	}
	full := string(word) + string(next)
	low := strings.ToLower(full)
	if len(low) != len(full) {
		return 0
	}
	kf := p.key(word, next)
	skip := len(low) - len(strings.TrimSuffix(low, "/")) // what sameKey took off the end
	pre := len(low) - skip - len(kf)                     // and off the start
	best := 0
	for _, l := range p.lk.from(p.key(word, nil)) {
		if len(l) >= len(kf) || !strings.HasPrefix(kf, l) {
			continue
		}
		k := pre + len(l) - len(word)
		if k <= best || k <= 0 || k >= len(next) {
			continue
		}
		if c := next[k]; c < 0x80 && !isAlnum(c) {
			continue // the URI goes on, or the sentence
		}
		if sameKey(full[:len(word)+k]) == l {
			best = k
		}
	}
	return best
}

// wrapsURI says whether the URI word at the end of a line goes on at
// the start of after.
func wrapsURI(word, after []byte) bool {
	next := after
	if i := bytes.IndexAny(next, " \n\t"); i >= 0 {
		next = next[:i]
	}
	next = bytes.TrimRight(next, ".,;:!?)")
	if len(next) < 2 || bytes.Contains(next, []byte("://")) || !bytes.ContainsAny(next, "/.=?&") {
		return false // a footnote mark, a word, or another URI
	}
	if bytes.IndexByte(next, '@') >= 0 && bytes.IndexByte(next, '/') < 0 {
		return false // an e-mail address
	}
	c := next[0]
	lower := c >= 'a' && c <= 'z'
	if !(lower || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/%~_", c) >= 0) {
		return false
	}
	end := word[len(word)-1]
	return strings.IndexByte("/-?&=_#%~", end) >= 0 || end == '.' && lower
}
