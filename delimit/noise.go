package delimit

import "bytes"

// E1a: scheme names that are words or code. doc/spec.md, rule E1a, gives
// the reasons and the syntax each scheme written without "//" must fit.

// glued reports whether the scheme starting at b[j] is glued to the token
// before it by '/', '=', ':', '-' or '.' ("//go:build", "--filter=blob:none",
// "-W action:message:category", "x.tel:1"): such a scheme is a candidate
// only when "//" follows it (E1a). A "URL:" prefix before it is not glue
// (E9: "URL:mailto:a@b.c").
func glued(b []byte, j int) bool {
	if j == 0 {
		return false
	}
	switch b[j-1] {
	case '/', '=', '-', '.':
		return true
	case ':':
		return !(j >= 4 && isURLPrefix(b[j-4:j]))
	}
	return false
}

// webGlued reports whether an unregistered scheme name (lowercase) is
// http, https or ftp with letters or digits glued before it ("xhttp",
// "seehttps"): a missing space before the scheme of nearly every URL in
// prose, not a scheme of its own, so no hit (E1: xhttp://a holds none).
func webGlued(name []byte) bool {
	for _, w := range []string{"http", "https", "ftp"} {
		if n := len(name) - len(w); n > 0 && string(name[n:]) == w && isAlnum(name[n-1]) {
			return true
		}
	}
	return false
}

// allCaps reports whether the scheme name has no lowercase letter ("INFO",
// "TAG", "DATA"): log levels and labels, never written as opaque URIs
// (E1a).
func allCaps(name []byte) bool {
	for _, c := range name {
		if 'a' <= c && c <= 'z' {
			return false
		}
	}
	return true
}

// sspRule checks the scheme-specific part of an opaque URI written without
// "//" (E1a).
type sspRule func(ssp []byte) bool

// proseRule returns the syntax check of a scheme that people write without
// "//" in prose, or nil when the scheme is not one of them (E1a). name is
// the lowercase scheme name.
func proseRule(name []byte) sspRule {
	switch string(name) {
	case "mailto":
		return mailtoSSP
	case "news":
		return newsSSP
	case "urn":
		return urnSSP
	case "tel", "fax":
		return telSSP
	case "sms":
		return smsSSP
	case "sip", "sips", "xmpp":
		return userHostSSP
	case "im", "pres", "acct", "cid", "mid":
		return addrSSP
	case "data":
		return dataSSP
	case "magnet":
		return magnetSSP
	case "geo":
		return geoSSP
	case "about":
		return aboutSSP
	case "javascript":
		return javascriptSSP
	case "matrix":
		return matrixSSP
	case "tag":
		return tagSSP
	case "info":
		return infoSSP
	case "doi":
		return doiSSP
	case "bitcoin":
		return bitcoinSSP
	case "spotify":
		return spotifySSP
	}
	return nil
}

// wrapper reports whether a scheme is defined to hold another URI after
// its colon (jar:file:/x.jar!/y, view-source:http://a/, feed:https://a/f,
// blob:https://a/uuid, filesystem:http://a/x, jdbc:mysql://h/db): such a
// scheme and the URI it holds are one hit (E1, the widest candidate wins).
// name is the lowercase scheme name.
func wrapper(name []byte) bool {
	switch string(name) {
	case "jar", "view-source", "feed", "blob", "filesystem", "jdbc":
		return true
	}
	return false
}

// innerURI returns the position of the colon of the URI held by a wrapper
// scheme at b[i:] and the class of its scheme-specific part, or -1: a
// scheme followed by "//" (any scheme of two or more characters, E1) or a
// file: path.
func innerURI(b []byte, i int) (int, sspClass) {
	if i >= len(b) || ctab[b[i]]&cAlpha == 0 {
		return -1, 0
	}
	k := i
	for k < len(b) && k-i < maxLook && ctab[b[k]]&cScheme != 0 {
		k++
	}
	if k >= len(b) || b[k] != ':' {
		return -1, 0
	}
	class := lookupScheme(b[i:k])
	switch {
	case hasSlashes(b, k+1) && (class != 0 || k-i >= 2):
		if class == sspFile {
			return k, sspFile
		}
		return k, sspAuthority
	case class == sspFile && k+1 < len(b) && b[k+1] == '/':
		return k, sspFile
	}
	return -1, 0
}

// hasSlashes reports whether b[i:] starts with "//".
func hasSlashes(b []byte, i int) bool {
	return i+1 < len(b) && b[i] == '/' && b[i+1] == '/'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isAlnum(c byte) bool { return ctab[c]&cWord != 0 }

// mailtoSSP: an addr-spec (a local part, '@', a domain starting with a
// letter or digit), or only header fields ("mailto:?to=a@b.c") (RFC 6068).
func mailtoSSP(p []byte) bool {
	if len(p) > 1 && p[0] == '?' {
		return bytes.IndexByte(p, '=') > 1
	}
	return addrSSP(p)
}

// addrSSP: local '@' domain, both non-empty, the domain starting with a
// letter, digit or '[' (cid:, mid:, im:, pres:, acct:).
func addrSSP(p []byte) bool {
	at := bytes.IndexByte(p, '@')
	return at > 0 && at+1 < len(p) && (isAlnum(p[at+1]) || p[at+1] == '[')
}

// newsSSP: a message-id without its brackets (local '@' domain), "*", or a
// newsgroup name of two or more dot-separated components starting with a
// letter (RFC 5538).
func newsSSP(p []byte) bool {
	if addrSSP(p) || string(p) == "*" {
		return true
	}
	if len(p) < 3 || ctab[p[0]]&cAlpha == 0 {
		return false
	}
	dot := false
	for _, c := range p {
		switch {
		case c == '.':
			dot = true
		case isAlnum(c) || c == '+' || c == '-' || c == '_' || c == '*':
		default:
			return false
		}
	}
	return dot
}

// urnSSP: NID ':' NSS, the NID of 2 to 32 letters, digits and hyphens,
// starting and ending with a letter or digit, the NSS non-empty (RFC 8141).
func urnSSP(p []byte) bool {
	i := 0
	for i < len(p) && i <= 32 && (isAlnum(p[i]) || i > 0 && p[i] == '-') {
		i++
	}
	return i >= 2 && i <= 32 && i+1 < len(p) && p[i] == ':' && p[i-1] != '-'
}

// telSSP: a phone number, '+' or a digit or '(' first, then digits and the
// visual separators - . ( ), with three digits or more, optionally followed
// by ';' parameters (RFC 3966).
func telSSP(p []byte) bool {
	i := 0
	if i < len(p) && p[i] == '+' {
		i++
	}
	if i >= len(p) || !(isDigit(p[i]) || p[i] == '(') {
		return false
	}
	digits := 0
	for ; i < len(p) && p[i] != ';'; i++ {
		switch c := p[i]; {
		case isDigit(c):
			digits++
		case c == '-' || c == '.' || c == '(' || c == ')':
		default:
			return false
		}
	}
	return digits >= 3
}

// smsSSP: one or more phone numbers separated by ',', then an optional
// '?' query (RFC 5724).
func smsSSP(p []byte) bool {
	if q := bytes.IndexByte(p, '?'); q >= 0 {
		p = p[:q]
	}
	for n := range bytes.SplitSeq(p, []byte{','}) {
		if !telSSP(n) {
			return false
		}
	}
	return true
}

// userHostSSP: user '@' host, or a host name with a dot or an IPv4
// address, then anything (sip:, sips: RFC 3261; xmpp: RFC 5122).
func userHostSSP(p []byte) bool {
	if addrSSP(p) {
		return true
	}
	if len(p) == 0 || !isAlnum(p[0]) {
		return false
	}
	dot := false
	for _, c := range p {
		switch {
		case c == '.':
			dot = true
		case isAlnum(c) || c == '-':
		case c == ':' || c == ';' || c == '?':
			return dot
		default:
			return false
		}
	}
	return dot
}

// mediaName reports the length of an RFC 6838 restricted-name at p[0:]: a
// letter or digit, then letters, digits and ! # $ & - ^ _ . +.
func mediaName(p []byte) int {
	if len(p) == 0 || !isAlnum(p[0]) {
		return 0
	}
	i := 1
	for i < len(p) && (isAlnum(p[i]) || bytes.IndexByte([]byte("!#$&-^_.+"), p[i]) >= 0) {
		i++
	}
	return i
}

// dataSSP: an optional media type type/subtype, optional ";name[=value]"
// parameters (";base64"), then ',' (RFC 2397). A regular expression such
// as /^data:.*,.*$/ does not fit: its part after the colon starts with '.'.
func dataSSP(p []byte) bool {
	if f := bytes.IndexByte(p, '#'); f >= 0 {
		p = p[:f] // the fragment, even where a media type may hold '#' (RFC 6838)
	}
	i := 0
	if n := mediaName(p); n > 0 {
		if n >= len(p) || p[n] != '/' {
			return false
		}
		m := mediaName(p[n+1:])
		if m == 0 {
			return false
		}
		i = n + 1 + m
	}
	for i < len(p) && p[i] == ';' {
		i++
		n := mediaName(p[i:])
		if n == 0 {
			return false
		}
		i += n
		if i < len(p) && p[i] == '=' {
			i++
			for i < len(p) && (isAlnum(p[i]) || bytes.IndexByte([]byte("!#$&-^_.+%"), p[i]) >= 0) {
				i++
			}
		}
	}
	return i < len(p) && p[i] == ','
}

// magnetSSP: a query "?xt=..." (the magnet link convention).
func magnetSSP(p []byte) bool {
	return len(p) > 2 && p[0] == '?' && bytes.IndexByte(p, '=') > 1
}

// geoNumber returns the length of a number -?digits[.digits] at p[0:].
func geoNumber(p []byte) int {
	i := 0
	if i < len(p) && p[i] == '-' {
		i++
	}
	d := i
	for i < len(p) && isDigit(p[i]) {
		i++
	}
	if i == d {
		return 0
	}
	if i+1 < len(p) && p[i] == '.' && isDigit(p[i+1]) {
		i++
		for i < len(p) && isDigit(p[i]) {
			i++
		}
	}
	return i
}

// geoSSP: two or three coordinates separated by ',' (RFC 5870).
func geoSSP(p []byte) bool {
	n := geoNumber(p)
	if n == 0 || n >= len(p) || p[n] != ',' {
		return false
	}
	return geoNumber(p[n+1:]) > 0
}

// aboutSSP: a lowercase token of letters, digits and '-' ("about:blank",
// "about:config"), optionally followed by '?' or '#' (RFC 6694).
func aboutSSP(p []byte) bool {
	if len(p) == 0 || p[0] < 'a' || p[0] > 'z' {
		return false
	}
	for _, c := range p {
		switch {
		case 'a' <= c && c <= 'z' || isDigit(c) || c == '-':
		case c == '?' || c == '#':
			return true
		default:
			return false
		}
	}
	return true
}

// javascriptSSP: a call, "javascript:void(0)", "javascript:alert(1)".
func javascriptSSP(p []byte) bool {
	return bytes.IndexByte(p, '(') > 0
}

// matrixSSP: "r/", "u/" or "roomid/" and a name (the matrix: scheme).
func matrixSSP(p []byte) bool {
	for _, pre := range []string{"r/", "u/", "roomid/"} {
		if len(p) > len(pre) && string(p[:len(pre)]) == pre {
			return true
		}
	}
	return false
}

// tagSSP: authority ',' date ':' specific, the date YYYY[-MM[-DD]]
// (RFC 4151: "tag:example.com,2004:x").
func tagSSP(p []byte) bool {
	k := bytes.IndexByte(p, ',')
	if k < 1 {
		return false
	}
	p = p[k+1:]
	if len(p) < 5 || !isDigit(p[0]) || !isDigit(p[1]) || !isDigit(p[2]) || !isDigit(p[3]) {
		return false
	}
	i := 4
	for n := 0; n < 2 && i+2 < len(p) && p[i] == '-' && isDigit(p[i+1]) && isDigit(p[i+2]); n++ {
		i += 3
	}
	return i < len(p) && p[i] == ':'
}

// infoSSP: a lowercase namespace, '/', an identifier (RFC 4452:
// "info:lccn/2002022641").
func infoSSP(p []byte) bool {
	i := 0
	for i < len(p) && ('a' <= p[i] && p[i] <= 'z' || i > 0 && (isDigit(p[i]) || p[i] == '-' || p[i] == '.' || p[i] == '+')) {
		i++
	}
	return i > 0 && i+1 < len(p) && p[i] == '/'
}

// doiSSP: "10." registrant '/' suffix ("doi:10.1000/182").
func doiSSP(p []byte) bool {
	if len(p) < 6 || p[0] != '1' || p[1] != '0' || p[2] != '.' {
		return false
	}
	i := 3
	for i < len(p) && (isDigit(p[i]) || p[i] == '.') {
		i++
	}
	return i > 3 && i+1 < len(p) && p[i] == '/'
}

// bitcoinSSP: an address of 25 or more letters and digits starting with
// 1, 3 or bc1, then an optional '?' query (BIP 21).
func bitcoinSSP(p []byte) bool {
	n := 0
	for n < len(p) && isAlnum(p[n]) {
		n++
	}
	if n < 25 || n < len(p) && p[n] != '?' {
		return false
	}
	return p[0] == '1' || p[0] == '3' || p[0]|0x20 == 'b' && p[1]|0x20 == 'c' && p[2] == '1'
}

// spotifySSP: a kind of item, ':' and its id ("spotify:track:6rqhFgbbK").
func spotifySSP(p []byte) bool {
	for _, kind := range []string{"track:", "album:", "artist:", "playlist:", "user:", "show:", "episode:"} {
		if len(p) > len(kind) && string(p[:len(kind)]) == kind {
			return true
		}
	}
	return false
}
