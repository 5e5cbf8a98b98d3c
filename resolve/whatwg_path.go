package resolve

import "strings"

// This file is the path handling of the basic URL parser (URL Standard
// sections 4.2 and 4.4): shortening a path, Windows drive letters, single-
// and double-dot segments, the path state's segment buffer and the opaque
// path.

// shorten is "shorten a URL's path" (section 4.2): drop the last segment,
// unless the path of a file URL is only a normalized drive letter.
func (p *wparser) shorten() {
	if p.scheme == "file" && len(p.path) == 3 && isNormalizedDrive(p.path[1:]) {
		return
	}
	if i := lastSlash(p.path); i >= 0 {
		p.path = p.path[:i]
	}
}

func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return -1
}

// isDrive: a Windows drive letter (section 4.2), "C:" or "C|".
func isDrive(s []byte) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedDrive: a normalized Windows drive letter, "C:".
func isNormalizedDrive(s []byte) bool { return len(s) == 2 && isAlpha(s[0]) && s[1] == ':' }

// startsWithDrive: the string starts with a Windows drive letter (section
// 4.2): "C:" or "C|", then the end or one of "/\?#".
func startsWithDrive(s string) bool {
	if len(s) < 2 || !isAlpha(s[0]) || (s[1] != ':' && s[1] != '|') {
		return false
	}
	return len(s) == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#'
}

// firstSegment returns the first segment of a serialized list path.
func firstSegment(path string) string {
	if path == "" {
		return ""
	}
	if i := strings.IndexByte(path[1:], '/'); i >= 0 {
		return path[1 : 1+i]
	}
	return path[1:]
}

// isSingleDot: a single-dot URL path segment, "." or "%2e" (section 4.1).
func isSingleDot(s []byte) bool {
	return len(s) == 1 && s[0] == '.' || len(s) == 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}

// isDoubleDot: a double-dot URL path segment, ".." or one of its
// "%2e" spellings (section 4.1).
func isDoubleDot(s []byte) bool {
	switch len(s) {
	case 2:
		return s[0] == '.' && s[1] == '.'
	case 4:
		return s[0] == '.' && isPct2e(s[1:]) || isPct2e(s[:3]) && s[3] == '.'
	case 6:
		return isPct2e(s[:3]) && isPct2e(s[3:])
	}
	return false
}

func isPct2e(s []byte) bool { return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e' }

// openSegment starts the path state's buffer, if it is empty, with a
// "/" at the end of the path.
func (p *wparser) openSegment() {
	if p.segStart < 0 {
		p.path = append(p.path, '/')
		p.segStart = len(p.path)
	}
}

// endSegment is the path state at the end of a segment (section 4.4): a
// "." or ".." segment is resolved, any other stays in the path. slash
// says the segment ends with a "/" (or "\" in a special URL).
func (p *wparser) endSegment(slash bool) {
	p.openSegment()
	seg := p.path[p.segStart:]
	before := p.segStart - 1 // the path without the segment and its "/"
	p.segStart = -1
	switch {
	case isDoubleDot(seg):
		p.path = p.path[:before]
		p.shorten()
		if !slash {
			p.path = append(p.path, '/')
		}
	case isSingleDot(seg):
		p.path = p.path[:before]
		if !slash {
			p.path = append(p.path, '/')
		}
	case p.scheme == "file" && before == 0 && isDrive(seg):
		seg[1] = ':'
	}
}

// appendOpaquePath is the opaque path state for s, a run of input without
// "?" or "#"; more says one of those follows it. A space is kept, except
// the one before "?" or "#", which becomes "%20" so that a path never
// ends in a space.
func (p *wparser) appendOpaquePath(s string, more bool) {
	if more && strings.HasSuffix(s, " ") {
		p.path = appendPct(p.path, s[:len(s)-1], setC0)
		p.path = append(p.path, "%20"...)
		return
	}
	p.path = appendPct(p.path, s, setC0)
}
