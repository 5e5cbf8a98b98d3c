package urixbeam

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

// record writes a WARC/1.0 record byte by byte.
func record(typ, target, ctype, block string) string {
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: %s\r\nWARC-Record-ID: <urn:uuid:%s-%s>\r\nWARC-Date: 2024-05-06T07:08:09Z\r\n"+
		"WARC-Target-URI: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		typ, typ, target, target, ctype, len(block), block)
}

func response(target, status, body string, headers ...string) string {
	return record("response", target, "application/http; msgtype=response",
		"HTTP/1.1 "+status+"\r\n"+strings.Join(headers, "\r\n")+"\r\n\r\n"+body)
}

func gz(recs ...string) []byte {
	var out bytes.Buffer
	for _, r := range recs {
		zw := gzip.NewWriter(&out)
		zw.Write([]byte(r))
		zw.Close()
	}
	return out.Bytes()
}

// writeWARCs writes WARC files into dir: plain, gzip members, a damaged
// one (a wrong Content-Length that swallows the next record), a text
// file, and wget's crawl from urix's testdata.
func writeWARCs(t *testing.T, dir string) {
	page := func(n int) string {
		return response(fmt.Sprintf("http://site.example/%d/", n), "200 OK",
			fmt.Sprintf(`<a href="next-%d">n</a> <img src="/img/%d.png"> see https://other.example/%d`, n, n, n), "Content-Type: text/html")
	}
	files := map[string][]byte{
		"a.warc": []byte(page(1) + response("http://site.example/old", "301 Moved", "", "Location: /new/") +
			response("http://site.example/cl", "200 OK", `<a href="x">x</a>`, "Content-Type: text/html", "Content-Location: /real/") +
			record("resource", "http://site.example/notes.txt", "text/plain", "notes: <http://notes.example/a>\n") +
			record("revisit", "http://site.example/1/", "application/http; msgtype=response", "HTTP/1.1 200 OK\r\n\r\n")),
		"b.warc.gz": gz(page(2), page(3), response("http://site.example/404", "404 Not Found", `<a href="nf">nf</a>`, "Content-Type: text/html")),
		"c.warc":    []byte(page(4) + strings.Replace(page(5), "Content-Length: ", "Content-Length: 9", 1) + page(6)),
	}
	wget, err := os.ReadFile("../../../extract/testdata/warc/wget.warc.gz")
	if err != nil {
		t.Fatal(err)
	}
	files["wget.warc.gz"] = wget
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// cli runs the urix command of this repository over the files.
func cli(t *testing.T, args ...string) []string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "urix")
	if out, err := exec.Command("go", "build", "-C", "../../..", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building urix: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Exit status 2 is a damaged record among the inputs (a WARC of the
	// test data has one): the URIs found are still printed.
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 && cmd.ProcessState.ExitCode() != 2 {
		t.Fatalf("urix %v: %v\n%s", args, err, stderr.String())
	}
	return lines(stdout.String())
}

func lines(s string) []string {
	l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Sort(l)
	return l
}

// TestPipelineEqualsCLI runs the pipeline on prism over the WARC files the
// test writes and checks its lines are exactly urix's (sorted: the
// pipeline's order is the runner's), in both formats, and its counters.
func TestPipelineEqualsCLI(t *testing.T) {
	dir := t.TempDir()
	writeWARCs(t, dir)
	inputs, _ := filepath.Glob(filepath.Join(dir, "*.warc*"))
	for _, tt := range []struct {
		cfg  Config
		args []string
	}{
		{Config{Format: "json"}, []string{"--format", "json"}},
		{Config{Format: "tsv", AllStatus: true}, []string{"--format", "tsv", "--all-status"}},
	} {
		out := filepath.Join(t.TempDir(), "out")
		p, s := beam.NewPipelineWithRoot()
		textio.Write(s, out, Extract(s, filepath.Join(dir, "*.warc*"), tt.cfg))
		res, err := prism.Execute(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got := lines(string(b))
		want := cli(t, append(tt.args, append([]string{"-j", "1"}, inputs...)...)...)
		if len(want) < 20 {
			t.Fatalf("urix %v found only %d hits", tt.args, len(want))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: pipeline output differs from urix %v:\npipeline:\n%s\nurix:\n%s", tt.cfg.Format, tt.args,
				strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		counters := map[string]int64{}
		for _, c := range res.Metrics().AllMetrics().Counters() {
			counters[c.Key.Name] += c.Committed
		}
		// Records: a 5 + b 3 + c 2 (the record with a wrong
		// Content-Length, damaged, then 4 and 6 found again by seeking)
		// + 1 damaged, and wget's 38.
		wantCounters := map[string]int64{"files": 4, "records": 5 + 3 + 3 + 38, "damaged": 1, "links": int64(len(want))}
		for name, n := range wantCounters {
			if counters[name] != n {
				t.Errorf("%s: counter %s = %d, want %d (all: %v)", tt.cfg.Format, name, counters[name], n, counters)
			}
		}
	}
}
