// Package readertest is a reader.Sink for the tests of format packages: it
// makes every reported reference absolute as package extract does
// (resolve.Make, doc/spec.md R2), keeps the hits and warnings in order,
// and reads nested content with the formats it is given.
package readertest

import (
	"archive/zip"
	"bytes"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/htmlbase/charset"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// Sink collects what a reader reports. Its zero value resolves by RFC 3986
// and reads no nested content.
type Sink struct {
	Opts     reader.Options
	File     string           // the File of every hit
	Formats  []*reader.Format // what FormatFor and Sniff choose from, in order
	Hits     []reader.Hit
	Warnings []string // "where: error", or "error" for the whole input
	Stop     error    // Err's answer: set it to stop the reader
	// OnHit, when not nil, is called with every hit as it is reported,
	// before it is kept in Hits (where its strings are its own).
	OnHit  func(reader.Hit)
	Counts map[string]int64
	budget *limit.Expansion
}

// Options implements reader.Sink.
func (s *Sink) Options() *reader.Options { return &s.Opts }

// Report implements reader.Sink: h.URI is made absolute against base.
func (s *Sink) Report(hp *reader.Hit, base string) {
	h := *hp // kept in Hits, after the reader set hp again
	h.File, h.Base = s.File, base
	h.URI, h.Resolved = resolve.Make(h.URI, s.Resolver(base), s.Opts.Resolve, h.Source)
	if s.OnHit != nil {
		s.OnHit(h) // as reported: Borrowed strings are valid in the call
	}
	h.Own() // kept (Options.Borrow)
	s.Hits = append(s.Hits, h)
}

// Warn implements reader.Sink.
func (s *Sink) Warn(where string, err error) {
	if where == "" {
		s.Warnings = append(s.Warnings, err.Error())
		return
	}
	s.Warnings = append(s.Warnings, where+": "+err.Error())
}

// Resolver implements reader.Sink.
func (s *Sink) Resolver(base string) *resolve.Resolver {
	if base == "" {
		return nil
	}
	rv, err := resolve.NewResolver(base, s.Opts.Resolve)
	if err != nil {
		return nil
	}
	return rv
}

// ResolverIn implements reader.Sink as the pipeline does: in WHATWG mode
// the document's encoding is its queries' (R2).
func (s *Sink) ResolverIn(base, enc string) (*resolve.Resolver, resolve.Options) {
	opts := s.Opts.Resolve
	if opts.Mode != resolve.WHATWG || enc == "" || enc == "utf-8" {
		return s.Resolver(base), opts
	}
	opts.QueryEncoding, _, _ = charset.Lookup(enc)
	if base == "" {
		return nil, opts
	}
	rv, err := resolve.NewResolver(base, opts)
	if err != nil {
		return nil, opts
	}
	return rv, opts
}

// FormatFor implements reader.Sink as the table does: an exact media
// type first, then a whole top-level type ("text/*").
func (s *Sink) FormatFor(mediaType string) *reader.Format {
	top, _, _ := strings.Cut(mediaType, "/")
	for _, want := range []string{mediaType, top + "/*"} { // exact entries first, as the table
		for _, f := range s.Formats {
			if slices.Contains(f.MediaTypes, want) {
				return f
			}
		}
	}
	return nil
}

// Sniff implements reader.Sink: the first format whose sniffer matches,
// else the first format.
func (s *Sink) Sniff(head []byte, name string) *reader.Format {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for _, f := range s.Formats {
		if f.Sniff != nil && f.Sniff(head) {
			return f
		}
	}
	if len(s.Formats) == 0 {
		return nil
	}
	return s.Formats[0]
}

// Read implements reader.Sink.
func (s *Sink) Read(f *reader.Format, c *reader.Content) error { return f.Read(c, s) }

// Err implements reader.Sink.
func (s *Sink) Err() error { return s.Stop }

// Budget implements reader.Sink: Opts.MaxDecoded for what the reader
// decodes, with no ratio (a test's input has no size as stored).
func (s *Sink) Budget() *limit.Expansion {
	if s.budget == nil {
		s.budget = limit.NewExpansion(s.Opts.MaxDecoded, nil, nil)
	}
	return s.budget
}

// Count implements reader.Sink.
func (s *Sink) Count(name string, n int64) {
	if s.Counts == nil {
		s.Counts = make(map[string]int64)
	}
	s.Counts[name] += n
}

// Panicking returns f with a reader that panics in a content holding
// marker, after f has read the text before the marker (whose hits are
// reported): a reader's bug, for the tests of panic isolation (doc/spec.md
// L11). A content without marker is read by f as it is.
func Panicking(f *reader.Format, marker string) *reader.Format {
	p := *f
	p.Read = func(c *reader.Content, s reader.Sink) error {
		data, err := io.ReadAll(c.R)
		if err != nil {
			return err
		}
		before, _, found := bytes.Cut(data, []byte(marker))
		inner := *c
		inner.R = bytes.NewReader(before)
		if err := f.Read(&inner, s); err != nil || !found {
			return err
		}
		return readPast(before, len(data))
	}
	return &p
}

// readPast indexes b at i, past its end: a runtime error, as a reader's
// bug would be.
func readPast(b []byte, i int) error {
	_ = b[i]
	return nil
}

// File is a member of a test archive: its name, then its body.
type File [2]string

// Zip returns a zip archive of files, in order: deflated, but for a
// "mimetype" member, stored, as OpenDocument and EPUB place it.
func Zip(t testing.TB, files ...File) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		method := zip.Deflate
		if f[0] == "mimetype" {
			method = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f[0], Method: method})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, f[1])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// ReadBytes reads data with format f, nested content with formats, as a
// regular file (whole: Content.Whole set) or as a stream read one byte at
// a time, and returns the hits and the warnings (a read error last, as
// "error: ..."): the two ways a fuzz target of a container compares. The
// whole read lets the reader borrow (reader.Options.Borrow), as the
// command line does; the sink owns what it keeps, so the hits must not
// differ.
func ReadBytes(f *reader.Format, formats []*reader.Format, data []byte, whole bool) ([]reader.Hit, []string) {
	return ReadBytesCapped(f, formats, data, whole, 1<<24)
}

// ReadBytesCapped is ReadBytes with maxDecoded bytes decoded at most
// (reader.Options.MaxDecoded): a fuzz target whose seeds include bombs
// keeps each execution cheap with a small cap.
func ReadBytesCapped(f *reader.Format, formats []*reader.Format, data []byte, whole bool, maxDecoded int64) ([]reader.Hit, []string) {
	s := &Sink{Formats: formats, Opts: reader.Options{MaxDecoded: maxDecoded}}
	c := &reader.Content{Name: "f", Base: "file:///x/f"}
	if whole {
		s.Opts.Borrow = true
		c.Whole = io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))
		c.R = bytes.NewReader(data)
	} else {
		c.R = iotest.OneByteReader(bytes.NewReader(data))
	}
	if err := f.Read(c, s); err != nil {
		s.Warnings = append(s.Warnings, "error: "+err.Error())
	}
	return s.Hits, s.Warnings
}

// Allocated returns the bytes the heap allocated while f ran: what the
// limit tests hold a reader's work on a hostile input to.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
