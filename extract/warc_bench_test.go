package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// benchPages returns n HTML pages of about 4 KiB with 20 links each.
func benchPages(n int) []string {
	pages := make([]string, n)
	for i := range pages {
		var b strings.Builder
		fmt.Fprintf(&b, "<!DOCTYPE html><html><head><title>Page %d</title></head><body>\n", i)
		for k := range 20 {
			fmt.Fprintf(&b, "<p>Some text about item %d of page %d, and a <a href=\"/item/%d/%d\">link</a> to it; see also https://ex.com/t/%d in prose.</p>\n", k, i, i, k, k)
			b.WriteString("<p>" + strings.Repeat("filler words ", 6) + "</p>\n")
		}
		b.WriteString("</body></html>\n")
		pages[i] = b.String()
	}
	return pages
}

func benchExtract(b *testing.B, x *Extractor, name string, data []byte) int {
	n := 0
	if err := x.Reader(bytes.NewReader(data), name, "http://ex.com/", func(*Hit) error { n++; return nil }, nil); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkWARC reads 200 pages as response records of a WARC, plain and
// gzip member per record; BenchmarkWARCPagesAsHTML reads the same pages
// as HTML contents, for comparison (MB/s of the input as stored).
func BenchmarkWARC(b *testing.B) {
	pages := benchPages(200)
	var plain, members bytes.Buffer
	for i, p := range pages {
		r := response(fmt.Sprintf("http://ex.com/p/%d", i), "200 OK", p, "Content-Type: text/html; charset=utf-8")
		plain.WriteString(r)
		members.Write(gz(r))
	}
	x := mustNewB(b, Options{Type: WARC})
	for _, in := range []struct {
		name string
		data []byte
	}{{"plain", plain.Bytes()}, {"gzip", members.Bytes()}} {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			for b.Loop() {
				if n := benchExtract(b, x, "-", in.data); n != 200*40 {
					b.Fatalf("%d hits", n)
				}
			}
		})
	}
}

func BenchmarkWARCPagesAsHTML(b *testing.B) {
	pages := benchPages(200)
	total := 0
	data := make([][]byte, len(pages))
	for i, p := range pages {
		data[i] = []byte(p)
		total += len(p)
	}
	x := mustNewB(b, Options{Type: HTML})
	b.SetBytes(int64(total))
	for b.Loop() {
		n := 0
		for _, d := range data {
			n += benchExtract(b, x, "-", d)
		}
		if n != 200*40 {
			b.Fatalf("%d hits", n)
		}
	}
}

func mustNewB(b *testing.B, o Options) *Extractor {
	x, err := New(o)
	if err != nil {
		b.Fatal(err)
	}
	return x
}
