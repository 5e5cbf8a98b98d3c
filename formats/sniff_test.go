package formats

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
)

// TestSniffAsTheTableSays: Sniff's maps of extensions answer as the
// table read in order does (a ByName format's extension first, then the
// first format whose sniffing says yes, then the first format with the
// extension, then text), for every extension of every format, in upper
// case too, with no extension and an unknown one, over heads of several
// kinds; on the default table, and on one with formats added at its end
// whose extensions are the default ones' (so that first means first).
func TestSniffAsTheTableSays(t *testing.T) {
	extra := New(
		&reader.Format{Name: "late-by-name", Extensions: []string{".html", ".json"}, ByName: true},
		&reader.Format{Name: "late", Extensions: []string{".md", ".pdf", ".late"}},
	)
	for _, tab := range []*Table{Default(), extra} {
		sniffAsTheTableSays(t, tab)
	}
}

func sniffAsTheTableSays(t *testing.T, tab *Table) {
	inOrder := func(head []byte, name string) *reader.Format {
		ext := strings.ToLower(filepath.Ext(name))
		for _, f := range tab.formats {
			if f.ByName && slices.Contains(f.Extensions, ext) {
				return f
			}
		}
		h := bytes.TrimPrefix(head, utf8BOM)
		for _, f := range tab.formats {
			if f.Sniff != nil && f.Sniff(h) {
				return f
			}
		}
		for _, f := range tab.formats {
			if slices.Contains(f.Extensions, ext) {
				return f
			}
		}
		return tab.formats[0]
	}
	names := []string{"notes", "notes.unknown", "README"}
	for _, f := range tab.formats {
		for _, e := range f.Extensions {
			names = append(names, "x"+e, "X"+strings.ToUpper(e))
		}
	}
	heads := []string{
		"", "just words, http://example.com/",
		"<!DOCTYPE html><a href=x>", "From: a@example.com\nSubject: hi\n\nbody",
		"%PDF-1.4\n", "{\"a\": \"http://example.com/\"}", "<?xml version=\"1.0\"?><rss/>",
		"BEGIN:VCALENDAR\r\n", "PK\x03\x04", "\xef\xbb\xbf# Title\n",
	}
	if len(names) < 20 {
		t.Fatalf("only %d names: the table has no extensions?", len(names))
	}
	for _, n := range names {
		for _, h := range heads {
			if got, want := tab.Sniff([]byte(h), n), inOrder([]byte(h), n); got != want {
				t.Errorf("Sniff(%q, %q) = %s, the table in order says %s", h, n, got.Name, want.Name)
			}
		}
	}
}
