package tex

import (
	"bytes"
	"strings"

	"github.com/urix/urix/delimit"
)

// command reads the control sequence at buf[i] ('\\') and returns the
// index after what it read of it.
func (f *filter) command(i int) int {
	b := f.buf
	j := i + 1
	for j < len(b) && isLetter(b[j]) {
		j++
	}
	if j == i+1 {
		return min(i+2, len(b)) // a control symbol: \% \\ \{ ...
	}
	switch string(b[i+1 : j]) {
	case "url":
		s, e, next, ok := f.arg(j, maxArg)
		if !ok {
			return j
		}
		f.addURL("tex", `\url`, texURL(b[s:e]), s, e)
		blank(b[i:next])
		return next
	case "href":
		s, e, next, ok := f.arg(j, maxArg)
		if !ok {
			return j
		}
		ref := texURL(b[s:e])
		f.addURL("tex", `\href`, ref, s, e)
		blank(b[i:next])
		// The text is the text rules', unless it is the URL again.
		// It is looked for no further than the URL's length allows.
		if ts, te, tnext, ok := arg(b, next, 2*(e-s)+64); ok && texURL(unwrap(b[ts:te])) == ref {
			blank(b[next:tnext])
			return tnext
		}
		return next
	case "doi":
		s, e, next, ok := f.arg(j, maxArg)
		if !ok {
			return j
		}
		if ref := doiURL(texURL(b[s:e])); ref != "" {
			f.addURL("tex", `\doi`, ref, s, e)
		}
		blank(b[i:next])
		return next
	}
	return j
}

// addURL records a URL read at buf[i:j], cut at the hit cap.
func (f *filter) addURL(kind, attr, ref string, i, j int) {
	if ref = strings.TrimSpace(ref); ref == "" {
		return
	}
	cut := len(ref) > delimit.MaxHit
	if cut {
		ref, j = ref[:delimit.MaxHit], min(j, i+delimit.MaxHit)
	}
	f.add(kind, attr, ref, i, j, cut)
}

// maxArg is the longest URL argument looked for: one longer is text.
const maxArg = 64<<10 + 1<<10

// arg is the package's arg over the buffer, except that an argument that
// starts where a search has already failed fails at once: a run of
// unclosed "\url{" is read in linear time.
func (f *filter) arg(i, limit int) (int, int, int, bool) {
	if i < f.argFail {
		return 0, 0, 0, false
	}
	s, e, next, ok := arg(f.buf, i, limit)
	if !ok {
		f.argFail = next
	}
	return s, e, next, ok
}

// arg reads a braced argument at b[i] (after blanks), closed within limit
// bytes: it returns the bounds of what is inside the braces, the index
// after them, and true; or how far it looked and false.
func arg(b []byte, i, limit int) (int, int, int, bool) {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i >= len(b) || b[i] != '{' {
		return 0, 0, i, false
	}
	e, ok := closing(b[:min(len(b), i+limit)], i, '{', '}')
	if !ok {
		return 0, 0, e, false
	}
	return i + 1, e, e + 1, true
}

// closing returns the index of the bracket that closes the one at b[i],
// nested brackets and escaped ones counted; or len(b) and false.
func closing(b []byte, i int, open, close byte) (int, bool) {
	depth := 0
	for k := i; k < len(b); k++ {
		switch b[k] {
		case '\\':
			k++
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return k, true
			}
		}
	}
	return len(b), false
}

// unwrap returns the argument of a text that is one command and its
// braced argument (\url{...}, \nolinkurl{...}, \texttt{...}), else text.
func unwrap(text []byte) []byte {
	t := bytes.TrimSpace(text)
	if len(t) < 2 || t[0] != '\\' {
		return t
	}
	j := 1
	for j < len(t) && isLetter(t[j]) {
		j++
	}
	if s, e, next, ok := arg(t, j, len(t)); ok && next == len(t) {
		return t[s:e]
	}
	return t
}

// texURL undoes the TeX escapes of a URL (\# \% \_ \& \$ \~{} \textasciitilde,
// and the braces of a BibTeX value) and trims it.
func texURL(raw []byte) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '{' || c == '}':
			continue
		case c == '\\' && i+1 < len(raw):
			n := raw[i+1]
			if strings.IndexByte("#%_&$~/", n) >= 0 {
				b.WriteByte(n)
				i++
				if n == '~' && i+2 < len(raw) && raw[i+1] == '{' && raw[i+2] == '}' {
					i += 2
				}
				continue
			}
			if name := "textasciitilde"; bytes.HasPrefix(raw[i+1:], []byte(name)) {
				b.WriteByte('~')
				i += len(name)
				for i+1 < len(raw) && raw[i+1] == ' ' {
					i++
				}
				continue
			}
		case c == '\n' || c == '\r' || c == '\t':
			continue // a URL broken over lines in a field
		}
		b.WriteByte(c)
	}
	return strings.TrimSpace(b.String())
}

// doiURL returns the https://doi.org/ URL of a DOI ("10.1000/x", "doi:10.1000/x"),
// or the URL a field gives instead of one; "" for neither.
func doiURL(doi string) string {
	switch d := strings.TrimSpace(doi); {
	case strings.HasPrefix(d, "http://") || strings.HasPrefix(d, "https://"):
		return d
	case len(d) > 4 && strings.EqualFold(d[:4], "doi:"):
		return doiURL(d[4:])
	case strings.HasPrefix(d, "10."):
		return "https://doi.org/" + d
	}
	return ""
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
