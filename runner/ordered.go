package runner

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/reader"
)

// ordered runs the inputs jobs at a time and passes their hits on in input
// order. Inputs are handed out in tasks of a few consecutive ones
// (taskLen). The task whose inputs come next in the output, the head, is
// read by its worker straight into emit and report. A task read ahead of
// it keeps its hits in batches (a batch goes to the task's queue when
// full, at the end of the task, and before an input named on the command
// line, which may block), and the caller's goroutine, the drainer, passes
// the queues on in input order: once it has passed on the last batch of a
// task that is not done, it makes that task the head, and waits for it.
//
// Memory stays bounded whatever the number and size of the inputs: tasks
// are handed out at most ahead past the head, and a worker waits while
// its task's queue holds queued batches (at most ahead*queued*batchLen
// hits wait). No worker waits forever: tasks are handed out in order, so
// the head has a worker or gets the next free one, and the drainer takes
// every queued batch, passing nothing on once ctx is done.
//
// The head's hits are neither copied nor handed from one goroutine to
// another: with -j 2 on a tree of 4,004 small files, about half the hits
// go so, and the copies that -j 2 added over -j 1 halve.
func ordered(ctx context.Context, x *extract.Extractor, f *feed, jobs int, open opener, stats *Stats, emit func(*extract.Hit) error, report func(error)) {
	o := &orderedOut{ctx: ctx, emit: emit, report: report, free: make(chan batch, 2*(ahead+jobs))}
	tasks := make(chan *task)
	order := make(chan *task, max(ahead, jobs))
	go func() {
		defer close(order)
		defer close(tasks)
		for srcs := range f.tasks(jobs) {
			t := &task{srcs: srcs}
			t.cond.L = &t.mu
			select {
			case order <- t:
			case <-ctx.Done():
				return
			}
			select {
			case tasks <- t:
			case <-ctx.Done():
				t.finish() // no worker will: its drain must end
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				w := &taskWriter{o: o, t: t}
				for i, s := range t.srcs {
					if ctx.Err() != nil {
						break
					}
					runOne(ctx, x, s, open, stats, w.emit, w.report)
					if i+1 < len(t.srcs) && !t.srcs[i+1].walked {
						// The next input was named, so it may block (a FIFO, a
						// terminal, a fetch): this one's hits go first. A walk
						// yields only regular files, whose hits may wait for
						// the end of the task, one hand-over for all.
						w.push()
					}
				}
				w.push()
				t.finish()
				// Yield: when every processor runs a worker, the drainer
				// ran only once the scheduler preempted a worker (every
				// 10 ms), by then the tasks ahead of it were all done, and
				// the workers waited for new ones (19 ms in all of a 200
				// ms run of -j 2 on a tree of 4,004 small files; 8 ms
				// with this).
				runtime.Gosched()
			}
		}()
	}
	defer wg.Wait()
	for t := range order {
		t.drain(o.pass)
	}
}

// A batch wakes the drainer: 512 hits a batch, not 64, cut the context
// switches of -j 2 on a tree of 4,000 small files from 1,709 to 713.
// A task's queue holds up to queued batches, and tasks are handed out up
// to ahead past the head.
const batchLen, queued, ahead = 512, 8, 16

// A batch is also full at batchBytes of hit text, and a task's queue at
// queuedBytes: hits of 60 KB each (a file of long URIs read while the
// head is a slow PDF) held 512 a batch, 8 batches a task, and -j 2 peaked
// at 131 MiB (doc/spec.md L1). A task's queue holds at most queuedBytes
// and one batch more, some 700 KiB with the longest hits.
const batchBytes, queuedBytes = 64 << 10, 512 << 10

// orderedOut is what ordered's workers and drainer share: Run's emit and
// report, and the batches that go back to be filled again.
type orderedOut struct {
	ctx    context.Context
	emit   func(*extract.Hit) error
	report func(error)
	// Drained batches' slices and text go back to the workers: a Hit is
	// some 350 bytes, and growing a fresh slice for every 64 of them was
	// the largest cost -j 2 added over -j 1 (growslice and the GC work it
	// made). Copying the hits' text into fresh chunks was the next: on a
	// tree of 4,004 small files, 21 MB that set off a collection -j 1
	// never needs, and with it write barriers on every hit copied.
	free chan batch
}

// newBatch returns a batch to fill, one passed on before when there is.
func (o *orderedOut) newBatch() batch {
	select {
	case b := <-o.free:
		return b
	default:
		return batch{hits: make([]extract.Hit, 0, batchLen), strs: new(reader.Strings)}
	}
}

// pass hands a batch on (emit, then report), and its memory back.
func (o *orderedOut) pass(b batch) {
	if o.ctx.Err() == nil {
		for i := range b.hits {
			if o.emit(&b.hits[i]) != nil {
				break
			}
		}
		if o.ctx.Err() == nil {
			for _, err := range b.errs {
				o.report(err)
			}
		}
	}
	if b.strs != nil {
		// Not cleared (that was 1.4% of -j 2's time): the hits are
		// overwritten as the batch refills, and their text, which emit
		// was done with when it returned (Run), is written over too.
		b.strs.Reset()
		select {
		case o.free <- batch{hits: b.hits[:0], strs: b.strs}:
		default:
		}
	}
}

// batch is hits of a task read ahead of the head, and what they hold.
type batch struct {
	hits  []extract.Hit
	strs  *reader.Strings // where the hits' text is copied
	errs  []error         // errors and warnings, after the hits of the batch
	bytes int             // the hits' URI and raw text
}

// task is consecutive inputs of ordered, and what passes between its
// worker and the drainer, under mu.
type task struct {
	srcs    []source
	mu      sync.Mutex
	cond    sync.Cond // on mu: a batch queued or taken, the task made head or done
	batches []batch   // queued by the worker, not yet taken by the drainer
	bytes   int       // their hits' text (batch.bytes)
	head    atomic.Bool
	done    bool
}

// drain passes t's batches on as they come, until t is done; once the
// queue is empty and t not done, it makes t the head (its worker passes
// its hits on itself from then on) and waits for it to be done.
func (t *task) drain(pass func(batch)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for {
		if bs := t.batches; len(bs) > 0 {
			t.batches, t.bytes = nil, 0
			t.cond.Broadcast() // room for a worker that waits
			t.mu.Unlock()
			for _, b := range bs {
				pass(b)
			}
			t.mu.Lock()
			continue
		}
		if t.done {
			return
		}
		if !t.head.Load() {
			t.head.Store(true)
			t.cond.Broadcast()
		}
		t.cond.Wait()
	}
}

// finish marks t done.
func (t *task) finish() {
	t.mu.Lock()
	t.done = true
	t.cond.Broadcast()
	t.mu.Unlock()
}

// taskWriter is a worker's side of a task: the batch it fills, and
// whether the task has become the head (direct).
type taskWriter struct {
	o      *orderedOut
	t      *task
	b      batch
	direct bool // t is the head and b was passed on: hits go to o.emit
}

// emit passes h on when t is the head, and otherwise keeps a copy in the
// batch it fills.
func (w *taskWriter) emit(h *extract.Hit) error {
	if !w.direct && len(w.b.errs) > 0 {
		w.push() // the errors before h go first; this may make w direct
	}
	if w.direct || w.isHead() {
		if err := w.o.ctx.Err(); err != nil {
			return err // as pass, nothing once the run is stopped
		}
		if err := w.o.emit(h); err != nil {
			return err
		}
		return w.o.ctx.Err()
	}
	if w.b.hits == nil {
		nb := w.o.newBatch() // only once there is a hit: most small inputs have few
		w.b.hits, w.b.strs = nb.hits, nb.strs
	}
	// Copied before it is kept: reading a borrowed hit may fault (a mapped
	// file cut short), and a batch must not hold one that points at the
	// unmapped file. The hit is the job's, done with once emit returns.
	h.CopyTo(w.b.strs)
	w.b.hits = append(w.b.hits, *h)
	w.b.bytes += len(h.URI) + len(h.Raw)
	if len(w.b.hits) == batchLen || w.b.bytes >= batchBytes {
		w.push()
	}
	return w.o.ctx.Err()
}

// report passes err on when t is the head, and otherwise keeps it in the
// batch, after its hits.
func (w *taskWriter) report(err error) {
	if w.direct || w.isHead() {
		if w.o.ctx.Err() == nil {
			w.o.report(err)
		}
		return
	}
	w.b.errs = append(w.b.errs, err)
}

// isHead reports whether t has just become the head; if so, the batch
// being filled is passed on first, and the writer is direct from then on.
func (w *taskWriter) isHead() bool {
	if !w.t.head.Load() {
		return false
	}
	w.direct = true
	if len(w.b.hits)+len(w.b.errs) > 0 {
		w.o.pass(w.b)
	}
	w.b = batch{}
	return true
}

// push queues the batch being filled, waiting while the queue is full;
// once t is the head it is passed on instead.
func (w *taskWriter) push() {
	if w.direct || len(w.b.hits)+len(w.b.errs) == 0 {
		return
	}
	t := w.t
	t.mu.Lock()
	for (len(t.batches) >= queued || t.bytes >= queuedBytes) && !t.head.Load() {
		t.cond.Wait() // the drainer takes every batch, even once ctx is done
	}
	if t.head.Load() {
		t.mu.Unlock()
		w.isHead()
		return
	}
	t.batches = append(t.batches, w.b)
	t.bytes += w.b.bytes
	w.b = batch{}
	t.cond.Broadcast()
	t.mu.Unlock()
}
