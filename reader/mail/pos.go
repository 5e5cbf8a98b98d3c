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
// the output are dropped. The entries live in a ring that grows to
// queueMax and no further, so memory stays bounded however long the part
// is and however dense its entries (a quoted-printable soft line break
// every output byte once cost 150 bytes each, doc/spec.md M2): a full
// ring keeps every other entry, so that a position among entries denser
// than that maps through the nearest one kept before it (a few columns
// or lines off), and never through none.
//
// An entry that the one before it already predicts (a stored line that
// comes out as it is, after one that did too) is not kept: it would map
// every position exactly as its predecessor does. So only lines that
// shift something hold entries, and the ring is spent on them.
type lineQueue struct {
	ents []lineEnt // the ring; len(ents) is its size, grown up to queueMax
	head int       // index in ents of the oldest entry
	n    int       // entries held
}

const (
	queueWindow = 4 << 20 // output bytes kept behind the newest entry
	queueMax    = 1 << 15 // entries kept at most (2 MiB; with lines of 32 bytes that shift something, a 1 MiB window)
)

// at returns the i-th entry held, oldest first.
func (q *lineQueue) at(i int) *lineEnt {
	i += q.head
	if i >= len(q.ents) {
		i -= len(q.ents)
	}
	return &q.ents[i]
}

// drop forgets the k oldest entries.
func (q *lineQueue) drop(k int) {
	q.head += k
	if q.head >= len(q.ents) {
		q.head -= len(q.ents)
	}
	q.n -= k
}

func (q *lineQueue) add(e lineEnt) {
	if q.n > 0 {
		last := q.at(q.n - 1)
		if last.out == e.out && last.col == e.col {
			*last = e // the same place: the newer entry is the one found
			return
		}
		if predicts(*last, e) {
			return
		}
		for q.n > 0 && e.outOff-q.at(0).outOff > queueWindow {
			q.drop(1)
		}
	}
	if q.n == len(q.ents) {
		if len(q.ents) >= queueMax {
			q.thin()
		} else {
			grown := make([]lineEnt, min(max(2*len(q.ents), 64), queueMax))
			for i := 0; i < q.n; i++ {
				grown[i] = *q.at(i)
			}
			q.ents, q.head = grown, 0
		}
	}
	*q.at(q.n) = e
	q.n++
}

// thin keeps every other entry, the oldest first among them. Entry j
// takes entry 2j, never one not yet moved.
func (q *lineQueue) thin() {
	k := 0
	for i := 0; i < q.n; i += 2 {
		*q.at(k) = *q.at(i)
		k++
	}
	q.n = k
}

// predicts reports whether every position from e on maps through last as
// it does through e: both 1:1, and last maps e's own place onto e's input.
func predicts(last, e lineEnt) bool {
	if last.ou > 1 || last.iu > 1 || e.ou > 1 || e.iu > 1 {
		return false
	}
	if e.out != last.out && e.col != e.inCol {
		return false // a later line maps column for column through last
	}
	l, c, off := last.through(e.out, e.col, e.outOff)
	return l == e.in && c == e.inCol && off == e.inOff
}

// find returns the entry holding output line, column col.
func (q *lineQueue) find(line, col int) lineEnt {
	if q.n == 0 {
		return lineEnt{out: line, col: 1, in: line, inCol: 1}
	}
	// Lookups mostly move forward: drop the entries before the last one
	// at or before the position, and search forward from there.
	if e := q.at(0); !before(*e, line, col) {
		// Before every entry kept (only past the window behind the
		// newest): assume one input line of one
		// byte per output line, as in runs of empty lines.
		return lineEnt{out: line, col: 1, in: e.in - (e.out - line), inCol: 1, outOff: e.outOff, inOff: e.inOff}
	}
	i := 0
	for i+1 < q.n && before(*q.at(i + 1), line, col) {
		i++
	}
	q.drop(i)
	return *q.at(0)
}

// reset empties q and returns its ring, for another queue to use.
func (q *lineQueue) reset() []lineEnt {
	ents := q.ents
	*q = lineQueue{}
	return ents
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
