package pdf

import (
	"bytes"
	"strings"
)

// maxTailLines are the lines at the end of a page's text a URI that
// goes on at the next page may end.
const maxTailLines = 8

// goesOn joins the URIs of a page's text that its links say go on, the
// line break after them kept (p.pend), to the first word of a line of
// the next page that makes the link whole (doc/spec.md P4b), when
// they end one of its last maxTailLines lines: a URI cut
// by the end of a page goes on after the next page's running head, or
// in its footnotes. The word must make the link exactly, with only
// closing punctuation after it ("html.)", "bst)"), or a closing bracket
// and text glued to it. The next page's text is read for it without
// links; the joined URI is the link, reported once (P6).
func (r *run) goesOn(text []byte, p *pageText, next *pageRef) []byte {
	type want struct {
		i    int
		rest string // what the link has past the URI
	}
	// Only the URIs of the page's last lines: its body's last, the page
	// number or a footnote after it.
	tail := len(text)
	for n := 0; n < maxTailLines && tail > 0; n++ {
		tail = bytes.LastIndexByte(text[:tail], '\n')
	}
	var wants []want
	for i, pd := range p.pend {
		if pd.at < tail {
			continue
		}
		word := pendWord(text, pd)
		kw := p.key(word, nil)
		for _, l := range p.lk.from(kw) {
			rest := l[len(kw):]
			if word[len(word)-1] == '/' {
				rest = strings.TrimPrefix(rest, "/") // the key left it off the word
			}
			if rest != "" {
				wants = append(wants, want{i, rest})
			}
		}
	}
	if len(wants) == 0 {
		return text
	}
	q, _, _ := r.pageText(next.pg, next.res, nil)
	nt := q.text()
	got := make([][]byte, len(p.pend))
	for at := 0; at < len(nt); {
		line := nt[at:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		at += len(line) + 1
		if i := bytes.IndexAny(line, " \t"); i >= 0 {
			line = line[:i]
		}
		r.d.spend(int64(len(wants)))
		for _, w := range wants {
			if got[w.i] == nil && len(line) >= len(w.rest) && bytes.EqualFold(line[:len(w.rest)], []byte(w.rest)) {
				got[w.i] = makesLink(p, pendWord(text, p.pend[w.i]), line, len(w.rest))
			}
		}
	}
	var out []byte
	last := 0
	for i, pd := range p.pend {
		if got[i] == nil {
			continue
		}
		end := pd.at
		if pd.hyphen {
			end-- // the typesetter's
		}
		out = append(append(out, text[last:end]...), got[i]...)
		last = pd.at
	}
	if out == nil {
		return text
	}
	return append(out, text[last:]...)
}

// pendWord is the URI of a pending break, less the hyphen the link
// does not have.
func pendWord(text []byte, pd pending) []byte {
	w := text[pd.start:pd.at]
	if pd.hyphen {
		w = w[:len(w)-1]
	}
	return w
}

// makesLink is the start of x that, joined to word, is a link of the
// page: its first m bytes (and a "/" after them), followed by nothing
// but closing punctuation, or by a closing bracket (text glued after
// it); nil for none.
func makesLink(p *pageText, word, x []byte, m int) []byte {
	if m < len(x) && x[m] == '/' {
		m++
	}
	rem := x[m:]
	if len(bytes.TrimLeft(rem, closing)) > 0 && strings.IndexByte(")]}>\"'", rem[0]) < 0 {
		return nil // the word goes on past the link
	}
	if !p.lk.has(p.key(word, x[:m])) {
		return nil
	}
	return x[:m]
}
