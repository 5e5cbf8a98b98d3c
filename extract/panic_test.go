package extract

import (
	"errors"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
)

// panicky are options whose text reader panics in an input that holds
// "PANIC", after reading the text before it.
func panicky() Options {
	return Options{Formats: []*reader.Format{readertest.Panicking(text.Format, "PANIC")}}
}

// TestReaderPanicReader: Extractor.Reader, as a library caller uses it,
// returns the panic as an error too, after the hits before it.
func TestReaderPanicReader(t *testing.T) {
	o := panicky()
	o.Type = Text
	hits, errs := collect(t, mustNew(t, o), "in", "", []byte("http://a.example/\nPANIC\n"))
	if got := strings.Join(uris(hits), " "); got != "http://a.example/" {
		t.Errorf("hits %s, want http://a.example/", got)
	}
	var pe *PanicError
	if len(errs) != 1 || !errors.As(errs[0], &pe) {
		t.Errorf("errors %v, want one *PanicError", errs)
	}
}
