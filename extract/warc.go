package extract

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/andybalholm/brotli"

	"github.com/urix/urix/extract/limit"
	"github.com/urix/urix/extract/mail"
	"github.com/urix/urix/extract/warc"
	"github.com/urix/urix/resolve"
)

// WARC archives (SPEC §7a): package warc walks the records; response and
// resource records are read here, their bodies through the format table by
// media type, with the record's target URI as the page of every hit.
//
// Positions: in an uncompressed WARC a hit points into the file (the
// record's block offset and line, plus the hit's place in the HTTP body)
// when the body is stored as sent; a body with a transfer or content
// coding undone, and an HTTP Location header, pin their hits to the
// record's start. In a .warc.gz every hit of a record is pinned to the
// offset of its gzip member (what CDX indexes give), with line and column
// 0: the compressed file has no lines.
const WARC Type = "warc"

// The WARC entry's reader reads its records through the format table, so
// it is set here, not in the table's literal (an initialization cycle).
func init() { formatOf(WARC).read = readWARC }

// looksLikeWARC reports whether b starts a WARC record.
func looksLikeWARC(b []byte) bool { return bytes.HasPrefix(b, []byte("WARC/1.")) }

// ErrContentEncoding reports an HTTP body in a content coding urix cannot
// undo (compress, zstd, ...): the record is skipped.
var ErrContentEncoding = errors.New("unsupported HTTP Content-Encoding: body skipped")

// WARCCounts count the records of a WARC input (Input.WARCCounts).
type WARCCounts struct {
	Records  int64 // records read, damaged ones included
	Read     int64 // response and resource records whose content was read for hits
	Revisits int64 // revisit records (skipped)
	Damaged  int64 // damaged records, reported and skipped
}

// readWARC reads a WARC file, plain or gzip members; damaged records are
// warnings, and reading goes on at the next record.
func readWARC(j *job, c *content) error {
	src := c.r
	if c.whole != nil {
		// A regular file can seek: a damaged record is searched past
		// from its own start (package warc), never from where reading
		// stopped.
		src = io.NewSectionReader(c.whole, 0, c.whole.Size())
	}
	wr := warc.NewReader(src, warc.Options{MaxRecord: j.x.opts.MaxDecoded, MaxMember: j.x.opts.MaxDecoded})
	revisits := 0
	wc := j.wc
	if wc == nil {
		wc = new(WARCCounts)
	}
	for j.stop == nil {
		rec, err := wr.Next()
		if err == io.EOF {
			break
		}
		var re *warc.RecordError
		if errors.As(err, &re) {
			wc.Records++
			wc.Damaged++
			j.warn("", err)
			continue
		}
		if err != nil {
			return err
		}
		wc.Records++
		switch rec.Type() {
		case "response", "resource":
			read, err := j.warcRecord(rec)
			if err != nil {
				wc.Damaged++
				j.warn("", &warc.RecordError{Offset: rec.Offset, Err: err})
			} else if read {
				wc.Read++
			}
		case "revisit":
			revisits++
			wc.Revisits++
		}
	}
	if revisits > 0 {
		j.warn("", fmt.Errorf("%d revisit record(s) skipped: they repeat an earlier capture", revisits))
	}
	return j.stop
}

// shiftPos maps positions in a record body stored as is onto the file.
type shiftPos struct {
	line int // the file's line of the body's first line
	off  int64
}

func (s shiftPos) Map(line, col int, off int64) mail.Pos {
	return mail.Pos{Line: s.line + line - 1, Col: col, Offset: s.off + off}
}

// lineCounter counts the bytes and line ends read through it, and fails
// with errHTTPHeader past max bytes (0: no limit).
type lineCounter struct {
	r     io.Reader
	n     int64
	lines int
	max   int64
}

// maxHTTPHeader caps what is read of a record before its HTTP header ends
// (net/http's reader has no limit of its own): SPEC §8, memory.
const maxHTTPHeader = 1 << 20

var errHTTPHeader = errors.New("HTTP header larger than 1 MiB")

func (l *lineCounter) Read(p []byte) (int, error) {
	if l.max > 0 {
		if l.n >= l.max {
			return 0, errHTTPHeader
		}
		p = p[:min(int64(len(p)), l.max-l.n)]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	l.lines += bytes.Count(p[:n], nl)
	return n, err
}

var nl = []byte("\n")

// warcRecord reads one response or resource record; read says its
// content was read (not a skipped status or message type).
func (j *job) warcRecord(rec *warc.Record) (read bool, err error) {
	target := rec.TargetURI()
	c := &content{name: target, base: target, page: target, warcOffset: rec.Offset,
		warcID: rec.Get("WARC-Record-ID"), warcDate: rec.Get("WARC-Date")}
	start := mail.Pinned(mail.Pos{Offset: rec.Offset})
	if !rec.Compressed {
		start = mail.Pinned(mail.Pos{Line: rec.Line, Col: 1, Offset: rec.Offset})
	}
	mt, params, _ := mime.ParseMediaType(rec.Get("Content-Type"))
	if mt != "application/http" || rec.Type() != "response" {
		c.pos = start
		if !rec.Compressed {
			c.pos = shiftPos{line: rec.BodyLine, off: rec.BodyOffset}
		}
		return true, j.warcBody(c, rec.Body, rec.Get("Content-Type"))
	}
	if m := params["msgtype"]; m != "" && !strings.EqualFold(m, "response") {
		return false, nil
	}
	lc := &lineCounter{r: rec.Body, max: maxHTTPHeader}
	br := reuse(&j.whttp, lc, 4096)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return false, fmt.Errorf("HTTP response header: %w", err)
	}
	lc.max = 0
	defer resp.Body.Close()
	c.status = resp.StatusCode
	buffered, _ := br.Peek(br.Buffered())
	headerLen := lc.n - int64(len(buffered))
	headerLines := lc.lines - bytes.Count(buffered, nl)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		if !j.x.opts.WARCAllStatus {
			return false, nil
		}
		if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode/100 == 3 {
			c.pos = start
			h := j.newHit(c, "http-location", loc, loc, span{}, 0)
			h.Header = "Location"
			j.report(h, target)
		}
	}
	if cl := resp.Header.Get("Content-Location"); cl != "" {
		if abs, ok := resolve.Absolute(cl, j.resolver(target)); ok {
			c.base = abs
		}
	}
	var body io.Reader = resp.Body
	coded := len(resp.TransferEncoding) > 0
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(body)
		if err != nil {
			return false, fmt.Errorf("HTTP body: gzip: %w", err)
		}
		body, coded = namedErrors{zr, "gzip"}, true
	case "deflate":
		zr, err := zlib.NewReader(body)
		if err != nil {
			return false, fmt.Errorf("HTTP body: deflate: %w", err)
		}
		body, coded = zr, true
	case "br":
		body, coded = namedErrors{brotli.NewReader(body), "HTTP body: brotli"}, true
	default:
		return false, fmt.Errorf("%w (%s)", ErrContentEncoding, enc)
	}
	c.pos = start
	if !coded && !rec.Compressed {
		c.pos = shiftPos{line: rec.BodyLine + headerLines, off: rec.BodyOffset + headerLen}
	}
	body = limit.Reader(body, j.x.opts.MaxDecoded, ErrTooLarge)
	return true, j.warcBody(c, body, resp.Header.Get("Content-Type"))
}

// reuse returns *b reset to read r, made with the given size the first
// time: one buffer per input, not one per record.
func reuse(b **bufio.Reader, r io.Reader, size int) *bufio.Reader {
	if *b == nil {
		*b = bufio.NewReaderSize(r, size)
	} else {
		(*b).Reset(r)
	}
	return *b
}

// warcBody reads a document of the given Content-Type (sniffed when there
// is none) with its format's reader; types no format reads are skipped.
func (j *job) warcBody(c *content, body io.Reader, ctype string) error {
	mt, params, _ := mime.ParseMediaType(ctype)
	br := reuse(&j.wbody, body, sniffLen)
	var f *format
	if mt != "" {
		f = formatForMediaType(mt)
	} else {
		head, _ := br.Peek(sniffLen)
		if !j.x.opts.Binary && bytes.IndexByte(head, 0) >= 0 {
			return nil
		}
		f = sniffFormat(head, c.name)
	}
	if f == nil || f.typ == WARC {
		return nil
	}
	c.r, c.declared = br, params["charset"]
	return f.read(j, c)
}
