package delimit

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

const maxHost = 253 // longest DNS name

// abbrevBefore reports whether an abbreviated URL may start after the byte
// before it (E11): the input start, whitespace, an opening bracket or quote,
// a Markdown wrapper, or a non-ASCII character that is not part of a word.
// Not after '@' (mail addresses), '.', '/', ':' or other URI characters.
func abbrevBefore(b []byte, j int) bool {
	if j == 0 {
		return true
	}
	c := b[j-1]
	if c >= utf8.RuneSelf {
		return wordStart(b, j)
	}
	return ctab[c]&cSpace != 0 || strings.IndexByte("([{<>\"'*_`,;", c) >= 0
}

// atDot confirms an abbreviated URL whose first host label ends at the '.'
// at d (E11, Appendix F): www.host and ftp.host with at least three labels,
// or host.tld/path whose last label is a real public suffix.
func (s *Scanner) atDot(d int) {
	b := s.buf[:s.n]
	s.pos = d + 1
	j := abbrevStart(b, max(s.floor, d-63), d)
	if j < 0 {
		return
	}
	i, scheme, ok := abbrevHost(b, j)
	if !ok {
		return
	}
	var wrap byte
	nw := 0
	if j > s.floor {
		if w := b[j-1]; w == '*' || w == '_' {
			wrap, nw = w, 1
		}
	}
	e := i
	if i < len(b) && (b[i] == '/' || b[i] == '?' || b[i] == '#') {
		st := runState{bare: true}
		var trunc bool
		e, trunc = st.scan(b, i, j+MaxHit)
		if trunc {
			raw := s.text(j, e)
			s.emit(j, e, raw, scheme+raw, Abbrev, Truncated)
			s.skipping = true
			return
		}
		e = bracketCut(b, i, i, e)
		e = j + max(i-j, trimTrailing(b[j:e], wrap, nw))
	}
	raw := s.text(j, e)
	s.emit(j, e, raw, scheme+raw, Abbrev, 0)
}

// abbrevStart returns where the host label that ends at the '.' at d
// starts, looking back no further than lo, or -1 when it is no host's
// first label or stands where an abbreviated URL may not start (E11).
func abbrevStart(b []byte, lo, d int) int {
	j := d
	for j > lo && ctab[b[j-1]]&cLDH != 0 {
		j--
	}
	if j == d || (j > 0 && ctab[b[j-1]]&cLDH != 0) || !abbrevBefore(b, j) {
		return -1
	}
	return j
}

// abbrevHost reads the host of an abbreviated URL at b[j:] and its
// optional port (E11). It returns where they end and the scheme the URL
// gets, "ftp://" for an ftp.host, else "http://"; ok is false when the
// host is none: fewer than two labels, going on with characters no host
// name has, a scheme name followed by "//", a www.host or ftp.host with
// fewer than three labels or a last label that is not two or more
// letters, or a host.tld not followed by a path or whose tld is no real
// public suffix.
func abbrevHost(b []byte, j int) (end int, scheme string, ok bool) {
	i, labels, last, ok := hostLabels(b, j)
	if !ok || labels < 2 || hostGoesOn(b, i) || schemeNameAt(b, j, i) {
		return i, "", false
	}
	host, tld := b[j:i], b[last:i]
	scheme = "http://"
	www := labels >= 3 && (hasLabel(host, "www") || hasLabel(host, "ftp"))
	if www && hasLabel(host, "ftp") {
		scheme = "ftp://"
	}
	i = portEnd(b, i)
	if www {
		return i, scheme, len(tld) >= 2 && allLetters(tld)
	}
	return i, scheme, i < len(b) && b[i] == '/' && publicSuffix(host)
}

// hostGoesOn reports whether the host name that ends at b[i] goes on with
// what no host name holds ('@', '_', a non-ASCII byte) or what hostLabels
// stopped at (E11).
func hostGoesOn(b []byte, i int) bool {
	return i < len(b) && (b[i] == '@' || b[i] == '_' || ctab[b[i]]&cLDH != 0 || b[i] >= utf8.RuneSelf)
}

// schemeNameAt reports whether the host at b[j:i] is a scheme name
// followed by "//" (E1), not a host: "www.a.bc://x", "www.a.bc+x://y".
func schemeNameAt(b []byte, j, i int) bool {
	k := i
	for k < len(b) && k-j < maxLook && ctab[b[k]]&cScheme != 0 {
		k++
	}
	return k < len(b) && b[k] == ':' && hasSlashes(b, k+1)
}

// portEnd returns the end of an optional port after the host that ends at
// b[i] (E11): ':' and digits that end the URI's run or precede its path.
func portEnd(b []byte, i int) int {
	if i+1 < len(b) && b[i] == ':' && '0' <= b[i+1] && b[i+1] <= '9' {
		k := i + 1
		for k < len(b) && '0' <= b[k] && b[k] <= '9' {
			k++
		}
		if k == len(b) || ctab[b[k]]&cURI == 0 || b[k] == '/' {
			return k
		}
	}
	return i
}

// allLetters reports whether label holds only ASCII letters.
func allLetters(label []byte) bool {
	for _, c := range label {
		if ctab[c]&cAlpha == 0 {
			return false
		}
	}
	return true
}

// publicSuffix reports whether the last label of host is a real public
// suffix (E11): a rule of the ICANN section or a multi-label private rule,
// not the default "*" rule that matches any unknown TLD, nor a single-label
// suffix that is usually a file name extension (fileExt).
func publicSuffix(host []byte) bool {
	h := strings.ToLower(string(host))
	ps, icann := publicsuffix.PublicSuffix(h)
	if ps == h {
		return false // the host is a suffix itself: no registered name
	}
	if strings.IndexByte(ps, '.') >= 0 {
		return true
	}
	return icann && !fileExt[ps]
}

// fileExt holds the country-code TLDs that are far more often file name
// extensions in prose (debian/rules.in/x, test-lib.sh/f, Makefile.am/x)
// than the last label of an abbreviated URL: a bare host.tld/path ending in
// one of them is not a hit (E11). Multi-label suffixes (co.in) still count.
var fileExt = map[string]bool{
	"ac": true, "am": true, "cc": true, "in": true, "md": true, "mk": true,
	"ml": true, "pl": true, "pm": true, "ps": true, "py": true, "rs": true,
	"sh": true, "so": true,
}

// hasLabel reports whether host starts with the label l (lowercase ASCII)
// in any case, followed by a dot.
func hasLabel(host []byte, l string) bool {
	if len(host) <= len(l) || host[len(l)] != '.' {
		return false
	}
	for k := 0; k < len(l); k++ {
		if host[k]|0x20 != l[k] {
			return false
		}
	}
	return true
}

// hostLabels reads a host name at b[j:]: dot-separated labels of letters,
// digits and hyphens, none starting or ending with a hyphen, each at most
// 63 bytes, maxHost bytes in all (RFC 1034 3.5). It returns where the host
// ends, how many labels it has and where the last one starts; ok is false
// when a label is empty or has a hyphen at an end.
func hostLabels(b []byte, j int) (end, labels, last int, ok bool) {
	i := j
	last = j
	for i-j < maxHost {
		k := i
		for k < len(b) && k-i < 63 && ctab[b[k]]&cLDH != 0 {
			k++
		}
		if k == i || b[i] == '-' || b[k-1] == '-' {
			return i, labels, last, false
		}
		labels++
		last = i
		i = k
		if i+1 < len(b) && b[i] == '.' && ctab[b[i+1]]&cLDH != 0 {
			i++
			continue
		}
		break
	}
	return i, labels, last, true
}
