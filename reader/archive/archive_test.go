package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/ulikunitz/xz"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/readertest"
	"github.com/urix/urix/reader/text"
	"github.com/urix/urix/resolve"
)

// file is a member to put in a test archive.
type file = readertest.File

func makeTar(t testing.TB, files ...file) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f[0], Mode: 0o644, Size: int64(len(f[1])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		io.WriteString(tw, f[1])
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gz(b []byte) []byte {
	var o bytes.Buffer
	zw := gzip.NewWriter(&o)
	zw.Write(b)
	zw.Close()
	return o.Bytes()
}

func xzip(t testing.TB, b []byte) []byte {
	var o bytes.Buffer
	zw, err := xz.NewWriter(&o)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(b)
	zw.Close()
	return o.Bytes()
}

// formats is the table the tests read members with.
var formats = []*reader.Format{text.Format, html.Format, ZipFormat, TarFormat}

// run reads data as format f called name, with base, as a file (whole)
// or as a stream, and returns the hits as "member|uri" and the warnings.
func run(t testing.TB, f *reader.Format, data []byte, name, base string, whole bool, opts reader.Options) ([]string, []string) {
	t.Helper()
	s := &readertest.Sink{Opts: opts, Formats: formats, File: name}
	if s.Opts.MaxDecoded == 0 {
		s.Opts.MaxDecoded = 1 << 30
	}
	c := &reader.Content{Name: name, Base: base}
	if whole {
		c.Whole = io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))
		c.R = bytes.NewReader(data)
	} else {
		c.R = iotest.OneByteReader(bytes.NewReader(data))
	}
	if err := f.Read(c, s); err != nil {
		s.Warnings = append(s.Warnings, "error: "+err.Error())
	}
	var hits []string
	for _, h := range s.Hits {
		hits = append(hits, h.Member+"|"+h.URI)
	}
	return hits, s.Warnings
}

var tree = []file{
	{"index.html", `<a href="guide/a.html">a</a>`},
	{"guide/a.html", `<a href="b.html">b</a> <a href="../index.html">i</a> <a href="/abs.html">abs</a> <a href="../../out.html">out</a> <a href="?q">q</a> <a href="#f">f</a>`},
	{"guide/notes.txt", "see http://example.com/x and <https://example.org/y>"},
	{"img/x.png", "\x89PNG\x00\x00 http://binary.example/"},
}

// treeHits are the hits of tree as a zip at file:///x/docs.zip.
var treeHits = []string{
	"index.html|jar:file:///x/docs.zip!/guide/a.html",
	"guide/a.html|jar:file:///x/docs.zip!/guide/b.html",
	"guide/a.html|jar:file:///x/docs.zip!/index.html",
	"guide/a.html|file:///abs.html",
	"guide/a.html|file:///x/out.html",
	"guide/a.html|jar:file:///x/docs.zip!/guide/a.html?q",
	"guide/a.html|jar:file:///x/docs.zip!/guide/a.html#f",
	"guide/notes.txt|http://example.com/x",
	"guide/notes.txt|https://example.org/y",
}

func TestZipMembersResolve(t *testing.T) {
	data := readertest.Zip(t, tree...)
	for _, mode := range []resolve.Mode{resolve.RFC3986, resolve.WHATWG} {
		for _, whole := range []bool{true, false} {
			hits, warns := run(t, ZipFormat, data, "docs.zip", "file:///x/docs.zip", whole, reader.Options{Resolve: resolve.Options{Mode: mode}})
			if !slices.Equal(hits, treeHits) || len(warns) > 0 {
				t.Errorf("mode %v whole %v: hits\n%s\nwarnings %q; want\n%s", mode, whole, strings.Join(hits, "\n"), warns, strings.Join(treeHits, "\n"))
			}
		}
	}
}

func TestTarForms(t *testing.T) {
	plain := makeTar(t, tree...)
	bz2, err := os.ReadFile("testdata/tree.tar.bz2")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"docs.tar", plain},
		{"docs.tar.gz", gz(plain)},
		{"docs.tgz", gz(plain)},
		{"docs.tar.xz", xzip(t, plain)},
		{"docs.tar.bz2", bz2},
	} {
		want := strings.ReplaceAll(strings.Join(treeHits, "\n"), "docs.zip", tc.name)
		hits, warns := run(t, TarFormat, tc.data, tc.name, "file:///x/"+tc.name, false, reader.Options{})
		if got := strings.Join(hits, "\n"); got != want || len(warns) > 0 {
			t.Errorf("%s: hits\n%s\nwarnings %q; want\n%s", tc.name, got, warns, want)
		}
	}
}

func TestCompressedNotTar(t *testing.T) {
	hits, _ := run(t, TarFormat, xzip(t, []byte("see http://in.xz.example/ here")), "notes.txt.xz", "file:///x/notes.txt.xz", false, reader.Options{})
	if want := []string{"|http://in.xz.example/"}; !slices.Equal(hits, want) {
		t.Errorf("hits %q, want %q", hits, want)
	}
}

func TestBaseOption(t *testing.T) {
	data := readertest.Zip(t, tree[:2]...)
	for _, b := range []string{"https://h/docs/", "https://h/docs"} {
		hits, _ := run(t, ZipFormat, data, "docs.zip", b, true, reader.Options{Base: b})
		want := []string{
			"index.html|https://h/docs/guide/a.html",
			"guide/a.html|https://h/docs/guide/b.html", "guide/a.html|https://h/docs/index.html",
			"guide/a.html|https://h/abs.html", "guide/a.html|https://h/out.html",
			"guide/a.html|https://h/docs/guide/a.html?q", "guide/a.html|https://h/docs/guide/a.html#f",
		}
		if !slices.Equal(hits, want) {
			t.Errorf("--base %s: hits\n%s\nwant\n%s", b, strings.Join(hits, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestNested(t *testing.T) {
	inner := readertest.Zip(t, file{"x.html", `<a href="y.html">y</a> <a href="../up.html">up</a>`})
	outer := makeTar(t, file{"inner.zip", string(inner)}, file{"n.txt.gz", string(gz([]byte("http://gz.example/")))})
	hits, warns := run(t, TarFormat, outer, "o.tar", "file:///x/o.tar", false, reader.Options{})
	want := []string{
		"inner.zip!/x.html|jar:jar:file:///x/o.tar!/inner.zip!/y.html",
		"inner.zip!/x.html|jar:file:///x/o.tar!/up.html",
		"n.txt.gz|http://gz.example/",
	}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits\n%s\nwarnings %q; want\n%s", strings.Join(hits, "\n"), warns, strings.Join(want, "\n"))
	}
	// Depth: five zips in each other; the fifth is not read.
	z := readertest.Zip(t, file{"deep.txt", "http://deep.example/"})
	for i := range 4 {
		z = readertest.Zip(t, file{fmt.Sprintf("l%d.zip", i), string(z)})
	}
	hits, warns = run(t, ZipFormat, z, "d.zip", "", true, reader.Options{})
	if len(hits) != 0 || len(warns) != 1 || !strings.Contains(warns[0], "l3.zip!/l2.zip!/l1.zip!/l0.zip: archive: nested deeper than 4") {
		t.Errorf("deep nesting: hits %q warnings %q", hits, warns)
	}
}

// TestHostileNames: names are data: the member field keeps them, the base
// never leaves the archive, nothing is opened.
func TestHostileNames(t *testing.T) {
	data := readertest.Zip(t,
		file{"../../etc/x.html", `<a href="y.html">y</a>`},
		file{"/abs/z.html", `<a href="w.html">w</a>`},
		file{"ctl\x1b[31m.txt", "http://ctl.example/"},
		file{"a b%20?#.html", `<a href="c.html">c</a>`},
	)
	hits, warns := run(t, ZipFormat, data, "h.zip", "file:///x/h.zip", true, reader.Options{})
	want := []string{
		"../../etc/x.html|jar:file:///x/h.zip!/etc/y.html",
		"/abs/z.html|jar:file:///x/h.zip!/abs/w.html",
		"ctl\x1b[31m.txt|http://ctl.example/",
		"a b%20?#.html|jar:file:///x/h.zip!/c.html",
	}
	if !slices.Equal(hits, want) || len(warns) > 0 {
		t.Errorf("hits %q warnings %q; want %q", hits, warns, want)
	}
}

// patch returns a copy of zip data with fn applied to every central
// directory entry (its 46 fixed bytes).
func patch(data []byte, fn func(i int, cd []byte)) []byte {
	d := bytes.Clone(data)
	i, k := 0, bytes.Index(d, []byte("PK\x01\x02"))
	for k >= 0 {
		fn(i, d[k:k+46])
		i++
		n := k + 46 + int(binary.LittleEndian.Uint16(d[k+28:])) + int(binary.LittleEndian.Uint16(d[k+30:])) + int(binary.LittleEndian.Uint16(d[k+32:]))
		next := bytes.Index(d[n:], []byte("PK\x01\x02"))
		if next < 0 {
			break
		}
		k = n + next
	}
	return d
}

func TestZipHostile(t *testing.T) {
	good := file{"ok.txt", "http://ok.example/"}
	big := strings.Repeat("\x20", 8<<20) + "http://late.example/"
	for _, tc := range []struct {
		name string
		data []byte
		opts reader.Options
		hits []string
		warn string
	}{
		{"size lie", patch(readertest.Zip(t, file{"a.txt", "http://a.example/ and more text"}, good), func(i int, cd []byte) {
			if i == 0 {
				binary.LittleEndian.PutUint32(cd[24:], 10)
			}
		}), reader.Options{}, []string{"a.txt|http://a.e", "ok.txt|http://ok.example/"}, "a.txt: zip: member is larger than its declared size"},
		{"checksum", patch(readertest.Zip(t, file{"a.txt", "http://a.example/"}, good), func(i int, cd []byte) {
			if i == 0 {
				cd[16] ^= 1
			}
		}), reader.Options{}, []string{"a.txt|http://a.example/", "ok.txt|http://ok.example/"}, "a.txt: zip: member checksum mismatch"},
		{"encrypted", patch(readertest.Zip(t, file{"a.txt", "http://a.example/"}, good), func(i int, cd []byte) {
			if i == 0 {
				cd[8] |= 1
			}
		}), reader.Options{}, []string{"ok.txt|http://ok.example/"}, "a.txt: zip: encrypted member"},
		{"method", patch(readertest.Zip(t, file{"a.txt", "http://a.example/"}, good), func(i int, cd []byte) {
			if i == 0 {
				cd[10] = 99
			}
		}), reader.Options{}, []string{"ok.txt|http://ok.example/"}, "a.txt: zip: compression method 99"},
		{"overlap", patch(readertest.Zip(t, file{"a.txt", "http://a.example/"}, file{"b.txt", "http://b.example/"}, good), func(i int, cd []byte) {
			if i == 1 {
				copy(cd[42:46], []byte{0, 0, 0, 0}) // b.txt points at a.txt's data
			}
		}), reader.Options{}, []string{"ok.txt|http://ok.example/"}, "a.txt: zip: member data overlaps"},
		{"ratio", readertest.Zip(t, file{"bomb.txt", big}, good), reader.Options{}, []string{"ok.txt|http://ok.example/"}, "bomb.txt: zip: member expands more than 250 times"},
		{"budget", readertest.Zip(t, good, file{"b.txt", strings.Repeat("http://b.example/ ", 100)}, file{"c.txt", "http://c.example/"}), reader.Options{MaxDecoded: 100},
			[]string{"ok.txt|http://ok.example/", "b.txt|http://b.example/", "b.txt|http://b.example/", "b.txt|http://b.example/", "b.txt|http://b.example/", "b.txt|http://b.e"}, "error: archive: decoded size exceeds the limit"},
		{"binary member", readertest.Zip(t, file{"x.bin", "\x00\x01http://bin.example/"}, good), reader.Options{}, []string{"ok.txt|http://ok.example/"}, ""},
		{"binary member read", readertest.Zip(t, file{"x.bin", "\x00\x01 http://bin.example/"}), reader.Options{Binary: true}, []string{"x.bin|http://bin.example/"}, ""},
		{"truncated", readertest.Zip(t, good)[:40], reader.Options{}, nil, "error: zip: no end of central directory"},
		{"mimetype of a text format", readertest.Zip(t, file{"mimetype", "text/plain"}, good), reader.Options{}, []string{"ok.txt|http://ok.example/"}, ""},
	} {
		hits, warns := run(t, ZipFormat, tc.data, "h.zip", "", true, tc.opts)
		if !slices.Equal(hits, tc.hits) {
			t.Errorf("%s: hits %q, want %q", tc.name, hits, tc.hits)
		}
		w := strings.Join(warns, "\n")
		if tc.warn == "" && w != "" || !strings.Contains(w, tc.warn) || len(warns) > 1 && tc.name != "overlap" || len(warns) > 2 {
			t.Errorf("%s: warnings %q, want one with %q", tc.name, warns, tc.warn)
		}
	}
}

func TestTarTruncated(t *testing.T) {
	data := makeTar(t, file{"a.txt", "http://a.example/"}, file{"b.txt", "http://b.example/ " + strings.Repeat("x", 2000)})
	data = data[:512+512+512+100] // b.txt's data cut
	hits, warns := run(t, TarFormat, data, "t.tar", "", false, reader.Options{})
	if want := []string{"a.txt|http://a.example/", "b.txt|http://b.example/"}; !slices.Equal(hits, want) {
		t.Errorf("hits %q, want %q", hits, want)
	}
	if len(warns) != 1 || !strings.HasPrefix(warns[0], "b.txt: tar: member truncated") {
		t.Errorf("warnings %q", warns)
	}
}

func TestStreamBufferCap(t *testing.T) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "big.bin", Method: zip.Store})
	io.CopyN(w, zeros{}, MaxBuffer)
	zw.Close()
	_, warns := run(t, ZipFormat, b.Bytes(), "big.zip", "", false, reader.Options{})
	if len(warns) != 1 || !strings.Contains(warns[0], "larger than 32 MiB") {
		t.Errorf("warnings %q", warns)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestTooManyMembers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a zip of 100001 members")
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := range MaxMembers + 1 {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprint(i), Method: zip.Store})
		if i == MaxMembers {
			io.WriteString(w, "http://last.example/")
		} else if i == 0 {
			io.WriteString(w, "http://first.example/")
		}
	}
	zw.Close()
	hits, warns := run(t, ZipFormat, b.Bytes(), "many.zip", "", true, reader.Options{})
	if want := []string{"0|http://first.example/"}; !slices.Equal(hits, want) {
		t.Errorf("hits %q, want %q", hits, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "more than 100000 members") {
		t.Errorf("%d warnings, the first %q", len(warns), warns[:min(len(warns), 3)])
	}
}

// TestXZDictionaryCap: a stream that asks for a dictionary over 32 MiB
// (xz -9's 64 MiB) is refused, one of 32 MiB (xz -8) is read.
func TestXZDictionaryCap(t *testing.T) {
	for _, c := range []struct {
		dict int
		read bool
	}{{32 << 20, true}, {32<<20 + 1<<19, false}, {64 << 20, false}} {
		var o bytes.Buffer
		zw, err := xz.WriterConfig{DictCap: c.dict}.NewWriter(&o)
		if err != nil {
			t.Fatal(err)
		}
		zw.Write([]byte("http://x.example/"))
		zw.Close()
		hits, warns := run(t, TarFormat, o.Bytes(), "a.txt.xz", "", false, reader.Options{})
		if c.read && (len(hits) != 1 || len(warns) > 0) {
			t.Errorf("dictionary of %d bytes: hits %q, warnings %q", c.dict, hits, warns)
		}
		if !c.read && (len(hits) > 0 || len(warns) != 1 || !strings.Contains(warns[0], "dictionary larger than 32 MiB")) {
			t.Errorf("dictionary of %d bytes: hits %q, warnings %q", c.dict, hits, warns)
		}
	}
}

// TestTarBudget: a plain tar is not decoded, so its size is not held to
// the decoded-size cap; a compressed one's decompressed bytes are, once.
func TestTarBudget(t *testing.T) {
	body := strings.Repeat("http://t.example/ ", 100)
	plain := makeTar(t, file{"a.txt", body}, file{"b.txt", "http://last.example/"})
	hits, warns := run(t, TarFormat, plain, "t.tar", "", false, reader.Options{MaxDecoded: 1000})
	if len(hits) != 101 || len(warns) > 0 {
		t.Errorf("plain tar under a 1000-byte cap: %d hits, warnings %q", len(hits), warns)
	}
	n := int64(len(plain))
	hits, warns = run(t, TarFormat, gz(plain), "t.tar.gz", "", false, reader.Options{MaxDecoded: n})
	if len(hits) != 101 || len(warns) > 0 {
		t.Errorf("tar.gz at a cap of its decompressed size: %d hits, warnings %q", len(hits), warns)
	}
	_, warns = run(t, TarFormat, gz(plain), "t.tar.gz", "", false, reader.Options{MaxDecoded: n - 600})
	if len(warns) != 1 || !strings.Contains(warns[0], "decoded size exceeds the limit") {
		t.Errorf("tar.gz past the cap: warnings %q", warns)
	}
}

// TestJarNotHierarchical records why members are not given their jar:
// URI as base (jar.go): resolution against it goes wrong in every
// standard, while the hierarchical form the member sink uses does not.
func TestJarNotHierarchical(t *testing.T) {
	const jar = "jar:file:///x/docs.zip!/guide/a.html"
	if got, _ := resolve.Resolve(jar, "/abs.html", resolve.Options{}); got != "jar:/abs.html" {
		t.Errorf("RFC 3986: /abs.html against %s = %q; the reason for the rewrap changed", jar, got)
	}
	if got, _ := resolve.Resolve(jar, "../../../out.html", resolve.Options{}); got != "jar:file:///out.html" {
		t.Errorf("RFC 3986: ../../../out.html against %s = %q", jar, got)
	}
	if _, err := resolve.Resolve(jar, "b.html", resolve.Options{Mode: resolve.WHATWG}); err == nil {
		t.Errorf("WHATWG: b.html against %s resolved; the reason for the rewrap changed", jar)
	}
	hits, _ := run(t, ZipFormat, readertest.Zip(t, file{"guide/a.html", `<a href="/abs.html">a</a> <a href="../../../out.html">o</a> <a href="b.html">b</a>`}),
		"docs.zip", "file:///x/docs.zip", true, reader.Options{Resolve: resolve.Options{Mode: resolve.WHATWG}})
	want := []string{"guide/a.html|file:///abs.html", "guide/a.html|file:///out.html", "guide/a.html|jar:file:///x/docs.zip!/guide/b.html"}
	if !slices.Equal(hits, want) {
		t.Errorf("hits %q, want %q", hits, want)
	}
}

// TestTarResync: after a damaged header (its checksum broken), the
// members after it are still read, with one warning naming the offset.
func TestTarResync(t *testing.T) {
	data := makeTar(t, file{"a.txt", "http://a.example/"}, file{"b.txt", "http://b.example/ " + strings.Repeat("x", 600)},
		file{"c.txt", "http://c.example/"}, file{"d.txt", "http://d.example/"})
	data = slices.Clone(data)
	data[1024+148] ^= 1 // b.txt's header, after a.txt's header and its block of data
	for _, whole := range []bool{true, false} {
		hits, warns := run(t, TarFormat, data, "t.tar", "", whole, reader.Options{})
		if want := []string{"a.txt|http://a.example/", "c.txt|http://c.example/", "d.txt|http://d.example/"}; !slices.Equal(hits, want) {
			t.Errorf("hits %q, want %q", hits, want)
		}
		want := "tar: damaged header at offset 1024: reading on from the next header, at offset 2560"
		if len(warns) != 1 || !strings.Contains(warns[0], want) {
			t.Errorf("warnings %q, want one with %q", warns, want)
		}
	}
	// As a .tar.gz, and with no header after the damage.
	hits, warns := run(t, TarFormat, gz(data[:2560]), "t.tar.gz", "", false, reader.Options{})
	if want := []string{"a.txt|http://a.example/"}; !slices.Equal(hits, want) {
		t.Errorf("cut .tar.gz: hits %q, want %q", hits, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "damaged header at offset 1024 and no header after it") {
		t.Errorf("cut .tar.gz: warnings %q", warns)
	}
}
