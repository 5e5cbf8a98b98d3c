package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/sources"
)

// TestRunHitAfterErrorWhenHead: a task read ahead has a full queue, then
// an error, then a hit; the push of the error's batch before that hit
// finds that the task has become the head meanwhile. The hit must go out
// after the error, not be lost (it was, in a first version of the head's
// hand-over). The head task is held back by Open until the worker of the
// next one waits in that push.
func TestRunHitAfterErrorWhenHead(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	dir := t.TempDir()
	for i := 0; i < 512; i++ {
		var b strings.Builder
		switch i {
		case 4:
			for k := 0; k < 4200; k++ {
				fmt.Fprintf(&b, "see http://big.example/%d\n", k)
			}
		case 6:
			for k := 0; k < 3; k++ {
				fmt.Fprintf(&b, "see http://b.example/%d\n", k)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if taskLen(512, 2) != 4 {
		t.Fatal("taskLen")
	}
	run := func(jobs int, gate bool) []string {
		release := make(chan struct{})
		bOpened := make(chan struct{}, 1)
		open := func(name string) (sources.Input, io.Closer, bool, error) {
			switch filepath.Base(name) {
			case "f000":
				if gate {
					<-release
				}
			case "f005":
				return sources.Input{}, nil, false, errors.New("f005: refused")
			case "f006":
				bOpened <- struct{}{}
			}
			return sources.Input{}, nil, false, nil
		}
		var ev []string
		done := make(chan struct{})
		go func() {
			defer close(done)
			Run(context.Background(), newExtractor(t), []string{dir}, Options{Jobs: jobs, Recursive: true, Open: open},
				func(h *extract.Hit) error { ev = append(ev, h.URI); return nil },
				func(err error) { ev = append(ev, "error: "+err.Error()) })
		}()
		if gate {
			<-bOpened
			time.Sleep(100 * time.Millisecond) // let the worker block in push
			close(release)
		}
		<-done
		return ev
	}
	want := run(1, false)
	got := run(2, true)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("-j 2: %d events, want %d", len(got), len(want))
		for i := range want {
			if i >= len(got) || got[i] != want[i] {
				t.Errorf("first difference at %d: want %q", i, want[i])
				if i < len(got) {
					t.Errorf("got %q", got[i])
				}
				break
			}
		}
	}
}
