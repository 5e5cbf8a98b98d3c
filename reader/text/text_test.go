package text

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// TestMappedSameHits: a large regular file, scanned mapped into memory
// (SPEC §9), gives exactly the hits of the same bytes read as a stream,
// and stops at the first check after the run is stopped.
func TestMappedSameHits(t *testing.T) {
	line := "see http://a.example/x?a=1#b#c, <mailto:b@example.org> and \"urn:isbn:0451450523\"\n"
	data := bytes.Repeat([]byte(line), mapMin/len(line)+100)
	name := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	whole := io.NewSectionReader(f, 0, int64(len(data)))
	mapped := &readertest.Sink{}
	if err := Read(&reader.Content{R: f, Whole: whole}, mapped); err != nil {
		t.Fatal(err)
	}
	streamed := &readertest.Sink{}
	if err := Read(&reader.Content{R: bytes.NewReader(data)}, streamed); err != nil {
		t.Fatal(err)
	}
	if len(mapped.Hits) != len(streamed.Hits) || len(mapped.Hits) == 0 {
		t.Fatalf("mapped: %d hits, streamed: %d", len(mapped.Hits), len(streamed.Hits))
	}
	for i := range mapped.Hits {
		if mapped.Hits[i] != streamed.Hits[i] {
			t.Fatalf("hit %d mapped %+v, streamed %+v", i, mapped.Hits[i], streamed.Hits[i])
		}
	}
	// A stopped run: the input's reader says so.
	stop := errors.New("stopped")
	stopped := &readertest.Sink{}
	err = Read(&reader.Content{R: errReader{stop}, Whole: whole}, stopped)
	if !errors.Is(err, stop) || len(stopped.Hits) >= len(streamed.Hits) {
		t.Fatalf("stopped run: %d hits, err %v", len(stopped.Hits), err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
