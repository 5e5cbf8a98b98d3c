package mail

import (
	"testing/iotest"

	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/urix/urix/htmlbase/charset"
)

func TestFlowed(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		delsp bool
		want  string
	}{
		{"fixed lines stay", "a\nb\n", false, "a\nb\n"},
		{"without DelSp a soft break stays a line break", "a \nb\n", false, "a \nb\n"},
		{"DelSp removes the flowing space", "http://a.example/very- \nlong/path\n", true, "http://a.example/very-long/path\n"},
		{"DelSp: several lines", "http://a/ \nb/ \nc\n", true, "http://a/b/c\n"},
		{"CRLF", "a \r\nb\r\n", true, "ab\n"},
		{"space-stuffing undone", " From here\n  two\n", false, "From here\n two\n"},
		{"quoted paragraph joined behind its markers", "> see http://q/ \n> rest\n", true, "> see http://q/rest\n"},
		{"quote depth change ends a paragraph", "> a \n>> b\n", false, "> a \n>> b\n"},
		{"signature separator is not flowed", "-- \nsig\n", false, "-- \nsig\n"},
		{"flowed last line ends the text", "a \n", false, "a \n"},
		{"no final newline", "a \nb", true, "ab\n"},
		{"empty line ends a paragraph", "a \n\nb\n", true, "a\nb\n"},
	}
	for _, tt := range tests {
		f := newFlowedReader(strings.NewReader(tt.in), tt.delsp, identity{}, nil)
		got, err := io.ReadAll(f)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: flowed(%q, delsp=%v) = %q, %v; want %q", tt.name, tt.in, tt.delsp, got, err, tt.want)
		}
	}
}

func TestFlowedPositions(t *testing.T) {
	// Output line 1 is input lines 1-2 joined; the URI starts on input
	// line 2 after the quote marker and the stuffing space.
	in := "> see \n>  http://q/ \n> x\n"
	f := newFlowedReader(strings.NewReader(in), true, identity{}, nil)
	out, _ := io.ReadAll(f)
	if !bytes.Contains(out, []byte("http://q/")) {
		t.Fatalf("output %q", out)
	}
	col := bytes.Index(out, []byte("http")) + 1
	if p := f.Map(1, col, int64(col-1)); p.Line != 2 || p.Col != 4 {
		t.Errorf("Map(1, %d) = %+v; want line 2, col 4 (output %q)", col, p, out)
	}
}

func TestUnfold(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"unfolded lines stay", "A:1\nB:2\n", "A:1\nB:2\n"},
		{"space fold", "URL:https://meet.exam\n ple/j/123\n", "URL:https://meet.example/j/123\n"},
		{"tab fold", "URL:https://a/\n\tb\n", "URL:https://a/b\n"},
		{"only one white space character goes", "DESCRIPTION:a\n  b\n", "DESCRIPTION:a b\n"},
		{"CRLF", "A:x\r\n y\r\nB:z\r\n", "A:xy\r\nB:z\r\n"},
		{"several folds", "A:1\n 2\n 3\nB\n", "A:123\nB\n"},
		{"escapes kept", "DESCRIPTION:a\\nb\\, c\n", "DESCRIPTION:a\\nb\\, c\n"},
		{"leading white space is not a fold", " A:1\n", " A:1\n"},
		{"no final newline", "A:1\n 2", "A:12"},
		{"empty line then fold", "\n x\n", "x\n"},
	}
	for _, tt := range tests {
		u := newUnfoldReader(strings.NewReader(tt.in), identity{}, nil)
		got, err := io.ReadAll(u)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: unfold(%q) = %q, %v; want %q", tt.name, tt.in, got, err, tt.want)
		}
	}
}

func TestUnfoldPositions(t *testing.T) {
	in := "BEGIN:VEVENT\nURL:https://meet.example/j/12\n 345?pwd=x\nEND:VEVENT\n"
	u := newUnfoldReader(strings.NewReader(in), identity{}, nil)
	out, _ := io.ReadAll(u)
	for _, c := range []struct {
		sub       string
		line, col int
	}{{"https", 2, 5}, {"345", 3, 2}, {"END", 4, 1}} {
		i := bytes.Index(out, []byte(c.sub))
		line := 1 + bytes.Count(out[:i], []byte("\n"))
		col := i - bytes.LastIndexByte(out[:i], '\n')
		p := u.Map(line, col, int64(i))
		if p.Line != c.line || p.Col != c.col || in[p.Offset:p.Offset+int64(len(c.sub))] != c.sub {
			t.Errorf("%q at %d:%d maps to %+v, want %d:%d", c.sub, line, col, p, c.line, c.col)
		}
	}
}

func TestQP(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a=3Db\n", "a=b\n"},
		{"soft=\nbreak\n", "softbreak\n"},
		{"soft=\r\nbreak\r\n", "softbreak\n"},
		{"trailing white space   \n", "trailing white space\n"},
		{"soft after space =  \nx\n", "soft after space x\n"},
		{"lower =3d hex\n", "lower = hex\n"},
		{"not hex =ZZ and = alone\n", "not hex =ZZ and = alone\n"},
		{"at the end =", "at the end "},
		{"=C3=A9\n", "é\n"},
		{"control \x01 bytes pass\n", "control \x01 bytes pass\n"},
		{"no newline", "no newline"},
	}
	for _, tt := range tests {
		got, err := io.ReadAll(newQPReader(strings.NewReader(tt.in), identity{}, nil))
		if err != nil || string(got) != tt.want {
			t.Errorf("qp(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// A line far longer than the reader's buffer, with an escape split
	// across the pieces.
	for pad := 4090; pad < 4100; pad++ {
		in := strings.Repeat("a", pad) + "=3D=\nb\n"
		got, _ := io.ReadAll(newQPReader(strings.NewReader(in), identity{}, nil))
		if want := strings.Repeat("a", pad) + "=b\n"; string(got) != want {
			t.Errorf("long line (%d): got ...%q", pad, got[len(got)-10:])
		}
	}
}

// TestQPPositions: every output position maps to where its byte is
// stored, also after =XX escapes and across soft and encoded line breaks.
func TestQPPositions(t *testing.T) {
	in := "line one\nhttp://a/=\nb c=3Dd e\n=3D=3Dx=0Ay=0D=0Az\nlast\n"
	q := newQPReader(strings.NewReader(in), identity{}, nil)
	out, _ := io.ReadAll(q)
	if string(out) != "line one\nhttp://a/b c=d e\n==x\ny\r\nz\nlast\n" {
		t.Fatalf("out %q", out)
	}
	for _, tt := range []struct{ line, col, wl, wc int }{
		{1, 1, 1, 1},  // l
		{2, 1, 2, 1},  // h
		{2, 10, 3, 1}, // b, after a soft break
		{2, 12, 3, 3}, // c
		{2, 13, 3, 4}, // =, from "=3D"
		{2, 14, 3, 7}, // d, after the escape
		{2, 16, 3, 9}, // e
		{3, 3, 4, 7},  // x, after two escapes
		{4, 1, 4, 11}, // y, on a line an encoded break started
		{5, 1, 4, 18}, // z, after "=0D=0A"
		{6, 1, 5, 1},  // last: the stored line after
	} {
		p := q.Map(tt.line, tt.col, offsetOf(out, tt.line, tt.col))
		if p.Line != tt.wl || p.Col != tt.wc || p.Offset != offsetOf([]byte(in), tt.wl, tt.wc) {
			t.Errorf("Map(%d, %d) = %d:%d (offset %d); want %d:%d (offset %d)", tt.line, tt.col, p.Line, p.Col, p.Offset, tt.wl, tt.wc, offsetOf([]byte(in), tt.wl, tt.wc))
		}
	}
}

func TestBase64(t *testing.T) {
	enc := base64.StdEncoding.EncodeToString([]byte("hello http://x/"))
	tests := []struct {
		name, in, want string
		bad            bool
	}{
		{"lines", enc[:8] + "\n" + enc[8:] + "\n", "hello http://x/", false},
		{"spaces and CRLF", enc[:4] + " \t" + enc[4:] + "\r\n", "hello http://x/", false},
		{"no padding", strings.TrimRight(base64.StdEncoding.EncodeToString([]byte("ab")), "="), "ab", false},
		{"garbage line", enc + "\n!!garbage!!\nmore\n", "hello http://x/", true},
	}
	for _, tt := range tests {
		b := newB64Reader(strings.NewReader(tt.in), nil)
		got, err := io.ReadAll(b)
		var ce base64.CorruptInputError
		if string(got) != tt.want || errors.As(err, &ce) != tt.bad {
			t.Errorf("%s: got %q, %v", tt.name, got, err)
		}
		if tt.bad {
			r, line, _ := b.rest()
			rest, _ := io.ReadAll(r)
			if string(rest) != "!!garbage!!\nmore\n" || line != 2 {
				t.Errorf("%s: rest %q at line %d", tt.name, rest, line)
			}
		}
	}
}

func TestBoundaryLine(t *testing.T) {
	bounds := []string{"outer", "in"}
	tests := []struct {
		line    string
		i       int
		closing bool
	}{
		{"--in\n", 1, false}, {"--in--\n", 1, true}, {"--in  \r\n", 1, false}, {"--outer--", 0, true},
		{"--inner\n", -1, false}, {"-in\n", -1, false}, {"--in-- x\n", -1, false}, {"text --in\n", -1, false},
	}
	for _, tt := range tests {
		i, c := boundaryLine([]byte(tt.line), bounds)
		if i != tt.i || c != tt.closing {
			t.Errorf("boundaryLine(%q) = %d, %v; want %d, %v", tt.line, i, c, tt.i, tt.closing)
		}
	}
}

func TestURIValue(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"http://a/b"`, "http://a/b"},
		{"<http://a/b>", "http://a/b"},
		{"http://a/very/\r\n long", "http://a/very/long"},
		{"page.html", "page.html"},
		{"bad\x01", ""},
		{`"a b"`, "ab"},
		{"0\u008d1", ""},          // a C1 control (found by FuzzMailReader)
		{"a\u00a0b", ""},          // a no-break space
		{"caf\u00e9/x", "café/x"}, // an IRI
	}
	for _, tt := range tests {
		if got := URIValue(tt.in); got != tt.want {
			t.Errorf("URIValue(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDecoder: the charset conversion gives the text, one byte at a time
// too, and maps each character back to its stored bytes.
func TestDecoder(t *testing.T) {
	tests := []struct {
		label, in, want string
		at              string // a character of want whose stored column is col
		col             int
	}{
		{"iso-8859-1", "ascii only http://a/\n", "ascii only http://a/\n", "h", 12},
		{"iso-8859-1", "Gr\xfc\xdfe http://b\xfccher.example/ ok\n", "Grüße http://bücher.example/ ok\n", "h", 7},
		{"iso-8859-1", "Gr\xfc\xdfe http://b\xfccher.example/ ok\n", "Grüße http://bücher.example/ ok\n", "ü", 3},
		{"windows-1252", "\x93http://q/\x94\n", "\u201chttp://q/\u201d\n", "h", 2},
		{"iso-2022-jp", "a \x1b$BF|K\\\x1b(B b\n", "a 日本 b\n", "本", 8},
		{"shift_jis", "x \x93\xfa\x96{ y\n", "x 日本 y\n", "y", 8},
		{"shift_jis", "\x81uhttp://x", "「http://x", "h", 3}, // the trail byte of 「 is 'u'
		{"utf-16le", "h\x00i\x00\n\x00", "hi\n", "i", 3},
	}
	for _, tt := range tests {
		enc, name, ok := charset.Lookup(tt.label)
		if !ok || enc == nil {
			t.Fatalf("charset.Lookup(%q) = %v, %v", tt.label, enc, ok)
		}
		for _, odd := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tt.in)
			if odd {
				r = iotest.OneByteReader(r)
			}
			d := newDecoder(r, name, enc, identity{}, nil)
			got, err := io.ReadAll(d)
			if err != nil || string(got) != tt.want {
				t.Errorf("decode(%q, %s, one byte at a time %v) = %q, %v; want %q", tt.in, tt.label, odd, got, err, tt.want)
				continue
			}
			col := strings.Index(tt.want, tt.at) + 1
			if p := d.Map(1, col, int64(col-1)); p.Line != 1 || p.Col != tt.col {
				t.Errorf("decode(%q, %s): %q at 1:%d maps to %d:%d, want 1:%d", tt.in, tt.label, tt.at, col, p.Line, p.Col, tt.col)
			}
		}
	}
}

// offsetOf returns the offset of 1-based line and column in b.
func offsetOf(b []byte, line, col int) int64 {
	return int64(lineStarts(b)[line-1] + col - 1)
}
