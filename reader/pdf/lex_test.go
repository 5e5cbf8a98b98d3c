package pdf

import (
	"fmt"
	"math/rand"
	"strconv"
	"testing"
)

// TestParseNumbers: the fast paths read integers and decimals exactly as
// strconv does, and leave anything else to it (or to keywords).
func TestParseNumbers(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200000; i++ {
		var s string
		switch i % 4 {
		case 0:
			s = strconv.FormatInt(r.Int63n(1<<40)-1<<39, 10)
		case 1:
			s = strconv.FormatFloat((r.Float64()-0.5)*2000, 'f', r.Intn(7), 64)
		case 2:
			s = fmt.Sprintf("%d.%0*d", r.Intn(100000), r.Intn(10)+1, r.Intn(1000000))
		case 3:
			s = fmt.Sprintf("-.%d", r.Intn(100000))
		}
		l := &lexer{s: memSrc([]byte(s))}
		v, err := l.next()
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			if v != n {
				t.Fatalf("%s: %v (%T), want %d", s, v, v, n)
			}
			continue
		}
		if f, _ := strconv.ParseFloat(s, 64); v != f {
			t.Fatalf("%s: %v (%T), want %v", s, v, v, f)
		}
	}
	for s, want := range map[string]any{
		"Tj": keyword("Tj"), "foo": keyword("foo"), "--5": -5.0, "1-2": 1.0, "1e5": 1e5, "3.": 3.0,
		"+7": int64(7), "12345678901234567890": 12345678901234567890.0, "1234567890.1234567": 1234567890.1234567,
		"inf": keyword("inf"), "true": true, "4 0 R": ref{4, 0}, "4 0 Rx": int64(4),
	} {
		l := &lexer{s: memSrc([]byte(s))}
		if v, err := l.next(); v != want || err != nil {
			t.Errorf("%q: %v (%T), %v; want %v (%T)", s, v, v, err, want, want)
		}
	}
}
