package extract_test

import (
	"fmt"
	"strings"

	"github.com/urix/urix/extract"
)

// Extract the links of a mail message: a header field, a quoted-printable
// text part and an HTML part whose relative link is resolved against the
// part's Content-Location (Section 5.1.2).
func Example() {
	msg := "From: a@example.com\r\n" +
		"Subject: links\r\n" +
		"List-Archive: <https://lists.example.com/archive/>\r\n" +
		"Content-Type: multipart/alternative; boundary=b\r\n\r\n" +
		"--b\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"See <http://www.example.com/a=3Db> for details.\r\n" +
		"--b\r\nContent-Type: text/html\r\nContent-Location: https://www.example.com/news/\r\n\r\n" +
		"<a href=\"2026/item.html\">item</a>\r\n" +
		"--b--\r\n"
	x, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	err = x.Reader(strings.NewReader(msg), "msg.eml", "", func(h *extract.Hit) error {
		fmt.Printf("%-6s %-2s %-9s %s\n", fmt.Sprintf("%d:%d", h.Line, h.Col), h.Part, h.Kind, h.URI)
		return nil
	}, nil)
	if err != nil {
		panic(err)
	}
	// Output:
	// 3:15      header    https://lists.example.com/archive/
	// 10:5   1  angle     http://www.example.com/a=b
	// 13:19  2  header    https://www.example.com/news/
	// 15:1   2  html-attr https://www.example.com/news/2026/item.html
}
