package json

import "github.com/urix/urix/internal/hex"

// sniffLen is the length of the head the format table gives a sniffer:
// a head that long may be cut inside the document.
const sniffLen = 8 << 10

// LooksLikeJSON reports whether head, the first bytes of an input, is
// JSON (RFC 8259) whose first value is an object or an array: one value,
// or several separated by white space (JSON Lines), valid up to the end
// of head; when head is sniffLen long, it may end inside a value. Text
// that merely starts with '{' or '[' (a Markdown link, a log line) is not.
func LooksLikeJSON(head []byte) bool {
	i := skipWS(head, 0)
	if i == len(head) || head[i] != '{' && head[i] != '[' {
		return false
	}
	ok, done := validJSON(head[i:])
	return ok && (done || len(head) >= sniffLen)
}

// validator states.
const (
	sValue      = iota // a value
	sValueOrEnd        // a value or ']'
	sKeyOrEnd          // a key or '}'
	sKey               // a key
	sColon             // ':'
	sAfter             // ',' or the end of the container
	sTop               // white space or the next top-level value
)

// validJSON checks b as JSON values separated by white space: ok is false
// at the first error; done says b ended between values.
func validJSON(b []byte) (ok, done bool) {
	v := validator{b: b, state: sValue}
	for i := 0; ; {
		if i = skipWS(b, i); i == len(b) {
			return true, v.state == sTop
		}
		var cut bool
		if i, ok, cut = v.step(i); !ok || cut {
			return ok, false
		}
	}
}

// validator is validJSON's state: the open containers and what comes next.
type validator struct {
	b     []byte
	stack []byte
	state int
}

// after moves on past a value.
func (v *validator) after() {
	if v.state = sAfter; len(v.stack) == 0 {
		v.state = sTop
	}
}

// pop closes the innermost container.
func (v *validator) pop() {
	v.stack = v.stack[:len(v.stack)-1]
	v.after()
}

// step reads what starts at b[i] (no white space) and returns the index
// after it, whether it is valid, and whether b ended inside it.
func (v *validator) step(i int) (int, bool, bool) {
	b, c := v.b, v.b[i]
	switch v.state {
	case sTop:
		if c != '{' && c != '[' {
			return i, false, false
		}
		v.state = sValue
	case sValueOrEnd:
		if c == ']' {
			v.pop()
			return i + 1, true, false
		}
		v.state = sValue
	case sKeyOrEnd, sKey:
		if c == '}' && v.state == sKeyOrEnd {
			v.pop()
			return i + 1, true, false
		}
		if c != '"' {
			return i, false, false
		}
		v.state = sColon
		return scanString(b, i)
	case sColon:
		v.state = sValue
		return i + 1, c == ':', false
	case sAfter:
		top := v.stack[len(v.stack)-1]
		switch {
		case c == ',' && top == '{':
			v.state = sKey
		case c == ',':
			v.state = sValue
		case c == '}' && top == '{' || c == ']' && top == '[':
			v.pop()
		default:
			return i, false, false
		}
		return i + 1, true, false
	case sValue:
		return v.value(i)
	}
	return i, true, false
}

// value reads the value that starts at b[i].
func (v *validator) value(i int) (int, bool, bool) {
	switch c := v.b[i]; c {
	case '{', '[':
		v.stack = append(v.stack, c)
		v.state = sKeyOrEnd
		if c == '[' {
			v.state = sValueOrEnd
		}
		return i + 1, true, false
	case '"':
		v.after()
		return scanString(v.b, i)
	}
	v.after()
	return scanScalar(v.b, i)
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// scanString checks the string at b[i] ('"'): it returns the index after
// it, whether it is valid so far, and whether b ended inside it.
func scanString(b []byte, i int) (int, bool, bool) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true, false
		case c < 0x20:
			return i, false, false
		case c == '\\':
			if i+1 == len(b) {
				return i, true, true
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				for k := i + 2; k < i+6; k++ {
					if k == len(b) {
						return k, true, true
					}
					if _, ok := hex.Digit(b[k]); !ok {
						return k, false, false
					}
				}
				i += 5
			default:
				return i, false, false
			}
		}
	}
	return i, true, true
}

// scanScalar checks the number or literal at b[i].
func scanScalar(b []byte, i int) (int, bool, bool) {
	for _, lit := range []string{"true", "false", "null"} {
		if b[i] != lit[0] {
			continue
		}
		k := 0
		for k < len(lit) && i+k < len(b) && b[i+k] == lit[k] {
			k++
		}
		if i+k == len(b) {
			return i + k, true, true
		}
		return i + k, k == len(lit), false
	}
	if b[i] != '-' && (b[i] < '0' || b[i] > '9') {
		return i, false, false
	}
	k := i + 1
	for k < len(b) && ('0' <= b[k] && b[k] <= '9' || b[k] == '.' || b[k] == 'e' || b[k] == 'E' || b[k] == '+' || b[k] == '-') {
		k++
	}
	if k == len(b) {
		return k, true, true
	}
	return k, true, false
}
