package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestFetch checks URL arguments against a server on the loopback
// interface: Content-Type picks the reader, the final URL after redirects
// or Content-Location is the base, and HTTP errors are reported per input.
func TestFetch(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/docs/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<a href="../x">x</a> <a href="#top">top</a>`))
	})
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/docs/page.html", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/located", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Location", "/a/b/c.html")
		w.Write([]byte(`<a href="d">d</a>`))
	})
	mux.HandleFunc("/notes", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(`<html> is not sniffed here: see <http://e.example/f>`))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	u := srv.URL

	var stdout, stderr bytes.Buffer
	code := run([]string{"urix", "-j", "1", u + "/old", u + "/missing", u + "/located", u + "/notes"}, &stdout, &stderr)
	want := strings.Join([]string{u + "/x", u + "/docs/page.html#top", u + "/a/b/d", "http://e.example/f"}, "\n") + "\n"
	if got := stdout.String(); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
	if code != exitError || !strings.Contains(stderr.String(), "urix: "+u+"/missing: HTTP 404 Not Found") {
		t.Errorf("exit %d, stderr %q; want 2 and the 404 named", code, stderr.String())
	}
}
