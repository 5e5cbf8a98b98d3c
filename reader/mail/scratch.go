package mail

import (
	"bufio"
	"io"
)

// scratch lends the buffers of the decoding stages of one part and takes
// them back when the part is done (release), so that a mailbox of many
// small parts does not allocate them part after part. It belongs to one
// walker, which reads one part at a time. A nil *scratch lends nothing:
// the stage allocates its own (as in tests).
type scratch struct {
	bufs   []*bufio.Reader // lent
	queues []*lineQueue

	freeBufs []*bufio.Reader // to lend again
	freeEnts [][]lineEnt
}

// reader returns a 4 KiB buffered reader of r.
func (s *scratch) reader(r io.Reader) *bufio.Reader {
	if s == nil {
		return bufio.NewReaderSize(r, 4<<10)
	}
	var b *bufio.Reader
	if n := len(s.freeBufs); n > 0 {
		b, s.freeBufs = s.freeBufs[n-1], s.freeBufs[:n-1]
		b.Reset(r)
	} else {
		b = bufio.NewReaderSize(r, 4<<10)
	}
	s.bufs = append(s.bufs, b)
	return b
}

// queue gives q a ring to use (grown as it needs).
func (s *scratch) queue(q *lineQueue) {
	if s == nil {
		return
	}
	if n := len(s.freeEnts); n > 0 {
		q.ents, s.freeEnts = s.freeEnts[n-1], s.freeEnts[:n-1]
	}
	s.queues = append(s.queues, q)
}

// mark returns the state to release back to.
func (s *scratch) mark() [2]int { return [2]int{len(s.bufs), len(s.queues)} }

// release takes back what was lent since m.
func (s *scratch) release(m [2]int) {
	for _, b := range s.bufs[m[0]:] {
		b.Reset(nil)
		s.freeBufs = append(s.freeBufs, b)
	}
	for _, q := range s.queues[m[1]:] {
		s.freeEnts = append(s.freeEnts, q.reset())
	}
	s.bufs, s.queues = s.bufs[:m[0]], s.queues[:m[1]]
}
