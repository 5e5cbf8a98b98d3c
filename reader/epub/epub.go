// Package epub reads EPUB 2 and 3 books as a format of the table
// (doc/spec.md A6): the package document that
// META-INF/container.xml names, then every item of its manifest through
// the table by its media type (XHTML through the HTML reader, its text
// joined across inline elements, doc/spec.md H4; the NCX, SVG and the
// package document through the XML reader, CSS as text). Each document's
// base is its location in the book (package archive), so links between
// the book's documents resolve to its members. container.xml and the
// package documents are read leniently (lenient.go), and a manifest item
// missing from the book is a note.
package epub

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/archive"
	"github.com/urix/urix/reader/html"
)

// Name is the format's name, as --read-as and -t give it.
const Name = "epub"

// Format is EPUB's entry of the format table.
var Format = &reader.Format{
	Name:       Name,
	Extensions: []string{".epub"},
	MediaTypes: []string{"application/epub+zip"},
	Sniff:      looksLikeEPUB,
	Binary:     true,
	OwnCharset: true,
	Read:       read,
}

// xhtml reads a book's XHTML and HTML documents: the HTML format of the
// table, with the text of a paragraph read across its inline elements.
var xhtml = &reader.Format{
	Name: html.Name, Extensions: html.Format.Extensions, MediaTypes: html.Format.MediaTypes,
	OwnCharset: true, Read: html.ReadJoined,
}

// looksLikeEPUB reports whether b starts a zip whose first member is the
// "mimetype" application/epub+zip (EPUB OCF 3.3, 4.2.2).
func looksLikeEPUB(b []byte) bool {
	return len(b) >= 58 && string(b[30:38]) == "mimetype" && string(b[38:58]) == "application/epub+zip"
}

// maxPackage caps container.xml and a package document, which are held
// whole; packageCap lowers it to the run's share of the token limit.
const maxPackage = 8 << 20

// packageCap is the most container.xml or a package document may hold in
// this run: maxPackage, or the run's share of the token limit when that
// is lower (doc/spec.md L6: 4 MiB at -j 4), since one is held by every
// worker at once. Four books of 8 MiB package documents peaked at 67 MiB.
func packageCap(s reader.Sink) int64 {
	if t := s.Options().MaxToken; t > 0 && t < maxPackage {
		return int64(t)
	}
	return maxPackage
}

// maxMissing is how many manifest items not in the book are named, each
// in a note of its own; the others are counted in one more.
const maxMissing = 16

// maxIndex caps the bytes of member names kept to find manifest items.
const maxIndex = 8 << 20

var (
	errNoContainer = errors.New("epub: no META-INF/container.xml: read as a zip archive")
	errIndex       = errors.New("epub: member names exceed 8 MiB: later members are not found")
)

// read reads an EPUB book.
func read(c *reader.Content, s reader.Sink) error {
	c, s = archive.Root(c, s)
	z, err := archive.OpenZip(c)
	if err != nil {
		return err
	}
	defer z.Close()
	m, err := archive.Begin(c, s)
	if err != nil {
		return err
	}
	defer m.End()
	index := map[string]*archive.Entry{}
	size := 0
	err = z.Each(func(e *archive.Entry) error {
		if size += len(e.Name); size > maxIndex {
			m.Warn("", errIndex)
			return io.EOF
		}
		if _, dup := index[e.Name]; !dup {
			index[e.Name] = e
		}
		return nil
	})
	if err != nil && err != io.EOF {
		return err
	}
	ce := index["META-INF/container.xml"]
	if ce == nil {
		m.Warn("", errNoContainer)
		return archive.ReadAll(z, m)
	}
	cx, err := z.ReadSmall(ce, packageCap(s))
	if err != nil {
		m.Warn(ce.Name, err)
		return archive.ReadAll(z, m)
	}
	done := map[string]bool{}
	opfs, fault := rootfiles(cx)
	faulty(m, ce.Name, "container", fault)
	for _, opf := range opfs {
		if done[opf] {
			continue
		}
		done[opf] = true
		e := index[opf]
		if e == nil {
			m.Warn(ce.Name, errors.New("epub: package document "+opf+" not in the book"))
			continue
		}
		if err := readPackage(z, m, e, index, done); err != nil {
			return err
		}
	}
	return nil
}

// rootfiles returns the full-path of every rootfile of container.xml,
// read leniently (startTags), and what the read passed over.
func rootfiles(cx []byte) ([]string, *xmlFault) {
	var out []string
	fault := startTags(cx, func(se xml.StartElement) {
		if se.Name.Local != "rootfile" {
			return
		}
		for _, a := range se.Attr {
			if a.Name.Local == "full-path" && a.Value != "" {
				out = append(out, strings.TrimPrefix(path.Clean("/"+a.Value), "/"))
			}
		}
	})
	return out, fault
}

// item is one manifest item: its member name and media type.
type item struct{ name, mediaType string }

// readPackage reads a package document and the items of its manifest,
// each as its tag is met: no list of them is kept.
func readPackage(z *archive.Zip, m *archive.Members, e *archive.Entry, index map[string]*archive.Entry, read map[string]bool) error {
	opf, err := z.ReadSmall(e, packageCap(m.Sink()))
	if err != nil {
		m.Warn(e.Name, err)
		return m.Sink().Err()
	}
	if err := m.Read(e.Name, "application/xml", bytes.NewReader(opf)); err != nil {
		return err
	}
	p := &pkg{z: z, m: m, e: e, index: index, read: read, named: map[string]bool{}}
	fault := manifest(opf, path.Dir(e.Name), p.item)
	faulty(m, e.Name, "package document", fault)
	if p.missing > 0 {
		m.Warn(e.Name, reader.Note(fmt.Errorf("epub: %d more manifest items not in the book", p.missing)))
	}
	return p.err
}

// pkg is the reading of one package document's items.
type pkg struct {
	z     *archive.Zip
	m     *archive.Members
	e     *archive.Entry
	index map[string]*archive.Entry
	read  map[string]bool // the members read, by name
	// named: the items not in the book named in a note; missing counts
	// the others.
	named   map[string]bool
	missing int
	err     error // the sink's, which ends the book
}

// item reads one manifest item, once.
func (p *pkg) item(it item) {
	if p.err != nil || p.read[it.name] || p.named[it.name] || !p.m.Next() {
		return
	}
	ie := p.index[it.name]
	if ie == nil {
		// Not damage: books list a cover image or a font they never
		// packed, and every member there is was read (doc/spec.md A6).
		// The first few are named (a hostile manifest lists a million).
		if len(p.named) < maxMissing {
			p.named[it.name] = true
			p.m.Warn(p.e.Name, reader.Note(errors.New("epub: manifest item "+it.name+" not in the book")))
		} else {
			p.missing++
		}
		return
	}
	p.read[it.name] = true
	r, err := p.z.Open(ie, p.m.Budget())
	if err != nil {
		p.m.Warn(ie.Name, err)
		p.err = p.m.Sink().Err()
		return
	}
	f := p.m.Sink().FormatFor(it.mediaType)
	if f == html.Format {
		f = xhtml // its text joined across inline elements (doc/spec.md H4)
	}
	p.err = p.m.ReadAs(ie.Name, f, false, r)
}

// manifest calls f with each item of a package document's manifest, in
// order, its href (a URL relative to the package document) made a member
// name, read leniently (startTags), and returns what the read passed
// over.
func manifest(opf []byte, dir string, f func(item)) *xmlFault {
	return startTags(opf, func(se xml.StartElement) {
		if se.Name.Local != "item" {
			return
		}
		var href, mt string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "href":
				href = a.Value
			case "media-type":
				mt = strings.ToLower(strings.TrimSpace(a.Value))
			}
		}
		u, err := url.Parse(strings.TrimSpace(href))
		if err != nil || href == "" || u.Scheme != "" || u.Host != "" {
			return // remote resources are not in the book
		}
		name := strings.TrimPrefix(path.Clean("/"+path.Join(dir, u.Path)), "/")
		if mt, _, _ = strings.Cut(mt, ";"); mt == "" {
			return
		}
		f(item{name: name, mediaType: strings.TrimSpace(mt)})
	})
}

// faulty says what a lenient read of the book's XML document called name
// (what it is) passed over: a note when the error lay in text, where no
// item or rootfile can be lost (an illegal character reference in a
// dc:title), a warning when it lay in markup, where one may have been.
func faulty(m *archive.Members, name, what string, fault *xmlFault) {
	switch {
	case fault == nil:
	case fault.inMarkup:
		m.Warn(name, fmt.Errorf("epub: %s: %w: read past it, an item there may be lost", what, fault))
	default:
		m.Warn(name, reader.Note(fmt.Errorf("epub: %s: %w: read past it", what, fault)))
	}
}
