// Package formats is the one place that names every reader
// (doc/design.md): the table of input formats, each line built by its own package
// under reader/, with the lookups the pipeline makes (a name, a media
// type, the first bytes of an input and its file name). Package extract
// reads every input through a Table and names no format itself.
//
// A format is added by writing its package and adding its line to List.
package formats

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urix/urix/internal/decomp"
	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/css"
	"github.com/urix/urix/reader/epub"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/ical"
	"github.com/urix/urix/reader/json"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/office"
	"github.com/urix/urix/reader/outlook"
	"github.com/urix/urix/reader/pdf"
	"github.com/urix/urix/reader/tex"
	"github.com/urix/urix/reader/text"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/reader/xml"
)

// Type names an input format, as the command line's forcing flag does
// (doc/spec.md CL3). The empty Type is Auto.
type Type string

// Auto sniffs the content, then looks at the file extension; every other
// Type is the Name of a format of the table.
const Auto Type = "auto"

// List returns the lines of the default input-format table: one line per format,
// each built by its own package (doc/design.md). Sniffing tries them in
// this order and the first whose sniffer matches wins (the sniffers
// exclude each other: a header block cannot start with "From " or '<');
// text, which sniffs nothing, is the default. A format is added by
// writing its package and adding its line here.
func List() []*reader.Format {
	return []*reader.Format{
		text.Format,
		html.Format,
		json.Format, // sniffs '{' or '[' and valid JSON
		ical.Format, // sniffs BEGIN:VCALENDAR, BEGIN:VCARD
		mail.Message,
		mail.Mbox,
		markdown.New(markdown.Options{}),
		xml.Format,
		warc.New(warc.Options{}),
		pdf.Format,
		office.OOXML,
		office.ODF,
		epub.Format,
		archive.ZipFormat,
		outlook.Msg,  // sniffs a compound file with MAPI property streams
		outlook.TNEF, // sniffs the TNEF signature
		archive.TarFormat,
		css.Format, // by name and media type only
		tex.Format, // by name and media type only
	}
}

// Table is a list of formats with the lookups every input and every
// nested part makes. It is safe for concurrent use.
type Table struct {
	formats []*reader.Format
	// byExt and byNameExt are the first format of formats with an
	// extension, and the first of those that are sniffed by name
	// (ByName): Sniff runs for every input of a walk.
	byExt, byNameExt map[string]*reader.Format
	// memo remembers byMediaType's answers: every MIME part and archive
	// record asks, most with one of a handful of media types.
	memo    sync.Map // media type as given -> *reader.Format (nil: none)
	memoLen atomic.Int64
}

// New returns the default table with the formats of replace put in
// place of the default ones of the same name (a format built with its
// own options, such as markdown.New(markdown.Options{IncludeCode: true})),
// and those of no default name added at the end.
func New(replace ...*reader.Format) *Table {
	fs := List()
	for _, r := range replace {
		i := slices.IndexFunc(fs, func(f *reader.Format) bool { return f.Name == r.Name })
		if i < 0 {
			fs = append(fs, r)
		} else {
			fs[i] = r
		}
	}
	t := &Table{formats: fs, byExt: map[string]*reader.Format{}, byNameExt: map[string]*reader.Format{}}
	for _, f := range fs {
		for _, e := range f.Extensions {
			if t.byExt[e] == nil {
				t.byExt[e] = f
			}
			if f.ByName && t.byNameExt[e] == nil {
				t.byNameExt[e] = f
			}
		}
	}
	return t
}

// Default returns the default table, shared: the one the command line
// checks type names against.
func Default() *Table { return defaultTable }

var defaultTable = New()

// Formats returns the table's lines, in sniffing order.
func (t *Table) Formats() []*reader.Format { return slices.Clone(t.formats) }

// ByName returns the table entry of a type, nil for Auto and unknown ones.
func (t *Table) ByName(name Type) *reader.Format {
	for _, f := range t.formats {
		if Type(f.Name) == name {
			return f
		}
	}
	return nil
}

// String returns the name --read-as and -t use.
func (t Type) String() string {
	if t == "" {
		return string(Auto)
	}
	return string(t)
}

// ParseType converts a type name, in any case, into a Type of t.
func (t *Table) ParseType(s string) (Type, error) {
	typ := Type(strings.ToLower(s))
	if typ == Auto || t.ByName(typ) != nil {
		return typ, nil
	}
	return Auto, fmt.Errorf("unknown input type %q (want %s)", s, t.Names())
}

// UnmarshalText parses a type name of the default table
// (encoding.TextUnmarshaler).
func (t *Type) UnmarshalText(b []byte) error {
	v, err := defaultTable.ParseType(string(b))
	if err == nil {
		*t = v
	}
	return err
}

// MarshalText returns the name (encoding.TextMarshaler).
func (t Type) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Names lists the type names: "auto, text, html, email or mbox".
func (t *Table) Names() string {
	names := []string{string(Auto)}
	for _, f := range t.formats {
		names = append(names, f.Name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Types returns the type names of t, Auto first.
func (t *Table) Types() []Type {
	ts := []Type{Auto}
	for _, f := range t.formats {
		ts = append(ts, Type(f.Name))
	}
	return ts
}

// ByMediaType returns the format that reads content of a media type
// (without parameters, in any case), as HTTP, MIME parts and archive
// records declare it, or nil when no format reads it.
func (t *Table) ByMediaType(mt string) *reader.Format {
	if f, ok := t.memo.Load(mt); ok {
		return f.(*reader.Format)
	}
	f := t.lookupMediaType(strings.ToLower(mt))
	if t.memoLen.Add(1) <= 1024 { // media types met are few; a flood of odd ones is not kept
		t.memo.Store(mt, f)
	}
	return f
}

// lookupMediaType finds the format of a lower-case media type: an exact
// entry first, then a "prefix*suffix" one (application/*+xml), then a
// whole top-level type (text/*).
func (t *Table) lookupMediaType(mt string) *reader.Format {
	for _, f := range t.formats {
		for _, m := range f.MediaTypes {
			if m == mt {
				return f
			}
		}
	}
	for _, f := range t.formats {
		for _, m := range f.MediaTypes {
			if pre, suf, ok := strings.Cut(m, "*"); ok && suf != "" &&
				len(mt) > len(pre)+len(suf) && strings.HasPrefix(mt, pre) && strings.HasSuffix(mt, suf) {
				return f
			}
		}
	}
	top, _, _ := strings.Cut(mt, "/")
	for _, f := range t.formats {
		for _, m := range f.MediaTypes {
			if strings.HasSuffix(m, "/*") && m[:len(m)-2] == top {
				return f
			}
		}
	}
	return nil
}

// Sniff returns the format of an input from its first bytes (a UTF-8
// byte order mark skipped), then from its name's extension; the first
// format of the table (text) when neither says (doc/spec.md CL3).
func (t *Table) Sniff(head []byte, name string) *reader.Format {
	ext := strings.ToLower(filepath.Ext(name))
	if f := t.byNameExt[ext]; f != nil {
		return f
	}
	h := bytes.TrimPrefix(head, utf8BOM)
	for _, f := range t.formats {
		if f.Sniff != nil && f.Sniff(h) {
			return f
		}
	}
	if f := t.byExt[ext]; f != nil {
		return f
	}
	return t.formats[0]
}

// OwnGzip returns the format that reads the gzip or zstd input whose
// first bytes are head itself (reader.Format.OwnGzip), or nil: the one
// typ names, else the one whose extension the name has (x.warc.gz,
// x.warc.zst), else the one the decompressed head of the first gzip
// member or zstd frame sniffs as.
func (t *Table) OwnGzip(head []byte, name string, typ Type) *reader.Format {
	if f := t.ByName(typ); f != nil {
		if f.OwnGzip {
			return f
		}
		return nil
	}
	lower := strings.ToLower(name)
	for _, f := range t.formats {
		for _, e := range f.Extensions {
			if f.OwnGzip && strings.HasSuffix(lower, e) {
				return f
			}
		}
	}
	var zr io.Reader
	if decomp.IsZstd(head) || decomp.IsSkippable(head) {
		zd, err := decomp.Zstd(bytes.NewReader(head), headDict(head), nil)
		if err != nil {
			return nil
		}
		defer zd.Close()
		zr = zd
	} else {
		gr, err := decomp.Gzip(bytes.NewReader(head))
		if err != nil {
			return nil
		}
		zr = gr
	}
	inner, _ := io.ReadAll(io.LimitReader(zr, 8<<10))
	for _, f := range t.formats {
		if f.OwnGzip && f.Sniff != nil && f.Sniff(inner) {
			return f
		}
	}
	return nil
}

// headDict returns the dictionary of the skippable frame head starts
// with (a .warc.zst file's), when head holds it whole, or nil.
func headDict(head []byte) []byte {
	if !decomp.IsSkippable(head) {
		return nil
	}
	_, b, err := decomp.Skippable(bytes.NewReader(head), len(head))
	if err != nil {
		return nil
	}
	d, err := decomp.Dict(b)
	if err != nil {
		return nil
	}
	return d
}

// Compression names the compression of an input whose first bytes are
// head (doc/spec.md A1, A9), "" for none, and the file
// suffix it comes with; an empty input is named by its suffix.
func Compression(head []byte, name string) (kind, suffix string) {
	switch {
	case len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b, len(head) == 0 && strings.HasSuffix(name, ".gz"):
		return "gzip", ".gz"
	case decomp.IsZstd(head), decomp.IsSkippable(head), len(head) == 0 && strings.HasSuffix(name, ".zst"):
		return "zstd", ".zst"
	}
	return "", ""
}

// Decompress returns a decoder of r, in the compression kind
// Compression names, for the input whose budget is mem (its window is
// held of the memory budget, limit.Expansion.Hold).
func Decompress(kind string, r io.Reader, mem *limit.Expansion) (io.ReadCloser, error) {
	if kind == "zstd" {
		return decomp.Zstd(r, nil, mem)
	}
	return decomp.Gzip(r)
}

var utf8BOM = []byte("\xef\xbb\xbf")
