package extract

import (
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/reader/xml"
)

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
