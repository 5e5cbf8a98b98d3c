package limit

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func TestReader(t *testing.T) {
	errCap := errors.New("too much")
	got, err := io.ReadAll(Reader(strings.NewReader("0123456789"), 4, errCap))
	if string(got) != "0123" || err != errCap {
		t.Errorf("Reader(10 bytes, 4) read %q, %v; want \"0123\", %v", got, err, errCap)
	}
	for _, n := range []int64{4, 5, 100} {
		got, err = io.ReadAll(Reader(strings.NewReader("0123"), n, errCap))
		if string(got) != "0123" || err != nil {
			t.Errorf("Reader(4 bytes, %d) read %q, %v; want all and no error", n, got, err)
		}
	}
}

// TestCutAtSpace: a stream that fails mid-word loses the cut word, one that
// ends keeps everything, whatever the reads' sizes; a long run without
// white space is passed on, never held whole.
func TestCutAtSpace(t *testing.T) {
	boom := errors.New("boom")
	for _, tt := range []struct {
		in   string
		err  error
		want string
	}{
		{"see http://a/b and http://c.e", boom, "see http://a/b and "},
		{"see http://a/b and http://c.e", nil, "see http://a/b and http://c.e"},
		{"http://c.e", boom, ""},
		{"line one\nhttp://x/y\n", boom, "line one\nhttp://x/y\n"},
	} {
		for _, step := range []int{1, 3, 7, 1 << 20} {
			var src io.Reader = strings.NewReader(tt.in)
			if tt.err != nil {
				src = io.MultiReader(src, iotest.ErrReader(tt.err))
			}
			got, err := io.ReadAll(CutAtSpace(chunks(src, step)))
			want := tt.err
			if !errors.Is(err, want) && !(want == nil && err == nil) {
				t.Errorf("%q step %d: error %v, want %v", tt.in, step, err, want)
			}
			if string(got) != tt.want {
				t.Errorf("%q step %d: read %q, want %q", tt.in, step, got, tt.want)
			}
		}
	}
	long := strings.Repeat("x", 3*maxTail)
	got, err := io.ReadAll(CutAtSpace(io.MultiReader(strings.NewReader(long), iotest.ErrReader(boom))))
	if err != boom || len(got) < 2*maxTail {
		t.Errorf("a long run: read %d bytes, %v; want at least %d passed on", len(got), err, 2*maxTail)
	}
}

// chunks reads r at most n bytes at a time.
func chunks(r io.Reader, n int) io.Reader { return &chunked{r, n} }

type chunked struct {
	r io.Reader
	n int
}

func (c *chunked) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestHold: a stream is held whole whatever its size against the chunk
// size, in memory while the budget has room and in a temporary file
// past it, read back at any offset; the budget is whole again after
// Close, and past max the error is the caller's.
func TestHold(t *testing.T) {
	tooBig := errors.New("too big")
	for _, room := range []int64{64 << 20, 3 * holdChunk / 2, 0} {
		for _, n := range []int{0, 1, 64 << 10, holdChunk - 1, holdChunk, holdChunk + 1, 3*holdChunk + 5} {
			b := NewBudget(room)
			data := make([]byte, n)
			for i := range data {
				data[i] = byte(i * 7)
			}
			h, err := Hold(iotest.HalfReader(bytes.NewReader(data)), 1<<30, tooBig, b)
			if err != nil || h.Size() != int64(n) {
				t.Fatalf("room %d, %d bytes: size %d, error %v", room, n, h.Size(), err)
			}
			if spool := int64(n) > room-holdChunk && n > 0 || room == 0; h.Spooled() != spool && room != 3*holdChunk/2 {
				t.Errorf("room %d, %d bytes: spooled %v", room, n, h.Spooled())
			}
			got := make([]byte, n)
			if k, err := h.ReadAt(got, 0); k != n || err != nil && n > 0 || !bytes.Equal(got, data) {
				t.Errorf("room %d, %d bytes: ReadAt read %d, error %v, equal %v", room, n, k, err, bytes.Equal(got, data))
			}
			if n > 10 {
				p := make([]byte, 10)
				if k, _ := h.ReadAt(p, int64(n-10)); k != 10 || !bytes.Equal(p, data[n-10:]) {
					t.Errorf("room %d, %d bytes: the last 10 read back wrong", room, n)
				}
			}
			if h.Close(); b.Left() != room {
				t.Errorf("room %d, %d bytes: %d left after Close", room, n, b.Left())
			}
		}
		b := NewBudget(room)
		if _, err := Hold(bytes.NewReader(make([]byte, 2*holdChunk+1)), 2*holdChunk, tooBig, b); err != tooBig || b.Left() != room {
			t.Errorf("room %d: past max: %v, %d left", room, err, b.Left())
		}
	}
}

// TestExpansion: one budget for every decoder of an input: past
// RatioFloor the bytes given by all of them together may be MaxRatio
// times the bytes read, and max in all.
func TestExpansion(t *testing.T) {
	var in int64 = 1000
	e := NewExpansion(1<<40, nil, func() int64 { return in })
	zeros := func() io.Reader { return io.LimitReader(zeroReader{}, 1<<40) }
	a, b := e.Reader(zeros()), e.Reader(zeros())
	io.CopyN(io.Discard, a, RatioFloor/2)
	_, err := io.CopyN(io.Discard, b, 1<<40)
	if err != ErrRatio || e.Decoded() > RatioFloor+1<<20 {
		t.Errorf("two decoders: %v after %d bytes; want ErrRatio past %d", err, e.Decoded(), RatioFloor)
	}
	e = NewExpansion(100, nil, nil)
	if n, err := io.Copy(io.Discard, e.Reader(zeros())); n != 100 || err != ErrTooLarge {
		t.Errorf("cap 100: %d bytes, %v", n, err)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestBudgetCharge: Charge takes what is asked even past what is left,
// so that TryAcquire fails until it is given back.
func TestBudgetCharge(t *testing.T) {
	b := NewBudget(100)
	b.Charge(150)
	if b.Left() != -50 || b.TryAcquire(1) {
		t.Fatalf("left %d after a charge past the budget", b.Left())
	}
	b.Release(150)
	if b.Left() != 100 || !b.TryAcquire(100) {
		t.Fatalf("left %d after the release", b.Left())
	}
}

// TestReserveWaitsForOthers: an input that asks for a window the budget
// has no room for waits for another input to give back what it holds,
// rather than going past the budget (doc/spec.md L10a).
func TestReserveWaitsForOthers(t *testing.T) {
	b := NewBudget(24 << 20)
	if ok, waited := b.reserve(20<<20, 0); !ok || waited {
		t.Fatalf("first window: ok %v, waited %v", ok, waited)
	}
	type result struct{ ok, waited bool }
	done := make(chan result)
	before := b.changed
	go func() {
		ok, waited := b.reserve(8<<20, 0)
		done <- result{ok, waited}
	}()
	until(t, b, func() bool { return b.changed != before }) // it waits
	b.unreserve(20 << 20)
	if r := <-done; !r.ok || !r.waited || b.Left() != 16<<20 {
		t.Errorf("second window: ok %v, waited %v, left %d MiB; want it taken after the first was given back", r.ok, r.waited, b.Left()>>20)
	}
}

// TestReserveWhenNoneGivesBack: with no other input to wait for, an
// input that holds nothing takes its window whatever its size; one that
// holds part of the budget takes it within Overdraft, and is refused
// past it.
func TestReserveWhenNoneGivesBack(t *testing.T) {
	b := NewBudget(24 << 20)
	if ok, _ := b.reserve(40<<20, 0); !ok {
		t.Fatal("a window larger than the budget, alone: refused")
	}
	b.unreserve(40 << 20)
	b.reserve(20<<20, 0)
	if ok, _ := b.reserve(16<<20, 20<<20); ok {
		t.Errorf("a nested window 12 MiB past the budget was taken")
	}
	if ok, _ := b.reserve(8<<20, 20<<20); !ok || b.Left() != -4<<20 {
		t.Errorf("a nested window within Overdraft: ok %v, left %d MiB", ok, b.Left()>>20)
	}
}

// TestReserveNoDeadlock: two inputs each hold part of the budget and
// ask for more; the one that asks while the other waits takes its
// window (within Overdraft) instead of waiting for it, and the waiter
// goes on once it gives back.
func TestReserveNoDeadlock(t *testing.T) {
	b := NewBudget(24 << 20)
	b.reserve(16<<20, 0) // input A
	b.reserve(8<<20, 0)  // input B
	done := make(chan bool)
	go func() { ok, _ := b.reserve(8<<20, 16<<20); done <- ok }() // A asks for more
	until(t, b, func() bool { return b.waiting == 16<<20 })       // A waits, for B
	if ok, waited := b.reserve(8<<20, 8<<20); !ok || waited {     // B asks for more
		t.Fatalf("B, with A waiting: ok %v, waited %v", ok, waited)
	}
	b.unreserve(16 << 20) // B is done
	if !<-done || b.Left() != 0 {
		t.Errorf("A after B gave back: left %d MiB", b.Left()>>20)
	}
}

// until yields until cond, read with b locked, holds, and fails the
// test if it does not within a minute (the reserve it waits for took
// instead of waiting).
func until(t *testing.T, b *Budget, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); runtime.Gosched() {
		b.mu.Lock()
		ok := cond()
		b.mu.Unlock()
		if ok {
			return
		}
	}
	t.Fatal("reserve did not wait")
}

// TestReserveDoesNotWaitForStreams: what TryAcquire and Charge took (a
// stream held whole, a cache, perhaps by the asking input itself) is
// not waited for: with no window held by another input, the window is
// taken at once.
func TestReserveDoesNotWaitForStreams(t *testing.T) {
	b := NewBudget(24 << 20)
	if !b.TryAcquire(20 << 20) {
		t.Fatal("TryAcquire")
	}
	if ok, waited := b.reserve(8<<20, 0); !ok || waited {
		t.Errorf("ok %v, waited %v; want the window taken at once", ok, waited)
	}
}

// TestReserveDoesNotWaitForParked: an input whose hits are being handed
// on (Park) reads nothing until the printer takes them, which may wait
// for the very input that asks for a window: its windows are not waited
// for. Before, the asking input slept the whole reserveWait.
func TestReserveDoesNotWaitForParked(t *testing.T) {
	b := NewBudget(24 << 20)
	b.reserve(20<<20, 0) // input A, which then blocks handing on a hit
	b.park(20 << 20)
	if ok, waited := b.reserve(8<<20, 0); !ok || waited {
		t.Errorf("ok %v, waited %v; want the window taken at once", ok, waited)
	}
	b.unpark(20 << 20)
	if p := b.parked.Load(); p != 0 {
		t.Errorf("parked %d after unpark", p)
	}
}

// TestReserveTimeoutKeepsOverdraft: an input that holds part of the
// budget and waited its full time still gets no more than Overdraft
// below zero.
func TestReserveTimeoutKeepsOverdraft(t *testing.T) {
	defer func(w time.Duration) { reserveWait = w }(reserveWait)
	reserveWait = 10 * time.Millisecond
	b := NewBudget(24 << 20)
	b.reserve(16<<20, 0) // another input, reading on
	b.reserve(8<<20, 0)  // this one
	if ok, _ := b.reserve(24<<20, 8<<20); ok {
		t.Errorf("took 24 MiB after the wait, left %d MiB", b.Left()>>20)
	}
}
