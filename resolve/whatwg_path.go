package resolve

import "strings"

// This file is the path handling of the basic URL parser (URL Standard
// sections 4.2 and 4.4): shortening a path, Windows drive letters, single-
// and double-dot segments, the path state's segment buffer and the opaque
// path, and the states from the path start state on (path, opaque path,
// query, fragment).

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

// pathStartState is the path start state: a special URL's path starts
// with a slash, which is read here; a URL that is not special may have a
// query or fragment and no path.
func (p *wparser) pathStartState(c rune) (step, error) {
	switch {
	case p.special:
		p.state = stPath
		if c != '/' && c != '\\' {
			return again, nil
		}
	case c == '?':
		p.startQuery()
	case c == '#':
		p.startFragment()
	case c != eof:
		p.state = stPath
		if c != '/' {
			return again, nil
		}
	}
	return next, nil
}

// pathState is the path state: a segment is read at once up to a slash,
// "?", "#" or the end, which ends it.
func (p *wparser) pathState(c rune) (step, error) {
	slash := p.isSlash(c)
	if c == eof || slash || c == '?' || c == '#' {
		p.endSegment(slash)
		switch c {
		case '?':
			p.startQuery()
		case '#':
			p.startFragment()
		}
		return next, nil
	}
	// Read the rest of the segment at once.
	in, j := p.in, p.i
	for j < len(in) && in[j] != '/' && in[j] != '?' && in[j] != '#' && !(in[j] == '\\' && p.special) {
		j++
	}
	p.openSegment()
	p.path = appendPct(p.path, in[p.i:j], setPath)
	p.i = j
	return again, nil
}

// opaquePathState is the opaque path state: everything up to "?" or "#",
// read at once.
func (p *wparser) opaquePathState(c rune) (step, error) {
	switch c {
	case '?':
		p.startQuery()
	case '#':
		p.startFragment()
	case eof:
	default:
		in, j := p.in, p.i
		for j < len(in) && in[j] != '?' && in[j] != '#' {
			j++
		}
		p.appendOpaquePath(in[p.i:j], j < len(in))
		p.i = j
		return again, nil
	}
	return next, nil
}

// queryState is the query state: everything up to "#", read at once and
// percent-encoded in the query's encoding.
func (p *wparser) queryState(c rune) (step, error) {
	in, i := p.in, p.i
	j := i + strings.IndexByte(in[i:], '#')
	if j < i {
		j = len(in)
	}
	p.query = p.appendQuery(p.query, in[i:j])
	if j < len(in) { // "#"
		p.startFragment()
		p.i = j + 1
		return again, nil
	}
	p.i = j
	if c == eof {
		return next, nil
	}
	return again, nil
}

// fragmentState is the fragment state: the rest of the input, read at
// once.
func (p *wparser) fragmentState(c rune) (step, error) {
	if c != eof {
		p.frag = appendPct(p.frag, p.in[p.i:], setFragment)
		p.i = len(p.in)
		return again, nil
	}
	return next, nil
}
