package json

import (
	"bytes"
	"slices"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

var fuzzFormats = []*reader.Format{html.Format, Format, text.Format}

// FuzzJSON: every hit lies in the input, its line and column are those
// of its offset, and its raw text is the input's there (but for a base64
// body's, pinned to the body's string); one-byte reads give what whole
// reads give, and so does a read that gives every string to the text
// rules (readEvery) with the scan of eight bytes at a time (no strSIMD).
func FuzzJSON(f *testing.F) {
	for _, seed := range []string{
		`{"url":"https:\/\/har.example\/api?a=1\u0026b=2"}`,
		`["\ud83d\ude00 http://ex.org/\u00e9 <http://a.example/\n> \"http://q.example/\""]`,
		"{\"@context\": [\"https://w3.example/ns\", {\"@base\": \"http://b.example/\"}], \"@id\": \"x\"}\n{\"@id\": \"_:b\"}",
		`{"log": {"entries": [{"request": {"url": "http://h.example/p"}, "response": {"status": 301, "redirectURL": "q",
		 "headers": [{"name": "Link", "value": "<a>; rel=x, <b>"}, {"name": "Location", "value": "/l"}],
		 "content": {"mimeType": "text/html", "text": "<a href=\"x\">y<\/a>\nhttp://t.example/"}}},
		 {"response": {"content": {"text": "aHR0cDovL2I2NC5leGFtcGxlLw==", "encoding": "base64"}}, "request": {"url": "http://h.example/2"}}]}}`,
		"[\"http://unterminated.example/",
		`{"at": "2020-01-01T10:00:00Z", "n": "Note: see <h323:1@x.example>", "t": "10:30 <URL:a1:2>"}`,
		"]]{{\"a\":\"http://x.example/\\",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h1, w1 := readertest.ReadBytes(Format, fuzzFormats, data, true)
		h2, w2 := readertest.ReadBytes(Format, fuzzFormats, data, false)
		if !slices.Equal(h1, h2) || !slices.Equal(w1, w2) {
			t.Fatalf("whole and one-byte reads differ:\n%v %q\n%v %q", h1, w1, h2, w2)
		}
		simd := strSIMD
		readEvery, strSIMD = true, false
		h3, w3 := readertest.ReadBytes(Format, fuzzFormats, data, true)
		readEvery, strSIMD = false, simd
		if !slices.Equal(h1, h3) || !slices.Equal(w1, w3) {
			t.Fatalf("a read of every string differs:\n%v %q\n%v %q", h1, w1, h3, w3)
		}
		for _, h := range h1 {
			if h.Offset < 0 || h.Offset > h.End || h.End > int64(len(data)) {
				t.Fatalf("hit %q at [%d,%d) outside the input of %d bytes", h.URI, h.Offset, h.End, len(data))
			}
			line := 1 + bytes.Count(data[:h.Offset], []byte("\n"))
			col := int(h.Offset) - bytes.LastIndexByte(data[:h.Offset], '\n')
			if h.Line != line || h.Col != col {
				t.Fatalf("hit %q at offset %d: %d:%d, the offset is at %d:%d", h.URI, h.Offset, h.Line, h.Col, line, col)
			}
			if h.Offset < h.End && h.Kind != "html-attr" && h.Kind != "html-text" && string(data[h.Offset:h.End]) != h.Raw {
				t.Fatalf("hit %q: raw %q, the input has %q", h.URI, h.Raw, data[h.Offset:h.End])
			}
		}
	})
}
