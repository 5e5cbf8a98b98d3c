package htmlbase

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestCharset(t *testing.T) {
	long := strings.Repeat("<p>ascii</p>\n", 100) // pushes later bytes past the 1024-byte prescan
	tests := []struct {
		name, in, declared string
		want               []string
	}{
		{"utf-8", `<a href="café/日本">`, "", []string{"a@href café/日本"}},
		{"utf-8 after 1024 ASCII bytes", long + `<a href="café">`, "", []string{"a@href café"}},
		{"utf-8 BOM", "\xef\xbb\xbf<a href=\"café\">", "", []string{"a@href café"}},
		{"meta charset latin1", "<meta charset=\"iso-8859-1\"><a href=\"caf\xe9.html\">", "", []string{"a@href café.html"}},
		{"meta latin1 is windows-1252", "<meta charset=latin1><a href=\"\x93q\x94\">", "", []string{"a@href “q”"}},
		{"windows-1252 smart quotes", "<META CHARSET='windows-1252'><a href=\"x\x93y\x94\x85.html\">", "", []string{"a@href x“y”….html"}},
		{"http-equiv shift_jis", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"><a href=\"/\x93\xfa\x96\x7b/\">", "", []string{"a@href /日本/"}},
		{"http-equiv quoted charset", "<meta http-equiv=content-type content='text/html; charset=\"shift_jis\"'><a href=\"\x83\x65\x83\x58\x83\x67\">", "", []string{"a@href テスト"}},
		{"declared shift_jis", "<a href=\"/\x93\xfa\x96\x7b/\">", "Shift_JIS", []string{"a@href /日本/"}},
		{"declared beats meta", "<meta charset=shift_jis><a href=\"caf\xe9\">", "ISO-8859-1", []string{"a@href café"}},
		{"unknown declared label ignored", "<meta charset=iso-8859-1><a href=\"caf\xe9\">", "x-bogus", []string{"a@href café"}},
		{"BOM beats declared", "\xef\xbb\xbf<a href=\"café\">", "windows-1252", []string{"a@href café"}},
		{"utf-16le BOM", utf16le("\ufeff<a href=\"café\">"), "", []string{"a@href café"}},
		{"meta utf-16 means utf-8", `<meta charset=utf-16><a href="café">`, "", []string{"a@href café"}},
		{"undeclared invalid utf-8 is windows-1252", "<a href=\"caf\xe9\">", "", []string{"a@href café"}},
		// A meta past the first 1024 bytes changes the encoding of the bytes
		// after it when nothing declared one (H5), as in browsers.
		{"late meta windows-1252", long + "<meta charset=windows-1252><a href=\"caf\xe9.html\">", "", []string{"a@href café.html"}},
		{"late meta shift_jis", long + "<meta charset=shift_jis><a href=\"caf\xc3\xa9\">", "", []string{"a@href cafﾃｩ"}},
		{"late meta in body", long + "<body><p>x</p><META CHARSET=\"ISO-8859-1\"><a href=\"caf\xe9\">", "", []string{"a@href café"}},
		{"late http-equiv", long + "<meta http-equiv=Content-Type content=\"text/html; charset=windows-1252\"><a href=\"caf\xe9\">", "", []string{"a@href café"}},
		{"late meta after a windows-1252 guess", "<p>\xe9</p>" + long + "<meta charset=iso-8859-2><a href=\"\xb1\">", "", []string{"a@href ą"}},
		{"late meta utf-8 after a windows-1252 guess", "<p>\xe9</p>" + long + "<meta charset=utf-8><a href=\"caf\xc3\xa9\">", "", []string{"a@href café"}},
		{"only the first late meta counts", long + "<meta charset=windows-1252><meta charset=shift_jis><a href=\"caf\xe9\">", "", []string{"a@href café"}},
		{"unknown late label decides nothing", long + "<meta charset=x-bogus><meta charset=windows-1252><a href=\"caf\xe9\">", "", []string{"a@href café"}},
		{"late iso-2022-jp ignored", long + "<meta charset=iso-2022-jp><a href=\"caf\xc3\xa9\">", "", []string{"a@href café"}},
		{"late meta text and links", long + "<meta charset=windows-1252><p>see http://x.example/caf\xe9 <img src=\"\x93q\x94\">", "", []string{"p text http://x.example/café", "img@src “q”"}},
		{"prescan meta is certain", "<meta charset=windows-1252>" + long + "<meta charset=shift_jis><a href=\"caf\xe9\">", "", []string{"a@href café"}},
		{"invalid utf-8 past the prescan is U+FFFD", long + "<a href=\"caf\xe9\">", "", []string{"a@href caf\ufffd"}},
		{"declared is certain", long + "<meta charset=shift_jis><a href=\"caf\xe9\">", "windows-1252", []string{"a@href café"}},
		// After a UTF-8 guess the tokenizer gives back what it read past
		// the meta tag, whatever its values hold, and at the very end.
		{"late meta with a '>' in a value", long + "<meta content=\"a>b\" charset=windows-1252><a href=\"caf\xe9\">", "", []string{"a@href café"}},
		{"late meta at the end", long + "<meta charset=windows-1252>see http://x.example/caf\xe9", "", []string{" text http://x.example/café"}},
		{"late meta, long rest", long + "<meta charset=windows-1252>" + strings.Repeat("<p>caf\xe9</p>", 5000) + "<a href=\"caf\xe9\">", "", []string{"a@href café"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Read(strings.NewReader(tt.in), Options{Charset: tt.declared})
			if err != nil {
				t.Fatalf("Read(%q, %q): %v", tt.in, tt.declared, err)
			}
			check(t, tt.in, doc, tt.want)
			// The same through reads of one byte and of half the buffer:
			// the switch does not depend on how the input arrives.
			for _, r := range []io.Reader{iotest.OneByteReader(strings.NewReader(tt.in)), iotest.HalfReader(strings.NewReader(tt.in))} {
				doc, err := Read(r, Options{Charset: tt.declared})
				if err != nil {
					t.Fatalf("Read(%q, %q): %v", tt.in, tt.declared, err)
				}
				check(t, tt.in, doc, tt.want)
			}
		})
	}
}

// TestEncoding: Document.Encoding names the encoding the document was read
// in, after a late meta changed it.
func TestEncoding(t *testing.T) {
	long := strings.Repeat("<p>ascii</p>\n", 100)
	tests := []struct{ in, declared, want string }{
		{"<a href=x>", "", "utf-8"},
		{"<a href=caf\xe9>", "", "windows-1252"},
		{"<meta charset=latin1>", "", "windows-1252"},
		{"<meta charset=sjis>", "", "shift_jis"},
		{"<p>", "EUC-JP", "euc-jp"},
		{"\xff\xfe<\x00", "", "utf-16le"},
		{"\xef\xbb\xbf<p>", "windows-1252", "utf-8"},
		{long + "<meta charset=windows-1252>", "", "windows-1252"},
		{long + "<meta charset=utf-16le>", "", "utf-8"},
		{long + "<meta charset=x-user-defined>", "", "windows-1252"},
		{"<template>" + long + "<meta charset=windows-1252></template>", "", "utf-8"},
	}
	for _, tt := range tests {
		doc, err := Read(strings.NewReader(tt.in), Options{Charset: tt.declared})
		if err != nil || doc.Encoding != tt.want {
			t.Errorf("Read(%q, %q): Encoding %q, %v; want %q", tt.in, tt.declared, doc.Encoding, err, tt.want)
		}
	}
}

// utf16le encodes s as UTF-16LE (BMP only).
func utf16le(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

// metaCutEach is metaCut as it was first written, stopping at every '<'.
func metaCutEach(buf []byte) int {
	for i := 0; ; i++ {
		k := bytes.IndexByte(buf[i:], '<')
		if k < 0 {
			return len(buf)
		}
		i += k
		rest := buf[i+1:]
		if len(rest) < 4 {
			if asciiEqualFold(rest, "meta"[:len(rest)]) {
				return i
			}
			continue
		}
		if hasPrefixFold(rest, "meta") {
			if j := bytes.IndexByte(rest, '>'); j >= 0 {
				return i + 1 + j + 1
			}
			return i
		}
	}
}

// TestMetaCut holds metaCut, which looks for "<m" and "<M", to one that
// stops at every '<': every piece of texts with metas, near misses, and
// starts of one cut by the end.
func TestMetaCut(t *testing.T) {
	for _, s := range []string{
		"", "<", "<m", "<M", "<me", "<mE", "<met", "<meta", "<meta>", "<META charset=x>", "<Meta",
		"a<b>c<mark>d</m><MAIN><meta charset=utf-8><p>", "<mm<meta>", "<M<m<Meta x='>'>y",
		"<p><mark>x</mark><main>y</main><MaTa><meta http-equiv=x content=y>z<meta>",
		"<mark><Mark><MARK><metal><metA", "x<<m<<M<", "<math><mo><mi>x</mi></mo></math><meta",
	} {
		b := []byte(s)
		for i := 0; i <= len(b); i++ {
			for j := i; j <= len(b); j++ {
				if got, want := metaCut(b[i:j]), metaCutEach(b[i:j]); got != want {
					t.Fatalf("metaCut(%q) = %d, want %d", b[i:j], got, want)
				}
			}
		}
	}
}

// TestLateMetaReadError: a read error after a late meta changed the
// encoding ends the read with it, the links before it found.
func TestLateMetaReadError(t *testing.T) {
	boom := errors.New("boom")
	in := strings.Repeat("<p>ascii</p>\n", 100) + "<meta charset=windows-1252><a href=\"caf\xe9\"><p>"
	for _, r := range []io.Reader{
		io.MultiReader(strings.NewReader(in), iotest.ErrReader(boom)),
		io.MultiReader(iotest.OneByteReader(strings.NewReader(in)), iotest.ErrReader(boom)),
	} {
		doc, err := Read(r, Options{})
		if !errors.Is(err, boom) {
			t.Errorf("Read: error %v, want %v", err, boom)
		}
		check(t, in, doc, []string{"a@href café"})
	}
}
