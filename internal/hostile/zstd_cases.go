package hostile

import (
	"archive/tar"
	"bufio"
	"bytes"
	"fmt"

	"github.com/klauspost/compress/zstd"
)

// The zstd cases (doc/spec.md A9, L10): a bomb of RLE
// blocks, each 4 bytes giving 128 KiB; a second frame that declares a
// 2 GiB window after a frame of text; and a .warc.zst whose records
// are each a frame of their own, one of them a bomb.
func init() {
	Cases = append(Cases,
		Case{"zstd-bomb", ".txt.zst", "a URI, then n bytes of zstd RLE blocks of 128 KiB of spaces each", zstdBomb},
		Case{"zstd-huge-window", ".txt.zst", "a zstd frame of n bytes of text, then a frame declaring a 2 GiB window", zstdHugeWindow},
		Case{"warc-zst-bomb", ".warc.zst", "a .warc.zst of n bytes of records, a frame each, the second a bomb of RLE blocks", warcZstBomb},
		Case{"zstd-later-window", ".txt.zst", "a frame of one line, then a frame of a 32 MiB window that 32n bytes of output (at most 40 MiB) fill", zstdLaterWindow},
		Case{"zstd-nested-windows", ".tar.zst", "a .tar.zst of an 8 MiB window holding 8n bytes of text (at most 10 MiB) and a .txt.zst of an 8 MiB window as full", zstdNestedWindows},
	)
}

// filler returns size bytes that fill a window: a block of n/2 bytes no
// encoder can shrink (a fixed pseudo-random sequence, with a URI at its
// start), repeated, so that the frame is small and its decoder's history
// is written whole.
func filler(n, size int) []byte {
	block := make([]byte, max(n/2, 64))
	x := uint32(2463534242)
	for i := range block {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		block[i] = 'a' + byte(x%26)
	}
	copy(block, "http://window.example/ ")
	out := make([]byte, 0, size+len(block))
	for len(out) < size {
		out = append(out, block...)
	}
	return out
}

// zstdWindowFrame compresses b as one frame of the given window.
func zstdWindowFrame(b []byte, window int) []byte {
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(window), zstd.WithSingleSegment(false))
	if err != nil {
		panic(err)
	}
	defer zw.Close()
	return zw.EncodeAll(b, nil)
}

// zstdLaterWindow: a frame of one line, whose window is small, then
// one whose 32 MiB window its content fills (doc/spec.md L10a: the
// window held is the first frame's).
func zstdLaterWindow(w *bufio.Writer, n int) {
	w.Write(zstdFrame([]byte("see http://zstd-later.example/first\n")))
	w.Write(zstdWindowFrame(filler(n, min(32*n, 40<<20)), 32<<20))
}

// zstdNestedWindows: a .tar.zst whose 8 MiB window is filled, holding a
// .txt.zst whose 8 MiB window is filled too: two windows at once, for
// each copy read.
func zstdNestedWindows(w *bufio.Writer, n int) {
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	member := func(name string, b []byte) {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(b))})
		tw.Write(b)
	}
	member("a.txt", filler(n, min(8*n, 10<<20)))
	member("b.txt.zst", zstdWindowFrame(filler(n/2, min(8*n, 10<<20)), 8<<20))
	member("c.txt", []byte("see http://zstd-nested.example/last\n"))
	tw.Close()
	w.Write(zstdWindowFrame(tb.Bytes(), 8<<20))
}

// zstdFrame compresses b as one zstd frame.
func zstdFrame(b []byte) []byte {
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err)
	}
	defer zw.Close()
	return zw.EncodeAll(b, nil)
}

// rleBomb writes a zstd frame of about n bytes (RFC 8878 §3.1.1): a
// 128 KiB window, no content size, first a raw block of lead, then RLE
// blocks of 128 KiB of spaces, the last one marked last.
func rleBomb(w *bufio.Writer, lead []byte, n int) {
	w.Write([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3})
	h := len(lead) << 3 // a raw block
	w.Write([]byte{byte(h), byte(h >> 8), byte(h >> 16)})
	w.Write(lead)
	blocks := max(n/4, 1)
	for i := range blocks {
		h := 128<<10<<3 | 1<<1 // an RLE block of 128 KiB
		if i == blocks-1 {
			h |= 1
		}
		w.Write([]byte{byte(h), byte(h >> 8), byte(h >> 16), ' '})
	}
}

func zstdBomb(w *bufio.Writer, n int) {
	rleBomb(w, []byte("see http://zstd-bomb.example/first\n"), n)
}

// zstdHugeWindow: n bytes of text in a frame, then a frame whose
// window descriptor asks for 2^31 bytes.
func zstdHugeWindow(w *bufio.Writer, n int) {
	var body bytes.Buffer
	textOf(&body, "zstd.example", n)
	w.Write(zstdFrame(body.Bytes()))
	w.Write([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0x19, 0x00, 0x00, 'a', 'b', 'c'})
}

// warcZstBomb: WARC records of text, one frame each, to about n bytes,
// the second frame a record whose block is an RLE bomb.
func warcZstBomb(w *bufio.Writer, n int) {
	rec := func(i int, body string) string {
		return fmt.Sprintf("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://warc-zst.example/%d\r\n"+
			"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", i, len(body), body)
	}
	w.Write(zstdFrame([]byte(rec(0, "see http://warc-zst.example/first\n"))))
	// The bomb's record claims a 1 GiB block, under the 4 GiB cap.
	head := fmt.Sprintf("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://warc-zst.example/bomb\r\n"+
		"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n", 1<<30)
	rleBomb(w, []byte(head), n/2)
	for i, size := 1, 0; size < n/2; i++ {
		f := zstdFrame([]byte(rec(i, fmt.Sprintf("see http://warc-zst.example/%d/after\n", i))))
		w.Write(f)
		size += len(f)
	}
}
