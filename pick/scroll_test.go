package pick

// The layout's invariants under random keys and resizes.

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestScrollNeverOrphansContext: through random moves and resizes, the
// list never starts with a context line whose link is off screen above it
// (a window made taller at the end of the list did), and the cursor is on
// screen. The seed is fixed; the first failure was "j, height 3, j, PgUp,
// G, height 4, height 13".
func TestScrollNeverOrphansContext(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		var items []Item
		n := 1 + r.Intn(12)
		for i := 0; i < n; i++ {
			c := ""
			if r.Intn(3) > 0 {
				c = "context"
			}
			items = append(items, Item{URI: fmt.Sprintf("https://e/%d", i), Context: c, Group: fmt.Sprintf("g%d", r.Intn(3))})
		}
		m := New(items, Options{})
		var log []string
		for step := 0; step < 10; step++ {
			if r.Intn(2) == 0 {
				h := 3 + r.Intn(15)
				tm, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: h})
				m = tm.(Model)
				log = append(log, fmt.Sprint("h", h))
			} else {
				k := []string{"j", "k", "pgdown", "pgup", "G", "g", "c"}[r.Intn(7)]
				m, _ = press(t, m, k)
				log = append(log, k)
			}
			rs := m.rows()
			if len(rs) > 0 && m.offset < len(rs) && rs[m.offset].kind == rowContext {
				t.Fatalf("%v: offset on a context row:\n%s", log, strings.Join(screen(m), "\n"))
			}
			if !strings.Contains(strings.Join(screen(m), "\n"), "> ") {
				t.Fatalf("%v: no cursor:\n%s", log, strings.Join(screen(m), "\n"))
			}
		}
	}
}
