package mail

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/urix/urix/reader/readertest"
)

// recorder is a Visitor that keeps the field names of every header, the
// media type and body of every part, and the warnings.
type recorder struct {
	fields []string // "message n: name"
	parts  []Part   // Body read into body
	bodies []string
	warns  []error
}

func (r *recorder) Header(h *Header) error {
	for _, f := range h.Fields {
		r.fields = append(r.fields, h.Where.String()+": "+f.Name)
	}
	return nil
}

func (r *recorder) Part(p *Part) error {
	b, err := io.ReadAll(p.Body)
	if err != nil {
		return err
	}
	r.parts = append(r.parts, Part{Where: p.Where, MediaType: p.MediaType})
	r.bodies = append(r.bodies, string(b))
	return nil
}

func (r *recorder) opts() Options {
	return Options{Warn: func(_ Where, err error) { r.warns = append(r.warns, err) }}
}

// tooLarge reports whether one of the warnings is the header block limit.
func (r *recorder) tooLarge() bool {
	for _, w := range r.warns {
		if errors.Is(w, ErrHeaderTooLarge) {
			return true
		}
	}
	return false
}

// TestHeaderLineOverCapThenField: a header line longer than the header
// block's cap, followed by another field, panicked (slice bounds out of
// range): the later field was recorded without its bytes. The long field
// is skipped with a warning; the field after it is read and shapes the
// body.
func TestHeaderLineOverCapThenField(t *testing.T) {
	long := strings.Repeat("a", maxHeader+maxHeader/2)
	tests := []struct {
		name, header string
		fields       []string
	}{
		{"one long line", "From: x@y\nSubject: " + long + "\nContent-Type: text/html\n",
			[]string{"from", "content-type"}},
		{"long line first, folded", "Subject: " + long + "\n more\n\tand more\nContent-Type: text/html\n",
			[]string{"content-type"}},
		{"long by its folded lines", "From: x@y\nX-Long: a\n" + strings.Repeat(" "+strings.Repeat("b", 999)+"\n", 1200) + "Content-Type: text/html\n",
			[]string{"from", "content-type"}},
		{"block fills up, then a small field fits", "X-A: " + strings.Repeat("a", maxHeader-100) + "\nX-B: " + strings.Repeat("b", 200) + "\nContent-Type: text/html\n",
			[]string{"x-a", "content-type"}},
	}
	for _, tt := range tests {
		var r recorder
		in := tt.header + "\n<a href=http://a.example/>x</a>\n"
		if err := ReadMessage(strings.NewReader(in), r.opts(), &r); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []string
		for _, f := range r.fields {
			got = append(got, strings.TrimPrefix(f, "message 1: "))
		}
		if strings.Join(got, " ") != strings.Join(tt.fields, " ") {
			t.Errorf("%s: fields %q, want %q", tt.name, got, tt.fields)
		}
		if len(r.parts) != 1 || r.parts[0].MediaType != "text/html" || !strings.Contains(r.bodies[0], "http://a.example/") {
			t.Errorf("%s: parts %+v %q, want one text/html part with the link", tt.name, r.parts, r.bodies)
		}
		if !r.tooLarge() {
			t.Errorf("%s: warnings %v, want %v", tt.name, r.warns, ErrHeaderTooLarge)
		}
	}
}

// TestMboxHeaderLineOverCapMidway: a message with a header line over the
// cap in the middle of an mbox; the messages after it are read.
func TestMboxHeaderLineOverCapMidway(t *testing.T) {
	in := "From a\nFrom: a@x\n\nhttp://one.example/\n" +
		"From b\nFrom: b@x\nSubject: " + strings.Repeat("s", 2*maxHeader) + "\nX-After: 1\n\nhttp://two.example/\n" +
		"From c\nFrom: c@x\n\nhttp://three.example/\n"
	var r recorder
	if err := ReadMbox(strings.NewReader(in), r.opts(), &r); err != nil {
		t.Fatal(err)
	}
	want := []string{"http://one.example/\n", "http://two.example/\n", "http://three.example/\n"}
	if strings.Join(r.bodies, "|") != strings.Join(want, "|") {
		t.Errorf("bodies %q, want %q", r.bodies, want)
	}
	if !r.tooLarge() {
		t.Errorf("warnings %v, want %v", r.warns, ErrHeaderTooLarge)
	}
	wantFields := "message 1: from|message 2: from|message 2: x-after|message 3: from"
	if got := strings.Join(r.fields, "|"); got != wantFields {
		t.Errorf("fields %q, want %q", got, wantFields)
	}
}

// lineReader streams a message whose Subject line is n bytes long,
// without holding it.
type lineReader struct {
	head, tail string
	n          int // bytes of the long line left
}

func (l *lineReader) Read(p []byte) (int, error) {
	switch {
	case l.head != "":
		k := copy(p, l.head)
		l.head = l.head[k:]
		return k, nil
	case l.n > 0:
		k := min(len(p), l.n)
		for i := range p[:k] {
			p[i] = 'x'
		}
		l.n -= k
		return k, nil
	case l.tail != "":
		k := copy(p, l.tail)
		l.tail = l.tail[k:]
		return k, nil
	}
	return 0, io.EOF
}

// TestHeaderLineOverCapMemory: a header line many times the cap is
// skipped as it streams by; what the reader allocates stays near the cap,
// whatever the line's length.
func TestHeaderLineOverCapMemory(t *testing.T) {
	const n = 64 << 20
	src := &lineReader{head: "From: x@y\nSubject: ", n: n, tail: "\nContent-Type: text/plain\n\nhttp://a.example/\n"}
	var r recorder
	var err error
	alloc := readertest.Allocated(func() { err = ReadMessage(src, r.opts(), &r) })
	if err != nil {
		t.Fatal(err)
	}
	if alloc > 8*maxHeader {
		t.Errorf("reading a %d-byte header line allocated %d bytes, want at most %d", n, alloc, 8*maxHeader)
	}
	if len(r.bodies) != 1 || !bytes.Contains([]byte(r.bodies[0]), []byte("http://a.example/")) {
		t.Errorf("bodies %q, want the one with the link", r.bodies)
	}
}
