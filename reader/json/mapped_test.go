package json

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/internal/mapfile"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// TestMappedAsStreamed: a large JSON file is read mapped into memory,
// window by window (mapfile.Of), with the hits of the same bytes read as
// a stream, at the same places: strings, escapes and line breaks across
// the windows' ends, and a last window that ends 0 to 65 bytes short of
// the marking's slack (read from a copy). Every byte is counted as read.
func TestMappedAsStreamed(t *testing.T) {
	long := `{"bio": "` + strings.Repeat(`see http:\/\/long.example\/a\u003ab and \"q\" http://x.example/\n`, 4000) + `"}` + "\n"
	body := append(apiDump(mapfile.Min), long...)
	for _, pad := range []int{0, 1, 63, 64, 65, bufSize - 1} {
		size := (len(body)/bufSize+2)*bufSize - pad
		doc := append(bytes.Clone(body), bytes.Repeat([]byte(" "), size-len(body)-len(" \"http://end.example/\"\n"))...)
		doc = append(doc, " \"http://end.example/\"\n"...)
		name := filepath.Join(t.TempDir(), "big.json")
		if err := os.WriteFile(name, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var last int64
		calls := 0
		consumed := func(off int64) error { calls, last = calls+1, off; return nil }
		for _, borrow := range []bool{false, true} {
			mapped := &readertest.Sink{Formats: []*reader.Format{html.Format, Format, text.Format}, Opts: reader.Options{Borrow: borrow}}
			whole := io.NewSectionReader(f, 0, int64(len(doc)))
			if err := Read(&reader.Content{R: f, Name: "big.json", Whole: whole, Consumed: consumed}, mapped); err != nil {
				t.Fatal(err)
			}
			streamed := &readertest.Sink{Formats: []*reader.Format{html.Format, Format, text.Format}}
			if err := Read(&reader.Content{R: bytes.NewReader(doc), Name: "big.json"}, streamed); err != nil {
				t.Fatal(err)
			}
			if calls < len(doc)/bufSize || last != int64(len(doc)) {
				t.Fatalf("pad %d: %d calls of Consumed, the last at %d of %d: not read mapped", pad, calls, last, len(doc))
			}
			if len(mapped.Hits) != len(streamed.Hits) || len(mapped.Hits) < 30000 {
				t.Fatalf("pad %d: %d hits mapped, %d streamed", pad, len(mapped.Hits), len(streamed.Hits))
			}
			for i := range mapped.Hits {
				m, s := mapped.Hits[i], streamed.Hits[i]
				if fmt.Sprint(m.URI, m.Raw, m.Kind, m.Offset, m.Line, m.Col) != fmt.Sprint(s.URI, s.Raw, s.Kind, s.Offset, s.Line, s.Col) {
					t.Fatalf("pad %d, hit %d: mapped %q raw %q at %d %d:%d, streamed %q raw %q at %d %d:%d",
						pad, i, m.URI, m.Raw, m.Offset, m.Line, m.Col, s.URI, s.Raw, s.Offset, s.Line, s.Col)
				}
			}
			if end := mapped.Hits[len(mapped.Hits)-1].URI; end != "http://end.example/" {
				t.Fatalf("pad %d: last hit %q", pad, end)
			}
			calls = 0
		}
		f.Close()
	}
}
