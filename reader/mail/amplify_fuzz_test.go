package mail

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// amplify returns data with its line k (counted modulo the number of
// lines) grown to at least n bytes by repeating its text, line break
// excluded: the mutator works on a small input, and the reader meets a
// line of up to megabytes, past the header block's cap and every buffer.
func amplify(data []byte, k, n int) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	i := k % len(lines)
	text := bytes.TrimRight(lines[i], "\r\n")
	if len(text) == 0 || n <= len(lines[i]) {
		return data
	}
	grown := bytes.Repeat(text, n/len(text)+1)
	var b bytes.Buffer
	b.Grow(len(data) + len(grown))
	for _, l := range lines[:i] {
		b.Write(l)
	}
	b.Write(grown)
	b.Write(lines[i][len(text):])
	for _, l := range lines[i+1:] {
		b.Write(l)
	}
	return b.Bytes()
}

// fieldChecker is a Visitor that checks every header it is given: each
// field is its name, a colon and its value, and a block keeps at most
// maxHeader bytes; it reads every body to its end.
type fieldChecker struct {
	t       *testing.T
	headers int
}

func (c *fieldChecker) Header(h *Header) error {
	c.headers++
	total := 0
	for _, f := range h.Fields {
		total += len(f.Raw)
		if len(f.Raw) <= len(f.Name) || f.Raw[len(f.Name)] != ':' || strings.ToLower(f.NameAsWritten()) != f.Name {
			c.t.Fatalf("%v: field %q has Raw %q", h.Where, f.Name, clip(string(f.Raw)))
		}
		_ = f.Value()
	}
	if total > maxHeader {
		c.t.Fatalf("%v: header block of %d bytes kept, over the cap of %d", h.Where, total, maxHeader)
	}
	return nil
}

func (c *fieldChecker) Part(p *Part) error {
	r, _ := p.Text()
	_, err := io.Copy(io.Discard, r)
	return err
}

// FuzzHeaderAmplified reads a message or mbox with one line amplified to
// up to 2 MiB (amplify): no panic, no error on an in-memory input, and
// every header field as the checker wants it. Megabyte-long header lines
// are where the reader once panicked (TestHeaderLineOverCapThenField),
// out of reach of a fuzzer that grows its inputs a few bytes at a time.
func FuzzHeaderAmplified(f *testing.F) {
	for _, s := range []string{
		"From: x@y\nSubject: s\nContent-Type: text/html\n\n<a href=http://a/>x</a>\n",
		"Subject: s\n more\nX: y\n\nhttp://a/\n",
		"From a\nFrom: a@x\nSubject: s\nX: 1\n\nhttp://one/\nFrom b\nFrom: b@x\n\nhttp://two/\n",
		"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\nX-Long: v\n\nhttp://a/\n--b--\n",
		"Content-Type: message/rfc822\n\nFrom: x\nSubject: s\nX: 1\n\nhttp://in/\n",
	} {
		mbox := strings.HasPrefix(s, "From ")
		f.Add([]byte(s), uint8(1), uint16(50000), mbox)
		f.Add([]byte(s), uint8(0), uint16(3000), mbox)
	}
	f.Fuzz(func(t *testing.T, data []byte, line uint8, repeat uint16, mbox bool) {
		in := amplify(data, int(line), int(repeat)*32)
		opts := Options{MaxDecoded: 4 << 20}
		c := &fieldChecker{t: t}
		var err error
		if mbox {
			err = ReadMbox(bytes.NewReader(in), opts, c)
		} else {
			err = ReadMessage(bytes.NewReader(in), opts, c)
		}
		if err != nil {
			t.Fatalf("error on an in-memory input: %v", err)
		}
	})
}

func TestAmplify(t *testing.T) {
	tests := []struct {
		in   string
		k, n int
		want string
	}{
		{"a: b\nc: d\n", 1, 10, "a: b\nc: dc: dc: d\n"},
		{"a: b\r\nc\r\n", 0, 8, "a: ba: ba: b\r\nc\r\n"},
		{"a: b\nc: d\n", 2, 10, "a: b\nc: d\n"}, // the empty line after the last break
		{"a: b\nc: d\n", 0, 3, "a: b\nc: d\n"},  // long enough
	}
	for _, tt := range tests {
		if got := string(amplify([]byte(tt.in), tt.k, tt.n)); got != tt.want {
			t.Errorf("amplify(%q, %d, %d) = %q, want %q", tt.in, tt.k, tt.n, got, tt.want)
		}
	}
}
