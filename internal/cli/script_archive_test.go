package cli

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"io"
	"os"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// pack ARCHIVE DIR FILE... writes the files (paths relative to DIR, which
// become the member names) into ARCHIVE: a zip (any name ending in .zip,
// .docx, .odt, .epub ...; a member named "mimetype" is stored first, as
// OpenDocument and EPUB want), a tar, or a tar.gz / .tgz. Scripts use it
// to make archives from the text files of their txtar.
func pack(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: pack archive dir file...")
	}
	out, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	defer out.Close()
	dir := ts.MkAbs(args[1])
	read := func(name string) []byte {
		b, err := os.ReadFile(dir + "/" + name)
		ts.Check(err)
		return b
	}
	name := args[0]
	if strings.HasSuffix(name, ".tar") || strings.HasSuffix(name, ".tar.gz") || strings.HasSuffix(name, ".tgz") {
		var w io.Writer = out
		var gw *gzip.Writer
		if !strings.HasSuffix(name, ".tar") {
			gw = gzip.NewWriter(out)
			w = gw
		}
		tw := tar.NewWriter(w)
		for _, f := range args[2:] {
			b := read(f)
			ts.Check(tw.WriteHeader(&tar.Header{Name: f, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}))
			_, err := tw.Write(b)
			ts.Check(err)
		}
		ts.Check(tw.Close())
		if gw != nil {
			ts.Check(gw.Close())
		}
		return
	}
	zw := zip.NewWriter(out)
	for _, f := range args[2:] {
		method := zip.Deflate
		if f == "mimetype" {
			method = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f, Method: method})
		ts.Check(err)
		_, err = w.Write(read(f))
		ts.Check(err)
	}
	ts.Check(zw.Close())
}
