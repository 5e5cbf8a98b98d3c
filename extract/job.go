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
	"sync/atomic"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/htmlbase"
	"github.com/urix/urix/resolve"
)

// sniffLen is how much of an input is looked at to decide its kind and
// whether it is binary (SPEC §8: NUL bytes in the first 8 KiB, as grep).
const sniffLen = 8 << 10

// source says where a piece of content sits in its input: the base URI in
// effect before any base the content itself embeds (Section 5.1.2–5.1.4),
// and, for mail, the message and part, and where the content starts in the
// file so that positions point into the file as stored.
type source struct {
	base      string // encapsulating or retrieval base; "" for none
	part      string // MIME part path ("1.2"), "" outside mail
	message   int    // 1-based message number, 0 outside mail
	messageID string
	line      int   // lines of the file before the content (added to hit lines)
	offset    int64 // bytes of the file before the content (added to hit offsets)
}

// where names a mail location for warnings: "message 3, part 1.2".
func (s source) where() string {
	var parts []string
	if s.message > 0 {
		parts = append(parts, fmt.Sprintf("message %d", s.message))
	}
	if s.part != "" {
		parts = append(parts, "part "+s.part)
	}
	return strings.Join(parts, ", ")
}

// job is the extraction of one input.
type job struct {
	x         *Extractor
	file      string
	emit      func(Hit)
	warnFn    func(error)
	resolvers map[string]*resolve.Resolver // parsed bases, by base string
	found     int                          // hits emitted

	// whole is the input as a regular, uncompressed file, for the
	// pre-scan of a large HTML document (see scanHTML); nil otherwise.
	whole *io.SectionReader
}

func (j *job) warn(src source, err error) {
	if j.warnFn != nil {
		j.warnFn(&Warning{File: j.file, Where: src.where(), Err: err})
	}
}

// File extracts the hits of the file at path ("-" is standard input) and
// passes them to emit in input order; warnings go to warn (which may be nil).
// The error, if any, names the file; hits found before it were emitted.
func (x *Extractor) File(path string, emit func(Hit), warn func(error)) error {
	if path == "-" {
		return x.Reader(os.Stdin, "-", "", emit, warn)
	}
	return x.file(path, nil, emit, warn)
}

// file is File, adding the bytes read to counter when it is not nil.
func (x *Extractor) file(path string, counter *atomic.Int64, emit func(Hit), warn func(error)) error {
	f, err := os.Open(path)
	if err != nil {
		return fileError(path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return fmt.Errorf("%s: is a directory (use -r to scan directories)", path)
	}
	base := ""
	if abs, err := filepath.Abs(path); err == nil {
		base = FileURI(abs)
	}
	var r io.Reader = f
	if counter != nil {
		r = &countingReader{r: f, n: counter}
	}
	in := Input{R: r, Name: path, Retrieval: base}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		in.whole = io.NewSectionReader(f, 0, st.Size())
	}
	return x.Input(in, emit, warn)
}

// fileError turns an os error into a one-line message that names the file.
func fileError(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// Reader extracts the hits of r, an input called name, whose retrieval URI
// is retrieval ("" for none). Options.Base, when set, replaces retrieval (B1).
func (x *Extractor) Reader(r io.Reader, name, retrieval string, emit func(Hit), warn func(error)) error {
	return x.Input(Input{R: r, Name: name, Retrieval: retrieval}, emit, warn)
}

// Input is an input opened by the caller, such as a document fetched over
// HTTP, with what its container says about it.
type Input struct {
	R         io.Reader
	Name      string // shown in hits and messages
	Retrieval string // the URI it was retrieved from (Section 5.1.3); "" for none
	Type      Type   // its kind when the container says (Content-Type); Auto sniffs
	Charset   string // charset declared by the container, for HTML; "" for none

	whole *io.SectionReader // R as a whole regular file, when it is one
}

// Input extracts the hits of in. Options.Type, when not Auto, overrides
// in.Type, and Options.Base overrides in.Retrieval (B1).
func (x *Extractor) Input(in Input, emit func(Hit), warn func(error)) error {
	j := &job{x: x, file: in.Name, emit: emit, warnFn: warn, whole: in.whole}
	retrieval := in.Retrieval
	if x.opts.Base != "" {
		retrieval = x.opts.Base
	}
	kind := in.Type
	if x.opts.Type != Auto {
		kind = x.opts.Type
	}
	err := j.run(in.R, in.Name, kind, in.Charset, source{base: retrieval})
	if err != nil {
		return fmt.Errorf("%s: %w", in.Name, err)
	}
	return nil
}

// run sniffs, decompresses and routes one input of the given kind (Auto:
// sniff); charset is a charset declared outside the content, or "".
func (j *job) run(r io.Reader, name string, kind Type, charset string, src source) error {
	br := bufio.NewReaderSize(r, 64<<10)
	// A read error while sniffing does not end the input here: what was
	// read is still scanned; the error comes back from the reader, or at
	// the end if the reader does not repeat it.
	head, peekErr := br.Peek(sniffLen)
	if peekErr == io.EOF || peekErr == bufio.ErrBufferFull {
		peekErr = nil
	}
	if isGzip(head) || (len(head) == 0 && strings.HasSuffix(name, ".gz")) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		j.whole = nil // the file holds compressed bytes
		limited := CapReader(gzipErrors{zr}, j.x.opts.MaxDecoded, ErrTooLarge)
		return j.run(limited, strings.TrimSuffix(name, ".gz"), kind, charset, src)
	}
	if kind == Auto {
		if !j.x.opts.Binary && bytes.IndexByte(head, 0) >= 0 {
			j.warn(source{}, ErrBinary)
			return nil
		}
		kind = Sniff(head, name)
	}
	var err error
	switch kind {
	case HTML:
		err = j.scanHTML(br, charset, src)
	case Email:
		err = j.readMessage(br, src)
	case Mbox:
		err = j.readMbox(br, src)
	default:
		err = j.scanText(br, src)
	}
	if err == nil {
		err = peekErr
	}
	return err
}

// gzipErrors names gzip in the errors of a compressed stream, so that a
// truncated file says "gzip: unexpected EOF".
type gzipErrors struct{ r io.Reader }

func (g gzipErrors) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("gzip: %w", err)
	}
	return n, err
}

func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }

// CapReader returns a reader of r that fails with err once more than n
// bytes were read: the caps of SPEC §8 on decompressed, decoded and fetched
// input.
func CapReader(r io.Reader, n int64, err error) io.Reader {
	return &capReader{r: r, left: n, err: err}
}

type capReader struct {
	r    io.Reader
	left int64
	err  error
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// At the cap: fail only if there is more to read.
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n == 0 {
			return 0, err
		}
		return 0, c.err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
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

// scanText finds the URIs of plain text with delimit (Appendix E).
func (j *job) scanText(r io.Reader, src source) error {
	sc := delimit.NewScanner(r, j.x.opts.Delimit)
	for sc.Scan() {
		h := sc.Hit()
		j.textHit(h, src, "")
	}
	return sc.Err()
}

// textHit turns a delimit hit found in content at src into a Hit. kind
// overrides the delimiting kind (header, html-text) when not empty.
func (j *job) textHit(h delimit.Hit, src source, kind string) {
	if kind == "" {
		kind = h.Kind.String()
	}
	line, col := h.Line, h.Col
	if src.line > 0 {
		line += src.line
	}
	j.report(Hit{
		URI: h.URI, Raw: h.Raw, File: j.file,
		Line: line, Col: col, Offset: src.offset + h.Start, End: src.offset + h.End,
		Kind: kind, Part: src.part, Message: src.message, MessageID: src.messageID,
		HyphenBreak: h.Flags&delimit.HyphenBreak != 0,
		Truncated:   h.Flags&delimit.Truncated != 0,
	}, src.base)
}

// scanHTML reads an HTML document with htmlbase and reports its links,
// resolved against the document's own <base href> if it has one, else
// against src.base (SPEC H2, B1). charset is a charset declared outside the
// document (MIME, HTTP), or "".
//
// A <base> applies also to the links before it, so htmlbase collects the
// links of a document until its end; for a file larger than
// streamHTMLAbove in which a byte scan finds no "<base" at all, the links
// stream out instead, and memory stays bounded whatever their number.
func (j *job) scanHTML(r io.Reader, charset string, src source) error {
	opts := htmlbase.Options{Charset: charset, Delimit: j.x.opts.Delimit}
	if src.part == "" && j.whole != nil && j.whole.Size() > streamHTMLAbove && !mayHaveBaseTag(j.whole) {
		opts.Emit = func(l htmlbase.Link) { j.htmlHit(l, src, src.base) }
		_, err := htmlbase.Read(r, opts)
		return err
	}
	doc, err := htmlbase.Read(r, opts)
	if doc == nil {
		return err
	}
	base := src.base
	if doc.HasBase && doc.Base != "" {
		if b, ok := j.documentBase(doc.Base, src.base); ok {
			base = b
		}
	}
	for _, l := range doc.Links {
		j.htmlHit(l, src, base)
	}
	return err
}

// streamHTMLAbove is the file size above which scanHTML looks for "<base"
// first, to stream the links of a document that has none.
const streamHTMLAbove = 1 << 20

// mayHaveBaseTag reports whether "<base" followed by a tag delimiter occurs
// anywhere in the file, in any case: a cheap, conservative test (a "<base"
// in a comment or script also counts) that no <base> element exists.
func mayHaveBaseTag(f *io.SectionReader) bool {
	buf := make([]byte, 64<<10)
	const keep = len("<base ") - 1
	var off int64
	carry := 0
	for {
		n, err := f.ReadAt(buf[carry:], off)
		off += int64(n)
		chunk := buf[:carry+n]
		for i := 0; ; {
			k := bytes.IndexByte(chunk[i:], '<')
			if k < 0 {
				break
			}
			i += k + 1
			rest := chunk[i:]
			if len(rest) < keep && err == nil {
				break // decided with the next chunk
			}
			if len(rest) >= 4 && bytes.EqualFold(rest[:4], []byte("base")) &&
				(len(rest) == 4 || isTagEnd(rest[4])) {
				return true
			}
		}
		if err != nil {
			return false // io.EOF, or unreadable: the stream will report it
		}
		carry = copy(buf, chunk[len(chunk)-min(keep, len(chunk)):])
	}
}

func isTagEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>'
}

// htmlHit reports one link of an HTML document read at src, against base.
func (j *job) htmlHit(l htmlbase.Link, src source, base string) {
	kind := "html-attr"
	if l.Text {
		kind = "html-text"
	}
	line := l.Line
	if src.line > 0 {
		line += src.line
	}
	j.report(Hit{
		URI: l.Ref, Raw: l.Raw, File: j.file,
		Line: line, Col: l.Col, Offset: src.offset + l.Offset, End: src.offset + l.End,
		Kind: kind, Element: l.Element, Attr: l.Attr,
		Part: src.part, Message: src.message, MessageID: src.messageID,
		SameDocument: l.SameDocument,
		HyphenBreak:  l.Flags&delimit.HyphenBreak != 0,
		Truncated:    l.Flags&delimit.Truncated != 0,
		html:         true,
	}, base)
}

// compatRelative reports whether --compat makes the absolute-looking ref
// relative to base (resolve.Resolver.CompatRelative: "http:g").
func (j *job) compatRelative(ref, base string) bool {
	if !j.x.opts.Resolve.Compat {
		return false
	}
	r := j.resolver(base)
	return r != nil && r.CompatRelative(ref)
}

// documentBase returns the absolute form of a <base href>: as written when
// absolute, resolved against the retrieval base when relative (H2). A
// relative href with no base to resolve it against is ignored.
func (j *job) documentBase(href, retrieval string) (string, bool) {
	href = resolve.EscapeInvalid(href) // as for every attribute value
	if resolve.Validate(resolve.ToASCII(href)) != nil {
		return "", false // unparsable: ignored (H2); IRIs are checked as URIs
	}
	if resolve.Parse(href).IsAbsolute() {
		if _, err := resolve.NewResolver(href, j.x.opts.Resolve); err != nil {
			return "", false
		}
		return href, true
	}
	if r := j.resolver(retrieval); r != nil {
		return r.Resolve(href), true
	}
	return "", false
}

// resolver returns the parsed form of base, or nil when base is empty or
// not absolute.
func (j *job) resolver(base string) *resolve.Resolver {
	if base == "" {
		return nil
	}
	if r, ok := j.resolvers[base]; ok {
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
	return r
}

// report resolves h.URI (the reference as found) against base, applies
// --ascii, --normalize and the filters, and emits the hit. Absolute
// references are kept as written: only relative ones are resolved.
func (j *job) report(h Hit, base string) {
	h.Base = base
	if h.html {
		h.URI = resolve.EscapeInvalid(h.URI) // href="a b" is a%20b, as browsers send it
	}
	if schemeOf(h.URI) != "" && !j.compatRelative(h.URI, base) {
		h.Resolved = true
	} else if r := j.resolver(base); r != nil {
		h.URI = r.Resolve(h.URI)
		h.Resolved = true
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
	j.found++
	j.emit(h)
}
