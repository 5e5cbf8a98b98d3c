package mail_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// Read a message: a header field that carries URIs, a quoted-printable body (doc/spec.md §4).
func Example() {
	s := &readertest.Sink{File: "msg.eml", Formats: []*reader.Format{text.Format}} // parts go to the table
	c := &reader.Content{R: strings.NewReader("From: a@example.com\r\nList-Archive: <https://lists.example.org/archive/>\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nSee http://www.example.com/a=3Db=\r\n/c for more.\r\n"), Name: "msg.eml", Base: "https://example.com/docs/"}
	if err := mail.Message.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Line, h.Kind, h.URI)
	}
	// Output:
	// 2 header https://lists.example.org/archive/
	// 5 space http://www.example.com/a=b/c
}
