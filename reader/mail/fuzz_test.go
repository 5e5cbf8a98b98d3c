package mail

import (
	"bytes"
	"io"
	"regexp"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/urix/urix/htmlbase/charset"
)

// lineStarts returns the offsets at which the lines of b start.
func lineStarts(b []byte) []int {
	s := []int{0}
	for i, c := range b {
		if c == '\n' {
			s = append(s, i+1)
		}
	}
	return s
}

// checkMap checks a stage's map over its whole output: every character
// maps inside the input, and positions never go backwards.
func checkMap(t *testing.T, in, out []byte, pm PosMap) {
	t.Helper()
	starts := lineStarts(in)
	line, col := 1, 1
	last := -1
	for i := 0; i < len(out); {
		_, n := utf8.DecodeRune(out[i:])
		p := pm.Map(line, col, int64(i))
		if p.Line < 1 || p.Line > len(starts) || p.Col < 1 {
			t.Fatalf("output %d:%d maps to %d:%d, outside the input (%d lines)", line, col, p.Line, p.Col, len(starts))
		}
		off := starts[p.Line-1] + p.Col - 1
		if int64(off) != p.Offset {
			t.Fatalf("output %d:%d maps to %d:%d, which is offset %d, but to offset %d", line, col, p.Line, p.Col, off, p.Offset)
		}
		if off > len(in) {
			t.Fatalf("output %d:%d maps to %d:%d, past the input's end", line, col, p.Line, p.Col)
		}
		if off < last {
			t.Fatalf("output %d:%d maps to offset %d, before %d", line, col, off, last)
		}
		last = off
		if out[i] == '\n' {
			line, col = line+1, 1
		} else {
			col += n
		}
		i += n
	}
}

// FuzzDecoder: the charset stage gives exactly the text x/text's decoder
// gives, one byte at a time too, and maps every character inside the input.
func FuzzDecoder(f *testing.F) {
	for _, s := range []string{"Gr\xfc\xdfe http://b\xfccher/\n", "\x81uhttp://x\n\x93\xfa", "a \x1b$BF|K\\\x1b(B b\n", "h\x00i\x00\n\x00"} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(1))
		f.Add([]byte(s), uint8(2))
		f.Add([]byte(s), uint8(3))
	}
	labels := []string{"windows-1252", "shift_jis", "iso-2022-jp", "utf-16le", "euc-kr", "gb18030", "big5", "koi8-r"}
	f.Fuzz(func(t *testing.T, in []byte, which uint8) {
		enc, name, _ := charset.Lookup(labels[int(which)%len(labels)])
		want, _, _ := transform.Bytes(enc.NewDecoder(), in)
		for _, odd := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(in)
			if odd {
				r = iotest.OneByteReader(bytes.NewReader(in))
			}
			d := newDecoder(r, name, enc, identity{}, nil)
			got, err := io.ReadAll(d)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) && !equalModuloReplacement(got, want, enc) {
				t.Fatalf("%s (one byte at a time %v): got %q, x/text gives %q", name, odd, got, want)
			}
			checkMap(t, in, got, d)
		}
	})
}

// equalModuloReplacement allows the one place where the decoders may
// differ: what bytes an invalid sequence at the very end turns into.
func equalModuloReplacement(a, b []byte, _ encoding.Encoding) bool {
	a = bytes.TrimRight(a, "\uFFFD")
	b = bytes.TrimRight(b, "\uFFFD")
	return bytes.Equal(a, b)
}

// FuzzQP: quoted-printable output maps every character inside the input,
// in order, and =XX escapes map to their '='.
func FuzzQP(f *testing.F) {
	for _, s := range []string{"a=3Db\n", "soft=\nbreak\n", "x=0Ay=0D=0Az\n", "=C3=A9 http://a/=\nb\n", "tail   \n="} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		q := newQPReader(bytes.NewReader(in), identity{}, nil)
		out, err := io.ReadAll(q)
		if err != nil {
			t.Fatal(err)
		}
		checkMap(t, in, out, q)
	})
}

// FuzzUnfold: unfolding removes exactly every line break followed by a
// space or tab, with that character (RFC 5545 §3.1), and maps every
// character of its output onto the same byte of the input, in order.
func FuzzUnfold(f *testing.F) {
	for _, s := range []string{"URL:http://a/\n b\n", "A:x\r\n y\r\n\tz\n", "\n \n\t\n", " a\nb", "x\r\n"} {
		f.Add([]byte(s))
	}
	fold := regexp.MustCompile("\r?\n[ \t]")
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 4000 {
			return // a line longer than the reader's buffer may keep a '\r' before its fold
		}
		for _, odd := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(in)
			if odd {
				r = iotest.OneByteReader(bytes.NewReader(in))
			}
			u := newUnfoldReader(r, identity{}, nil)
			out, err := io.ReadAll(u)
			if err != nil {
				t.Fatal(err)
			}
			if want := fold.ReplaceAll(in, nil); !bytes.Equal(out, want) {
				t.Fatalf("unfold(%q) = %q, want %q", in, out, want)
			}
			checkMap(t, in, out, u)
			// Maps are read forwards once: a second reader for the bytes.
			u = newUnfoldReader(bytes.NewReader(in), identity{}, nil)
			if _, err := io.ReadAll(u); err != nil {
				t.Fatal(err)
			}
			line, col := 1, 1
			for i, c := range out {
				if p := u.Map(line, col, int64(i)); in[p.Offset] != c {
					t.Fatalf("output %d (%q) maps to input %d (%q)", i, c, p.Offset, in[p.Offset])
				}
				if c == '\n' {
					line, col = line+1, 1
				} else {
					col++
				}
			}
		}
	})
}
