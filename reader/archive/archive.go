// Package archive reads zip and tar archives, plain or compressed with
// gzip, bzip2 or xz, as formats of the table (doc/spec.md
// A1): every member goes back through the format table by its
// name and first bytes, and every hit found in it carries the member's
// path (Hit.Member) and resolves against the member's own location
// (jar.go). The office and EPUB readers open their zip packages with it.
//
// The input is hostile: nothing of it is written to disk or used to open
// a file; member names are data. A member that cannot be read (encrypted,
// overlapping another, lying about its size, damaged) is a warning naming
// it and the other members are still read. Limits: archives nest up to
// MaxDepth, at most MaxMembers members of an archive are read, the
// members of an archive and of those nested in it decode to at most the
// run's decoded-size cap (reader.Options.MaxDecoded) and, past
// limit.RatioFloor, to at most limit.MaxRatio times the bytes read of the
// input (one Budget for every level and codec), a zip member expands at
// most MaxRatio times, and a zip given as a stream is held up to
// MaxBuffer bytes, in memory charged to limit.Memory or spooled.
package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
)

// The formats' names, as --read-as and -t give them.
const (
	ZipName = "zip"
	TarName = "tar"
)

const (
	// MaxDepth is how deep containers nest, compressed streams counted:
	// a .tar.bz2 in a zip in a zip is read, one more level is a warning.
	MaxDepth = 4
	// MaxMembers is how many members of one archive are read.
	MaxMembers = 100000
)

// Errors of an archive as a whole.
var (
	ErrTooDeep = fmt.Errorf("archive: nested deeper than %d containers: skipped", MaxDepth)
	ErrTooMany = fmt.Errorf("archive: more than %d members: the rest are not read", MaxMembers)
	ErrNotTar  = errors.New("tar: not a tar archive")
)

// ZipFormat is the zip archive's entry of the format table.
var ZipFormat = &reader.Format{
	Name:       ZipName,
	Extensions: []string{".zip", ".jar", ".war", ".ear", ".apk", ".whl", ".nupkg", ".xpi"},
	MediaTypes: []string{"application/zip", "application/x-zip-compressed", "application/x-zip", "application/java-archive"},
	Sniff:      LooksLikeZip,
	Binary:     true,
	OwnCharset: true,
	Read:       readZip,
}

// TarFormat is the tar archive's entry of the format table; it also reads the
// gzip, bzip2, xz and zstd streams a tar comes in (a stream that holds no tar
// goes back through the table, as a gzip input does).
var TarFormat = &reader.Format{
	Name:       TarName,
	Extensions: []string{".tar", ".tgz", ".tbz", ".tbz2", ".txz", ".tzst", ".bz2", ".xz"},
	MediaTypes: []string{"application/x-tar", "application/x-gtar", "application/x-ustar",
		"application/gzip", "application/x-gzip", "application/x-compressed-tar",
		"application/x-bzip2", "application/x-bzip-compressed-tar", "application/x-xz", "application/x-xz-compressed-tar",
		"application/zstd", "application/x-zstd-compressed-tar"},
	Sniff:      looksLikeTarOrCompressed,
	Binary:     true,
	OwnCharset: true,
	Read:       readTar,
}

// LooksLikeZip reports whether b starts a zip archive (a local file
// header, or the end record of an empty archive).
func LooksLikeZip(b []byte) bool {
	return bytes.HasPrefix(b, []byte("PK\x03\x04")) || bytes.HasPrefix(b, []byte("PK\x05\x06"))
}

// looksLikeTar reports whether b starts a POSIX or GNU tar header.
func looksLikeTar(b []byte) bool { return len(b) >= 263 && string(b[257:262]) == "ustar" }

func looksLikeTarOrCompressed(b []byte) bool { return looksLikeTar(b) || compression(b) != "" }

// Members is one archive being read: it gives each member its content
// (base, member path) and reads it back through the table.
type Members struct {
	c     *reader.Content
	s     *memberSink
	root  string // the hierarchical base of the archive's root; "" for none
	count int
	buf   *bufio.Reader
	// overlaps counts the members skipped as overlapping others.
	overlaps int
}

// Begin starts reading the members of the archive in content c, reported
// to s. The caller calls End when done. It fails with ErrTooDeep when the
// archive is nested too deep.
func Begin(c *reader.Content, s reader.Sink) (*Members, error) {
	ms, err := enter(s)
	if err != nil {
		return nil, err
	}
	m := &Members{c: c, s: ms}
	if o := s.Options().Base; ms.archives == 0 && o != "" && c.Base == o {
		m.root = dirBase(o)
	} else {
		m.root = ms.addRoot(c.Base)
	}
	ms.archives++
	return m, nil
}

// Root returns the content and sink a zip package reader reads c with:
// s and c themselves inside an archive; for an input, a member sink
// around s whose Budget, a Child of the input's (reader.Sink.Budget),
// counts the bytes read of the archive (the size of c.Whole, or what is
// read through the returned content's R), so that what every level
// decodes is held to a ratio of them and to the input's one budget. A reader of a
// package calls it before it reads anything of c.
func Root(c *reader.Content, s reader.Sink) (*reader.Content, reader.Sink) {
	return rootSink(c, s, false)
}

// rootSink is Root; a reader of a stream (a tar) counts what it reads of c.R
// even when c.Whole is there, so that a file and a stream stop alike.
func rootSink(c *reader.Content, s reader.Sink, stream bool) (*reader.Content, reader.Sink) {
	if _, ok := s.(*memberSink); ok {
		return c, s
	}
	var in func() int64
	if c.Whole != nil && !stream {
		size := c.Whole.Size()
		in = func() int64 { return size }
	} else if c.R != nil {
		cr := &limit.Counter{R: c.R}
		cc := *c
		cc.R, c = cr, &cc
		in = func() int64 { return cr.N }
	}
	return c, &memberSink{Sink: s, budget: s.Budget().Child(s.Options().MaxDecoded, ErrDecoded, in)}
}

// enter returns the member sink of s, one level deeper: s itself inside
// an archive, a new one around the input's sink (with no ratio: Root was
// not called). It fails with ErrTooDeep past MaxDepth; the caller
// decrements depth when done.
func enter(s reader.Sink) (*memberSink, error) {
	ms, ok := s.(*memberSink)
	if !ok {
		ms = &memberSink{Sink: s, budget: s.Budget().Child(s.Options().MaxDecoded, ErrDecoded, nil)}
	}
	if ms.depth >= MaxDepth {
		return nil, ErrTooDeep
	}
	ms.depth++
	return ms, nil
}

// End ends the archive's reading.
func (m *Members) End() {
	m.s.depth--
	m.s.archives--
	if m.overlaps > 1 {
		m.s.Warn(m.c.At.Member, fmt.Errorf("zip: %d more members overlap another member's data: skipped", m.overlaps-1))
	}
}

// Sink returns the sink the members report to.
func (m *Members) Sink() reader.Sink { return m.s }

// Budget returns what the archive's members may still decode.
func (m *Members) Budget() *Budget { return m.s.budget }

// Path returns a member's path as its hits give it ("inner.zip!/a.html"
// inside the member inner.zip).
func (m *Members) Path(name string) string {
	if m.c.At.Member != "" {
		return m.c.At.Member + "!/" + name
	}
	return name
}

// Content returns the content of the member called name, read from r.
func (m *Members) Content(name string, r io.Reader) *reader.Content {
	c := &reader.Content{R: r, Name: name, At: m.c.At}
	c.At.Member = m.Path(name)
	if m.root != "" {
		c.Base = m.root + memberPath(name)
	}
	return c
}

// Warn reports a problem of the member called name ("" for the archive).
// Of the members that overlap others (a zip bomb lists thousands), the
// first is named and End counts the rest.
func (m *Members) Warn(name string, err error) {
	if errors.Is(err, ErrOverlap) {
		if m.overlaps++; m.overlaps > 1 {
			return
		}
	}
	where := m.c.At.Member
	if name != "" {
		where = m.Path(name)
	}
	m.s.Warn(where, err)
}

// Next counts a member; false (after a warning) when the archive has
// more than MaxMembers.
func (m *Members) Next() bool {
	m.count++
	if m.count > MaxMembers {
		if m.count == MaxMembers+1 {
			m.Warn("", ErrTooMany)
		}
		return false
	}
	return true
}

// sniffLen is how much of a member decides its format.
const sniffLen = 8 << 10

// Read reads the member called name from r through the table: by its
// media type when mediaType is not empty, else by its first bytes and
// its name. A member with a NUL byte in its first 8 KiB is skipped
// unless its format is binary or the run reads binary content (SPEC A1, L2).
// Problems of the member are warnings; the error returned ends the
// archive (the run was stopped, or the decoded budget is spent).
func (m *Members) Read(name, mediaType string, r io.Reader) error {
	var f *reader.Format
	if mediaType != "" {
		f = m.s.FormatFor(mediaType)
	}
	return m.ReadAs(name, f, mediaType == "", r)
}

// ReadAs reads the member called name from r as Read does, by format f
// (a package's reader knows what its member is: EPUB's XHTML), or by its
// first bytes and name when f is nil and sniff is set.
func (m *Members) ReadAs(name string, f *reader.Format, sniff bool, r io.Reader) error {
	if m.buf == nil {
		m.buf = bufio.NewReaderSize(r, sniffLen)
	} else {
		m.buf.Reset(r)
	}
	br := m.buf
	head, _ := br.Peek(sniffLen)
	if f == nil && sniff {
		f = m.s.Sniff(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), name)
	}
	if f == nil {
		return nil
	}
	if !f.Binary && !m.s.Options().Binary && bytes.IndexByte(head, 0) >= 0 {
		return nil
	}
	c := m.Content(name, br)
	err := m.s.Read(f, c)
	return m.after(name, r, err)
}

// after turns what reading a member returned into a warning, or into the
// error that ends the archive.
func (m *Members) after(name string, r io.Reader, err error) error {
	if mr, ok := r.(*member); ok && mr.err != nil && mr.err != io.EOF {
		err = mr.err
	}
	if serr := m.s.Err(); serr != nil {
		return serr
	}
	if Ends(err) {
		return err
	}
	if err != nil {
		m.Warn(name, err)
	}
	return nil
}

// ends reports whether err, met reading a member, ends the archive: the
// input's decoding budget is spent (in size or in ratio).
// Ends reports whether err is a budget's: the archive's, or its
// input's, decoded size or ratio (limit.Expansion), past which no member
// is read.
func Ends(err error) bool {
	return errors.Is(err, ErrDecoded) || errors.Is(err, limit.ErrRatio) || errors.Is(err, limit.ErrTooLarge)
}

// readZip reads the members of a zip archive, in the order of its
// central directory; a zip that is a package of a format of the table
// (an EPUB, an office document) is read by that format.
func readZip(c *reader.Content, s reader.Sink) error {
	c, ms := Root(c, s)
	z, err := OpenZip(c)
	if err != nil {
		return err
	}
	defer z.Close()
	if f := packageFormat(z, ms); f != nil {
		inner := *c
		inner.Whole = z.Whole()
		inner.R = io.NewSectionReader(inner.Whole, 0, inner.Whole.Size())
		return s.Read(f, &inner)
	}
	m, err := Begin(c, ms)
	if err != nil {
		return err
	}
	defer m.End()
	return ReadAll(z, m)
}

// ReadAll reads every member of zip archive z through the table, in the
// order of its central directory.
func ReadAll(z *Zip, m *Members) error {
	err := z.Each(func(e *Entry) error {
		if e.IsDir() || !m.Next() {
			return nil
		}
		r, err := z.Open(e, m.Budget())
		if err != nil {
			m.Warn(e.Name, err)
			return m.s.Err()
		}
		return m.Read(e.Name, "", r)
	})
	if z.Capped {
		m.Warn("", ErrTooMany)
	}
	return err
}

// packageFormat returns the format of the table a zip package declares
// itself to be, nil for a plain archive: the media type in its
// "mimetype" member (OpenDocument, EPUB), or the type of the main part
// its "[Content_Types].xml" names (Office Open XML: "X.main+xml" is a
// package of type X).
func packageFormat(z *Zip, s reader.Sink) *reader.Format {
	var mt string
	_ = z.Each(func(e *Entry) error {
		switch e.Name {
		case "mimetype":
			if e.USize <= 100 {
				if b, err := readSmall(z, e, 100); err == nil {
					mt = strings.TrimSpace(string(b))
				}
			}
		case "[Content_Types].xml":
			if b, err := readSmall(z, e, 1<<20); err == nil {
				mt = MainType(b)
			}
		default:
			return nil
		}
		return io.EOF // the first one decides
	})
	if mt == "" || !strings.Contains(mt, "/") {
		return nil
	}
	// Only a package format (binary, as archives are): a zip that holds
	// a "mimetype" of text/plain is still a zip.
	f := s.FormatFor(strings.ToLower(mt))
	if f == nil || f.Name == ZipName || !f.Binary {
		return nil
	}
	return f
}

// MainType returns the media type of the package an Office Open XML
// [Content_Types].xml describes: the first content type ending in
// ".main+xml", without that ending; "" for none.
func MainType(ct []byte) string {
	const attr = `ContentType="`
	for {
		i := bytes.Index(ct, []byte(attr))
		if i < 0 {
			return ""
		}
		ct = ct[i+len(attr):]
		j := bytes.IndexByte(ct, '"')
		if j < 0 {
			return ""
		}
		if v := string(ct[:j]); strings.HasSuffix(v, ".main+xml") {
			return strings.TrimSuffix(v, ".main+xml")
		}
		ct = ct[j:]
	}
}

// readSmall reads a member of at most max bytes.
func readSmall(z *Zip, e *Entry, max int64) ([]byte, error) {
	r, err := z.Open(e, nil)
	if err != nil {
		return nil, err
	}
	// Into one buffer of the size the entry declares, when that is
	// within max: io.ReadAll's growing copies held twice a part of 8 MiB
	// (a declared size that lies costs a grown buffer, as before). The
	// MinRead spare lets ReadFrom see the end without growing it.
	var buf bytes.Buffer
	buf.Grow(int(min(e.USize, uint64(max))) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > max {
		return nil, fmt.Errorf("zip: %s larger than %d bytes", e.Name, max)
	}
	return buf.Bytes(), nil
}

// ReadSmall reads a member of at most max bytes, for the package
// formats' own parts (container.xml, a package document).
func (z *Zip) ReadSmall(e *Entry, max int64) ([]byte, error) { return readSmall(z, e, max) }
