package tex

import (
	"bytes"
	"encoding/json"
	"flag"
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

var update = flag.Bool("update", false, "rewrite the golden files")

func readFile(t testing.TB, name string, data []byte, one bool) *readertest.Sink {
	t.Helper()
	s := &readertest.Sink{}
	var r = bytes.NewReader(data)
	c := &reader.Content{R: r, Name: name, Base: "file:///d/" + name}
	if one {
		c.R = iotest.OneByteReader(r)
	}
	if err := Read(c, s); err != nil {
		t.Fatal(err)
	}
	starts := []int{0}
	for i, ch := range data {
		if ch == '\n' {
			starts = append(starts, i+1)
		}
	}
	for _, h := range s.Hits {
		if h.Offset < 0 || h.Offset > h.End || h.End > int64(len(data)) || string(data[h.Offset:h.End]) != h.Raw {
			t.Fatalf("hit %q: raw %q at [%d,%d) is not the input's", h.URI, h.Raw, h.Offset, h.End)
		}
		line, _ := slices.BinarySearch(starts, int(h.Offset)+1)
		if col := int(h.Offset) - starts[line-1] + 1; h.Line != line || h.Col != col {
			t.Fatalf("hit %q at offset %d: %d:%d, the offset is at %d:%d", h.URI, h.Offset, h.Line, h.Col, line, col)
		}
	}
	return s
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.[bt][ibe][blx]")
	if len(files) != 3 {
		t.Fatalf("testdata: %v", files)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := readFile(t, filepath.Base(file), data, false)
		if one := readFile(t, filepath.Base(file), data, true); !slices.Equal(s.Hits, one.Hits) {
			t.Errorf("%s: one byte at a time:\n%v", file, one.Hits)
		}
		var b bytes.Buffer
		for _, h := range s.Hits {
			line, _ := json.Marshal(struct {
				URI, Raw, Kind, Attr string
				Line, Col            int
			}{h.URI, h.Raw, h.Kind, h.Attr, h.Line, h.Col})
			b.Write(append(line, '\n'))
		}
		golden := file + ".golden"
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

// TestConstructs: each construct, with a text that fails without its rule.
func TestConstructs(t *testing.T) {
	for _, tc := range []struct{ name, file, doc, want string }{
		{"comment", "a.tex", "% http://c.example/\nx", ""},
		{"escaped percent is no comment", "a.tex", `5\% http://p.example/`, "http://p.example/ space"},
		{"url", "a.tex", `\url{http://u.example/a\_b\#c}`, "http://u.example/a_b#c tex"},
		{"url with percent", "a.tex", `\url{http://u.example/a%20b}`, "http://u.example/a%20b tex"},
		{"href text", "a.tex", `\href{http://h.example/}{see http://t.example/}`, "http://h.example/ tex|http://t.example/ space"},
		{"href same text", "a.tex", `\href{http://h.example/}{http://h.example/}`, "http://h.example/ tex"},
		{"doi", "a.tex", `\doi{10.1000/a_b}`, "https://doi.org/10.1000/a_b tex"},
		{"tilde", "a.tex", `\url{http://t.example/\textasciitilde user}`, "http://t.example/~user tex"},
		{"bib url", "a.bib", "@misc{k, url = {http://b.example/x\\_y}}", "http://b.example/x_y bibtex"},
		{"bib doi", "a.bib", "@misc{k, doi = \"10.1/x\"}", "https://doi.org/10.1/x bibtex"},
		{"bib eprint", "a.bib", "@misc{k, eprint = {2101.00001}, archivePrefix = {arXiv}}", "https://arxiv.org/abs/2101.00001 bibtex"},
		{"bib eprint not arXiv", "a.bib", "@misc{k, eprint = {2101.00001}}", ""},
		{"bib percent in a field", "a.bib", "@misc{k, note = {100% of http://n.example/}}", "http://n.example/ space"},
		{"not bib in tex", "a.tex", "@misc{k, doi = {10.1/x}}", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := readFile(t, tc.file, []byte(tc.doc), false)
			var got []string
			for _, h := range s.Hits {
				got = append(got, h.URI+" "+h.Kind)
			}
			if g := strings.Join(got, "|"); g != tc.want {
				t.Errorf("%q: got %q, want %q", tc.doc, g, tc.want)
			}
		})
	}
}

// TestLong: a source of megabytes, with a comment and an \url longer than
// the window, read in windows: every URL once, at its place.
func TestLong(t *testing.T) {
	var b strings.Builder
	n := 0
	for b.Len() < 3<<20 {
		fmt.Fprintf(&b, "Text \\url{http://w.example/%d} %% http://c.example/%d\nand http://t.example/%d.\n", n, n, n)
		n++
	}
	b.WriteString("% " + strings.Repeat("x", 2<<20) + "\nhttp://after.example/\n")
	data := []byte(b.String())
	s := readFile(t, "a.tex", data, false)
	if len(s.Hits) != 2*n+1 {
		t.Fatalf("%d hits, want %d", len(s.Hits), 2*n+1)
	}
	for i := range n {
		if s.Hits[2*i].URI != fmt.Sprintf("http://w.example/%d", i) || s.Hits[2*i+1].URI != fmt.Sprintf("http://t.example/%d", i) {
			t.Fatalf("hits %d: %q %q", i, s.Hits[2*i].URI, s.Hits[2*i+1].URI)
		}
	}
}
