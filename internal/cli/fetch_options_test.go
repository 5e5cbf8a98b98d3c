package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/runner"
	"github.com/urix/urix/sources"
)

// loopbackServer serves h on 127.0.0.1, never another address.
func loopbackServer(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// fetchAll runs the fetcher over the URLs and returns the URIs found and
// the error lines.
func fetchAll(t *testing.T, opts sources.FetchOptions, urls ...string) (uris, errs []string) {
	t.Helper()
	x, err := extract.New(extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	runner.Run(context.Background(), x, urls, runner.Options{Jobs: 1, Open: sources.Fetcher(opts)},
		func(h *extract.Hit) error { uris = append(uris, h.URI); return nil },
		func(err error) { errs = append(errs, errorLine(err)) })
	return uris, errs
}

func TestParseHeader(t *testing.T) {
	for _, tt := range []struct{ in, name, value, err string }{
		{"Accept-Language: fr", "Accept-Language", "fr", ""},
		{"x-token:abc def ", "X-Token", "abc def", ""},
		{"Cookie: a=1; b=2", "Cookie", "a=1; b=2", ""},
		{"no colon", "", "", "want Name: value"},
		{"Bad Name: x", "", "", "not a valid field name"},
		{": x", "", "", "not a valid field name"},
		{"X-A: 1\r\nX-B: 2", "", "", "line end"},
	} {
		name, value, err := parseHeader(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseHeader(%q): error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || name != tt.name || value != tt.value {
			t.Errorf("parseHeader(%q) = %q, %q, %v; want %q, %q", tt.in, name, value, err, tt.name, tt.value)
		}
	}
}

// TestFetchHeaders: the default User-Agent names urix and its version;
// --user-agent replaces it, -H fields are sent (on redirects too) and may
// replace it in turn.
func TestFetchHeaders(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		// The request's fields, as URIs urix finds: ua/<User-Agent>.
		fmt.Fprintf(w, "<http://h.example/ua/%s> <http://h.example/token/%s> <http://h.example/host/%s>\n",
			strings.ReplaceAll(r.UserAgent(), " ", "_"), r.Header.Get("X-Token"), r.Host)
	})
	mux.HandleFunc("/hop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/echo", http.StatusFound) })
	srv := loopbackServer(t, mux)
	host := strings.TrimPrefix(srv.URL, "http://")

	o := defaultFetchOptions()
	uris, errs := fetchAll(t, o, srv.URL+"/echo")
	want := []string{"http://h.example/ua/urix/devel_(+https://github.com/urix/urix)", "http://h.example/token/", "http://h.example/host/" + host}
	if !slices.Equal(uris, want) || len(errs) != 0 {
		t.Errorf("default: %q %q, want %q", uris, errs, want)
	}

	o.UserAgent = "my-crawler/1.0"
	o.Header = http.Header{"X-Token": {"s3cret"}, "Host": {"virtual.example"}}
	uris, _ = fetchAll(t, o, srv.URL+"/hop")
	want = []string{"http://h.example/ua/my-crawler/1.0", "http://h.example/token/s3cret", "http://h.example/host/virtual.example"}
	if !slices.Equal(uris, want) {
		t.Errorf("--user-agent, -H, redirect: %q, want %q", uris, want)
	}

	o.Header = http.Header{"User-Agent": {"from-H"}}
	if uris, _ = fetchAll(t, o, srv.URL+"/echo"); len(uris) == 0 || uris[0] != "http://h.example/ua/from-H" {
		t.Errorf("-H User-Agent: %q", uris)
	}
}

// TestFetchWARCStreams: a WARC (by its name or its media type) is read
// past the size cap, and a slow one past the timeout as long as data keeps
// coming; any other response stays capped and timed as a whole.
func TestFetchWARCStreams(t *testing.T) {
	var warc bytes.Buffer
	for i := range 20 {
		page := fmt.Sprintf(`<a href="/p%d">p</a>%s`, i, strings.Repeat(" ", 300))
		block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + page
		rec := fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://site.example/%d\r\n"+
			"Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", i, len(block), block)
		zw := gzip.NewWriter(&warc)
		zw.Write([]byte(rec))
		zw.Close()
	}
	data := warc.Bytes()
	slow := func(ctype string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ctype)
			for i := 0; i < len(data); i += len(data) / 4 {
				w.Write(data[i:min(len(data), i+len(data)/4)])
				w.(http.Flusher).Flush()
				time.Sleep(150 * time.Millisecond)
			}
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/crawl.warc.gz", slow("application/octet-stream"))
	mux.HandleFunc("/export", slow("application/warc"))
	mux.HandleFunc("/crawl.bin", slow("application/octet-stream"))
	mux.HandleFunc("/big.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write(bytes.Repeat([]byte("x"), 2000))
	})
	srv := loopbackServer(t, mux)
	o := sources.FetchOptions{Redirects: 1, Timeout: 400 * time.Millisecond, MaxBytes: 1000}
	for _, p := range []string{"/crawl.warc.gz", "/export"} {
		uris, errs := fetchAll(t, o, srv.URL+p)
		if len(uris) != 20 || uris[19] != "http://site.example/p19" || len(errs) != 0 {
			t.Errorf("%s (%d bytes in 600 ms): %d URIs, errors %q", p, len(data), len(uris), errs)
		}
	}
	_, errs := fetchAll(t, o, srv.URL+"/big.txt")
	if len(errs) != 1 || !strings.Contains(errs[0], "larger than 1000 bytes") {
		t.Errorf("not a WARC: errors %q, want the size cap", errs)
	}
	o.MaxBytes = 0
	_, errs = fetchAll(t, o, srv.URL+"/crawl.bin")
	if len(errs) == 0 || !strings.Contains(errs[len(errs)-1], "timeout") {
		t.Errorf("not a WARC, slow: errors %q, want the timeout", errs)
	}
}
