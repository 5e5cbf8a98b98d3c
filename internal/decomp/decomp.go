// Package decomp makes the decoders of the compressed streams urix reads
// (doc/spec.md A9, L10): gzip, zlib and raw deflate by
// github.com/klauspost/compress, whose inflate is about twice as fast as
// the standard library's, and zstd (which the standard library does not
// decode) with its window capped, so that no frame makes it allocate
// more than MaxWindow. The callers charge what the decoders give to
// their input's expansion budget (limit.Expansion), as for every
// decoder.
package decomp

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"

	"github.com/urix/urix/internal/limit"
)

// MaxWindow is the largest zstd window read (doc/spec.md A9): the
// decoder keeps one window of history, so a frame may not ask for more
// than the 32 MiB an xz dictionary may have (reader/archive); zstd
// levels up to 19 use at most 8 MiB, --ultra -20 uses 32 MiB.
const MaxWindow = 32 << 20

// MaxDict is the largest zstd dictionary of a .warc.zst file.
const MaxDict = 4 << 20

// ErrWindow reports a zstd frame whose window is larger than MaxWindow.
var ErrWindow = fmt.Errorf("zstd: frame window larger than %d MiB: not read, to keep memory under 64 MiB; unpack it with zstd -d first", MaxWindow>>20)

// ErrDict reports a damaged or oversized .warc.zst dictionary.
var ErrDict = errors.New("zstd: bad dictionary frame")

// IsZstd reports whether b starts with the magic of a zstd frame
// (RFC 8878 §3.1.1).
func IsZstd(b []byte) bool {
	return len(b) >= 4 && b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd
}

// IsSkippable reports whether b starts with the magic of a zstd
// skippable frame (0x184D2A50 to 0x184D2A5F, RFC 8878 §3.1.2).
func IsSkippable(b []byte) bool {
	return len(b) >= 4 && b[0]&0xf0 == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18
}

// Gzip returns a gzip reader of r (RFC 1952); r is read byte by byte
// when it is an io.ByteReader, so that nothing past a member is read.
func Gzip(r io.Reader) (*gzip.Reader, error) { return gzip.NewReader(r) }

// HeaderErr words an error of Gzip as the standard library does: a
// header cut short is io.ErrUnexpectedEOF (klauspost's reader says
// io.EOF); read is how many bytes of the input the header read.
func HeaderErr(err error, read int64) error {
	if err == io.EOF && read > 0 {
		return io.ErrUnexpectedEOF
	}
	return err
}

// Zlib returns a zlib reader of r (RFC 1950).
func Zlib(r io.Reader) (io.ReadCloser, error) { return zlib.NewReader(r) }

// Flate returns a raw deflate reader of r (RFC 1951); it is a
// flate.Resetter.
func Flate(r io.Reader) io.ReadCloser { return flate.NewReader(r) }

// Resetter resets a reader of Flate to read another stream.
type Resetter = flate.Resetter

// Zstd returns a zstd reader of r (RFC 8878), every frame of it, with
// the window capped at MaxWindow and decoding done in the caller's
// goroutine; dict, when not nil, is the dictionary of its frames (a
// zstd dictionary, or raw content). The window is held of the one
// memory budget for the input whose budget is mem (limit.Expansion.Hold;
// nil: charged, for an input not counted). It must be closed.
func Zstd(r io.Reader, dict []byte, mem *limit.Expansion) (*ZstdReader, error) {
	z := &ZstdReader{in: mem, dict: dict}
	br, err := z.charge(r)
	if err != nil {
		return nil, err
	}
	if err := z.decoder(br); err != nil {
		z.release()
		return nil, err
	}
	return z, nil
}

// ZstdReader reads a zstd stream; its errors say zstd.
type ZstdReader struct {
	d      *zstd.Decoder
	dict   []byte
	in     *limit.Expansion // the input's budget, which holds mem
	mem    int64            // what is held of limit.Memory: the window and decoderExtra
	window int64            // the window mem is for
	max    int64            // the largest window d decodes: the one held when it was made
	err    error            // the stream's end, once d is let go
}

// decoder makes z's decoder of r, which decodes frames of windows up to
// what z holds: a later frame that asks for more is refused by it
// (ErrWindowSizeExceeded), so that no window is larger than what is held.
func (z *ZstdReader) decoder(r io.Reader) error {
	opts := []zstd.DOption{
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(uint64(z.window)),
	}
	if z.dict != nil {
		if len(z.dict) >= 8 && string(z.dict[:4]) == "\x37\xa4\x30\xec" {
			opts = append(opts, zstd.WithDecoderDicts(z.dict))
		} else {
			opts = append(opts, zstd.WithDecoderDictRaw(0, z.dict))
		}
	}
	d, err := zstd.NewReader(r, opts...)
	if err != nil {
		return zstdErr(err)
	}
	z.d, z.max, z.err = d, z.window, nil
	return nil
}

// The window held for a stream (doc/spec.md L10a) is its first frame's,
// at least minHeldWindow, so that the frames of `cat a.zst b.zst` made
// at zstd's default level read on; when the stream does not start with a
// frame header (a skippable frame), unknownWindow, the largest that
// levels 1 to 19 use.
const (
	minHeldWindow = 2 << 20
	unknownWindow = 8 << 20
)

// charge holds the window the first frame of r asks for (at most
// MaxWindow: the decoder refuses more) of the one memory budget
// (doc/spec.md L10a), and returns r, read on from its start.
func (z *ZstdReader) charge(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64)
	h, _ := br.Peek(frameHeaderMax)
	w := frameWindow(h)
	if w == 0 {
		w = unknownWindow
	}
	w = min(max(w, minHeldWindow), MaxWindow)
	if err := z.in.Hold(w + decoderExtra); err != nil {
		return nil, fmt.Errorf("zstd: a window of %d KiB %w", w>>10, err)
	}
	z.mem, z.window = w+decoderExtra, w
	return br, nil
}

// decoderExtra is what the decoder allocates besides the window: its
// history is the window and 1 MiB (klauspost/compress's low-memory
// mode), and a block buffer of 128 KiB, rounded up.
const decoderExtra = 5 << 18

func (z *ZstdReader) release() {
	if z.mem == 0 {
		return
	}
	z.in.Unhold(z.mem)
	z.mem, z.window = 0, 0
}

// frameHeaderMax is the longest frame header: magic, descriptor, window
// descriptor, dictionary ID and content size (RFC 8878 §3.1.1).
const frameHeaderMax = 4 + 1 + 1 + 4 + 8

// frameWindow returns the window size the zstd frame header h starts
// with asks for (RFC 8878 §3.1.1.1.2): by its window descriptor, or for a
// single-segment frame its content size; 0 when h is no frame header.
func frameWindow(h []byte) int64 {
	if !IsZstd(h) || len(h) < 6 {
		return 0
	}
	fhd := h[4]
	if fhd&0x20 == 0 {
		wd := h[5]
		base := int64(1) << (10 + wd>>3)
		return base + base/8*int64(wd&7)
	}
	pos := 5 + [4]int{0, 1, 2, 4}[fhd&3]
	size := [4]int{1, 2, 4, 8}[fhd>>6]
	if len(h) < pos+size {
		return 0
	}
	var v uint64
	for i := size - 1; i >= 0; i-- {
		v = v<<8 | uint64(h[pos+i])
	}
	if size == 2 {
		v += 256
	}
	return int64(min(v, 1<<62))
}

func (z *ZstdReader) Read(p []byte) (int, error) {
	if z.d == nil { // let go at the end of its stream
		return 0, z.err
	}
	n, err := z.d.Read(p)
	if err != nil {
		// A frame over the decoder's window: by its window descriptor,
		// or, single-segment, by its content size.
		if z.max < MaxWindow && (errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded)) {
			err = laterWindow(z.max)
		}
		if err != io.EOF {
			err = zstdErr(err)
		}
		if z.window > minHeldWindow {
			// A large window is let go with its decoder, so that the
			// input waiting for the memory it gives back reuses it
			// (limit.Expansion.Hold collects it); Reset makes another.
			// A later Read gives the same error again.
			z.d.Close()
			z.d, z.err = nil, err
		}
		z.release() // the stream is done: a reader that does not Close gives the window back too
	}
	return n, err
}

// Reset makes z read r from its start, for the input whose budget is
// mem (as Zstd's).
func (z *ZstdReader) Reset(r io.Reader, mem *limit.Expansion) error {
	z.release()
	z.in = mem
	br, err := z.charge(r)
	if err != nil {
		return err
	}
	if z.d == nil || z.window > z.max { // let go, or made for a smaller window
		if z.d != nil {
			z.d.Close()
			z.d = nil
		}
		return z.decoder(br)
	}
	return zstdErr(z.d.Reset(br))
}

// Close frees the decoder and gives its window back.
func (z *ZstdReader) Close() error {
	if z.d != nil {
		z.d.Close()
	}
	z.release()
	return nil
}

// laterWindow is the error of a frame whose window is over the max
// bytes held for its stream (its first frame's, L10a); it is an
// ErrWindow.
type laterWindow int64

func (w laterWindow) Error() string {
	return fmt.Sprintf("zstd: a later frame asks for a window over the %d KiB held for the stream (its first frame's): not read; unpack it with zstd -d first", int64(w)>>10)
}

func (laterWindow) Is(target error) bool { return target == ErrWindow }

func zstdErr(err error) error {
	switch {
	case err == nil || err == io.EOF:
		return err
	case errors.As(err, new(laterWindow)):
		return err
	case errors.Is(err, zstd.ErrWindowSizeExceeded), errors.Is(err, zstd.ErrDecoderSizeExceeded):
		return ErrWindow
	case errors.Is(err, io.ErrUnexpectedEOF):
		return io.ErrUnexpectedEOF // "zstd: unexpected EOF" once named
	}
	return fmt.Errorf("zstd: %w", err)
}

// Dict reads the dictionary of a .warc.zst file from its skippable
// frame's content (the IIPC WARC-zstd format): the dictionary, or the
// dictionary compressed as one zstd frame.
func Dict(content []byte) ([]byte, error) {
	if !IsZstd(content) {
		return content, nil
	}
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(MaxWindow), zstd.WithDecoderMaxMemory(MaxDict))
	if err != nil {
		return nil, ErrDict
	}
	defer d.Close()
	out, err := d.DecodeAll(content, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDict, err)
	}
	return out, nil
}
