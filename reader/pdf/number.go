package pdf

import "strconv"

// parseInt reads an integer of at most 18 digits with an optional sign;
// ok is false for anything else (a real, a keyword), without the cost
// of an error.
func parseInt(b []byte) (n int64, ok bool) {
	i := 0
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		i = 1
	}
	if i == len(b) || len(b)-i > 18 {
		return 0, false
	}
	for _, c := range b[i:] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if b[0] == '-' {
		n = -n
	}
	return n, true
}

// pow10 are the exact powers of ten of a float64.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// parseDecimal reads "[-+]digits.digits" of at most 15 digits in all,
// the numbers of content streams, exactly as strconv.ParseFloat would
// (a mantissa below 2^53 divided by an exact power of ten rounds once);
// ok is false for anything else.
func parseDecimal(b []byte) (f float64, ok bool) {
	i := 0
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		i = 1
	}
	var m int64
	digits, frac, dot := 0, 0, false
	for _, c := range b[i:] {
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + int64(c-'0')
			if digits++; dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 {
		return 0, false
	}
	f = float64(m) / pow10[frac]
	if b[0] == '-' {
		f = -f
	}
	return f, true
}

// parseReal reads a real number as PDF writes it ("-.5", "3.", also
// "--5" and "1-2" that some producers write, read as far as they make sense).
func parseReal(w string) (float64, error) {
	for len(w) > 1 && w[0] == '-' && w[1] == '-' {
		w = w[1:]
	}
	if f, err := strconv.ParseFloat(w, 64); err == nil {
		return f, nil
	}
	for i := 1; i < len(w); i++ {
		if w[i] == '-' {
			return strconv.ParseFloat(w[:i], 64)
		}
	}
	return 0, errSyntax
}
