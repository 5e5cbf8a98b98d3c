package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/sources"
	"github.com/urix/urix/walk"
)

func newExtractor(t testing.TB) *extract.Extractor {
	t.Helper()
	x, err := extract.New(extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestRunOrderAndErrors: with several jobs the hits keep input order, a
// missing file is reported in its place, and the others are still read.
func TestRunOrderAndErrors(t *testing.T) {
	dir := t.TempDir()
	var inputs, want []string
	for i := 0; i < 40; i++ {
		name := filepath.Join(dir, "f"+string(rune('a'+i%26))+strings.Repeat("x", i/26)+".txt")
		var b strings.Builder
		for k := 0; k < 300; k++ { // more than a batch, to exercise the channels
			u := "http://h" + string(rune('a'+i%26)) + ".example/" + strings.Repeat("p", i) + "/" + string(rune('a'+k%26))
			b.WriteString("see <" + u + "> here\n")
			want = append(want, u)
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, name)
		if i == 7 {
			inputs = append(inputs, filepath.Join(dir, "missing.txt"))
		}
	}
	for _, jobs := range []int{1, 2, 4} {
		var got []string
		var errs []error
		Run(context.Background(), newExtractor(t), inputs, Options{Jobs: jobs},
			func(h *extract.Hit) error { got = append(got, h.URI); return nil }, func(err error) { errs = append(errs, err) })
		if !reflect.DeepEqual(got, want) {
			t.Errorf("-j %d: %d hits, order differs from input order", jobs, len(got))
		}
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), "missing.txt: ") || extract.IsWarning(errs[0]) {
			t.Errorf("-j %d: errors %v, want one naming missing.txt", jobs, errs)
		}
	}
	// --unordered: every hit and the error all the same, in any order.
	var got []string
	var errs []error
	Run(context.Background(), newExtractor(t), inputs, Options{Jobs: 3, Unordered: true},
		func(h *extract.Hit) error { got = append(got, h.URI); return nil }, func(err error) { errs = append(errs, err) })
	sorted := append([]string(nil), want...)
	sort.Strings(sorted)
	sort.Strings(got)
	if !reflect.DeepEqual(got, sorted) || len(errs) != 1 {
		t.Errorf("--unordered: %d hits (want %d), errors %v", len(got), len(want), errs)
	}
}

// TestRunOrderInTasks: with hundreds of small inputs, handed out several
// at a time (taskLen), hits and errors come in the order -j 1 gives them,
// whatever the jobs; and an emit error stops the run.
func TestRunOrderInTasks(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := 0; i < 700; i++ {
		name := filepath.Join(dir, fmt.Sprintf("f%03d.txt", i))
		if i%50 == 7 {
			inputs = append(inputs, name+".missing")
		}
		var b strings.Builder
		for k := 0; k < (i%5)*30; k++ { // 0 to 120 hits: none, some, more than a batch
			fmt.Fprintf(&b, "see <http://h%d.example/%d> here\n", i, k)
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, name)
	}
	events := func(ro Options) []string {
		var ev []string
		in := inputs
		if ro.Recursive {
			in = []string{dir} // the same files, found by a walk
		}
		Run(context.Background(), newExtractor(t), in, ro,
			func(h *extract.Hit) error { ev = append(ev, h.URI); return nil },
			func(err error) { ev = append(ev, "error: "+filepath.Base(err.Error())) })
		return ev
	}
	want := events(Options{Jobs: 1})
	if len(want) != 140*300+14 {
		t.Fatalf("-j 1: %d events, want %d", len(want), 140*300+14)
	}
	for _, jobs := range []int{2, 3} {
		if taskLen(len(inputs), jobs) < 2 {
			t.Fatalf("taskLen(%d, %d) = %d: the test hands out one input at a time", len(inputs), jobs, taskLen(len(inputs), jobs))
		}
		if got := events(Options{Jobs: jobs}); !reflect.DeepEqual(got, want) {
			t.Errorf("-j %d: %d events, not in the order of -j 1", jobs, len(got))
		}
		if got, want := events(Options{Jobs: jobs, Recursive: true}), events(Options{Jobs: 1, Recursive: true}); len(want) != 140*300 || !reflect.DeepEqual(got, want) {
			t.Errorf("-j %d -r: %d events, not the %d of -j 1 -r in their order", jobs, len(got), len(want))
		}
		got := events(Options{Jobs: jobs, Unordered: true})
		sort.Strings(got)
		sorted := append([]string(nil), want...)
		sort.Strings(sorted)
		if !reflect.DeepEqual(got, sorted) {
			t.Errorf("-j %d --unordered: %d events, want the %d of -j 1", jobs, len(got), len(want))
		}
	}
	stop := errors.New("enough")
	n := 0
	err := Run(context.Background(), newExtractor(t), inputs, Options{Jobs: 2},
		func(*extract.Hit) error { n++; return map[bool]error{true: stop}[n == 100] }, func(error) {})
	if err != stop || n != 100 {
		t.Errorf("emit error: Run returned %v after %d hits, want %v after 100", err, n, stop)
	}
}

func TestTaskLen(t *testing.T) {
	for _, tt := range []struct{ n, jobs, want int }{
		{1, 2, 1}, {41, 2, 1}, {300, 2, 2}, {4000, 2, 16}, {100000, 8, 16}, {2658, 2, 16}, {1000, 4, 3},
	} {
		if got := taskLen(tt.n, tt.jobs); got != tt.want {
			t.Errorf("taskLen(%d, %d) = %d, want %d", tt.n, tt.jobs, got, tt.want)
		}
	}
}

func TestRunRecursive(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("<http://b/>\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte("<http://a/>\n"), 0o644)
	var got []string
	var errs []error
	x := newExtractor(t)
	Run(context.Background(), x, []string{dir}, Options{Recursive: true}, func(h *extract.Hit) error { got = append(got, h.URI); return nil }, func(err error) { errs = append(errs, err) })
	if !reflect.DeepEqual(got, []string{"http://b/", "http://a/"}) || len(errs) > 0 {
		t.Errorf("-r: got %q, errors %v", got, errs)
	}
	got, errs = nil, nil
	Run(context.Background(), x, []string{dir}, Options{}, func(h *extract.Hit) error { got = append(got, h.URI); return nil }, func(err error) { errs = append(errs, err) })
	if len(got) != 0 || len(errs) != 1 || !errors.Is(errs[0], sources.ErrIsDir) {
		t.Errorf("directory without -r: got %q, errors %v", got, errs)
	}
}

// TestRunWalkBinary: a binary file met in a walk is counted, not reported
// (issue 11); named, it is counted and reported. A link loop with
// Walk.Follow is a warning, and the walk options reach the walk.
func TestRunWalkBinary(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("<http://a/>\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.bin"), []byte("<http://b/>\x00\n"), 0o644)
	os.WriteFile(filepath.Join(dir, ".c.txt"), []byte("<http://c/>\n"), 0o644)
	os.Symlink(".", filepath.Join(dir, "loop"))
	x := newExtractor(t)
	run := func(inputs []string, ro Options) (got []string, errs []error, binary int64) {
		ro.Stats = new(Stats)
		Run(context.Background(), x, inputs, ro, func(h *extract.Hit) error { got = append(got, h.URI); return nil }, func(err error) { errs = append(errs, err) })
		return got, errs, ro.Stats.Binary.Load()
	}
	got, errs, binary := run([]string{dir}, Options{Recursive: true})
	if !reflect.DeepEqual(got, []string{"http://a/"}) || len(errs) > 0 || binary != 1 {
		t.Errorf("walk: got %q, errors %v, %d binary; want http://a/, none, 1", got, errs, binary)
	}
	got, errs, binary = run([]string{filepath.Join(dir, "b.bin")}, Options{Recursive: true})
	if len(got) != 0 || len(errs) != 1 || !errors.Is(errs[0], extract.ErrBinary) || binary != 1 {
		t.Errorf("named: got %q, errors %v, %d binary; want none, extract.ErrBinary, 1", got, errs, binary)
	}
	got, errs, _ = run([]string{dir}, Options{Recursive: true, Walk: walk.Options{Hidden: true, Follow: true}})
	if !reflect.DeepEqual(got, []string{"http://c/", "http://a/"}) || len(errs) != 1 || !extract.IsWarning(errs[0]) {
		t.Errorf("--hidden -L: got %q, errors %v; want http://c/ http://a/ and one warning", got, errs)
	}
}

// TestRunStops: a callback error or a cancelled context stops a run, in
// every scheduling mode, and Run returns why; nothing is reported after.
func TestRunStops(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := 0; i < 20; i++ {
		name := filepath.Join(dir, fmt.Sprintf("%02d.txt", i))
		os.WriteFile(name, []byte(strings.Repeat("<http://a.example/>\n", 500)), 0o644)
		inputs = append(inputs, name)
	}
	errEnough := errors.New("enough")
	for _, ro := range []Options{{Jobs: 1}, {Jobs: 3}, {Jobs: 3, Unordered: true}} {
		n := 0
		err := Run(context.Background(), newExtractor(t), inputs, ro, func(*extract.Hit) error {
			n++
			if n == 10 {
				return errEnough
			}
			return nil
		}, func(err error) { t.Errorf("%+v: reported %v", ro, err) })
		if err != errEnough || n != 10 {
			t.Errorf("%+v: Run = %v after %d hits; want %v after 10", ro, err, n, errEnough)
		}
		ctx, cancel := context.WithCancel(context.Background())
		n = 0
		err = Run(ctx, newExtractor(t), inputs, ro, func(*extract.Hit) error {
			n++
			if n == 10 {
				cancel()
			}
			return nil
		}, func(err error) { t.Errorf("%+v: reported %v", ro, err) })
		if !errors.Is(err, context.Canceled) || n >= 20*500 {
			t.Errorf("%+v: cancelled Run = %v after %d hits", ro, err, n)
		}
	}
}

// TestRunStats: Run counts the inputs to read once the walk is done, before
// the first is read (a progress line's n/N), and the binary files skipped.
func TestRunStats(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"a.txt": "http://a/\n", "b/c.txt": "http://c/\n", "b/d.bin": "x\x00y"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var st Stats
	var totalAtFirstHit int64 = -1
	x := newExtractor(t)
	err := Run(context.Background(), x, []string{dir}, Options{Recursive: true, Stats: &st}, func(*extract.Hit) error {
		if totalAtFirstHit < 0 {
			totalAtFirstHit = st.Total.Load()
		}
		return nil
	}, func(error) {})
	if err != nil {
		t.Fatal(err)
	}
	if totalAtFirstHit != 3 || st.Total.Load() != 3 || st.Files.Load() != 3 || st.Binary.Load() != 1 || st.Hits.Load() != 2 {
		t.Errorf("total %d (at the first hit %d), files %d, binary %d, hits %d; want 3 (3), 3, 1, 2",
			st.Total.Load(), totalAtFirstHit, st.Files.Load(), st.Binary.Load(), st.Hits.Load())
	}
}

// TestRunDone: with --unordered, Done is told of each input once, after
// its last hit: a grouped printer learns there that an input is complete
// (issue 24).
func TestRunDone(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := 0; i < 6; i++ {
		name := filepath.Join(dir, fmt.Sprintf("f%d.txt", i))
		os.WriteFile(name, []byte(strings.Repeat(fmt.Sprintf("see http://h%d.example/ here\n", i), 200)), 0o644)
		inputs = append(inputs, name)
	}
	inputs = append(inputs, filepath.Join(dir, "missing.txt"))
	for _, jobs := range []int{1, 3} {
		done := map[string]int{}
		late := 0
		Run(context.Background(), newExtractor(t), inputs, Options{Jobs: jobs, Unordered: true, Done: func(name string) { done[name]++ }},
			func(h *extract.Hit) error {
				if done[h.File] > 0 {
					late++
				}
				return nil
			}, func(error) {})
		if late > 0 {
			t.Errorf("-j %d: %d hits after their input was done", jobs, late)
		}
		for _, in := range inputs {
			if done[in] != 1 {
				t.Errorf("-j %d: Done(%q) called %d times, want once", jobs, in, done[in])
			}
		}
	}
}

// TestRunStatsLargeText: the bytes of a text file large enough to be
// scanned mapped into memory are counted whole, as if read, and an
// interrupted run stops it.
func TestRunStatsLargeText(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.txt")
	data := strings.Repeat("see http://a.example/x and more words here\n", 150000) // 6.4 MB
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	var st Stats
	x := newExtractor(t)
	if err := Run(context.Background(), x, []string{name}, Options{Stats: &st}, func(*extract.Hit) error { return nil }, func(error) {}); err != nil {
		t.Fatal(err)
	}
	if st.Bytes.Load() != int64(len(data)) || st.Hits.Load() != 150000 {
		t.Errorf("bytes %d, hits %d; want %d, 150000", st.Bytes.Load(), st.Hits.Load(), len(data))
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	Run(ctx, x, []string{name}, Options{}, func(*extract.Hit) error {
		if n++; n == 10 {
			cancel()
		}
		return nil
	}, func(error) {})
	if n >= 150000 {
		t.Errorf("after an interrupt at the 10th hit: %d hits", n)
	}
}

// TestRunBorrowed: with extract.Options.Borrow, the hits of large text
// files reach emit Borrowed, whether passed on at once (-j 1) or after
// waiting in a batch for the inputs before them (several jobs, in order:
// their text is then the batch's copy, and what keeps one copies it
// again, reader.TestCopyTo): the same hits either way as without Borrow.
func TestRunBorrowed(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range 4 {
		name := filepath.Join(dir, fmt.Sprintf("big%d.txt", i))
		data := strings.Repeat(fmt.Sprintf("see http://a.example/%d and more words here\n", i), 110000) // 4.7 MB: mapped
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	run := func(borrow bool, jobs int) (uris []string, borrowed int) {
		x, err := extract.New(extract.Options{Borrow: borrow})
		if err != nil {
			t.Fatal(err)
		}
		err = Run(context.Background(), x, names, Options{Jobs: jobs}, func(h *extract.Hit) error {
			if h.Borrowed {
				borrowed++
			}
			uris = append(uris, strings.Clone(h.URI))
			return nil
		}, func(err error) { t.Error(err) })
		if err != nil {
			t.Fatal(err)
		}
		return uris, borrowed
	}
	want, _ := run(false, 1)
	if len(want) != 4*110000 {
		t.Fatalf("%d hits", len(want))
	}
	for _, jobs := range []int{1, 2, 3} {
		got, borrowed := run(true, jobs)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("-j %d: other hits with Borrow", jobs)
		}
		if runtime.GOOS == "linux" && borrowed != len(want) {
			t.Errorf("-j %d: %d of %d hits Borrowed", jobs, borrowed, len(want))
		}
	}
}

// TestRunFileCutWhileMapped: a large text file cut short while it is read
// mapped into memory is an error of that input (the fault is recovered,
// also where a Borrowed hit is read in emit), and the next input is read.
func TestRunFileCutWhileMapped(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("files are mapped on Linux")
	}
	big, small := cutFiles(t)
	if err := os.WriteFile(big, []byte(strings.Repeat("see http://a.example/x and more words here\n", 150000)), 0o644); err != nil {
		t.Fatal(err)
	}
	errs, n, last := runCutting(t, big, small, 1, 1000)
	var ie *extract.InputError
	var pe *extract.PanicError
	if len(errs) != 1 || !errors.As(errs[0], &ie) || ie.File != big || errors.As(errs[0], &pe) || !strings.Contains(errs[0].Error(), "cut short while it was read") {
		t.Fatalf("errors %v, want one: %s cut short", errs, big)
	}
	if n >= 150000 || last != "http://b.example/" {
		t.Errorf("%d hits, the last %q", n, last)
	}
}

// TestRunFileCutWhileMappedJobs: with several jobs, a large text file cut
// short while it is read, mapped, in a worker is that input's error, and
// no hit pointing into the unmapped file waits in a batch: the drain would
// fault on it, outside any recovery. The cut comes at the first hit the
// drain passes on, while the worker reads ahead (Own faults there).
func TestRunFileCutWhileMappedJobs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("files are mapped on Linux")
	}
	big, small := cutFiles(t)
	for trial := range 3 {
		if err := os.WriteFile(big, []byte(strings.Repeat("http://a.example/xyz\n", 300000)), 0o644); err != nil {
			t.Fatal(err)
		}
		errs, n, last := runCutting(t, big, small, 2, 1)
		if len(errs) > 1 || len(errs) == 1 && !strings.Contains(errs[0].Error(), "cut short while it was read") || last != "http://b.example/" {
			t.Fatalf("trial %d: errors %v, %d hits, the last %q", trial, errs, n, last)
		}
	}
}

// cutFiles returns the paths of the large file the cut tests write and
// of a small one after it, written, with one URI.
func cutFiles(t *testing.T) (big, small string) {
	dir := t.TempDir()
	big, small = filepath.Join(dir, "big.txt"), filepath.Join(dir, "small.txt")
	if err := os.WriteFile(small, []byte("http://b.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return big, small
}

// runCutting runs big then small with jobs jobs and borrowed hits, and
// cuts big to nothing at the cut-th hit emit gets; it returns the errors
// reported, the number of hits and the last one's URI, read in emit.
func runCutting(t *testing.T, big, small string, jobs, cut int) (errs []error, n int, last string) {
	x, err := extract.New(extract.Options{Borrow: true})
	if err != nil {
		t.Fatal(err)
	}
	err = Run(context.Background(), x, []string{big, small}, Options{Jobs: jobs}, func(h *extract.Hit) error {
		if n++; n == cut {
			if err := os.Truncate(big, 0); err != nil {
				t.Fatal(err)
			}
		}
		last = strings.Clone(h.URI) // reads the hit's bytes
		return nil
	}, func(err error) { errs = append(errs, err) })
	if err != nil {
		t.Fatal(err)
	}
	return errs, n, last
}

// TestRunQueueBoundedByBytes: while the head input's hit waits in emit,
// a task read ahead of it queues at most queuedBytes of hit text and a
// batch more, not 8 batches of 512 hits: 2,000 hits of 4 KB each (8 MB)
// were held whole, and a file of 60 KB URIs behind a slow PDF took -j 2
// to 131 MiB.
func TestRunQueueBoundedByBytes(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if err := os.WriteFile(a, []byte("http://head.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	line := "http://long.example/" + strings.Repeat("p", 4000) + "\n"
	if err := os.WriteFile(b, []byte(strings.Repeat(line, 2000)), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := extract.New(extract.Options{Borrow: true})
	if err != nil {
		t.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before, most := ms.HeapAlloc, uint64(0)
	n := 0
	err = Run(context.Background(), x, []string{a, b}, Options{Jobs: 2}, func(h *extract.Hit) error {
		if n++; n == 1 { // the head's hit: the other task reads on meanwhile
			for i := 0; i < 20; i++ {
				time.Sleep(20 * time.Millisecond)
				runtime.GC()
				runtime.ReadMemStats(&ms)
				most = max(most, ms.HeapAlloc)
			}
		}
		return nil
	}, func(err error) { t.Error(err) })
	if err != nil || n != 2001 {
		t.Fatalf("%d hits, %v", n, err)
	}
	if grown := int64(most) - int64(before); grown > 4<<20 {
		t.Errorf("the heap grew by %d KiB while the head waited", grown>>10)
	}
}
