// Package text reads plain text: the URIs written in it are found by
// package delimit (doc/spec.md §2, Appendix E). It is also the format of
// every text/* content no other format claims (a MIME part, a WARC record).
package text

import (
	"bytes"
	"io"
	"sync"

	"github.com/urix/urix/internal/mapfile"
	"github.com/urix/urix/internal/snippet"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
)

// Name is the format's name, as --read-as and -t give it.
const Name = "text"

// Format is plain text's entry of the format table: it sniffs nothing and
// is the default.
var Format = &reader.Format{Name: Name, MediaTypes: []string{"text/*", "text"}, Read: Read}

// smallText is the size up to which a text is scanned from memory with
// delimit.Find rather than through a delimit.Scanner (which allocates a
// large buffer each time it is made): most MIME parts are small.
const smallText = 256 << 10

// smallBufs hold the smallText buffers of contents read from memory.
var smallBufs = sync.Pool{New: func() any { b := make([]byte, smallText); return &b }}

// scanners keeps the delimit.Scanners of finished inputs for the next
// ones, by the delimit options they were made with: making one clears a
// 128 KiB buffer, which was a third of the time on a tree of 50 KB text
// files.
var scanners sync.Map // delimit.Options -> *sync.Pool

// Read finds the URIs of plain text with delimit (Appendix E).
func Read(c *reader.Content, s reader.Sink) error {
	opts := s.Options()
	if held := c.HeldBytes(); held != nil && c.Consumed != nil && c.Pos == nil && !opts.LineBuffered {
		return scanBytes(c, s, held, nil)
	}
	if done, err := readMapped(c, s); done {
		return err
	}
	r := c.R
	if c.Pos != nil && !opts.LineBuffered { // a part of a container: most are small
		bp := smallBufs.Get().(*[]byte)
		defer smallBufs.Put(bp)
		buf := *bp
		n, err := io.ReadFull(r, buf)
		if err != nil {
			for _, h := range delimit.Find(buf[:n], opts.Delimit) {
				if opts.Context {
					reportWithContext(s, c, h, buf[:n])
					continue
				}
				reader.ReportText(s, c, h, "")
			}
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil
			}
			return err
		}
		if opts.Context {
			// A larger part, read for a picker: whole, as it keeps the
			// context of its hits (the part is capped by MaxDecoded).
			rest, err := io.ReadAll(r)
			text := append(bytes.Clone(buf[:n]), rest...)
			for _, h := range delimit.Find(text, opts.Delimit) {
				reportWithContext(s, c, h, text)
			}
			return err
		}
		// The rest is scanned from a copy: buf goes back to the pool.
		r = io.MultiReader(bytes.NewReader(bytes.Clone(buf[:n])), r)
	}
	d := delimitOptions(c, opts)
	p, ok := scanners.Load(d)
	if !ok {
		p, _ = scanners.LoadOrStore(d, new(sync.Pool))
	}
	pool := p.(*sync.Pool)
	sc, ok := pool.Get().(*delimit.Scanner)
	if ok {
		sc.Reset(r)
	} else {
		sc = delimit.NewScanner(r, d)
	}
	defer func() { sc.Reset(nil); pool.Put(sc) }()
	for sc.Scan() {
		reader.ReportText(s, c, sc.Hit(), "")
	}
	return sc.Err()
}

// delimitOptions returns the delimit options for c: without counting
// lines when the run prints no position and c is the input as stored (a
// part's positions are mapped onto its container through its lines,
// Content.Pos).
func delimitOptions(c *reader.Content, opts *reader.Options) delimit.Options {
	d := opts.Delimit
	d.NoLines = opts.NoPositions && c.Pos == nil
	return d
}

// reportWithContext reports h, found in text, with the line of text it is
// on as its Context: the part's decoded text, where the input as stored
// may be quoted-printable or base64 (reader.Options.Context).
func reportWithContext(s reader.Sink, c *reader.Content, h delimit.Hit, text []byte) {
	hit := new(reader.Hit) // for urix pick, which keeps every hit anyway
	hit.Set(c, h.Kind.String(), h.URI, h.Raw, reader.TextSpan(h), h.Flags)
	hit.Context = snippet.Line(text, int(h.Start), int(h.End))
	s.Report(hit, c.Base)
}

// readMapped scans c in place when it is a large regular file (its Whole
// a file with a descriptor) that can be mapped into memory, and reports whether it did.
// The pages behind the scan are dropped as it goes, so that memory stays
// bounded (SPEC PF2), and the input is told, as often, how far it was read
// (Content.Consumed: counted, and whether the run was stopped). With
// reader.Options.Borrow the hits' strings are the mapped bytes. A fault
// (the file cut short while mapped) is a panic, which extract recovers as
// this input's error, "cut short while it was read" (mapfile.Of).
func readMapped(c *reader.Content, s reader.Sink) (bool, error) {
	m := mapfile.Of(c, s.Options())
	if m == nil {
		return false, nil
	}
	defer m.Close()
	return true, scanBytes(c, s, m.Data, m.Release)
}

// scanBytes scans data, c's input whole in memory (mapped, or
// Content.Held), in place. With reader.Options.Borrow the hits' strings
// are data's bytes, which outlive every Report. release, when given, is
// told how far the scan has gone, before c.Consumed (counted as read; an
// error: the run was stopped).
func scanBytes(c *reader.Content, s reader.Sink, data []byte, release func(int64)) error {
	opts := s.Options()
	d := delimitOptions(c, opts)
	d.Borrow = opts.Borrow
	sc := bytesScanners.Get().(*delimit.Scanner)
	defer func() {
		sc.ResetBytes(nil, d) // holds nothing of the input
		bytesScanners.Put(sc)
	}()
	consumed := c.Consumed // held in memory: as far as the scan has gone is read
	if release != nil {
		consumed = func(at int64) error { // mapped: the pages behind go too
			release(at)
			return c.Consumed(at)
		}
	}
	sc.ResetBytesRelease(data, d, consumed)
	for sc.Scan() {
		reader.ReportText(s, c, sc.Hit(), "")
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return c.Consumed(int64(len(data)))
}

// bytesScanners keeps the Scanners scanBytes reset for each input: a new
// one for each file of a tree was fresh memory, a page fault, per file.
var bytesScanners = sync.Pool{New: func() any { return new(delimit.Scanner) }}
