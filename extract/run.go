package extract

import (
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
}

// Stats count the work of a Run as it goes; safe to read from another
// goroutine (for a progress line).
type Stats struct {
	Files atomic.Int64 // inputs finished
	Bytes atomic.Int64 // bytes read from inputs (compressed size for .gz)
	Hits  atomic.Int64 // hits emitted
}

// Run extracts the hits of every input ("-" is standard input; a
// directory is walked in lexical order when ro.Recursive) and passes them
// to emit, by default in input order whatever ro.Jobs is. Every problem
// goes to report as it comes, in input order too: a *Warning when the
// input was still read, any other error when an input could not be read;
// the run always goes on with the other inputs. stats may be nil.
//
// emit and report are never called concurrently.
func (x *Extractor) Run(inputs []string, ro RunOptions, stats *Stats, emit func(Hit), report func(error)) {
	if stats == nil {
		stats = new(Stats)
	}
	paths := x.expand(inputs, ro.Recursive, report)
	jobs := ro.Jobs
	if jobs < 1 {
		jobs = 1
	}
	if jobs > len(paths) {
		jobs = len(paths)
	}
	if jobs <= 1 {
		for _, p := range paths {
			x.runOne(p, ro.Open, stats, emit, report)
		}
		return
	}
	if ro.Unordered {
		var mu sync.Mutex
		lockedEmit := func(h Hit) { mu.Lock(); emit(h); mu.Unlock() }
		lockedReport := func(err error) { mu.Lock(); report(err); mu.Unlock() }
		x.parallel(paths, jobs, func(i int) { x.runOne(paths[i], ro.Open, stats, lockedEmit, lockedReport) })
		return
	}
	// Ordered: each input streams batches of hits into its own channel, and
	// the caller's goroutine drains those channels in input order. The
	// channels are made as inputs are handed out, at most ahead inputs
	// past the one being drained (so that the other workers go on while a
	// large input is drained), and a worker blocks when its channel is
	// full: memory stays bounded whatever the number and size of the
	// inputs (at most ahead*queued*batchLen hits wait). No worker waits
	// forever: inputs are handed out in order, so the one being drained has
	// a worker or gets the next free one.
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
		for i := range paths {
			out := make(chan batch, queued)
			order <- out
			tasks <- task{i, out}
		}
		close(tasks)
		close(order)
	}()
	for w := 0; w < jobs; w++ {
		go func() {
			for t := range tasks {
				var b batch
				flush := func() {
					if len(b.hits)+len(b.errs) > 0 {
						t.out <- b
						b = batch{}
					}
				}
				x.runOne(paths[t.i], ro.Open, stats,
					func(h Hit) {
						if len(b.errs) > 0 {
							flush()
						}
						b.hits = append(b.hits, h)
						if len(b.hits) == batchLen {
							flush()
						}
					},
					func(err error) { b.errs = append(b.errs, err) })
				flush()
				close(t.out)
			}
		}()
	}
	for out := range order {
		for b := range out {
			for _, h := range b.hits {
				emit(h)
			}
			for _, err := range b.errs {
				report(err)
			}
		}
	}
}

// parallel calls work(i) for every input index, jobs at a time, handing
// out indexes in order, and returns when all are done.
func (x *Extractor) parallel(paths []string, jobs int, work func(i int)) {
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
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
}

// runOne extracts one input, counting its bytes and hits in stats. open,
// when not nil, may take the input over (RunOptions.Open).
func (x *Extractor) runOne(path string, open func(string) (Input, io.Closer, bool, error), stats *Stats, emit func(Hit), report func(error)) {
	counted := func(h Hit) { stats.Hits.Add(1); emit(h) }
	defer stats.Files.Add(1)
	if open != nil {
		in, closer, ok, err := open(path)
		if err != nil {
			report(err) // the opener names the input
			return
		}
		if ok {
			if closer != nil {
				defer closer.Close()
			}
			in.R = &countingReader{r: in.R, n: &stats.Bytes}
			if err := x.Input(in, counted, report); err != nil {
				report(err)
			}
			return
		}
	}
	var err error
	if path == "-" {
		err = x.Reader(&countingReader{r: os.Stdin, n: &stats.Bytes}, "-", "", counted, report)
	} else {
		err = x.file(path, &stats.Bytes, counted, report)
	}
	if err != nil {
		report(err)
	}
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
			paths = append(paths, in) // File reports the error
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
			report(fmt.Errorf("%s: %w", in, err))
		}
	}
	return paths
}

// countingReader adds the bytes it reads to *n.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// IsWarning reports whether err, as passed to Run's report, is a warning
// (the input was still read) rather than an input that failed.
func IsWarning(err error) bool {
	var w *Warning
	return errors.As(err, &w)
}
