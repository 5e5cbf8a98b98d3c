package lines

import (
	"bytes"
	"testing"
)

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

// TestLastNewline holds the eight-byte scan to bytes.LastIndexByte: a
// newline and the bytes around it at every place of every length up to
// three words, with another before it.
func TestLastNewline(t *testing.T) {
	for n := 0; n <= 24; n++ {
		for at := -1; at < n; at++ {
			for _, c := range []byte{'\n', 0x0b, 0x09, 0x8a, 0x00, 0xff} {
				v := bytes.Repeat([]byte("h"), n)
				if at >= 0 {
					v[at] = c
					if at > 2 {
						v[at/2] = '\n'
					}
				}
				if got, want := lastNewline(v), bytes.LastIndexByte(v, '\n'); got != want {
					t.Fatalf("lastNewline(%q) = %d, want %d", v, got, want)
				}
			}
		}
	}
}

// TestNewlines: the count and last index are bytes.Count's and
// bytes.LastIndexByte's.
func TestNewlines(t *testing.T) {
	for _, s := range []string{"", "a", "\n", "ab\ncd\n\nef", "\n\n\n", "x\nlong line with no newline in sight at all"} {
		n, last := Newlines([]byte(s))
		if n != bytes.Count([]byte(s), []byte{'\n'}) || last != bytes.LastIndexByte([]byte(s), '\n') {
			t.Errorf("Newlines(%q) = %d, %d", s, n, last)
		}
	}
}
