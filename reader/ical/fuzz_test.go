package ical

import (
	"os"
	"slices"
	"testing"

	"github.com/urix/urix/reader/readertest"
)

// FuzzICal: every hit lies in the input, its line and column are those of
// its offset and its raw text the input's there, unfolded; one-byte
// reads give what whole reads give.
func FuzzICal(f *testing.F) {
	for _, name := range []string{"testdata/invite.ics", "testdata/cards.vcf", "testdata/mozilla.ics", "testdata/debian/icalendar-issue53.ics", "testdata/debian/tie-ical-demo.ics"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("BEGIN:VCARD\nURL;VALUE=uri:\n http://x.example/\\,y\nNOTE;ALTREP=\"cid:a\":see h\n\tttp://n.example/\\n"))
	f.Add([]byte("BEGIN:VCARD\r\nNOTE;QUOTED-PRINTABLE:a http://q.example/=3D=\r\nb=0D=0Ahttp://r.example/=\r\n c\r\nX;ENCODING=QUOTED-PRINTABLE:=3Chttp://s.example/=3E="))
	f.Fuzz(func(t *testing.T, data []byte) {
		h1, w1 := readertest.ReadBytes(Format, nil, data, true)
		h2, w2 := readertest.ReadBytes(Format, nil, data, false)
		if !slices.Equal(h1, h2) || !slices.Equal(w1, w2) {
			t.Fatalf("whole and one-byte reads differ:\n%v %q\n%v %q", h1, w1, h2, w2)
		}
		checkHits(t, data, h1)
	})
}
