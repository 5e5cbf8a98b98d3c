package archive

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// TestReadSmall: a package's own part (container.xml, a package
// document) is read whole into one buffer of its declared size, not
// grown by copies (io.ReadAll allocated some twice a part of 8 MiB, and
// held two at its peak), and a part over the cap is an error naming it.
func TestReadSmall(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2)) // text that does not compress like a bomb
	var sb strings.Builder
	for sb.Len() < 4<<20 {
		sb.WriteString(strconv.FormatUint(rnd.Uint64(), 36))
	}
	body := sb.String()
	data := readertest.Zip(t, readertest.File{"part.xml", body})
	z, err := OpenZip(&reader.Content{R: bytes.NewReader(data), Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))})
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var e *Entry
	_ = z.Each(func(x *Entry) error { e = x; return nil })
	var b []byte
	got := readertest.Allocated(func() { b, err = z.ReadSmall(e, int64(len(body))) })
	if err != nil || string(b) != body {
		t.Fatalf("ReadSmall at its size: %d bytes, %v", len(b), err)
	}
	if got > uint64(len(body))+1<<20 {
		t.Errorf("reading a part of %d bytes allocated %d", len(body), got)
	}
	if _, err := z.ReadSmall(e, int64(len(body))-1); err == nil || !strings.Contains(err.Error(), "zip: part.xml larger than") {
		t.Errorf("ReadSmall under its size: %v", err)
	}
}
