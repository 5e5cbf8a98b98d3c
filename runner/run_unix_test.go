//go:build unix

package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/urix/urix/extract"
)

// TestRunHitsLeaveWithTheirInput: with enough inputs that a worker takes
// several at a time (taskLen), an input's hits are passed on when it ends,
// not when the rest of its task does: here the input after it is a FIFO
// that blocks until it gets a writer.
func TestRunHitsLeaveWithTheirInput(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for i := 0; i < 300; i++ {
		name := filepath.Join(dir, fmt.Sprintf("f%03d.txt", i))
		if i == 1 {
			if err := syscall.Mkfifo(name, 0o600); err != nil {
				t.Skip("no FIFO here:", err)
			}
		} else if err := os.WriteFile(name, []byte(fmt.Sprintf("see http://h%d.example/\n", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, name)
	}
	if n := taskLen(len(inputs), 2); n < 2 {
		t.Fatalf("taskLen(%d, 2) = %d: the FIFO would be a task of its own", len(inputs), n)
	}
	hits := make(chan string, len(inputs))
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(context.Background(), newExtractor(t), inputs, Options{Jobs: 2},
			func(h *extract.Hit) error { hits <- h.URI; return nil }, func(error) {})
	}()
	var first string
	select {
	case first = <-hits:
	case <-time.After(5 * time.Second):
	}
	w, err := os.OpenFile(inputs[1], os.O_WRONLY, 0) // the FIFO's reader goes on
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	<-done
	if first != "http://h0.example/" {
		t.Errorf("first hit while the FIFO blocks: %q, want f000's", first)
	}
}
