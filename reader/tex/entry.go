package tex

import (
	"bytes"
	"strings"
)

// entry reads the BibTeX entry at buf[i] ('@type{key, field = value, ...}'
// or with parentheses): its url, doi and eprint fields become f.pend, a
// few at a time, to be passed on as the scan reaches them, and the index after "@type{" is
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
	f.readFields(k+1, end)
	return k + 1
}

// fields is an entry's body read for references a few at a time: the
// fields from at up to the entry's end (filter.entryEnd), and the eprint
// field to take (the last one), when the entry says arXiv.
type fields struct {
	on     bool
	at     int
	eprint [2]int
}

// readFields starts reading the fields of an entry's body buf[i:end]: a
// first pass finds the eprint field and whether the entry is arXiv's,
// then the references of url, doi and eprint are queued as fields does.
func (f *filter) readFields(i, end int) {
	b := f.buf[:end]
	// The key, up to the first comma.
	c := bytes.IndexByte(b[i:], ',')
	if c < 0 {
		return
	}
	var eprint [2]int
	arxiv := false
	for k := i + c + 1; k < len(b); {
		name, vs, ve, next := nextField(b, k)
		switch name {
		case "eprint":
			eprint = [2]int{vs, ve}
		case "archiveprefix", "eprinttype":
			arxiv = arxiv || strings.EqualFold(texURL(b[vs:ve]), "arxiv")
		}
		k = next
	}
	f.more = fields{on: true, at: i + c + 1}
	if arxiv && eprint[1] > eprint[0] {
		f.more.eprint = eprint
	}
	f.fields()
}

// fields queues the references of the entry's fields from f.more.at on,
// in the order of the file, until maxPend are queued or the entry ends.
func (f *filter) fields() {
	m := &f.more
	b := f.buf[:f.entryEnd]
	for m.at < len(b) && len(f.pend) < maxPend {
		name, vs, ve, next := nextField(b, m.at)
		switch v := b[vs:ve]; name {
		case "url":
			f.queue(vs, ve, "url", texURL(v))
		case "doi":
			f.queue(vs, ve, "doi", doiURL(texURL(v)))
		case "eprint":
			if [2]int{vs, ve} != m.eprint {
				break
			}
			if id := texURL(v); id != "" && !strings.ContainsAny(id, " \"<>") {
				f.queue(vs, ve, "eprint", "https://arxiv.org/abs/"+id)
			}
		}
		m.at = next
	}
	m.on = m.at < len(b)
}

// nextField reads the field at b[i] (after blanks): its name in lower
// case, the first piece of its value b[vs:ve], and the index after it;
// a name "" when there is no field there (next is after the next comma,
// or the end).
func nextField(b []byte, i int) (name string, vs, ve, next int) {
	if i = skipBlank(b, i); i >= len(b) {
		return "", 0, 0, len(b)
	}
	n := i
	for n < len(b) && (isLetter(b[n]) || b[n] == '_' || b[n] == '-' || '0' <= b[n] && b[n] <= '9') {
		n++
	}
	name = strings.ToLower(string(b[i:n]))
	e := skipBlank(b, n)
	if name == "" || e >= len(b) || b[e] != '=' {
		// Not a field: go on after the next comma.
		k := bytes.IndexByte(b[max(n, i+1):], ',')
		if k < 0 {
			return "", 0, 0, len(b)
		}
		return "", 0, 0, max(n, i+1) + k + 1
	}
	vs, ve, next = value(b, skipBlank(b, e+1))
	return name, vs, ve, next
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
