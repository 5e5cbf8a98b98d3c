package mdscan

import "bytes"

// GFM extended autolinks, as goldmark's Linkify extension finds them:
// its regular expressions are read by hand, so that a failed attempt
// costs a bounded number of steps.

// linkify reads an extended autolink at buf[p] and reports it; it
// returns its length, or 0.
func (s *scanner) linkify(p int) int {
	in := &s.in
	line := in.buf[p:] // every match stops at the line's end
	end, www, email := 0, false, false
	switch line[0] {
	case 'h', 'f':
		if bytes.HasPrefix(line, []byte("http:")) || bytes.HasPrefix(line, []byte("https:")) || bytes.HasPrefix(line, []byte("ftp:")) {
			end = matchURL(line, true)
		}
	case 'w':
		if bytes.HasPrefix(line, []byte("www.")) {
			end, www = matchURL(line, false), true
		}
	}
	if end == 0 {
		www = false
		if len(line) == 0 || isPunct(line[0]) {
			return 0
		}
		stop := in.findEmailAt(p, line)
		if stop < 0 {
			return 0
		}
		email = true
		at := in.email.at - p
		if bytes.IndexByte(line[at:stop-1], '.') < 0 {
			return 0
		}
		end = stop
		if line[end-1] == '.' {
			end--
		}
		if end < len(line) && (line[end] == '-' || line[end] == '_') {
			return 0
		}
	}
	s.steps += end
	opening := bytes.Count(line[:end], []byte{'('})
	closing := bytes.Count(line[:end], []byte{')'})
	i := end
trim:
	for i > 1 {
		switch line[i-1] {
		case '?', '!', '.', ',', ':', '*', '_', '~':
			i--
		case ')':
			if closing <= opening {
				break trim
			}
			closing--
			i--
		case ';':
			j := i - 2
			for ; j > 0; j-- {
				if !isAlnum(line[j]) {
					break
				}
			}
			if j == i-2 || line[j] != '&' {
				break trim
			}
			i = j
		default:
			break trim
		}
	}
	st := in.srcOf(p)
	dest := string(s.src[st : st+i])
	if www {
		dest = "http://" + dest
	}
	in.events = append(in.events, Event{Kind: ExtAutolink, Start: st, End: st + i, Dest: dest, Email: email, Pos: st})
	return i
}

// domainChar is [-a-zA-Z0-9@:%._+~#=].
func domainChar(c byte) bool {
	return isAlnum(c) || c == '-' || c == '@' || c == ':' || c == '%' || c == '.' || c == '_' || c == '+' || c == '~' || c == '#' || c == '='
}

// tailChar is [-a-zA-Z0-9@:%_+.~#!?&/=();,'">^{}[\]`], and '$' in a URL
// with a scheme.
func tailChar(c byte, scheme bool) bool {
	if isAlnum(c) {
		return true
	}
	switch c {
	case '-', '@', ':', '%', '_', '+', '.', '~', '#', '!', '?', '&', '/', '=', '(', ')', ';', ',', '\'', '"', '>', '^', '{', '}', '[', ']', '`':
		return true
	case '$':
		return scheme
	}
	return false
}

// matchURL matches goldmark's Linkify expressions at the start of l:
//
//	(?:http|https|ftp)://D{1,256}\.[a-z]+(?::\d+)?(?:[/#?]T*)?   (scheme)
//	www\.D{1,256}\.[a-z]+(?:[/#?]T*)?
//
// and returns the length of the match, or 0. Like the regular
// expression engine, the domain takes the longest D run that a '.' and a
// lower-case letter follow.
func matchURL(l []byte, scheme bool) int {
	k := 0
	switch {
	case !scheme:
		k = 4
	case bytes.HasPrefix(l, []byte("http://")):
		k = 7
	case bytes.HasPrefix(l, []byte("https://")):
		k = 8
	case bytes.HasPrefix(l, []byte("ftp://")):
		k = 6
	default:
		return 0
	}
	r := 0
	for k+r < len(l) && r < 258 && domainChar(l[k+r]) {
		r++
	}
	d := min(256, r-2)
	for ; d >= 1; d-- {
		if l[k+d] == '.' && 'a' <= l[k+d+1] && l[k+d+1] <= 'z' {
			break
		}
	}
	if d < 1 {
		return 0
	}
	t := k + d + 1
	for t < len(l) && 'a' <= l[t] && l[t] <= 'z' {
		t++
	}
	if scheme && t+1 < len(l) && l[t] == ':' && '0' <= l[t+1] && l[t+1] <= '9' {
		t++
		for t < len(l) && '0' <= l[t] && l[t] <= '9' {
			t++
		}
	}
	if t < len(l) && (l[t] == '/' || l[t] == '#' || l[t] == '?') {
		t++
		for t < len(l) && tailChar(l[t], scheme) {
			t++
		}
	}
	return t
}

// findEmailAt is findEmail for the line at buf[p], remembering the run
// of local-part characters so that the triggers inside it (after '*',
// '_', '~') cost one step each.
func (in *inline) findEmailAt(p int, line []byte) int {
	// the next '@': none, or too far for a local part, is a quick no
	next, ok := in.at.get(p)
	if !ok {
		q := bytes.IndexByte(in.buf[p:], '@')
		if q < 0 {
			q = len(in.buf)
		} else {
			q += p
		}
		in.steps += (q - p) / 16
		in.at = memo{p, q}
		next = q
	}
	if next-p > 64 || next >= len(in.buf) {
		return -1
	}
	at, ok := in.email.get(p)
	if !ok {
		k := p
		for k < len(in.buf) && emailLocal(in.buf[k]) {
			k++
		}
		in.steps += k - p + 1
		in.email = memo{p, k}
		at = k
	}
	if at == p || at-p > 64 || at >= len(in.buf) || in.buf[at] != '@' {
		return -1
	}
	if in.domains == nil {
		in.domains = map[int]int{}
	}
	e, ok := in.domains[at]
	if !ok {
		e = domainEnd(in.buf, at)
		in.steps += 256
		in.domains[at] = e
	}
	if e < 0 {
		return -1
	}
	return e - p
}
