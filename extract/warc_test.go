package extract

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/sources"
)

// wrec writes a WARC record byte by byte: version, type, target URI (""
// for none), Content-Type, block, and extra header lines.
func wrec(version, typ, target, ctype, block string, extra ...string) string {
	var b strings.Builder
	b.WriteString(version + "\r\n")
	b.WriteString("WARC-Type: " + typ + "\r\n")
	b.WriteString("WARC-Record-ID: <urn:uuid:" + typ + "-" + target + ">\r\n")
	b.WriteString("WARC-Date: 2024-05-06T07:08:09Z\r\n")
	if target != "" {
		b.WriteString("WARC-Target-URI: " + target + "\r\n")
	}
	if ctype != "" {
		b.WriteString("Content-Type: " + ctype + "\r\n")
	}
	for _, e := range extra {
		b.WriteString(e + "\r\n")
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(block))
	b.WriteString(block + "\r\n\r\n")
	return b.String()
}

// httpResp writes an HTTP response: status line, header lines, body.
func httpResp(status string, body string, headers ...string) string {
	return "HTTP/1.1 " + status + "\r\n" + strings.Join(headers, "\r\n") + "\r\n\r\n" + body
}

const httpMsg = "application/http; msgtype=response"

func response(target, status, body string, headers ...string) string {
	return wrec("WARC/1.0", "response", target, httpMsg, httpResp(status, body, headers...))
}

func gz(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

// gzMembers compresses each record as its own gzip member and returns the
// file and each member's offset.
func gzMembers(recs ...string) ([]byte, []int64) {
	var out []byte
	var offs []int64
	for _, r := range recs {
		offs = append(offs, int64(len(out)))
		out = append(out, gz(r)...)
	}
	return out, offs
}

// warcFile extracts a WARC as a regular file (seekable) called name.
func warcFile(t *testing.T, o Options, name string, data []byte) ([]Hit, []error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var hits []Hit
	var warns []error
	err := mustNew(t, o).File(path, func(h *Hit) error { hits = append(hits, *h); return nil },
		func(err error) { warns = append(warns, err) })
	if err != nil {
		warns = append(warns, err)
	}
	return hits, warns
}

func TestWARCPlain(t *testing.T) {
	page := `<html><body><a href="rel/a">a</a> <a href="/b">b</a></body></html>`
	recs := []string{
		wrec("WARC/1.0", "warcinfo", "", "application/warc-fields", "software: test\r\n"),
		wrec("WARC/1.0", "request", "http://ex.com/dir/p.html", "application/http; msgtype=request", "GET /dir/p.html HTTP/1.1\r\nHost: ex.com\r\n\r\n"),
		response("http://ex.com/dir/p.html", "200 OK", page, "Content-Type: text/html; charset=utf-8", fmt.Sprintf("Content-Length: %d", len(page))),
		wrec("WARC/1.1", "resource", "http://ex.com/notes.txt", "text/plain", "see http://other.example/x\n"),
		wrec("WARC/1.0", "metadata", "http://ex.com/dir/p.html", "application/warc-fields", "outlink: http://meta.example/\r\n"),
	}
	data := []byte(strings.Join(recs, ""))
	hits, warns := warcFile(t, Options{}, "x.warc", data)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	want := []string{"http://ex.com/dir/rel/a", "http://ex.com/b", "http://other.example/x"}
	if got := uris(hits); !slices.Equal(got, want) {
		t.Fatalf("URIs %q, want %q", got, want)
	}
	respOff := int64(len(recs[0]) + len(recs[1]))
	for i, h := range hits {
		if !bytes.HasPrefix(data[h.WARCRecordOffset:], []byte("WARC/1.")) {
			t.Errorf("hit %d: record offset %d is not a record start", i, h.WARCRecordOffset)
		}
		if !bytes.Contains(data[h.Offset:h.End], []byte(strings.Trim(h.Raw, `"`))) {
			t.Errorf("hit %d: offset %d..%d holds %q, not %q", i, h.Offset, h.End, data[h.Offset:h.End], h.Raw)
		}
		line := bytes.Count(data[:h.Offset], []byte("\n")) + 1
		if h.Line != line {
			t.Errorf("hit %d: line %d, want %d", i, h.Line, line)
		}
	}
	h := hits[0]
	if h.Page != "http://ex.com/dir/p.html" || h.WARCRecordOffset != respOff || h.Status != 200 ||
		h.WARCRecordID != "<urn:uuid:response-http://ex.com/dir/p.html>" || h.WARCDate != "2024-05-06T07:08:09Z" {
		t.Errorf("hit 0 = %+v", h)
	}
	if h := hits[2]; h.Page != "http://ex.com/notes.txt" || h.Status != 0 || h.WARCRecordOffset != respOff+int64(len(recs[2])) {
		t.Errorf("resource hit = %+v", h)
	}
}

func TestWARCGzipMembers(t *testing.T) {
	page := `<a href="x">x</a>`
	recs := []string{
		wrec("WARC/1.1", "warcinfo", "", "application/warc-fields", "software: test\r\n"),
		response("http://ex.com/1/", "200 OK", page, "Content-Type: text/html"),
		response("http://ex.com/2/", "200 OK", page, "Content-Type: text/html"),
	}
	data, offs := gzMembers(recs...)
	want := []string{"http://ex.com/1/x", "http://ex.com/2/x"}
	check := func(name string, hits []Hit, warns []error) {
		t.Helper()
		if len(warns) != 0 {
			t.Errorf("%s: warnings %v", name, warns)
		}
		if got := uris(hits); !slices.Equal(got, want) {
			t.Fatalf("%s: URIs %q, want %q", name, got, want)
		}
		for i, h := range hits {
			if h.WARCRecordOffset != offs[i+1] || h.Offset != offs[i+1] || h.Line != 0 {
				t.Errorf("%s: hit %d at record %d, offset %d, line %d; want member offset %d, line 0", name, i, h.WARCRecordOffset, h.Offset, h.Line, offs[i+1])
			}
		}
	}
	hits, warns := warcFile(t, Options{}, "x.warc.gz", data)
	check("x.warc.gz", hits, warns)
	hits, warns = warcFile(t, Options{}, "noext", data) // sniffed in the first member
	check("sniffed", hits, warns)
	hits, warns = collect(t, mustNew(t, Options{Type: WARC}), "-", "", data) // a stream, --type warc
	check("stream", hits, warns)
}

func TestWARCDamage(t *testing.T) {
	good := func(n int) string {
		return response(fmt.Sprintf("http://ex.com/%d/", n), "200 OK", `<a href="x">x</a>`, "Content-Type: text/html")
	}
	badLength := strings.Replace(good(2), "Content-Length: 61", "Content-Length: 400", 1)  // too long: swallows record 3
	shortLength := strings.Replace(good(2), "Content-Length: 61", "Content-Length: 50", 1) // too short
	badHeader := "WARC/1.0\r\nthis is no field\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
	for _, tt := range []struct {
		name   string
		middle string
	}{
		{"long", badLength}, {"short", shortLength}, {"header", badHeader}, {"garbage", "\x00junk\nmore junk\r\n"},
	} {
		data := []byte(good(1) + tt.middle + good(3))
		for _, mode := range []string{"file", "stream"} {
			var hits []Hit
			var warns []error
			if mode == "file" {
				hits, warns = warcFile(t, Options{}, "x.warc", data)
			} else {
				hits, warns = collect(t, mustNew(t, Options{}), "x.warc", "", data)
			}
			got := uris(hits)
			if !slices.Contains(got, "http://ex.com/1/x") || (mode == "file" || tt.name != "long") && !slices.Contains(got, "http://ex.com/3/x") {
				t.Errorf("%s, %s: URIs %q", tt.name, mode, got)
			}
			var re *warc.RecordError
			if len(warns) == 0 || !errors.As(warns[0], &re) || !strings.Contains(warns[0].Error(), "record at offset") {
				t.Errorf("%s, %s: warnings %v", tt.name, mode, warns)
			}
		}
	}
}

// TestWARCTruncatedLast: a plain WARC cut inside its last record (a crawl
// killed while writing) keeps the records before it, and the cut record
// is reported at its own offset.
func TestWARCTruncatedLast(t *testing.T) {
	one := wrec("WARC/1.1", "response", "http://ex.com/1/", httpMsg, httpResp("200 OK", `<a href="x">x</a>`, "Content-Type: text/html"))
	two := wrec("WARC/1.1", "response", "http://ex.com/2/", httpMsg, httpResp("200 OK", `<a href="y">y</a>`, "Content-Type: text/html"))
	data := []byte(one + two[:len(two)-12])
	for _, mode := range []string{"file", "stream"} {
		var hits []Hit
		var warns []error
		if mode == "file" {
			hits, warns = warcFile(t, Options{}, "x.warc", data)
		} else {
			hits, warns = collect(t, mustNew(t, Options{}), "x.warc", "", data)
		}
		if got := uris(hits); !slices.Equal(got, []string{"http://ex.com/1/x"}) {
			t.Errorf("%s: URIs %q", mode, got)
		}
		if len(warns) != 1 || !errors.Is(warns[0], warc.ErrTruncated) || !strings.Contains(warns[0].Error(), fmt.Sprintf("record at offset %d:", len(one))) {
			t.Errorf("%s: warnings %v, want the truncated record at %d", mode, warns, len(one))
		}
	}
}

func TestWARCGzipDamage(t *testing.T) {
	rec := func(n int) string {
		return response(fmt.Sprintf("http://ex.com/%d/", n), "200 OK", `<a href="x">x</a>`, "Content-Type: text/html")
	}
	m1, m2, m3 := gz(rec(1)), gz(rec(2)), gz(rec(3))
	// A corrupt member in the middle (bytes of its deflate stream
	// changed), and a truncated last member.
	bad := bytes.Clone(m2)
	for i := 12; i < len(bad)-8; i += 3 {
		bad[i] ^= 0x55
	}
	data := slices.Concat(m1, bad, m3, m2[:len(m2)/2])
	for _, mode := range []string{"file", "stream"} {
		var hits []Hit
		var warns []error
		if mode == "file" {
			hits, warns = warcFile(t, Options{}, "x.warc.gz", data)
		} else {
			hits, warns = collect(t, mustNew(t, Options{Type: WARC}), "-", "", data)
		}
		got := uris(hits)
		if !slices.Contains(got, "http://ex.com/1/x") || !slices.Contains(got, "http://ex.com/3/x") {
			t.Errorf("%s: URIs %q", mode, got)
		}
		if len(warns) < 2 {
			t.Errorf("%s: warnings %v, want the corrupt and the truncated member", mode, warns)
		}
		for _, w := range warns {
			if !strings.Contains(w.Error(), "record at offset ") {
				t.Errorf("%s: warning %v", mode, w)
			}
		}
		if mode == "file" && !strings.Contains(fmt.Sprint(warns), fmt.Sprintf("record at offset %d:", len(m1)+len(bad)+len(m3))) {
			t.Errorf("%s: no warning names the truncated member: %v", mode, warns)
		}
	}
}

func TestWARCRecordKinds(t *testing.T) {
	chunk := func(b []byte) string {
		return fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(b), b)
	}
	recs := []string{
		wrec("WARC/1.0", "revisit", "http://ex.com/old", httpMsg, httpResp("200 OK", "", "Content-Type: text/html"),
			"WARC-Profile: http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"),
		response("http://ex.com/moved", "301 Moved Permanently", "", "Location: /new", "Content-Length: 0"),
		response("http://ex.com/z", "200 OK", chunk(gz(`<a href="zipped">z</a>`)),
			"Content-Type: text/html", "Transfer-Encoding: chunked", "Content-Encoding: gzip"),
		response("http://ex.com/cl", "200 OK", `<a href="y">y</a>`, "Content-Type: text/html", "Content-Location: http://mirror.example/d/page"),
		response("http://ex.com/based", "200 OK", `<base href="http://base.example/b/"><a href="y">y</a>`,
			"Content-Type: text/html", "Content-Location: http://mirror.example/d/page"),
		response("http://ex.com/404", "404 Not Found", `<a href="nf">y</a>`, "Content-Type: text/html"),
	}
	data := []byte(strings.Join(recs, ""))
	hits, warns := warcFile(t, Options{}, "x.warc", data)
	want := []string{"http://ex.com/zipped", "http://mirror.example/d/y", "http://base.example/b/y"}
	if got := uris(hits); !slices.Equal(got, want) {
		t.Errorf("URIs %q, want %q", got, want)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Error(), "1 revisit record(s) skipped") {
		t.Errorf("warnings %v, want the revisit count", warns)
	}
	zipped := int64(len(recs[0]) + len(recs[1]))
	if h := hits[0]; h.Offset != zipped || h.WARCRecordOffset != zipped {
		t.Errorf("decoded body: hit at %d, want pinned to the record at %d", h.Offset, zipped)
	}

	hits, _ = warcFile(t, allStatus(Options{}), "x.warc", data)
	want = []string{"http://ex.com/new", "http://ex.com/zipped", "http://mirror.example/d/y", "http://base.example/b/y", "http://ex.com/nf"}
	if got := uris(hits); !slices.Equal(got, want) {
		t.Errorf("all statuses: URIs %q, want %q", got, want)
	}
	if h := hits[0]; h.Kind != "http-location" || h.Status != 301 || h.Page != "http://ex.com/moved" || h.Raw != "/new" {
		t.Errorf("Location hit = %+v", h)
	}
}

func TestWARCUnsupportedEncoding(t *testing.T) {
	data := response("http://ex.com/", "200 OK", "xx", "Content-Type: text/html", "Content-Encoding: compress")
	hits, warns := warcFile(t, Options{}, "x.warc", []byte(data))
	if len(hits) != 0 || len(warns) != 1 || !errors.Is(warns[0], ErrContentEncoding) {
		t.Errorf("hits %v, warnings %v", hits, warns)
	}
}

// TestWARCBrotli: a br-coded body (Content-Encoding: br, as browsers and
// CDNs send it) is decoded; a corrupt one is a warning naming brotli.
func TestWARCBrotli(t *testing.T) {
	var b bytes.Buffer
	bw := brotli.NewWriter(&b)
	bw.Write([]byte(`<a href="squeezed">s</a>`))
	bw.Close()
	data := response("http://ex.com/br/", "200 OK", b.String(), "Content-Type: text/html", "Content-Encoding: br") +
		response("http://ex.com/bad/", "200 OK", "\xff\xff\xff not brotli", "Content-Type: text/html", "Content-Encoding: br")
	hits, warns := warcFile(t, Options{}, "x.warc", []byte(data))
	if got := uris(hits); !slices.Equal(got, []string{"http://ex.com/br/squeezed"}) {
		t.Errorf("URIs %q", got)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Error(), "brotli") {
		t.Errorf("warnings %v, want the corrupt br body", warns)
	}
}

// warcSeekable extracts data as a seekable whole file would be read.
func warcSeekable(x *Extractor, data []byte) ([]Hit, []error) {
	var hits []Hit
	var warns []error
	in := Input{R: bytes.NewReader(data), Name: "f.warc", Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
	err := x.Input(in, func(h *Hit) error { hits = append(hits, *h); return nil }, func(err error) { warns = append(warns, err) })
	if err != nil {
		warns = append(warns, err)
	}
	return hits, warns
}

var fuzzTail = response("http://tail.example/", "200 OK", `<a href="found">t</a>`, "Content-Type: text/html")

// FuzzWARC: every record offset lies in the input and, uncompressed, at
// "WARC/" or at a gzip member the prefix holds; a valid record appended after any bytes always yields its hit
// (unless those bytes end in an intact record whose Content-Length
// takes it in: swallows).
func FuzzWARC(f *testing.F) {
	f.Add([]byte(response("http://a.example/", "200 OK", `<a href="b">b</a>`, "Content-Type: text/html")), false)
	f.Add([]byte(wrec("WARC/1.1", "resource", "http://a.example/t", "text/plain", "http://c.example/")), false)
	f.Add([]byte("WARC/1.0\r\nContent-Length: 99\r\n\r\nshort"), false)
	f.Add([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 5\r\nContent-Type: application/http\r\n\r\nHTTP/"), true)
	f.Add([]byte("\x1f\x8b\x08garbage"), true)
	x, err := New(allStatus(Options{Type: WARC}))
	if err != nil {
		f.Fatal(err)
	}
	tail := fuzzTail
	f.Fuzz(func(t *testing.T, prefix []byte, compress bool) {
		data := slices.Concat(prefix, []byte(tail))
		if compress {
			data = slices.Concat(prefix, gz(tail))
		}
		hits, _ := warcSeekable(x, data)
		found := false
		for _, h := range hits {
			if h.WARCRecordOffset < 0 || h.WARCRecordOffset >= int64(len(data)) {
				t.Fatalf("record offset %d outside the input (%d bytes)", h.WARCRecordOffset, len(data))
			}
			// A record start: "WARC/", or a gzip member's magic (the
			// prefix may hold a member whose stored deflate block holds
			// a record: found in the member, at its offset).
			if !compress && !bytes.HasPrefix(data[h.WARCRecordOffset:], []byte("WARC/")) && !bytes.HasPrefix(data[h.WARCRecordOffset:], []byte{0x1f, 0x8b}) {
				t.Fatalf("record offset %d is not at WARC/: %q", h.WARCRecordOffset, data[h.WARCRecordOffset:min(len(data), int(h.WARCRecordOffset)+10)])
			}
			if h.URI == "http://tail.example/found" && h.WARCRecordOffset == int64(len(prefix)) {
				found = true
			}
		}
		if !found && !swallows(prefix, compress) {
			t.Fatalf("the appended record was not found; hits %v", uris(hits))
		}
	})
}

// swallows reports whether prefix legitimately takes in the record after
// it: package warc reads, without error, a record of prefix+tail whose
// block covers the tail's start. Compressed, no member can.
func swallows(prefix []byte, compress bool) bool {
	if compress {
		return false
	}
	data := slices.Concat(prefix, []byte(fuzzTail))
	r := warc.NewReader(bytes.NewReader(data), warc.RecordOptions{})
	for {
		rec, err := r.Next()
		if err == io.EOF || err != nil && !errors.As(err, new(*warc.RecordError)) {
			return false
		}
		if err == nil && rec.Offset < int64(len(prefix)) && rec.BodyOffset+rec.ContentLength > int64(len(prefix)) {
			return true
		}
	}
}

// TestWARCHugeHTTPHeader: an HTTP header that never ends is cut at
// maxHTTPHeader (memory stays bounded) and the record skipped.
func TestWARCHugeHTTPHeader(t *testing.T) {
	data := response("http://ex.com/", "200 OK", "", "X-Long: "+strings.Repeat("a", maxHTTPHeader+10))
	data += response("http://ex.com/2", "200 OK", `<a href="ok">`, "Content-Type: text/html")
	hits, warns := warcFile(t, Options{}, "x.warc", []byte(data))
	if got := uris(hits); !slices.Equal(got, []string{"http://ex.com/ok"}) || len(warns) != 1 || !errors.Is(warns[0], errHTTPHeader) {
		t.Errorf("hits %q, warnings %v", got, warns)
	}
}

// TestWARCCounts: warc.Counts, given Input.Count, counts records, the ones read, revisits
// and damaged ones; sources.File reads a regular file as File does (the
// record a wrong Content-Length swallowed is found again by seeking).
func TestWARCCounts(t *testing.T) {
	ok := func(n int) string {
		return response(fmt.Sprintf("http://ex.com/%d/", n), "200 OK", `<a href="x">x</a>`, "Content-Type: text/html")
	}
	long := strings.Replace(ok(2), "Content-Length: 61", "Content-Length: 400", 1)
	data := ok(1) + long + ok(3) +
		response("http://ex.com/404", "404 Not Found", `<a href="nf">y</a>`, "Content-Type: text/html") +
		wrec("WARC/1.0", "revisit", "http://ex.com/1/", httpMsg, httpResp("200 OK", "")) +
		wrec("WARC/1.1", "resource", "http://ex.com/t", "text/plain", "http://c.example/")
	path := filepath.Join(t.TempDir(), "c.warc")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in := sources.File(f, path)
	var wc WARCCounts
	in.Count = wc.Add
	var hits []Hit
	err = mustNew(t, Options{}).Input(in, func(h *Hit) error { hits = append(hits, *h); return nil }, func(error) {})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"http://ex.com/1/x", "http://ex.com/3/x", "http://c.example/"}
	if got := uris(hits); !slices.Equal(got, want) {
		t.Errorf("URIs %q, want %q", got, want)
	}
	if c := wc; c != (WARCCounts{Records: 6, Read: 3, Revisits: 1, Damaged: 1}) {
		t.Errorf("counts %+v", c)
	}
}
