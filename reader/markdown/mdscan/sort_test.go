package mdscan

import (
	"math/rand"
	"slices"
	"testing"
)

// TestSortEvents checks sortEvents against a stable sort, on events
// nearly in order (moved one by one) and far from it (sorted).
func TestSortEvents(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		ev := make([]Event, r.Intn(200))
		for k := range ev {
			ev[k] = Event{Start: k, Pos: k}
			if r.Intn(4) == 0 {
				ev[k].Pos = max(k-r.Intn(1+n), 0) // a link's event, behind
			}
			if n%3 == 0 {
				ev[k].Pos = r.Intn(10) // many equal, in no order
			}
		}
		want := slices.Clone(ev)
		slices.SortStableFunc(want, func(a, b Event) int { return a.Pos - b.Pos })
		sortEvents(ev)
		if !slices.Equal(ev, want) {
			t.Fatalf("case %d: got %v, want %v", n, ev, want)
		}
	}
}
