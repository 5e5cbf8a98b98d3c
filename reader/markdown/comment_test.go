package markdown

import (
	"bytes"
	"testing"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/htmlbase"
)

// TestOnlyComment: raw HTML that onlyComment skips is one comment and
// white space, where htmlbase finds no link, even with every word taken
// for an abbreviated URL; what the tokenizer ends early, or what goes on
// after the comment, is read.
func TestOnlyComment(t *testing.T) {
	links := func(src string) int {
		n := 0
		opts := htmlbase.Options{Charset: "utf-8", Delimit: delimit.Options{Abbrev: true}, Emit: func(htmlbase.Link) { n++ }}
		if _, err := htmlbase.Read(bytes.NewReader([]byte(src)), opts); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct {
		src  string
		skip bool
	}{
		{"<!-- http://a.example/ www.b.example -->\n", true},
		{"<!--\nsee http://a.example/\n-- x -- <a href=http://b.example/\n-->\n\n", true},
		{"<!-->", true},
		{"<!--->\n", true},
		{"<!-- a --> \t\r\n\f", true},
		{"<!-->http://a.example/ -->\n", false},
		{"<!--->http://a.example/ -->\n", false},
		{"<!-- a --!>http://a.example/ -->\n", false},
		{"<!-- a --> http://a.example/\n", false},
		{"<!-- a -->\n<a href=\"http://a.example/\">\n", false},
		{"<!-- a --\n", false},
		{" <!-- a -->\n", false},
	} {
		if got := onlyComment([]byte(c.src)); got != c.skip {
			t.Errorf("onlyComment(%q) = %v, want %v", c.src, got, c.skip)
		}
		if n := links(c.src); c.skip && n > 0 {
			t.Errorf("%q: skipped, but htmlbase finds %d links in it", c.src, n)
		} else if !c.skip && n == 0 && c.src != "<!-- a --\n" && c.src != " <!-- a -->\n" {
			t.Errorf("%q: htmlbase finds no link: the case shows nothing", c.src)
		}
	}
}
