package extract

import (
	"errors"
	"io"
	"iter"
	"strings"
	"sync"

	"github.com/urix/urix/sources"
)

// The front door: the common cases in one call each (README.md, "As a
// library").
// What they give the caller is the caller's: a hit is a copy that owns
// its strings, and nothing changes under it after the call. File, Reader
// and Input are the zero-copy way, for a caller that prints each hit as
// it comes.

// URIs returns the URIs written in text, read by the text rules
// (doc/spec.md §2, E1–E12), in the order they are written, as
// xurls.Strict().FindAllString(s, -1) returns its matches. It is
// New(Options{Type: "text"}).URIs(text): for other options, or to read
// text that may be HTML, mail or another format, make an Extractor.
func URIs[T ~string | ~[]byte](text T) []string {
	return textExtractor().URIs(string(text))
}

// textExtractor is made on first use: a program that never calls URIs
// does not build its format table.
var textExtractor = sync.OnceValue(func() *Extractor {
	x, err := New(Options{Type: "text"})
	if err != nil {
		panic(err) // the default table has a text format
	}
	return x
})

// URIs returns the URIs of text, read with x's options (Options.Type;
// Auto sniffs the format from the text itself), made absolute against
// Options.Base where one is given. Warnings and errors are dropped: text
// in memory has no read error, and what could not be read gives no URI
// (with Type Auto, text with a NUL byte in its first 8 KiB is skipped as
// binary unless Options.Binary is set).
func (x *Extractor) URIs(text string) []string {
	var uris []string
	x.Input(sources.Input{R: strings.NewReader(text), Name: "-"}, func(h *Hit) error {
		uris = append(uris, strings.Clone(h.URI))
		return nil
	}, nil)
	return uris
}

// Hits returns the hits of r, an input called name, in any format (sniffed
// unless Options.Type says), as an iterator of hits the caller owns. A
// warning (the input was still read on: a damaged MIME part, a skipped
// binary file) comes as a *Warning with a zero Hit; an error that ended
// the input comes last, as an *InputError. Breaking out of the loop stops
// the reading.
//
//	for h, err := range x.Hits(resp.Body, "page.html") {
//		if err != nil {
//			log.Print(err)
//			continue
//		}
//		fmt.Println(h.URI)
//	}
func (x *Extractor) Hits(r io.Reader, name string) iter.Seq2[Hit, error] {
	return x.InputHits(sources.Input{R: r, Name: name})
}

// FileHits is Hits of the file at path ("-" for standard input), whose
// retrieval URI (the base of its relative references, Section 5.1.3) is
// its file:// URI (none for standard input).
func (x *Extractor) FileHits(path string) iter.Seq2[Hit, error] {
	return func(yield func(Hit, error) bool) {
		in, closer, err := sources.Open(path)
		if err != nil {
			yield(Hit{}, err)
			return
		}
		defer closer.Close()
		x.InputHits(in)(yield)
	}
}

// InputHits is Hits of an input opened by the caller (package sources
// opens files, standard input and URLs).
func (x *Extractor) InputHits(in sources.Input) iter.Seq2[Hit, error] {
	return func(yield func(Hit, error) bool) {
		stopped, inBody := false, false
		call := func(h Hit, err error) {
			inBody = true
			stopped = !yield(h, err)
			inBody = false
		}
		emit := func(h *Hit) error {
			if stopped {
				return errStopped
			}
			kept := *h
			kept.Own()
			if call(kept, nil); stopped {
				return errStopped
			}
			return nil
		}
		warn := func(err error) {
			if !stopped {
				call(Hit{}, err)
			}
		}
		err := x.input(in, emit, warn, &stopped)
		var pe *PanicError
		if inBody && errors.As(err, &pe) {
			panic(pe.Value) // the loop body's own panic, not a reader's
		}
		if err != nil && !stopped && !errors.Is(err, errStopped) {
			yield(Hit{}, err)
		}
	}
}

// errStopped ends an input whose iterator's loop was left.
var errStopped = errors.New("extract: the caller stopped reading")
