package archive

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// maxXZDict is the largest xz dictionary read: the decoder allocates
// what a block's header asks for and fills it as it decodes. Peak
// memory of a .tar.xz of 120 MB of text: 83 MiB from a 64 MiB dictionary
// (xz -9), 57 MiB from 32 MiB (xz -8), 56 MiB from 16 MiB; of the HTML
// tree: 59 MiB from 32 MiB, 58 MiB from 16 MiB (below 64 MiB the soft
// memory limit, not the dictionary, sets the peak). So xz -8 and below
// (the default, -6, uses 8 MiB) are read within the 64 MiB the run keeps
// to (SPEC PF4, A8), and xz -9 streams are refused with a warning
// (ErrDictionary).
const maxXZDict = 32 << 20

// Errors of xz streams.
var (
	ErrDictionary = fmt.Errorf("xz: dictionary larger than %d MiB (xz -9 uses 64 MiB): not read, to keep memory under 64 MiB; unpack it with xz -d first", maxXZDict>>20)
	errXZDamaged  = errors.New("xz: damaged stream structure: the rest is not read")
)

// xzGuard passes an xz file (streams, their blocks, indexes and padding:
// the .xz file format 1.2.0, §2-§4) on to the decoder, walking its
// structure as it goes: the header of every block of every stream is
// read and its LZMA2 dictionary checked before the decoder sees it, so
// that no block, first or not, makes the decoder allocate more than
// maxXZDict (ErrDictionary). The compressed data is walked by its LZMA2
// chunk headers, which give each chunk's size, and passed on unread.
type xzGuard struct {
	r     *bufio.Reader
	out   []byte // walked bytes not yet passed on
	pass  int    // bytes of chunk data to pass on without walking
	err   error  // what ends the walk, after out is passed on
	state int
	check int   // size of the check field of the stream's blocks
	block int64 // compressed bytes of the block so far
	index int64 // bytes of the index so far
	left  int64 // VLIs of the index still to walk
	mem   int64 // the largest dictionary so far, held of limit.Memory
	in    *Budget
}

// release gives back the dictionary's memory, once the decoder is done.
func (g *xzGuard) release() {
	g.in.Unhold(g.mem)
	g.mem = 0
}

// The walk's states: what the next bytes are.
const (
	xzStreamHeader = iota
	xzBlockOrIndex // a block header, or the index indicator
	xzChunk        // an LZMA2 chunk header, or its end
	xzBlockEnd     // block padding and check
	xzIndexCount   // the number of index records
	xzIndexRecords // the records' VLIs
	xzIndexEnd     // index padding and CRC32
	xzFooter
	xzPadding // stream padding, or the next stream, or the end
)

// newXZGuard walks r for the input whose budget is b, which holds the
// dictionary (limit.Expansion.Hold).
func newXZGuard(r io.Reader, b *Budget) *xzGuard {
	return &xzGuard{r: bufio.NewReaderSize(r, 4096), in: b}
}

func (g *xzGuard) Read(p []byte) (int, error) {
	for {
		if len(g.out) > 0 {
			n := copy(p, g.out)
			g.out = g.out[n:]
			return n, nil
		}
		if g.pass > 0 {
			n, err := g.r.Read(p[:min(len(p), g.pass)])
			g.pass -= n
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
		if g.err != nil {
			return 0, g.err
		}
		g.err = g.step()
	}
}

// take passes on the next n bytes, walked, and returns them; short when
// the file ends first (the walk then ends: the decoder says what is
// missing).
func (g *xzGuard) take(n int) ([]byte, bool) {
	b, _ := g.r.Peek(n)
	g.out = append(g.out[:0], b...)
	g.r.Discard(len(b))
	return g.out, len(b) == n
}

// peek returns the next n bytes without passing them on.
func (g *xzGuard) peek(n int) ([]byte, bool) {
	b, _ := g.r.Peek(n)
	return b, len(b) == n
}

// step walks the next part of the file.
func (g *xzGuard) step() error {
	switch g.state {
	case xzStreamHeader:
		b, ok := g.take(12)
		if !ok {
			return io.ErrUnexpectedEOF
		}
		if string(b[:6]) != "\xfd7zXZ\x00" {
			return errXZDamaged
		}
		g.check = xzCheckSize(b[7] & 0x0f)
		g.state = xzBlockOrIndex
	case xzBlockOrIndex:
		return g.blockHeader()
	case xzChunk:
		return g.chunk()
	case xzBlockEnd:
		if _, ok := g.take(int(-g.block&3) + g.check); !ok {
			return io.ErrUnexpectedEOF
		}
		g.state = xzBlockOrIndex
	case xzIndexCount, xzIndexRecords:
		return g.indexVLI()
	case xzIndexEnd:
		if _, ok := g.take(int(-g.index&3) + 4); !ok {
			return io.ErrUnexpectedEOF
		}
		g.state = xzFooter
	case xzFooter:
		if _, ok := g.take(12); !ok {
			return io.ErrUnexpectedEOF
		}
		g.state = xzPadding
	case xzPadding:
		b, _ := g.peek(4)
		switch {
		case len(b) == 0:
			return io.EOF
		case string(b) == "\x00\x00\x00\x00":
			g.take(4)
		default:
			g.state = xzStreamHeader
		}
	}
	return nil
}

// blockHeader walks a block header, checking its dictionary, or the
// index indicator.
func (g *xzGuard) blockHeader() error {
	b, ok := g.peek(1)
	if !ok {
		return io.ErrUnexpectedEOF
	}
	if b[0] == 0 {
		g.take(1)
		g.index, g.state = 1, xzIndexCount
		return nil
	}
	hb, ok := g.peek((int(b[0]) + 1) * 4)
	if !ok {
		g.take(len(hb))
		return io.ErrUnexpectedEOF
	}
	dict, ok := blockDict(hb)
	switch {
	case !ok:
		return errXZDamaged
	case dict > maxXZDict:
		return ErrDictionary
	case dict > g.mem:
		// The decoder's dictionary is held of the one budget
		// (doc/spec.md L10a), as large as the largest block's.
		if err := g.in.Hold(dict - g.mem); err != nil {
			return fmt.Errorf("xz: a dictionary of %d KiB %w", dict>>10, err)
		}
		g.mem = dict
	}
	g.take(len(hb))
	g.block, g.state = 0, xzChunk
	return nil
}

// chunk walks an LZMA2 chunk header (or the end of the LZMA2 data) and
// passes the chunk's data on.
func (g *xzGuard) chunk() error {
	b, ok := g.peek(1)
	if !ok {
		return io.ErrUnexpectedEOF
	}
	c := b[0]
	switch {
	case c == 0:
		g.take(1)
		g.block++
		g.state = xzBlockEnd
		return nil
	case c == 1 || c == 2: // uncompressed: size-1 in 2 bytes
		h, ok := g.take(3)
		if !ok {
			return io.ErrUnexpectedEOF
		}
		g.pass = int(binary.BigEndian.Uint16(h[1:])) + 1
		g.block += int64(3 + g.pass)
	case c >= 0x80: // LZMA: unpacked size, packed size-1, properties when reset
		n := 5
		if c >= 0xc0 {
			n = 6
		}
		h, ok := g.take(n)
		if !ok {
			return io.ErrUnexpectedEOF
		}
		g.pass = int(binary.BigEndian.Uint16(h[3:])) + 1
		g.block += int64(n + g.pass)
	default:
		return errXZDamaged
	}
	return nil
}

// indexVLI walks the index's record count or one of its records' VLIs.
func (g *xzGuard) indexVLI() error {
	b, _ := g.peek(9)
	v, n := vli(b)
	if n == 0 {
		return errXZDamaged
	}
	g.take(n)
	g.index += int64(n)
	if g.state == xzIndexCount {
		if v > 1<<62 {
			return errXZDamaged
		}
		g.left, g.state = 2*int64(v), xzIndexRecords
	} else {
		g.left--
	}
	if g.left == 0 {
		g.state = xzIndexEnd
	}
	return nil
}

// vli reads a variable-length integer (.xz file format, section 1.2): the value
// and its length, 0 when b does not hold a whole one.
func vli(b []byte) (uint64, int) {
	var v uint64
	for i := 0; i < 9 && i < len(b); i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i]&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

// xzCheckSize returns the size of the check field of a check type.
func xzCheckSize(id byte) int {
	if id == 0 {
		return 0
	}
	return 4 << ((id - 1) / 3)
}

// blockDict returns the dictionary size the LZMA2 filter of block header
// hb declares (hb: the whole header, its size byte first); false when
// the header is not one.
func blockDict(hb []byte) (int64, bool) {
	if len(hb) < 8 || hb[0] == 0 || len(hb) != (int(hb[0])+1)*4 {
		return 0, false
	}
	flags := hb[1]
	bh := hb[2 : len(hb)-4] // after the flags, up to the CRC32
	next := func() (uint64, bool) {
		v, n := vli(bh)
		bh = bh[n:]
		return v, n > 0
	}
	for _, f := range []byte{0x40, 0x80} { // compressed, uncompressed size
		if flags&f != 0 {
			if _, ok := next(); !ok {
				return 0, false
			}
		}
	}
	var dict int64
	lzma2 := false
	for range int(flags&3) + 1 {
		id, ok1 := next()
		n, ok2 := next()
		if !ok1 || !ok2 || n > uint64(len(bh)) {
			return 0, false
		}
		if id == 0x21 {
			if n < 1 {
				return 0, false
			}
			lzma2 = true
			dict = lzma2Dict(bh[0] & 0x3f)
		}
		bh = bh[n:]
	}
	return dict, lzma2
}

// lzma2Dict returns the dictionary size of an LZMA2 properties byte.
func lzma2Dict(p byte) int64 {
	switch {
	case p > 40:
		return 1 << 40
	case p == 40:
		return 1<<32 - 1
	}
	return int64(2|p&1) << (p/2 + 11)
}
