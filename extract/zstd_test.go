package extract

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
)

// zst compresses b as one zstd frame, with the encoder's options.
func zst(b []byte, opts ...zstd.EOption) []byte {
	zw, _ := zstd.NewWriter(nil, opts...)
	defer zw.Close()
	return zw.EncodeAll(b, nil)
}

// TestZstdFile: a .zst file is read as the file without the suffix
// (doc/spec.md A9); a truncated one names zstd after the
// hits before the cut; a bomb stops at MaxDecoded.
func TestZstdFile(t *testing.T) {
	data := zst([]byte("compressed <http://a/zst>\n" + strings.Repeat("filler ", 40000)))
	hits, warns := collect(t, mustNew(t, Options{}), "notes.txt.zst", "", data)
	if got := uris(hits); len(warns) > 0 || !slices.Equal(got, []string{"http://a/zst"}) {
		t.Errorf("zstd: got %q, warnings %v", got, warns)
	}
	hits, errs := collect(t, mustNew(t, Options{}), "notes.txt.zst", "", data[:len(data)-20])
	if got := uris(hits); len(got) != 1 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "notes.txt.zst: zstd: ") {
		t.Errorf("truncated: got %q, errors %v; want the hit and one zstd error naming the file", got, errs)
	}
	bomb := zst(append([]byte("http://a/first\n"), bytes.Repeat([]byte{' '}, 1<<20)...))
	hits, errs = collect(t, mustNew(t, Options{MaxDecoded: 64 << 10}), "bomb.zst", "", bomb)
	if got := uris(hits); !slices.Equal(got, []string{"http://a/first"}) || len(errs) != 1 || !errors.Is(errs[0], ErrTooLarge) {
		t.Errorf("bomb: got %q, errors %v", got, errs)
	}
}

// TestZstdHugeWindow: a frame that declares a 2 GiB window is refused
// with one error, before anything is allocated for it.
func TestZstdHugeWindow(t *testing.T) {
	// No content size, no single segment, window exponent 21 (2 GiB),
	// then one raw last block of 3 bytes.
	frame := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0x19, 0x00, 0x00, 'a', 'b', 'c'}
	hits, errs := collect(t, mustNew(t, Options{}), "huge.txt.zst", "", frame)
	if len(hits) != 0 || len(errs) != 1 || !errors.Is(errs[0], decomp.ErrWindow) {
		t.Errorf("hits %v, errors %v; want one ErrWindow", hits, errs)
	}
}

// TestZstdArchives: a .tar.zst, a zip member of method 93 and a zstd
// stream inside a tar give the hits of their members.
func TestZstdArchives(t *testing.T) {
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	add := func(name, body string) {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg})
		io.WriteString(tw, body)
	}
	add("a.txt", "see http://tar.example/a\n")
	add("in/b.txt.zst", string(zst([]byte("see http://member.example/b\n"))))
	tw.Close()

	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	zw.RegisterCompressor(zstd.ZipMethodWinZip, zstd.ZipCompressor())
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "z.html", Method: zstd.ZipMethodWinZip})
	io.WriteString(w, `<a href="http://zip.example/z">z</a>`)
	zw.Close()
	if zstd.ZipMethodWinZip != 93 {
		t.Fatalf("method %d", zstd.ZipMethodWinZip)
	}

	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.tar.zst"), zst(tb.Bytes()), 0o644)
	os.WriteFile(filepath.Join(dir, "z.zip"), zb.Bytes(), 0o644)
	for _, tt := range []struct {
		file string
		want []string
	}{
		{"t.tar.zst", []string{"a.txt http://tar.example/a", "in/b.txt.zst http://member.example/b"}},
		{"z.zip", []string{"z.html http://zip.example/z"}},
	} {
		hits, warns := fileHits(t, mustNew(t, Options{}), filepath.Join(dir, tt.file))
		var got []string
		for _, h := range hits {
			got = append(got, h.Member+" "+h.URI)
		}
		if len(warns) > 0 || !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, warnings %v; want %q", tt.file, got, warns, tt.want)
		}
	}
}

// zstWARC writes recs as a .warc.zst: each record a frame of its own,
// after the dictionary's skippable frame when dict is not nil; it
// returns the file and each record's offset.
func zstWARC(recs []string, dict []byte) ([]byte, []int64) {
	var out []byte
	opts := []zstd.EOption{zstd.WithEncoderLevel(zstd.SpeedBetterCompression)}
	if dict != nil {
		out = append(out, 0x5d, 0x2a, 0x4d, 0x18, byte(len(dict)), byte(len(dict)>>8), byte(len(dict)>>16), 0)
		out = append(out, dict...)
		opts = append(opts, zstd.WithEncoderDictRaw(0, dict))
	}
	var offs []int64
	for _, r := range recs {
		offs = append(offs, int64(len(out)))
		out = append(out, zst([]byte(r), opts...)...)
	}
	return out, offs
}

// TestWARCZstd: a .warc.zst (the IIPC WARC-zstd format) is read frame by
// frame, each record's offset its frame's, with and without a
// dictionary; the frames of a file with a dictionary cannot be read
// without it.
func TestWARCZstd(t *testing.T) {
	page := `<a href="x">x</a> <a href="http://dict.example/shared/path/for/every/record">d</a>`
	recs := []string{
		wrec("WARC/1.1", "warcinfo", "", "application/warc-fields", "software: test\r\n"),
		response("http://ex.com/1/", "200 OK", page, "Content-Type: text/html"),
		response("http://ex.com/2/", "200 OK", page, "Content-Type: text/html"),
	}
	want := []string{"http://ex.com/1/x", "http://dict.example/shared/path/for/every/record", "http://ex.com/2/x", "http://dict.example/shared/path/for/every/record"}
	dict := []byte(strings.Repeat(recs[1], 3))
	for _, d := range [][]byte{nil, dict} {
		data, offs := zstWARC(recs, d)
		hits, warns := warcFile(t, Options{}, "x.warc.zst", data)
		if len(warns) != 0 {
			t.Errorf("dict %v: warnings %v", d != nil, warns)
		}
		if got := uris(hits); !slices.Equal(got, want) {
			t.Fatalf("dict %v: URIs %q, want %q", d != nil, got, want)
		}
		for i, h := range hits {
			if h.WARCRecordOffset != offs[i/2+1] {
				t.Errorf("dict %v: hit %d at record %d, want frame offset %d", d != nil, i, h.WARCRecordOffset, offs[i/2+1])
			}
		}
		hits, warns = collect(t, mustNew(t, Options{}), "-", "", data) // a stream, sniffed
		if got := uris(hits); len(warns) != 0 || !slices.Equal(got, want) {
			t.Errorf("dict %v, stream: URIs %q, warnings %v", d != nil, got, warns)
		}
		if d != nil {
			// Without its dictionary frame the records are damaged, one
			// warning each; the run goes on.
			_, warns = warcFile(t, Options{}, "x.warc.zst", data[offs[0]:])
			if len(warns) == 0 {
				t.Errorf("no dictionary: no warnings")
			}
		}
	}
}

// TestWARCZstdCLI cross-checks with the zstd command, when installed: a
// .warc.zst whose frames it wrote with a dictionary (raw content), the
// dictionary in the first skippable frame, reads as the records.
func TestWARCZstdCLI(t *testing.T) {
	if _, err := exec.LookPath("zstd"); err != nil {
		t.Skip("no zstd command")
	}
	dir := t.TempDir()
	recs := []string{
		response("http://ex.com/1/", "200 OK", `<a href="x">x</a>`, "Content-Type: text/html"),
		response("http://ex.com/2/", "200 OK", `<a href="y">y</a>`, "Content-Type: text/html"),
	}
	dict := []byte(strings.Repeat(recs[0], 4))
	os.WriteFile(filepath.Join(dir, "dict"), dict, 0o644)
	data := append([]byte{0x5d, 0x2a, 0x4d, 0x18, byte(len(dict)), byte(len(dict) >> 8), 0, 0}, dict...)
	for i, r := range recs {
		p := filepath.Join(dir, "r"+string(rune('0'+i)))
		os.WriteFile(p, []byte(r), 0o644)
		out, err := exec.Command("zstd", "-q", "-c", "-19", "-D", filepath.Join(dir, "dict"), p).Output()
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, out...)
	}
	hits, warns := warcFile(t, Options{}, "cli.warc.zst", data)
	if got := uris(hits); len(warns) != 0 || !slices.Equal(got, []string{"http://ex.com/1/x", "http://ex.com/2/y"}) {
		t.Errorf("URIs %q, warnings %v", got, warns)
	}
}

// TestWARCZstdTrained: a .warc.zst as the IIPC WARC-zstd format has
// the tools that write it make it, every compressed byte the zstd
// command's: a dictionary trained on the records (zstd --train, a zstd
// dictionary with its magic 0xEC30A437), itself compressed in the first
// skippable frame, then each record a frame of its own compressed with
// it. No tool in the registries this project uses writes .warc.zst
// (wget writes .warc.gz only), so the test assembles the skippable
// frame's 8-byte header itself. The oracle is zstd -d -D with the same
// dictionary: urix must find in the .warc.zst what it finds in the WARC
// the command decompresses, each hit's record at its frame's offset.
func TestWARCZstdTrained(t *testing.T) {
	if _, err := exec.LookPath("zstd"); err != nil {
		t.Skip("no zstd command")
	}
	dir := t.TempDir()
	zstdCmd := func(args ...string) []byte {
		out, err := exec.Command("zstd", append([]string{"-q"}, args...)...).Output()
		if err != nil {
			t.Fatalf("zstd %q: %v", args, err)
		}
		return out
	}
	var recs, files, want []string
	for i := range 30 { // zstd --train wants several samples
		page := fmt.Sprintf(`<html><head><link rel="stylesheet" href="/site.css"></head><body><a href="page%d">p</a> <a href="https://other.example/%d">o</a></body></html>`, i, i)
		recs = append(recs, response(fmt.Sprintf("http://ex.com/%d/", i), "200 OK", page, "Content-Type: text/html"))
		files = append(files, filepath.Join(dir, fmt.Sprintf("r%02d", i)))
		os.WriteFile(files[i], []byte(recs[i]), 0o644)
		want = append(want, "http://ex.com/site.css", fmt.Sprintf("http://ex.com/%d/page%d", i, i), fmt.Sprintf("https://other.example/%d", i))
	}
	dictPath := filepath.Join(dir, "dict")
	zstdCmd(append([]string{"--train", "--maxdict=2048", "-o", dictPath}, files...)...)
	dict, _ := os.ReadFile(dictPath)
	if len(dict) < 8 || string(dict[:4]) != "\x37\xa4\x30\xec" {
		t.Fatalf("zstd --train wrote no zstd dictionary: % x", dict[:min(len(dict), 8)])
	}
	packed := zstdCmd("-19", "-c", dictPath)
	n := len(packed)
	data := append([]byte{0x5d, 0x2a, 0x4d, 0x18, byte(n), byte(n >> 8), byte(n >> 16), 0}, packed...)
	var offs []int64
	for _, f := range files {
		offs = append(offs, int64(len(data)))
		data = append(data, zstdCmd("-19", "-c", "-D", dictPath, f)...)
	}
	path := filepath.Join(dir, "trained.warc.zst")
	os.WriteFile(path, data, 0o644)
	plain := zstdCmd("-d", "-c", "-D", dictPath, path)
	if string(plain) != strings.Join(recs, "") {
		t.Fatalf("zstd -d gives %d bytes, not the %d of the records", len(plain), len(strings.Join(recs, "")))
	}
	oracle, warns := warcFile(t, Options{}, "trained.warc", plain)
	if len(warns) != 0 || !slices.Equal(uris(oracle), want) {
		t.Fatalf("the WARC zstd -d gives: URIs %q, warnings %v", uris(oracle), warns)
	}
	hits, warns := warcFile(t, Options{}, "trained.warc.zst", data)
	if len(warns) != 0 || !slices.Equal(uris(hits), want) {
		t.Fatalf("URIs %q, warnings %v; want %q", uris(hits), warns, want)
	}
	for i, h := range hits {
		if h.WARCRecordOffset != offs[i/3] {
			t.Errorf("hit %d (%s) at record %d, want frame offset %d", i, h.URI, h.WARCRecordOffset, offs[i/3])
		}
	}
	if hits, warns = collect(t, mustNew(t, Options{}), "-", "", data); len(warns) != 0 || !slices.Equal(uris(hits), want) {
		t.Errorf("as a stream: URIs %q, warnings %v", uris(hits), warns)
	}
}

// TestBombAtStartOfLargeFile: the top-level decoder is held to the ratio
// of the compressed bytes read so far, not of the file's size: a bomb
// at the start of a file of 256 KiB stops at the 16 MiB floor (doc/spec.md
// L10), though 1000 times the file's size is 256 MB.
func TestBombAtStartOfLargeFile(t *testing.T) {
	noise := make([]byte, 256<<10)
	x := uint32(1)
	for i := range noise {
		x = x*1664525 + 1013904223
		noise[i] = byte(x >> 24)
	}
	data := append(zst(bytes.Repeat([]byte{' '}, 32<<20)), zst(noise)...)
	err := mustNew(t, Options{}).Input(Input{R: bytes.NewReader(data), Name: "bomb.txt.zst",
		Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))},
		func(h *Hit) error { return nil }, func(error) {})
	if !errors.Is(err, limit.ErrRatio) {
		t.Errorf("error %v, want the ratio's", err)
	}
}
