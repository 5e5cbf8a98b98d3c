package archive_test

import (
	"archive/zip"
	"bytes"
	"fmt"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// Read a zip: every member goes back through the table, and a member's
// relative links resolve against its place in the archive.
func Example() {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create("site/docs/index.html")
	w.Write([]byte(`<a href="../about.html">about</a>`))
	w, _ = zw.Create("notes.txt")
	w.Write([]byte("mirror at https://mirror.example/\n"))
	zw.Close()

	s := &readertest.Sink{File: "site.zip", Formats: []*reader.Format{html.Format, text.Format}}
	c := &reader.Content{R: bytes.NewReader(b.Bytes()), Name: "site.zip", Base: "https://example.com/site.zip"}
	if err := archive.ZipFormat.Read(c, s); err != nil {
		panic(err)
	}
	for _, h := range s.Hits {
		fmt.Println(h.Member, h.URI)
	}
	// Output:
	// site/docs/index.html jar:https://example.com/site.zip!/site/about.html
	// notes.txt https://mirror.example/
}
