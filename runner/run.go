// Package runner reads a list of inputs with an extract.Extractor: it
// walks the directories given, reads several inputs at once and passes
// their hits on in input order (SPEC CL13). It is apart from extract so
// that a program that only reads one input does not link a directory
// walker (doc/design.md).
package runner

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/sources"
	"github.com/urix/urix/walk"
)

// Options say how Run goes over a list of inputs (SPEC CL7, CL13).
type Options struct {
	Recursive bool // descend into directories (-r); otherwise a directory is an error
	Jobs      int  // inputs read at once (-j); < 1 means 1
	Unordered bool // emit hits as they are found instead of in input order

	// Walk says which files below a directory are read (with Recursive):
	// hidden files, .git and what ignore files name are left out unless
	// it says otherwise, --glob patterns choose, links are followed with
	// -L (SPEC CL7, issue 11). A binary file met in a walk is
	// skipped silently, only counted in Stats.Binary.
	Walk walk.Options

	// Open, when not nil, is asked first for every input; it returns
	// ok=false for the inputs it leaves to the default (files and "-"). The
	// command line uses it to fetch http:// and https:// arguments, which
	// this package never does itself.
	Open func(name string) (in sources.Input, closer io.Closer, ok bool, err error)

	// Select, when not nil, chooses the files of a walk: one it returns
	// false for is not read (-t/--type and -T/--type-not, as ripgrep's,
	// doc/spec.md CL3a). Inputs named are read whatever it says. It is
	// called on the goroutine that lists the inputs, while the inputs
	// listed before are read (Run's feed): it must be safe for that.
	Select func(path string) bool

	// Base, when set, is the base URL a directory given stands for:
	// a file found below it gets the URL joined with its path below the
	// directory as its own base (sources.Input.Base; doc/spec.md §5 B1),
	// as a mirror made by wget -m maps back. Other inputs keep the
	// extractor's Options.Base.
	Base string

	// Stats, when not nil, counts the work as it goes.
	Stats *Stats

	// Done, when not nil, is told the name of each input once its last
	// hit and problem have gone to emit and report, when the inputs are
	// read one at a time or Unordered: a printer that groups the hits of
	// interleaved inputs by file knows then that one is complete. It is
	// never called concurrently with emit or report.
	Done func(name string)
}

// Stats count the work of a Run as it goes; safe to read from another
// goroutine (for a progress line).
type Stats struct {
	Files atomic.Int64 // inputs finished
	Total atomic.Int64 // inputs to read, set once the directories are walked (before any is read when they list at most lookahead; as far as listed when the run stops first)
	Bytes atomic.Int64 // bytes read from inputs (compressed size for .gz)
	Hits  atomic.Int64 // hits emitted
	// Binary counts the inputs skipped because they look binary
	// (extract.ErrBinary), the ones met in a walk, which are not
	// reported, and the ones named, which are.
	Binary atomic.Int64
}

// Run extracts with x the hits of every input ("-" is standard input; a
// directory is walked in lexical order when ro.Recursive) and passes them
// to emit, by default in input order whatever ro.Jobs is. Every problem
// goes to report as it comes, in input order too: an *extract.Warning
// when the input was still read, an *extract.InputError when an input
// could not be read (or a directory walked), in its place; the run always
// goes on with the other inputs. A long walk is read while it is listed
// (feed). As with extract.Extractor.File, the hit emit gets is valid until
// emit returns.
//
// The run stops early when ctx is done or emit returns an error; Run then
// returns that error, and nil otherwise. emit and report are never called
// concurrently, nor after Run returns.
func Run(ctx context.Context, x *extract.Extractor, inputs []string, ro Options, emit func(*extract.Hit) error, report func(error)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stats := ro.Stats
	if stats == nil {
		stats = new(Stats)
	}
	var stop error // emit's error
	guarded := func(h *extract.Hit) error {
		stats.Hits.Add(1)
		if err := emit(h); err != nil {
			stop = err
			cancel()
			return err
		}
		return nil
	}
	done := func() error {
		if stop != nil {
			return stop
		}
		return ctx.Err()
	}
	jobs := max(ro.Jobs, 1)
	// The workers share the memory bound (doc/spec.md L6): each reads
	// with its share of the token budget, by the -j asked for.
	x = x.Workers(jobs)
	f := newFeed(ctx, inputs, ro, jobs, stats)
	defer f.wait()
	defer cancel() // before the wait: a listing not read to its end stops
	if f.whole() {
		jobs = min(jobs, len(f.first)) // no more workers than inputs
	}
	if jobs <= 1 {
		for s, ok := f.next(); ok && ctx.Err() == nil; s, ok = f.next() {
			runOne(ctx, x, s, ro.Open, stats, guarded, report)
			if ro.Done != nil && s.err == nil {
				ro.Done(s.name)
			}
		}
		return done()
	}
	if ro.Unordered {
		var mu sync.Mutex
		lockedEmit := func(h *extract.Hit) error {
			mu.Lock()
			defer mu.Unlock()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return guarded(h)
		}
		lockedReport := func(err error) { mu.Lock(); report(err); mu.Unlock() }
		parallel(ctx, f, jobs, func(s source) {
			runOne(ctx, x, s, ro.Open, stats, lockedEmit, lockedReport)
			if ro.Done != nil && s.err == nil {
				mu.Lock()
				ro.Done(s.name)
				mu.Unlock()
			}
		})
		return done()
	}
	ordered(ctx, x, f, jobs, ro.Open, stats, guarded, report)
	return done()
}

// parallel calls work for each input of f, jobs at a time, handing them
// out in order, taskLen at a time, until ctx is done, and returns when
// all calls are done.
func parallel(ctx context.Context, f *feed, jobs int, work func(source)) {
	next := make(chan []source)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for srcs := range next {
				for _, s := range srcs {
					if ctx.Err() != nil {
						break
					}
					work(s)
				}
			}
		}()
	}
	defer wg.Wait()
	defer close(next)
	for srcs := range f.tasks(jobs) {
		select {
		case next <- srcs:
		case <-ctx.Done():
			return
		}
	}
}

// taskLen is how many consecutive inputs of n a worker takes at a time
// when jobs read them: up to 16, so that a tree of small files costs a
// hand-over between goroutines (dear in a virtual machine: a futex call
// each way) per 16 files, not per file; and 1 when there are few, so that
// each worker still gets some 64 tasks to even out their sizes.
func taskLen(n, jobs int) int {
	return min(max(n/(64*jobs), 1), 16)
}

// runOne extracts one input, counting its bytes and hits in stats. open,
// when not nil, may take the input over (Options.Open). Once ctx is
// done, the input stops at its next read and nothing more is reported.
// An input found by a walk that looks binary is counted, not reported.
func runOne(ctx context.Context, x *extract.Extractor, src source, open opener, stats *Stats, emit func(*extract.Hit) error, report func(error)) {
	if src.err != nil { // what a walk could not read, in its place
		if ctx.Err() == nil {
			report(src.err)
		}
		return
	}
	defer stats.Files.Add(1)
	path := src.name
	fail := func(err error) {
		if err != nil && ctx.Err() == nil {
			report(err)
		}
	}
	var in sources.Input
	if open != nil {
		var closer io.Closer
		var ok bool
		var err error
		in, closer, ok, err = open(path)
		if err != nil {
			fail(err) // the opener names the input
			return
		}
		if ok && closer != nil {
			defer closer.Close()
		}
		if !ok {
			open = nil
		}
	}
	if open == nil {
		var closer io.Closer
		var err error
		if in, closer, err = sources.OpenAbs(path, src.abs); err != nil {
			fail(err)
			return
		}
		defer closer.Close()
	}
	r := inputRuns.Get().(*inputRun)
	r.counting = countingReader{r: in.R, n: &stats.Bytes, ctx: ctx}
	r.stats, r.ctx, r.walked, r.report = stats, ctx, src.walked, report
	in.R, in.Consumed = &r.counting, r.consumed
	in.Base = src.base
	err := x.Input(in, emit, r.warned)
	*r = inputRun{consumed: r.consumed, warned: r.warned}
	inputRuns.Put(r)
	fail(err)
}

// inputRun is what runOne passes to the extractor besides the input: its
// counting reader and how its problems are reported. It comes from a pool
// with its methods bound once: made anew for every input, they were three
// allocations a file on a tree of small files. Nothing keeps it once
// Extractor.Input has returned.
type inputRun struct {
	counting countingReader
	consumed func(int64) error // counting.Consumed
	warned   func(error)       // warn
	stats    *Stats
	ctx      context.Context
	walked   bool
	report   func(error)
}

var inputRuns = sync.Pool{New: func() any {
	r := new(inputRun)
	r.consumed, r.warned = r.counting.Consumed, r.warn
	return r
}}

// warn reports a problem of the input, but for a binary file met in a
// walk, which is only counted.
func (r *inputRun) warn(err error) {
	var w *extract.Warning
	if errors.Is(err, extract.ErrBinary) && errors.As(err, &w) && w.Where == "" {
		r.stats.Binary.Add(1)
		if r.walked {
			return
		}
	}
	if r.ctx.Err() == nil {
		r.report(err)
	}
}

// opener is the type of Options.Open.
type opener = func(name string) (sources.Input, io.Closer, bool, error)

// countingReader adds the bytes it reads to *n, and stops once ctx is done.
type countingReader struct {
	r   io.Reader
	n   *atomic.Int64
	ctx context.Context
}

func (c *countingReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// Consumed counts n bytes read without c (sources.Input.Consumed: a large
// text file scanned mapped into memory) and says whether the run was
// stopped.
func (c *countingReader) Consumed(n int64) error {
	c.n.Add(n)
	return c.ctx.Err()
}
