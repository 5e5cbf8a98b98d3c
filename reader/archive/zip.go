package archive

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
)

// A zip archive is read through its central directory (APPNOTE 4.3.12),
// entry by entry, never all at once: memory does not grow with the number
// of members. Each member's data is found through its local header and
// read with its declared sizes as limits (doc/spec.md A8).

// Errors of zip archives and their members. Those of a member are
// warnings naming it; those of the archive end it.
var (
	ErrNotZip      = errors.New("zip: no end of central directory record")
	ErrBuffer      = fmt.Errorf("zip: archive read from a stream is larger than %d MiB: give it as a file", MaxBuffer>>20)
	ErrOverlap     = errors.New("zip: member data overlaps another member (zip bomb?): skipped")
	ErrEncrypted   = errors.New("zip: encrypted member: skipped")
	ErrSizeLie     = errors.New("zip: member is larger than its declared size: read up to that size")
	ErrShort       = errors.New("zip: member is shorter than its declared size")
	ErrChecksum    = errors.New("zip: member checksum mismatch")
	ErrRatio       = fmt.Errorf("zip: member expands more than %d times (zip bomb?): read up to there", MaxRatio)
	ErrLocalHeader = errors.New("zip: bad local file header: member skipped")
)

// MaxBuffer is how much of a zip archive given as a stream (standard
// input, a mail part, a WARC record, a member: Content.Whole nil) is held
// to read it; a larger one is an error (ErrBuffer). It is held in memory
// charged to the process's one budget (limit.Memory, doc/spec.md
// L10a), shared by every level of nesting and every worker, or, when
// the budget has no room, in a temporary file.
const MaxBuffer = 32 << 20

// MaxRatio caps how much a member may expand beyond its first MiB: a
// deflated member can reach about 1032:1 only by repeating itself.
const MaxRatio = 250

// Zip is an open zip archive.
type Zip struct {
	ra      io.ReaderAt
	size    int64
	base    int64 // bytes before the archive (a self-extracting stub)
	cdOff   int64
	cdSize  int64
	count   uint64
	overlap map[int64]bool // local header offsets of overlapping members
	// Capped says the archive has more than MaxMembers members.
	Capped bool

	buf   *bufio.Reader // the compressed data of the member being read
	flate io.ReadCloser // its decompressor
	zstd  *decomp.ZstdReader
	held  *limit.Held // the archive read from a stream, nil for a file
}

// Entry is a member as the central directory describes it.
type Entry struct {
	Name         string
	Flags        uint16
	Method       uint16
	CRC          uint32
	CSize, USize uint64
	Offset       int64 // of the local header, from the start of the archive
}

// IsDir reports whether the entry is a directory.
func (e *Entry) IsDir() bool { return strings.HasSuffix(e.Name, "/") }

// IsAppleDouble reports whether a member called name is the AppleDouble
// metadata (resource fork, Finder info) macOS's Archive Utility adds to a
// zip beside each file, under __MACOSX/ as ._NAME: never content, and in
// a package (an XLSX zipped again on a Mac) named like a part
// (__MACOSX/xl/_rels/._workbook.xml.rels) that is not XML.
func IsAppleDouble(name string) bool {
	return strings.HasPrefix(name, "__MACOSX/") || strings.HasPrefix(path.Base(name), "._")
}

// OpenZip opens the zip archive of content c: through c.Whole when it is
// a file, else by holding up to MaxBuffer bytes of c.R. The caller calls
// Close when done.
func OpenZip(c *reader.Content) (*Zip, error) {
	z := &Zip{}
	if c.Whole != nil {
		z.ra, z.size = c.Whole, c.Whole.Size()
	} else {
		h, err := limit.Hold(c.R, MaxBuffer, ErrBuffer, limit.Memory)
		if err != nil {
			return nil, err
		}
		z.ra, z.size, z.held = h, h.Size(), h
	}
	if err := z.readEnd(); err != nil {
		z.Close()
		return nil, err
	}
	if err := z.checkOverlap(); err != nil {
		z.Close()
		return nil, err
	}
	return z, nil
}

// Close gives back what holding an archive read from a stream took.
func (z *Zip) Close() {
	if z.zstd != nil {
		z.zstd.Close()
		z.zstd = nil
	}
	if z.held != nil {
		z.held.Close()
		z.held = nil
	}
}

// Whole returns the archive as a section, for a format that reads it
// again (an office document found to be a zip).
func (z *Zip) Whole() *io.SectionReader { return io.NewSectionReader(z.ra, 0, z.size) }

// readEnd finds the end of central directory record (and its zip64 form).
func (z *Zip) readEnd() error {
	n := min(z.size, 22+65535)
	buf := make([]byte, n)
	if _, err := z.ra.ReadAt(buf, z.size-n); err != nil && err != io.EOF {
		return err
	}
	i := -1
	for k := len(buf) - 22; k >= 0; k-- {
		if binary.LittleEndian.Uint32(buf[k:]) == 0x06054b50 {
			i = k
			break
		}
	}
	if i < 0 {
		return ErrNotZip
	}
	e := buf[i:]
	eocd := z.size - n + int64(i)
	z.count = uint64(binary.LittleEndian.Uint16(e[10:]))
	z.cdSize = int64(binary.LittleEndian.Uint32(e[12:]))
	z.cdOff = int64(binary.LittleEndian.Uint32(e[16:]))
	if z.count == 0xffff || z.cdSize == 0xffffffff || z.cdOff == 0xffffffff {
		if eocd >= 20 {
			var loc [20]byte
			if _, err := z.ra.ReadAt(loc[:], eocd-20); err == nil && binary.LittleEndian.Uint32(loc[:]) == 0x07064b50 {
				off := int64(binary.LittleEndian.Uint64(loc[8:]))
				var r [56]byte
				if off >= 0 && off < z.size {
					if _, err := z.ra.ReadAt(r[:], off); err == nil && binary.LittleEndian.Uint32(r[:]) == 0x06064b50 {
						z.count = binary.LittleEndian.Uint64(r[32:])
						z.cdSize = int64(binary.LittleEndian.Uint64(r[40:]))
						z.cdOff = int64(binary.LittleEndian.Uint64(r[48:]))
						eocd = off
					}
				}
			}
		}
	}
	if z.cdSize < 0 || z.cdOff < 0 || z.cdSize > eocd {
		return errors.New("zip: bad central directory size or offset")
	}
	if b := eocd - z.cdSize - z.cdOff; b > 0 && z.cdOff+b+z.cdSize <= z.size {
		z.base = b
	}
	return nil
}

// Each calls fn with each entry of the central directory, in order, up to
// MaxMembers of them (Capped is then set), but the AppleDouble ones
// (IsAppleDouble); an error of fn ends the walk.
func (z *Zip) Each(fn func(e *Entry) error) error {
	br := bufio.NewReaderSize(io.NewSectionReader(z.ra, z.base+z.cdOff, z.cdSize), 16<<10)
	var fixed [46]byte
	var name []byte
	for k := uint64(0); k < z.count; k++ {
		if k >= MaxMembers {
			z.Capped = true
			return nil
		}
		if _, err := io.ReadFull(br, fixed[:]); err != nil {
			return fmt.Errorf("zip: central directory ends after %d of %d members", k, z.count)
		}
		if binary.LittleEndian.Uint32(fixed[:]) != 0x02014b50 {
			return fmt.Errorf("zip: bad central directory entry %d", k+1)
		}
		le := binary.LittleEndian
		e := Entry{
			Flags: le.Uint16(fixed[8:]), Method: le.Uint16(fixed[10:]), CRC: le.Uint32(fixed[16:]),
			CSize: uint64(le.Uint32(fixed[20:])), USize: uint64(le.Uint32(fixed[24:])),
			Offset: int64(le.Uint32(fixed[42:])),
		}
		nl, xl, cl := int(le.Uint16(fixed[28:])), int(le.Uint16(fixed[30:])), int(le.Uint16(fixed[32:]))
		name = slices.Grow(name[:0], nl+xl)[:nl+xl]
		if _, err := io.ReadFull(br, name); err != nil {
			return fmt.Errorf("zip: central directory ends in entry %d", k+1)
		}
		e.Name = string(name[:nl])
		zip64(&e, name[nl:])
		if _, err := br.Discard(cl); err != nil {
			return fmt.Errorf("zip: central directory ends in entry %d", k+1)
		}
		if IsAppleDouble(e.Name) {
			continue // benign, and no member of any reader (doc/spec.md A1)
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return nil
}

// zip64 reads the zip64 extended information of an entry's extra field.
func zip64(e *Entry, extra []byte) {
	for len(extra) >= 4 {
		id, n := binary.LittleEndian.Uint16(extra), int(binary.LittleEndian.Uint16(extra[2:]))
		extra = extra[4:]
		if n > len(extra) {
			return
		}
		if id == 1 {
			f := extra[:n]
			next := func() (uint64, bool) {
				if len(f) < 8 {
					return 0, false
				}
				v := binary.LittleEndian.Uint64(f)
				f = f[8:]
				return v, true
			}
			if e.USize == 0xffffffff {
				if v, ok := next(); ok {
					e.USize = v
				}
			}
			if e.CSize == 0xffffffff {
				if v, ok := next(); ok {
					e.CSize = v
				}
			}
			if e.Offset == 0xffffffff {
				if v, ok := next(); ok {
					e.Offset = int64(v)
				}
			}
			return
		}
		extra = extra[n:]
	}
}

// checkOverlap finds the members whose data overlaps another's: the
// "overlapping files" zip bomb reuses one deflate stream for every member.
// Each span is the member's local header and data by the central
// directory's sizes.
func (z *Zip) checkOverlap() error {
	type span struct{ start, end int64 }
	var spans []span
	err := z.Each(func(e *Entry) error {
		if e.CSize == 0 && e.USize == 0 {
			return nil // empty members and directories take no data
		}
		spans = append(spans, span{e.Offset, e.Offset + 30 + int64(len(e.Name)) + int64(min(e.CSize, 1<<62))})
		return nil
	})
	z.Capped = false
	if err != nil {
		return err
	}
	slices.SortFunc(spans, func(a, b span) int {
		if a.start != b.start {
			if a.start < b.start {
				return -1
			}
			return 1
		}
		return 0
	})
	var end int64 = -1
	for i, s := range spans {
		if i > 0 && s.start < end {
			if z.overlap == nil {
				z.overlap = make(map[int64]bool)
			}
			z.overlap[s.start] = true
			z.overlap[spans[i-1].start] = true
		}
		end = max(end, s.end)
	}
	return nil
}

// Budget is what an archive's members may still decode (doc/spec.md A8,
// L10): one for an input, shared by the archives
// and compressed streams nested in it, charged by every decoder.
type Budget = limit.Expansion

// ErrDecoded reports an archive whose members decode to more than the
// decoded-size cap: the archive ends there.
var ErrDecoded = errors.New("archive: decoded size exceeds the limit (compression bomb?)")

// Open returns a reader of member e's data, decompressed and checked: it
// ends at the declared size (ErrSizeLie past it), fails past MaxRatio
// (ErrRatio), and checks the CRC-32 at the end (ErrChecksum). It is valid
// until the next call of Open.
func (z *Zip) Open(e *Entry, b *Budget) (io.Reader, error) {
	if z.overlap[e.Offset] {
		return nil, ErrOverlap
	}
	if e.Flags&1 != 0 {
		return nil, ErrEncrypted
	}
	var lh [30]byte
	off := z.base + e.Offset
	if _, err := z.ra.ReadAt(lh[:], off); err != nil || binary.LittleEndian.Uint32(lh[:]) != 0x04034b50 {
		return nil, ErrLocalHeader
	}
	start := off + 30 + int64(binary.LittleEndian.Uint16(lh[26:])) + int64(binary.LittleEndian.Uint16(lh[28:]))
	if start > z.size || e.CSize > uint64(z.size-start) {
		return nil, ErrShort
	}
	sec := io.NewSectionReader(z.ra, start, int64(e.CSize))
	var r io.Reader
	switch e.Method {
	case 0:
		r = sec
	case 8:
		// One decompressor and buffer per archive, reset for each
		// member: making them is most of the work of a small member.
		if z.buf == nil {
			z.buf = bufio.NewReaderSize(sec, 4096)
			z.flate = decomp.Flate(z.buf)
		} else {
			z.buf.Reset(sec)
			z.flate.(decomp.Resetter).Reset(z.buf, nil)
		}
		r = z.flate
	case 93: // zstd (APPNOTE 6.3.7, section 4.4.5)
		if z.zstd == nil {
			zr, err := decomp.Zstd(sec, nil, b)
			if err != nil {
				return nil, err
			}
			z.zstd = zr
		} else if err := z.zstd.Reset(sec, b); err != nil {
			return nil, err
		}
		r = limit.Named(z.zstd, "zstd")
	default:
		return nil, fmt.Errorf("zip: compression method %d not supported: member skipped", e.Method)
	}
	return &member{r: r, left: e.USize, csize: e.CSize, crc: crc32.NewIEEE(), want: e.CRC, b: b}, nil
}

// member reads a zip member's data within its limits.
type member struct {
	r     io.Reader
	left  uint64 // declared bytes not yet read
	n     uint64 // bytes read
	csize uint64
	crc   hash.Hash32
	want  uint32
	b     *Budget
	err   error
}

func (m *member) Read(p []byte) (int, error) {
	if m.err != nil {
		return 0, m.err
	}
	if m.left == 0 {
		var one [1]byte
		if n, _ := io.ReadFull(m.r, one[:]); n > 0 {
			m.err = ErrSizeLie
		} else if m.crc.Sum32() != m.want {
			m.err = ErrChecksum
		} else {
			m.err = io.EOF
		}
		return 0, m.err
	}
	if uint64(len(p)) > m.left {
		p = p[:m.left]
	}
	if m.n > 1<<20 && m.n > MaxRatio*m.csize {
		m.err = ErrRatio
		return 0, m.err
	}
	if m.b != nil {
		k, err := m.b.Allow(len(p))
		if err != nil {
			m.err = err
			return 0, err
		}
		p = p[:k]
	}
	n, err := m.r.Read(p)
	m.n += uint64(n)
	m.left -= uint64(n)
	m.crc.Write(p[:n])
	if m.b != nil {
		m.b.Charge(n)
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		if m.left > 0 {
			err = ErrShort
		} else {
			err = nil
		}
	}
	if err != nil {
		m.err = err
	}
	return n, err
}
