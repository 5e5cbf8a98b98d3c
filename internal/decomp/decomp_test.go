package decomp

import (
	"bytes"
	stdflate "compress/flate"
	stdgzip "compress/gzip"
	stdzlib "compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// sample is text with repeats near and far, for every coding.
func sample() []byte {
	var b bytes.Buffer
	for i := range 3000 {
		b.WriteString("see https://example.org/page/")
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(" and more words of text\n")
	}
	return b.Bytes()
}

// oracle decodes in with the standard library's decoder of kind.
func oracle(kind string, in []byte) ([]byte, error) {
	var r io.Reader
	var err error
	switch kind {
	case "gzip":
		r, err = stdgzip.NewReader(bytes.NewReader(in))
	case "zlib":
		r, err = stdzlib.NewReader(bytes.NewReader(in))
	default:
		r = stdflate.NewReader(bytes.NewReader(in))
	}
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func ours(kind string, in []byte) ([]byte, error) {
	var r io.Reader
	var err error
	switch kind {
	case "gzip":
		br := bytes.NewReader(in)
		r, err = Gzip(br)
		err = HeaderErr(err, int64(len(in)-br.Len()))
	case "zlib":
		r, err = Zlib(bytes.NewReader(in))
	default:
		r = Flate(bytes.NewReader(in))
	}
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func encode(kind string, b []byte) []byte {
	var out bytes.Buffer
	var w io.WriteCloser
	switch kind {
	case "gzip":
		w = stdgzip.NewWriter(&out)
	case "zlib":
		w = stdzlib.NewWriter(&out)
	default:
		w, _ = stdflate.NewWriter(&out, 6)
	}
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// FuzzInflateOracle: klauspost's gzip, zlib and deflate decoders give
// the bytes the standard library's give, and fail where they fail
// (doc/spec.md A9: the faster inflate changes nothing
// that is read).
func FuzzInflateOracle(f *testing.F) {
	for _, k := range []string{"gzip", "zlib", "flate"} {
		enc := encode(k, sample())
		f.Add(k, enc)
		f.Add(k, enc[:len(enc)/2])
	}
	f.Fuzz(func(t *testing.T, kind string, in []byte) {
		want, werr := oracle(kind, in)
		got, gerr := ours(kind, in)
		if kind != "gzip" && kind != "zlib" && errors.Is(werr, io.ErrUnexpectedEOF) && gerr == nil && bytes.Equal(got, want) {
			// Raw deflate: klauspost's ends quietly where a stream is
			// cut inside its last block's end; a zip member's size and
			// CRC-32 catch the cut, as gzip's and zlib's trailers do.
			return
		}
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%s: standard library error %v, ours %v", kind, werr, gerr)
		}
		if werr == nil && !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes, the standard library %d", kind, len(got), len(want))
		}
		// A stream cut short is a truncation for both (its wording, in
		// the pipeline); damaged data one decoder finds sooner than the
		// other may be a truncation for the one that read on.
		// A header with reserved flags set is refused by klauspost's
		// reader (RFC 1952 §2.3.1.2) and read on by the standard library.
		if errors.Is(werr, io.ErrUnexpectedEOF) && !errors.Is(gerr, io.ErrUnexpectedEOF) && !errors.Is(gerr, kgzip.ErrHeader) {
			t.Fatalf("%s: truncation: standard library %v, ours %v", kind, werr, gerr)
		}
	})
}

// TestZstdWindow: a frame that declares a 2 GiB window is refused
// before anything is allocated for it, with ErrWindow.
func TestZstdWindow(t *testing.T) {
	// Magic, a descriptor with no content size and no single segment,
	// a window descriptor of exponent 21 (2^31 bytes), then one raw last
	// block of 3 bytes.
	frame := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0x19, 0x00, 0x00, 'a', 'b', 'c'}
	zr, err := Zstd(bytes.NewReader(frame), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if _, err := io.ReadAll(zr); !errors.Is(err, ErrWindow) {
		t.Fatalf("got %v, want ErrWindow", err)
	}
	// The same frame with a 1 KiB window reads.
	frame[5] = 0
	zr2, _ := Zstd(bytes.NewReader(frame), nil, nil)
	defer zr2.Close()
	if b, err := io.ReadAll(zr2); err != nil || string(b) != "abc" {
		t.Fatalf("got %q, %v", b, err)
	}
}

// TestFrame: Frame passes on one frame exactly, whatever follows it.
func TestFrame(t *testing.T) {
	enc, _ := zstd.NewWriter(nil)
	for _, crc := range []bool{true, false} {
		enc, _ = zstd.NewWriter(nil, zstd.WithEncoderCRC(crc), zstd.WithZeroFrames(true))
		for _, n := range []int{0, 1, 100, 300 << 10} {
			one := enc.EncodeAll(sample()[:min(n, len(sample()))], nil)
			if n > len(sample()) {
				one = enc.EncodeAll(bytes.Repeat(sample(), 2), nil)
			}
			r := bytes.NewReader(append(append([]byte{}, one...), "after"...))
			got, err := io.ReadAll(Frame(r))
			if err != nil || !bytes.Equal(got, one) {
				t.Fatalf("crc %v n %d: %d bytes of %d, %v", crc, n, len(got), len(one), err)
			}
			if rest, _ := io.ReadAll(r); string(rest) != "after" {
				t.Fatalf("rest %q", rest)
			}
			if _, err := io.ReadAll(Frame(bytes.NewReader(one[:len(one)-1]))); err != io.ErrUnexpectedEOF {
				t.Fatalf("truncated: %v", err)
			}
		}
	}
	enc.Close()
}

// BenchmarkInflate compares the standard library's gzip decoder with
// klauspost's on a gzip file given by URIX_GZIP (gzip -c of the
// benchmark corpus's text), or on the sample.
func BenchmarkInflate(b *testing.B) {
	in := encode("gzip", bytes.Repeat(sample(), 20))
	if p := os.Getenv("URIX_GZIP"); p != "" {
		var err error
		if in, err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
	}
	for _, kind := range []string{"stdlib", "klauspost"} {
		b.Run(kind, func(b *testing.B) {
			n := int64(0)
			for b.Loop() {
				var r io.Reader
				if kind == "stdlib" {
					r, _ = stdgzip.NewReader(bytes.NewReader(in))
				} else {
					r, _ = Gzip(bytes.NewReader(in))
				}
				n, _ = io.Copy(io.Discard, r)
			}
			b.SetBytes(n)
		})
	}
}

// FuzzZstd: Frame passes on a prefix of its input, one whole frame
// exactly when it ends without error,
// and the streaming decoder (window capped, synchronous) gives what
// DecodeAll gives for those bytes, or fails where it fails; no frame
// makes either allocate past MaxWindow.
func FuzzZstd(f *testing.F) {
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderCRC(true))
	f.Add(enc.EncodeAll(sample(), nil))
	f.Add(append(enc.EncodeAll([]byte("one"), nil), enc.EncodeAll([]byte("two"), nil)...))
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0x19, 0x00, 0x00, 'a', 'b', 'c'})
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3, 0x03, 0x00, 0x10, ' '})
	enc.Close()
	oracle, _ := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(MaxWindow), zstd.WithDecoderMaxMemory(MaxWindow))
	defer oracle.Close()
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bytes.NewReader(in)
		one, ferr := io.ReadAll(Frame(r))
		if !bytes.Equal(one, in[:len(one)]) {
			t.Fatalf("Frame passed on %d bytes that are not the input's first", len(one))
		}
		if ferr != nil {
			return // damaged: what it read of a header is not passed on
		}
		if len(one)+r.Len() != len(in) {
			t.Fatalf("Frame passed on %d bytes and read %d", len(one), len(in)-r.Len())
		}
		zr, err := Zstd(bytes.NewReader(one), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		var got bytes.Buffer
		_, gerr := io.CopyN(&got, zr, 16<<20)
		if gerr == nil {
			return // past the oracle's cap
		}
		want, werr := oracle.DecodeAll(one, nil)
		if gerr == io.EOF && werr == nil && !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("streamed %d bytes, DecodeAll %d", got.Len(), len(want))
		}
		if (gerr == io.EOF) != (werr == nil) && !errors.Is(werr, zstd.ErrDecoderSizeExceeded) {
			t.Fatalf("streamed: %v; DecodeAll: %v", gerr, werr)
		}
	})
}

// TestFrameWindow: the window a frame header asks for (RFC 8878
// §3.1.1.1.2), by its window descriptor or a single segment's content
// size, is what Zstd charges to the memory budget.
func TestFrameWindow(t *testing.T) {
	magic := "\x28\xb5\x2f\xfd"
	for _, c := range []struct {
		h    string
		want int64
	}{
		{magic + "\x00\x00", 1 << 10},                 // exponent 0, mantissa 0
		{magic + "\x00\x50", 1<<20 + 0},               // exponent 10
		{magic + "\x00\x53", 1<<20 + 3*(1<<17)},       // mantissa 3
		{magic + "\x20\x07", 7},                       // single segment, 1-byte size
		{magic + "\x60\x00\x01", 256 + 256},           // single segment, 2-byte size (+256)
		{magic + "\xa1\x09\x00\x00\x10\x00", 1 << 20}, // dictionary ID of 1 byte, 4-byte size
		{"\x50\x2a\x4d\x18\x00\x00\x00\x00", 0},       // a skippable frame
		{magic + "\xe0\x00", 0},                       // cut short
	} {
		if got := frameWindow([]byte(c.h)); got != c.want {
			t.Errorf("%q: %d, want %d", c.h, got, c.want)
		}
	}
}

// TestLaterFrameWindow: the window held for a stream is its first
// frame's (at least minHeldWindow), and the decoder is made for it, so a
// later frame that asks for a larger one is refused with ErrWindow after
// the first frame's content is read (doc/spec.md L10a); alone, the same
// frame reads.
func TestLaterFrameWindow(t *testing.T) {
	enc := func(b []byte, window int) []byte {
		zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(window), zstd.WithSingleSegment(false))
		if err != nil {
			t.Fatal(err)
		}
		defer zw.Close()
		return zw.EncodeAll(b, nil)
	}
	first := enc([]byte("http://first.example/\n"), 1<<20)
	laterText := append(bytes.Repeat([]byte(" "), 3<<20), "http://later.example/\n"...) // more than the held window
	later := enc(laterText, 8<<20)
	zr, err := Zstd(bytes.NewReader(append(first, later...)), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if zr.window != minHeldWindow {
		t.Errorf("held a window of %d KiB, want %d", zr.window>>10, minHeldWindow>>10)
	}
	b, err := io.ReadAll(zr)
	if string(b) != "http://first.example/\n" || !errors.Is(err, ErrWindow) || !bytes.Contains([]byte(err.Error()), []byte("later frame")) {
		t.Errorf("got %q, %v; want the first frame's content, then a later frame's ErrWindow", b, err)
	}
	// A later single-segment frame (zstd's own for a file of known
	// size) asks for its content size, and is refused alike.
	zs, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithSingleSegment(true))
	if err != nil {
		t.Fatal(err)
	}
	single := zs.EncodeAll(laterText, nil)
	zs.Close()
	zr3, err := Zstd(bytes.NewReader(append(first, single...)), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer zr3.Close()
	if b, err := io.ReadAll(zr3); string(b) != "http://first.example/\n" || !bytes.Contains([]byte(fmt.Sprint(err)), []byte("later frame")) {
		t.Errorf("single-segment: got %q, %v; want the first frame's content, then a later frame's ErrWindow", b, err)
	}
	zr2, err := Zstd(bytes.NewReader(later), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer zr2.Close()
	if b, err := io.ReadAll(zr2); err != nil || !bytes.Equal(b, laterText) {
		t.Errorf("the later frame alone: %d bytes, %v", len(b), err)
	}
}
