package office

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
)

// readPart reads one part with read (readRels, readParts, readODFPart's
// form) and the run's token limit maxTok, and returns its hits as
// "line:col uri", its error, and the bytes the read allocated.
func readPart(read func(*reader.Content, reader.Sink) error, part []byte, maxTok int) ([]string, uint64, error) {
	s := &readertest.Sink{Opts: reader.Options{MaxToken: maxTok}}
	c := &reader.Content{R: bytes.NewReader(part), Name: "doc", Base: "file:///x/d.docx"}
	var err error
	alloc := readertest.Allocated(func() { err = read(c, s) })
	var hits []string
	for _, h := range s.Hits {
		hits = append(hits, fmt.Sprintf("%d:%d %s", h.Line, h.Col, h.URI))
	}
	return hits, alloc, err
}

func rels(c *reader.Content, s reader.Sink) error { return readRels(c, s, c.Base) }

func parts(c *reader.Content, s reader.Sink) error { return readParts(c, s, c.Base) }

// TestRelsStreamed: a relationships part is streamed, not held: 4 MiB of
// line ends and a tag of a million empty attributes cost neither a
// slice entry per line nor an attribute list (doc/spec.md A4, L1), and
// the relationships on either side are found where they are written.
func TestRelsStreamed(t *testing.T) {
	const lines = 4 << 20
	part := []byte(`<?xml version="1.0"?>
<Relationships xmlns="r"><Relationship Id="r1" Target="http://before.example/" TargetMode="External"/>` +
		strings.Repeat("\n", lines) + `<x` + strings.Repeat(` a=""`, 1<<18) + `/>` +
		`<Relationship Id="r2" TargetMode="External"
 Target="http://after.example/"/><Relationship Id="r3" Target="styles.xml"/></Relationships>`)
	hits, alloc, err := readPart(rels, part, 0)
	want := []string{"2:56 http://before.example/", fmt.Sprintf("%d:10 http://after.example/", lines+3)}
	if err != nil || strings.Join(hits, "|") != strings.Join(want, "|") {
		t.Errorf("hits %q, error %v; want %q", hits, err, want)
	}
	if alloc > 8<<20 { // the tag of attributes is held, no more
		t.Errorf("reading a %d-byte part allocated %d bytes, want at most 8 MiB", len(part), alloc)
	}
}

// TestRelsAsBefore: a relationship's target is what encoding/xml, which
// read these parts before, gave: references expanded, the last of an
// attribute given twice, a prefixed attribute by its local name; it is
// placed where that value is written (the first Target of the tag was
// given before, and the tag's start for a prefixed one).
func TestRelsAsBefore(t *testing.T) {
	part := []byte(`<Relationships>
<Relationship Target="http://a.example/?a=1&amp;b=&#50;" TargetMode="External"/>
<Relationship Target="http://first.example/" Target="http://last.example/" TargetMode="external"/>
<r:Relationship r:Target=' http://prefixed.example/ ' r:TargetMode="External"/>
<Relationship Target="http://internal.example/"/><Relationship Target=" " TargetMode="External"/>
<!-- <Relationship Target="http://comment.example/" TargetMode="External"/> -->
</Relationships>`)
	hits, _, err := readPart(rels, part, 0)
	want := []string{"2:23 http://a.example/?a=1&b=2", "3:54 http://last.example/", "4:27 http://prefixed.example/"}
	if err != nil || strings.Join(hits, "|") != strings.Join(want, "|") {
		t.Errorf("hits %q, error %v; want %q", hits, err, want)
	}
}

// TestCDATAInPieces: a CDATA section comes as text in pieces of at most
// textChunk bytes, as other text does, and its hits are placed where
// they are written; the section is never held whole.
func TestCDATAInPieces(t *testing.T) {
	body := strings.Repeat("words and more words\n", (3<<20)/21) + "see http://end.example/ here"
	doc := "<d><p>x<![CDATA[" + body + "]]>y http://after.example/</p></d>"
	sc := newScanner(strings.NewReader(doc), 0)
	var text strings.Builder
	for k := sc.next(); k != tokEOF; k = sc.next() {
		if k == tokText {
			if len(sc.text) > textChunk {
				t.Fatalf("a text token of %d bytes, want at most %d", len(sc.text), textChunk)
			}
			text.Write(sc.text)
		}
	}
	if sc.err != nil || text.String() != "x"+body+"y http://after.example/" {
		t.Fatalf("error %v, text of %d bytes, want %d", sc.err, text.Len(), len(body)+len("xy http://after.example/"))
	}
	lines := strings.Count(body, "\n")
	part := "<w:document><w:body><w:p><w:r><w:t>x<![CDATA[" + body + "]]>y http://after.example/</w:t></w:r></w:p></w:body></w:document>"
	hits, alloc, err := readPart(parts, []byte(part), 0)
	want := []string{fmt.Sprintf("%d:5 http://end.example/", lines+1), fmt.Sprintf("%d:34 http://after.example/", lines+1)}
	if err != nil || strings.Join(hits, "|") != strings.Join(want, "|") {
		t.Errorf("hits %q, error %v; want %q", hits, err, want)
	}
	if alloc > 4<<20 {
		t.Errorf("reading a CDATA section of %d bytes allocated %d bytes, want at most 4 MiB", len(body), alloc)
	}
}

// TestParaSplit: text longer than maxPara given at once is scanned
// maxPara bytes at a time, never held whole, and the hits after the cut
// are placed where they are written.
func TestParaSplit(t *testing.T) {
	s := &readertest.Sink{}
	p := &para{c: &reader.Content{Name: "doc"}, s: s}
	line := strings.Repeat("x", 99) + "\n"
	text := strings.Repeat(line, (maxPara+maxPara/2)/len(line)) + "see http://late.example/"
	held := 0
	s.OnHit = func(reader.Hit) { held = max(held, len(p.buf)) }
	p.add([]byte(text), seg{off: 100, line: 3, col: 7, exact: true})
	held = max(held, len(p.buf))
	p.flush()
	if held > maxPara {
		t.Errorf("the paragraph held %d bytes, want at most %d", held, maxPara)
	}
	nl := strings.Count(text, "\n")
	if len(s.Hits) != 1 || s.Hits[0].Line != 3+nl || s.Hits[0].Col != 5 || s.Hits[0].Offset != int64(100+strings.Index(text, "http")) {
		t.Errorf("hits %+v, want http://late.example/ at %d:5", s.Hits, 3+nl)
	}
}

// TestParaAt: the mark para.at keeps between hits gives what a search
// from the paragraph's start gives, in any order of offsets.
func TestParaAt(t *testing.T) {
	p := &para{}
	for i, text := range []string{"ab\ncd", "&", "e\n\nfgh", "i", "jk\nl"} {
		sg := seg{off: int64(100 * i), line: 10 * i, col: i + 1, exact: text != "&"}
		sg.at = len(p.buf)
		p.segs = append(p.segs, sg)
		p.buf = append(p.buf, text...)
	}
	naive := func(k int, end bool) string {
		i := len(p.segs) - 1
		for i > 0 && (p.segs[i].at > k || end && p.segs[i].at == k) {
			i--
		}
		sg := p.segs[i]
		if !sg.exact {
			return fmt.Sprint(sg.off, sg.line, sg.col)
		}
		line, col := sg.line, sg.col+k-sg.at
		if nl := bytes.Count(p.buf[sg.at:k], []byte("\n")); nl > 0 {
			line += nl
			col = k - (sg.at + bytes.LastIndexByte(p.buf[sg.at:k], '\n'))
		}
		return fmt.Sprint(sg.off+int64(k-sg.at), line, col)
	}
	var order []int
	for k := 0; k <= len(p.buf); k++ {
		order = append(order, k)
	}
	order = append(order, 7, 3, 0, 12, 5, 5, 14, 1)
	for _, k := range order {
		for _, end := range []bool{false, true} {
			o, l, c := p.at(k, end)
			if got, want := fmt.Sprint(o, l, c), naive(k, end); got != want {
				t.Errorf("at(%d, %v) = %s, want %s", k, end, got, want)
			}
		}
	}
}

// TestTokenLimit: a part's tag is held up to the run's share of the
// token limit (reader.Options.MaxToken, doc/spec.md L6), past it the part
// ends with an error after the hits before it; a comment of any length
// is skipped without being held.
func TestTokenLimit(t *testing.T) {
	const limit = 1 << 20
	tag := "<w:p><w:r><w:t>http://before.example/</w:t></w:r></w:p><w:p a=\"" + strings.Repeat("x", 2*limit) + "\"/>" +
		"<w:p><w:r><w:t>http://after.example/</w:t></w:r></w:p>"
	hits, _, err := readPart(parts, []byte(tag), limit)
	if !errors.Is(err, errTokenTooLarge) || len(hits) != 1 {
		t.Errorf("a tag of %d bytes at a limit of %d: hits %q, error %v", 2*limit, limit, hits, err)
	}
	if hits, _, err = readPart(parts, []byte(tag), 0); err != nil || len(hits) != 2 {
		t.Errorf("a tag of %d bytes at the default limit: hits %q, error %v", 2*limit, hits, err)
	}
	for _, skipped := range []string{"<!--" + strings.Repeat("- ", 10<<20) + "-->", "<?pi " + strings.Repeat("? ", 10<<20) + "?>",
		"<!DOCTYPE d [<!-- " + strings.Repeat("> ", 10<<20) + " --> <!ENTITY e '" + strings.Repeat("<", 1<<20) + "'>]>"} {
		part := []byte(skipped + "<w:p><w:r><w:t>http://first.example/</w:t></w:r></w:p>" + skipped +
			"<w:p><w:r><w:t>http://after.example/</w:t></w:r></w:p>")
		hits, alloc, err := readPart(parts, part, limit)
		if err != nil || len(hits) != 2 {
			t.Errorf("%.12s... of %d bytes: hits %q, error %v", skipped, len(skipped), hits, err)
		}
		if alloc > 2<<20 {
			t.Errorf("%.12s... of %d bytes: allocated %d bytes, want at most 2 MiB", skipped, len(skipped), alloc)
		}
	}
}
