package pdf

import (
	"bytes"
	"errors"
	"fmt"
)

// rebuild scans the whole file for "N G obj" and "trailer", as poppler
// and MuPDF do with a damaged cross-reference table: the last definition
// of an object wins.
func (d *doc) rebuild() error {
	if d.rebuilt {
		return errors.New("damaged file")
	}
	d.rebuilt = true
	d.xref = map[int]xent{}
	d.cache.reset()
	d.starts = nil
	trailers, err := d.scanObjects()
	if err != nil {
		return err
	}
	if len(d.xref) == 0 {
		return errors.New("not a PDF file (no objects)")
	}
	d.trailer = dict{}
	for _, off := range trailers {
		l := &lexer{s: d.s, pos: off}
		if t, err := l.next(); err == nil {
			if td, ok := t.(dict); ok && td["Root"] != nil {
				for k, v := range td {
					d.trailer[k] = v
				}
			}
		}
	}
	d.scanStreams()
	if d.trailer["Root"] == nil {
		return errors.New("no document catalog")
	}
	return nil
}

// scanObjects fills the table with every "N G obj" of the file and
// returns where the last maxXrefChain "trailer" keywords end.
func (d *doc) scanObjects() ([]int64, error) {
	var trailers []int64
	const chunk = 1 << 16
	buf := make([]byte, chunk+64)
	for base := int64(0); base < d.s.size; base += chunk {
		n, _ := d.s.r.ReadAt(buf, base)
		b := buf[:n]
		for i := 0; i < min(n, chunk); i++ {
			switch {
			case b[i] == 'o' && i+3 <= n && b[i+1] == 'b' && b[i+2] == 'j' && (i+3 == n || !isRegular(int(b[i+3]))):
				if num, gen, start, ok := objHeader(d.s, base+int64(i)); ok {
					if len(d.xref) >= maxObjects {
						return nil, fmt.Errorf("more than %d objects", maxObjects)
					}
					d.xref[num] = xent{kind: 1, gen: gen, off: start}
				}
			case b[i] == 't' && bytes.HasPrefix(b[i:], []byte("trailer")):
				trailers = append(trailers, base+int64(i)+7)
				if len(trailers) > maxXrefChain {
					trailers = trailers[1:]
				}
			}
		}
	}
	return trailers, nil
}

// scanStreams adds the objects of object streams to the table, and
// takes the catalog or an xref stream's trailer entries when no trailer
// says where the root is.
func (d *doc) scanStreams() {
	direct := make([]int, 0, len(d.xref))
	for num := range d.xref {
		direct = append(direct, num)
	}
	for _, num := range direct {
		v, err := d.object(num)
		if err != nil {
			continue
		}
		st, ok := v.(*stream)
		if !ok {
			if dd, ok := v.(dict); ok && dd["Type"] == name("Catalog") && d.trailer["Root"] == nil {
				d.trailer["Root"] = ref{num, 0}
			}
			continue
		}
		switch st.d["Type"] {
		case name("XRef"):
			for _, k := range []name{"Root", "Encrypt", "ID", "Info"} {
				if d.trailer[k] == nil && st.d[k] != nil {
					d.trailer[k] = st.d[k]
				}
			}
		case name("ObjStm"):
			d.addObjStm(num, st)
		}
	}
}

// addObjStm adds the objects of object stream num to the table.
func (d *doc) addObjStm(num int, st *stream) {
	if err := d.loadObjStm(num, st); err != nil {
		return
	}
	for i := range d.objstm.offs {
		o := int(d.objstm.offs[i] >> 32)
		if _, ok := d.xref[o]; !ok && len(d.xref) < maxObjects {
			d.xref[o] = xent{kind: 2, off: int64(num), idx: i}
		}
	}
}

// objHeader reads "N G" before the "obj" at off.
func objHeader(s *src, off int64) (num, gen int, start int64, ok bool) {
	p := off - 1
	for p >= 0 && isSpace(s.at(p)) {
		p--
	}
	e := p
	for p >= 0 && s.at(p) >= '0' && s.at(p) <= '9' {
		p--
	}
	if p == e || e-p > 6 {
		return
	}
	gen = digits(s, p+1, e+1)
	if p < 0 || !isSpace(s.at(p)) {
		return
	}
	for p >= 0 && isSpace(s.at(p)) {
		p--
	}
	e = p
	for p >= 0 && s.at(p) >= '0' && s.at(p) <= '9' {
		p--
	}
	if p == e || e-p > 10 {
		return
	}
	num = digits(s, p+1, e+1)
	return num, gen, p + 1, num > 0
}

func digits(s *src, from, to int64) int {
	v := 0
	for i := from; i < to; i++ {
		v = v*10 + s.at(i) - '0'
	}
	return v
}
