package resolve

import "strings"

// This file holds the states of the basic URL parser (URL Standard section
// 4.4) that read an authority (the special authority states, authority,
// host and port) and those of file URLs (file, file slash and file host).

// specialAuthoritySlashesState is the special authority slashes state:
// "//" is expected, and its absence not an error that fails.
func (p *wparser) specialAuthoritySlashesState(c rune) (step, error) {
	if c == '/' && p.i+1 < len(p.in) && p.in[p.i+1] == '/' {
		p.state = stSpecialAuthorityIgnoreSlashes
		p.i++
		return next, nil
	}
	p.state = stSpecialAuthorityIgnoreSlashes
	return again, nil
}

// specialAuthorityIgnoreSlashesState is the special authority ignore
// slashes state: any number of slashes and backslashes before the
// authority.
func (p *wparser) specialAuthorityIgnoreSlashesState(c rune) (step, error) {
	if c != '/' && c != '\\' {
		p.state, p.bufStart = stAuthority, p.i
		return again, nil
	}
	return next, nil
}

// authorityState is the authority state: each "@" ends userinfo, which
// the buffer gives to the username and, after its first ":", the
// password; the end of the authority goes back to its last "@" to read
// the host.
func (p *wparser) authorityState(c rune) (step, error) {
	switch {
	case c == '@':
		if p.atSignSeen {
			p.appendUserinfo("%40", p.passwordSeen)
		}
		p.atSignSeen = true
		buf := p.in[p.bufStart:p.i]
		if !p.passwordSeen {
			if j := strings.IndexByte(buf, ':'); j >= 0 {
				p.appendUserinfo(buf[:j], false)
				buf, p.passwordSeen = buf[j+1:], true
			}
		}
		p.appendUserinfo(buf, p.passwordSeen)
		p.bufStart = p.i + 1
	case p.endsHost(c):
		if p.atSignSeen && p.bufStart == p.i {
			return next, failure("host-missing")
		}
		// Back to the start of the buffer, which is the host.
		p.i, p.state = p.bufStart, stHost
		return again, nil
	}
	return next, nil
}

// hostState is the host state: the host ends at a ":" outside brackets
// (a port follows) or at the end of the authority.
func (p *wparser) hostState(c rune) (step, error) {
	switch {
	case c == ':' && !p.insideBracket:
		if p.bufStart == p.i {
			return next, failure("host-missing")
		}
		if err := p.setHost(p.in[p.bufStart:p.i]); err != nil {
			return next, err
		}
		p.state, p.bufStart = stPort, p.i+1
	case p.endsHost(c):
		if p.special && p.bufStart == p.i {
			return next, failure("host-missing")
		}
		if err := p.setHost(p.in[p.bufStart:p.i]); err != nil {
			return next, err
		}
		p.state = stPathStart
		return again, nil
	case c == '[':
		p.insideBracket = true
	case c == ']':
		p.insideBracket = false
	}
	return next, nil
}

// setHost parses the host (section 3.5) and sets it.
func (p *wparser) setHost(input string) error {
	h, err := parseHost(input, !p.special)
	if err != nil {
		return err
	}
	p.host, p.hasHost = h, true
	return nil
}

// portState is the port state: ASCII digits up to the end of the
// authority; a scheme's default port is no port.
func (p *wparser) portState(c rune) (step, error) {
	switch {
	case c >= '0' && c <= '9':
		return next, nil
	case p.endsHost(c):
		if digits := p.in[p.bufStart:p.i]; digits != "" {
			port := 0
			for j := 0; j < len(digits) && port <= 0xFFFF; j++ {
				port = port*10 + int(digits[j]-'0')
			}
			if port > 0xFFFF {
				return next, failure("port-out-of-range")
			}
			if _, def := specialPort(p.scheme); port == def {
				port = -1
			}
			p.port = port
		}
		p.state = stPathStart
		return again, nil
	}
	return next, failure("port-invalid")
}

// fileState is the file state: a file URL has an empty host unless one
// is written; a reference without a slash against a file base takes the
// base's host, path and query.
func (p *wparser) fileState(c rune) (step, error) {
	p.setScheme("file")
	p.host, p.hasHost = "", true
	base := p.base
	switch {
	case c == '/' || c == '\\':
		p.state = stFileSlash
		return next, nil
	case base == nil || base.scheme != "file":
		p.state = stPath
		return again, nil
	}
	p.host, p.hasHost = base.host, base.hasHost
	p.copyPath(base)
	p.copyQuery(base)
	switch c {
	case '?':
		p.startQuery()
	case '#':
		p.startFragment()
	case eof:
	default:
		p.query, p.hasQuery = p.query[:0], false
		if !startsWithDrive(p.in[p.i:]) {
			p.shorten()
		} else {
			p.path = p.path[:0] // a drive letter quirk
		}
		p.state = stPath
		return again, nil
	}
	return next, nil
}

// fileSlashState is the file slash state: a second slash starts a host;
// else a path against a file base keeps the base's host, and its drive
// letter unless the path has its own.
func (p *wparser) fileSlashState(c rune) (step, error) {
	if c == '/' || c == '\\' {
		p.state, p.bufStart = stFileHost, p.i+1
		return next, nil
	}
	if base := p.base; base != nil && base.scheme == "file" {
		p.host, p.hasHost = base.host, base.hasHost
		if !startsWithDrive(p.in[p.i:]) {
			if d := firstSegment(base.path); isNormalizedDrive([]byte(d)) {
				p.path = append(append(p.path[:0], '/'), d...)
			}
		}
	}
	p.state = stPath
	return again, nil
}

// fileHostState is the file host state: the host up to a slash, "?", "#"
// or the end; a drive letter there is the path's first segment, and
// "localhost" is the empty host.
func (p *wparser) fileHostState(c rune) (step, error) {
	switch c {
	case eof, '/', '\\', '?', '#':
	default:
		return next, nil
	}
	buf := p.in[p.bufStart:p.i]
	switch {
	case isDrive([]byte(buf)):
		// A drive letter quirk: the buffer is the path's first segment.
		p.openSegment()
		p.path = append(p.path, buf...)
		p.state = stPath
		return again, nil
	case buf == "":
		p.host, p.hasHost = "", true
	default:
		h, err := parseHost(buf, !p.special)
		if err != nil {
			return next, err
		}
		if h == "localhost" {
			h = ""
		}
		p.host, p.hasHost = h, true
	}
	p.state = stPathStart
	return again, nil
}
