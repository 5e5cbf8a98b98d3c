package html

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/xml"
	"github.com/urix/urix/resolve"
)

// TestLargeFileWithoutBaseStreams: a regular file of aheadMin bytes or
// more in which no "<base" occurs has its links reported as they are read,
// not held to its end (H2: no base can come); one with a <base> at its end
// still has it applied to every link, and a stream, which cannot be read
// ahead, still holds its links.
func TestLargeFileWithoutBaseStreams(t *testing.T) {
	links := strings.Repeat(`<p><a href="rel/x">x</a> filler filler filler filler filler filler</p>`+"\n", aheadMin/50)
	for _, tc := range []struct {
		name, doc string
		file      bool
		streams   bool
		want      string // the last hit's URI
	}{
		{"file, no base", links, true, true, "http://h.example/d/rel/x"},
		{"file, base at the end", links + `<base href="http://b.example/">`, true, false, "http://b.example/rel/x"},
		{"stream, no base", links, false, false, "http://h.example/d/rel/x"},
		{"small file, no base", links[:aheadMin/4], true, false, "http://h.example/d/rel/x"},
		// In UTF-16 the byte scan cannot see "<base": the file holds.
		{"UTF-16 file, base at the end", utf16LE(links + `<base href="http://b.example/">`), true, false, "http://b.example/rel/x"},
		// Past MaxHeld links the file is read again for its base.
		{"UTF-16 file, MaxHeld links, base at the end", utf16LE(strings.Repeat(`<a href="rel/x">x</a>`+"\n", MaxHeld+10) + `<base href="http://b.example/">`), true, false, "http://b.example/rel/x"},
	} {
		cr := &limit.Counter{R: strings.NewReader(tc.doc)}
		first := int64(-1) // bytes read at the first hit
		s := &readertest.Sink{File: "doc.html", Opts: reader.Options{MaxToken: 1 << 20}, OnHit: func(reader.Hit) {
			if first < 0 {
				first = cr.N
			}
		}}
		c := &reader.Content{R: cr, Name: "doc.html", Base: "http://h.example/d/"}
		if tc.file {
			c.Whole = io.NewSectionReader(bytes.NewReader([]byte(tc.doc)), 0, int64(len(tc.doc)))
		}
		if err := Read(c, s); err != nil {
			t.Fatal(err)
		}
		n := strings.Count(tc.doc, "<a ")
		if n == 0 {
			n = strings.Count(strings.ReplaceAll(tc.doc, "\x00", ""), "<a ") // UTF-16
		}
		if len(s.Hits) != n || s.Hits[len(s.Hits)-1].URI != tc.want || len(s.Warnings) > 0 {
			t.Fatalf("%s: %d hits, the last %+v, warnings %q", tc.name, len(s.Hits), s.Hits[len(s.Hits)-1], s.Warnings)
		}
		if streamed := first < int64(len(tc.doc))/2; streamed != tc.streams {
			t.Errorf("%s: first hit after %d of %d bytes read; streamed %v, want %v", tc.name, first, len(tc.doc), streamed, tc.streams)
		}
	}
}

// utf16LE is s in UTF-16LE with a byte order mark (s is ASCII).
func utf16LE(s string) string {
	b := []byte{0xff, 0xfe}
	for i := 0; i < len(s); i++ {
		b = append(b, s[i], 0)
	}
	return string(b)
}

// TestBaseQueryInDocumentEncoding: in WHATWG mode a <base href> is parsed
// in the document's encoding, as a browser parses it (R2, H2): é in its
// query is the windows-1252 byte %E9, not UTF-8's %C3%A9, and a link that
// keeps the base's query keeps that byte.
func TestBaseQueryInDocumentEncoding(t *testing.T) {
	doc := "<meta charset=windows-1252><base href=\"?q=\xe9\"><a href=\"#x\">x</a>"
	for _, tc := range []struct {
		mode resolve.Mode
		want string
	}{
		{resolve.WHATWG, "http://h.example/d/?q=%E9#x"},
		{resolve.RFC3986, "http://h.example/d/?q=é#x"}, // an IRI, kept as written (R4)
	} {
		s := &readertest.Sink{File: "doc.html", Opts: reader.Options{MaxToken: 1 << 20, Resolve: resolve.Options{Mode: tc.mode}}}
		c := &reader.Content{R: strings.NewReader(doc), Name: "doc.html", Base: "http://h.example/d/"}
		if err := Read(c, s); err != nil {
			t.Fatal(err)
		}
		if len(s.Hits) != 1 || s.Hits[0].URI != tc.want {
			t.Errorf("mode %v: hits %v, want one %s", tc.mode, s.Hits, tc.want)
		}
	}
}

// TestSniffFastPath: looksLikeHTML, which answers at once for an input
// that does not start with '<' after white space, says what the full
// test (DetectContentType's signatures, then htmlTags) says, on the
// edge cases of white space and on every file of the repository's
// testdata.
func TestSniffFastPath(t *testing.T) {
	full := func(b []byte) bool {
		return !xml.LooksLikeXML(b) && (strings.HasPrefix(http.DetectContentType(b), "text/html") || startsWithHTMLTag(b))
	}
	inputs := [][]byte{nil, []byte(""), []byte(" "), []byte("<"), []byte(" \t\r\n\f<html>"), []byte("\v<html>"),
		[]byte("\xef\xbb\xbf<html>"), []byte("<!-- x -->"), []byte("  <p>a"), []byte("text <html>"), []byte("<?xml version='1.0'?><html/>"),
		[]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), []byte("\n\n<UL>"), []byte("x")}
	filepath.WalkDir("../../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, err := os.ReadFile(p); err == nil {
				inputs = append(inputs, b[:min(len(b), 8<<10)])
			}
		}
		return nil
	})
	for _, b := range inputs {
		if got, want := looksLikeHTML(b), full(b); got != want {
			t.Errorf("looksLikeHTML(%.40q) = %v, the full test says %v", b, got, want)
		}
	}
	if len(inputs) < 100 {
		t.Errorf("only %d inputs", len(inputs))
	}
}
