package extract

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/limit"
	"github.com/urix/urix/extract/mail"
	"github.com/urix/urix/htmlbase/charset"
	"github.com/urix/urix/resolve"
)

// sniffLen is how much of an input is looked at to decide its format and
// whether it is binary (SPEC §8: NUL bytes in the first 8 KiB, as grep).
const sniffLen = 8 << 10

// Input is an input opened by the caller, such as a document fetched over
// HTTP, with what its container says about it.
type Input struct {
	R         io.Reader
	Name      string // shown in hits and messages
	Retrieval string // the URI it was retrieved from (Section 5.1.3); "" for none
	Type      Type   // its format when the container says (TypeForMediaType); Auto sniffs
	Charset   string // charset declared by the container, for formats that decode their own; "" for none

	// WARCCounts, when not nil, counts the records of a WARC input as
	// they are read (for pipeline counters).
	WARCCounts *WARCCounts

	whole *io.SectionReader // R as a whole regular file, when it is one
}

// content is one piece of an input for a format's reader: a whole input,
// or a part of one (a MIME part), with where it stands.
type content struct {
	r        io.Reader
	name     string // the input's name: its extension helps sniffing
	declared string // charset declared by the container (HTTP, MIME), "" for none
	base     string // the encapsulating or retrieval base (Section 5.1.2–5.1.4); "" for none

	part      string // MIME part path ("1.2"), "" outside mail
	message   int    // 1-based message number, 0 outside mail
	messageID string

	// pos maps positions in r (1-based line and byte column) to the
	// input as stored; nil when r is the input itself.
	pos mail.PosMap
	// whole is r as a regular, uncompressed file, for the <base> pre-scan
	// of a large HTML document (see readHTML); nil otherwise.
	whole *io.SectionReader
	// decoded says r was converted to UTF-8 from the UTF-16 its byte
	// order mark said: an encoding declaration inside means nothing.
	decoded bool

	// A WARC record's (warc.go): what every hit of it carries.
	page, warcID, warcDate string
	warcOffset             int64
	status                 int
}

// job is the extraction of one input.
type job struct {
	x         *Extractor
	file      string
	emit      func(Hit) error
	warnFn    func(error)
	resolvers map[string]*resolve.Resolver // parsed bases, by base string
	lastBase  string                       // the base resolver last returned, and its resolver
	lastRV    *resolve.Resolver
	stop      error            // an error of emit: the job stops
	tbuf      []byte           // small texts, reused (readText)
	sc        *delimit.Scanner // the Scanner of larger texts, reused (readText)
	hbuf      []byte           // the head of an HTML part, reused (readHTML)
	hrd       bytes.Reader     // reads hbuf
	whttp     *bufio.Reader    // a WARC record's HTTP message, reused (warcRecord)
	wbody     *bufio.Reader    // a WARC record's body, reused (warcBody)
	wc        *WARCCounts      // Input.WARCCounts
}

func (j *job) warn(where string, err error) {
	if j.warnFn != nil {
		j.warnFn(&Warning{File: j.file, Where: where, Err: err})
	}
}

// File extracts the hits of the file at path ("-" is standard input) and
// passes them to emit in input order; warnings go to warn (which may be
// nil). An error emit returns stops the extraction and is returned; any
// other error is an *InputError naming the file, and the hits found before
// it were passed on.
func (x *Extractor) File(path string, emit func(Hit) error, warn func(error)) error {
	if path == "-" {
		return x.Reader(os.Stdin, "-", "", emit, warn)
	}
	in, f, err := openFile(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return x.Input(in, emit, warn)
}

// openFile opens a file as an Input whose retrieval URI is its file:// URI.
func openFile(path string) (Input, *os.File, error) {
	f, err := openRead(path)
	if err != nil {
		return Input{}, nil, fileError(path, err)
	}
	st, err := f.Stat()
	if err == nil && st.IsDir() {
		f.Close()
		return Input{}, nil, &InputError{File: path, Err: ErrIsDir}
	}
	in := fileInput(f, path, st, err)
	if abs, err := filepath.Abs(path); err == nil {
		in.Retrieval = FileURI(abs)
	}
	return in, f, nil
}

// FileInput returns an Input reading f, a file just opened, called name,
// with no retrieval URI. A regular file is read as a whole, as File reads
// it: a damaged WARC record is searched past from its own start, and a
// large HTML document's <base> is looked for before it is read.
func FileInput(f *os.File, name string) Input {
	st, err := f.Stat()
	return fileInput(f, name, st, err)
}

// fileInput is FileInput given what f.Stat returned.
func fileInput(f *os.File, name string, st os.FileInfo, statErr error) Input {
	in := Input{R: f, Name: name}
	if statErr == nil && st.Mode().IsRegular() {
		in.whole = io.NewSectionReader(f, 0, st.Size())
	}
	return in
}

// ErrIsDir reports a directory given where a file was expected (Run reads
// the files below it with RunOptions.Recursive).
var ErrIsDir = errors.New("is a directory")

// fileError turns an os error into an *InputError that names the file once.
func fileError(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &InputError{File: path, Err: err}
}

// Reader extracts the hits of r, an input called name, whose retrieval URI
// is retrieval ("" for none). Options.Base, when set, replaces retrieval (B1).
func (x *Extractor) Reader(r io.Reader, name, retrieval string, emit func(Hit) error, warn func(error)) error {
	return x.Input(Input{R: r, Name: name, Retrieval: retrieval}, emit, warn)
}

// Input extracts the hits of in. Options.Type, when not Auto, overrides
// in.Type, and Options.Base overrides in.Retrieval (B1). A panic while it
// reads is an *InputError wrapping a *PanicError (SPEC §8).
func (x *Extractor) Input(in Input, emit func(Hit) error, warn func(error)) (err error) {
	defer recoverInput(in.Name, &err)
	j := &job{x: x, file: in.Name, emit: emit, warnFn: warn, wc: in.WARCCounts}
	retrieval := in.Retrieval
	if x.opts.Base != "" {
		retrieval = x.opts.Base
	}
	typ := in.Type
	if x.opts.Type != Auto {
		typ = x.opts.Type
	}
	c := &content{r: &stopReader{r: in.R, j: j}, name: in.Name, declared: in.Charset, base: retrieval, whole: in.whole}
	err = j.run(c, typ)
	if j.sc != nil {
		j.sc.Reset(nil)
		x.scanners.Put(j.sc)
	}
	if j.stop != nil {
		return j.stop
	}
	if err != nil {
		return &InputError{File: in.Name, Err: err}
	}
	return nil
}

// stopReader ends the input once the job is stopped, so that every reader
// stops at its next read. It also keeps the end of the input: a terminal
// gives io.EOF once per Ctrl-D, and a reader that reads again after it (a
// bufio.Reader that peeked up to the end) would wait for a second one.
type stopReader struct {
	r   io.Reader
	j   *job
	eof bool
}

func (s *stopReader) Read(p []byte) (int, error) {
	if s.j.stop != nil {
		return 0, s.j.stop
	}
	if s.eof {
		return 0, io.EOF
	}
	n, err := s.r.Read(p)
	s.eof = err == io.EOF
	return n, err
}

// inputBuffers hold the 64 KiB read buffers of inputs: one per input was
// most of what urix allocated on a tree of small files (170 MB for the 2,658
// pages of the benchmark's html/), and so most of the GC's work.
var inputBuffers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

// run decompresses and sniffs one input of the given type (Auto: sniff)
// and hands it to its format's reader.
func (j *job) run(c *content, typ Type) error {
	br := inputBuffers.Get().(*bufio.Reader)
	br.Reset(c.r)
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
	if isGzip(head) || (len(head) == 0 && strings.HasSuffix(c.name, ".gz")) {
		if f := ownGzipFormat(head, c.name, typ); f != nil {
			c.r = br // the reader decompresses member by member (WARC)
			return f.read(j, c)
		}
		zr, err := gzip.NewReader(br)
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		inner := *c
		inner.r = limit.Reader(namedErrors{zr, "gzip"}, j.x.opts.MaxDecoded, ErrTooLarge)
		inner.name = strings.TrimSuffix(c.name, ".gz")
		inner.whole = nil // the file holds compressed bytes
		return j.run(&inner, typ)
	}
	f := formatOf(typ)
	// A UTF-16 byte order mark comes before the NUL test (SPEC H5, §8):
	// such text is full of NUL bytes and is not binary. HTML reads the
	// mark itself; any other format gets the text converted to UTF-8.
	bom := utf16BOM(head)
	if f == nil {
		sh := head
		if bom != nil {
			sh, _, _ = transform.Bytes(bom.NewDecoder(), head[:len(head)&^1])
		}
		f = sniffFormat(sh, c.name)
		if bom == nil && !j.x.opts.Binary && !f.binary && bytes.IndexByte(head, 0) >= 0 {
			j.warn("", ErrBinary)
			return nil
		}
	}
	c.r = br
	// A format of binary records (WARC) reads bytes: what looks like a
	// mark there is damage before a record, not the text's encoding.
	if bom != nil && f != formatOf(HTML) && !f.binary {
		inner := *c
		inner.r = transform.NewReader(br, bom.NewDecoder())
		inner.declared, inner.decoded, inner.whole = "", true, nil
		c = &inner
	}
	err := f.read(j, c)
	if err == nil {
		err = peekErr
	}
	return err
}

// ownGzipFormat returns the format that reads the gzip input whose first
// bytes are head itself, or nil: the one --type names, else the one whose
// extension the name has (x.warc.gz), else the one the decompressed head
// of the first gzip member sniffs as.
func ownGzipFormat(head []byte, name string, typ Type) *format {
	if f := formatOf(typ); f != nil {
		if f.ownGzip {
			return f
		}
		return nil
	}
	lower := strings.ToLower(name)
	for _, f := range formats {
		for _, e := range f.extensions {
			if f.ownGzip && strings.HasSuffix(lower, e) {
				return f
			}
		}
	}
	zr, err := gzip.NewReader(bytes.NewReader(head))
	if err != nil {
		return nil
	}
	inner, _ := io.ReadAll(io.LimitReader(zr, sniffLen))
	for _, f := range formats {
		if f.ownGzip && f.sniff != nil && f.sniff(inner) {
			return f
		}
	}
	return nil
}

// namedErrors names the decoder in the errors of a compressed stream, so
// that a truncated file says "gzip: unexpected EOF".
type namedErrors struct {
	r    io.Reader
	name string // "gzip", "HTTP body: brotli"
}

func (d namedErrors) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	if err != nil && err != io.EOF && !errors.Is(err, ErrTooLarge) {
		err = fmt.Errorf("%s: %w", d.name, err)
	}
	return n, err
}

func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }

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

// FileURI returns the file:// URI of an absolute path, percent-encoding the
// bytes that may not stand in a URI path (Section 5.1.3 for local files).
func FileURI(abs string) string {
	abs = filepath.ToSlash(abs)
	if !strings.HasPrefix(abs, "/") {
		abs = "/" + abs // Windows: C:/x -> /C:/x
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.WriteString("file://")
	for i := 0; i < len(abs); i++ {
		c := abs[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// span is where a reference was found in a content's stream: the line and
// column of its start and of its end, and its byte range.
type span struct {
	line, col       int
	endLine, endCol int
	start, end      int64
}

// textSpan is the span of a delimit hit, whose Raw is the stream's text
// from Start to End.
func textSpan(h delimit.Hit) span {
	s := span{line: h.Line, col: h.Col, endLine: h.Line, endCol: h.Col + len(h.Raw), start: h.Start, end: h.End}
	if n := strings.Count(h.Raw, "\n"); n > 0 {
		s.endLine += n
		s.endCol = len(h.Raw) - strings.LastIndexByte(h.Raw, '\n')
	}
	return s
}

// newHit is the one constructor of hits: a reference ref, written raw, of
// the given kind, found at sp in content c. Positions are mapped onto the
// input as stored.
func (j *job) newHit(c *content, kind, ref, raw string, sp span, flags delimit.Flags) Hit {
	h := Hit{
		URI: ref, Raw: raw, File: j.file, Kind: kind,
		Line: sp.line, Col: sp.col, Offset: sp.start, End: sp.end,
		Part: c.part, Message: c.message, MessageID: c.messageID,
		Page: c.page, WARCRecordOffset: c.warcOffset, WARCRecordID: c.warcID, WARCDate: c.warcDate, Status: c.status,
		HyphenBreak: flags&delimit.HyphenBreak != 0,
		Truncated:   flags&delimit.Truncated != 0,
	}
	if c.pos != nil {
		p := c.pos.Map(sp.line, sp.col, sp.start)
		e := c.pos.Map(sp.endLine, sp.endCol, sp.end)
		h.Line, h.Col, h.Offset, h.End = p.Line, p.Col, p.Offset, max(e.Offset, p.Offset)
	}
	return h
}

// resolver returns the parsed form of base, or nil when base is empty or
// not absolute.
func (j *job) resolver(base string) *resolve.Resolver {
	if base == "" {
		return nil
	}
	if base == j.lastBase { // most hits share their content's base
		return j.lastRV
	}
	if r, ok := j.resolvers[base]; ok {
		j.lastBase, j.lastRV = base, r
		return r
	}
	r, err := resolve.NewResolver(base, j.x.opts.Resolve)
	if err != nil {
		r = nil
	}
	if j.resolvers == nil {
		j.resolvers = make(map[string]*resolve.Resolver)
	}
	j.resolvers[base] = r
	j.lastBase, j.lastRV = base, r
	return r
}

// whatwg returns what a browser's URL parser gives for ref against base
// (WHATWG mode, SPEC R2), every reference alike, with the query encoded in
// enc, the encoding of the HTML document ref is in ("" or "utf-8" for
// UTF-8). The parser encodes what a URL cannot hold itself. A reference it
// rejects ("http://a:b/", a relative one with no base) is returned as
// found with ok false: reported unresolved, and dropped by --absolute.
func (j *job) whatwg(ref, base, enc string) (string, bool) {
	opts := j.x.opts.Resolve
	key := base
	if enc != "" && enc != "utf-8" {
		opts.QueryEncoding, _, _ = charset.Lookup(enc)
		key = enc + "\x00" + base
	}
	var rv *resolve.Resolver
	if base != "" {
		var ok bool
		if rv, ok = j.resolvers[key]; !ok {
			rv, _ = resolve.NewResolver(base, opts)
			if j.resolvers == nil {
				j.resolvers = make(map[string]*resolve.Resolver)
			}
			j.resolvers[key] = rv
		}
	}
	if rv == nil {
		if resolve.Scheme(ref) == "" {
			return ref, false
		}
		var err error
		if rv, err = resolve.NewResolver(ref, opts); err != nil {
			return ref, false
		}
	}
	return rv.ResolveHref(ref)
}

// report makes h.URI (the reference as found) absolute against base,
// applies --ascii, --normalize and the filters, and emits the hit.
func (j *job) report(h Hit, base string) {
	if j.stop != nil {
		return
	}
	h.Base = base
	if j.x.opts.Resolve.Mode == resolve.WHATWG {
		h.URI, h.Resolved = j.whatwg(h.URI, base, h.enc)
	} else {
		if h.html {
			h.URI = resolve.EscapeInvalid(h.URI) // href="a b" is a%20b, as browsers send it
		}
		rv := j.resolver(base)
		h.URI, h.Resolved = resolve.Absolute(h.URI, rv)
		if rv == nil && h.Resolved {
			// With no base, a reference that has a scheme still gets what
			// the mode does to one (dot segments removed under RFC 3986, R2).
			h.URI = resolve.AbsoluteSelf(h.URI, j.x.opts.Resolve)
		}
	}
	if j.x.opts.ASCII {
		h.URI = resolve.ToASCII(h.URI)
	}
	if j.x.opts.Normalize {
		h.URI = resolve.Normalize(h.URI)
	}
	if !j.x.wanted(&h) {
		return
	}
	if err := j.emit(h); err != nil {
		j.stop = err
	}
}
