package charset

import "testing"

// TestLookup: labels mean what the WHATWG Encoding Standard says, for HTML
// and mail alike.
func TestLookup(t *testing.T) {
	tests := []struct {
		label, name string
		ok, utf8    bool
	}{
		{"UTF-8", "utf-8", true, true},
		{` "utf8" `, "utf-8", true, true},
		{"ISO-8859-1", "windows-1252", true, false}, // WHATWG: latin1 is windows-1252
		{"us-ascii", "windows-1252", true, false},
		{"x-user-defined", "windows-1252", true, false}, // SPEC H5
		{"Shift_JIS", "shift_jis", true, false},
		{"ms932", "shift_jis", true, false},
		{"cp932", "", false, false}, // IANA knows it, the WHATWG standard does not
		{"ISO-2022-JP", "iso-2022-jp", true, false},
		{"KOI8-R", "koi8-r", true, false},
		{"gb2312", "gbk", true, false},
		{"x-no-such", "", false, false},
		{"unknown-8bit", "", false, false},
		{"", "", false, false},
	}
	for _, tt := range tests {
		enc, name, ok := Lookup(tt.label)
		if ok != tt.ok || name != tt.name || ok && (enc == nil) != tt.utf8 {
			t.Errorf("Lookup(%q) = %v, %q, %v; want %q, %v (UTF-8 %v)", tt.label, enc, name, ok, tt.name, tt.ok, tt.utf8)
		}
	}
}

func TestASCIICompatible(t *testing.T) {
	for _, tt := range []struct {
		label string
		want  bool
	}{{"windows-1252", true}, {"shift_jis", true}, {"euc-kr", true}, {"utf-16le", false}} {
		enc, name, _ := Lookup(tt.label)
		if got := ASCIICompatible(name, enc); got != tt.want {
			t.Errorf("ASCIICompatible(%s) = %v, want %v", tt.label, got, tt.want)
		}
	}
}
