package resolve

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// This file is the WHATWG URL Standard's basic URL parser (section 4.4,
// "URL parsing") and URL serializer (section 4.5), what browsers do with
// the href of a link (SPEC R2, Mode WHATWG). Section numbers are those of
// the URL Standard (https://url.spec.whatwg.org/, review draft of August
// 2026). The parser is a transcription of the standard's state machine;
// the parts that only the URL API's setters use (state override) are left
// out, and validation errors that do not make parsing fail are not
// reported.

// ErrInvalidURL is the cause, for errors.Is, of every error for an input
// that the WHATWG basic URL parser returns failure for.
var ErrInvalidURL = errors.New("WHATWG URL parser failure")

// failure is why the WHATWG URL parser failed: the name of the validation
// error the URL Standard gives it (section 1.1), e.g. "host-missing".
type failure string

// Error returns "WHATWG URL parser failure: NAME".
func (f failure) Error() string { return ErrInvalidURL.Error() + ": " + string(f) }

// Is makes every failure match ErrInvalidURL.
func (f failure) Is(target error) bool { return target == ErrInvalidURL }

// URL is a URL record of the WHATWG URL Standard (section 4.1, "URL
// representation") as the basic URL parser returns it. Its getters return
// what the attributes of the same name of the URL API return (section 6.1,
// "URL class"); all of them are substrings of Href and do not allocate.
// A URL is immutable and safe for concurrent use. The zero URL is not a
// URL: get one from ParseURL, (*URL).Parse or Resolver.ResolveURL.
type URL struct {
	href     string // the URL serializer's output (section 4.5)
	scheme   string
	username string
	password string
	hostPort string // serialized host [":" port]
	host     string // serialized host (section 3.6)
	port     string // decimal, "" if null
	path     string // the URL path serializer's output
	query    string
	fragment string
	search   string // "?" query, or "" when the query is null or empty
	hash     string // "#" fragment, or "" likewise
	portNum  int    // -1 if null
	hasHost  bool   // host is not null
	opaque   bool   // the path is opaque (section 4.1)
	hasQuery bool   // query is not null
	hasFrag  bool   // fragment is not null
}

// ParseURL parses an absolute URL with the WHATWG basic URL parser and no
// base (section 4.4): new URL(input) in a browser. The error, an *Error
// with Op "parse" wrapping ErrInvalidURL, names the failure.
func ParseURL(input string) (*URL, error) {
	return parseURL(input, nil, nil)
}

// Parse parses ref with the WHATWG basic URL parser against u as the base
// URL (section 4.4): new URL(ref, u) in a browser. The error, an *Error
// with Op "parse" wrapping ErrInvalidURL, names the failure.
func (u *URL) Parse(ref string) (*URL, error) {
	return parseURL(ref, u, nil)
}

func parseURL(input string, base *URL, enc *queryEncoding) (*URL, error) {
	p := getParser()
	defer putParser(p)
	if err := p.parse(input, base, enc); err != nil {
		return nil, &Error{Op: "parse", URI: input, Err: err}
	}
	u := new(URL)
	p.serialize(u)
	return u, nil
}

// parsers keeps parsers with their buffers between runs: a run then
// allocates only its result.
var parsers = sync.Pool{New: func() any { return new(wparser) }}

// getParser returns a parser ready for a run.
func getParser() *wparser {
	p := parsers.Get().(*wparser)
	*p = wparser{user: p.user[:0], pass: p.pass[:0], path: p.path[:0], query: p.query[:0], frag: p.frag[:0]}
	return p
}

// putParser gives p back, unless a long URL has grown its buffers.
func putParser(p *wparser) {
	if cap(p.path)+cap(p.query)+cap(p.frag)+cap(p.user)+cap(p.pass) <= 16<<10 {
		p.base, p.enc = nil, nil // keep no base alive
		parsers.Put(p)
	}
}

// Href is the URL serialized (section 4.5, "URL serializing").
func (u *URL) Href() string { return u.href }

// String returns Href.
func (u *URL) String() string { return u.href }

// Protocol is the scheme followed by ":".
func (u *URL) Protocol() string { return u.href[:len(u.scheme)+1] }

// Username is the percent-encoded username, or "".
func (u *URL) Username() string { return u.username }

// Password is the percent-encoded password, or "".
func (u *URL) Password() string { return u.password }

// Host is the serialized host followed by ":" and the port when the port
// is not null (a default port is null), or "" when the host is null.
func (u *URL) Host() string { return u.hostPort }

// Hostname is the serialized host (section 3.6: an IPv6 address is in
// brackets), or "" when it is null.
func (u *URL) Hostname() string { return u.host }

// Port is the port in decimal, or "" when it is null.
func (u *URL) Port() string { return u.port }

// Pathname is the URL path serialized (section 4.5): an opaque path as it
// is, a list of segments each preceded by "/".
func (u *URL) Pathname() string { return u.path }

// Search is "?" followed by the query, or "" when the query is null or
// empty.
func (u *URL) Search() string { return u.search }

// Hash is "#" followed by the fragment, or "" when the fragment is null or
// empty.
func (u *URL) Hash() string { return u.hash }

// Origin is the ASCII serialization of the URL's origin (section 4.7 and
// HTML's "serialization of an origin"): scheme "://" host [":" port] for
// http, https, ws, wss and ftp; for blob, the origin of the URL its path
// holds when that is http or https; otherwise "null" (an opaque origin).
func (u *URL) Origin() string {
	switch u.scheme {
	case "http", "https", "ws", "wss", "ftp":
		if u.username == "" && u.password == "" {
			return u.href[:len(u.scheme)+3+len(u.hostPort)] // a prefix of href
		}
		return u.scheme + "://" + u.hostPort
	case "blob":
		if in, err := ParseURL(u.path); err == nil && (in.scheme == "http" || in.scheme == "https") {
			return in.Origin()
		}
	}
	return "null"
}

// appendHref is the URL serializer (section 4.5) writing into b.
func (p *wparser) appendHref(b []byte, u *URL) []byte {
	start := len(b)
	b = append(b, p.scheme...)
	b = append(b, ':')
	userStart, userEnd, passStart, passEnd, hostStart, hostEnd, portEnd := 0, 0, 0, 0, 0, 0, 0
	if p.hasHost {
		b = append(b, "//"...)
		userStart, userEnd = len(b), len(b)
		passStart, passEnd = len(b), len(b)
		if len(p.user) > 0 || len(p.pass) > 0 {
			b = append(b, p.user...)
			userEnd = len(b)
			if len(p.pass) > 0 {
				b = append(b, ':')
				passStart = len(b)
				b = append(b, p.pass...)
				passEnd = len(b)
			}
			b = append(b, '@')
		}
		hostStart = len(b)
		b = append(b, p.host...)
		hostEnd = len(b)
		if p.port >= 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(p.port), 10)
		}
		portEnd = len(b)
	} else if !p.opaque && len(p.path) > 1 && p.path[1] == '/' {
		// A null host, and a path of two or more segments the first of
		// which is empty: "/." keeps "//" from reading as a host.
		b = append(b, "/."...)
	}
	pathStart := len(b)
	b = append(b, p.path...)
	pathEnd := len(b)
	queryStart := len(b)
	if p.hasQuery {
		b = append(b, '?')
		queryStart = len(b)
		b = append(b, p.query...)
	}
	queryEnd := len(b)
	fragStart := len(b)
	if p.hasFrag {
		b = append(b, '#')
		fragStart = len(b)
		b = append(b, p.frag...)
	}
	if u == nil {
		return b
	}
	href := string(b[start:])
	at := func(i, j int) string { return href[i-start : j-start] }
	*u = URL{
		href:     href,
		scheme:   at(start, start+len(p.scheme)),
		portNum:  p.port,
		hasHost:  p.hasHost,
		opaque:   p.opaque,
		hasQuery: p.hasQuery,
		hasFrag:  p.hasFrag,
		path:     at(pathStart, pathEnd),
		query:    at(queryStart, queryEnd),
		fragment: at(fragStart, len(b)),
	}
	if queryEnd > queryStart {
		u.search = at(queryStart-1, queryEnd)
	}
	if len(b) > fragStart {
		u.hash = at(fragStart-1, len(b))
	}
	if p.hasHost {
		u.username = at(userStart, userEnd)
		u.password = at(passStart, passEnd)
		u.host = at(hostStart, hostEnd)
		u.hostPort = at(hostStart, portEnd)
		if p.port >= 0 {
			u.port = at(hostEnd+1, portEnd)
		}
	}
	return b
}

// serialize sets *u to the parsed URL.
func (p *wparser) serialize(u *URL) {
	n := len(p.scheme) + 3 + len(p.user) + len(p.pass) + len(p.host) + 8 + len(p.path) + len(p.query) + len(p.frag) + 4
	p.appendHref(make([]byte, 0, n), u)
}

// hrefOf returns the URL parsed from input serialized: input itself when
// that is what the serializer writes, without allocating, else a new
// string, allocated once when it fits in 256 bytes.
func (p *wparser) hrefOf(input string) string {
	var arr [256]byte
	b := p.appendHref(arr[:0], nil)
	if string(b) == input {
		return input
	}
	return string(b)
}

// wparser holds the state of one run of the basic URL parser: the URL
// being built (section 4.1), its components percent-encoded as they will
// be serialized.
type wparser struct {
	base *URL
	enc  *queryEncoding // nil: UTF-8

	scheme   string
	special  bool
	user     []byte
	pass     []byte
	host     string // serialized
	hasHost  bool
	port     int    // -1: null
	path     []byte // serialized: "/" before each segment, or the opaque path
	opaque   bool
	query    []byte
	hasQuery bool
	frag     []byte
	hasFrag  bool
	// The path state's buffer is written in place, after a "/" at the
	// end of path: segStart is where it starts, or -1 when it is empty.
	segStart int
}

// States of the basic URL parser (section 4.4). The state override ones
// (hostname state) are not needed without the URL API's setters.
const (
	stSchemeStart = iota
	stScheme
	stNoScheme
	stSpecialRelativeOrAuthority
	stPathOrAuthority
	stRelative
	stRelativeSlash
	stSpecialAuthoritySlashes
	stSpecialAuthorityIgnoreSlashes
	stAuthority
	stHost
	stPort
	stFile
	stFileSlash
	stFileHost
	stPathStart
	stPath
	stOpaquePath
	stQuery
	stFragment
)

const eof = -1

// specialPort returns whether scheme is special (section 4.2) and its
// default port (-1 for file).
func specialPort(scheme string) (bool, int) {
	switch scheme {
	case "http", "ws":
		return true, 80
	case "https", "wss":
		return true, 443
	case "ftp":
		return true, 21
	case "file":
		return true, -1
	}
	return false, -1
}

// trimControlSpace removes leading and trailing C0 control or space
// (section 4.4 step 1.3).
func trimControlSpace(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// removeTabNewline removes all ASCII tab or newline (section 4.4 step 3).
func removeTabNewline(s string) string {
	if !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// toScalarString makes a Go string a scalar value string, the parser's
// input type: each byte that is not part of UTF-8 becomes U+FFFD.
func toScalarString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // utf8.RuneError for a stray byte
		i += n
	}
	return b.String()
}

// setScheme sets the URL's scheme, and whether it is special.
func (p *wparser) setScheme(s string) {
	p.scheme = s
	p.special, _ = specialPort(s)
}

// copyAuthority, copyPath and copyQuery copy components of the base, as
// the relative states do.
func (p *wparser) copyAuthority(b *URL) {
	p.user = append(p.user[:0], b.username...)
	p.pass = append(p.pass[:0], b.password...)
	p.host, p.hasHost, p.port = b.host, b.hasHost, b.portNum
}

func (p *wparser) copyPath(b *URL) {
	p.path = append(p.path[:0], b.path...)
	p.opaque = b.opaque
}

func (p *wparser) copyQuery(b *URL) {
	p.query = append(p.query[:0], b.query...)
	p.hasQuery = b.hasQuery
}

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

// parse runs the basic URL parser (section 4.4) on input against base
// (nil: none) with enc as the encoding of the query (nil: UTF-8), on a
// parser from getParser.
func (p *wparser) parse(input string, base *URL, enc *queryEncoding) error {
	p.base, p.enc, p.port, p.segStart = base, enc, -1, -1
	in := removeTabNewline(trimControlSpace(toScalarString(input)))
	state := stSchemeStart
	var (
		bufStart      int // where the buffer starts in in, for states that buffer input as it is
		atSignSeen    bool
		insideBracket bool
		passwordSeen  bool
	)
	for i := 0; ; {
		c, size := rune(eof), 0
		if i < len(in) {
			c, size = rune(in[i]), 1
			if c >= utf8.RuneSelf {
				c, size = utf8.DecodeRuneInString(in[i:])
			}
		}
		// slash: c is "/", or "\" in a special URL, which means the same.
		slash := c == '/' || c == '\\' && p.special
		again := false // "decrease pointer by 1": run c again
		switch state {
		case stSchemeStart:
			if c < utf8.RuneSelf && c >= 0 && isAlpha(byte(c)) {
				bufStart, state = i, stScheme
			} else {
				state, again = stNoScheme, true
			}

		case stScheme:
			switch {
			case c >= 0 && c < utf8.RuneSelf && (isAlpha(byte(c)) || isDigit(byte(c)) || c == '+' || c == '-' || c == '.'):
			case c == ':':
				p.setScheme(asciiLower(in[bufStart:i]))
				switch {
				case p.scheme == "file":
					state = stFile
				case p.special && base != nil && base.scheme == p.scheme:
					state = stSpecialRelativeOrAuthority
				case p.special:
					state = stSpecialAuthoritySlashes
				case i+1 < len(in) && in[i+1] == '/':
					state = stPathOrAuthority
					i++
				default:
					p.path, p.opaque = p.path[:0], true
					state = stOpaquePath
				}
			default:
				// Not a scheme: start over without one.
				state, i, again = stNoScheme, 0, true
			}

		case stNoScheme:
			switch {
			case base == nil || base.opaque && c != '#':
				return failure("missing-scheme-non-relative-URL")
			case base.opaque && c == '#':
				p.setScheme(base.scheme)
				p.copyPath(base)
				p.copyQuery(base)
				p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
			case base.scheme != "file":
				state, again = stRelative, true
			default:
				state, again = stFile, true
			}

		case stSpecialRelativeOrAuthority:
			if c == '/' && i+1 < len(in) && in[i+1] == '/' {
				state = stSpecialAuthorityIgnoreSlashes
				i++
			} else {
				state, again = stRelative, true
			}

		case stPathOrAuthority:
			if c == '/' {
				state, bufStart = stAuthority, i+1
			} else {
				state, again = stPath, true
			}

		case stRelative:
			p.setScheme(base.scheme)
			slash = c == '/' || c == '\\' && p.special
			if slash {
				state = stRelativeSlash
				break
			}
			p.copyAuthority(base)
			p.copyPath(base)
			p.copyQuery(base)
			switch c {
			case '?':
				p.query, p.hasQuery, state = p.query[:0], true, stQuery
			case '#':
				p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
			case eof:
			default:
				p.query, p.hasQuery = p.query[:0], false
				p.shorten()
				state, again = stPath, true
			}

		case stRelativeSlash:
			switch {
			case p.special && slash:
				state = stSpecialAuthorityIgnoreSlashes
			case c == '/':
				state, bufStart = stAuthority, i+1
			default:
				p.copyAuthority(base)
				state, again = stPath, true
			}

		case stSpecialAuthoritySlashes:
			if c == '/' && i+1 < len(in) && in[i+1] == '/' {
				state = stSpecialAuthorityIgnoreSlashes
				i++
			} else {
				state, again = stSpecialAuthorityIgnoreSlashes, true
			}

		case stSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state, bufStart, again = stAuthority, i, true
			}

		case stAuthority:
			switch {
			case c == '@':
				if atSignSeen {
					p.appendUserinfo("%40", passwordSeen)
				}
				atSignSeen = true
				buf := in[bufStart:i]
				if !passwordSeen {
					if j := strings.IndexByte(buf, ':'); j >= 0 {
						p.appendUserinfo(buf[:j], false)
						buf, passwordSeen = buf[j+1:], true
					}
				}
				p.appendUserinfo(buf, passwordSeen)
				bufStart = i + 1
			case c == eof || slash || c == '?' || c == '#':
				if atSignSeen && bufStart == i {
					return failure("host-missing")
				}
				// Back to the start of the buffer, which is the host.
				i, state, again = bufStart, stHost, true
			}

		case stHost:
			switch {
			case c == ':' && !insideBracket:
				if bufStart == i {
					return failure("host-missing")
				}
				h, err := parseHost(in[bufStart:i], !p.special)
				if err != nil {
					return err
				}
				p.host, p.hasHost = h, true
				state, bufStart = stPort, i+1
			case c == eof || slash || c == '?' || c == '#':
				if p.special && bufStart == i {
					return failure("host-missing")
				}
				h, err := parseHost(in[bufStart:i], !p.special)
				if err != nil {
					return err
				}
				p.host, p.hasHost = h, true
				state, again = stPathStart, true
			case c == '[':
				insideBracket = true
			case c == ']':
				insideBracket = false
			}

		case stPort:
			switch {
			case c >= '0' && c <= '9':
			case c == eof || slash || c == '?' || c == '#':
				if digits := in[bufStart:i]; digits != "" {
					port := 0
					for j := 0; j < len(digits) && port <= 0xFFFF; j++ {
						port = port*10 + int(digits[j]-'0')
					}
					if port > 0xFFFF {
						return failure("port-out-of-range")
					}
					if _, def := specialPort(p.scheme); port == def {
						port = -1
					}
					p.port = port
				}
				state, again = stPathStart, true
			default:
				return failure("port-invalid")
			}

		case stFile:
			p.setScheme("file")
			p.host, p.hasHost = "", true
			switch {
			case c == '/' || c == '\\':
				state = stFileSlash
			case base != nil && base.scheme == "file":
				p.host, p.hasHost = base.host, base.hasHost
				p.copyPath(base)
				p.copyQuery(base)
				switch c {
				case '?':
					p.query, p.hasQuery, state = p.query[:0], true, stQuery
				case '#':
					p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
				case eof:
				default:
					p.query, p.hasQuery = p.query[:0], false
					if !startsWithDrive(in[i:]) {
						p.shorten()
					} else {
						p.path = p.path[:0] // a drive letter quirk
					}
					state, again = stPath, true
				}
			default:
				state, again = stPath, true
			}

		case stFileSlash:
			if c == '/' || c == '\\' {
				state, bufStart = stFileHost, i+1
				break
			}
			if base != nil && base.scheme == "file" {
				p.host, p.hasHost = base.host, base.hasHost
				if !startsWithDrive(in[i:]) {
					if d := firstSegment(base.path); isNormalizedDrive([]byte(d)) {
						p.path = append(append(p.path[:0], '/'), d...)
					}
				}
			}
			state, again = stPath, true

		case stFileHost:
			switch c {
			case eof, '/', '\\', '?', '#':
				buf := in[bufStart:i]
				switch {
				case isDrive([]byte(buf)):
					// A drive letter quirk: the buffer is the path's
					// first segment.
					p.openSegment()
					p.path = append(p.path, buf...)
					state, again = stPath, true
				case buf == "":
					p.host, p.hasHost = "", true
					state, again = stPathStart, true
				default:
					h, err := parseHost(buf, !p.special)
					if err != nil {
						return err
					}
					if h == "localhost" {
						h = ""
					}
					p.host, p.hasHost = h, true
					state, again = stPathStart, true
				}
			}

		case stPathStart:
			switch {
			case p.special:
				state = stPath
				if c != '/' && c != '\\' {
					again = true
				}
			case c == '?':
				p.query, p.hasQuery, state = p.query[:0], true, stQuery
			case c == '#':
				p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
			case c != eof:
				state = stPath
				if c != '/' {
					again = true
				}
			}

		case stPath:
			if c == eof || slash || c == '?' || c == '#' {
				p.endSegment(slash)
				switch c {
				case '?':
					p.query, p.hasQuery, state = p.query[:0], true, stQuery
				case '#':
					p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
				}
				break
			}
			// Read the rest of the segment at once.
			j := i
			for j < len(in) && in[j] != '/' && in[j] != '?' && in[j] != '#' && !(in[j] == '\\' && p.special) {
				j++
			}
			p.openSegment()
			p.path = appendPct(p.path, in[i:j], setPath)
			i, again = j, true

		case stOpaquePath:
			switch c {
			case '?':
				p.query, p.hasQuery, state = p.query[:0], true, stQuery
			case '#':
				p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
			case eof:
			default:
				j := i
				for j < len(in) && in[j] != '?' && in[j] != '#' {
					j++
				}
				p.appendOpaquePath(in[i:j], j < len(in))
				i, again = j, true
			}

		case stQuery:
			j := i + strings.IndexByte(in[i:], '#')
			if j < i {
				j = len(in)
			}
			p.query = p.appendQuery(p.query, in[i:j])
			if j < len(in) { // "#"
				p.frag, p.hasFrag, state = p.frag[:0], true, stFragment
				i, again = j+1, true
			} else {
				i, again = j, c != eof
			}

		case stFragment:
			if c != eof {
				p.frag = appendPct(p.frag, in[i:], setFragment)
				i, again = len(in), true
			}
		}
		if again {
			continue
		}
		if c == eof {
			return nil
		}
		i += size
	}
}

// appendUserinfo UTF-8 percent-encodes s with the userinfo percent-encode
// set onto the password or the username (section 4.4, authority state).
func (p *wparser) appendUserinfo(s string, password bool) {
	if password {
		p.pass = appendPct(p.pass, s, setUserinfo)
	} else {
		p.user = appendPct(p.user, s, setUserinfo)
	}
}

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

// appendQuery is the query state at the end of the query (section 4.4):
// the buffer percent-encoded after encoding, in the document encoding for
// a special URL other than ws and wss, in UTF-8 otherwise.
func (p *wparser) appendQuery(dst []byte, s string) []byte {
	set := setQuery
	if p.special {
		set = setSpecialQuery
	}
	if p.enc != nil && p.special && p.scheme != "ws" && p.scheme != "wss" {
		return p.enc.appendQuery(dst, s, set)
	}
	return appendPct(dst, s, set)
}

// Percent-encode sets (section 1.3), as bits of pctSets.
const (
	setC0           uint8 = 1 << iota // C0 controls and > U+007E
	setFragment                       // C0, space " < > `
	setQuery                          // C0, space " # < >
	setSpecialQuery                   // query and '
	setPath                           // query and ? ^ ` { }
	setUserinfo                       // path and / : ; = @ [ \ ] |
)

// pctSets[c] has the bit of each set c is in; every set holds every
// code point above U+007E.
var pctSets = func() (t [128]uint8) {
	add := func(set uint8, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= set
		}
	}
	all := setC0 | setFragment | setQuery | setSpecialQuery | setPath | setUserinfo
	for c := 0; c < 0x20; c++ {
		t[c] = all
	}
	t[0x7F] = all
	add(setFragment, " \"<>`")
	add(setQuery|setSpecialQuery|setPath|setUserinfo, " \"#<>")
	add(setSpecialQuery, "'")
	add(setPath|setUserinfo, "?^`{}")
	add(setUserinfo, "/:;=@[\\]|")
	return t
}()

// appendPct appends s UTF-8 percent-encoded with set (section 1.3): each
// byte of a code point in the set as %HH, uppercase.
func appendPct(dst []byte, s string, set uint8) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || pctSets[c]&set != 0 {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}
