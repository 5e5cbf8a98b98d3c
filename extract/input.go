package extract

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urix/urix/formats"
	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
	"github.com/urix/urix/sources"
)

// sniffLen is how much of an input is looked at to decide its format and
// whether it is binary (SPEC L2: NUL bytes in the first 8 KiB, as grep).
const sniffLen = 8 << 10

// Input is an input opened by the caller (package sources opens files,
// standard input and URLs), with what its container says about it.
type Input = sources.Input

// job is the extraction of one input; it is the reader.Sink its
// format's reader reports to.
type job struct {
	x         *Extractor
	file      string
	emit      func(*Hit) error
	warnFn    func(error)
	count     func(string, int64)
	resolvers map[string]*resolve.Resolver // parsed bases, by base string
	lastBase  string                       // the base resolver last returned, and its resolver
	lastRV    *resolve.Resolver
	// resolverBytes is the text of the bases in resolvers; longBaseNoted:
	// a base longer than resolve.MaxBase was noted.
	resolverBytes int
	longBaseNoted bool
	stop          error            // an error of emit, or errMaxCount: the job stops
	emitted       int              // hits passed to emit (-m)
	opts          *reader.Options  // what its readers are given: the run's, or a copy with the input's Base
	truncated     bool             // a hit was cut at delimit.MaxHit (warned once)
	unwrapped     bool             // a wrapper could not be removed (noted once)
	halt          *bool            // see Extractor.input
	budget        *limit.Expansion // the input's expansion budget (reader.Sink.Budget)
}

func (j *job) warn(where string, err error) {
	if j.warnFn != nil && j.stop != errMaxCount {
		j.warnFn(&Warning{File: j.file, Where: where, Err: err})
	}
	if j.halt != nil && *j.halt && j.stop == nil {
		j.stop = errStopped // the caller left the loop on a warning
	}
}

// File extracts the hits of the file at path ("-" is standard input) and
// passes them to emit in input order; warnings go to warn (which may be
// nil). The hit emit gets is valid until emit returns: one that is kept
// is copied (*h, and h.Own() with Options.Borrow); hits are large, and a
// pointer is all that each passes on its way out (doc/spec.md PF3). An
// error emit returns stops the extraction and is returned; any other
// error is an *InputError naming the file, and the hits found before it
// were passed on. Hits and FileHits give hits the caller owns.
func (x *Extractor) File(path string, emit func(*Hit) error, warn func(error)) error {
	in, closer, err := sources.Open(path)
	if err != nil {
		return err
	}
	defer closer.Close()
	return x.Input(in, emit, warn)
}

// Reader extracts the hits of r, an input called name, whose retrieval URI
// is retrieval ("" for none). Options.Base, when set, replaces retrieval (B1).
func (x *Extractor) Reader(r io.Reader, name, retrieval string, emit func(*Hit) error, warn func(error)) error {
	return x.Input(Input{R: r, Name: name, Retrieval: retrieval}, emit, warn)
}

// Input extracts the hits of in. Options.Type, when not Auto, overrides
// the format in.MediaType picks, and Options.Base overrides in.Retrieval
// (B1). A panic while it reads is an *InputError wrapping a *PanicError
// (doc/spec.md L11).
func (x *Extractor) Input(in Input, emit func(*Hit) error, warn func(error)) error {
	return x.input(in, emit, warn, nil)
}

// input is Input; halt, when not nil, is looked at after each warning:
// once it is true the input stops, as if emit had failed (InputHits, whose
// caller may leave the loop on a warning).
func (x *Extractor) input(in Input, emit func(*Hit) error, warn func(error), halt *bool) (err error) {
	defer recoverInput(in.Name, &err)
	st := inputStates.Get().(*inputState)
	defer st.put()
	j := &st.j
	*j = job{x: x, file: in.Name, emit: emit, warnFn: warn, count: in.Count, opts: &x.readerOpts, halt: halt, resolvers: j.resolvers}
	retrieval := in.Retrieval
	if x.opts.Base != "" {
		retrieval = x.opts.Base
	}
	if in.Base != "" {
		retrieval = in.Base
		j.opts = new(reader.Options)
		*j.opts = x.readerOpts
		j.opts.Base = in.Base
	}
	typ := x.opts.Type
	if typ == formats.Auto && in.MediaType != "" {
		if f := x.formats.ByMediaType(in.MediaType); f != nil {
			typ = formats.Type(f.Name)
		}
	}
	sr := &st.sr
	*sr = stopReader{r: in.R, j: j, consumed: in.Consumed}
	c := &st.c
	*c = reader.Content{R: sr, Name: in.Name, Declared: in.Charset, Base: retrieval, Whole: in.Whole}
	// One budget for all the input decodes, at every level (doc/spec.md
	// L10): its ratio is to the bytes of the input as stored, the file's
	// size when it is a file (a zip is read in place, not through R).
	if in.Whole != nil {
		sr.size = in.Whole.Size()
		c.Consumed = st.consume
	}
	st.budget.Init(x.opts.MaxDecoded, ErrTooLarge, st.stored)
	j.budget = &st.budget
	err = j.run(c, typ)
	if j.stop == errMaxCount {
		return nil // -m: the input ends there, as it should
	}
	if j.stop != nil {
		return j.stop
	}
	if err != nil {
		return &InputError{File: in.Name, Err: err}
	}
	return nil
}

// inputState is what the extraction of one input takes, kept for the
// next: on a tree of small files, fresh memory for it on every file was
// a page fault each (some 3 µs in a virtual machine; at -j 2 also a TLB
// shootdown that stops the other CPU). Nothing of it outlives the input:
// a hit is handed on by pointer and valid until emit returns, and
// warnings and errors copy what they name.
type inputState struct {
	j      job
	sr     stopReader
	c      reader.Content
	budget limit.Expansion
	// sr's methods as the budget and the Content take them, bound once
	// (a method value made per input was an allocation each).
	stored  func() int64
	consume func(int64) error
}

var inputStates = sync.Pool{New: func() any {
	st := new(inputState)
	st.stored, st.consume = st.sr.stored, st.sr.consume
	return st
}}

// put clears st, keeping the job's map of resolvers (emptied) and the
// bound methods, and puts it back for the next input.
func (st *inputState) put() {
	m := st.j.resolvers
	if len(m) > 64 {
		m = nil // a large one (an archive's) is not kept
	}
	clear(m)
	*st = inputState{j: job{resolvers: m}, stored: st.stored, consume: st.consume}
	inputStates.Put(st)
}

// stopReader ends the input once the job is stopped, so that every reader
// stops at its next read. It also keeps the end of the input: a terminal
// gives io.EOF once per Ctrl-D, and a reader that reads again after it (a
// bufio.Reader that peeked up to the end) would wait for a second one.
type stopReader struct {
	r        io.Reader
	j        *job
	eof      bool
	read     int64               // bytes read through it
	size     int64               // the input's size when it is a file (Input.Whole), else 0
	consumed func(n int64) error // Input.Consumed
}

// stored is the bytes of the input as stored that the budget's ratio is
// to: those read so far, or the file's size when it is a file.
func (s *stopReader) stored() int64 { return max(s.read, s.size) }

func (s *stopReader) Read(p []byte) (int, error) {
	if s.j.stop != nil {
		return 0, s.j.stop
	}
	if s.eof {
		return 0, io.EOF
	}
	n, err := s.r.Read(p)
	s.read += int64(n)
	s.eof = err == io.EOF
	return n, err
}

// consume is Content.Consumed: the bytes up to off not read through s are
// passed on as read to Input.Consumed, and a stopped job, or an error of
// Input.Consumed (the run stopped), is returned.
func (s *stopReader) consume(off int64) error {
	if s.j.stop != nil {
		return s.j.stop
	}
	if off <= s.read {
		return nil
	}
	n := off - s.read
	s.read = off
	if s.consumed != nil {
		return s.consumed(n)
	}
	return nil
}

// inputBuffers hold the 64 KiB read buffers of inputs: one per input was
// most of what urix allocated on a tree of small files (170 MB for the 2,658
// pages of the benchmark's html/), and so most of the GC's work.
var inputBuffers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

// run decompresses and sniffs one input of the given type (Auto: sniff)
// and hands it to its format's reader.
func (j *job) run(c *reader.Content, typ formats.Type) error {
	br := inputBuffers.Get().(*bufio.Reader)
	br.Reset(c.R)
	defer func() { br.Reset(nil); inputBuffers.Put(br) }()
	// A read error while sniffing does not end the input here: what was
	// read is still scanned; the error comes back from the reader, or at
	// the end if the reader does not repeat it.
	var head []byte
	var peekErr error
	if j.x.opts.LineBuffered {
		// Sniff what the first read gives: more may come much later.
		if head, peekErr = br.Peek(1); peekErr == nil {
			head, _ = br.Peek(min(br.Buffered(), sniffLen))
		}
	} else {
		head, peekErr = br.Peek(sniffLen)
	}
	if peekErr == io.EOF || peekErr == bufio.ErrBufferFull {
		peekErr = nil
	}
	if kind, suffix := formats.Compression(head, c.Name); kind != "" {
		if f := j.x.formats.OwnGzip(head, c.Name, typ); f != nil {
			c.R = br // the reader decompresses member by member (WARC)
			return f.Read(c, j)
		}
		compressed := &limit.Counter{R: br}
		zr, err := formats.Decompress(kind, compressed, j.Budget())
		if err != nil {
			err = decomp.HeaderErr(err, compressed.N)
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return fmt.Errorf("%s: %w", kind, truncatedError("truncated inside its header, after "+byteCount(compressed.N)))
			}
			return fmt.Errorf("%s: %w", kind, err)
		}
		defer zr.Close()
		inner := *c
		// Capped in size and in ratio (a bomb), and cut at a word when
		// it fails, so that a damaged or capped stream yields no cut URI
		// (doc/spec.md L9).
		// The decoder's budget is a Child of the input's, held to the
		// ratio of the compressed bytes read so far: a bomb at the start
		// of a large file stops at once, not at the file's size.
		budget := j.Budget().Child(j.x.opts.MaxDecoded, ErrTooLarge, func() int64 { return compressed.N })
		inner.R = limit.CutAtSpace(budget.Reader(limit.Named(&gzipTruncation{r: zr, compressed: compressed}, kind)))
		inner.Name = strings.TrimSuffix(c.Name, suffix)
		inner.Whole = nil // the file holds compressed bytes
		return j.run(&inner, typ)
	}
	f := j.x.formats.ByName(typ)
	// A UTF-16 byte order mark comes before the NUL test (SPEC H5, L2):
	// such text is full of NUL bytes and is not binary. HTML reads the
	// mark itself; any other format gets the text converted to UTF-8.
	bom := utf16BOM(head)
	if f == nil {
		sh := head
		if bom != nil {
			sh, _, _ = transform.Bytes(bom.NewDecoder(), head[:len(head)&^1])
		}
		f = j.x.formats.Sniff(sh, c.Name)
		// An HTML page (by its name or its first bytes) is not binary
		// for a NUL in it (L2): a browser reads it, the NUL of an
		// attribute value becoming U+FFFD (H1).
		if bom == nil && !j.x.opts.Binary && !f.Binary && !f.AllowNUL && bytes.IndexByte(head, 0) >= 0 {
			j.warn("", reader.Note(ErrBinary))
			return nil
		}
	}
	c.R = br
	// A format of binary records (WARC) reads bytes: what looks like a
	// mark there is damage before a record, not the text's encoding; a
	// format that decodes its own charset (HTML) reads the mark itself.
	if bom != nil && !f.OwnCharset && !f.Binary {
		inner := *c
		inner.R = transform.NewReader(br, bom.NewDecoder())
		inner.Declared, inner.Decoded, inner.Whole = "", true, nil
		c = &inner
	}
	if c.Whole != nil && c.Consumed != nil && c.Pos == nil && !c.Decoded && !j.x.opts.LineBuffered {
		c.Held = held(br, c.Whole.Size())
	}
	err := f.Read(c, j)
	if err == nil {
		err = peekErr
	}
	return err
}

// held returns the whole input br reads, a regular file of size bytes,
// when it fits in br's buffer, nil otherwise (Content.Held): most files
// of a tree are read whole by the first read, and a reader that scans
// them in place copies nothing. The byte after size is asked for too, so
// that a file that grew since it was opened is read as a stream (a file
// the sources package opened answers that ask without a system call when
// its one read ended short at size).
func held(br *bufio.Reader, size int64) []byte {
	if size >= int64(br.Size()) {
		return nil
	}
	b, err := br.Peek(int(size) + 1)
	if err != io.EOF || int64(len(b)) != size {
		return nil
	}
	return b
}

// utf16BOM returns the UTF-16 encoding whose byte order mark b starts
// with (its decoder drops the mark), or nil.
func utf16BOM(b []byte) encoding.Encoding {
	switch {
	case bytes.HasPrefix(b, []byte("\xff\xfe")):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(b, []byte("\xfe\xff")):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	}
	return nil
}

// The reader.Sink methods of a job.

func (j *job) Options() *reader.Options { return j.opts }

func (j *job) Report(h *Hit, base string) { j.report(h, base) }

func (j *job) Warn(where string, err error) { j.warn(where, err) }

func (j *job) Resolver(base string) *resolve.Resolver { return j.resolver(base) }

func (j *job) FormatFor(mediaType string) *reader.Format { return j.x.formats.ByMediaType(mediaType) }

func (j *job) Sniff(head []byte, name string) *reader.Format { return j.x.formats.Sniff(head, name) }

func (j *job) Read(f *reader.Format, c *reader.Content) error { return f.Read(c, j) }

func (j *job) Err() error { return j.stop }

// Budget implements reader.Sink.
func (j *job) Budget() *limit.Expansion {
	if j.budget == nil {
		j.budget = limit.NewExpansion(j.x.opts.MaxDecoded, ErrTooLarge, nil)
	}
	return j.budget
}

func (j *job) Count(name string, n int64) {
	if j.count != nil {
		j.count(name, n)
	}
}

// gzipTruncation words the end of a gzip or zstd stream cut short (a download
// stopped, a disk full): "truncated" and how far it got, in compressed
// bytes read and bytes decompressed, instead of "unexpected EOF".
type gzipTruncation struct {
	r          io.Reader
	compressed *limit.Counter
	n          int64 // bytes decompressed
}

func (t *gzipTruncation) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.n += int64(n)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = truncatedError(fmt.Sprintf("truncated after %s compressed (%s decompressed)", byteCount(t.compressed.N), byteCount(t.n)))
	}
	return n, err
}

// byteCount is "1 byte", "2 bytes".
func byteCount(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// truncatedError is a compressed stream cut short; it is an
// io.ErrUnexpectedEOF.
type truncatedError string

func (e truncatedError) Error() string { return string(e) }
func (truncatedError) Unwrap() error   { return io.ErrUnexpectedEOF }
