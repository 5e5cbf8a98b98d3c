package htmlbase

import (
	"strings"
	"testing"
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
		{"meta past 1024 bytes ignored", long + "<meta charset=shift_jis><a href=\"caf\xc3\xa9\">", "", []string{"a@href café"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Read(strings.NewReader(tt.in), Options{Charset: tt.declared})
			if err != nil {
				t.Fatalf("Read(%q, %q): %v", tt.in, tt.declared, err)
			}
			check(t, tt.in, doc, tt.want)
		})
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
