package delimit

import (
	"encoding/json"
	"testing"
)

func TestHyphenText(t *testing.T) {
	for _, h := range []Hyphen{HyphenKeep, HyphenDrop, HyphenBoth} {
		b, err := h.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Hyphen
		if err := back.UnmarshalText(b); err != nil || back != h {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", b, back, err, h)
		}
		if p, err := ParseHyphen(h.String()); err != nil || p != h {
			t.Errorf("ParseHyphen(%q) = %v, %v", h.String(), p, err)
		}
	}
	if got := []string{HyphenKeep.String(), HyphenDrop.String(), HyphenBoth.String()}; got[0] != "keep" || got[1] != "drop" || got[2] != "both" {
		t.Errorf("String = %q", got)
	}
	_, err := ParseHyphen("Keep")
	if err == nil || err.Error() != `delimit: unknown hyphen policy "Keep" (want keep, drop or both)` {
		t.Errorf("ParseHyphen(Keep) error = %v", err)
	}
	h := HyphenDrop
	if err := h.UnmarshalText([]byte("x")); err == nil || h != HyphenDrop {
		t.Errorf("UnmarshalText(x) = %v, %v: want an error and no change", h, err)
	}
	if _, err := Hyphen(7).MarshalText(); err == nil {
		t.Error("Hyphen(7).MarshalText: no error")
	}
	var o struct{ H Hyphen }
	if err := json.Unmarshal([]byte(`{"H":"both"}`), &o); err != nil || o.H != HyphenBoth {
		t.Errorf("json: %v %v", o.H, err)
	}
}

func TestKindText(t *testing.T) {
	b, err := json.Marshal([]Kind{Space, Angle, Quote, Abbrev, Email})
	if err != nil || string(b) != `["space","angle","quote","abbrev","email"]` {
		t.Errorf("json.Marshal(kinds) = %s, %v", b, err)
	}
}
