package extract

import (
	"io"

	"github.com/urix/urix/formats"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/reader/xml"
	"github.com/urix/urix/sources"
)

// Type is a format's name, for the tests.
type Type = formats.Type

// Auto sniffs.
const Auto = formats.Auto

// Sniff is the default table's sniffing, by name, for the tests.
func Sniff(head []byte, name string) Type { return Type(formats.Default().Sniff(head, name).Name) }

// ParseType parses a type name of the default table, for the tests.
func ParseType(s string) (Type, error) { return formats.Default().ParseType(s) }

// TypeForMediaType is the default table's lookup by media type.
func TypeForMediaType(mt string) (Type, bool) {
	if f := formats.Default().ByMediaType(mt); f != nil {
		return Type(f.Name), true
	}
	return Auto, false
}

// FileURI is the file:// URI of an absolute path.
func FileURI(abs string) string { return reader.FileURI(abs) }

// OpenFile opens a file as File does.
func OpenFile(path string) (Input, io.Closer, error) { return sources.Open(path) }

// The names of the default table's formats, for the tests.
const (
	Text     Type = "text"
	HTML     Type = "html"
	Email    Type = "email"
	Mbox     Type = "mbox"
	Markdown Type = "markdown"
	XML      Type = "xml"
	WARC     Type = "warc"
	PDF      Type = "pdf"
)

// The limits of the formats' readers, for the tests.
const (
	maxHeld       = html.MaxHeld
	maxHTTPHeader = warc.MaxHTTPHeader
	maxXMLDepth   = xml.MaxDepth
)

var (
	ErrContentEncoding = warc.ErrContentEncoding
	errHTTPHeader      = warc.ErrHTTPHeader
	ErrXMLTooDeep      = xml.ErrTooDeep
)

// WARCCounts count the records of a WARC input.
type WARCCounts = warc.Counts

// withMarkdown returns opts with the Markdown format built with mo.
func withMarkdown(opts Options, mo markdown.Options) Options {
	opts.Formats = append(opts.Formats, markdown.New(mo))
	return opts
}

// allStatus returns opts with WARC responses of every status read.
func allStatus(opts Options) Options {
	opts.Formats = append(opts.Formats, warc.New(warc.Options{AllStatus: true}))
	return opts
}
