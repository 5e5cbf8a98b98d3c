package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/walk"
)

// TestRunReadsWhileListing: a walk longer than the lookahead is read while
// it is listed (the listing ahead of the reading bounded), with the same
// hits in the same order at every -j, a walk's problem (a link loop)
// reported in its place among them, and the total known once the walk
// ends.
func TestRunReadsWhileListing(t *testing.T) {
	defer func(n int) { lookaheadPerJob = n }(lookaheadPerJob)
	lookaheadPerJob = 4
	dir := t.TempDir()
	const files = 300
	for i := 0; i < files; i++ {
		var b strings.Builder
		for k := 0; k < i%4; k++ {
			fmt.Fprintf(&b, "see <http://h%d.example/%d>\n", i, k)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.txt", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(".", filepath.Join(dir, "f150loop")); err != nil {
		t.Fatal(err)
	}
	ro := Options{Recursive: true, Walk: walk.Options{Follow: true}}

	f := newFeed(context.Background(), []string{dir}, ro, 2, new(Stats))
	if f.whole() || len(f.first) < lookahead(2) {
		t.Errorf("newFeed listed %d inputs first (whole %v); want at least %d and the rest to come", len(f.first), f.whole(), lookahead(2))
	}
	listed := 0
	for _, ok := f.next(); ok; _, ok = f.next() {
		listed++
	}
	f.wait()
	if listed != files+1 {
		t.Errorf("the feed gave %d inputs, want %d and the loop", listed, files)
	}

	events := func(ro Options) ([]string, *Stats) {
		var ev []string
		ro.Stats = new(Stats)
		Run(context.Background(), newExtractor(t), []string{dir}, ro,
			func(h *extract.Hit) error { ev = append(ev, h.URI); return nil },
			func(err error) { ev = append(ev, "problem: "+filepath.Base(err.Error())) })
		return ev, ro.Stats
	}
	want, st := events(ro)
	if len(want) != 450+1 || st.Total.Load() != files || st.Files.Load() != files {
		t.Fatalf("-j 1: %d events, total %d, files %d; want 451, %d, %d", len(want), st.Total.Load(), st.Files.Load(), files, files)
	}
	// The loop is reported where the walk met it: after the hits of
	// f150.txt and before those of f151.txt.
	at := -1
	for i, e := range want {
		if strings.HasPrefix(e, "problem: ") {
			at = i
		}
	}
	if at < 1 || !strings.HasPrefix(want[at-1], "http://h150.example/") || !strings.HasPrefix(want[at+1], "http://h151.example/") {
		t.Errorf("-j 1: the loop's warning at %d, between %q and %q", at, want[max(at-1, 0)], want[min(at+1, len(want)-1)])
	}
	for _, jobs := range []int{2, 3} {
		ro := ro
		ro.Jobs = jobs
		if got, _ := events(ro); !reflect.DeepEqual(got, want) {
			t.Errorf("-j %d: %d events, not those of -j 1 in their order", jobs, len(got))
		}
		ro.Unordered = true
		got, _ := events(ro)
		sort.Strings(got)
		sorted := append([]string(nil), want...)
		sort.Strings(sorted)
		if !reflect.DeepEqual(got, sorted) {
			t.Errorf("-j %d --unordered: %d events, want the %d of -j 1", jobs, len(got), len(want))
		}
	}
	for _, jobs := range []int{1, 2} { // stopped early, the listing stops too and Run returns
		n := 0
		err := Run(context.Background(), newExtractor(t), []string{dir}, Options{Recursive: true, Jobs: jobs},
			func(*extract.Hit) error { n++; return map[bool]error{true: context.Canceled}[n == 10] }, func(error) {})
		if err != context.Canceled || n != 10 {
			t.Errorf("-j %d, emit stops at the 10th hit: Run returned %v after %d hits", jobs, err, n)
		}
	}
}

// TestRunStopsItsWalk: once a run is stopped, its walk stops too, also
// while Select leaves every file out (no input to pass on, where the
// listing would learn of the stop), at every -j.
func TestRunStopsItsWalk(t *testing.T) {
	defer func(n int) { lookaheadPerJob = n }(lookaheadPerJob)
	lookaheadPerJob = 4
	dir := t.TempDir()
	for i := 0; i < 70; i++ { // chosen: more than the lookahead and a batch
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("a%03d.txt", i)), []byte("see <http://a.example/>\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for d := 0; d < 100; d++ { // then 1,000 files Select leaves out
		sub := filepath.Join(dir, fmt.Sprintf("z%03d", d))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("%02d.skip", i)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, ro := range []Options{{Jobs: 1}, {Jobs: 2}, {Jobs: 2, Unordered: true}} {
		var stopped atomic.Bool
		var after atomic.Int64
		ro.Recursive = true
		ro.Select = func(p string) bool {
			if stopped.Load() {
				after.Add(1)
			}
			return strings.HasSuffix(p, ".txt")
		}
		enough := errors.New("enough")
		err := Run(context.Background(), newExtractor(t), []string{dir}, ro,
			func(*extract.Hit) error { stopped.Store(true); return enough }, func(error) {})
		if err != enough || after.Load() > 20 {
			t.Errorf("-j %d (unordered %v): Run returned %v; Select was asked %d times after the run stopped, want at most 20",
				ro.Jobs, ro.Unordered, err, after.Load())
		}
	}
}
