package limit

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReader(t *testing.T) {
	errCap := errors.New("too much")
	got, err := io.ReadAll(Reader(strings.NewReader("0123456789"), 4, errCap))
	if string(got) != "0123" || err != errCap {
		t.Errorf("Reader(10 bytes, 4) read %q, %v; want \"0123\", %v", got, err, errCap)
	}
	for _, n := range []int64{4, 5, 100} {
		got, err = io.ReadAll(Reader(strings.NewReader("0123"), n, errCap))
		if string(got) != "0123" || err != nil {
			t.Errorf("Reader(4 bytes, %d) read %q, %v; want all and no error", n, got, err)
		}
	}
}

// TestCutAtSpace: a stream that fails mid-word loses the cut word, one that
// ends keeps everything, whatever the reads' sizes; a long run without
// white space is passed on, never held whole.
func TestCutAtSpace(t *testing.T) {
	boom := errors.New("boom")
	for _, tt := range []struct {
		in   string
		err  error
		want string
	}{
		{"see http://a/b and http://c.e", boom, "see http://a/b and "},
		{"see http://a/b and http://c.e", nil, "see http://a/b and http://c.e"},
		{"http://c.e", boom, ""},
		{"line one\nhttp://x/y\n", boom, "line one\nhttp://x/y\n"},
	} {
		for _, step := range []int{1, 3, 7, 1 << 20} {
			var src io.Reader = strings.NewReader(tt.in)
			if tt.err != nil {
				src = io.MultiReader(src, iotest.ErrReader(tt.err))
			}
			got, err := io.ReadAll(CutAtSpace(chunks(src, step)))
			want := tt.err
			if !errors.Is(err, want) && !(want == nil && err == nil) {
				t.Errorf("%q step %d: error %v, want %v", tt.in, step, err, want)
			}
			if string(got) != tt.want {
				t.Errorf("%q step %d: read %q, want %q", tt.in, step, got, tt.want)
			}
		}
	}
	long := strings.Repeat("x", 3*maxTail)
	got, err := io.ReadAll(CutAtSpace(io.MultiReader(strings.NewReader(long), iotest.ErrReader(boom))))
	if err != boom || len(got) < 2*maxTail {
		t.Errorf("a long run: read %d bytes, %v; want at least %d passed on", len(got), err, 2*maxTail)
	}
}

// chunks reads r at most n bytes at a time.
func chunks(r io.Reader, n int) io.Reader { return &chunked{r, n} }

type chunked struct {
	r io.Reader
	n int
}

func (c *chunked) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }
