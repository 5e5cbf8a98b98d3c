package extract

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestFlowed(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		delsp bool
		want  string
	}{
		{"fixed lines stay", "a\nb\n", false, "a\nb\n"},
		{"flowed joined, space kept", "a \nb\n", false, "a b\n"},
		{"DelSp removes the flowing space", "http://a.example/very- \nlong/path\n", true, "http://a.example/very-long/path\n"},
		{"DelSp: several lines", "http://a/ \nb/ \nc\n", true, "http://a/b/c\n"},
		{"CRLF", "a \r\nb\r\n", true, "ab\n"},
		{"space-stuffing undone", " From here\n  two\n", false, "From here\n two\n"},
		{"quoted paragraph joined behind its markers", "> see http://q/ \n> rest\n", true, "> see http://q/rest\n"},
		{"quote depth change ends a paragraph", "> a \n>> b\n", false, "> a \n>> b\n"},
		{"signature separator is not flowed", "-- \nsig\n", false, "-- \nsig\n"},
		{"flowed last line ends the text", "a \n", false, "a \n"},
		{"no final newline", "a \nb", false, "a b\n"},
		{"empty line ends a paragraph", "a \n\nb\n", false, "a \nb\n"},
	}
	for _, tt := range tests {
		f := newFlowedReader(strings.NewReader(tt.in), tt.delsp, nil, source{})
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
	f := newFlowedReader(strings.NewReader(in), true, nil, source{line: 10, offset: 1000})
	out, _ := io.ReadAll(f)
	if string(out) != ">  sees http://q/x\n" && !bytes.Contains(out, []byte("http://q/")) {
		t.Fatalf("output %q", out)
	}
	col := bytes.Index(out, []byte("http")) + 1
	line, c, off := f.mapPos(1, col)
	if line != 12 || c != 4 || off != 1000+int64(len("> see \n"))+3 {
		t.Errorf("mapPos(1, %d) = %d, %d, %d; want 12, 4, %d (output %q)", col, line, c, off, 1000+len("> see \n")+3, out)
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
		got, err := io.ReadAll(newQPReader(strings.NewReader(tt.in), 0, 0))
		if err != nil || string(got) != tt.want {
			t.Errorf("qp(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// A line far longer than the reader's buffer, with an escape split
	// across the pieces.
	for pad := 4090; pad < 4100; pad++ {
		in := strings.Repeat("a", pad) + "=3D=\nb\n"
		got, _ := io.ReadAll(newQPReader(strings.NewReader(in), 0, 0))
		if want := strings.Repeat("a", pad) + "=b\n"; string(got) != want {
			t.Errorf("long line (%d): got ...%q", pad, got[len(got)-10:])
		}
	}
}

func TestQPPositions(t *testing.T) {
	in := "line one\nhttp://a/=\nb c=3Dd\n"
	q := newQPReader(strings.NewReader(in), 4, 100)
	out, _ := io.ReadAll(q)
	if string(out) != "line one\nhttp://a/b c=d\n" {
		t.Fatalf("out %q", out)
	}
	for _, tt := range []struct{ line, col, wl, wc int }{
		{1, 1, 5, 1}, {2, 1, 6, 1}, {2, 10, 7, 1}, {2, 12, 7, 3},
	} {
		l, c, off := q.mapPos(tt.line, tt.col)
		if l != tt.wl || c != tt.wc {
			t.Errorf("mapPos(%d, %d) = %d, %d, %d; want %d, %d", tt.line, tt.col, l, c, off, tt.wl, tt.wc)
		}
	}
}

// TestQPManyLines: line numbers stay exact through a quoted-printable part
// of hundreds of thousands of short lines (the position map keeps a
// bounded window of lines).
func TestQPManyLines(t *testing.T) {
	var b strings.Builder
	b.WriteString("From: a@b\nSubject: s\nContent-Transfer-Encoding: quoted-printable\n\n")
	lines := 4
	want := map[string]int{}
	for i := 0; i < 600000; i++ {
		switch i {
		case 10, 300000, 599990:
			u := "http://many.example/" + strings.Repeat("x", i%7) + "=\n" + "=3Dend"
			b.WriteString(u + "\n")
			want["http://many.example/"+strings.Repeat("x", i%7)+"=end"] = lines + 1
			lines += 2
		default:
			b.WriteString("\n")
			lines++
		}
	}
	hits, _ := mailHits(t, b.String(), Options{Type: Email})
	if len(hits) != 3 {
		t.Fatalf("%d hits", len(hits))
	}
	for _, h := range hits {
		if h.Line != want[h.URI] {
			t.Errorf("%s on line %d, want %d", h.URI, h.Line, want[h.URI])
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
		b := newB64Reader(strings.NewReader(tt.in), 0, 0)
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

func TestLookupCharset(t *testing.T) {
	tests := []struct {
		label        string
		known, ident bool
	}{
		{"", true, true}, {"UTF-8", true, true}, {"us-ascii", true, true}, {`"utf-8"`, true, true},
		{"ISO-8859-1", true, false}, {"iso-8859-15", true, false}, {"windows-1251", true, false},
		{"KOI8-R", true, false}, {"Shift_JIS", true, false}, {"EUC-JP", true, false},
		{"ISO-2022-JP", true, false}, {"GB18030", true, false}, {"gb2312", true, false},
		{"Big5", true, false}, {"x-no-such", false, true}, {"unknown-8bit", false, true},
	}
	for _, tt := range tests {
		enc, known := lookupCharset(tt.label)
		if known != tt.known || (enc == nil) != tt.ident {
			t.Errorf("lookupCharset(%q) = %v, %v; want known %v, identity %v", tt.label, enc, known, tt.known, tt.ident)
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

func TestUriValue(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"http://a/b"`, "http://a/b"},
		{"<http://a/b>", "http://a/b"},
		{"http://a/very/\r\n long", "http://a/very/long"},
		{"page.html", "page.html"},
		{"bad\x01", ""},
		{`"a b"`, "ab"},
	}
	for _, tt := range tests {
		if got := uriValue(tt.in); got != tt.want {
			t.Errorf("uriValue(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecodeText(t *testing.T) {
	tests := []struct {
		label, in, want string
	}{
		{"iso-8859-1", "ascii only http://a/\n", "ascii only http://a/\n"},
		{"iso-8859-1", "Gr\xfc\xdfe http://b\xfccher.example/ ok\n", "Grüße http://bücher.example/ ok\n"},
		{"windows-1252", "\x93http://q/\x94\n", "\u201chttp://q/\u201d\n"},
		{"iso-2022-jp", "a \x1b$BF|K\\\x1b(B b\n", "a 日本 b\n"},
		{"shift_jis", "x \x93\xfa\x96{ y\n", "x 日本 y\n"},
		{"utf-16le", "h\x00i\x00\n\x00", "hi\n"},
	}
	for _, tt := range tests {
		enc, known := lookupCharset(tt.label)
		if !known || enc == nil {
			t.Fatalf("lookupCharset(%q) = %v, %v", tt.label, enc, known)
		}
		for _, odd := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tt.in)
			if odd {
				r = &oneByteReader{[]byte(tt.in)}
			}
			got, err := io.ReadAll(decodeText(r, tt.label, enc))
			if err != nil || string(got) != tt.want {
				t.Errorf("decodeText(%q, %s, one byte at a time %v) = %q, %v; want %q", tt.in, tt.label, odd, got, err, tt.want)
			}
		}
	}
}
