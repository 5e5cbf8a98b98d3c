// Package ical reads iCalendar (RFC 5545) and vCard (RFC 6350, RFC 2426)
// files (doc/spec.md IC1).
//
// The content lines are unfolded first (mail.Unfold, the stage a
// calendar part of a message goes through), so that a URL folded at 75
// octets is whole; positions are still those of the file as stored, and
// a hit's raw text is the unfolded text. Each content line is then read
// by its property (props.go): the value of a URI-valued property (URL,
// ATTACH, SOURCE, TZURL, CONFERENCE, ORGANIZER, ATTENDEE, PHOTO;VALUE=uri,
// ...) is one reference of kind ical-uri (vcard-uri in a vCard), as are
// the URI-valued parameters ALTREP, DIR and SENT-BY; inline binary values
// (ENCODING=BASE64, VALUE=BINARY) are skipped; a vCard 2.1 value in
// quoted-printable is gathered over its soft line breaks and decoded
// (qp.go); every other value is text, its escapes (\n \, \; \\) undone,
// read by the text rules. A URI-valued value without a scheme is text.
package ical

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/mail"
)

// Name is the format's name, as --type gives it.
const Name = "ical"

// Format is the entry of iCalendar and vCard in the format table.
var Format = &reader.Format{
	Name:       Name,
	Extensions: []string{".ics", ".ifb", ".ical", ".icalendar", ".vcf", ".vcard"},
	MediaTypes: []string{"text/calendar", "text/vcard", "text/x-vcard", "text/directory"},
	Sniff:      LooksLikeCalendar,
	Read:       Read,
}

// LooksLikeCalendar reports whether head starts, after white space, with
// BEGIN:VCALENDAR or BEGIN:VCARD (any case) on a line of its own.
func LooksLikeCalendar(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	for _, p := range []string{"BEGIN:VCALENDAR", "BEGIN:VCARD"} {
		if len(head) >= len(p) && bytes.EqualFold(head[:len(p)], []byte(p)) {
			rest := bytes.TrimLeft(head[len(p):], " \t")
			return len(rest) == 0 || rest[0] == '\r' || rest[0] == '\n'
		}
	}
	return false
}

// lineCap is the most of a content line held at once: a longer one is
// read in pieces (its text), cut (a URI, as a hit is) or skipped.
const lineCap = 256 << 10

// overlap is how much of a long value's text is read again with its next
// piece: more than the longest hit (doc/spec.md L4).
const overlap = delimit.MaxHit + 4<<10

type icsReader struct {
	c    *reader.Content // the unfolded content: its Pos maps onto the file
	s    reader.Sink
	opts *reader.Options
	br   *bufio.Reader

	buf     []byte // bytes of the current line from off on
	off     int64  // unfolded offset of buf[0]
	line    int    // unfolded line of buf
	lnStart int64  // its offset
	vcard   bool   // in a vCard (BEGIN:VCARD last)

	p    prop // the current line's property
	mode mode // how the rest of the line is read
	dec  []byte
	hit  reader.Hit

	qp qpValue // a quoted-printable value being gathered (qp.go)
}

// mode is how the value of the line being read is read.
type mode uint8

const (
	modeSkip mode = iota
	modeText
	modeURI
	modeQP // text in quoted-printable, read when its last line is (qp.go)
)

// Read reads an iCalendar or vCard content (doc/spec.md IC1).
func Read(c *reader.Content, s reader.Sink) error {
	ur, pm := mail.Unfold(c.R, c.Pos)
	ic := *c
	ic.R, ic.Pos = ur, pm
	r := &icsReader{c: &ic, s: s, opts: s.Options(), br: bufio.NewReaderSize(ur, 64<<10), line: 1}
	return r.run()
}

func (r *icsReader) run() error {
	start := true // the next piece starts a line
	for {
		b, err := r.br.ReadSlice('\n')
		r.buf = append(r.buf, b...)
		full := err == bufio.ErrBufferFull
		if full && len(r.buf) < lineCap {
			continue
		}
		end := !full // the line (or the input) ends here
		if len(r.buf) > 0 {
			r.piece(start, end)
		}
		start = end
		if err != nil && !full {
			if r.qp.more {
				r.qpFlush() // the input ends after a soft line break
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if e := r.s.Err(); e != nil {
			return e
		}
	}
}

// piece reads r.buf, the start of a line (start) or more of it, to its
// end (end) or not.
func (r *icsReader) piece(start, end bool) {
	switch {
	case start && r.qp.more:
		r.qpLine() // a quoted-printable value goes on
	case start:
		r.mode = r.begin()
		if !end && r.mode == modeURI {
			r.warn(errors.New("a content line over 256 KiB: its URI is cut"))
		}
	}
	content := r.buf
	if end {
		content = bytes.TrimSuffix(bytes.TrimSuffix(content, []byte("\n")), []byte("\r"))
	}
	consumed := len(r.buf)
	switch r.mode {
	case modeURI:
		r.uri(content, !end)
		r.mode = modeSkip
	case modeText:
		k := r.text(content, end)
		if !end {
			consumed = k
		}
	case modeQP:
		r.qpPiece(end)
	}
	r.off += int64(consumed)
	if end {
		if bytes.HasSuffix(r.buf, []byte("\n")) {
			r.line++
			r.lnStart = r.off
		}
		r.buf = r.buf[:0]
		return
	}
	r.buf = r.buf[:copy(r.buf, r.buf[consumed:])]
}

func (r *icsReader) warn(err error) {
	where := r.c.At.String()
	if where != "" {
		where += ", "
	}
	r.s.Warn(where+"line "+itoa(r.line), err)
}

// cursor returns the place of r.buf[i]: unfolded line, column, offset.
func (r *icsReader) span(i, j int) reader.Span {
	a, b := r.off+int64(i), r.off+int64(j)
	return reader.Span{Line: r.line, Col: int(a-r.lnStart) + 1, EndLine: r.line, EndCol: int(b-r.lnStart) + 1, Start: a, End: b}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(b[i:])
		}
	}
}
