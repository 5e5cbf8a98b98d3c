package extract

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/printer"
)

// TestDocumentGolden compares the hits of the Markdown and XML samples
// with their goldens (go test -run TestDocumentGolden -update rewrites
// them), with a base of their own, and checks every hit's span against the file:
//
//	markdown/README.md  relative links and images, reference links, autolinks, raw HTML with a <base> to ignore, code
//	xml/feed.atom       Atom with nested xml:base, HTML and XHTML content, ids
//	xml/rss.xml         RSS 2.0 with HTML descriptions (escaped and CDATA), guid isPermaLink, content:encoded
//	xml/sitemap.xml     a sitemap with xhtml:link and image:loc
//	xml/subs.opml       OPML subscriptions
//	xml/drawing.svg     SVG with href and xlink:href, no XML declaration
//	xml/sitemap-index.xml, sitemap1.xml.gz, sitemap2.xml.gz
//	                    a sitemap index and its gzip-compressed children (SOURCES.md)
func TestDocumentGolden(t *testing.T) {
	var files []string
	for _, pat := range []string{"testdata/markdown/*", "testdata/xml/*"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	n := 0
	for _, file := range files {
		if strings.HasSuffix(file, ".golden") || strings.HasSuffix(file, ".md") && strings.Contains(file, "/xml/") {
			continue
		}
		n++
		t.Run(filepath.Base(file), func(t *testing.T) {
			got := mailOutput(t, file, Options{Base: "https://docs.example/repo/dir/"})
			doc, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(file, ".gz") { // positions are in the decompressed document
				zr, err := gzip.NewReader(bytes.NewReader(doc))
				if err != nil {
					t.Fatal(err)
				}
				if doc, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
				var r printer.Record
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				checkHitSpan(t, string(doc), Hit{URI: r.URI, Raw: r.Raw, Line: r.Line, Col: r.Col, Offset: r.Offset, End: r.End, Kind: r.Kind})
			}
			compareGolden(t, file+".golden", got, "TestDocumentGolden")
		})
	}
	if n != 9 {
		t.Errorf("%d samples, want 9", n)
	}
}
