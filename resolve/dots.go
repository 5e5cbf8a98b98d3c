package resolve

import "strings"

// hasDotSegment reports whether p has a complete path segment "." or
// "..", the only segments either dot-removal algorithm changes.
func hasDotSegment(p string) bool {
	for {
		i := strings.IndexByte(p, '.')
		if i < 0 {
			return false
		}
		if i == 0 || p[i-1] == '/' {
			rest := p[i+1:]
			if len(rest) > 0 && rest[0] == '.' {
				rest = rest[1:]
			}
			if rest == "" || rest[0] == '/' {
				return true
			}
		}
		p = p[i+1:]
		// Skip the rest of this segment: a dot inside it is not a segment.
		j := strings.IndexByte(p, '/')
		if j < 0 {
			return false
		}
		p = p[j:]
	}
}

// appendRemoveDots appends to dst the path p with its dot segments
// removed by the remove_dot_segments algorithm of RFC 3986 Section 5.2.4.
func appendRemoveDots(dst []byte, p string) []byte {
	start := len(dst)
	return removeDots(append(dst, p...), start)
}

// removeDots removes the dot segments of the path b[start:] in place by
// the remove_dot_segments algorithm of RFC 3986 Section 5.2.4, rule for
// rule (A to E), so its quirks are kept: "a/../b" gives "/b", and ".."
// above the root is dropped. It works in place because the output never
// grows faster than the input is consumed: w <= r throughout.
func removeDots(b []byte, start int) []byte {
	r, w, n := start, start, len(b)
	for r < n {
		in := b[r:n]
		switch {
		case hasPrefix(in, "../"): // A
			r += 3
		case hasPrefix(in, "./"): // A
			r += 2
		case hasPrefix(in, "/./"): // B: "/./" -> "/"
			r += 2
		case len(in) == 2 && in[0] == '/' && in[1] == '.': // B: "/." -> "/"
			r++
			b[r] = '/'
		case hasPrefix(in, "/../"): // C: "/../" -> "/", pop
			r += 3
			w = popSegment(b, start, w)
		case len(in) == 3 && in[0] == '/' && in[1] == '.' && in[2] == '.': // C: "/.." -> "/", pop
			r += 2
			b[r] = '/'
			w = popSegment(b, start, w)
		case len(in) == 1 && in[0] == '.' || len(in) == 2 && in[0] == '.' && in[1] == '.': // D
			r = n
		default: // E: move the first segment, with its leading '/'
			i := 0
			if in[0] == '/' {
				i = 1
			}
			for i < len(in) && in[i] != '/' {
				i++
			}
			w += copy(b[w:], in[:i])
			r += i
		}
	}
	return b[:w]
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

// popSegment returns the end of b[start:w] after removing its last
// segment and the '/' before it, if any.
func popSegment(b []byte, start, w int) int {
	for i := w - 1; i >= start; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return start
}

// removeDots2396 removes the dot segments of the path b[start:] in place
// as steps 6c to 6g of Section 5.2 of the seeds do: "./" and a final "."
// are removed, "<segment>/../" and a final "<segment>/.." are removed
// where <segment> is not "..", and ".." segments left at the start are
// kept (step 6g, the first of its three options, as Appendix C shows:
// "../../../g" gives "http://a/../g"). It works as a stack of segments;
// the leading '/' of an absolute path is not a segment. In place is safe
// as each segment written was consumed with its separator first.
func removeDots2396(b []byte, start int) []byte {
	r, w, n := start, start, len(b)
	if r < n && b[r] == '/' {
		r++
		w++
		start++
	}
	segs := 0 // segments in b[start:w]
	for {
		e := r
		for e < n && b[e] != '/' {
			e++
		}
		last := e == n
		seg := b[r:e]
		switch {
		case len(seg) == 1 && seg[0] == '.':
			if last {
				w, segs = pushSegment(b, w, segs, nil)
			}
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.' && segs > 0 && !topIsDotDot(b[start:w]):
			w = popSegment(b, start, w)
			segs--
			if last {
				w, segs = pushSegment(b, w, segs, nil)
			}
		default:
			w, segs = pushSegment(b, w, segs, seg)
		}
		if last {
			return b[:w]
		}
		r = e + 1
	}
}

func pushSegment(b []byte, w, segs int, seg []byte) (int, int) {
	if segs > 0 {
		b[w] = '/'
		w++
	}
	return w + copy(b[w:], seg), segs + 1
}

// topIsDotDot reports whether the last segment of s is "..".
func topIsDotDot(s []byte) bool {
	if len(s) < 2 || s[len(s)-1] != '.' || s[len(s)-2] != '.' {
		return false
	}
	return len(s) == 2 || s[len(s)-3] == '/'
}
