package tex

import (
	"bytes"
	"strings"
)

// entry reads the BibTeX entry at buf[i] ('@type{key, field = value, ...}'
// or with parentheses): its url, doi and eprint fields become f.pend, to
// be passed on as the scan reaches them, and the index after "@type{" is
// returned, so that the rest (other fields, commands in them) is read as
// the source. @comment is blanked; @string and @preamble are text.
func (f *filter) entry(i int) int {
	b := f.buf
	j := i + 1
	for j < len(b) && (isLetter(b[j]) || b[j] == '_' || b[j] == '-') {
		j++
	}
	typ := strings.ToLower(string(b[i+1 : j]))
	k := j
	for k < len(b) && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r' || b[k] == '\n') {
		k++
	}
	if typ == "" || k >= len(b) || b[k] != '{' && b[k] != '(' {
		return i + 1
	}
	closeBy := byte('}')
	if b[k] == '(' {
		closeBy = ')'
	}
	if k < f.entryFail {
		return i + 1 // where a search for an entry's end failed
	}
	end, ok := closing(b, k, b[k], closeBy)
	if !ok {
		f.entryFail = end
		return i + 1 // not closed within the window: text
	}
	switch typ {
	case "comment":
		blank(b[i : end+1])
		return end + 1
	case "string", "preamble":
		return k + 1
	}
	f.entryEnd = end
	f.fields(k+1, end)
	return k + 1
}

// fields reads the fields of an entry's body buf[i:end] and queues the
// references of url, doi and eprint (with archivePrefix or eprinttype
// arXiv).
func (f *filter) fields(i, end int) {
	b := f.buf[:end]
	// The key, up to the first comma.
	c := bytes.IndexByte(b[i:], ',')
	if c < 0 {
		return
	}
	var eprint [2]int
	arxiv := false
	start := len(f.pend)
	for i += c + 1; i < len(b); {
		if i = skipBlank(b, i); i >= len(b) {
			break
		}
		n := i
		for n < len(b) && (isLetter(b[n]) || b[n] == '_' || b[n] == '-' || '0' <= b[n] && b[n] <= '9') {
			n++
		}
		name := strings.ToLower(string(b[i:n]))
		e := skipBlank(b, n)
		if name == "" || e >= len(b) || b[e] != '=' {
			// Not a field: go on after the next comma.
			k := bytes.IndexByte(b[max(n, i+1):], ',')
			if k < 0 {
				break
			}
			i = max(n, i+1) + k + 1
			continue
		}
		vs, ve, next := value(b, skipBlank(b, e+1))
		switch v := b[vs:ve]; name {
		case "url":
			f.queue(vs, ve, "url", texURL(v))
		case "doi":
			f.queue(vs, ve, "doi", doiURL(texURL(v)))
		case "eprint":
			eprint = [2]int{vs, ve}
		case "archiveprefix", "eprinttype":
			arxiv = arxiv || strings.EqualFold(texURL(v), "arxiv")
		}
		i = next
	}
	if arxiv && eprint[1] > eprint[0] {
		if id := texURL(b[eprint[0]:eprint[1]]); id != "" && !strings.ContainsAny(id, " \"<>") {
			f.queue(eprint[0], eprint[1], "eprint", "https://arxiv.org/abs/"+id)
		}
	}
	// In the order of the file.
	p := f.pend
	for k := max(start, 1); k < len(p); k++ {
		for m := k; m > 0 && p[m].start < p[m-1].start; m-- {
			p[m], p[m-1] = p[m-1], p[m]
		}
	}
}

// queue queues the reference ref of field attr, whose value is buf[i:j].
func (f *filter) queue(i, j int, attr, ref string) {
	if ref == "" {
		return
	}
	f.pend = append(f.pend, field{start: i, end: j, kind: "bibtex", attr: attr, ref: ref})
}

// value reads a field's value at b[i]: the bounds of its first piece
// (inside its braces or quotes) and the index after the whole value (its
// pieces joined by '#'), at the comma or the end.
func value(b []byte, i int) (int, int, int) {
	vs, ve := i, i
	for first := true; i < len(b); first = false {
		s, e := i, i
		switch b[i] {
		case '{':
			k, ok := closing(b, i, '{', '}')
			if !ok {
				return i, len(b), len(b)
			}
			s, e, i = i+1, k, k+1
		case '"':
			k := i + 1
			for depth := 0; k < len(b) && (b[k] != '"' || depth > 0); k++ {
				switch b[k] {
				case '{':
					depth++
				case '}':
					depth--
				case '\\':
					k++
				}
			}
			s, e, i = i+1, min(k, len(b)), min(k+1, len(b))
		default:
			for i < len(b) && b[i] != ',' && b[i] != '#' && b[i] != ' ' && b[i] != '\n' && b[i] != '\t' && b[i] != '\r' {
				i++
			}
			e = i
		}
		if first {
			vs, ve = s, e
		}
		i = skipBlank(b, i)
		if i >= len(b) || b[i] != '#' {
			break
		}
		i = skipBlank(b, i+1)
	}
	if i < len(b) && b[i] == ',' {
		i++
	}
	return vs, ve, i
}

func skipBlank(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}
