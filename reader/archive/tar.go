package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ulikunitz/xz"

	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
)

// compression names the compressed stream b starts, "" for none.
func compression(b []byte) string {
	switch {
	case len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b:
		return "gzip"
	case len(b) >= 10 && bytes.HasPrefix(b, []byte("BZh")) && '1' <= b[3] && b[3] <= '9' && string(b[4:10]) == "1AY&SY":
		return "bzip2"
	case bytes.HasPrefix(b, []byte("\xfd7zXZ\x00")):
		return "xz"
	case decomp.IsZstd(b):
		return "zstd"
	}
	return ""
}

// decompress returns a reader of the compressed stream r, charged to
// the input's budget b. An xz stream is walked by an xzGuard, which
// checks the dictionary of every block of every stream.
func decompress(kind string, r io.Reader, b *Budget) (io.Reader, func() error, error) {
	var d io.Reader
	done := func() error { return nil }
	switch kind {
	case "gzip":
		zr, err := decomp.Gzip(r)
		if err != nil {
			return nil, nil, err
		}
		d = zr
	case "zstd":
		zr, err := decomp.Zstd(r, nil, b)
		if err != nil {
			return nil, nil, err
		}
		d, done = zr, zr.Close
	case "bzip2":
		d = bzip2.NewReader(r)
	case "xz":
		g := newXZGuard(r, b)
		done = func() error { g.release(); return nil }
		zr, err := xz.ReaderConfig{SingleStream: false}.NewReader(g)
		if err != nil {
			g.release()
			if errors.Is(err, ErrDictionary) {
				return nil, nil, ErrDictionary
			}
			return nil, nil, fmt.Errorf("xz: %w", err)
		}
		d = zr
	}
	return b.Reader(limit.Named(d, kind)), done, nil
}

// readTar reads a tar archive, or a compressed stream: what it holds, a
// tar or not, is read as a member would be (through the table).
func readTar(c *reader.Content, s reader.Sink) error {
	c, s = rootSink(c, s, true)
	br := bufio.NewReaderSize(c.R, 64<<10)
	head, _ := br.Peek(sniffLen)
	if kind := compression(head); kind != "" {
		return readCompressed(c, s, kind, br)
	}
	if !looksLikeTar(head) && !strings.HasSuffix(strings.ToLower(c.Name), ".tar") {
		return ErrNotTar
	}
	m, err := Begin(c, s)
	if err != nil {
		return err
	}
	defer m.End()
	// A tar's bytes are not decoded here: the decompression around it,
	// or the zip member it is, counts them against the budget.
	t := &tarReader{m: m, cr: &limit.Counter{R: br}}
	t.tr = tar.NewReader(t.cr)
	t.tm = &tarMember{tr: t.tr}
	return t.members()
}

// tarReader reads the members of one tar.
type tarReader struct {
	m  *Members
	cr *limit.Counter // where the tar reader is: archive/tar reads headers and skips data whole blocks at a time, and nothing ahead
	tr *tar.Reader
	tm *tarMember
}

func (t *tarReader) members() error {
	m := t.m
	for {
		h, err := t.tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if goOn, err := t.damaged(err); !goOn {
				return err
			}
			continue
		}
		if isSparse(h) {
			// archive/tar gives a sparse member's holes as NUL bytes
			// (2^60 of them, if the header says so), and Next skips
			// only its stored bytes: skipped, named (doc/spec.md A8,
			// work bounded by the input).
			m.Warn(h.Name, fmt.Errorf("%w (%d bytes declared)", ErrSparse, h.Size))
			if err := m.s.Err(); err != nil {
				return err
			}
			continue
		}
		if h.Typeflag != tar.TypeReg { // archive/tar reports the old TypeRegA as TypeReg
			continue // directories, links, devices: no content
		}
		if !m.Next() {
			return nil
		}
		if err := m.Read(h.Name, "", t.tm); err != nil {
			return err
		}
	}
}

// ErrSparse reports a sparse member (GNU, in its old form or in PAX
// records), which is not read.
var ErrSparse = errors.New("tar: sparse member: skipped")

// isSparse reports whether h is a sparse member's header.
func isSparse(h *tar.Header) bool {
	if h.Typeflag == tar.TypeGNUSparse {
		return true
	}
	for k := range h.PAXRecords {
		if strings.HasPrefix(k, "GNU.sparse.") {
			return true
		}
	}
	return false
}

// damaged handles an error of the tar reader: it warns and says whether
// the members after it may still be read (a damaged header, resynced
// past), else it returns the error that ends the archive, if any.
func (t *tarReader) damaged(err error) (bool, error) {
	m := t.m
	if Ends(err) {
		return false, err
	}
	if t.tm.failed { // the member's warning said it
		return false, m.s.Err()
	}
	if !strings.HasPrefix(err.Error(), "archive/tar: ") {
		// Not the tar's damage: the stream it is read from failed
		// (a decoder's error, a dictionary refused).
		m.Warn("", fmt.Errorf("%w: the rest is not read", err))
		return false, m.s.Err()
	}
	if t.cr.N%blockSize != 0 || errors.Is(err, io.ErrUnexpectedEOF) {
		m.Warn("", errors.New("tar: "+strings.TrimPrefix(err.Error(), "archive/tar: ")+": the rest is not read"))
		return false, m.s.Err()
	}
	// A damaged header: the members after it are still read.
	bad := t.cr.N - blockSize
	next, rerr := resync(t.cr)
	if Ends(rerr) {
		return false, rerr
	}
	if rerr != nil {
		m.Warn("", fmt.Errorf("tar: damaged header at offset %d and no header after it: the rest is not read", bad))
		return false, m.s.Err()
	}
	m.Warn("", fmt.Errorf("tar: damaged header at offset %d: reading on from the next header, at offset %d", bad, next))
	t.tr = tar.NewReader(t.cr)
	t.tm.tr = t.tr
	return true, nil
}

// blockSize is the size of a tar block: headers start at its multiples.
const blockSize = 512

// resync reads on, a block at a time, up to the next block that is a
// valid ustar header (magic and checksum), and puts that block back in
// front of c; it returns the block's offset. The data of the member whose
// header was damaged is skipped this way, its length being unknown.
func resync(c *limit.Counter) (int64, error) {
	blk := make([]byte, blockSize)
	for {
		if _, err := io.ReadFull(c, blk); err != nil {
			if Ends(err) {
				return 0, err
			}
			return 0, io.EOF
		}
		if validHeader(blk) {
			at := c.N - blockSize
			c.R, c.N = io.MultiReader(bytes.NewReader(blk), c.R), at
			return at, nil
		}
	}
}

// validHeader reports whether blk is a POSIX or GNU tar header: the
// "ustar" magic at 257 and a checksum (the octal number at 148) equal to
// the sum of its bytes with the checksum field counted as spaces.
func validHeader(blk []byte) bool {
	if len(blk) < blockSize || string(blk[257:262]) != "ustar" {
		return false
	}
	field := bytes.Trim(blk[148:156], " \x00")
	if len(field) == 0 {
		return false
	}
	var want int64
	for _, c := range field {
		if c < '0' || c > '7' {
			return false
		}
		want = want*8 + int64(c-'0')
	}
	var unsigned, signed int64
	for i, c := range blk[:blockSize] {
		if 148 <= i && i < 156 {
			c = ' '
		}
		unsigned += int64(c)
		signed += int64(int8(c))
	}
	return want == unsigned || want == signed
}

// tarMember names the errors of a member's data.
type tarMember struct {
	tr *tar.Reader
	// failed: reading the member's data failed (the tar cut short, the
	// stream under it broken), which the member's warning says.
	failed bool
}

var errTruncated = errors.New("tar: member truncated: the rest is not read")

func (t *tarMember) Read(p []byte) (int, error) {
	n, err := t.tr.Read(p)
	if err == io.ErrUnexpectedEOF {
		err = errTruncated
	}
	if err != nil && err != io.EOF {
		t.failed = true
	}
	return n, err
}

// readCompressed reads a gzip, bzip2, xz or zstd stream: a tar in it is read as
// a tar; anything else goes through the table as a member called by the
// stream's name without its extension (x.txt.bz2 is read as x.txt).
func readCompressed(c *reader.Content, s reader.Sink, kind string, r io.Reader) error {
	ms, err := enter(s)
	if err != nil {
		return err
	}
	defer func() { ms.depth-- }()
	s = ms
	d, done, err := decompress(kind, r, ms.budget)
	if err != nil {
		return err
	}
	defer done()
	name := c.Name
	for _, ext := range []string{".gz", ".bz2", ".xz", ".zst", ".tgz", ".tbz2", ".tbz", ".txz", ".tzst"} {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			name = name[:len(name)-len(ext)]
			if ext[1] == 't' {
				name += ".tar"
			}
			break
		}
	}
	inner := *c
	inner.R, inner.Name, inner.Whole, inner.Pos = d, name, nil, nil
	dr := bufio.NewReaderSize(d, sniffLen)
	ih, _ := dr.Peek(sniffLen)
	inner.R = dr
	if looksLikeTar(ih) || compression(ih) != "" {
		return readTar(&inner, s)
	}
	f := s.Sniff(bytes.TrimPrefix(ih, []byte("\xef\xbb\xbf")), name)
	if f == nil || !f.Binary && !s.Options().Binary && bytes.IndexByte(ih, 0) >= 0 {
		return nil
	}
	return s.Read(f, &inner)
}
