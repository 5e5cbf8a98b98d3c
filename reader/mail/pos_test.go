package mail

import (
	"bytes"
	"io"
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// TestQPSoftBreaksBounded: a body of soft line breaks, one output byte
// each, holds at most 2 MiB of entries (700,000 of them once held 150
// bytes each, doc/spec.md M2), and the positions on either side of them,
// mapped once all is read as a scanner that reads far ahead does, are
// still exact: a full ring thins out, it does not forget its oldest.
func TestQPSoftBreaksBounded(t *testing.T) {
	const k = 400_000
	in := "http://first.example/\n" + strings.Repeat("a=\n", k) + "\nhttp://last.example/\n"
	q := newQPReader(strings.NewReader(in), identity{}, nil)
	out, err := io.ReadAll(q)
	if err != nil || string(out) != "http://first.example/\n"+strings.Repeat("a", k)+"\nhttp://last.example/\n" {
		t.Fatalf("out %.40q..., %v", out, err)
	}
	if held := cap(q.q.ents) * int(unsafe.Sizeof(lineEnt{})); held > 2<<20 {
		t.Errorf("%d bytes of entries held for %d soft breaks, want at most 2 MiB", held, k)
	}
	if p := q.Map(1, 8, 7); p != (Pos{Line: 1, Col: 8, Offset: 7}) {
		t.Errorf("the URI before the soft breaks maps to %+v, want 1:8 offset 7", p)
	}
	if p := q.Map(3, 1, 22+k+1); p.Line != k+3 || p.Col != 1 || p.Offset != 22+3*k+1 {
		t.Errorf("the URI after the soft breaks maps to %+v, want line %d col 1 offset %d", p, k+3, 22+3*k+1)
	}
}

// TestQPPositionsEveryByte: every output byte of a mixed quoted-printable
// body (plain lines, soft breaks, escapes, lines longer than the read
// buffer) maps to the stored byte it comes from, with line and column
// agreeing with the offset; the entries a plain line would add are left
// out without moving any of them.
func TestQPPositionsEveryByte(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var b strings.Builder
	for range 3000 {
		n := rng.Intn(90)
		if rng.Intn(50) == 0 {
			n = 5000 + rng.Intn(4000)
		}
		for range n {
			switch rng.Intn(20) {
			case 0:
				b.WriteString("=5A") // Z, only ever escaped
			case 1:
				b.WriteString("=\n")
			default:
				b.WriteByte(byte('a' + rng.Intn(26)))
				if b.Len()%7 == 0 {
					b.WriteByte('z' - 25 + byte(rng.Intn(25))) // lower case only
				}
			}
		}
		b.WriteString([]string{"\n", "\r\n", "=\n", " \n"}[rng.Intn(4)])
	}
	in := []byte(strings.ReplaceAll(b.String(), "Z", "z"))
	q := newQPReader(bytes.NewReader(in), identity{}, nil)
	starts := lineStarts(in)
	line, col, off := 1, 1, 0
	buf := make([]byte, 64<<10) // read, then map, a scanner's buffer at a time
	for {
		n, err := q.Read(buf)
		for _, c := range buf[:n] {
			if c != '\n' {
				p := q.Map(line, col, int64(off))
				want := c
				if c == 'Z' {
					want = '='
				}
				if p.Offset < 0 || p.Offset >= int64(len(in)) || in[p.Offset] != want ||
					int64(starts[p.Line-1]+p.Col-1) != p.Offset {
					t.Fatalf("output %d:%d (offset %d, %q) maps to %+v, which holds %q", line, col, off, c, p, in[min(p.Offset, int64(len(in)-1))])
				}
			}
			off++
			col++
			if c == '\n' {
				line, col = line+1, 1
			}
		}
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if off < len(in)/2 {
		t.Fatalf("only %d bytes out of %d", off, len(in))
	}
}
