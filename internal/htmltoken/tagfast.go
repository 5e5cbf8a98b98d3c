package htmltoken

import "bytes"

// readTagFast is readTag for the common tag: one that the window holds
// whole, whose attributes have a quoted value or none, and that has no
// '/' outside its values ("<a href="x" class='y' hidden>"). It reads it
// with no call per byte and reports true; for any other tag it reports
// false having moved nothing, and readTag reads it as upstream does. The
// spans it sets are those readTagName, readTagAttrKey and readTagAttrVal
// set for such a tag. The opening "<a" or "</a" has been consumed.
func (z *Tokenizer) readTagFast(saveAttr bool) bool {
	w, i := z.win, z.rawEnd
	for i < len(w) && !nameStop[w[i]] {
		i++
	}
	if i >= len(w) || w[i] == '/' {
		return false
	}
	nameEnd := i
	for {
		for i < len(w) && !notSpace[w[i]] {
			i++
		}
		if i >= len(w) {
			return z.notFast()
		}
		if c := w[i]; c == '>' {
			break
		} else if c == '/' || c == '=' {
			return z.notFast() // a self-closing slash, a name that starts with '='
		}
		key := span{i, i}
		for i < len(w) && !keyStop[w[i]] {
			i++
		}
		key.end = i
		j := i
		for j < len(w) && !notSpace[w[j]] {
			j++
		}
		if j >= len(w) || w[j] == '/' {
			return z.notFast()
		}
		val := span{key.end, key.end} // no value: '>' or the next name at j
		if w[j] == '=' {
			for j++; j < len(w) && !notSpace[w[j]]; j++ {
			}
			if j >= len(w) || w[j] != '"' && w[j] != '\'' {
				return z.notFast() // an unquoted value
			}
			k := bytes.IndexByte(w[j+1:], w[j])
			if k < 0 {
				return z.notFast()
			}
			val = span{j + 1, j + 1 + k}
			j = val.end + 1
		}
		i = j
		if saveAttr {
			z.pendingAttr = [2]span{key, val}
			if len(z.attr) == 0 || z.newAttrName() {
				z.attr = append(z.attr, z.pendingAttr)
			}
		}
	}
	z.data = span{z.rawEnd - 1, nameEnd}
	z.rawEnd = i + 1
	return true
}

// notFast undoes what readTagFast saved of a tag it does not read.
func (z *Tokenizer) notFast() bool {
	z.attr = z.attr[:0]
	z.attrNames = nil
	return false
}
