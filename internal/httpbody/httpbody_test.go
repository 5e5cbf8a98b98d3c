package httpbody

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"

	"github.com/urix/urix/internal/limit"
)

// TestDecode: each coding is undone, identity is left alone, an unknown
// coding is ErrContentEncoding naming it.
func TestDecode(t *testing.T) {
	const text = `<a href="http://x.example/">x</a>`
	var gz, br bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	bw := brotli.NewWriter(&br)
	bw.Write([]byte(text))
	bw.Close()
	ze, _ := zstd.NewWriter(nil)
	zs := ze.EncodeAll([]byte(text), nil)
	for _, tt := range []struct {
		enc   string
		body  []byte
		coded bool
	}{
		{"", []byte(text), false},
		{"identity", []byte(text), false},
		{"gzip", gz.Bytes(), true},
		{" X-GZIP ", gz.Bytes(), true},
		{"br", br.Bytes(), true},
		{"zstd", zs, true},
	} {
		r, coded, err := Decode(bytes.NewReader(tt.body), tt.enc)
		if err != nil || coded != tt.coded {
			t.Fatalf("%q: coded %v, error %v", tt.enc, coded, err)
		}
		if got, err := io.ReadAll(r); string(got) != text || err != nil {
			t.Errorf("%q: %q, %v", tt.enc, got, err)
		}
	}
	if _, _, err := Decode(strings.NewReader("x"), "compress"); !errors.Is(err, ErrContentEncoding) || !strings.Contains(err.Error(), "compress") {
		t.Errorf("compress: %v", err)
	}
	// A truncated zstd body names its coding.
	r, _, _ := Decode(bytes.NewReader(zs[:len(zs)-3]), "zstd")
	if _, err := io.ReadAll(r); err == nil || !strings.HasPrefix(err.Error(), "HTTP body: zstd: ") {
		t.Errorf("truncated zstd: %v", err)
	}
}

// TestDecodeBomb: a brotli body of a few kilobytes that decodes to 64 MiB
// stops with limit.ErrRatio soon past limit.RatioFloor, not at its end.
func TestDecodeBomb(t *testing.T) {
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, 1)
	chunk := bytes.Repeat([]byte("<p>"), 1<<20)
	for range 64 / 3 {
		bw.Write(chunk)
	}
	bw.Close()
	r, _, err := Decode(bytes.NewReader(br.Bytes()), "br")
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, r)
	if !errors.Is(err, limit.ErrRatio) || n > limit.RatioFloor+1<<20 {
		t.Errorf("%d bytes of %d compressed read, error %v; want ErrRatio soon after %d", n, br.Len(), err, limit.RatioFloor)
	}
}
