package resolve

import (
	"strings"
	"unicode/utf8"
)

// This file is the basic URL parser's state machine (URL Standard section
// 4.4): the state of a run, the preparation of the input (steps 1 to 3),
// the loop that runs one state per code point, and the states that read
// the scheme and a relative reference's start; the authority and file
// states are in whatwg_authority.go, the path, query and fragment ones in
// whatwg_path.go. It is a transcription of the standard, one method per
// state; the parts that only the URL API's setters use (state override)
// are left out, and validation errors that do not make parsing fail are
// not reported.

// wparser holds the state of one run of the basic URL parser: the URL
// being built (section 4.1), its components percent-encoded as they will
// be serialized, and where the state machine stands in the input.
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

	// The state machine: the input, the pointer into it, the state, and
	// the standard's buffer and flags. The states that buffer input as it
	// is keep only where the buffer starts in the input.
	in            string
	i             int
	state         int
	bufStart      int
	atSignSeen    bool
	insideBracket bool
	passwordSeen  bool
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

// step says how the state machine goes on after a state has run.
type step bool

const (
	next  step = false // on to the next code point
	again step = true  // "decrease pointer by 1": the same code point, in the new state
)

// states holds the method of each state, by its number.
var states = [...]func(p *wparser, c rune) (step, error){
	stSchemeStart:                   (*wparser).schemeStartState,
	stScheme:                        (*wparser).schemeState,
	stNoScheme:                      (*wparser).noSchemeState,
	stSpecialRelativeOrAuthority:    (*wparser).specialRelativeOrAuthorityState,
	stPathOrAuthority:               (*wparser).pathOrAuthorityState,
	stRelative:                      (*wparser).relativeState,
	stRelativeSlash:                 (*wparser).relativeSlashState,
	stSpecialAuthoritySlashes:       (*wparser).specialAuthoritySlashesState,
	stSpecialAuthorityIgnoreSlashes: (*wparser).specialAuthorityIgnoreSlashesState,
	stAuthority:                     (*wparser).authorityState,
	stHost:                          (*wparser).hostState,
	stPort:                          (*wparser).portState,
	stFile:                          (*wparser).fileState,
	stFileSlash:                     (*wparser).fileSlashState,
	stFileHost:                      (*wparser).fileHostState,
	stPathStart:                     (*wparser).pathStartState,
	stPath:                          (*wparser).pathState,
	stOpaquePath:                    (*wparser).opaquePathState,
	stQuery:                         (*wparser).queryState,
	stFragment:                      (*wparser).fragmentState,
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

// startQuery and startFragment set the URL's query or fragment to the
// empty string and go to the query or fragment state.
func (p *wparser) startQuery() {
	p.query, p.hasQuery, p.state = p.query[:0], true, stQuery
}

func (p *wparser) startFragment() {
	p.frag, p.hasFrag, p.state = p.frag[:0], true, stFragment
}

// isSlash reports whether c is "/", or "\" in a special URL, which means
// the same.
func (p *wparser) isSlash(c rune) bool {
	return c == '/' || c == '\\' && p.special
}

// endsHost reports whether c ends the authority, host, port or a path
// segment: the end of the input, a slash, "?" or "#".
func (p *wparser) endsHost(c rune) bool {
	return c == eof || p.isSlash(c) || c == '?' || c == '#'
}

// parse runs the basic URL parser (section 4.4) on input against base
// (nil: none) with enc as the encoding of the query (nil: UTF-8), on a
// parser from getParser: the state of the moment reads the code point c
// at the pointer, until the input ends or a state fails.
func (p *wparser) parse(input string, base *URL, enc *queryEncoding) error {
	p.base, p.enc, p.port, p.segStart = base, enc, -1, -1
	p.in = removeTabNewline(trimControlSpace(toScalarString(input)))
	p.i, p.state = 0, stSchemeStart
	for {
		c, size := rune(eof), 0
		if p.i < len(p.in) {
			c, size = rune(p.in[p.i]), 1
			if c >= utf8.RuneSelf {
				c, size = utf8.DecodeRuneInString(p.in[p.i:])
			}
		}
		s, err := states[p.state](p, c)
		if err != nil {
			return err
		}
		if s == again {
			continue
		}
		if c == eof {
			return nil
		}
		p.i += size
	}
}

// schemeStartState is the scheme start state: a scheme starts with an
// ASCII alpha; without one, the input has no scheme.
func (p *wparser) schemeStartState(c rune) (step, error) {
	if c < utf8.RuneSelf && c >= 0 && isAlpha(byte(c)) {
		p.bufStart, p.state = p.i, stScheme
		return next, nil
	}
	p.state = stNoScheme
	return again, nil
}

// schemeState is the scheme state: ASCII alphanumerics, "+", "-" and "."
// up to ":", which decides the state that reads what follows; anything
// else means there was no scheme, and the input is read again from its
// start.
func (p *wparser) schemeState(c rune) (step, error) {
	switch {
	case c >= 0 && c < utf8.RuneSelf && (isAlpha(byte(c)) || isDigit(byte(c)) || c == '+' || c == '-' || c == '.'):
	case c == ':':
		p.setScheme(asciiLower(p.in[p.bufStart:p.i]))
		switch {
		case p.scheme == "file":
			p.state = stFile
		case p.special && p.base != nil && p.base.scheme == p.scheme:
			p.state = stSpecialRelativeOrAuthority
		case p.special:
			p.state = stSpecialAuthoritySlashes
		case p.i+1 < len(p.in) && p.in[p.i+1] == '/':
			p.state = stPathOrAuthority
			p.i++
		default:
			p.path, p.opaque = p.path[:0], true
			p.state = stOpaquePath
		}
	default:
		// Not a scheme: start over without one.
		p.state, p.i = stNoScheme, 0
		return again, nil
	}
	return next, nil
}

// noSchemeState is the no scheme state: a relative reference needs a
// base, and against an opaque one only a fragment is one.
func (p *wparser) noSchemeState(c rune) (step, error) {
	base := p.base
	switch {
	case base == nil || base.opaque && c != '#':
		return next, failure("missing-scheme-non-relative-URL")
	case base.opaque && c == '#':
		p.setScheme(base.scheme)
		p.copyPath(base)
		p.copyQuery(base)
		p.startFragment()
		return next, nil
	case base.scheme != "file":
		p.state = stRelative
	default:
		p.state = stFile
	}
	return again, nil
}

// specialRelativeOrAuthorityState is the special relative or authority
// state: "//" starts an authority, anything else is relative.
func (p *wparser) specialRelativeOrAuthorityState(c rune) (step, error) {
	if c == '/' && p.i+1 < len(p.in) && p.in[p.i+1] == '/' {
		p.state = stSpecialAuthorityIgnoreSlashes
		p.i++
		return next, nil
	}
	p.state = stRelative
	return again, nil
}

// pathOrAuthorityState is the path or authority state: after
// "scheme:/", a second "/" starts an authority.
func (p *wparser) pathOrAuthorityState(c rune) (step, error) {
	if c == '/' {
		p.state, p.bufStart = stAuthority, p.i+1
		return next, nil
	}
	p.state = stPath
	return again, nil
}

// relativeState is the relative state: the URL takes the base's scheme,
// and unless a slash follows, its authority, path and query, which the
// reference then replaces from the query, the fragment or the path on.
func (p *wparser) relativeState(c rune) (step, error) {
	base := p.base
	p.setScheme(base.scheme)
	if p.isSlash(c) {
		p.state = stRelativeSlash
		return next, nil
	}
	p.copyAuthority(base)
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
		p.shorten()
		p.state = stPath
		return again, nil
	}
	return next, nil
}

// relativeSlashState is the relative slash state: a second slash starts
// an authority; else the reference is a path against the base's
// authority.
func (p *wparser) relativeSlashState(c rune) (step, error) {
	switch {
	case p.special && p.isSlash(c):
		p.state = stSpecialAuthorityIgnoreSlashes
	case c == '/':
		p.state, p.bufStart = stAuthority, p.i+1
	default:
		p.copyAuthority(p.base)
		p.state = stPath
		return again, nil
	}
	return next, nil
}
