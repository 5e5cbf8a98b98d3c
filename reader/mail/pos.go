package mail

import "github.com/urix/urix/reader"

// Position maps: every stage between the file and a part's text (the
// stored body, quoted-printable, the charset conversion, format=flowed,
// unfolding)
// records where its output lines and columns come from in its input, so
// that a position in the text a reader scans maps back, stage by stage,
// onto the file as stored.

// Pos is a position in the file as stored: 1-based line, 1-based byte
// column, byte offset.
type Pos = reader.Pos

// PosMap maps a position in a part's text, given as a scanner counts it
// from the start of the text (1-based line, 1-based byte column, and byte
// offset, which must agree), to the file.
//
// Each stage finds where a position comes from by its line and column (a
// bounded window of entries is enough, see lineQueue) and carries the
// offset along; the bottom stage, the stored body, turns that offset into
// the file's.
type PosMap = reader.PosMap

// pinned maps every position to one place: the first line of a body whose
// stored form has no line structure in common with its text (base64, an
// encoded message/rfc822).
type pinned Pos

func (p pinned) Map(int, int, int64) Pos { return Pos(p) }

// lineEnt says that a stage's output from line out, column col, offset
// outOff on, comes from its input's line in, column inCol, offset inOff.
// Within an entry every ou output bytes come from iu input bytes (1:1, the
// zero value, unless a charset conversion changes lengths).
type lineEnt struct {
	out, col      int
	in, inCol     int
	ou, iu        int
	outOff, inOff int64
}

// through maps output position (line, col, off) through e.
func (e lineEnt) through(line, col int, off int64) (int, int, int64) {
	d := off - e.outOff
	if e.ou > 1 || e.iu > 1 {
		d = d / int64(max(e.ou, 1)) * int64(max(e.iu, 1))
	}
	l, c := e.lineCol(line, col)
	return l, c, max(0, e.inOff+d)
}

// lineCol maps output position (line, col) through e.
func (e lineEnt) lineCol(line, col int) (int, int) {
	if line != e.out {
		// A line with no entry of its own: in a stage that keeps lines
		// (the charset conversion), one input line per output line, from
		// column 1 with the ratio 1:1; elsewhere only met before the
		// oldest entry kept (see lineQueue.find).
		return e.in + line - e.out, col
	}
	d := col - e.col
	if e.ou > 1 || e.iu > 1 {
		d = d / max(e.ou, 1) * max(e.iu, 1)
	}
	c := e.inCol + d
	if c < 1 {
		c = 1
	}
	return e.in, c
}

// lineQueue holds the entries of a stage between what the scanner has
// reported and what the stage has produced. Hits come in order, and a
// scanner reads a bounded window ahead of its hits, so entries far behind
// the output are dropped: memory stays bounded however long the part is.
type lineQueue struct {
	ents []lineEnt
	head int
}

const (
	queueWindow = 4 << 20 // output bytes kept behind the newest entry
	queueMax    = 1 << 18 // entries kept at most (lines of 16 bytes fill a 4 MiB window)
)

func (q *lineQueue) add(e lineEnt) {
	q.ents = append(q.ents, e)
	for q.head < len(q.ents)-1 && (e.outOff-q.ents[q.head].outOff > queueWindow || len(q.ents)-q.head > queueMax) {
		q.head++
	}
	if q.head > 1024 && q.head > len(q.ents)/2 {
		n := copy(q.ents, q.ents[q.head:])
		q.ents = q.ents[:n]
		q.head = 0
	}
}

// find returns the entry holding output line, column col.
func (q *lineQueue) find(line, col int) lineEnt {
	if q.head >= len(q.ents) {
		return lineEnt{out: line, col: 1, in: line, inCol: 1}
	}
	// Lookups mostly move forward: move head up to the last entry at or
	// before the position, then search forward from there.
	i := q.head
	if e := q.ents[i]; !before(e, line, col) {
		// Before every entry kept (only after more than queueMax entries
		// within the scanner's look-ahead): assume one input line of one
		// byte per output line, as in runs of empty lines.
		return lineEnt{out: line, col: 1, in: e.in - (e.out - line), inCol: 1, outOff: e.outOff, inOff: e.inOff}
	}
	for i+1 < len(q.ents) && before(q.ents[i+1], line, col) {
		i++
	}
	q.head = i
	return q.ents[i]
}

func before(e lineEnt, line, col int) bool {
	return e.out < line || e.out == line && e.col <= col
}

// mapThrough maps a position of a stage's output through its entries and
// the stage below.
func mapThrough(q *lineQueue, inner PosMap, line, col int, off int64) Pos {
	return inner.Map(q.find(line, col).through(line, col, off))
}

// Pinned returns the map that sends every position to p.
func Pinned(p Pos) PosMap { return pinned(p) }
