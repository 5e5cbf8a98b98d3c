package resolve

import (
	"errors"
	"strconv"
	"sync"
)

// This file and the whatwg_*.go files beside it are the WHATWG URL
// Standard's basic URL parser (section 4.4, "URL parsing") and URL
// serializer (section 4.5), what browsers do with the href of a link (SPEC
// R2, Mode WHATWG). Section numbers are those of the URL Standard
// (https://url.spec.whatwg.org/, review draft of August 2026).
//
// This file holds the URL record (section 4.1) with its getters, the entry
// points that parse into it, the serializer, and the special schemes with
// their default ports (section 4.2). The parser's state machine is in
// whatwg_parse.go, its path handling in whatwg_path.go, percent-encoding
// in whatwg_percent.go, the host parser in whatwg_host.go and the query's
// document encoding in whatwg_encoding.go.

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
		p.base, p.enc, p.in = nil, nil, "" // keep no base nor input alive
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
