package lines

import "testing"

// TestCounter: lines and columns as the buffer is counted in steps and
// slides, the same as counting the whole stream at once.
func TestCounter(t *testing.T) {
	stream := []byte("ab\ncd\n\nefg\nh")
	c := New()
	c.To(stream, 0, 4) // "ab\nc"
	if c.Line != 2 || c.Col(4) != 2 {
		t.Fatalf("at 4: line %d col %d, want 2 2", c.Line, c.Col(4))
	}
	// The buffer drops "ab\n": it now holds stream[3:], at offset 3.
	c.Drop(3)
	c.To(stream[3:], 3, len(stream)-3)
	if c.Line != 5 || c.Col(11) != 1 || c.Col(12) != 2 {
		t.Errorf("at the end: line %d, cols %d %d; want 5, 1 2", c.Line, c.Col(11), c.Col(12))
	}
	c.To(stream[3:], 3, 2) // counting back is no count
	if c.Line != 5 {
		t.Errorf("counting to an earlier index moved the line to %d", c.Line)
	}
}
