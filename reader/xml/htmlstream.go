package xml

import (
	"fmt"
	"io"

	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// This file reads a long HTML text of a feed (Atom content of
// type="html", RSS description, content:encoded) as it comes, not held
// whole until its element ends (doc/spec.md L7). An element's text is
// held, with the input bytes behind it, up to streamFrom bytes, which
// nearly every feed's entries stay under: their hits are placed exactly
// (mapFirst). Past that, htmlbase reads the text on a goroutine of its
// own, fed streamPiece bytes at a time; the input is no longer kept for
// it, and each of its hits is placed at the start of the element's text.
// A 4 MB content of URIs took 86 MiB at -j 4 held whole.

// streamFrom is the held HTML text from which it is read as it comes,
// and streamPiece how much of it is passed to htmlbase at a time
// (variables: the fuzz test streams a few bytes in).
var streamFrom, streamPiece = 1 << 20, 64 << 10

// htmlStream feeds one element's HTML text to htmlbase.Read, which runs
// on its own goroutine, as its io.Reader. The two goroutines take turns:
// write hands a piece over and waits until htmlbase has taken all of it
// and asks for more (or has returned), so the reader's sink is never
// called from both at once, and the links come in the order of the text.
type htmlStream struct {
	in   chan []byte   // pieces of text; closed at the element's end
	ack  chan struct{} // htmlbase took the last piece and waits for more
	done chan struct{} // closed once htmlbase.Read has returned
	cur  []byte        // what is left of the piece being read
	line int           // where the element's text starts
	err  error         // what htmlbase.Read returned
	// asked: htmlbase took a piece and has asked for more since
	asked    bool
	panicked any // a panic of htmlbase's goroutine, raised again by the reader's
}

// startStream makes e, a held HTML element whose text reached
// streamFrom, read as it comes: its hits from now on are reported at
// the start of its first text token, and its input is no longer kept.
func (x *xmlReader) startStream(e *xmlElem) {
	at := x.src.span(e.first.start, e.first.start)
	base := e.base // not e: x.stack may move while it is read
	opts := x.htmlOptions(func(l htmlbase.Link) { x.reportHTML(l, at, l.Raw, base) })
	s := &htmlStream{in: make(chan []byte), ack: make(chan struct{}), done: make(chan struct{}), line: at.Line}
	go func() {
		defer close(s.done)
		defer func() { s.panicked = recover() }()
		_, s.err = htmlbase.Read(s, opts)
	}()
	e.html = s
	x.held-- // the input behind it need not be kept: its hits take at
	s.write(e.buf)
	e.buf = e.buf[:0]
}

// streamText passes t, more text of the streamed element e, on to
// htmlbase, a piece at a time.
func (x *xmlReader) streamText(e *xmlElem, t []byte) {
	e.buf = append(e.buf, t...)
	if len(e.buf) >= streamPiece {
		e.html.write(e.buf)
		e.buf = e.buf[:0]
	}
}

// endStream ends the streamed element e: the rest of its text is read
// and its last links reported before it returns.
func (x *xmlReader) endStream(e *xmlElem) {
	if len(e.buf) > 0 {
		e.html.write(e.buf)
	}
	if err := e.html.close(); err != nil {
		x.htmlFailed(e.name, e.html.line, err)
	}
	e.html, e.buf = nil, nil // not kept as a spare: it grew to streamFrom
}

// htmlOptions are the options the HTML text of an element is read with:
// links to emit, and the run's token limit (doc/spec.md L6).
func (x *xmlReader) htmlOptions(emit func(htmlbase.Link)) htmlbase.Options {
	o := x.s.Options()
	return htmlbase.Options{Charset: "utf-8", Delimit: o.Delimit, MaxToken: o.MaxToken, Emit: emit}
}

// htmlFailed warns that htmlbase stopped reading the HTML text of an
// element called name, which starts on line (a token over the limit):
// the links after that point are not found.
func (x *xmlReader) htmlFailed(name string, line int, err error) {
	x.s.Warn(x.c.At.String(), fmt.Errorf("line %d: the HTML text of <%s>: %w", line, name, err))
}

// endStreams ends the elements still read as they come when the
// document ends (cut short, or at an error): the links of the text read
// are not lost.
func (x *xmlReader) endStreams() {
	for i := range x.stack {
		if e := &x.stack[i]; e.html != nil {
			x.endStream(e)
		}
	}
}

// reportHTML reports the link l that htmlbase found in the HTML text of
// an element, at span of the input, with the element's base.
func (x *xmlReader) reportHTML(l htmlbase.Link, span reader.Span, raw, base string) {
	kind := "html-attr"
	if l.Text {
		kind = "html-text"
	}
	h := &x.hit
	h.Set(x.c, kind, l.Ref, raw, span, l.Flags)
	h.Element, h.Attr, h.SameDocument, h.Source = l.Element, l.Attr, l.SameDocument, resolve.FromHTML
	x.s.Report(h, base)
}

// write hands b to htmlbase and waits until it has read all of it, or
// has returned; b may be written over once write returns.
func (s *htmlStream) write(b []byte) {
	if len(b) == 0 {
		return
	}
	select {
	case s.in <- b:
	case <-s.done:
		s.raise()
		return
	}
	select {
	case <-s.ack:
	case <-s.done:
		s.raise()
	}
}

// close ends the text, waits for htmlbase to return, and returns its
// error.
func (s *htmlStream) close() error {
	close(s.in)
	<-s.done
	s.raise()
	return s.err
}

// raise panics again, on the reader's goroutine, with a panic of
// htmlbase's, which extract then reports as the input's error.
func (s *htmlStream) raise() {
	if p := s.panicked; p != nil {
		s.panicked = nil
		panic(p)
	}
}

// Read implements io.Reader for htmlbase: the piece being read, then,
// once it is all taken, the next one (telling write that this one is).
func (s *htmlStream) Read(p []byte) (int, error) {
	for len(s.cur) == 0 {
		if s.asked {
			s.ack <- struct{}{}
		}
		b, ok := <-s.in
		if !ok {
			return 0, io.EOF
		}
		s.cur, s.asked = b, true
	}
	n := copy(p, s.cur)
	s.cur = s.cur[n:]
	return n, nil
}

var _ io.Reader = (*htmlStream)(nil)
