package pdf

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/urix/urix/internal/limit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/reader/readertest"
	textfmt "github.com/urix/urix/reader/text"
)

// readDocument reads a PDF as Read does and returns the document too.
func readDocument(t *testing.T, data []byte) (*readertest.Sink, *doc, error) {
	t.Helper()
	s := &readertest.Sink{File: "t.pdf", Formats: []*reader.Format{textfmt.Format, Format}}
	c := &reader.Content{R: bytes.NewReader(data), Name: "t.pdf", Whole: io.NewSectionReader(bytes.NewReader(data), 0, int64(len(data)))}
	r := &run{c: c, s: s}
	d, err := open(newSrc(c.Whole, int64(len(data))), maxTotal, nil, func(err error) {
		s.Warn(where(r.onPage), fmt.Errorf("pdf: %w", err))
	})
	if err != nil {
		return s, nil, err
	}
	r.d = d
	return s, d, r.document()
}

// count is how many of the lines hold sub.
func count(lines []string, sub string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, sub) {
			n++
		}
	}
	return n
}

func hitURIs(s *readertest.Sink) string {
	var u []string
	for _, h := range s.Hits {
		u = append(u, h.URI)
	}
	return strings.Join(u, " ")
}

// TestObjCache: the cache drops the least recently used objects past its
// bytes, and keeps no object larger than all of them.
func TestObjCache(t *testing.T) {
	c := newObjCache(10)
	c.put(1, "a", 4)
	c.put(2, "b", 4)
	if _, ok := c.get(1); !ok { // 1 is now the most recently used
		t.Fatal("1 not kept")
	}
	c.put(3, "c", 4) // past 10: 2 goes
	if _, ok := c.get(2); ok {
		t.Error("2 kept past the cache's bytes")
	}
	for _, n := range []int{1, 3} {
		if _, ok := c.get(n); !ok {
			t.Errorf("%d dropped", n)
		}
	}
	c.put(4, "d", 11)
	if _, ok := c.get(4); ok || c.size != 8 {
		t.Errorf("an object over the cache's size was kept (size %d)", c.size)
	}
	c.put(3, "c2", 2) // a new value replaces the old and its cost
	if v, _ := c.get(3); v != "c2" || c.size != 6 {
		t.Errorf("replaced: %v, size %d", v, c.size)
	}
}

// TestCostEstimate: the lexer's estimate of what an object holds is
// within a factor of two or so of what parsing it keeps allocated, for
// the shapes of the hostile cases: small dictionaries, arrays of
// numbers, strings.
func TestCostEstimate(t *testing.T) {
	for name, obj := range map[string]string{
		"dicts":   "[" + strings.Repeat("<< /Type /Annot /Subtype /Square /Rect [1 0 9 9] /C [1 0 0] /NM (a1) >>", 2000) + "]",
		"numbers": "[" + strings.Repeat("12 0 R 3.5 ", 20000) + "]",
		"strings": "[" + strings.Repeat("(http://example.com/some/path) ", 10000) + "]",
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		l := &lexer{s: memSrc([]byte(obj))}
		v, err := l.next()
		runtime.GC()
		runtime.ReadMemStats(&m1)
		held := int64(m1.HeapAlloc) - int64(m0.HeapAlloc)
		runtime.KeepAlive(v)
		t.Logf("%s: estimate %d, held %d", name, l.cost, held)
		if err != nil || float64(l.cost) < 0.4*float64(held) || float64(l.cost) > 2.5*float64(held) {
			t.Errorf("%s: estimate %d, held %d (%v)", name, l.cost, held, err)
		}
	}
}

// annotsDoc is a document of pages whose /Annots hold k inline
// dictionaries each, one of them a link.
func annotsDoc(pages, k int) []byte {
	w := newW()
	var ps []page
	for i := 0; i < pages; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "/Annots [<< /Subtype /Link /A << /S /URI /URI (http://a.example/%d) >> >>", i)
		for j := 1; j < k; j++ {
			fmt.Fprintf(&b, "<< /Subtype /Square /Rect [%d 0 9 9] /C [1 0 0] >>", j)
		}
		b.WriteString("]")
		ps = append(ps, page{content: textC("t"), extra: b.String()})
	}
	root := w.build("", ps...)
	// The builder writes an empty /Annots before the extra entries: the
	// extra one is the last, which the parser keeps.
	return w.bytes(root)
}

// TestCacheBoundedByBytes: pages whose objects parse to far more than
// the cache holds are all read, and the cache stays within its bytes
// (issue 31: 4,096 such pages were kept).
func TestCacheBoundedByBytes(t *testing.T) {
	s, d, err := readDocument(t, annotsDoc(20, 1000))
	if err != nil || len(s.Hits) != 20 || len(s.Warnings) != 0 {
		t.Fatalf("%d hits, warnings %q, %v", len(s.Hits), s.Warnings, err)
	}
	if d.cache.size > maxCacheCost || len(d.cache.m) == 0 {
		t.Errorf("cache holds %d bytes in %d objects", d.cache.size, len(d.cache.m))
	}
}

// TestObjectCostCap: an object that parses to more than maxObjectCost is
// not read, with one warning for the document, and the other pages are.
func TestObjectCostCap(t *testing.T) {
	w := newW()
	big := w.add("[" + strings.Repeat("<</N 1>>", 20000) + "]")
	root := w.build("",
		page{content: textC("one http://one.example/"), extra: fmt.Sprintf("/Annots %d 0 R", big)},
		page{content: textC("two http://two.example/"), extra: fmt.Sprintf("/Annots %d 0 R", big)})
	s, err := read(w.bytes(root), "", true)
	if got := hitURIs(s); got != "http://one.example/ http://two.example/" || err != nil {
		t.Errorf("hits %q, %v", got, err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "an object parses to more than 4 MiB") {
		t.Errorf("warnings %q", s.Warnings)
	}
}

// TestPredictorRowCap: predictor rows of 64 MiB are refused before they
// are allocated, with one warning for the document.
func TestPredictorRowCap(t *testing.T) {
	w := newW()
	huge := w.add(streamObj("/Filter /FlateDecode /DecodeParms << /Predictor 12 /Colors 32 /BitsPerComponent 16 /Columns 1048576 >>", flate(make([]byte, 1000))))
	var ps []page
	for i := 0; i < 3; i++ {
		ps = append(ps, page{content: textC(fmt.Sprintf("p%d http://p%d.example/", i, i)), extra: fmt.Sprintf("/Contents [%d 0 R]", huge)})
	}
	ps = append(ps, page{content: textC("last http://last.example/")})
	root := w.build("", ps...)
	var s *readertest.Sink
	var err error
	a := readertest.Allocated(func() { s, err = read(w.bytes(root), "", true) })
	if got := hitURIs(s); got != "http://last.example/" || err != nil {
		t.Errorf("hits %q, %v", got, err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "page 1: pdf: a predictor row of more than 1 MiB") {
		t.Errorf("warnings %q", s.Warnings)
	}
	if a > 16<<20 {
		t.Errorf("%d MiB allocated", a>>20)
	}
}

// rawObjects writes a file of objects given whole ("N 0 obj ..."), with
// a table, the catalog being object 1.
func rawObjects(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		b.WriteString(o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// TestStreamEnds: a stream without a valid /Length ends at its
// endstream, else at its endobj (a word, not a part of one), else before
// the next object; pages read in reverse file order each get their own
// text once.
func TestStreamEnds(t *testing.T) {
	font := "3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n"
	res := "/Resources << /Font << /F1 3 0 R >> >>"
	data := rawObjects(
		"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
		"2 0 obj\n<< /Type /Pages /Kids [10 0 R 8 0 R 6 0 R 4 0 R] /Count 4 >>\nendobj\n",
		font,
		"4 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 5 0 R "+res+" >>\nendobj\n",
		"5 0 obj\n<< /Length 9999 >>\nstream\nBT /F1 9 Tf (a http://a.example/) Tj ET\nendstream\nendobj\n",
		"6 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 7 0 R "+res+" >>\nendobj\n",
		"7 0 obj\n<< >>\nstream\nBT /F1 9 Tf (b http://b-endobj.example/) Tj ET\nendobj\n",
		"8 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 9 0 R "+res+" >>\nendobj\n",
		"9 0 obj\n<< /Length 5 >>\nstream\nBT /F1 9 Tf (c http://c.example/) Tj ET\n",
		"10 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 11 0 R "+res+" >>\nendobj\n",
		"11 0 obj\n<< >>\nstream\nBT /F1 9 Tf (d http://d.example/) Tj ET\n",
	)
	s, err := read(data, "", true)
	want := "http://d.example/ http://c.example/ http://b-endobj.example/ http://a.example/"
	if got := hitURIs(s); got != want || err != nil || len(s.Warnings) != 0 {
		t.Errorf("hits %q, want %q; warnings %q, %v", got, want, s.Warnings, err)
	}
}

// TestStreamEndChunks: the search for a stream's end finds it wherever
// it falls against the 64 KiB pieces it reads, "endobj" only as a word.
func TestStreamEndChunks(t *testing.T) {
	for _, k := range []int{0, 1, 100, 65536 - 20, 65536 - 10, 65536 - 9, 65536 - 8, 65536 - 5, 65536 - 1, 65536, 65537, 2*65536 - 17} {
		for _, c := range []struct {
			word string
			at   int // from k, -1 for none
		}{{"endstream", 0}, {"\nendobj", 1}, {"xendobj", -1}, {"endobjx", -1}, {"endobj", 0}} {
			data := append(bytes.Repeat([]byte("x"), k), c.word...)
			data = append(data, " tail"...)
			work := int64(1 << 40)
			d := &doc{s: newSrc(bytes.NewReader(data), int64(len(data))), work: &work}
			want := int64(len(data))
			if c.at >= 0 {
				want = int64(k + c.at)
			}
			if c.word == "endobj" && k > 0 {
				want = int64(len(data)) // "xxxendobj" is a part of a word
			}
			if got := d.streamEnd(0, int64(len(data))); got != want {
				t.Errorf("%q after %d bytes: end %d, want %d", c.word, k, got, want)
			}
		}
	}
}

// fanOut is a document of n pages drawing a form that draws 10 forms, 8
// levels deep (issue 31).
func fanOut(n int) []byte {
	w := newW()
	f := w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	next := w.add(streamObj(fmt.Sprintf("/Type /XObject /Subtype /Form /Resources << /Font << /F %d 0 R >> >>", f), []byte("BT /F 1 Tf (w) Tj ET")))
	for lv := 0; lv < 8; lv++ {
		next = w.add(streamObj(fmt.Sprintf("/Type /XObject /Subtype /Form /Resources << /XObject << /X %d 0 R >> >>", next), []byte(strings.Repeat("/X Do ", 10))))
	}
	var ps []page
	for i := 0; i < n; i++ {
		ps = append(ps, page{content: fmt.Sprintf("BT /F %d Tf (page http://page.example/%d) Tj ET /X Do", 12, i),
			extra: fmt.Sprintf("/Resources << /Font << /F %d 0 R >> /XObject << /X %d 0 R >> >>", f, next)})
	}
	return w.bytes(w.build("", ps...))
}

// TestWorkBudget: the work of a document is bounded by its size: the
// fan-out's pages each draw 10,000 forms, and its reading stops when the
// budget is spent, with one warning, the hits found kept.
func TestWorkBudget(t *testing.T) {
	data := fanOut(200)
	s, d, err := readDocument(t, data)
	if err != nil || count(s.Warnings, errWork.msg) != 1 || len(s.Warnings) != 1 {
		t.Fatalf("warnings %q, %v", s.Warnings, err)
	}
	if len(s.Hits) == 0 || len(s.Hits) >= 200 || s.Hits[0].URI != "http://page.example/0" {
		t.Errorf("%d hits: %q", len(s.Hits), hitURIs(s))
	}
	if *d.work >= 0 {
		t.Errorf("work left %d", *d.work)
	}
	// The budget grows with the document: twice the bytes of pages, more
	// pages read.
	s2, _, _ := readDocument(t, fanOut(1500))
	if len(s2.Hits) <= len(s.Hits) {
		t.Errorf("%d pages read of 1500, %d of 200", len(s2.Hits), len(s.Hits))
	}
}

// TestCMapCap: a ToUnicode CMap that maps to more than maxCMapCost bytes
// is read up to it, with one warning.
func TestCMapCap(t *testing.T) {
	w := newW()
	long := fmt.Sprintf("<%s>", strings.Repeat("0041", 60))
	cmap := "1 begincodespacerange <0000> <FFFF> endcodespacerange\n" +
		"1 beginbfchar <0001> <0068> endbfchar\n" + // 'h'
		"1 beginbfrange <0100> <FFFF> " + long + " endbfrange\n"
	tu := w.add(streamObj("", []byte(cmap)))
	desc := w.add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /DW 500 >>")
	t0 := w.add(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>", desc, tu))
	root := w.build("", page{content: "BT /T 12 Tf <0001> Tj ET", extra: fmt.Sprintf("/Resources << /Font << /T %d 0 R >> >>", t0)})
	s, _, err := readDocument(t, w.bytes(root))
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "a ToUnicode CMap of more than 2 MiB") || err != nil {
		t.Errorf("warnings %q, %v", s.Warnings, err)
	}
}

// TestEmbeddedSharesWork: a PDF embedded in a PDF spends the budget of
// the one that holds it, which its bytes in the file earned: four copies
// of an embedded fan-out are not four budgets.
func TestEmbeddedSharesWork(t *testing.T) {
	inner := flate(fanOut(30))
	w := newW()
	st := w.add(streamObj("/Type /EmbeddedFile /Subtype /application#2Fpdf /Filter /FlateDecode", inner))
	var names []string
	for i := 0; i < 4; i++ {
		fs := w.add(fmt.Sprintf("<< /Type /Filespec /F (f%d.pdf) /EF << /F %d 0 R >> >>", i, st))
		names = append(names, fmt.Sprintf("(n%d) %d 0 R", i, fs))
	}
	root := w.build("/Names << /EmbeddedFiles << /Names ["+strings.Join(names, " ")+"] >> >>", page{content: textC("outer")})
	s, err := read(w.bytes(root), "", true)
	if n := count(strings.Split(hitURIs(s), " "), "http://page.example/0"); n != 1 || err != nil {
		t.Errorf("the first page of %d embedded documents read, want 1 (%v); warnings %q", n, err, s.Warnings)
	}
	if n := count(s.Warnings, "work past"); n < 1 || n > 2 {
		t.Errorf("warnings %q", s.Warnings)
	}
}

// TestCapsWarnOnce: a cap hit many times in a document is one warning,
// and what was read before it is kept: an action chain, the forms of a
// page, long URIs.
func TestCapsWarnOnce(t *testing.T) {
	var next strings.Builder
	for i := 0; i < 1500; i++ {
		fmt.Fprintf(&next, "<< /S /URI /URI (http://n.example/%d) >>", i)
	}
	long := "http://long.example/" + strings.Repeat("a", maxURI)
	w := newW()
	var annots []int
	for i := 0; i < 3; i++ {
		annots = append(annots, linkAnnot(w, "<< /S /URI /URI ("+long+") >>"))
	}
	form := w.add(streamObj("/Type /XObject /Subtype /Form", []byte("0 0 m")))
	root := w.build("/OpenAction << /S /URI /URI (http://open.example/) /Next ["+next.String()+"] >>",
		page{content: strings.Repeat("/X Do ", maxForms+50), annots: annots, extra: fmt.Sprintf("/Resources << /XObject << /X %d 0 R >> >>", form)},
		page{content: strings.Repeat("/X Do ", maxForms+50), annots: annots, extra: fmt.Sprintf("/Resources << /XObject << /X %d 0 R >> >>", form)})
	s, err := read(w.bytes(root), "", true)
	if len(s.Hits) != maxActions || s.Hits[0].URI != "http://open.example/" || err != nil {
		t.Errorf("%d hits, %v", len(s.Hits), err)
	}
	for _, c := range []*limitError{errActions, errForms, errLongURI} {
		if n := count(s.Warnings, c.msg); n != 1 {
			t.Errorf("%q warned %d times: %q", c.msg, n, s.Warnings)
		}
	}
	if len(s.Warnings) != 3 {
		t.Errorf("warnings %q", s.Warnings)
	}
}

// TestXrefCharged: a document's cross-reference table is charged to the
// one memory budget while it is read, and given back after (doc/spec.md
// L10a).
func TestXrefCharged(t *testing.T) {
	var b bytes.Buffer
	var offs []int
	obj := func(body string) {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offs), body)
	}
	b.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [<< /Subtype /Link /A << /S /URI /URI (http://x.example/) >> >>] >>")
	for len(offs) < 3*xrefChunk {
		obj("<< >>")
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	before := limit.Memory.Left()
	var during int64
	s := &readertest.Sink{OnHit: func(reader.Hit) { during = limit.Memory.Left() }}
	c := &reader.Content{R: bytes.NewReader(b.Bytes()), Name: "t.pdf", Whole: io.NewSectionReader(bytes.NewReader(b.Bytes()), 0, int64(b.Len()))}
	if err := Read(c, s); err != nil || len(s.Hits) != 1 {
		t.Fatalf("hits %d, error %v", len(s.Hits), err)
	}
	if want := before - 3*xrefChunk*xrefEntryCost; during > want {
		t.Errorf("budget left while reading %d, want at most %d", during, want)
	}
	if after := limit.Memory.Left(); after != before {
		t.Errorf("budget left after %d, before %d", after, before)
	}
}

// TestCacheCharged: past cacheFloor a cache holds what the one memory
// budget gives it, and keeps cacheFloor when it has no room.
func TestCacheCharged(t *testing.T) {
	before := limit.Memory.Left()
	c := newObjCache(4 << 20)
	for i := range 48 {
		c.put(i, i, 64<<10) // 3 MiB
	}
	if c.size != 3<<20 || limit.Memory.Left() > before-2<<20 {
		t.Errorf("with room: holds %d, budget left %d of %d", c.size, limit.Memory.Left(), before)
	}
	c.release()
	if limit.Memory.Left() != before {
		t.Errorf("after release: budget left %d of %d", limit.Memory.Left(), before)
	}
	limit.Memory.Charge(before) // no room
	defer limit.Memory.Release(before)
	for i := range 48 {
		c.put(i, i, 64<<10)
	}
	if c.size > cacheFloor || c.charged != 0 {
		t.Errorf("without room: holds %d, charged %d", c.size, c.charged)
	}
}

// TestLongShownString: a string shown at once is read a glyph at a time.
// A page showing one string of 1 MiB allocates a few times its size, not
// a glyph of 32 bytes for each byte (a 4 MB file took 326 MiB); and the
// page's text stops at maxPageText within a string whose codes each map
// to a long text, not after it.
func TestLongShownString(t *testing.T) {
	w := newW()
	root := w.build("", page{content: "BT /F1 12 Tf 72 700 Td (" + strings.Repeat("A", 1<<20) + " http://after.example/) Tj ET"})
	var s *readertest.Sink
	var err error
	a := readertest.Allocated(func() { s, err = read(w.bytes(root), "", true) })
	if got := hitURIs(s); got != "http://after.example/" || err != nil {
		t.Errorf("hits %q, %v", got, err)
	}
	if a > 16<<20 {
		t.Errorf("%d MiB allocated for a string of 1 MiB", a>>20)
	}

	long := strings.Repeat("x", 100)
	f := &font{uni: map[uint32]string{'A': long}}
	p := newPageText(&doc{})
	p.show(str(strings.Repeat("A", maxPageText/len(long)+1000)), &matrix{1, 0, 0, 1, 0, 0}, &gstate{ctm: matrix{1, 0, 0, 1, 0, 0}, font: f, size: 12, tz: 1})
	if !p.full || p.buf.Len() > maxPageText+len(long) {
		t.Errorf("page text %d bytes (full %v), want at most %d", p.buf.Len(), p.full, maxPageText+len(long))
	}
}
