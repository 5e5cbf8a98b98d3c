package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ulikunitz/xz"

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
	}
	return ""
}

// maxXZDict is the largest xz dictionary read: the decoder allocates
// what the stream's header asks for and fills it as it decodes. Peak
// memory of a .tar.xz of 120 MB of text: 83 MiB from a 64 MiB dictionary
// (xz -9), 57 MiB from 32 MiB (xz -8), 56 MiB from 16 MiB; of the HTML
// tree: 59 MiB from 32 MiB, 58 MiB from 16 MiB (below 64 MiB the soft
// memory limit, not the dictionary, sets the peak). So xz -8 and below
// (the default, -6, uses 8 MiB) are read within the 64 MiB the run keeps
// to (SPEC §9), and xz -9 streams are refused with a warning
// (ErrDictionary).
const maxXZDict = 32 << 20

// decompress returns a reader of the decompressed stream r (whose first
// bytes are head), capped at the archive's budget.
func decompress(kind string, head []byte, r io.Reader, b *Budget) (io.Reader, error) {
	var d io.Reader
	switch kind {
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, err
		}
		d = zr
	case "bzip2":
		d = bzip2.NewReader(r)
	case "xz":
		if xzDict(head) > maxXZDict {
			return nil, ErrDictionary
		}
		zr, err := xz.ReaderConfig{SingleStream: false}.NewReader(r)
		if err != nil {
			return nil, err
		}
		d = zr
	}
	return &budgeted{r: limit.Named(d, kind), b: b}, nil
}

// xzDict returns the dictionary size the first block of an xz stream
// declares for its LZMA2 filter, 0 when head does not say.
func xzDict(head []byte) int64 {
	if len(head) < 13 {
		return 0
	}
	bh := head[12:] // the first block header, after the 12-byte stream header
	size := (int(bh[0]) + 1) * 4
	if bh[0] == 0 || len(bh) < size {
		return 0
	}
	bh = bh[1:size]
	flags := bh[0]
	bh = bh[1:]
	vli := func() uint64 {
		var v uint64
		for i := 0; i < 9 && len(bh) > 0; i++ {
			c := bh[0]
			bh = bh[1:]
			v |= uint64(c&0x7f) << (7 * i)
			if c&0x80 == 0 {
				break
			}
		}
		return v
	}
	if flags&0x40 != 0 {
		vli()
	}
	if flags&0x80 != 0 {
		vli()
	}
	var dict int64
	for range int(flags&3) + 1 {
		id, n := vli(), vli()
		if n > uint64(len(bh)) {
			return 0
		}
		if id == 0x21 && n >= 1 {
			p := bh[0] & 0x3f
			if p > 40 {
				return 1 << 40
			}
			if p == 40 {
				dict = 1<<32 - 1
			} else {
				dict = int64(2|p&1) << (p/2 + 11)
			}
		}
		bh = bh[n:]
	}
	return dict
}

// budgeted counts decoded bytes against an archive's budget.
type budgeted struct {
	r io.Reader
	b *Budget
}

func (d *budgeted) Read(p []byte) (int, error) {
	if d.b.Left <= 0 {
		return 0, ErrDecoded
	}
	n, err := d.r.Read(p[:min(int64(len(p)), d.b.Left)])
	d.b.Left -= int64(n)
	return n, err
}

// readTar reads a tar archive, or a compressed stream: what it holds, a
// tar or not, is read as a member would be (through the table).
func readTar(c *reader.Content, s reader.Sink) error {
	br := bufio.NewReaderSize(c.R, 64<<10)
	head, _ := br.Peek(sniffLen)
	if kind := compression(head); kind != "" {
		return readCompressed(c, s, kind, head, br)
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
	cr := &limit.Counter{R: br} // where the tar reader is: archive/tar reads headers and skips data whole blocks at a time, and nothing ahead
	tr := tar.NewReader(cr)
	tm := &tarMember{tr: tr}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if errors.Is(err, ErrDecoded) {
				return err
			}
			if tm.truncated { // the member's warning said it
				return m.s.Err()
			}
			if cr.N%blockSize != 0 || errors.Is(err, io.ErrUnexpectedEOF) {
				m.Warn("", errors.New("tar: "+strings.TrimPrefix(err.Error(), "archive/tar: ")+": the rest is not read"))
				return m.s.Err()
			}
			// A damaged header: the members after it are still read.
			bad := cr.N - blockSize
			next, rerr := resync(cr)
			if errors.Is(rerr, ErrDecoded) {
				return rerr
			}
			if rerr != nil {
				m.Warn("", fmt.Errorf("tar: damaged header at offset %d and no header after it: the rest is not read", bad))
				return m.s.Err()
			}
			m.Warn("", fmt.Errorf("tar: damaged header at offset %d: reading on from the next header, at offset %d", bad, next))
			tr = tar.NewReader(cr)
			tm.tr = tr
			continue
		}
		if h.Typeflag != tar.TypeReg { // archive/tar reports the old TypeRegA as TypeReg
			continue // directories, links, devices: no content
		}
		if !m.Next() {
			return nil
		}
		if err := m.Read(h.Name, "", tm); err != nil {
			return err
		}
	}
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
			if errors.Is(err, ErrDecoded) {
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
	tr        *tar.Reader
	truncated bool
}

var errTruncated = errors.New("tar: member truncated: the rest is not read")

func (t *tarMember) Read(p []byte) (int, error) {
	n, err := t.tr.Read(p)
	if err == io.ErrUnexpectedEOF {
		t.truncated, err = true, errTruncated
	}
	return n, err
}

// readCompressed reads a gzip, bzip2 or xz stream: a tar in it is read as
// a tar; anything else goes through the table as a member called by the
// stream's name without its extension (x.txt.bz2 is read as x.txt).
func readCompressed(c *reader.Content, s reader.Sink, kind string, head []byte, r io.Reader) error {
	ms, err := enter(s)
	if err != nil {
		return err
	}
	defer func() { ms.depth-- }()
	s, bp := ms, &ms.budget
	d, err := decompress(kind, head, r, bp)
	if err != nil {
		return err
	}
	name := c.Name
	for _, ext := range []string{".gz", ".bz2", ".xz", ".tgz", ".tbz2", ".tbz", ".txz"} {
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
