package runner

import (
	"context"
	"errors"
	"iter"
	"os"
	"path/filepath"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/reader"
	"github.com/urix/urix/sources"
	"github.com/urix/urix/walk"
)

// source is an input to read: a name as given ("-", a file, a URL) or a
// file found by walking a directory given; or, with err, what a walk
// could not read, reported in its place.
type source struct {
	name   string
	walked bool
	base   string // its own base (Options.Base mapped onto the tree), or ""
	abs    string // its absolute path, when the walk knows it (absBelow), or ""
	err    error  // a directory or link the walk could not read: reported, not read
}

// expand replaces each directory by the files below it (with
// ro.Recursive; see Options.Walk), passing each input to yield in order,
// and each entry that cannot be walked as a source with err: a link loop
// as a *Warning, anything else as an *InputError. It stops when yield
// returns false or ctx is done (the run's end: a walk also stops then
// between two inputs it passes on, such as while Select leaves files
// out), and returns how many inputs (not errors) it passed on.
func expand(ctx context.Context, inputs []string, ro Options, yield func(source) bool) int {
	if len(inputs) == 0 {
		yield(source{name: "-"})
		return 1
	}
	n := 0
	for _, in := range inputs {
		if ctx.Err() != nil {
			return n
		}
		if in == "-" || !ro.Recursive {
			if !yield(source{name: in}) {
				return n
			}
			n++
			continue
		}
		st, err := os.Stat(in) // a link to a directory is walked
		if err != nil || !st.IsDir() {
			if !yield(source{name: in}) { // reading it reports the error
				return n
			}
			n++
			continue
		}
		root := filepath.Clean(in)
		absRoot, _ := filepath.Abs(root)
		stopped := false
		wo := ro.Walk
		wo.Stop = ctx.Done()
		put := func(s source) {
			if !stopped && !yield(s) {
				stopped = true // the walk may pass on more before it sees stop closed
			}
		}
		walk.Walk(in, wo, func(p string) {
			if ro.Select != nil && !ro.Select(p) {
				return
			}
			src := source{name: p, walked: true, abs: absBelow(absRoot, root, p)}
			if ro.Base != "" {
				src.base = treeBase(ro.Base, in, p)
			}
			if put(src); !stopped {
				n++
			}
		}, func(p string, err error) {
			var loop *walk.Loop
			if errors.As(err, &loop) {
				put(source{name: p, walked: true, err: &extract.Warning{File: p, Err: reader.Note(err)}})
				return
			}
			put(source{name: p, walked: true, err: sources.FileError(p, err)})
		})
		if stopped {
			return n
		}
	}
	return n
}

// lookahead is how many inputs a run lists before it reads any: a list
// that is no longer (most runs; a tree of a few thousand files) is known
// whole first, its total for the progress line and its task lengths as
// taskLen gives them for all of it. A longer one (a walk of a large
// tree) is read while it is listed, never more than lookahead +
// feedLen*batchOf inputs held, so that memory does not grow with the
// number of files (doc/spec.md L1, CL13) and the workers of -j start
// before the walk ends.
// At 16*64 a job, a list longer than it has tasks of taskLen's most, 16.
func lookahead(jobs int) int { return lookaheadPerJob * jobs }

// lookaheadPerJob is lookahead's inputs a job; the tests lower it, to
// have short lists read while they are listed.
var lookaheadPerJob = 16 * 64

// feedLen is how far the listing runs ahead of the reading past the
// lookahead, in batches of batchOf inputs: one hand-over between the
// goroutines per batch, not per file (a futex call each way when one
// waits, dear in a virtual machine).
const feedLen, batchOf = 16, 64

// feed is the inputs of a run, listed by expand on a goroutine of its
// own: the first ones, listed before any input is read, then the rest as
// they come. Once ctx is done the listing stops; wait waits for it.
type feed struct {
	first []source      // the inputs listed first, then each batch from rest, as far as not yet taken
	rest  chan []source // nil when first is the whole list
	done  chan struct{}
}

// newFeed starts the listing of inputs and returns once lookahead(jobs)
// inputs are listed, or all of them. stats.Total is set when the listing
// ends: before anything is read when first is the whole list.
func newFeed(ctx context.Context, inputs []string, ro Options, jobs int, stats *Stats) *feed {
	ch := make(chan []source, feedLen)
	f := &feed{done: make(chan struct{})}
	go func() {
		defer close(f.done)
		defer close(ch)
		var b []source
		send := func() bool {
			select {
			case ch <- b:
				b = nil
				return true
			case <-ctx.Done():
				return false
			}
		}
		n := expand(ctx, inputs, ro, func(s source) bool {
			if b == nil {
				b = make([]source, 0, batchOf)
			}
			if b = append(b, s); len(b) == batchOf {
				return send()
			}
			return true
		})
		stats.Total.Store(int64(n)) // before the last batch: a whole list has its total before it is read
		if len(b) > 0 {
			send()
		}
	}()
	for len(f.first) < lookahead(jobs) {
		b, ok := <-ch
		if !ok {
			return f
		}
		f.first = append(f.first, b...)
	}
	f.rest = ch
	return f
}

// whole reports whether the list is known whole (f.first).
func (f *feed) whole() bool { return f.rest == nil }

// next returns the next input, false once there is none (or the listing
// was stopped).
func (f *feed) next() (source, bool) {
	for len(f.first) == 0 {
		if f.rest == nil {
			return source{}, false
		}
		b, ok := <-f.rest
		if !ok {
			return source{}, false
		}
		f.first = b
	}
	s := f.first[0]
	f.first[0] = source{}
	f.first = f.first[1:]
	return s, true
}

// tasks yields the inputs of f in runs of consecutive ones, as the -j
// workers take them: taskLen of the whole list when it is known whole,
// else taskLen's most (a list longer than lookahead); the last may be
// shorter.
func (f *feed) tasks(jobs int) iter.Seq[[]source] {
	k := taskLen(lookahead(jobs), jobs)
	if f.whole() {
		k = taskLen(len(f.first), jobs)
	}
	return func(yield func([]source) bool) {
		for {
			srcs := make([]source, 0, k)
			for len(srcs) < k {
				s, ok := f.next()
				if !ok {
					break
				}
				srcs = append(srcs, s)
			}
			if len(srcs) == 0 || !yield(srcs) {
				return
			}
		}
	}
}

// wait waits for the listing to end; the run's context must be done or
// the list read to its end.
func (f *feed) wait() { <-f.done }
