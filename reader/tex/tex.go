// Package tex reads LaTeX and BibTeX sources (doc/spec.md
// TX1).
//
// A filter (filter.go) reads the source once and passes it on to the text
// rules (package delimit) with what is not text blanked out, byte for
// byte, so that offsets, lines and columns stay those of the file:
//
//   - a comment, from a '%' that is not "\%" to the end of its line;
//   - \url{URL} (kind tex, attr \url) and \href{URL}{text} (attr \href),
//     whose URL is a reference; the text of \href is left to the text
//     rules unless it is the URL again;
//   - \doi{10.…} (attr \doi), the reference https://doi.org/10.…;
//   - in a BibTeX file (.bib), the url and doi fields of an entry (kind
//     bibtex, attr the field) and its eprint with archivePrefix (or
//     eprinttype) arXiv, the reference https://arxiv.org/abs/….
//
// In a URL the TeX escapes \# \% \_ \& \$ \~{} and \textasciitilde are
// undone, and a field's braces dropped. Everything else, the text and the
// other fields, goes through the text rules.
package tex

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// Name is the format's name, as --type gives it.
const Name = "tex"

// Format is the entry of LaTeX and BibTeX in the format table: by name
// and media type only.
var Format = &reader.Format{
	Name:       Name,
	Extensions: []string{".tex", ".bib", ".bbl", ".sty", ".cls", ".ltx", ".dtx", ".latex"},
	MediaTypes: []string{"application/x-tex", "text/x-tex", "application/x-latex", "text/x-latex", "text/x-bibtex", "application/x-bibtex"},
	Read:       Read,
}

// special is a reference the filter found, held until the text rules'
// hits before it are reported: until the Scanner passes its place.
type special struct {
	kind, attr string
	ref, raw   string
	sp         reader.Span
	truncated  bool
}

// Read reads a LaTeX or BibTeX content.
func Read(c *reader.Content, s reader.Sink) error {
	opts := s.Options()
	f := newFilter(c.R, strings.EqualFold(filepath.Ext(c.Name), ".bib"))
	d := opts.Delimit
	sc := delimit.NewScanner(f, d)
	var h reader.Hit
	flush := func(before int64) {
		for len(f.found) > 0 && f.found[0].sp.Start < before {
			x := f.found[0]
			var flags delimit.Flags
			if x.truncated {
				flags = delimit.Truncated
			}
			h.Set(c, x.kind, x.ref, x.raw, x.sp, flags)
			h.Attr, h.Source = x.attr, resolve.FromMarkup
			s.Report(&h, c.Base)
			f.found[0] = special{}
			f.found = f.found[1:]
		}
	}
	// As the text rules read on, what the filter found before the place
	// they have passed is reported: a source without text hits holds no
	// more than what the Scanner looks at (doc/spec.md TX1, L1).
	f.passed = func() { flush(sc.Passed()) }
	for sc.Scan() {
		dh := sc.Hit()
		flush(dh.Start + 1)
		reader.ReportText(s, c, dh, "")
	}
	flush(1 << 62)
	if f.err != nil && f.err != io.EOF {
		return f.err
	}
	return sc.Err()
}
