package pdf

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzPDF reads arbitrary bytes as a PDF. Beyond not panicking: every
// hit is on a page of the document (0 for none), no URI is longer than
// the cap, and reading through
// Content.Whole and from a plain reader gives the same hits.
func FuzzPDF(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.pdf"))
	more, _ := filepath.Glob(filepath.Join("testdata", "real", "*.pdf"))
	for _, p := range append(seeds, more...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 1<<20 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := read(data, "http://base.example/d/", true)
		pages := s.Counts["pdf.pages"]
		for _, h := range s.Hits {
			if h.PDFPage < 0 || int64(h.PDFPage) > pages {
				t.Fatalf("hit on page %d of %d: %+v", h.PDFPage, pages, h)
			}
			if len(h.Raw) > maxURI || len(h.URI) > 3*maxURI {
				t.Fatalf("URI of %d bytes", len(h.URI))
			}
		}
		s2, err2 := read(data, "http://base.example/d/", false)
		if !reflect.DeepEqual(s.Hits, s2.Hits) || (err == nil) != (err2 == nil) {
			t.Fatalf("Whole and a plain reader differ:\n%s\n%s", summary(s, err), summary(s2, err2))
		}
	})
}
