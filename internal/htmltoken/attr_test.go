package htmltoken

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestUnescapeCommon holds the references decoded without upstream to
// what upstream makes of them, and checks which values are left to it.
func TestUnescapeCommon(t *testing.T) {
	for _, c := range []struct {
		raw  string
		fast bool // decoded by unescapeCommon
	}{
		{"https://bugs.python.org/issue?&#64;action=redirect&amp;bpo=12", true},
		{"&amp;", true}, {"&lt;", true}, {"&gt;", true}, {"&quot;", true}, {"&apos;", true},
		{"x&amp;amp;y", true}, {"&#64;", true}, {"&#x40;", true}, {"&#X40;", true}, {"&#x4a;&#x4A;", true},
		{"&#9;&#10;&#13;&#32;", true}, {"&#127;&#160;&#xA0;&#255;", true}, {"&#x10FFFF;", true},
		{"&#1114111;", true}, {"&#55295;&#57344;", true}, {"&#0000064;", true}, {"&#x000040;", true},
		{"&#xFFFFFF;", false}, {"&#9999999;", false}, {"&#00000064;", false}, {"&#x0000040;", false},
		{"&", true}, {"& ", true}, {"&&", true}, {"&;", true}, {"&=", true}, {"&#", true}, {"&#x", true},
		{"&#;", true}, {"&#x;", true}, {"&#-1;", true}, {"&# 64;", true}, {"&#xg;", true},
		{"?a=1&b=2", true}, {"&amp=", true}, {"&ampx=1", true}, {"&x1=2", true},
		{"&#0;", false}, {"&#x0;", false}, {"&#128;", false}, {"&#x80;", false}, {"&#159;", false},
		{"&#x9F;", false}, {"&#55296;", false}, {"&#xD800;", false}, {"&#xDFFF;", false},
		{"&#x110000;", false}, {"&#1114112;", false}, {"&#64", false}, {"&#x40", false}, {"&#64x;", false},
		{"&#x40g;", false}, {"&amp", false}, {"&lt", false}, {"&ampx;", false}, {"&AMP;", false},
		{"&Amp;", false}, {"&nbsp;", false}, {"&notin;", false}, {"&x", false}, {"&x;", false},
		{"&amp;\x00", false}, {"&amp;\r", false}, {"&#64;\r\n", false}, {"a&amp;b&copy;", false},
	} {
		z := NewTokenizer(nil)
		got, fast := z.unescapeCommon([]byte(c.raw))
		if fast != c.fast {
			t.Errorf("%q: decoded without upstream %v, want %v", c.raw, fast, c.fast)
		}
		want := z.decode([]byte(c.raw))
		if fast && !bytes.Equal(got, want) {
			t.Errorf("%q: got %q, upstream %q", c.raw, got, want)
		}
		if got := z.unescape([]byte(c.raw)); !bytes.Equal(got, want) {
			t.Errorf("%q: unescape %q, upstream %q", c.raw, got, want)
		}
		if !fast && len(z.arena) != 0 {
			t.Errorf("%q: left %q in the arena", c.raw, z.arena)
		}
	}
}

// TestHasAttr: HasAttr finds an attribute by its key as TagAttr returns
// it, before or after TagAttr returned it, and nothing else.
func TestHasAttr(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{`<div style="x">`, true},
		{`<div STYLE=x>`, true},
		{"<div\n\tStYlE=x>", true},
		{`<div/style="x">`, true},
		{`<div style>`, true},
		{`<p class="x"style=y>`, true}, // after a quoted value, as a browser reads it
		{`<a class=s Style>`, true},
		{`<a style=1 style=2>`, true},
		{`<div class="style">`, false},
		{`<div class="x" data-style=y>`, false},
		{`<div>`, false},
		{`<a sstyle>`, false},
		{`<a styl>`, false},
		{`<a styles>`, false},
		{"<a sty\x00le>", false},
		{`<p id=astyle=y>`, false},
		{`<p class=x"style=y>`, false}, // one unquoted value
		{`</p style=x>`, false},        // an end tag has no attributes
	} {
		z := NewTokenizer(bytes.NewReader([]byte(c.in)))
		z.Next()
		if got := z.HasAttr("style"); got != c.want {
			t.Errorf("%q: HasAttr(style) = %v, want %v", c.in, got, c.want)
		}
		for more := true; more; {
			_, more = z.TagAttrKey()
		}
		if got := z.HasAttr("style"); got != c.want {
			t.Errorf("%q: HasAttr(style) after the keys = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestValueClean: the eight-byte scan never passes a byte TagAttr
// changes in a value, and passes every word of bytes it leaves alone.
func TestValueClean(t *testing.T) {
	for n := 0; n <= 24; n++ {
		for at := 0; at < n; at++ {
			for _, c := range []byte{0, 1, '\t', '\n', '\r', 0x0d, 0x0e, '%', '&', '\'', 'a', 0x80, 0xa6, 0xff} {
				v := bytes.Repeat([]byte("h"), n)
				v[at] = c
				got, first := valueClean(v), bytes.IndexAny(v, "\x00\r&")
				if first < 0 {
					first = n
				}
				if got > first || c >= 0x0e && c != '&' && got != n/8*8 {
					t.Fatalf("valueClean(%q) = %d; first byte changed at %d", v, got, first)
				}
			}
		}
	}
}

// TestReadTagFast: the common tags are read without readTag's calls per
// byte, and the others are left to it (TestSameTokens holds both to
// upstream).
func TestReadTagFast(t *testing.T) {
	for _, c := range []struct {
		in   string
		fast bool
	}{
		{`<a href="x" class='y' hidden>`, true}, {`<a>`, true}, {`</a >`, true}, {`<a b c="d"e='f'>`, true},
		{"<a\tb\n=\r'c'\fd>", true}, {`<a "b"='c'>`, true}, {`<a b="c" B='d'>`, true},
		{`<a b/>`, false}, {`<a b="c"/>`, false}, {`<a / b>`, false}, {`<a b=c>`, false}, {`<a =b>`, false},
		{`<a b="c>`, false}, {`<a b`, false}, {`<a/>`, false}, {`</a/>`, false},
	} {
		z := NewTokenizer(bytes.NewReader([]byte(c.in + " ")))
		z.readByteSlow() // fill the window
		z.rawEnd = 0
		for z.rawEnd < len(z.win) && z.win[z.rawEnd] != '<' {
			z.rawEnd++
		}
		z.rawEnd += 2 // past "<a"
		if z.win[1] == '/' {
			z.rawEnd++
		}
		if got := z.readTagFast(true); got != c.fast {
			t.Errorf("%q: read fast %v, want %v", c.in, got, c.fast)
		}
	}
}

// swapReader reads from r, which a test changes.
type swapReader struct{ r io.Reader }

func (s *swapReader) Read(p []byte) (int, error) { return s.r.Read(p) }

// dataErr returns its data with its error, in one read.
type dataErr struct {
	data string
	err  error
}

func (d *dataErr) Read(p []byte) (int, error) {
	n := copy(p, d.data)
	d.data = d.data[n:]
	if len(d.data) == 0 {
		return n, d.err
	}
	return n, nil
}

// TestUnread: the bytes read past a token are given back, with the error
// the reader returned with them, and the tokens after it come from the
// reader again.
func TestUnread(t *testing.T) {
	for _, end := range []error{nil, io.EOF, io.ErrUnexpectedEOF} {
		src := &swapReader{r: &dataErr{"<a x=1><b>cd", end}}
		z := NewTokenizer(src)
		if tt := z.Next(); tt != StartTagToken || string(z.Raw()) != "<a x=1>" {
			t.Fatalf("first token %v %q", tt, z.Raw())
		}
		rest, err := z.Unread()
		if string(rest) != "<b>cd" || err != end {
			t.Errorf("end %v: Unread = %q, %v", end, rest, err)
		}
		src.r = strings.NewReader(strings.ToUpper(string(rest)))
		var got []string
		for z.Next() != ErrorToken {
			got = append(got, string(z.Raw()))
		}
		if strings.Join(got, " ") != "<B> CD" || z.Err() != io.EOF {
			t.Errorf("end %v: tokens after Unread %q, %v", end, got, z.Err())
		}
	}
}
