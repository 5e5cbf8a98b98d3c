package hostile

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/zlib"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// The PDF cases (doc/spec.md P8, work bounded by the input): objects
// whose parsed form is many times their bytes, held by the object
// cache or parsed whole; predictor rows larger than any output; streams
// with no valid /Length, whose ends must be found once, not once a
// page; and forms drawing forms, whose work must be paid for by the
// input's bytes.
func init() {
	Cases = append(Cases,
		Case{"pdf-annots-inline", ".pdf", "pages whose /Annots hold 1,000 inline dictionaries each", pdfAnnotsInline},
		Case{"pdf-many-annots", ".pdf", "n/120 annotation objects, 1,000 a page", pdfManyAnnots},
		Case{"pdf-many-dicts", ".pdf", "one /Annots array object of n/10 small dictionaries", pdfManyDicts},
		Case{"pdf-next-fan", ".pdf", "an OpenAction whose /Next is an array of n/45 inline actions", pdfNextFan},
		Case{"pdf-many-fonts", ".pdf", "one /Font dictionary of n/165 fonts, pages using 100 each", pdfManyFonts},
		Case{"pdf-predictor-rows", ".pdf", "pages whose content has /Predictor 12 rows of 64 MiB", pdfPredictorRows},
		Case{"pdf-no-endstream", ".pdf", "n/270 pages in reverse file order, content without /Length or endstream", pdfNoEndstream},
		Case{"pdf-no-endobj", ".pdf", "n/260 pages, content without /Length, endstream or endobj", pdfNoEndobj},
		Case{"pdf-form-fanout", ".pdf", "n/160 pages drawing a form that draws 10 forms, 8 levels deep", pdfFormFanout},
		Case{"pdf-shared-content", ".pdf", "n/130 pages sharing one content stream that inflates to 8 MiB of operators", pdfSharedContent},
		Case{"pdf-wrapped-uri", ".pdf", "a page of n/14 lines each going on with the URI of the one before, a link on it", pdfWrappedURI},
		Case{"pdf-long-show", ".pdf", "a page showing one string of n bytes, a URI after it", pdfLongShow},
		Case{"zip-pdf-fanout", ".zip", "a zip of four pdf-form-fanout cases of n/4 bytes", zipPDFFanout},
	)
}

// pdfw writes a PDF file object by object, in any order of numbers,
// then its cross-reference table.
type pdfw struct {
	w    *bufio.Writer
	n    int64
	offs map[int]int64
}

func newPDF(w *bufio.Writer) *pdfw {
	p := &pdfw{w: w, offs: map[int]int64{}}
	p.raw("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	return p
}

func (p *pdfw) raw(s string) {
	p.w.WriteString(s)
	p.n += int64(len(s))
}

// obj writes object num.
func (p *pdfw) obj(num int, body string) {
	p.offs[num] = p.n
	p.raw(fmt.Sprintf("%d 0 obj\n%s\nendobj\n", num, body))
}

// stream writes stream object num.
func (p *pdfw) stream(num int, entries string, data []byte) {
	p.obj(num, fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", entries, len(data), data))
}

// finish writes the table and trailer, with object root as the catalog.
func (p *pdfw) finish(root int) {
	nums := make([]int, 0, len(p.offs))
	for n := range p.offs {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	size := 1
	if len(nums) > 0 {
		size = nums[len(nums)-1] + 1
	}
	xref := p.n
	var b strings.Builder
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", size)
	for n := 1; n < size; n++ {
		if off, ok := p.offs[n]; ok {
			fmt.Fprintf(&b, "%010d 00000 n \n", off)
		} else {
			b.WriteString("0000000000 65535 f \n")
		}
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", size, root, xref)
	p.raw(b.String())
}

// pages writes the catalog (1) and the page tree (2) over the pages
// given (their object numbers), with extra catalog entries, and the
// table.
func (p *pdfw) pages(kids []int, catExtra string) {
	var b strings.Builder
	for _, k := range kids {
		fmt.Fprintf(&b, "%d 0 R ", k)
	}
	p.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", b.String(), len(kids)))
	p.obj(1, "<< /Type /Catalog /Pages 2 0 R "+catExtra+" >>")
	p.finish(1)
}

// pdfFont is object 3 of the cases that show text, with F1 in
// pdfRes.
const pdfRes = "/Resources << /Font << /F1 3 0 R >> >>"

func (p *pdfw) font() {
	p.obj(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
}

// pdfText is a content stream showing s.
func pdfText(s string) []byte {
	return []byte("BT /F1 12 Tf 72 700 Td (" + s + ") Tj ET")
}

func deflate(b []byte) []byte {
	var buf bytes.Buffer
	z := zlib.NewWriter(&buf)
	z.Write(b)
	z.Close()
	return buf.Bytes()
}

// inlineAnnots is a page's /Annots array: one link and k-1 other
// annotations, all inline.
func inlineAnnots(page, k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (http://annot.example/%d) >> >>", page)
	for i := 1; i < k; i++ {
		fmt.Fprintf(&b, "<< /Type /Annot /Subtype /Square /Rect [%d 0 9 9] /C [1 0 0] /Border [0 0 1] /NM (a%d) >>", i, i)
	}
	b.WriteString("]")
	return b.String()
}

func pdfAnnotsInline(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	p.stream(4, "", pdfText("text http://annots-text.example/"))
	per := len(inlineAnnots(0, 1000))
	var kids []int
	for i := 0; i < max(1, n/per); i++ {
		num := 5 + i
		p.obj(num, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R %s /Annots %s >>", pdfRes, inlineAnnots(i, 1000)))
		kids = append(kids, num)
	}
	p.pages(kids, "")
}

func pdfManyAnnots(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	p.stream(4, "", pdfText("text http://many-annots.example/"))
	k := max(2, n/120)
	next := 5
	var kids []int
	for first := 0; first < k; first += 1000 {
		var refs strings.Builder
		for i := first; i < min(k, first+1000); i++ {
			if i == first {
				p.obj(next, fmt.Sprintf("<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (http://annot.example/%d) >> >>", i))
			} else {
				p.obj(next, fmt.Sprintf("<< /Type /Annot /Subtype /Square /Rect [%d 0 9 9] /C [1 0 0] /NM (a%d) >>", i, i))
			}
			fmt.Fprintf(&refs, "%d 0 R ", next)
			next++
		}
		p.obj(next, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R %s /Annots [%s] >>", pdfRes, refs.String()))
		kids = append(kids, next)
		next++
	}
	p.pages(kids, "")
}

func pdfManyDicts(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	p.stream(4, "", pdfText("text http://many-dicts.example/"))
	var b strings.Builder
	b.WriteString("[<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (http://dicts.example/) >> >>")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<</N %d>>", i%10)
	}
	b.WriteString("]")
	p.obj(5, b.String())
	p.obj(6, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+" /Annots 5 0 R >>")
	p.obj(7, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+" >>")
	p.pages([]int{6, 7}, "")
}

func pdfNextFan(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	p.stream(4, "", pdfText("text http://next-fan.example/"))
	var b strings.Builder
	b.WriteString("<< /S /URI /URI (http://fan.example/) /Next [")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<< /S /URI /URI (http://fan.example/%d) >>", i%1000)
	}
	b.WriteString("] >>")
	p.obj(5, b.String())
	p.obj(6, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+" >>")
	p.pages([]int{6}, "/OpenAction 5 0 R")
}

func pdfManyFonts(w *bufio.Writer, n int) {
	p := newPDF(w)
	k := max(100, n/165)
	const first = 10
	var fonts strings.Builder
	fonts.WriteString("<< ")
	for i := 0; i < k; i++ {
		p.obj(first+i, fmt.Sprintf("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /Name /F%d >>", i))
		fmt.Fprintf(&fonts, "/F%d %d 0 R ", i, first+i)
	}
	fonts.WriteString(">>")
	p.obj(3, fonts.String())
	var kids []int
	next := first + k
	for pg := 0; pg*100 < k; pg++ {
		var c strings.Builder
		c.WriteString("BT 72 700 Td ")
		for i := pg * 100; i < min(k, pg*100+100); i++ {
			fmt.Fprintf(&c, "/F%d 12 Tf (x) Tj ", i)
		}
		fmt.Fprintf(&c, "/F0 12 Tf ( http://fonts.example/%d) Tj ET", pg)
		p.stream(next, "", []byte(c.String()))
		p.obj(next+1, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font 3 0 R >> >>", next))
		kids = append(kids, next+1)
		next += 2
	}
	p.pages(kids, "")
}

func pdfPredictorRows(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	p.stream(4, "", pdfText("text http://predictor.example/"))
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 16<<10)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	data := deflate(noise)
	kids := []int{5}
	p.obj(5, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+" >>")
	for i := 0; i < max(1, n/len(data)); i++ {
		num := 6 + 2*i
		p.stream(num, "/Filter /FlateDecode /DecodeParms << /Predictor 12 /Colors 32 /BitsPerComponent 16 /Columns 1048576 >>", data)
		p.obj(num+1, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [4 0 R %d 0 R] %s >>", num, pdfRes))
		kids = append(kids, num+1)
	}
	p.pages(kids, "")
}

// pdfNoEndstream: every page's content says no /Length and has no
// endstream (its object ends at endobj), and the page tree lists the
// pages last first.
func pdfNoEndstream(w *bufio.Writer, n int) {
	pdfBrokenContents(w, n/270, true, func(c, i int) string {
		return fmt.Sprintf("%d 0 obj\n<< /Kind /Content >>\nstream\nBT /F1 12 Tf 72 700 Td (page %d http://no-length.example/%d) Tj ET\nendobj\n", c, i, i)
	})
}

// pdfNoEndobj: every page's content has a /Length far past its end and
// no endstream or endobj: the next object starts right after it.
func pdfNoEndobj(w *bufio.Writer, n int) {
	pdfBrokenContents(w, n/260, false, func(c, i int) string {
		return fmt.Sprintf("%d 0 obj\n<< /Length 99999999 >>\nstream\nBT /F1 12 Tf 72 700 Td (p %d http://no-end.example/%d) Tj ET\n", c, i, i)
	})
}

// pdfBrokenContents writes max(2, k) pages, page i's content object
// c written as content(c, i) by hand (a broken stream), listed in the
// page tree in order or, reversed, last first.
func pdfBrokenContents(w *bufio.Writer, k int, reversed bool, content func(c, i int) string) {
	p := newPDF(w)
	p.font()
	var kids []int
	for i := 0; i < max(2, k); i++ {
		c, pg := 4+2*i, 5+2*i
		p.offs[c] = p.n
		p.raw(content(c, i))
		p.obj(pg, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Contents %d 0 R %s >>", c, pdfRes))
		kids = append(kids, pg)
	}
	if reversed {
		slices.Reverse(kids)
	}
	p.pages(kids, "")
}

// pdfFormFanout: every page draws form X0, and form Xk draws form
// Xk+1 ten times, to X8, which shows a word.
func pdfFormFanout(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	const depth = 8
	p.stream(4, "", []byte("BT /F1 12 Tf 72 700 Td (fan http://fanout.example/) Tj ET /X Do"))
	for lv := 0; lv <= depth; lv++ {
		content := []byte("BT /F1 1 Tf (w) Tj ET")
		res := pdfRes
		if lv < depth {
			content = []byte(strings.Repeat("/X Do ", 10))
			res = fmt.Sprintf("/Resources << /XObject << /X %d 0 R >> >>", 6+lv)
		}
		p.stream(5+lv, "/Type /XObject /Subtype /Form /BBox [0 0 9 9] "+res, content)
	}
	res := fmt.Sprintf("/Resources << /Font << /F1 3 0 R >> /XObject << /X %d 0 R >> >>", 5)
	var kids []int
	for i := 0; i < max(1, n/160); i++ {
		num := 20 + i
		p.obj(num, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R "+res+" >>")
		kids = append(kids, num)
	}
	p.pages(kids, "")
}

// pdfSharedContent: every page's content is the same stream, a few KB
// that inflate to 8 MiB of drawing and text operators.
func pdfSharedContent(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	var c bytes.Buffer
	c.WriteString("BT /F1 12 Tf 72 700 Td (shared http://shared.example/) Tj ET\n")
	for c.Len() < 8<<20-64 {
		c.WriteString("1 0 0 1 5 5 cm 0 0 10 10 re f BT (x) Tj ET\n")
	}
	p.stream(4, "/Filter /FlateDecode", deflate(c.Bytes()))
	var kids []int
	for i := 0; i < max(1, n/130); i++ {
		num := 5 + i
		p.obj(num, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+" >>")
		kids = append(kids, num)
	}
	p.pages(kids, "")
}

func zipPDFFanout(w *bufio.Writer, n int) {
	zw := zip.NewWriter(w)
	for i := 0; i < 4; i++ {
		f, _ := zw.Create(fmt.Sprintf("fanout%d.pdf", i))
		bw := bufio.NewWriter(f)
		pdfFormFanout(bw, n/4)
		bw.Flush()
	}
	zw.Close()
}

// pdfWrappedURI is a page whose lines each go on with the URI of the
// line before ("ab/c/" after a URI that ends in "/": doc/spec.md P4),
// one URI the whole page, with a link on the page: the joins must cost
// the line each, not the URI they make.
func pdfWrappedURI(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	var c bytes.Buffer
	c.WriteString("BT /F1 12 Tf 72 700 Td 14 TL\n(see http://wrap.example/) Tj\n")
	for c.Len() < max(n, 64) {
		c.WriteString("T* (ab/c/) Tj\n")
	}
	c.WriteString("ET")
	p.stream(4, "", c.Bytes())
	p.obj(5, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+
		" /Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (http://wrap.example/ab/c/ab/c/zz) >> >>] >>")
	p.pages([]int{5}, "")
}

func pdfLongShow(w *bufio.Writer, n int) {
	p := newPDF(w)
	p.font()
	p.stream(4, "", pdfText(strings.Repeat("A", n)+" http://long.example/"))
	p.obj(5, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "+pdfRes+" >>")
	p.pages([]int{5}, "")
}
