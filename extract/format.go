package extract

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/html"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/reader/markdown"
	"github.com/urix/urix/reader/pdf"
	"github.com/urix/urix/reader/text"
	"github.com/urix/urix/reader/warc"
	"github.com/urix/urix/reader/xml"
)

// Type names an input format, as --type does (doc/spec.md §7). The empty Type is
// Auto.
type Type string

// Auto sniffs the content, then looks at the file extension; every other
// Type is the Name of a format of the table.
const Auto Type = "auto"

// DefaultFormats returns the input-format table: one line per format,
// each built by its own package (doc/spec.md §1). Sniffing tries them in
// this order and the first whose sniffer matches wins (the sniffers
// exclude each other: a header block cannot start with "From " or '<');
// text, which sniffs nothing, is the default. A format is added by
// writing its package and adding its line here.
func DefaultFormats() []*reader.Format {
	return []*reader.Format{
		text.Format,
		html.Format,
		mail.Message,
		mail.Mbox,
		markdown.New(markdown.Options{}),
		xml.Format,
		warc.New(warc.Options{}),
		pdf.Format,
	}
}

// table is an Extractor's list of formats, with the lookups every input
// and every nested part makes.
type table struct {
	formats []*reader.Format
	// memo remembers byMediaType's answers: every MIME part and archive
	// record asks, most with one of a handful of media types.
	memo    sync.Map // media type as given -> *reader.Format (nil: none)
	memoLen atomic.Int64
}

// newTable returns the default table with the formats of replace put in
// place of the default ones of the same name (a format built with its
// own options), and those of no default name added at the end.
func newTable(replace []*reader.Format) *table {
	fs := DefaultFormats()
	for _, r := range replace {
		i := slices.IndexFunc(fs, func(f *reader.Format) bool { return f.Name == r.Name })
		if i < 0 {
			fs = append(fs, r)
		} else {
			fs[i] = r
		}
	}
	return &table{formats: fs}
}

// defaultTable serves the package-level lookups (ParseType, Sniff, ...).
var defaultTable = newTable(nil)

// byName returns the table entry of a type, nil for Auto and unknown ones.
func (t *table) byName(name Type) *reader.Format {
	for _, f := range t.formats {
		if Type(f.Name) == name {
			return f
		}
	}
	return nil
}

// String returns the name used by --type.
func (t Type) String() string {
	if t == "" {
		return string(Auto)
	}
	return string(t)
}

// ParseType converts a --type name, in any case, into a Type.
func ParseType(s string) (Type, error) {
	t := Type(strings.ToLower(s))
	if t == Auto || defaultTable.byName(t) != nil {
		return t, nil
	}
	return Auto, fmt.Errorf("extract: unknown input type %q (want %s)", s, defaultTable.names())
}

// UnmarshalText parses a --type name (encoding.TextUnmarshaler).
func (t *Type) UnmarshalText(b []byte) error {
	v, err := ParseType(string(b))
	if err == nil {
		*t = v
	}
	return err
}

// MarshalText returns the name (encoding.TextMarshaler).
func (t Type) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// names lists the --type names: "auto, text, html, email or mbox".
func (t *table) names() string {
	names := []string{string(Auto)}
	for _, f := range t.formats {
		names = append(names, f.Name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Types returns the names --type accepts, Auto first.
func Types() []Type {
	ts := []Type{Auto}
	for _, f := range defaultTable.formats {
		ts = append(ts, Type(f.Name))
	}
	return ts
}

// TypeForMediaType returns the format that reads content of a media type
// (lower case, without parameters), as HTTP, MIME parts and archive records
// declare it; ok is false when no format reads it.
func TypeForMediaType(mediaType string) (t Type, ok bool) {
	if f := defaultTable.byMediaType(mediaType); f != nil {
		return Type(f.Name), true
	}
	return Auto, false
}

func (t *table) byMediaType(mt string) *reader.Format {
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
func (t *table) lookupMediaType(mt string) *reader.Format {
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

// Sniff decides the type of an input from its first bytes, then from the
// extension of its name (SPEC §7 --type auto).
func Sniff(head []byte, name string) Type {
	return Type(defaultTable.sniff(head, name).Name)
}

// sniff returns the format of an input from its first bytes, then from
// its name's extension; the first format of the table (text) when
// neither says.
func (t *table) sniff(head []byte, name string) *reader.Format {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range t.formats {
		if f.ByName && slices.Contains(f.Extensions, ext) {
			return f
		}
	}
	h := bytes.TrimPrefix(head, utf8BOM)
	for _, f := range t.formats {
		if f.Sniff != nil && f.Sniff(h) {
			return f
		}
	}
	for _, f := range t.formats {
		if slices.Contains(f.Extensions, ext) {
			return f
		}
	}
	return t.formats[0]
}

var utf8BOM = []byte("\xef\xbb\xbf")
