package extract

import (
	"errors"
	"io"
	"testing"
	"time"
)

// ttyReader reads as a terminal does: the text typed, then io.EOF once for
// the Ctrl-D that ends it; a read after that would wait for more typing.
type ttyReader struct {
	text string
	eofs int
}

var errSecondCtrlD = errors.New("read again after Ctrl-D: the user must press it twice")

func (r *ttyReader) Read(p []byte) (int, error) {
	if r.text != "" {
		n := copy(p, r.text)
		r.text = r.text[n:]
		return n, nil
	}
	if r.eofs++; r.eofs > 1 {
		return 0, errSecondCtrlD
	}
	return 0, io.EOF
}

// TestOneCtrlD: typed input ends at the first end of input, for every
// format (the sniffing Peek used to swallow it, and the reader read again).
func TestOneCtrlD(t *testing.T) {
	for _, typ := range []Type{Auto, Text, HTML, Email, Mbox, Markdown} {
		for _, lb := range []bool{false, true} {
			x := mustNew(t, Options{Type: typ, LineBuffered: lb})
			var got []string
			err := x.Reader(&ttyReader{text: "Subject: x\n\n<p>see <a href=\"http://a/b\">http://a/b</a>\n"}, "-", "", func(h *Hit) error {
				got = append(got, h.URI)
				return nil
			}, nil)
			if err != nil || len(got) == 0 {
				t.Errorf("--type %s, line-buffered %v: hits %q, error %v", typ, lb, got, err)
			}
		}
	}
}

// TestLineBufferedInput: with LineBuffered, a hit comes out of a pipe that
// stays open (tail -f | urix) once its line is complete; without it the
// sniffing alone waits for 8 KiB.
func TestLineBufferedInput(t *testing.T) {
	for _, in := range []string{
		"see http://a/b\n",
		"<http://a/\n b> and\n",
		// tail -f mbox: a message's hits before the next message starts.
		"From a@example.com Sat Nov 22 10:00:00 2026\nFrom: a@example.com\nSubject: one\n\nSee http://a/b\n",
		"From a@example.com Sat Nov 22 10:00:00 2026\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nSee http://a/b\n",
	} {
		x := mustNew(t, Options{LineBuffered: true})
		pr, pw := io.Pipe()
		go pw.Write([]byte(in))
		got := make(chan string, 1)
		go x.Reader(pr, "-", "", func(h *Hit) error {
			got <- h.URI
			return nil
		}, nil)
		select {
		case uri := <-got:
			if uri != "http://a/b" {
				t.Errorf("%q: hit %q, want http://a/b", in, uri)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%q: no hit while the pipe stays open", in)
		}
		pw.CloseWithError(io.EOF)
	}
}
