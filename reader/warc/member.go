package warc

import (
	"errors"
	"io"

	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
)

// dictMagic is the low nibble of the magic of the skippable frame that
// holds a .warc.zst file's dictionary (0x184D2A5D, the IIPC WARC-zstd
// format).
const dictMagic = 0xd

// ErrDict reports a .warc.zst dictionary that cannot be read: the frames
// that need it fail.
var ErrDict = errors.New("bad .warc.zst dictionary frame")

// openMember starts reading the gzip member, or zstd frame, at the
// current position (doc/spec.md W1, A9): its records are read from w.in,
// decompressed, until it ends.
func (w *Reader) openMember(isZstd bool) error {
	w.member, w.memberLine = w.raw.off, w.raw.line
	w.inMem = true
	w.isZstd = isZstd
	if w.ratio == nil {
		// Past 16 MiB a member gives at most 1000 times its
		// compressed bytes (doc/spec.md L10); one budget for every member.
		w.ratio = limit.NewExpansion(0, nil, func() int64 { return w.raw.pos() - w.member })
	}
	var zr io.Reader
	var err error
	if isZstd {
		// Each record is a frame of its own: the decoder is given the
		// frame's bytes only, so that it reads nothing of the next.
		if w.zd == nil {
			w.zd, err = decomp.Zstd(decomp.Frame(w.raw), w.dict, nil)
			w.zdRatio = w.ratio.Reader(w.zd)
		} else {
			err = w.zd.Reset(decomp.Frame(w.raw), nil)
		}
		if err != nil {
			return w.damaged(w.member, ErrZstd)
		}
		zr = w.zdRatio
	} else {
		// The inflate reads the input's buffer itself (counter.lend).
		if w.zr == nil {
			w.zr, err = decomp.Gzip(w.raw.lend())
			if w.zr != nil {
				w.ratioR = w.ratio.Reader(w.zr)
			}
		} else {
			err = w.zr.Reset(w.raw.lend())
		}
		if err != nil {
			return w.damaged(w.member, ErrGzip)
		}
		w.zr.Multistream(false)
		zr = w.ratioR
	}
	w.ratio.Reset()
	if w.opts.MaxMember > 0 {
		zr = &capReader{r: zr, left: w.opts.MaxMember}
	}
	// One buffer for every member: a crawl has one member per record,
	// and a new 64 KiB buffer each time cost a tenth of the reading
	// time in allocation and clearing.
	if w.memIn == nil {
		w.memIn = newCounter(zr, 0, 1, 64<<10)
	} else {
		w.memIn.br.Reset(zr)
		w.memIn.off, w.memIn.line = 0, 1
	}
	w.in = w.memIn
	return nil
}

// skippable reads a zstd skippable frame between records: the first
// one of a .warc.zst file, with the dictionary magic, holds the
// dictionary of every frame after it (possibly itself compressed); any
// other is skipped.
func (w *Reader) skippable() error {
	at := w.raw.off
	nib, b, err := decomp.Skippable(w.raw, decomp.MaxDict)
	if err != nil {
		if err == io.ErrUnexpectedEOF {
			w.err = &RecordError{Offset: at, Err: ErrTruncated}
			return w.err
		}
		return w.dictErr(at, err)
	}
	if nib != dictMagic || at != 0 {
		return nil
	}
	d, err := decomp.Dict(b)
	if err != nil {
		return w.dictErr(at, err)
	}
	w.dict = d
	if w.zd != nil {
		w.zd.Close()
		w.zd = nil
	}
	return nil
}

func (w *Reader) dictErr(at int64, err error) error {
	return &RecordError{Offset: at, Err: errors.Join(ErrDict, err)}
}

// Close frees the reader's decoders.
func (w *Reader) Close() {
	if w.zd != nil {
		w.zd.Close()
		w.zd = nil
	}
}
