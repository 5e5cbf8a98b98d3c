// Package htmlbase owns reading HTML (SPEC §3, seeds Appendix D): the
// document's BASE HREF and every link-bearing attribute, plus URIs written
// in text nodes (through delimit).
package htmlbase

import (
	"io"

	"github.com/urix/urix/delimit"
)

// Options tune reading.
type Options struct {
	// Charset is a charset declared outside the document (HTTP or MIME
	// Content-Type); empty means sniff (BOM, <meta charset>), then UTF-8/Windows-1252.
	Charset string
	// Delimit tunes the scan of text nodes (H4).
	Delimit delimit.Options
}

// Link is one reference found in a document.
type Link struct {
	Ref          string // the reference as written, entity-decoded and cleaned (H1)
	Element      string // lower-case element name (for a text hit: the enclosing element)
	Attr         string // lower-case attribute name; "" for a text hit
	Offset, End  int64  // byte offsets in the input of the element's start tag (attribute links) or of the hit (text)
	Line, Col    int    // 1-based line and byte column of Offset
	Text         bool   // found in a text node by delimit (H4)
	Kind         delimit.Kind
	Flags        delimit.Flags
	SameDocument bool // empty or fragment-only reference (H3)
}

// Document is what Read found.
type Document struct {
	Base    string // the first <base href> after H1 cleanup, as written (may be relative)
	HasBase bool
	Links   []Link
}

// Read reads an HTML document from r. STUB.
func Read(r io.Reader, opts Options) (*Document, error) { return &Document{}, nil }
