package archive

import (
	"archive/tar"
	"bufio"
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/internal/hostile"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// checkMembers checks that every hit names a member of the archive
// (its first path element, for a nested one) and that every in-archive
// URI is under the archive's jar: root.
func checkMembers(t *testing.T, hits []reader.Hit, names map[string]bool) {
	t.Helper()
	for _, h := range hits {
		top, _, _ := strings.Cut(h.Member, "!/")
		if !names[top] {
			t.Fatalf("hit %q names member %q, not in the archive", h.URI, h.Member)
		}
		if strings.HasPrefix(h.URI, "jar:") && !strings.HasPrefix(h.URI, "jar:file:///x/f!/") && !strings.HasPrefix(h.URI, "jar:jar:file:///x/f!/") {
			t.Fatalf("hit %q: a jar: URI outside the archive", h.URI)
		}
	}
}

func sameHits(t *testing.T, a, b []reader.Hit, wa, wb []string) {
	t.Helper()
	if !slices.Equal(a, b) || !slices.Equal(wa, wb) {
		t.Fatalf("whole and one-byte reads differ:\n%v %q\n%v %q", a, wa, b, wb)
	}
}

// readBytes is readertest.ReadBytes with a decoded-size cap of 1 MiB,
// not 16 MiB: a bomb of a few bytes (a bzip2 block of 36 bytes gives 45
// MB) then costs a fuzz execution a MiB of decoding, not a second.
func readBytes(f *reader.Format, data []byte, whole bool) ([]reader.Hit, []string) {
	return readertest.ReadBytesCapped(f, formats, data, whole, 1<<20)
}

// hostileSeed is the hostile catalogue's case called name at n bytes.
func hostileSeed(f testing.TB, name string, n int) []byte {
	f.Helper()
	c, ok := hostile.Lookup(name)
	if !ok {
		f.Fatalf("no hostile case %s", name)
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	c.Write(w, n)
	w.Flush()
	return b.Bytes()
}

// FuzzZip: whatever the bytes, every hit names a member of the central
// directory, and a zip read as a stream one byte at a time gives what
// the file gives.
func FuzzZip(f *testing.F) {
	f.Add(readertest.Zip(f, tree...))
	f.Add(readertest.Zip(f, file{"in.zip", string(readertest.Zip(f, file{"a.txt", "http://a.example/"}))}, file{"b.html", `<a href="../c">c</a>`}))
	f.Add(patch(readertest.Zip(f, file{"a.txt", "http://a.example/"}, file{"b.txt", "http://b.example/"}), func(i int, cd []byte) { cd[42] = 0 }))
	// Size-amplifying: a bzip2 bomb member, a deflate bomb, zips
	// stored in zips (each held whole from a stream), a sparse tar.
	f.Add(readertest.Zip(f, file{"b.txt.bz2", string(hostileSeed(f, "bz2-bomb", 256))}, file{"c.txt", "http://c.example/"}))
	f.Add(readertest.Zip(f, file{"a.txt", strings.Repeat("a", 4<<20) + " http://a.example/"}))
	f.Add(hostileSeed(f, "zip-nested-stream", 512))
	f.Add(readertest.Zip(f, file{"s.tar", string(hostileSeed(f, "tar-sparse-pax", 256))}))
	f.Fuzz(func(t *testing.T, data []byte) {
		h1, w1 := readBytes(ZipFormat, data, true)
		h2, w2 := readBytes(ZipFormat, data, false)
		sameHits(t, h1, h2, w1, w2)
		names := map[string]bool{}
		if z, err := OpenZip(&reader.Content{R: bytes.NewReader(data)}); err == nil {
			z.Each(func(e *Entry) error { names[e.Name] = true; return nil })
		}
		checkMembers(t, h1, names)
	})
}

// FuzzTar: every hit names a member archive/tar lists, from the start or
// from a valid header after a damaged one, and one-byte reads give what
// whole reads give.
func FuzzTar(f *testing.F) {
	f.Add(makeTar(f, tree...))
	f.Add(gz(makeTar(f, file{"a.txt", "http://a.example/"}, file{"in.tar", string(makeTar(f, file{"b.html", `<a href="x">x</a>`}))})))
	f.Add(makeTar(f, file{"a.txt", "http://a.example/ " + strings.Repeat("x", 600)})[:1100])
	f.Add(xzip(f, makeTar(f, file{"a.txt", "http://xz.example/"})))
	if bz2, err := os.ReadFile("testdata/tree.tar.bz2"); err == nil {
		f.Add(bz2)
	}
	// Size-amplifying: sparse members of 2^60 bytes, an xz stream
	// that declares 1.5 GiB, a bzip2 bomb, a bomb in a tar.
	for _, c := range []string{"tar-sparse-pax", "tar-sparse-gnu", "xz-second-stream-dict", "bz2-bomb"} {
		f.Add(hostileSeed(f, c, 256))
	}
	f.Add(makeTar(f, file{"b.txt.bz2", string(hostileSeed(f, "bz2-bomb", 128))}, file{"c.txt", "http://c.example/"}))
	if xzs, err := os.ReadFile("testdata/multi.tar.xz"); err == nil {
		f.Add(xzs)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h1, w1 := readBytes(TarFormat, data, true)
		h2, w2 := readBytes(TarFormat, data, false)
		sameHits(t, h1, h2, w1, w2)
		if compression(data) != "" {
			return // the names are inside the compressed stream
		}
		// The members archive/tar lists from the start, and after a
		// damaged header those from each valid header on (resync).
		names := map[string]bool{}
		for off := 0; off == 0 || off+blockSize <= len(data); off += blockSize {
			if off > 0 && !validHeader(data[off:off+blockSize]) {
				continue
			}
			tr := tar.NewReader(bytes.NewReader(data[off:]))
			for {
				h, err := tr.Next()
				if err != nil {
					break
				}
				names[h.Name] = true
			}
		}
		checkMembers(t, h1, names)
	})
}
