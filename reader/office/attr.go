package office

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// The references and attributes of the scanner's tokens (scan.go).

// expand returns what the reference &name; stands for, nil when it is
// none of the predefined entities or a valid character reference.
func expand(name []byte) []byte {
	switch string(name) {
	case "amp":
		return []byte("&")
	case "lt":
		return []byte("<")
	case "gt":
		return []byte(">")
	case "quot":
		return []byte("\"")
	case "apos":
		return []byte("'")
	}
	if name[0] != '#' {
		return nil
	}
	var n uint64
	var err error
	if len(name) > 1 && (name[1] == 'x' || name[1] == 'X') {
		n, err = strconv.ParseUint(string(name[2:]), 16, 32)
	} else {
		n, err = strconv.ParseUint(string(name[1:]), 10, 32)
	}
	if err != nil || n > utf8.MaxRune {
		return nil
	}
	return utf8.AppendRune(nil, rune(n))
}

// attr returns the value of the attribute whose local name is name (any
// prefix) of the current start tag, its references expanded, and where
// the value as written lies in the tag; ok false when it has none.
func (s *scanner) attr(name string) (val []byte, vs, ve int, ok bool) {
	if vs, ve, ok = findAttr(s.raw, name); !ok {
		return nil, 0, 0, false
	}
	return unescape(s.raw[vs:ve]), vs, ve, true
}

// unescape expands the references of an attribute value as written.
func unescape(v []byte) []byte {
	if bytes.IndexByte(v, '&') < 0 {
		return v
	}
	var out []byte
	for len(v) > 0 {
		i := bytes.IndexByte(v, '&')
		if i < 0 {
			out = append(out, v...)
			break
		}
		out = append(out, v[:i]...)
		v = v[i:]
		semi := bytes.IndexByte(v[:min(len(v), 12)], ';')
		if semi > 1 {
			if r := expand(v[1:semi]); r != nil {
				out = append(out, r...)
				v = v[semi+1:]
				continue
			}
		}
		out = append(out, '&')
		v = v[1:]
	}
	return out
}

// findAttr returns where the value of the attribute whose local name is
// name lies in tag, a start tag as written.
func findAttr(tag []byte, name string) (vs, ve int, ok bool) {
	eachAttr(tag, func(qname []byte, s, e int) bool {
		if string(local(qname)) == name {
			vs, ve, ok = s, e, true
			return false
		}
		return true
	})
	return vs, ve, ok
}

// eachAttr calls fn with the qualified name of each attribute of tag, a
// start tag as written, and where its value lies, until fn returns false.
func eachAttr(tag []byte, fn func(name []byte, vs, ve int) bool) {
	i := len(tagName(tag[1:])) + 1
	for i < len(tag) {
		for i < len(tag) && isSpace(tag[i]) {
			i++
		}
		n := i
		for i < len(tag) && tag[i] != '=' && !isSpace(tag[i]) && tag[i] != '>' && tag[i] != '/' {
			i++
		}
		if i == n {
			return
		}
		an := tag[n:i]
		for i < len(tag) && isSpace(tag[i]) {
			i++
		}
		if i >= len(tag) || tag[i] != '=' {
			continue // an attribute with no value
		}
		i++
		for i < len(tag) && isSpace(tag[i]) {
			i++
		}
		if i >= len(tag) || tag[i] != '"' && tag[i] != '\'' {
			return
		}
		e := bytes.IndexByte(tag[i+1:], tag[i])
		if e < 0 || !fn(an, i+1, i+1+e) {
			return
		}
		i += e + 2
	}
}
