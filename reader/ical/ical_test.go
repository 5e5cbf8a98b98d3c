package ical

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// unfold undoes RFC 5545 §3.1 folding, as a check of the reader's.
func unfold(b []byte) []byte {
	for _, fold := range []string{"\r\n ", "\r\n\t", "\n ", "\n\t"} {
		b = bytes.ReplaceAll(b, []byte(fold), nil)
	}
	return b
}

// checkHits checks that every hit's offsets are in data, its line and
// column those of its offset, and its raw text data's there, unfolded.
func checkHits(t testing.TB, data []byte, hits []reader.Hit) {
	t.Helper()
	starts := []int{0} // of every line
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	for _, h := range hits {
		if h.Offset < 0 || h.Offset > h.End || h.End > int64(len(data)) {
			t.Fatalf("hit %q at [%d,%d) outside the input of %d bytes", h.URI, h.Offset, h.End, len(data))
		}
		line, _ := slices.BinarySearch(starts, int(h.Offset)+1)
		col := int(h.Offset) - starts[line-1] + 1
		if h.Line != line || h.Col != col {
			t.Fatalf("hit %q at offset %d: %d:%d, the offset is at %d:%d", h.URI, h.Offset, h.Line, h.Col, line, col)
		}
		if got := unfold(data[h.Offset:h.End]); string(got) != h.Raw {
			t.Fatalf("hit %q: raw %q, the input has %q", h.URI, h.Raw, got)
		}
	}
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.[iv][cf][sf]")
	if len(files) < 3 {
		t.Fatalf("testdata: %v", files)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := &readertest.Sink{}
		if err := Read(&reader.Content{R: bytes.NewReader(data), Name: file, Base: "file:///d/" + filepath.Base(file)}, s); err != nil {
			t.Fatal(err)
		}
		checkHits(t, data, s.Hits)
		one := &readertest.Sink{}
		Read(&reader.Content{R: iotest.OneByteReader(bytes.NewReader(data)), Name: file, Base: "file:///d/" + filepath.Base(file)}, one)
		if !slices.Equal(s.Hits, one.Hits) {
			t.Errorf("%s: one byte at a time:\n%v\nwhole:\n%v", file, one.Hits, s.Hits)
		}
		var b bytes.Buffer
		for _, h := range s.Hits {
			line, _ := json.Marshal(struct {
				URI, Raw, Kind, Attr string
				Line, Col            int
				Offset, End          int64
			}{h.URI, h.Raw, h.Kind, h.Attr, h.Line, h.Col, h.Offset, h.End})
			b.Write(append(line, '\n'))
		}
		for _, w := range s.Warnings {
			fmt.Fprintf(&b, "warning: %s\n", w)
		}
		golden := strings.TrimSuffix(file, filepath.Ext(file)) + ".golden"
		if *update {
			os.WriteFile(golden, b.Bytes(), 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: got\n%s\nwant\n%s", file, b.Bytes(), want)
		}
	}
}

func TestSniff(t *testing.T) {
	for head, want := range map[string]bool{
		"BEGIN:VCALENDAR\r\nVERSION:2.0": true,
		"\nbegin:vcard\n":                true,
		"BEGIN:VCARD":                    true,
		"BEGIN:VCARDS\n":                 false,
		"From: a@example.com\n":          false,
		"BEGIN:VEVENT\n":                 false,
	} {
		if got := LooksLikeCalendar([]byte(head)); got != want {
			t.Errorf("LooksLikeCalendar(%q) = %v, want %v", head, got, want)
		}
	}
}

// TestLongLine: a folded DESCRIPTION of megabytes is read in pieces, its
// URLs all found once; a URL value of megabytes is cut at the hit cap.
func TestLongLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("BEGIN:VCALENDAR\r\nDESCRIPTION:")
	n, col := 0, 12
	for b.Len() < 3<<20 {
		w := fmt.Sprintf("see http://long.example/%d\\, ", n)
		for _, c := range []byte(w) {
			if col == 75 {
				b.WriteString("\r\n ")
				col = 1
			}
			b.WriteByte(c)
			col++
		}
		n++
	}
	b.WriteString("\r\nURL:http://u.example/" + strings.Repeat("a", 1<<20) + "\r\nURL:http://after.example/\r\nEND:VCALENDAR\r\n")
	data := []byte(b.String())
	s := &readertest.Sink{}
	if err := Read(&reader.Content{R: bytes.NewReader(data)}, s); err != nil {
		t.Fatal(err)
	}
	checkHits(t, data, s.Hits)
	if len(s.Hits) != n+2 {
		t.Fatalf("%d hits, want %d", len(s.Hits), n+2)
	}
	for i := range n {
		if want := fmt.Sprintf("http://long.example/%d", i); s.Hits[i].URI != want {
			t.Fatalf("hit %d: %q, want %q", i, s.Hits[i].URI, want)
		}
	}
	if h := s.Hits[n]; !h.Truncated || len(h.URI) > 64<<10 || s.Hits[n+1].URI != "http://after.example/" {
		t.Errorf("long URL: truncated %v, %d bytes; then %q", h.Truncated, len(h.URI), s.Hits[n+1].URI)
	}
}

// TestScheme: a URI-valued property or parameter is a reference only
// when its value has a scheme (RFC 5545 §3.3.13 and RFC 6350 §4.2 take
// RFC 3986's absolute URI); without one it is text, never a reference
// against the file. The cal-address parameters DELEGATED-FROM,
// DELEGATED-TO and MEMBER are read as SENT-BY is (doc/spec.md IC1).
func TestScheme(t *testing.T) {
	in := "BEGIN:VCALENDAR\r\n" +
		"ATTACH:$EVENT1URI$\r\n" +
		"ATTENDEE;CUTYPE=ROOM:conf_Big@example.com\r\n" +
		"X;MEMBER=AlarmEmailAddress:me@myaddress\r\n" +
		"ATTENDEE;MEMBER=\"mailto:list@example.com\";DELEGATED-FROM=\"mailto:a@example.com\",\"mailto:b@example.com\":mailto:c@example.com\r\n" +
		"ATTENDEE;DELEGATED-TO=\"mailto:d@example.com\":mailto:e@example.com\r\n" +
		"URL;VALUE=URI:www.example.com\r\n" +
		"END:VCALENDAR\r\n" +
		"BEGIN:VCARD\r\n" +
		"URL:http\\://www.example.com/v3\r\n" +
		"URL:www.example.org\r\n" +
		"END:VCARD\r\n"
	s := &readertest.Sink{}
	if err := Read(&reader.Content{R: strings.NewReader(in), Base: "file:///d/x.ics"}, s); err != nil {
		t.Fatal(err)
	}
	checkHits(t, []byte(in), s.Hits)
	var got []string
	for _, h := range s.Hits {
		got = append(got, h.Attr+" "+h.URI)
	}
	want := []string{
		"ATTENDEE;MEMBER mailto:list@example.com",
		"ATTENDEE;DELEGATED-FROM mailto:a@example.com",
		"ATTENDEE;DELEGATED-FROM mailto:b@example.com",
		"ATTENDEE mailto:c@example.com",
		"ATTENDEE;DELEGATED-TO mailto:d@example.com",
		"ATTENDEE mailto:e@example.com",
		"URL http://www.example.com/v3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestQuotedPrintable: a vCard 2.1 value in quoted-printable (ENCODING=
// or the encoding's name alone) is decoded before the text rules, its
// soft line breaks joined: a URL cut by one and written with "=3D" is
// whole, one after "=0D=0A" is found; raw text and positions are the
// file's. A bare BASE64 is binary (doc/spec.md IC1).
func TestQuotedPrintable(t *testing.T) {
	in := "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=utf-8:Doe;John\r\n" +
		"NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:Home page: http://www.example.com/~john/index.html?a=3D1&b=3D=\r\n" +
		"2 and more text=0D=0Ahttp://second.example/caf=C3=A9 end=\r\n" +
		"\r\n" +
		"LABEL;QUOTED-PRINTABLE:=3Chttps://label.example/a=3Db=3E\r\n" +
		"URL;HOME:http://www.example.com/~john\r\n" +
		"PHOTO;BASE64:http://not.example/\r\n" +
		"END:VCARD\r\n" +
		"BEGIN:VCARD\r\nNOTE;QUOTED-PRINTABLE:ends after a soft break http://eof.example/=\r\n"
	read := func(r io.Reader) *readertest.Sink {
		s := &readertest.Sink{}
		if err := Read(&reader.Content{R: r, Base: "file:///d/x.vcf"}, s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := read(strings.NewReader(in))
	checkHits(t, []byte(in), s.Hits)
	if one := read(iotest.OneByteReader(strings.NewReader(in))); !slices.Equal(s.Hits, one.Hits) {
		t.Errorf("one byte at a time:\n%v\nwhole:\n%v", one.Hits, s.Hits)
	}
	var got []string
	for _, h := range s.Hits {
		got = append(got, fmt.Sprintf("%d:%d %s %s %s", h.Line, h.Col, h.Kind, h.Attr, h.URI))
	}
	want := []string{
		"4:57 space NOTE http://www.example.com/~john/index.html?a=1&b=2",
		"5:22 space NOTE http://second.example/café",
		"7:24 angle LABEL https://label.example/a=b",
		"8:10 vcard-uri URL http://www.example.com/~john",
		"12:47 space NOTE http://eof.example/",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestQuotedPrintableLong: a quoted-printable value of megabytes, soft
// line break after soft line break, is read in pieces of at most
// lineCap, every URL of it found once at its place.
func TestQuotedPrintableLong(t *testing.T) {
	var b strings.Builder
	b.WriteString("BEGIN:VCARD\r\nNOTE;ENCODING=QUOTED-PRINTABLE:")
	n := 0
	for ; b.Len() < 3<<20; n++ {
		fmt.Fprintf(&b, "see http://qp.example/%d =\r\n", n)
	}
	b.WriteString("end\r\nURL:http://after.example/\r\nEND:VCARD\r\n")
	data := []byte(b.String())
	s := &readertest.Sink{}
	if err := Read(&reader.Content{R: bytes.NewReader(data)}, s); err != nil {
		t.Fatal(err)
	}
	checkHits(t, data, s.Hits)
	if len(s.Hits) != n+1 || s.Hits[n].URI != "http://after.example/" {
		t.Fatalf("%d hits, want %d", len(s.Hits), n+1)
	}
	for i := range n {
		if want := fmt.Sprintf("http://qp.example/%d", i); s.Hits[i].URI != want || s.Hits[i].Line != i+2 {
			t.Fatalf("hit %d: %q at line %d, want %q at %d", i, s.Hits[i].URI, s.Hits[i].Line, want, i+2)
		}
	}
}
