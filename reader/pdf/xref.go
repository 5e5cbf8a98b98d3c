package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// More limits (doc/spec.md §8).
const (
	maxObjects    = 1 << 20 // cross-reference entries of a document
	maxXrefChain  = 256     // sections of an incrementally updated file
	maxRefChain   = 32      // references to references
	maxCache      = 4096    // parsed objects kept
	maxObjStmObjs = 1 << 16 // objects of one object stream
)

// xent is a cross-reference entry: an object at a byte offset (kind 1),
// or the idx-th object of object stream off (kind 2).
type xent struct {
	kind uint8
	gen  int
	off  int64
	idx  int
}

// doc is an open document.
type doc struct {
	s       *src
	xref    map[int]xent
	trailer dict
	cache   map[int]any
	loading map[int]bool
	crypt   *crypt
	encNum  int // the encryption dictionary's object, whose strings are not encrypted
	budget  int64
	rebuilt bool
	objstm  *objStm         // the object stream read last
	stms    map[int]*objStm // decoded object streams, up to maxStmCache bytes
	stmSize int
	endMemo struct{ from, at int64 } // the last search for "endstream"
	fonts   map[ref]*font            // fonts loaded, for every page (maxFontCache)
	fontMem int                      // their ToUnicode entries
	// inflaters are the Flate readers no stream is reading.
	inflaters []*inflater
}

// objStm is a decoded object stream: its data, and for each object its
// number (high 32 bits) and offset in data.
type objStm struct {
	num  int
	data []byte
	offs []int64
}

// maxStmCache caps the bytes of decoded object streams kept: pages use
// objects of several streams in turn.
const maxStmCache = 8 << 20

// open reads the cross-reference sections of a document, and rebuilds
// them by scanning the file when they are damaged.
func open(s *src, budget int64) (*doc, error) {
	d := &doc{s: s, xref: map[int]xent{}, cache: map[int]any{}, loading: map[int]bool{}, budget: budget}
	err := d.readXref()
	if err != nil || d.trailer["Root"] == nil {
		if rerr := d.rebuild(); rerr != nil {
			return nil, rerr // what the scan found says more than the table's fault
		}
	}
	if enc := d.trailer["Encrypt"]; enc != nil {
		if r, ok := enc.(ref); ok {
			d.encNum = r.num
		}
		c, err := newCrypt(d, d.resolveDict(enc))
		if err != nil {
			return nil, err
		}
		d.crypt = c
		// What was read before the key was known is read again.
		clear(d.cache)
		d.stms, d.stmSize, d.objstm = nil, 0, nil
	}
	return d, nil
}

// readXref follows startxref and the /Prev chain.
func (d *doc) readXref() error {
	tail := max(0, d.s.size-2048)
	buf := make([]byte, d.s.size-tail)
	n, _ := d.s.r.ReadAt(buf, tail)
	i := bytes.LastIndex(buf[:n], []byte("startxref"))
	if i < 0 {
		return errors.New("no startxref")
	}
	l := &lexer{s: d.s, pos: tail + int64(i) + 9}
	v, _ := l.next()
	off, ok := v.(int64)
	if !ok {
		return errors.New("bad startxref")
	}
	seen := map[int64]bool{}
	for k := 0; ; k++ {
		if seen[off] || k > maxXrefChain {
			return nil
		}
		seen[off] = true
		tr, err := d.section(off)
		if err != nil {
			return err
		}
		if d.trailer == nil {
			d.trailer = tr
		}
		if x, ok := tr["XRefStm"].(int64); ok && !seen[x] {
			seen[x] = true
			if _, err := d.section(x); err != nil {
				return err
			}
		}
		p, ok := tr["Prev"].(int64)
		if !ok {
			return nil
		}
		off = p
	}
}

// add records an entry unless a newer section gave the object already.
func (d *doc) add(num int, e xent) error {
	if _, ok := d.xref[num]; ok {
		return nil
	}
	if len(d.xref) >= maxObjects {
		return fmt.Errorf("more than %d objects", maxObjects)
	}
	d.xref[num] = e
	return nil
}

// section reads one cross-reference table or stream at off and returns
// its trailer dictionary.
func (d *doc) section(off int64) (dict, error) {
	l := &lexer{s: d.s, pos: off}
	l.skip()
	if w := l.regular(); w != "xref" {
		l.pos = off
		return d.xrefStream(l)
	}
	for {
		v, err := l.next()
		if err != nil {
			return nil, err
		}
		if kw, ok := v.(keyword); ok && kw == "trailer" {
			t, err := l.next()
			tr, ok := t.(dict)
			if err != nil || !ok {
				return nil, errors.New("bad trailer")
			}
			return tr, nil
		}
		first, ok1 := v.(int64)
		c, err := l.next()
		count, ok2 := c.(int64)
		if err != nil || !ok1 || !ok2 || first < 0 || count < 0 || count > maxObjects {
			return nil, errors.New("bad xref table")
		}
		for i := int64(0); i < count; i++ {
			l.skip()
			o, _ := strconv.ParseInt(l.regular(), 10, 64)
			l.skip()
			g, _ := strconv.Atoi(l.regular())
			l.skip()
			t := l.regular()
			if t != "n" && t != "f" {
				return nil, errors.New("bad xref entry")
			}
			if t == "n" && o > 0 {
				if err := d.add(int(first+i), xent{kind: 1, gen: g, off: o}); err != nil {
					return nil, err
				}
			} else if err := d.add(int(first+i), xent{}); err != nil {
				return nil, err
			}
		}
	}
}

// xrefStream reads a cross-reference stream (ISO 32000-1 clause 7.5.8).
func (d *doc) xrefStream(l *lexer) (dict, error) {
	v, _, err := d.parseIndirect(l.pos, -1)
	if err != nil {
		return nil, err
	}
	st, ok := v.(*stream)
	if !ok || st.d["Type"] != name("XRef") {
		return nil, errors.New("no xref at startxref")
	}
	data, err := d.decodeRaw(st, false, maxStream)
	if err != nil {
		return nil, err
	}
	w, _ := st.d["W"].(array)
	if len(w) != 3 {
		return nil, errors.New("bad xref stream /W")
	}
	var ws [3]int
	total := 0
	for i := range ws {
		n, _ := w[i].(int64)
		if n < 0 || n > 8 {
			return nil, errors.New("bad xref stream /W")
		}
		ws[i] = int(n)
		total += int(n)
	}
	if total == 0 {
		return nil, errors.New("bad xref stream /W")
	}
	size, _ := st.d["Size"].(int64)
	index := array{int64(0), size}
	if a, ok := st.d["Index"].(array); ok {
		index = a
	}
	p := 0
	field := func(i int, def int64) int64 {
		if ws[i] == 0 {
			return def
		}
		var v int64
		for k := 0; k < ws[i]; k++ {
			v = v<<8 | int64(data[p])
			p++
		}
		return v
	}
	for i := 0; i+1 < len(index); i += 2 {
		first, _ := index[i].(int64)
		count, _ := index[i+1].(int64)
		if first < 0 || count < 0 || count > maxObjects {
			return nil, errors.New("bad xref stream /Index")
		}
		for k := int64(0); k < count; k++ {
			if p+total > len(data) {
				return st.d, nil
			}
			t := field(0, 1)
			f2 := field(1, 0)
			f3 := field(2, 0)
			var e xent
			switch t {
			case 1:
				e = xent{kind: 1, off: f2, gen: int(f3)}
			case 2:
				e = xent{kind: 2, off: f2, idx: int(f3)}
			}
			if err := d.add(int(first+k), e); err != nil {
				return nil, err
			}
		}
	}
	return st.d, nil
}

// parseIndirect parses "N G obj ..." at off; want is the number expected
// (-1: any).
func (d *doc) parseIndirect(off int64, want int) (any, int, error) {
	l := &lexer{s: d.s, pos: off}
	n, _ := l.next()
	g, _ := l.next()
	kw, _ := l.next()
	num, ok1 := n.(int64)
	gen, ok2 := g.(int64)
	if !ok1 || !ok2 || kw != keyword("obj") || (want >= 0 && int(num) != want) {
		return nil, 0, fmt.Errorf("no object %d at offset %d", want, off)
	}
	v, err := l.next()
	if err != nil && err != io.EOF {
		return nil, 0, err
	}
	if dd, ok := v.(dict); ok {
		p := l.pos
		if k, _ := l.next(); k == keyword("stream") {
			// The data starts after the end of line that follows.
			if l.s.at(l.pos) == '\r' {
				l.pos++
			}
			if l.s.at(l.pos) == '\n' {
				l.pos++
			}
			st := &stream{d: dd, src: d.s, off: l.pos, num: int(num), gen: int(gen)}
			st.len = d.streamLen(st)
			v = st
		} else {
			l.pos = p
		}
	}
	if d.crypt != nil && int(num) != d.encNum {
		v = d.crypt.decryptStrings(v, int(num), int(gen), 0)
	}
	return v, int(num), nil
}

// streamLen is /Length when "endstream" follows it, else the distance to
// the next "endstream" (a wrong /Length is common).
func (d *doc) streamLen(st *stream) int64 {
	if n, ok := d.resolve(st.d["Length"]).(int64); ok && n >= 0 && st.off+n <= d.s.size {
		l := &lexer{s: d.s, pos: st.off + n}
		l.skip()
		if l.regular() == "endstream" {
			return n
		}
	}
	end := d.findEndstream(st.off)
	if end > st.off && d.s.at(end-1) == '\n' {
		end--
	}
	if end > st.off && d.s.at(end-1) == '\r' {
		end--
	}
	return end - st.off
}

// findEndstream is the offset of the first "endstream" at or after from,
// the file's size for none. The last answer is kept: streams searched in
// file order make one pass over the file, not one each.
func (d *doc) findEndstream(from int64) int64 {
	if m := d.endMemo; m.at != 0 && from >= m.from && from <= m.at {
		return m.at
	}
	const pat = "endstream"
	at := d.s.size
	buf := make([]byte, 1<<16)
	for p := from; p < d.s.size; p += int64(len(buf) - len(pat)) {
		n, _ := d.s.r.ReadAt(buf, p)
		if i := bytes.Index(buf[:n], []byte(pat)); i >= 0 {
			at = p + int64(i)
			break
		}
		if n < len(buf) {
			break
		}
	}
	d.endMemo.from, d.endMemo.at = from, at
	return at
}

// object returns object num, parsed (cached).
func (d *doc) object(num int) (any, error) {
	if v, ok := d.cache[num]; ok {
		return v, nil
	}
	e, ok := d.xref[num]
	if !ok || e.kind == 0 {
		return nil, nil
	}
	if d.loading[num] {
		return nil, errors.New("object refers to itself")
	}
	d.loading[num] = true
	defer delete(d.loading, num)
	var v any
	var err error
	switch e.kind {
	case 1:
		v, _, err = d.parseIndirect(e.off, num)
		if err != nil && !d.rebuilt {
			delete(d.loading, num)
			if rerr := d.rebuild(); rerr == nil {
				return d.object(num)
			}
		}
	case 2:
		v, err = d.fromObjStm(int(e.off), e.idx, num)
	}
	if err != nil {
		return nil, err
	}
	if len(d.cache) >= maxCache {
		clear(d.cache)
	}
	d.cache[num] = v
	return v, nil
}

// loadObjStm decodes object stream num and reads its header.
func (d *doc) loadObjStm(num int, st *stream) error {
	if o := d.stms[num]; o != nil {
		d.objstm = o
		return nil
	}
	data, err := d.decode(st)
	if err != nil {
		return err
	}
	n, _ := st.d["N"].(int64)
	first, _ := st.d["First"].(int64)
	if n < 0 || n > maxObjStmObjs || first < 0 || first > int64(len(data)) {
		return errors.New("bad object stream")
	}
	l := &lexer{s: memSrc(data)}
	offs := make([]int64, 0, n)
	for i := int64(0); i < n; i++ {
		a, _ := l.next()
		b, _ := l.next()
		on, ok1 := a.(int64)
		oo, ok2 := b.(int64)
		if !ok1 || !ok2 || on < 0 || on >= 1<<31 || oo < 0 || first+oo > int64(len(data)) {
			break
		}
		offs = append(offs, on<<32|(first+oo))
	}
	o := &objStm{num: num, data: data, offs: offs}
	if d.stms == nil || d.stmSize+len(data) > maxStmCache {
		d.stms, d.stmSize = map[int]*objStm{}, 0
	}
	d.stms[num] = o
	d.stmSize += len(data)
	d.objstm = o
	return nil
}

// fromObjStm returns the idx-th object of object stream sn (ISO 32000-1 clause 7.5.7).
func (d *doc) fromObjStm(sn, idx, num int) (any, error) {
	if sn == num {
		return nil, errors.New("object stream contains itself")
	}
	if d.objstm == nil || d.objstm.num != sn {
		if o := d.stms[sn]; o != nil {
			d.objstm = o
		} else {
			v, err := d.object(sn)
			if err != nil {
				return nil, err
			}
			st, ok := v.(*stream)
			if !ok {
				return nil, fmt.Errorf("object %d: no object stream %d", num, sn)
			}
			if err := d.loadObjStm(sn, st); err != nil {
				return nil, err
			}
		}
	}
	offs := d.objstm.offs
	if idx >= len(offs) || int(offs[idx]>>32) != num {
		idx = -1
		for i, o := range offs {
			if int(o>>32) == num {
				idx = i
			}
		}
		if idx < 0 {
			return nil, fmt.Errorf("object %d not in object stream %d", num, sn)
		}
	}
	data := d.objstm.data
	l := &lexer{s: memSrc(data), pos: offs[idx] & (1<<32 - 1)}
	v, err := l.next()
	if err == io.EOF {
		err = nil
	}
	return v, err
}

// offset is the byte offset of object num in the file (of its object
// stream for one inside one), 0 when unknown.
func (d *doc) offset(num int) int64 {
	e := d.xref[num]
	switch e.kind {
	case 1:
		return e.off
	case 2:
		return d.xref[int(e.off)].off
	}
	return 0
}

// resolve follows references.
func (d *doc) resolve(v any) any {
	for i := 0; i < maxRefChain; i++ {
		r, ok := v.(ref)
		if !ok {
			return v
		}
		v, _ = d.object(r.num)
	}
	return nil
}

func (d *doc) resolveDict(v any) dict {
	switch x := d.resolve(v).(type) {
	case dict:
		return x
	case *stream:
		return x.d
	}
	return nil
}

func (d *doc) resolveArray(v any) array {
	a, _ := d.resolve(v).(array)
	return a
}

func (d *doc) int(v any) (int64, bool) {
	switch x := d.resolve(v).(type) {
	case int64:
		return x, true
	case float64:
		return int64(x), true
	}
	return 0, false
}

func (d *doc) num(v any) float64 {
	switch x := d.resolve(v).(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}
