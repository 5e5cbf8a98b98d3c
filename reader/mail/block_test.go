package mail_test

import (
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// TestBodyBlocksSameAsLines: a body read from a file, whose buffered lines
// are copied a block at a time, gives the hits and positions it gives read
// one byte at a time, line by line; and every hit's offsets point at its
// text in the file. The mbox mixes what ends a block: delimiter lines and
// lines that only look like one, "From " separators, ">From " quoting
// (whose '>' is dropped and moves positions), CRLF lines and long lines.
func TestBodyBlocksSameAsLines(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var b strings.Builder
	for m := range 12 {
		fmt.Fprintf(&b, "From a@example.com Sat Nov 28 07:00:00 2026\nSubject: %d\n", m)
		multipart := m%2 == 0
		if multipart {
			b.WriteString("Content-Type: multipart/mixed; boundary=\"bb\"\n\n--bb\n\n")
		} else {
			b.WriteString("\n")
		}
		for l := range 200 {
			switch rng.Intn(12) {
			case 3:
				if l == 100 && m%4 == 1 { // longer than the read buffer
					b.WriteString(strings.Repeat("word ", 14000) + "http://long.example/" + fmt.Sprint(l) + "\n")
				}
			case 0:
				b.WriteString("-- not a delimiter http://dash.example/" + fmt.Sprint(l) + "\n")
			case 1:
				b.WriteString(">From the list: http://quoted.example/" + fmt.Sprint(l) + "\n")
			case 2:
				b.WriteString("Fine print http://f.example/" + fmt.Sprint(l) + "\r\n")
			case 4:
				if multipart { // a part whose body is quoted-printable
					fmt.Fprintf(&b, "--bb\nContent-Transfer-Encoding: quoted-printable\n\nhttp://qp.example/m%d=3Dl%d\n", m, l)
				}
			default:
				fmt.Fprintf(&b, "line %d of message %d: see http://m%d.example/l%d.\n", l, m, m, l)
			}
		}
		if multipart {
			b.WriteString("--bb--\n")
		}
	}
	data := []byte(b.String())
	formats := []*reader.Format{text.Format}
	whole, _ := readertest.ReadBytes(mail.Mbox, formats, data, true)
	lines, _ := readertest.ReadBytes(mail.Mbox, formats, data, false)
	if len(whole) < 1500 || len(whole) != len(lines) {
		t.Fatalf("%d hits read whole, %d read a byte at a time", len(whole), len(lines))
	}
	qp := 0
	for i, h := range whole {
		l := lines[i]
		if h.URI != l.URI || h.Message != l.Message || h.Part != l.Part || h.Line != l.Line || h.Col != l.Col || h.Offset != l.Offset || h.End != l.End {
			t.Fatalf("hit %d: %s at %d:%d [%d,%d) read whole, %s at %d:%d [%d,%d) a byte at a time", i, h.URI, h.Line, h.Col, h.Offset, h.End, l.URI, l.Line, l.Col, l.Offset, l.End)
		}
		if strings.HasPrefix(h.URI, "http://qp.example/") {
			if want := fmt.Sprintf("http://qp.example/m%d=l", h.Message-1); !strings.HasPrefix(h.URI, want) || h.Part == "" {
				t.Fatalf("hit %d: %s in message %d part %q, want %s... in a part of its own, decoded", i, h.URI, h.Message, h.Part, want)
			}
			qp++
			continue
		}
		if m := fmt.Sprintf("http://m%d.example/", h.Message-1); strings.HasPrefix(h.URI, "http://m") && !strings.HasPrefix(h.URI, m) {
			t.Fatalf("hit %d: %s in message %d", i, h.URI, h.Message)
		}
		if got := string(data[h.Offset:h.End]); got != h.Raw {
			t.Fatalf("hit %d: %q at [%d,%d) of the file, Raw %q", i, got, h.Offset, h.End, h.Raw)
		}
		if lineStart := strings.LastIndexByte(string(data[:h.Offset]), '\n') + 1; int64(h.Col) != h.Offset-int64(lineStart)+1 {
			t.Fatalf("hit %d: column %d, its offset says %d", i, h.Col, h.Offset-int64(lineStart)+1)
		}
	}
	if qp < 50 {
		t.Errorf("%d quoted-printable parts read, want many", qp)
	}
}

// TestBodyBlocksUnquoteFrom: a ">From " line among plain lines that are
// copied a block at a time still loses its quoting '>' in the text read
// (the line a hit's Context shows), and its hit stays where it is stored.
func TestBodyBlocksUnquoteFrom(t *testing.T) {
	in := "From a@example.com Sat Nov 28 07:00:00 2026\nSubject: q\n\n" +
		strings.Repeat("plain line http://plain.example/\n", 50) +
		">From the list: http://quoted.example/\n" +
		strings.Repeat("plain line http://plain.example/\n", 50)
	s := &readertest.Sink{Formats: []*reader.Format{text.Format}, Opts: reader.Options{Context: true, Borrow: true}}
	c := &reader.Content{Name: "f", Base: "file:///x/f", R: strings.NewReader(in), Whole: io.NewSectionReader(strings.NewReader(in), 0, int64(len(in)))}
	if err := mail.Mbox.Read(c, s); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range s.Hits {
		if h.URI != "http://quoted.example/" {
			continue
		}
		found = true
		if !strings.HasPrefix(h.Context, "From the list:") {
			t.Errorf("the quoted line reads %q, want it without its '>'", h.Context)
		}
		if got := in[h.Offset:h.End]; got != h.Raw {
			t.Errorf("hit at [%d,%d) holds %q, Raw %q", h.Offset, h.End, got, h.Raw)
		}
	}
	if !found {
		t.Fatalf("no hit on the quoted line among %d", len(s.Hits))
	}
}
