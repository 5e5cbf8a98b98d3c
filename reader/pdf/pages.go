package pdf

import (
	"fmt"
)

// pageRef is a page of the page tree: its number (1-based), object
// number, dictionary and resources.
type pageRef struct {
	n, num  int
	pg, res dict
}

// pages reads every page in order: its annotations and additional
// actions, then its text. A page is read when the next is found (or
// the tree ends): a URI cut by the end of its text may go on at the
// next (doc/spec.md P4b). A damaged page is a warning and the next page
// is read (P8).
func (r *run) pages(cat dict) error {
	visited := map[int]bool{}
	var held *pageRef
	var walk func(v any, res dict, depth int) error
	walk = func(v any, res dict, depth int) error {
		if depth > maxDepth {
			return nil
		}
		if n := refNum(v); n != 0 {
			if visited[n] {
				return nil // a loop in the page tree
			}
			visited[n] = true
		}
		node := r.d.resolveDict(v)
		if node == nil {
			return nil
		}
		if rs := r.d.resolveDict(node["Resources"]); rs != nil {
			res = rs
		}
		kids, isTree := r.d.resolve(node["Kids"]).(array)
		if isTree && node["Type"] != name("Page") {
			for _, k := range kids {
				if err := walk(k, res, depth+1); err != nil {
					return err
				}
			}
			return nil
		}
		if r.npages >= maxPages {
			return fmt.Errorf("pdf: more than %d pages", maxPages)
		}
		r.npages++
		next := &pageRef{r.npages, refNum(v), node, res}
		if held != nil {
			r.page(held, next)
		}
		held = next
		return r.s.Err()
	}
	err := walk(cat["Pages"], nil, 0)
	if held != nil && r.s.Err() == nil {
		r.page(held, nil)
	}
	if err != nil {
		return err
	}
	return r.s.Err()
}

// page reads one page; next is the page after it, nil for none.
func (r *run) page(at, next *pageRef) {
	n, num, pg := at.n, at.num, at.pg
	r.seen, r.onPage = map[string]bool{}, n
	defer func() { r.seen, r.onPage = nil, 0 }()
	for _, a := range r.d.resolveArray(pg["Annots"]) {
		if r.annots++; r.annots > maxAnnots {
			if !r.capWarn {
				r.capWarn = true
				r.s.Warn(where(n), fmt.Errorf("pdf: more than %d annotations; the rest are skipped", maxAnnots))
			}
			break
		}
		ad := r.d.resolveDict(a)
		if ad == nil {
			continue
		}
		obj := refNum(a)
		sub, _ := r.d.resolve(ad["Subtype"]).(name)
		r.action(ad["A"], "pdf-annot", n, obj, string(sub))
		for _, x := range r.d.resolveDict(ad["AA"]) {
			r.action(x, "pdf-annot", n, obj, string(sub))
		}
		if sub == "FileAttachment" {
			r.embedded(ad["FS"], n)
		}
	}
	for _, x := range r.d.resolveDict(pg["AA"]) {
		r.action(x, "pdf-action", n, num, "")
	}
	if r.noText {
		return
	}
	p, off, err := r.pageText(pg, at.res, &linkIndex{m: r.seen})
	text := p.text()
	if len(p.pend) > 0 && next != nil && err == nil {
		text = r.goesOn(text, p, next)
	}
	if len(text) > 0 {
		r.d.spend(int64(len(text))) // a page past the budget is the last
		r.textHits(text, n, off+r.shift)
	}
	if err != nil && !r.d.capped(err) {
		r.s.Warn(where(n), fmt.Errorf("pdf: %v", err))
	}
}

// pageText reads the text of a page, with the links given (nil: none),
// and the offset of its first content stream.
func (r *run) pageText(pg, res dict, lk *linkIndex) (*pageText, int64, error) {
	p := newPageText(r.d)
	p.lk = lk
	var streams []any
	switch c := r.d.resolve(pg["Contents"]).(type) {
	case *stream:
		streams = []any{pg["Contents"]}
	case array:
		streams = c
	}
	if len(streams) == 0 {
		return p, 0, nil
	}
	off := r.d.offset(refNum(streams[0]))
	sts := make([]*stream, 0, len(streams))
	for _, sv := range streams {
		if st, ok := r.d.resolve(sv).(*stream); ok {
			sts = append(sts, st)
		}
	}
	gs := gstate{ctm: identity, tz: 1}
	err := p.run(p.content(sts), res, gs, 0, map[*stream]bool{})
	return p, off, err
}
