package limit

import (
	"errors"
	"io"
	"strings"
	"testing"
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
