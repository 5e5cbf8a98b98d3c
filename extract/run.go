package extract

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// RunOptions say how Run goes over a list of inputs (SPEC §7).
type RunOptions struct {
	Recursive bool // descend into directories (-r); otherwise a directory is an error
	Jobs      int  // inputs read at once (-j); < 1 means 1
	Unordered bool // emit hits as they are found instead of in input order

	// Open, when not nil, is asked first for every input; it returns
	// ok=false for the inputs it leaves to the default (files and "-"). The
	// command line uses it to fetch http:// and https:// arguments, which
	// this package never does itself.
	Open func(name string) (in Input, closer io.Closer, ok bool, err error)

	// Stats, when not nil, counts the work as it goes.
	Stats *Stats
}

// Stats count the work of a Run as it goes; safe to read from another
// goroutine (for a progress line).
type Stats struct {
	Files  atomic.Int64 // inputs finished
	Total  atomic.Int64 // inputs to read, set once the directories are walked (before any is read)
	Bytes  atomic.Int64 // bytes read from inputs (compressed size for .gz)
	Hits   atomic.Int64 // hits emitted
	Binary atomic.Int64 // inputs skipped as binary (ErrBinary)
}

// Run extracts the hits of every input ("-" is standard input; a
// directory is walked in lexical order when ro.Recursive) and passes them
// to emit, by default in input order whatever ro.Jobs is. Every problem
// goes to report as it comes, in input order too: a *Warning when the
// input was still read, an *InputError when an input could not be read;
// the run always goes on with the other inputs.
//
// The run stops early when ctx is done or emit returns an error; Run then
// returns that error, and nil otherwise. emit and report are never called
// concurrently, nor after Run returns.
func (x *Extractor) Run(ctx context.Context, inputs []string, ro RunOptions, emit func(Hit) error, report func(error)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stats := ro.Stats
	if stats == nil {
		stats = new(Stats)
	}
	var stop error // emit's error
	guarded := func(h Hit) error {
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
	paths := x.expand(inputs, ro.Recursive, report)
	stats.Total.Store(int64(len(paths)))
	jobs := min(max(ro.Jobs, 1), len(paths))
	if jobs <= 1 {
		for _, p := range paths {
			if ctx.Err() != nil {
				break
			}
			x.runOne(ctx, p, ro.Open, stats, guarded, report)
		}
		return done()
	}
	if ro.Unordered {
		var mu sync.Mutex
		lockedEmit := func(h Hit) error {
			mu.Lock()
			defer mu.Unlock()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return guarded(h)
		}
		lockedReport := func(err error) { mu.Lock(); report(err); mu.Unlock() }
		parallel(ctx, len(paths), jobs, func(i int) { x.runOne(ctx, paths[i], ro.Open, stats, lockedEmit, lockedReport) })
		return done()
	}
	x.ordered(ctx, paths, jobs, ro.Open, stats, guarded, report)
	return done()
}

// ordered runs the inputs jobs at a time and passes their hits on in input
// order. Each input streams batches of hits into its own channel, and the
// caller's goroutine drains those channels in input order. The channels
// are made as inputs are handed out, at most ahead inputs past the one
// being drained (so that the other workers go on while a large input is
// drained), and a worker blocks when its channel is full: memory stays
// bounded whatever the number and size of the inputs (at most
// ahead*queued*batchLen hits wait). No worker waits forever: inputs are
// handed out in order, so the one being drained has a worker or gets the
// next free one; and every send gives up once ctx is done.
func (x *Extractor) ordered(ctx context.Context, paths []string, jobs int, open func(string) (Input, io.Closer, bool, error), stats *Stats, emit func(Hit) error, report func(error)) {
	const batchLen, queued, ahead = 64, 64, 16
	type batch struct {
		hits []Hit
		errs []error // errors and warnings, after the hits of the batch
	}
	type task struct {
		i   int
		out chan batch
	}
	tasks := make(chan task)
	order := make(chan chan batch, max(ahead, jobs))
	go func() {
		defer close(order)
		defer close(tasks)
		for i := range paths {
			out := make(chan batch, queued)
			select {
			case order <- out:
			case <-ctx.Done():
				return
			}
			select {
			case tasks <- task{i, out}:
			case <-ctx.Done():
				close(out) // no worker will: its drain must end
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
				var b batch
				send := func() error {
					if len(b.hits)+len(b.errs) == 0 {
						return nil
					}
					select {
					case t.out <- b:
						b = batch{}
						return nil
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				x.runOne(ctx, paths[t.i], open, stats,
					func(h Hit) error {
						if len(b.errs) > 0 {
							if err := send(); err != nil {
								return err
							}
						}
						b.hits = append(b.hits, h)
						if len(b.hits) == batchLen {
							return send()
						}
						return nil
					},
					func(err error) { b.errs = append(b.errs, err) })
				send()
				close(t.out)
			}
		}()
	}
	defer wg.Wait()
	for out := range order {
		for b := range out {
			if ctx.Err() != nil {
				continue // drain, so that no worker waits
			}
			for _, h := range b.hits {
				if emit(h) != nil {
					break
				}
			}
			if ctx.Err() != nil {
				continue
			}
			for _, err := range b.errs {
				report(err)
			}
		}
	}
}

// parallel calls work(i) for i in [0, n), jobs at a time, handing out
// indexes in order until ctx is done, and returns when all calls are done.
func parallel(ctx context.Context, n, jobs int, work func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				work(i)
			}
		}()
	}
	defer wg.Wait()
	defer close(next)
	for i := 0; i < n; i++ {
		select {
		case next <- i:
		case <-ctx.Done():
			return
		}
	}
}

// runOne extracts one input, counting its bytes and hits in stats. open,
// when not nil, may take the input over (RunOptions.Open). Once ctx is
// done, the input stops at its next read and nothing more is reported.
func (x *Extractor) runOne(ctx context.Context, path string, open func(string) (Input, io.Closer, bool, error), stats *Stats, emit func(Hit) error, report func(error)) {
	defer stats.Files.Add(1)
	counted := func(h Hit) error { stats.Hits.Add(1); return emit(h) }
	fail := func(err error) {
		if err != nil && ctx.Err() == nil {
			report(err)
		}
	}
	var in Input
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
		if path == "-" {
			in = Input{R: os.Stdin, Name: "-"}
		} else {
			var f *os.File
			var err error
			in, f, err = openFile(path)
			if err != nil {
				fail(err)
				return
			}
			defer f.Close()
		}
	}
	in.R = &countingReader{r: in.R, n: &stats.Bytes, ctx: ctx}
	fail(x.Input(in, counted, func(err error) {
		if errors.Is(err, ErrBinary) {
			stats.Binary.Add(1)
		}
		if ctx.Err() == nil {
			report(err)
		}
	}))
}

// expand replaces each directory by the files below it (with recursive)
// and reports the ones that cannot be walked.
func (x *Extractor) expand(inputs []string, recursive bool, report func(error)) []string {
	if len(inputs) == 0 {
		return []string{"-"}
	}
	var paths []string
	for _, in := range inputs {
		if in == "-" || !recursive {
			paths = append(paths, in)
			continue
		}
		st, err := os.Stat(in)
		if err != nil || !st.IsDir() {
			paths = append(paths, in) // reading it reports the error
			continue
		}
		err = filepath.WalkDir(in, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				report(fileError(p, err))
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			report(&InputError{File: in, Err: fmt.Errorf("walking: %w", err)})
		}
	}
	return paths
}

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
