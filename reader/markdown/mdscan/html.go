package mdscan

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// Autolinks, raw HTML and HTML blocks, as goldmark reads them.

// autolink returns the length of the autolink "<...>" starting b, or 0,
// and whether it is an e-mail address.
func autolink(b []byte) (int, bool) {
	email := true
	stop := findEmail(b[1:])
	if stop < 0 {
		stop, email = findURL(b[1:]), false
	}
	if stop < 0 {
		return 0, false
	}
	stop++
	if stop >= len(b) || b[stop] != '>' {
		return 0, false
	}
	return stop + 1, email
}

func emailLocal(c byte) bool {
	return c == 33 || 35 <= c && c <= 39 || c == 42 || c == 43 || 45 <= c && c <= 57 ||
		c == 61 || c == 63 || 65 <= c && c <= 90 || 94 <= c && c <= 126
}

// emailDomain matches a domain as cmark's e-mail autolink does. It is
// compiled the first time an e-mail address is looked at, not when urix
// starts: compiling it was a third of the start-up work of every run.
var emailDomain = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*`)
})

// findEmail returns the end of the e-mail address starting b, or -1: a
// local part of at most 63 bytes, '@', a domain of at most 255.
func findEmail(b []byte) int {
	i := 0
	for i < len(b) && i < 64 && emailLocal(b[i]) {
		i++
	}
	if i == 0 || i >= len(b) || b[i] != '@' {
		return -1
	}
	return domainEnd(b, i)
}

// domainEnd returns the end of the domain after the '@' at b[at], or -1.
func domainEnd(b []byte, at int) int {
	i := at + 1
	if i >= len(b) {
		return -1
	}
	m := emailDomain().FindIndex(b[i:min(len(b), i+256)])
	if m == nil || m[1] > 255 {
		return -1
	}
	return i + m[1]
}

func urlChar(c byte) bool { return 33 <= c && c <= 59 || c == 61 || c >= 63 }

// findURL returns the end of the absolute URI starting b, or -1: a
// scheme of 2 to 32 characters, ':', no space, '<' or '>'.
func findURL(b []byte) int {
	if len(b) == 0 || !isLetter(b[0]) {
		return -1
	}
	i := 1
	for i < len(b) && (isAlnum(b[i]) || b[i] == '+' || b[i] == '-' || b[i] == '.') {
		i++
	}
	if i == 1 || i > 33 || i >= len(b) || b[i] != ':' {
		return -1
	}
	i++
	for i < len(b) && urlChar(b[i]) {
		i++
	}
	return i
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// rawHTML returns the length of the raw HTML at buf[i], or 0.
func (in *inline) rawHTML(i int, s *scanner) int {
	b := in.buf
	l := b[i:]
	switch {
	case len(l) > 1 && isAlnum(l[1]):
		return in.tag(i, false, s)
	case len(l) > 2 && l[1] == '/' && isAlnum(l[2]):
		return in.tag(i, true, s)
	case bytes.HasPrefix(l, []byte("<!-->")):
		return 5
	case bytes.HasPrefix(l, []byte("<!--->")):
		return 6
	case bytes.HasPrefix(l, []byte("<!--")):
		return in.until(i+4, i, 0, "-->", s)
	case bytes.HasPrefix(l, []byte("<?")):
		return in.until(i, i, 1, "?>", s)
	case len(l) > 2 && l[1] == '!' && 'A' <= l[2] && l[2] <= 'Z':
		return in.until(i, i, 2, ">", s)
	case bytes.HasPrefix(l, []byte("<![CDATA[")):
		return in.until(i, i, 3, "]]>", s)
	}
	return 0
}

// until returns the length from buf[i] to the end of the first end
// marker at or after buf[p], or 0; the search is remembered.
func (in *inline) until(p, i, k int, end string, s *scanner) int {
	at, ok := in.htmlEnd[k].get(p)
	if !ok {
		q := bytes.Index(in.buf[p:], []byte(end))
		if q < 0 {
			q = len(in.buf)
		} else {
			q += p
		}
		s.steps += q - p
		in.htmlEnd[k] = memo{p, q}
		at = q
	}
	if at >= len(in.buf) {
		return 0
	}
	return at + len(end) - i
}

// tag returns the length of the open or closing tag at buf[i], or 0.
func (in *inline) tag(i int, closing bool, s *scanner) int {
	// goldmark matches tags through a rune reader that stops at the
	// first invalid UTF-8 sequence (or U+FFFD)
	b := in.buf[:in.nextBad(i)]
	k := i + 1
	if closing {
		k++
	}
	if k >= len(b) || !isLetter(b[k]) {
		return 0
	}
	for k < len(b) && (isAlnum(b[k]) || b[k] == '-') {
		k++
	}
	in.steps += k - i
	if !closing {
		k = scanAttrs(b, k, in)
	}
	a := k
	for k < len(b) {
		if b[k] == ' ' || b[k] == '\t' || b[k] == '\n' {
			k++
		} else if b[k] == '\r' && k+1 < len(b) && b[k+1] == '\n' {
			k += 2
		} else {
			break
		}
	}
	if !closing && k < len(b) && b[k] == '/' {
		k++
	}
	in.steps += k - a + 1
	if k < len(b) && b[k] == '>' {
		return k + 1 - i
	}
	return 0
}

func tagSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func attrStart(c byte) bool { return isLetter(c) || c == '_' || c == ':' }

func attrChar(c byte) bool { return isAlnum(c) || c == '_' || c == ':' || c == '.' || c == '-' }

// scanAttrs returns the end of the attributes of a tag from b[k]; with
// in, quoted values are found through its memos.
func scanAttrs(b []byte, k int, in *inline) int {
	start := k
	jumped := 0
	defer func() {
		if in != nil {
			in.steps += k - start - jumped + 1
		}
	}()
	for {
		w := k
		for w < len(b) && tagSpace(b[w]) {
			w++
		}
		if w == k || w >= len(b) || !attrStart(b[w]) {
			return k
		}
		k = w + 1
		for k < len(b) && attrChar(b[k]) {
			k++
		}
		v := k
		for v < len(b) && tagSpace(b[v]) {
			v++
		}
		if v >= len(b) || b[v] != '=' {
			continue
		}
		v++
		for v < len(b) && tagSpace(b[v]) {
			v++
		}
		if v >= len(b) {
			continue
		}
		switch c := b[v]; c {
		case '"', '\'':
			q := -1
			if in != nil {
				if q = in.nextRaw(v+1, c); q >= len(b) {
					q = -1
				}
			} else if n := bytes.IndexByte(b[v+1:], c); n >= 0 {
				q = v + 1 + n
			}
			if q >= 0 {
				jumped += q - v
				k = q + 1
			}
		default:
			e := v
			for e < len(b) && b[e] > 0x20 && !strings.ContainsRune("\"'=<>`", rune(b[e])) {
				e++
			}
			if e > v {
				k = e
			}
		}
	}
}

// nextBad returns the offset of the first invalid UTF-8 sequence or
// U+FFFD at or after buf[p] (a rune boundary), or len(buf).
func (in *inline) nextBad(p int) int {
	at, ok := in.bad.get(p)
	if !ok {
		b := in.buf
		k := p
		for k < len(b) {
			if b[k] < utf8.RuneSelf {
				k++
				continue
			}
			r, n := utf8.DecodeRune(b[k:])
			if r == utf8.RuneError {
				break
			}
			k += n
		}
		in.steps += k - p + 1
		in.bad = memo{p, k}
		at = k
	}
	return at
}

// nextRaw returns the first c ('"' or '\”) at or after buf[p], or -1.
func (in *inline) nextRaw(p int, c byte) int {
	m := &in.rawQ[0]
	if c == '\'' {
		m = &in.rawQ[1]
	}
	at, ok := m.get(p)
	if !ok {
		q := bytes.IndexByte(in.buf[p:], c)
		if q < 0 {
			q = len(in.buf)
		} else {
			q += p
		}
		in.steps += q - p + 1
		*m = memo{p, q}
		at = q
	}
	if at >= len(in.buf) {
		return -1
	}
	return at
}

// blockTags are the names that start an HTML block of kind 6.
var blockTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`address article aside base basefont blockquote body caption center col
		colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset
		h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem meta nav noframes
		ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul`) {
		blockTags[t] = true
	}
}

// htmlStart returns the kind (1 to 7) of the HTML block that line l
// (from its first non-space) starts, or 0; kind 7 only when allow7. A
// last '\r' ends the line only before a '\n' (lf): goldmark's patterns
// end in (?:\r\n|\n)?$.
func htmlStart(l []byte, allow7, lf bool) int {
	if len(l) < 2 || l[0] != '<' {
		return 0
	}
	if kind := htmlStartFixed(l); kind > 0 {
		return kind
	}
	// kind 7 first, as goldmark: a complete tag alone on the line
	k := 1
	closing := l[k] == '/'
	if closing {
		k++
		for k < len(l) && l[k] == ' ' {
			k++
		}
	}
	n := k
	if k >= len(l) || !isLetter(l[k]) {
		return 0
	}
	for k < len(l) && (isAlnum(l[k]) || l[k] == '-') {
		k++
	}
	name := strings.ToLower(string(l[n:k]))
	if alone, hasAttr := tagAlone(l, k, lf); alone {
		if blockTags[name] {
			return 6
		}
		if allow7 && name != "script" && name != "style" && name != "pre" && !(closing && hasAttr) {
			return 7
		}
	}
	if blockTags[name] && blockNameEnds(l, k, lf) {
		return 6
	}
	return 0
}

// htmlStartFixed returns the kind (1 to 5) of the HTML block that line l
// starts with a fixed string, or 0: "<script", "<pre", "<style" or
// "<textarea" (any case) followed by whitespace, '>', "/>" or the end
// (1), a comment (2), a processing instruction (3), a declaration (4),
// CDATA (5).
func htmlStartFixed(l []byte) int {
	low := bytes.ToLower(l[:min(len(l), 12)])
	for _, t := range []string{"script", "pre", "style", "textarea"} {
		if bytes.HasPrefix(low[1:], []byte(t)) {
			r := l[1+len(t):]
			if len(r) == 0 || r[0] == '>' || r[0] == ' ' || r[0] == '\t' || r[0] == '\f' || r[0] == '\r' ||
				r[0] == '/' && len(r) > 1 && r[1] == '>' {
				return 1
			}
		}
	}
	switch {
	case bytes.HasPrefix(l, []byte("<!--")):
		return 2
	case bytes.HasPrefix(l, []byte("<?")):
		return 3
	case len(l) > 2 && l[1] == '!' && 'A' <= l[2] && l[2] <= 'Z':
		return 4
	case bytes.HasPrefix(l, []byte("<![CDATA[")):
		return 5
	}
	return 0
}

// tagAlone reports whether the tag whose name ends at l[k] is complete
// and alone on line l: attributes, an optional '/', '>', then only
// spaces (kind 7, and kind 6 as goldmark reads it); hasAttr says it has
// attributes.
func tagAlone(l []byte, k int, lf bool) (alone, hasAttr bool) {
	a := scanAttrs(l, k, nil)
	hasAttr = a > k
	e := a
	for e < len(l) && l[e] == ' ' {
		e++
	}
	if e < len(l) && l[e] == '/' {
		e++
	}
	if e >= len(l) || l[e] != '>' {
		return false, hasAttr
	}
	e++
	for e < len(l) && l[e] == ' ' {
		e++
	}
	return e == len(l) || lf && e == len(l)-1 && l[e] == '\r', hasAttr
}

// blockNameEnds reports whether the name of a kind 6 tag, which ends at
// l[k], is followed by a space, '>', "/>" or the end of the line.
func blockNameEnds(l []byte, k int, lf bool) bool {
	return k == len(l) || l[k] == ' ' || l[k] == '>' || l[k] == '/' && k+1 < len(l) && l[k+1] == '>' ||
		lf && k == len(l)-1 && l[k] == '\r'
}

// htmlEnds reports whether line l ends an HTML block of kind 1 to 5.
func htmlEnds(l []byte, kind int) bool {
	switch kind {
	case 1:
		low := bytes.ToLower(l)
		for _, t := range []string{"</script>", "</pre>", "</style>", "</textarea>"} {
			if bytes.Contains(low, []byte(t)) {
				return true
			}
		}
		return false
	case 2:
		return bytes.Contains(l, []byte("-->"))
	case 3:
		return bytes.Contains(l, []byte("?>"))
	case 4:
		return bytes.IndexByte(l, '>') >= 0
	}
	return bytes.Contains(l, []byte("]]>"))
}
