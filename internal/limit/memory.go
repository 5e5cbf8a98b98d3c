package limit

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// One budget (doc/spec.md L10a): what a reader holds in
// memory because it must (a zip or a PDF read from a stream, which is
// read with random access) is charged to one budget of the process,
// shared by every level of nesting and every -j worker, so that the
// bound is one number kept in one place, not a cap per reader and per
// level. A holder that finds no room spools to a temporary file instead.

// MemoryBudget is the size of Memory: with the run's soft memory limit
// of 48 MiB (internal/cli) and what the workers' buffers take, the process
// stays under 64 MiB whatever is held.
const MemoryBudget = 24 << 20

// Memory is the process's budget of bytes held in memory.
var Memory = NewBudget(MemoryBudget)

// Budget is a budget of bytes: what is acquired is released when done.
// It is safe for concurrent use.
type Budget struct {
	mu       sync.Mutex
	left     int64
	size     int64
	held     int64         // what reserve gave and unreserve did not take back yet
	waiting  int64         // what the inputs waiting in reserve hold of it
	parked   atomic.Int64  // what inputs that hand on hits hold of it (park)
	sleepers atomic.Int32  // inputs asleep in reserve, or about to be
	changed  chan struct{} // closed when left grows or an input starts to wait
}

// NewBudget returns a budget of n bytes.
func NewBudget(n int64) *Budget { return &Budget{left: n, size: n, changed: make(chan struct{})} }

// reserveWait is the longest reserve waits for room. Every holder of
// the budget gives back what it holds when its input ends, so the wait
// ends sooner; the bound keeps a holder the accounting cannot see (a
// stream held by the waiting input itself) from stalling a run.
var reserveWait = 5 * time.Second

// Overdraft is how far below zero reserve takes b for an input that
// holds part of it already, when no other input will give any back (the
// inputs that hold the rest all wait for more): one more window of the
// usual size (8 MiB: zstd's levels 1 to 19, xz -6), so that such inputs
// read on one at a time instead of being refused.
const Overdraft = 8 << 20

// reserve takes n bytes of b for an input that holds held bytes of it
// already (Expansion.Hold), and reports whether it did:
//   - at once when b has them;
//   - else, while other inputs that are not waiting hold windows of b
//     (what reserve gave; what TryAcquire and Charge took is not waited
//     for, since the input asking may hold it itself), it waits for them
//     to give it back, up to reserveWait;
//   - else (no one to wait for, or waited long enough), when held is 0,
//     it takes them anyway: one window alone, bounded by its own
//     format's cap, may go past b;
//   - else it takes them if b stays within Overdraft below zero;
//   - else it takes nothing: the input already holds part of b and
//     nothing more will come back.
//
// Only inputs that are not waiting can be waited for, so two inputs
// never wait for each other.
func (b *Budget) reserve(n, held int64) (ok, waited bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.left >= n {
		b.take(n)
		return true, false
	}
	b.waiting += held
	b.notify()
	defer func() { b.waiting -= held }()
	deadline := time.Now().Add(reserveWait)
	for ; ; waited = true {
		if b.left >= n {
			b.take(n)
			return true, waited
		}
		b.sleepers.Add(1)                              // before parked is read: see park
		others := b.held - b.waiting - b.parked.Load() // windows of inputs that go on reading
		wait := time.Until(deadline)
		if others <= 0 || wait <= 0 {
			b.sleepers.Add(-1)
			if held == 0 || b.left-n >= -Overdraft {
				b.take(n)
				return true, waited
			}
			return false, waited
		}
		ch := b.changed
		b.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-ch:
		case <-t.C:
		}
		t.Stop()
		b.mu.Lock()
		b.sleepers.Add(-1)
	}
}

// park counts n bytes held by an input that does not read for a while
// (its hits are being handed on, which may block: the printer keeps the
// order of inputs) as held by a waiting input, so that an input that
// needs a window does not wait for it; unpark ends it. They take no lock
// (a hit of a compressed input is handed on under park): an input about
// to sleep in reserve counts itself in sleepers before it reads parked,
// and park adds to parked before it reads sleepers, so one of the two
// sees the other, and the sleeper is woken.
func (b *Budget) park(n int64) {
	b.parked.Add(n)
	if b.sleepers.Load() > 0 {
		b.mu.Lock()
		b.notify()
		b.mu.Unlock()
	}
}

func (b *Budget) unpark(n int64) { b.parked.Add(-n) }

// take gives n bytes of b to reserve; b.mu is held.
func (b *Budget) take(n int64) {
	b.left -= n
	b.held += n
}

// unreserve gives back n bytes reserve gave.
func (b *Budget) unreserve(n int64) {
	b.mu.Lock()
	b.held -= n
	b.left += n
	b.notify()
	b.mu.Unlock()
}

// notify wakes the inputs waiting in reserve; b.mu is held.
func (b *Budget) notify() {
	close(b.changed)
	b.changed = make(chan struct{})
}

// TryAcquire takes n bytes of b and reports whether they were there; it
// never waits (a reader that waited for another could wait for ever).
func (b *Budget) TryAcquire(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n > b.left {
		return false
	}
	b.left -= n
	return true
}

// Charge takes n bytes of b whether or not they are there: for memory a
// reader cannot do without once it reads at all (a decoder's window, a
// PDF's cross-reference table), which it bounds itself. Past what b has,
// b is left below zero, so that every holder that can do with less (a
// stream held whole, which spools instead) does until it is given back.
func (b *Budget) Charge(n int64) {
	b.mu.Lock()
	b.left -= n
	b.mu.Unlock()
}

// Release gives back n bytes taken with TryAcquire or Charge.
func (b *Budget) Release(n int64) {
	b.mu.Lock()
	b.left += n
	b.notify()
	b.mu.Unlock()
}

// Left returns what b has left.
func (b *Budget) Left() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.left
}

// holdChunk is the piece a stream is held in: no piece is copied as it
// grows, so holding takes no more than it holds.
const holdChunk = 1 << 20

// Held is a stream read to its end for random access: in memory charged
// to a budget, or in a temporary file. Close gives both back.
type Held struct {
	c        [][]byte
	size     int64
	acquired int64
	budget   *Budget
	f        *os.File
	removed  bool // f is already unlinked
}

// Hold reads r to its end, up to max bytes (past it, tooBig), and
// returns it for random access. It is held in memory, charged to b as it
// grows (the first piece grows from 64 KiB, so that a small stream costs
// little), until b has no room: what was read and the rest then go to a
// temporary file, removed by Close. The caller calls Close when done.
func Hold(r io.Reader, max int64, tooBig error, b *Budget) (*Held, error) {
	h := &Held{budget: b}
	err := h.read(r, max, tooBig)
	if err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

func (h *Held) read(r io.Reader, max int64, tooBig error) error {
	first := make([]byte, 0, 64<<10)
	if !h.budget.TryAcquire(int64(cap(first))) {
		return h.spool(r, max, tooBig, nil)
	}
	h.acquired = int64(cap(first))
	for len(first) < holdChunk {
		if len(first) == cap(first) {
			grow := min(cap(first), holdChunk-cap(first))
			if !h.budget.TryAcquire(int64(grow)) {
				return h.spool(r, max, tooBig, first)
			}
			h.acquired += int64(grow)
			nf := make([]byte, len(first), cap(first)+grow) // append could round the capacity up
			copy(nf, first)
			first = nf
		}
		n, err := r.Read(first[len(first):cap(first)])
		first = first[:len(first)+n]
		if int64(len(first)) > max {
			return tooBig
		}
		if err == io.EOF {
			h.c, h.size = [][]byte{first}, int64(len(first))
			return nil
		}
		if err != nil {
			return err
		}
	}
	h.c, h.size = [][]byte{first}, holdChunk
	for {
		if !h.budget.TryAcquire(holdChunk) {
			return h.spool(r, max, tooBig, nil)
		}
		h.acquired += holdChunk
		c := make([]byte, holdChunk)
		n, err := io.ReadFull(r, c)
		if n > 0 {
			h.c = append(h.c, c[:n])
			h.size += int64(n)
		}
		if h.size > max {
			return tooBig
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// ErrSpool reports a stream that neither fitted the memory budget nor
// could be written to a temporary file.
var ErrSpool = errors.New("no room in the memory budget and no temporary file")

// spool writes what is held (h.c, then pending) and the rest of r to a
// temporary file, and gives the memory back.
func (h *Held) spool(r io.Reader, max int64, tooBig error, pending []byte) error {
	f, err := os.CreateTemp("", "urix-held-*")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSpool, err)
	}
	h.f = f
	// Unlinked at once where the system allows (not Windows): a run
	// that is killed leaves nothing behind.
	if os.Remove(f.Name()) == nil {
		h.removed = true
	}
	var size int64
	for _, c := range append(h.c, pending) {
		if _, err := f.Write(c); err != nil {
			return fmt.Errorf("%w: %v", ErrSpool, err)
		}
		size += int64(len(c))
	}
	h.c = nil
	h.budget.Release(h.acquired)
	h.acquired = 0
	n, err := io.Copy(f, Reader(r, max-size, tooBig))
	if err != nil {
		if errors.Is(err, tooBig) {
			return tooBig
		}
		return fmt.Errorf("%w: %v", ErrSpool, err)
	}
	h.size = size + n
	return nil
}

// Size is the stream's length.
func (h *Held) Size() int64 { return h.size }

// Spooled reports whether the stream is in a temporary file.
func (h *Held) Spooled() bool { return h.f != nil }

// ReadAt implements io.ReaderAt.
func (h *Held) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("held stream: negative offset")
	}
	if h.f != nil {
		if off >= h.size {
			return 0, io.EOF
		}
		n, err := h.f.ReadAt(p[:min(int64(len(p)), h.size-off)], off)
		if err == nil && n < len(p) {
			err = io.EOF
		}
		return n, err
	}
	n := 0
	for n < len(p) && off < h.size {
		k := copy(p[n:], h.c[off/holdChunk][off%holdChunk:])
		n += k
		off += int64(k)
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Close gives the memory back and removes the temporary file; the
// stream is not to be read after it.
func (h *Held) Close() error {
	h.c = nil
	if h.acquired > 0 {
		h.budget.Release(h.acquired)
		h.acquired = 0
	}
	if h.f != nil {
		name := h.f.Name()
		h.f.Close()
		h.f = nil
		if !h.removed {
			return os.Remove(name)
		}
	}
	return nil
}
