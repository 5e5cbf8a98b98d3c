package resolve

import (
	"strings"
	"unicode/utf8"
)

// This file is the basic URL parser's state machine (URL Standard section
// 4.4): the state of a run, the preparation of the input (steps 1 to 3)
// and the states themselves. It is a transcription of the standard; the
// parts that only the URL API's setters use (state override) are left
// out, and validation errors that do not make parsing fail are not
// reported.

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
