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
// removed by the remove_dot_segments algorithm of RFC 3986 Section 5.2.4,
// step for step (rules A to E), so its quirks are kept: "a/../b" gives
// "/b", and ".." above the root is dropped.
func appendRemoveDots(dst []byte, p string) []byte {
	start := len(dst)
	for len(p) > 0 {
		switch {
		case strings.HasPrefix(p, "../"): // A
			p = p[3:]
		case strings.HasPrefix(p, "./"): // A
			p = p[2:]
		case strings.HasPrefix(p, "/./"): // B
			p = p[2:]
		case p == "/.": // B
			p = "/"
		case strings.HasPrefix(p, "/../"): // C
			p = p[3:]
			dst = popSegment(dst, start)
		case p == "/..": // C
			p = "/"
			dst = popSegment(dst, start)
		case p == "." || p == "..": // D
			p = ""
		default: // E
			i := 0
			if p[0] == '/' {
				i = 1
			}
			for i < len(p) && p[i] != '/' {
				i++
			}
			dst = append(dst, p[:i]...)
			p = p[i:]
		}
	}
	return dst
}

// popSegment removes the last segment of dst[start:] and the '/' before
// it, if any.
func popSegment(dst []byte, start int) []byte {
	for i := len(dst) - 1; i >= start; i-- {
		if dst[i] == '/' {
			return dst[:i]
		}
	}
	return dst[:start]
}

// appendRemoveDots2396 appends to dst the path p with its dot segments
// removed as steps 6c to 6g of Section 5.2 of the seeds do: "./" and a
// final "." are removed, "<segment>/../" and a final "<segment>/.." are
// removed where <segment> is not "..", and ".." segments left at the
// start are kept (step 6g, the first of its three options, as Appendix C
// shows: "../../../g" gives "http://a/../g"). It works as a stack of
// segments; the leading '/' of an absolute path is not a segment.
func appendRemoveDots2396(dst []byte, p string) []byte {
	if len(p) > 0 && p[0] == '/' {
		dst = append(dst, '/')
		p = p[1:]
	}
	start := len(dst)
	n := 0 // segments written to dst[start:]
	for {
		i := strings.IndexByte(p, '/')
		last := i < 0
		if last {
			i = len(p)
		}
		seg := p[:i]
		switch {
		case seg == ".":
			if last {
				dst, n = pushSegment(dst, n, "")
			}
		case seg == ".." && n > 0 && !topIsDotDot(dst, start):
			dst = popSegment(dst, start)
			n--
			if last {
				dst, n = pushSegment(dst, n, "")
			}
		default:
			dst, n = pushSegment(dst, n, seg)
		}
		if last {
			return dst
		}
		p = p[i+1:]
	}
}

func pushSegment(dst []byte, n int, seg string) ([]byte, int) {
	if n > 0 {
		dst = append(dst, '/')
	}
	return append(dst, seg...), n + 1
}

// topIsDotDot reports whether the last segment of dst[start:] is "..".
func topIsDotDot(dst []byte, start int) bool {
	s := dst[start:]
	if len(s) < 2 || s[len(s)-1] != '.' || s[len(s)-2] != '.' {
		return false
	}
	return len(s) == 2 || s[len(s)-3] == '/'
}
