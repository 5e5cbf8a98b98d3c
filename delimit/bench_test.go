package delimit

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// dense is seed 003 repeated: prose full of URIs.
func dense(b *testing.B) []byte {
	return bytes.Repeat(seed(b), 40)
}

// uriFree is seed 003 with its schemes renamed, "://" turned into ":/"
// (any scheme followed by "//" is a hit, E1) and '<' into '(': the same
// prose with its colons, and no URI at all.
func uriFree(b *testing.B) []byte {
	r := strings.NewReplacer("http", "htxp", "ftp", "fxp", "mailto", "mailxo", "news:", "nexs:",
		"telnet", "telnex", "gopher", "gophex", "<", "(", "file", "fixe", "://", ":/")
	data := []byte(r.Replace(string(seed(b))))
	data = bytes.Repeat(data, 40)
	if n := len(Find(data, Options{})); n != 0 {
		b.Fatalf("URI-free input has %d hits", n)
	}
	return data
}

func benchFind(b *testing.B, data []byte, opts Options) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(Find(data, opts))
	}
	b.ReportMetric(float64(n), "hits")
}

func benchScanner(b *testing.B, data []byte, opts Options) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = 0
		s := NewScanner(bytes.NewReader(data), opts)
		for s.Scan() {
			n++
		}
	}
	b.ReportMetric(float64(n), "hits")
}

func BenchmarkFindDense(b *testing.B)       { benchFind(b, dense(b), Options{}) }
func BenchmarkFindDenseAbbrev(b *testing.B) { benchFind(b, dense(b), Options{Abbrev: true}) }
func BenchmarkScannerDense(b *testing.B)    { benchScanner(b, dense(b), Options{}) }
func BenchmarkFindURIFree(b *testing.B)     { benchFind(b, uriFree(b), Options{}) }
func BenchmarkScannerURIFree(b *testing.B)  { benchScanner(b, uriFree(b), Options{}) }
func BenchmarkScannerMillionLT(b *testing.B) {
	benchScanner(b, bytes.Repeat([]byte("<"), 1<<20), Options{})
}
func BenchmarkScannerLongLine(b *testing.B) {
	benchScanner(b, bytes.Repeat([]byte("a"), 64<<20), Options{})
}
func BenchmarkScannerLongURI(b *testing.B) {
	benchScanner(b, append([]byte("http://a/"), bytes.Repeat([]byte("a"), 64<<20)...), Options{})
}

// BenchmarkCorpus scans the real-prose corpus of ../shared/bench/corpus.sh
// from the file, as the command line does. Set URIX_CORPUS to use another
// file.
func BenchmarkCorpus(b *testing.B) {
	name := os.Getenv("URIX_CORPUS")
	if name == "" {
		name = "/tmp/corpus/text.txt"
	}
	fi, err := os.Stat(name)
	if err != nil {
		b.Skipf("corpus not built: %v", err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		f, err := os.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		n = 0
		s := NewScanner(struct{ io.Reader }{f}, Options{})
		for s.Scan() {
			n++
		}
		f.Close()
	}
	b.ReportMetric(float64(n), "hits")
}
