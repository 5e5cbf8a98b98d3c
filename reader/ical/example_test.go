package ical_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/ical"
	"github.com/urix/urix/reader/readertest"
)

// Read a calendar: folded lines undone, URI-valued properties and the links in free text.
func Example() {
	s := &readertest.Sink{File: "event.ics", Opts: reader.Options{MaxDecoded: 1 << 20}}
	c := &reader.Content{R: strings.NewReader("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nURL:https://cal.example/event/12345\r\n 67890\r\nDESCRIPTION:Slides at http://slides.example/talk\\\\, see you\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"), Name: "event.ics", Base: "https://example.com/docs/"}
	if err := ical.Format.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 3 ical-uri https://cal.example/event/1234567890
	// 5 space http://slides.example/talk
}
