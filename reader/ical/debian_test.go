package ical

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// debianWant is what each file of testdata/debian (calendars and cards
// shipped in Debian packages, testdata/debian/SOURCES) holds, as
// "LINE:COL KIND ATTR URI". Every line was judged by reading the file:
// each content line was unfolded by hand, its property looked up in RFC
// 5545 or RFC 6350 (a URI-valued property with a scheme is one hit; a
// text value's URLs end at an escape such as \n), and the position taken
// as where the value's first byte is in the file, on a continuation
// line where the fold comes before it. The URI-valued properties and
// parameters are also those python3-icalendar and python3-vobject list
// (bench/ical_oracle.sh, testdata/debian/oracle.txt).
var debianWant = map[string][]string{
	// An event of evolution-data-server's tests whose ATTACH is a
	// placeholder ($EVENT1URI$) the test fills in: no URI, and no
	// reference against the file either.
	"eds-event-7.ics": nil,
	// ORGANIZER and two ATTENDEEs folded before their mailto value.
	"eds-event-9.ics": {
		"7:20 ical-uri ORGANIZER mailto:alice@no.where",
		"9:31 ical-uri ATTENDEE mailto:bob@no.where",
		"11:35 ical-uri ATTENDEE mailto:charlie@no.where",
	},
	// A vCard 3 PHOTO in base64 over 50 folded lines: nothing.
	"eds-photo-1.vcf": nil,
	// EMAIL is text (no scheme); X-MOZILLA-HTML:TRUE.
	"eds-simple-1.vcf": nil,
	// RFC 5545 §4's group meeting: the ATTENDEE's value starts on the
	// continuation line.
	"golang-ical-input2.ics": {
		"22:11 ical-uri ORGANIZER mailto:mrbig@example.com",
		"24:2 ical-uri ATTENDEE mailto:employee-A@example.com",
	},
	// RFC 5545 §4's to-do: an ATTACH folded inside its URL ("audio-" /
	// "files/ssbanner.aud").
	"golang-ical-input3.ics": {
		"8:11 ical-uri ORGANIZER mailto:unclesam@example.com",
		"9:28 ical-uri ATTENDEE mailto:jqpublic@example.com",
		"16:28 ical-uri ATTACH http://example.com/pub/audio-files/ssbanner.aud",
	},
	// RFC 5545 §4's free/busy: URL, and no newline at the end.
	"golang-ical-input6.ics": {
		"5:11 ical-uri ORGANIZER mailto:jsmith@example.com",
		"11:5 ical-uri URL http://www.example.com/calendar/busytime/jsmith.ifb",
	},
	// A Google Calendar export: lines never folded, an escaped "\," and
	// "\;" in a quoted parameter, X-GOOGLE-CONFERENCE read as text, and
	// a DESCRIPTION whose first URL ends at the escape "\n".
	"golang-ical-issue52.ics": {
		"30:51 ical-uri ORGANIZER mailto:xxxx.xxxxxxxxxxxxxxx@xxxxxxxxxxxx.de",
		"32:122 ical-uri ATTENDEE mailto:xxxx.xxxxxxxxxxxxxxx@xxxxxxxxxxxx.de",
		"33:110 ical-uri ATTENDEE mailto:xxxxxxxx@xxxxxxxxxxxx.de",
		"34:183 ical-uri ATTENDEE mailto:xxxxxx.xxxxxxxxxx@xxxxxxxxxxx.com",
		"35:21 space X-GOOGLE-CONFERENCE https://meet.google.com/xxx-xxxx-xxx",
		"37:67 space DESCRIPTION https://meet.google.com/xxx-xxxx-xxx",
		"37:178 space DESCRIPTION https://tel.meet/xxx-xxxx-xxx?pin=xxxxxxxxxxxxx&hs=x",
	},
	// A Meetup export: X-ORIGINAL-URL as text, TZURL, URL, and folded
	// DESCRIPTIONs, one folded after the "h" of "http" (line 68).
	"icalendar-issue53.ics": {
		"6:16 space X-ORIGINAL-URL http://www.meetup.com/DevOpsDC/events/ical/DevOpsDC/",
		"10:7 ical-uri TZURL http://tzurl.org/zoneinfo-outlook/America/New_York",
		"36:7 space DESCRIPTION http://www.meetup.com/DevOpsDC/events/47635522/",
		"42:5 ical-uri URL http://www.meetup.com/DevOpsDC/events/47635522/",
		"53:2 space DESCRIPTION http://www.meetup.com/DevOpsDC/events/47635532/",
		"58:5 ical-uri URL http://www.meetup.com/DevOpsDC/events/47635532/",
		"68:73 space DESCRIPTION http://www.meetup.com/DevOpsDC/events/47635552/",
		"74:5 ical-uri URL http://www.meetup.com/DevOpsDC/events/47635552/",
	},
	// Tie::iCal's demo, written by Mozilla Calendar with every line folded
	// after its name ("URL" / " :http://myurl.com"); MEMBER=AlarmEmailAddress
	// and the ATTENDEEs without "mailto:" (conf_Big@example.com) have no
	// scheme: text, and no hit.
	"tie-ical-demo.ics": {
		"16:3 ical-uri URL http://myurl.com",
		"1139:11 ical-uri ORGANIZER Mailto:B@example.com",
		"1140:48 ical-uri ATTENDEE Mailto:A@example.com",
		"1141:43 ical-uri ATTENDEE Mailto:B@example.com",
		"1142:43 ical-uri ATTENDEE Mailto:C@example.com",
		"1143:45 ical-uri ATTENDEE Mailto:D@example.com",
		"1146:42 ical-uri ATTENDEE Mailto:E@example.com",
	},
}

// TestDebianFiles reads the calendars and cards of testdata/debian: each
// gives the hits judged in debianWant, with positions and raw text that
// are the file's (checkHits), the same when read a byte at a time.
func TestDebianFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/debian/*.[iv][cf][sf]")
	if len(files) != len(debianWant) {
		t.Errorf("testdata/debian has %d files, debianWant %d", len(files), len(debianWant))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		read := func(c *reader.Content) *readertest.Sink {
			s := &readertest.Sink{}
			c.Name, c.Base = file, "file:///d/"+filepath.Base(file)
			if err := Read(c, s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		s := read(&reader.Content{R: bytes.NewReader(data)})
		checkHits(t, data, s.Hits)
		if one := read(&reader.Content{R: iotest.OneByteReader(bytes.NewReader(data))}); !slices.Equal(s.Hits, one.Hits) {
			t.Errorf("%s: one byte at a time:\n%v\nwhole:\n%v", file, one.Hits, s.Hits)
		}
		var got []string
		for _, h := range s.Hits {
			got = append(got, fmt.Sprintf("%d:%d %s %s %s", h.Line, h.Col, h.Kind, h.Attr, h.URI))
		}
		if want := debianWant[filepath.Base(file)]; !slices.Equal(got, want) || len(s.Warnings) > 0 {
			t.Errorf("%s: got\n%s\nwarnings %q\nwant\n%s", file, strings.Join(got, "\n"), s.Warnings, strings.Join(want, "\n"))
		}
	}
}

// TestDebianOracle holds urix to what python3-icalendar and
// python3-vobject read in testdata/debian (testdata/debian/oracle.txt,
// written by bench/ical_oracle.sh --record, which needs those Debian
// packages): per file and parser, the URI-valued properties and
// parameters with a scheme, and the URIs of the text values as the
// parser unescaped them, as "ATTR URI", the same set as urix's hits.
func TestDebianOracle(t *testing.T) {
	record, err := os.ReadFile("testdata/debian/oracle.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{} // "parser file": "ATTR URI"s
	for _, l := range strings.Split(string(record), "\n") {
		f := strings.SplitN(l, " ", 3)
		if l == "" || strings.HasPrefix(l, "#") || len(f) < 2 {
			continue
		}
		k := f[0] + " " + f[1]
		if len(f) == 3 {
			want[k] = append(want[k], f[2])
		} else {
			want[k] = want[k][:0:0]
		}
	}
	if len(want) != 18 { // icalendar for the 8 .ics, vobject for all 10
		t.Errorf("%d parser and file pairs in the record, want 18", len(want))
	}
	for k, w := range want {
		_, file, _ := strings.Cut(k, " ")
		data, err := os.ReadFile(filepath.Join("testdata/debian", file))
		if err != nil {
			t.Fatal(err)
		}
		s := &readertest.Sink{}
		if err := Read(&reader.Content{R: bytes.NewReader(data), Name: file}, s); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range s.Hits {
			got = append(got, h.Attr+" "+h.URI)
		}
		slices.Sort(got)
		if got = slices.Compact(got); !slices.Equal(got, w) {
			t.Errorf("%s:\nurix  %q\nparser %q", k, got, w)
		}
	}
}
