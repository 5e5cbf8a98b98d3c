package delimit

import "testing"

func TestHyphenText(t *testing.T) {
	for _, h := range []Hyphen{HyphenKeep, HyphenDrop, HyphenBoth} {
		var got Hyphen
		b, _ := h.MarshalText()
		if err := got.UnmarshalText(b); err != nil || got != h {
			t.Errorf("round trip of %v: %v, %v", h, got, err)
		}
	}
	if _, err := ParseHyphen("maybe"); err == nil {
		t.Error("ParseHyphen(maybe): no error")
	}
}
