package extract

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urix/urix/internal/mapitest"
	"github.com/urix/urix/resolve"
)

// fileHits extracts the hits of the file at path with File.
func fileHits(t *testing.T, x *Extractor, path string) ([]Hit, []string) {
	t.Helper()
	var hits []Hit
	var warns []string
	err := x.File(path, func(h *Hit) error { hits = append(hits, *h); return nil }, func(err error) { warns = append(warns, err.Error()) })
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return hits, warns
}

// TestRoundTrip reads one HTML document of 90 links (absolute, relative,
// non-ASCII, long, in prose) as pandoc and LibreOffice convert it to
// DOCX, ODT and EPUB (testdata/roundtrip/make.sh) and checks that urix
// finds the same links in each, but for what the producer changed:
//
//   - every producer: a same-document link (#top) points at the new
//     document's own part, or is not a link any more (DOCX bookmarks);
//   - LibreOffice drops the two links whose host is not ASCII, and writes
//     percent-encoded UTF-8 as the characters (compared as URIs, --ascii);
//   - pandoc copies relative links unchanged into ODT and EPUB, where
//     they are relative to the part (content.xml, the chapter): they point
//     into the package; LibreOffice writes ODT's "../x" for a file beside
//     the document, which resolves as the HTML's does.
func TestRoundTrip(t *testing.T) {
	x := mustNew(t, Options{})
	dir := "testdata/roundtrip"
	htmlHits, _ := fileHits(t, x, filepath.Join(dir, "links.html"))
	abs, rel := map[string]bool{}, map[string]string{}
	for _, h := range htmlHits {
		switch {
		case h.SameDocument:
		case resolve.Scheme(h.Raw) != "":
			abs[resolve.ToASCII(h.URI)] = true
		default:
			rel[resolve.ToASCII(h.URI)] = strings.TrimPrefix(h.Raw, "../")
		}
	}
	if len(abs) != 80 || len(rel) != 9 {
		t.Fatalf("links.html: %d absolute and %d relative links, want 80 and 9", len(abs), len(rel))
	}
	nonASCIIHosts := []string{"https://xn--bcher-kva.example/stra%C3%9Fe", "https://xn--e1afmkfd.example/%D0%BF%D1%83%D1%82%D1%8C"}
	for _, tc := range []struct {
		file      string
		dropped   []string
		inPackage bool
	}{
		{"pandoc.docx", nil, false},
		{"pandoc.odt", nil, true},
		{"pandoc.epub", nil, true},
		{"libreoffice.docx", nonASCIIHosts, false},
		{"libreoffice.odt", nonASCIIHosts, false},
	} {
		hits, warns := fileHits(t, x, filepath.Join(dir, tc.file))
		if len(warns) > 0 {
			t.Errorf("%s: warnings %q", tc.file, warns)
		}
		got := map[string]bool{}
		for _, h := range hits {
			got[resolve.ToASCII(h.URI)] = true
		}
		for u := range abs {
			if !got[u] && !slices.Contains(tc.dropped, u) {
				t.Errorf("%s: %s not found", tc.file, u)
			}
		}
		for u := range got {
			if s := resolve.Scheme(u); s != "file" && s != "jar" && s != "urn" && !abs[u] {
				t.Errorf("%s: found %s, not in the HTML", tc.file, u)
			}
		}
		for u, ref := range rel {
			if !tc.inPackage {
				if !got[u] {
					t.Errorf("%s: relative link %s not found", tc.file, u)
				}
				continue
			}
			found := false
			for g := range got {
				found = found || strings.HasSuffix(g, "/"+ref) && !strings.HasPrefix(g, FileURI(dir))
			}
			if !found {
				t.Errorf("%s: relative link %s not found in the package", tc.file, ref)
			}
		}
	}
}

// tree is a small site, for TestArchiveAgainstUnpacking.
var siteTree = map[string]string{
	"index.html":        `<a href="guide/a.html">a</a> <a href="https://example.com/">ex</a>`,
	"guide/a.html":      `<a href="b.html">b</a> <a href="../index.html">i</a> <a href="/abs">abs</a> <a href="../../out.html">out</a>`,
	"guide/b.md":        "[a](a.html) and <https://md.example/> ![i](../img/x.svg)",
	"notes.txt":         "plain http://text.example/path and more",
	"feed/atom.xml":     `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><link href="entry"/></feed>`,
	"img/x.svg":         `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="../index.html"/></svg>`,
	"mail/message.eml":  "From: a@example.com\nSubject: s\n\nsee <http://mail.example/>\n",
	"deep/er/still.htm": `<a href="../../notes.txt">n</a>`,
}

// TestArchiveAgainstUnpacking: a zip and a tar.gz of a small tree give
// exactly the hits of the unpacked tree, member paths in place of file
// paths, and the archive's jar: root in place of the tree's directory;
// with --base, the very same URIs.
func TestArchiveAgainstUnpacking(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "site")
	names := make([]string, 0, len(siteTree))
	for name, body := range siteTree {
		names = append(names, name)
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(names)
	var zb, tb bytes.Buffer
	zw := zip.NewWriter(&zb)
	gw := gzip.NewWriter(&tb)
	tw := tar.NewWriter(gw)
	for _, name := range names {
		w, _ := zw.Create(name)
		io.WriteString(w, siteTree[name])
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(siteTree[name])), Typeflag: tar.TypeReg})
		io.WriteString(tw, siteTree[name])
	}
	zw.Close()
	tw.Close()
	gw.Close()
	os.WriteFile(filepath.Join(dir, "site.zip"), zb.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "site.tar.gz"), tb.Bytes(), 0o644)

	line := func(member string, h Hit) string {
		return member + " " + h.Kind + " " + h.URI
	}
	for _, base := range []string{"", "https://h.example/site/"} {
		x := mustNew(t, Options{Base: base})
		var want []string
		for _, name := range names {
			var hits []Hit
			if base == "" {
				hits, _ = fileHits(t, x, filepath.Join(root, filepath.FromSlash(name)))
			} else {
				in, f, err := OpenFile(filepath.Join(root, filepath.FromSlash(name)))
				if err != nil {
					t.Fatal(err)
				}
				xb := mustNew(t, Options{Base: base + name})
				xb.Input(in, func(h *Hit) error { hits = append(hits, *h); return nil }, nil)
				f.Close()
			}
			for _, h := range hits {
				want = append(want, line(name, h))
			}
		}
		for _, arc := range []string{"site.zip", "site.tar.gz"} {
			hits, warns := fileHits(t, x, filepath.Join(dir, arc))
			var got []string
			for _, h := range hits {
				if base == "" {
					h.URI = strings.ReplaceAll(h.URI, "jar:"+FileURI(filepath.Join(dir, arc))+"!/", FileURI(root)+"/")
				}
				got = append(got, line(h.Member, h))
			}
			if !slices.Equal(got, want) || len(warns) > 0 {
				t.Errorf("%s --base %q: hits\n%s\nwarnings %q; want (unpacked)\n%s", arc, base, strings.Join(got, "\n"), warns, strings.Join(want, "\n"))
			}
		}
	}
}

// TestContainersInMail: a .docx and a .zip attached to a message are read
// through the table by their media types; hits carry part and member. An
// application/octet-stream part is read when its name has the extension
// of an archive or package format, never as text.
func TestContainersInMail(t *testing.T) {
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.Create("docs/a.html")
	io.WriteString(w, `<a href="b.html">b</a> <a href="https://zip.example/">z</a>`)
	zw.Close()
	docx, err := os.ReadFile("testdata/roundtrip/pandoc.docx")
	if err != nil {
		t.Fatal(err)
	}
	b64 := func(b []byte) string {
		s := base64.StdEncoding.EncodeToString(b)
		var out strings.Builder
		for len(s) > 76 {
			out.WriteString(s[:76] + "\n")
			s = s[76:]
		}
		return out.String() + s + "\n"
	}
	msg := "From: a@example.com\nSubject: attachments\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n" +
		"--b\nContent-Type: text/plain\n\nsee the attachments\n" +
		"--b\nContent-Type: application/zip; name=docs.zip\nContent-Transfer-Encoding: base64\nContent-Location: http://mail.example/docs.zip\n\n" + b64(zb.Bytes()) +
		"--b\nContent-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document; name=links.docx\nContent-Transfer-Encoding: base64\n\n" + b64(docx) +
		"--b\nContent-Type: application/octet-stream; name=\"same.zip\"\nContent-Transfer-Encoding: base64\n\n" + b64(zb.Bytes()) +
		"--b\nContent-Type: application/octet-stream; name=\"notes.txt\"\n\nnot read http://octet.example/\n" +
		"--b--\n"
	hits, warns := mailHits(t, msg, Options{})
	if len(warns) > 0 {
		t.Errorf("warnings %q", warns)
	}
	var zipHits, octet []string
	docxHits := 0
	for _, h := range hits {
		switch {
		case h.Kind == "header":
		case h.Part == "2":
			zipHits = append(zipHits, h.Member+" "+h.URI)
		case h.Part == "4":
			octet = append(octet, h.Member+" "+h.URI)
		case h.Part == "5":
			t.Errorf("an octet-stream part named .txt was read: %s", h.URI)
		case h.Part == "3":
			if h.Member == "" {
				t.Errorf("docx hit %s has no member", h.URI)
			}
			docxHits++
		}
	}
	if want := []string{"docs/a.html jar:http://mail.example/docs.zip!/docs/b.html", "docs/a.html https://zip.example/"}; !slices.Equal(zipHits, want) {
		t.Errorf("zip attachment hits %q, want %q", zipHits, want)
	}
	if want := []string{"docs/a.html b.html", "docs/a.html https://zip.example/"}; !slices.Equal(octet, want) {
		t.Errorf("octet-stream zip attachment hits %q, want %q", octet, want)
	}
	if docxHits < 80 {
		t.Errorf("docx attachment: %d hits, want at least 80", docxHits)
	}
}

func TestContainerSniff(t *testing.T) {
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	zw.Create("a.txt")
	zw.Close()
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	tw.WriteHeader(&tar.Header{Name: "a.txt", Typeflag: tar.TypeReg})
	tw.Close()
	for _, tc := range []struct {
		head []byte
		name string
		want Type
	}{
		{zb.Bytes(), "x", "zip"},
		{tb.Bytes(), "x", "tar"},
		{[]byte("BZh91AY&SY"), "x", "tar"},
		{[]byte("\xfd7zXZ\x00\x00"), "x", "tar"},
		{[]byte("PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x08\x00\x00\x00mimetypeapplication/epub+zip"), "x", "epub"},
		{[]byte("plain text"), "x.docx", "ooxml"},
		{[]byte("plain text"), "x.odt", "odf"},
	} {
		if got := Sniff(tc.head, tc.name); got != tc.want {
			t.Errorf("Sniff(%q, %q) = %v, want %v", tc.head[:min(len(tc.head), 12)], tc.name, got, tc.want)
		}
	}
}

// TestContainersInWARC: a zip fetched in a crawl (a WARC response record
// of type application/zip) is read through the table; its hits carry the
// record's page and the member, and resolve inside the archive's URL.
func TestContainersInWARC(t *testing.T) {
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.Create("docs/a.html")
	io.WriteString(w, `<a href="b.html">b</a>`)
	zw.Close()
	http := "HTTP/1.1 200 OK\r\nContent-Type: application/zip\r\nContent-Length: " + strconv.Itoa(zb.Len()) + "\r\n\r\n" + zb.String()
	warc := "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://site.example/dl/docs.zip\r\n" +
		"Content-Type: application/http; msgtype=response\r\nContent-Length: " + strconv.Itoa(len(http)) + "\r\n\r\n" + http + "\r\n\r\n"
	x := mustNew(t, Options{})
	hits, warns := collect(t, x, "crawl.warc", "", []byte(warc))
	if len(hits) != 1 || len(warns) > 0 {
		t.Fatalf("hits %+v warnings %v", hits, warns)
	}
	h := hits[0]
	if h.URI != "jar:http://site.example/dl/docs.zip!/docs/b.html" || h.Page != "http://site.example/dl/docs.zip" || h.Member != "docs/a.html" || h.Status != 200 {
		t.Errorf("hit %+v", h)
	}
}

// TestOctetStreamByContent: an application/octet-stream part whose name
// says nothing is read by the binary format its first bytes show (A7): a
// winmail.dat as some gateways relabel it, and a zip sent without its
// extension; text stays unread whatever it holds.
func TestOctetStreamByContent(t *testing.T) {
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, _ := zw.Create("a.html")
	io.WriteString(w, `<a href="https://zip.example/">z</a>`)
	zw.Close()
	tnef := mapitest.TNEF(&mapitest.Message{Body: "see https://tnef.example/report"})
	b64 := func(b []byte) string { return base64.StdEncoding.EncodeToString(b) + "\n" }
	msg := "From: a@example.com\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n" +
		"--b\nContent-Type: text/plain\n\nhello\n" +
		"--b\nContent-Type: application/octet-stream; name=\"winmail.dat\"\nContent-Transfer-Encoding: base64\n\n" + b64(tnef) +
		"--b\nContent-Type: application/octet-stream; name=\"attachment\"\nContent-Transfer-Encoding: base64\n\n" + b64(zb.Bytes()) +
		"--b\nContent-Type: application/octet-stream; name=\"notes\"\n\nnot read http://octet.example/\n" +
		"--b--\n"
	hits, warns := mailHits(t, msg, Options{})
	if len(warns) > 0 {
		t.Errorf("warnings %q", warns)
	}
	var got []string
	for _, h := range hits {
		got = append(got, h.Part+" "+h.URI)
	}
	want := []string{"2.1 https://tnef.example/report", "3 https://zip.example/"}
	if !slices.Equal(got, want) {
		t.Errorf("hits %q, want %q", got, want)
	}
}

// TestFlatODFWithDeclaration: a flat OpenDocument file starts with an XML
// declaration, as LibreOffice writes it, and is read by the OpenDocument
// reader whatever its name, which joins a paragraph's text across its
// spans: read as generic XML, a URL whose words were formatted apart was
// cut at the first span.
func TestFlatODFWithDeclaration(t *testing.T) {
	doc := `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text><text:p>see https://docs.example/<text:span text:style-name="T1">guide</text:span>/intro.html now</text:p></office:text></office:body></office:document>`
	x := mustNew(t, Options{})
	for _, name := range []string{"d.fodt", "d.xml"} {
		hits, warns := collect(t, x, name, "", []byte(doc))
		if got := strings.Join(uris(hits), " "); got != "https://docs.example/guide/intro.html" || len(warns) > 0 {
			t.Errorf("%s: %q, %v; want https://docs.example/guide/intro.html", name, got, warns)
		}
	}
}
