package json

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
	var stack []byte
	state := sValue
	after := func() {
		if state = sAfter; len(stack) == 0 {
			state = sTop
		}
	}
	for i := 0; ; {
		if i = skipWS(b, i); i == len(b) {
			return true, state == sTop
		}
		c := b[i]
		switch state {
		case sTop:
			if c != '{' && c != '[' {
				return false, false
			}
			state = sValue
		case sValueOrEnd:
			if c == ']' {
				stack = stack[:len(stack)-1]
				i++
				after()
				continue
			}
			state = sValue
		case sKeyOrEnd, sKey:
			if c == '}' && state == sKeyOrEnd {
				stack = stack[:len(stack)-1]
				i++
				after()
				continue
			}
			if c != '"' {
				return false, false
			}
			var cut bool
			if i, ok, cut = scanString(b, i); !ok || cut {
				return ok, false
			}
			state = sColon
		case sColon:
			if c != ':' {
				return false, false
			}
			i++
			state = sValue
		case sAfter:
			top := stack[len(stack)-1]
			switch {
			case c == ',' && top == '{':
				state = sKey
			case c == ',':
				state = sValue
			case c == '}' && top == '{' || c == ']' && top == '[':
				stack = stack[:len(stack)-1]
				after()
			default:
				return false, false
			}
			i++
		case sValue:
			switch {
			case c == '{' || c == '[':
				stack = append(stack, c)
				state = sKeyOrEnd
				if c == '[' {
					state = sValueOrEnd
				}
				i++
			case c == '"':
				var cut bool
				if i, ok, cut = scanString(b, i); !ok || cut {
					return ok, false
				}
				after()
			default:
				var cut bool
				if i, ok, cut = scanScalar(b, i); !ok || cut {
					return ok, false
				}
				after()
			}
		}
	}
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
					if unhex(b[k]) < 0 {
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
