package office

import (
	"bytes"
	"slices"

	"github.com/urix/urix/delimit"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/resolve"
)

// A paragraph is scanned once it ends, or once it holds maxPara bytes or
// maxSegs text runs (a hostile part made of one endless paragraph).
const (
	maxPara = 1 << 20
	maxSegs = 1 << 16
)

// seg is one text run of a paragraph: where its text starts in the
// paragraph and in the part, and whether its bytes are the part's as
// written (no character reference), so that offsets inside it map.
type seg struct {
	at        int
	off       int64
	line, col int
	exact     bool
}

// para collects the text of one paragraph.
type para struct {
	c    *reader.Content
	s    reader.Sink
	base string
	buf  []byte
	segs []seg
	hit  reader.Hit // the hit being reported (Hit.Set)
	mark mark       // where at found the last offset
}

// mark is where para.at last found an offset: the run, and (when ok) the
// offset k of run lineSeg at line and col.
type mark struct {
	seg, lineSeg int
	k, line, col int
	ok           bool
}

// add adds text, which starts at sg, to the paragraph; text longer than
// maxPara is added, and scanned, maxPara bytes at a time.
func (p *para) add(text []byte, sg seg) {
	for len(text) > 0 {
		if len(p.buf)+len(text) > maxPara || len(p.segs) >= maxSegs {
			p.flush()
		}
		n := min(len(text), maxPara)
		if need := len(p.buf) + n; need > cap(p.buf) { // doubled, as far as maxPara
			p.buf = slices.Grow(p.buf, min(max(2*cap(p.buf), need), maxPara)-len(p.buf))
		}
		sg.at = len(p.buf)
		p.segs = append(p.segs, sg)
		p.buf = append(p.buf, text[:n]...)
		if sg.exact { // the rest starts n bytes on
			sg.off += int64(n)
			if nl := bytes.Count(text[:n], []byte("\n")); nl > 0 {
				sg.line += nl
				sg.col = n - bytes.LastIndexByte(text[:n], '\n')
			} else {
				sg.col += n
			}
		}
		text = text[n:]
	}
}

// at maps an offset of the paragraph's text onto the part. The hits of
// a paragraph come in order, so the run and the line found for one are
// where the search for the next starts: a paragraph of many runs and
// many hits is mapped in one pass, not one per hit.
func (p *para) at(k int, end bool) (int64, int, int) {
	i := min(p.mark.seg, len(p.segs)-1)
	if i > 0 && (p.segs[i].at > k || end && p.segs[i].at == k) {
		i = 0 // behind the mark: from the start
	}
	for i+1 < len(p.segs) && (p.segs[i+1].at < k || !end && p.segs[i+1].at == k) {
		i++
	}
	p.mark.seg = i
	sg := p.segs[i]
	if !sg.exact {
		return sg.off, sg.line, sg.col
	}
	from, line, col := sg.at, sg.line, sg.col
	if m := p.mark; m.ok && m.lineSeg == i && m.k <= k {
		from, line, col = m.k, m.line, m.col
	}
	if nl := bytes.Count(p.buf[from:k], []byte("\n")); nl > 0 {
		line += nl
		col = k - (from + bytes.LastIndexByte(p.buf[from:k], '\n'))
	} else {
		col += k - from
	}
	p.mark.ok, p.mark.lineSeg, p.mark.k, p.mark.line, p.mark.col = true, i, k, line, col
	return sg.off + int64(k-sg.at), line, col
}

// flush reports the URIs of the paragraph's text and empties it.
func (p *para) flush() {
	if len(p.buf) > 0 && (bytes.IndexByte(p.buf, ':') >= 0 || p.s.Options().Delimit.Abbrev) {
		// A hit at a time (delimit.All): a paragraph of URIs holds no
		// list of them all.
		o := p.s.Options().Delimit
		o.NoLines = true // p.at places the hits
		for dh := range delimit.All(p.buf, o) {
			so, sl, sc := p.at(int(dh.Start), false)
			eo, el, ec := p.at(int(dh.End), true)
			sp := reader.Span{Line: sl, Col: sc, EndLine: el, EndCol: ec, Start: so, End: max(eo, so)}
			p.hit.Set(p.c, dh.Kind.String(), dh.URI, dh.Raw, sp, dh.Flags)
			p.s.Report(&p.hit, p.base)
		}
	}
	p.buf, p.segs, p.mark = p.buf[:0], p.segs[:0], mark{}
}

// field is a complex field being read: its code and where it starts.
type field struct {
	code     []byte
	sg       seg
	reported bool
}

// addText adds the current text token of sc to the paragraph, a piece
// at a time (a reference expanded is pinned to where it is written).
func (p *para) addText(sc *scanner) {
	for i, pc := range sc.pieces {
		end := len(sc.text)
		if i+1 < len(sc.pieces) {
			end = sc.pieces[i+1].at
		}
		if end == pc.at {
			continue
		}
		line, col := sc.at(pc.off)
		p.add(sc.text[pc.at:end], seg{off: pc.off, line: line, col: col, exact: pc.exact})
	}
}

// here returns where the current token of sc starts.
func here(sc *scanner) seg {
	line, col := sc.at(sc.off)
	return seg{off: sc.off, line: line, col: col}
}

// readParts reads the text and the field codes of one XML part of an
// Office Open XML package, streamed.
func readParts(c *reader.Content, s reader.Sink, base string) error {
	sc := newScanner(c.R, tokenLimit(s))
	r := &partReader{c: c, s: s, base: base, sc: sc, p: &para{c: c, s: s, base: base}}
	defer r.p.flush()
	for s.Err() == nil {
		switch sc.next() {
		case tokEOF:
			return sc.err
		case tokStart:
			r.start()
		case tokEnd:
			r.end()
		case tokText:
			r.text()
		}
	}
	return s.Err()
}

// partReader is the reading of one XML part of an Office Open XML
// package: its paragraph, field codes and cell formula.
type partReader struct {
	c       *reader.Content
	s       reader.Sink
	base    string
	sc      *scanner
	p       *para
	fields  []field
	formula field // a spreadsheet cell's formula (<f>)
	// In the text of a run, of a field code, of a formula.
	inText, inInstr, inFormula bool
}

// report reports the URL of field f.
func (r *partReader) report(f *field, url string) {
	if url == "" {
		return
	}
	sp := reader.Span{Line: f.sg.line, Col: f.sg.col, EndLine: f.sg.line, EndCol: f.sg.col, Start: f.sg.off, End: f.sg.off}
	h := new(reader.Hit) // fields with a URL are few
	h.Set(r.c, "office-field", url, url, sp, 0)
	h.Source = resolve.FromMarkup
	h.SameDocument = url[0] == '#'
	r.s.Report(h, r.base)
}

// fieldCode reports the URL of a field's code, once.
func (r *partReader) fieldCode(f *field) {
	if !f.reported {
		f.reported = true
		r.report(f, fieldURL(string(f.code)))
	}
}

// start reads a start tag.
func (r *partReader) start() {
	sc := r.sc
	switch string(local(sc.name)) {
	case "t":
		r.inText = true
	case "instrText":
		r.inInstr = true
	case "f":
		r.inFormula, r.formula = true, field{code: r.formula.code[:0], sg: here(sc)}
	case "tab":
		r.p.add([]byte("\t"), here(sc))
	case "br", "cr":
		r.p.add([]byte("\n"), here(sc))
	case "p", "si":
		r.p.flush()
	case "fldChar":
		v, _, _, _ := sc.attr("fldCharType")
		r.fldChar(string(v))
	case "fldSimple":
		v, _, _, _ := sc.attr("instr")
		f := field{code: v, sg: here(sc)}
		r.fieldCode(&f)
	}
}

// fldChar reads a complex field's character: begin, separate or end.
func (r *partReader) fldChar(typ string) {
	n := len(r.fields)
	switch typ {
	case "begin":
		if n < 64 {
			r.fields = append(r.fields, field{sg: here(r.sc)})
		}
	case "separate":
		if n > 0 {
			r.fieldCode(&r.fields[n-1])
		}
	case "end":
		if n > 0 {
			r.fieldCode(&r.fields[n-1])
			r.fields = r.fields[:n-1]
		}
	}
}

// end reads an end tag.
func (r *partReader) end() {
	switch string(local(r.sc.name)) {
	case "t":
		r.inText = false
	case "instrText":
		r.inInstr = false
	case "f":
		if r.inFormula {
			for _, url := range formulaURLs(r.formula.code) {
				r.report(&r.formula, url)
			}
		}
		r.inFormula = false
	case "p", "si":
		r.p.flush()
	}
}

// text reads a text token: a run's text, a formula's, a field code's.
func (r *partReader) text() {
	sc := r.sc
	switch {
	case r.inText:
		r.p.addText(sc)
	case r.inFormula:
		appendCode(&r.formula, sc)
	case r.inInstr && len(r.fields) > 0:
		appendCode(&r.fields[len(r.fields)-1], sc)
	}
}

// appendCode adds the text token of sc to a field's code, up to 64 KiB.
func appendCode(f *field, sc *scanner) {
	if len(f.code) == 0 {
		f.sg = here(sc)
	}
	if len(f.code) < 64<<10 {
		f.code = append(f.code, sc.text...)
	}
}

// formulaURLs returns the link of every HYPERLINK function of a
// spreadsheet formula whose first argument is one string literal
// (HYPERLINK("http://x/","label")); a link computed from cells or joined
// with & is not known until the sheet is calculated, and is left out.
func formulaURLs(f []byte) []string {
	var urls []string
	const name = "HYPERLINK"
	for i := 0; i+len(name) < len(f); i++ {
		if f[i] == '"' { // skip a string literal: "" is a quote in it
			for i++; i < len(f); i++ {
				if f[i] == '"' {
					if i+1 < len(f) && f[i+1] == '"' {
						i++
						continue
					}
					break
				}
			}
			continue
		}
		if !bytes.EqualFold(f[i:i+len(name)], []byte(name)) || i > 0 && isNameByte(f[i-1]) {
			continue
		}
		j := skipSpace(f, i+len(name))
		if j >= len(f) || f[j] != '(' {
			continue
		}
		j = skipSpace(f, j+1)
		if j >= len(f) || f[j] != '"' {
			continue
		}
		var url []byte
		k := j + 1
		for ; k < len(f); k++ {
			if f[k] == '"' {
				if k+1 < len(f) && f[k+1] == '"' {
					url = append(url, '"')
					k++
					continue
				}
				break
			}
			url = append(url, f[k])
		}
		if e := skipSpace(f, k+1); k < len(f) && e < len(f) && (f[e] == ',' || f[e] == ')') && len(bytes.TrimSpace(url)) > 0 {
			urls = append(urls, string(bytes.TrimSpace(url)))
		}
		i = k
	}
	return urls
}

// isNameByte reports whether c can be part of a function's or a sheet's
// name, so that "MYHYPERLINK(" is not HYPERLINK.
func isNameByte(c byte) bool {
	return c == '_' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func skipSpace(f []byte, i int) int {
	for i < len(f) && isSpace(f[i]) {
		i++
	}
	return i
}
