package unwrap

import (
	"encoding/base64"
	"errors"
	"strings"
	"unicode/utf8"
)

// decodeV1 decodes Proofpoint URL Defense v1
// (https://urldefense.proofpoint.com/v1/url?u=TARGET&k=...): the target
// is the "u" parameter up to "&k=", percent-encoded once.
func decodeV1(w, _ string) (string, error) {
	q := query(w)
	if !strings.HasPrefix(q, "u=") {
		i := strings.Index(q, "&u=")
		if i < 0 {
			return "", ErrNoTarget
		}
		q = q[i+1:]
	}
	v, _, ok := strings.Cut(q[2:], "&k=")
	if !ok {
		return "", errNoK
	}
	return unescape(v, false)
}

var errNoK = errors.New(`no "&k=" after the target`)

// decodeV2 decodes Proofpoint URL Defense v2
// (https://urldefense.proofpoint.com/v2/url?u=TARGET&d=...&e=): the "u"
// parameter is the target percent-encoded with '-' for '%' and '_' for
// '/' (a '-' of the target arrives as "-2D", a '_' as "-5F").
func decodeV2(w, name string) (string, error) {
	v, ok := params(query(w), name)
	if !ok {
		return "", ErrNoTarget
	}
	b := []byte(v)
	for i, c := range b {
		switch c {
		case '-':
			b[i] = '%'
		case '_':
			b[i] = '/'
		}
	}
	return unescape(string(b), true)
}

// runAlphabet gives the length of a v3 run "**X": X's index in it plus 2.
const runAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// decodeV3 decodes Proofpoint URL Defense v3
// (https://urldefense.com/v3/__TARGET__;REPLACEMENTS!!ORG!ID$): TARGET is
// the target with the characters URL Defense does not keep replaced by
// '*', and REPLACEMENTS the base64url encoding (unpadded) of the
// characters replaced, in order. A '*' takes the next character (UTF-8
// sequence) of the replacements; "**X" takes a run of bytes as long as
// X's index in A-Z a-z 0-9 - _ plus 2 (2 to 65). Nothing is
// percent-decoded: URL Defense moves every '%' of the target into the
// replacements, so the result is the target as written.
func decodeV3(w, _ string) (string, error) {
	_, rest, _ := strings.Cut(w, "/v3/__")
	payload, tail, ok := strings.Cut(rest, "__;")
	if !ok {
		return "", ErrNoEnd
	}
	if strings.Contains(payload, "&amp;") {
		payload = strings.ReplaceAll(payload, "&amp;", "&")
	}
	enc := tail
	if i := strings.IndexByte(tail, '!'); i >= 0 {
		enc = tail[:i]
	}
	rep, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(enc, "="))
	if err != nil {
		return "", ErrBase64
	}
	return substitute(payload, rep)
}

// substitute fills the '*' of a v3 payload from rep.
func substitute(payload string, rep []byte) (string, error) {
	if !strings.Contains(payload, "*") {
		if len(rep) > 0 {
			return "", ErrLeftOver
		}
		return payload, nil
	}
	var b strings.Builder
	b.Grow(len(payload) + len(rep))
	k := 0
	for i := 0; i < len(payload); i++ {
		c := payload[i]
		if c != '*' {
			b.WriteByte(c)
			continue
		}
		n := 0
		if i+2 < len(payload) && payload[i+1] == '*' {
			x := strings.IndexByte(runAlphabet, payload[i+2])
			if x < 0 {
				return "", ErrRunLength
			}
			n = x + 2
			i += 2
		} else if k < len(rep) {
			_, n = utf8.DecodeRune(rep[k:])
		} else {
			n = 1 // past the end
		}
		if k+n > len(rep) {
			return "", ErrRunPastEnd
		}
		b.Write(rep[k : k+n])
		k += n
	}
	if k != len(rep) {
		return "", ErrLeftOver
	}
	return b.String(), nil
}
