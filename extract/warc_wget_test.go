package extract

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urix/urix/printer"

	"github.com/andybalholm/brotli"
)

// WARC files written by a real crawler, GNU wget (Debian's 1.21: WARC/1.0,
// one gzip member per record, a CDX index beside it), crawling a site that
// wgetSite serves on 127.0.0.1. TestWgetWARC crawls it afresh when wget is
// installed; go test -run TestWgetWARC -record also keeps the crawl under
// testdata/warc/ (wget.warc.gz, wget.cdx), which TestWgetWARCGolden reads
// without wget, in CI.
var record = flag.Bool("record", false, "TestWgetWARC: keep wget's crawl as testdata/warc/wget.warc.gz and .cdx (then run -update for the golden)")

const wgetGolden = "testdata/warc/wget.jsonl"

// wgetSite serves a small site: a redirect, a Content-Location, a <base>,
// a windows-1252 page, gzip, brotli and chunked bodies, a text file, an
// image and a 404.
func wgetSite() http.Handler {
	page := func(ctype, body string, headers ...string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			for i := 0; i+1 < len(headers); i += 2 {
				w.Header().Set(headers[i], headers[i+1])
			}
			w.Header().Set("Content-Type", ctype)
			w.Write([]byte(body))
		}
	}
	const html = "text/html; charset=utf-8"
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", page(html, `<!doctype html><title>wget site</title>
<p><a href="old">moved</a> <a href="cl.html">content-location</a> <a href="based.html">base</a>
<a href="latin.html">latin</a> <a href="gz.html">gzip</a> <a href="br.html">brotli</a>
<a href="chunked.html">chunked</a> <a href="notes.txt">notes</a> <a href="missing.html">404</a>
<img src="logo.png" alt="logo"> <a href="https://elsewhere.example/x?a=1&amp;b=2">off site</a>
`))
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/new/{$}", page(html, `<a href="page2.html">next</a>`))
	mux.HandleFunc("/new/page2.html", page(html, `<a href="../">up</a>`))
	// Section 5.1.3: the response's Content-Location is the base (wget
	// itself resolves against the request URL and fetches /sibling.html).
	mux.HandleFunc("/cl.html", page(html, `<a href="sibling.html">sibling</a>`, "Content-Location", "/real/dir/cl.html"))
	mux.HandleFunc("/based.html", page(html, `<base href="http://base.example/b/"><a href="y">y</a>`, "Content-Location", "/real/dir/based.html"))
	mux.HandleFunc("/latin.html", page("text/html; charset=windows-1252",
		"<p>\x93Caf\xe9\x94: <a href=\"caf\xe9.html\">caf\xe9</a>, see http://text.example/\xe9t\xe9 too</p>"))
	mux.HandleFunc("/caf\u00e9.html", page(html, `<a href="/">home</a>`))
	mux.HandleFunc("/gz.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", html)
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		zw.Write([]byte(`<a href="from-gz.html">gz</a>`))
		zw.Close()
	})
	mux.HandleFunc("/br.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", html)
		w.Header().Set("Content-Encoding", "br")
		bw := brotli.NewWriter(w)
		bw.Write([]byte(`<a href="from-br.html">br</a>`))
		bw.Close()
	})
	mux.HandleFunc("/chunked.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", html)
		// No Content-Length, flushed in parts: net/http sends it chunked.
		for _, part := range []string{`<a href="from-`, `chunked.html">chunked</a>`, ` <a href="second-chunk.html">2</a>`} {
			w.Write([]byte(part))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/notes.txt", page("text/plain; charset=utf-8", "Notes: see <http://text.example/notes> and http://text.example/more.\n"))
	mux.HandleFunc("/logo.png", page("image/png", "\x89PNG\r\n\x1a\n\x00\x00\x00\x00http://not.a.link/"))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", html)
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`<a href="/nf-link">not found</a>`))
	})
	return mux
}

// wgetCrawl serves wgetSite on 127.0.0.1 (never another address) and
// mirrors it with wget into dir; it returns the site's URL.
func wgetCrawl(t *testing.T, dir string) string {
	t.Helper()
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Skip("wget is not installed: the committed crawl is still read by TestWgetWARCGolden")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(wgetSite())
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, wget, "--mirror", "--no-proxy", "-e", "robots=off", "--no-verbose",
		"--tries=1", "--timeout=10", "--no-host-directories", "-P", filepath.Join(dir, "mirror"),
		"--warc-file="+filepath.Join(dir, "wget"), "--warc-cdx", srv.URL+"/")
	out, err := cmd.CombinedOutput()
	// wget exits 8 when a page gave an error status (the 404s).
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 8) {
		t.Fatalf("wget: %v\n%s", err, out)
	}
	return srv.URL
}

func TestWgetWARC(t *testing.T) {
	dir := t.TempDir()
	site := wgetCrawl(t, dir)
	warcPath, cdxPath := filepath.Join(dir, "wget.warc.gz"), filepath.Join(dir, "wget.cdx")
	checkWgetWARC(t, warcPath, cdxPath, site)
	if *record {
		for _, f := range [][2]string{{warcPath, "testdata/warc/wget.warc.gz"}, {cdxPath, "testdata/warc/wget.cdx"}} {
			b, err := os.ReadFile(f[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f[1], b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("recorded the crawl of %s; now go test -run TestWgetWARCGolden -update and read the diff", site)
	}
}

// TestWgetWARCGolden reads the committed crawl: the checks of a fresh one,
// and its JSON Lines (as urix --format json prints them) against the golden.
func TestWgetWARCGolden(t *testing.T) {
	const warcPath = "testdata/warc/wget.warc.gz"
	hits := checkWgetWARC(t, warcPath, "testdata/warc/wget.cdx", "")
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // as urix --format json
	for _, h := range hits {
		enc.Encode(printer.RecordOf(&h))
	}
	compareGolden(t, wgetGolden, b.String(), "TestWgetWARCGolden")
}

// checkWgetWARC reads a wget crawl of wgetSite and checks it against what
// the site serves and against wget's own CDX index; site is the crawled
// URL, "" to take it from the first record.
func checkWgetWARC(t *testing.T, warcPath, cdxPath, site string) []Hit {
	t.Helper()
	data, err := os.ReadFile(warcPath)
	if err != nil {
		t.Fatal(err)
	}
	var hits []Hit
	var warns []error
	err = mustNew(t, Options{}).File(warcPath, func(h *Hit) error { hits = append(hits, *h); return nil },
		func(err error) { warns = append(warns, err) })
	if err != nil || len(warns) != 0 {
		t.Errorf("error %v, warnings %v", err, warns)
	}
	cdx := readCDX(t, cdxPath)
	if site == "" {
		site = strings.TrimSuffix(cdx[0].url, "/")
	}
	type edge struct{ page, uri, kind string }
	var got []edge
	for _, h := range hits {
		got = append(got, edge{strings.TrimPrefix(h.Page, site), strings.TrimPrefix(h.URI, site), h.Kind})
		// Every hit is pinned to its record's gzip member, and wget's
		// CDX gives that member for the hit's page.
		if h.Offset != h.WARCRecordOffset || h.Line != 0 || !bytes.HasPrefix(data[h.WARCRecordOffset:], gzipMagicBytes) {
			t.Errorf("hit %s at offset %d, record %d, line %d: want the offset of its gzip member", h.URI, h.Offset, h.WARCRecordOffset, h.Line)
		}
		if strings.HasPrefix(h.Page, site) && !slices.Contains(cdx, cdxEntry{h.Page, h.WARCRecordOffset, strconv.Itoa(h.Status)}) {
			t.Errorf("hit %s: page %s, record offset %d, status %d: not in wget's CDX %v", h.URI, h.Page, h.WARCRecordOffset, h.Status, cdx)
		}
	}
	want := []edge{
		{"/", "/old", "html-attr"},
		{"/", "/cl.html", "html-attr"},
		{"/", "/based.html", "html-attr"},
		{"/", "/latin.html", "html-attr"},
		{"/", "/gz.html", "html-attr"},
		{"/", "/br.html", "html-attr"},
		{"/", "/chunked.html", "html-attr"},
		{"/", "/notes.txt", "html-attr"},
		{"/", "/missing.html", "html-attr"},
		{"/", "/logo.png", "html-attr"},
		{"/", "https://elsewhere.example/x?a=1&b=2", "html-attr"},
		{"/cl.html", "/real/dir/sibling.html", "html-attr"},     // Content-Location is the base
		{"/based.html", "http://base.example/b/y", "html-attr"}, // <base> beats it
		{"/latin.html", "/café.html", "html-attr"},              // windows-1252 decoded
		{"/latin.html", "http://text.example/été", "html-text"},
		{"/gz.html", "/from-gz.html", "html-attr"},
		{"/br.html", "/from-br.html", "html-attr"},
		{"/chunked.html", "/from-chunked.html", "html-attr"},
		{"/chunked.html", "/second-chunk.html", "html-attr"},
		{"/notes.txt", "http://text.example/notes", "angle"},
		{"/notes.txt", "http://text.example/more", "space"},
		{"/new/", "/new/page2.html", "html-attr"},
		{"/new/page2.html", "/", "html-attr"},
		{"/caf%C3%A9.html", "/", "html-attr"}, // wget asked for it in UTF-8
	}
	for _, e := range want {
		if !slices.Contains(got, e) {
			t.Errorf("no hit %+v", e)
		}
	}
	for _, e := range got {
		// Only 2xx responses are read: not the redirect, nor the 404s.
		if e.page == "/old" || e.page == "/missing.html" || e.uri == "/nf-link" || e.uri == "http://not.a.link/" {
			t.Errorf("hit %+v of a page that is not read", e)
		}
	}
	return hits
}

var gzipMagicBytes = []byte{0x1f, 0x8b}

type cdxEntry struct {
	url    string
	offset int64
	status string
}

// readCDX reads wget's CDX index: its first line names the fields (a:
// original URL, s: status, V: the record's offset in the compressed file).
func readCDX(t *testing.T, path string) []cdxEntry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var legend []string
	var out []cdxEntry
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if legend == nil {
			if len(fields) < 2 || fields[0] != "CDX" {
				t.Fatalf("%s: no CDX legend line", path)
			}
			legend = fields[1:]
			continue
		}
		var e cdxEntry
		for i, name := range legend {
			if i >= len(fields) {
				break
			}
			switch name {
			case "a":
				e.url = fields[i]
			case "s":
				e.status = fields[i]
			case "V":
				e.offset, _ = strconv.ParseInt(fields[i], 10, 64)
			}
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no entries", path)
	}
	return out
}
