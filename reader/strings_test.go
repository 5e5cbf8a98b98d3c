package reader

import (
	"strings"
	"testing"
	"unsafe"
)

// TestStringsClone: a copy holds the text it was given whatever its
// length, does not share the memory it was copied from, and small copies
// share chunks (the point of Strings).
func TestStringsClone(t *testing.T) {
	var a Strings
	src := []byte(strings.Repeat("x", stringsChunk))
	var got []string
	for _, n := range []int{0, 1, 100, stringsChunk / 4, stringsChunk/4 + 1, stringsChunk, 3000, 3000, 3000, 3000, 3000, 3000} {
		s := unsafe.String(unsafe.SliceData(src), n) // borrowed, as a reader's hit is
		c := a.Clone(s)
		if c != s {
			t.Fatalf("Clone of %d bytes gave %d bytes", n, len(c))
		}
		if n > 0 && unsafe.StringData(c) == unsafe.StringData(s) {
			t.Fatalf("Clone of %d bytes shares the original's memory", n)
		}
		got = append(got, c)
	}
	for i := range src {
		src[i] = 'y' // the borrowed memory is reused
	}
	for _, c := range got {
		if strings.Contains(c, "y") {
			t.Fatalf("a copy changed with the memory it was copied from")
		}
	}
	c1, c2 := a.Clone("ab"), a.Clone("cd")
	if unsafe.Pointer(unsafe.StringData(c2)) != unsafe.Add(unsafe.Pointer(unsafe.StringData(c1)), 2) {
		t.Errorf("two small copies are not in one chunk")
	}
}

// TestCopyTo: a borrowed hit gets copies (one, shared, when URI and Raw
// are the same text) and stays Borrowed, so that what keeps it copies it
// again with Own and keeps no chunk alive for one string; a hit that is
// not borrowed is left as it is.
func TestCopyTo(t *testing.T) {
	var a Strings
	buf := []byte("http://a.example/ <http://b.example/> 17:http://w.example/")
	view := func(i, j int) string { return unsafe.String(&buf[i], j-i) }
	same := Hit{URI: view(0, 17), Raw: view(0, 17), Borrowed: true}
	diff := Hit{URI: view(19, 36), Raw: view(18, 37), Wrapped: Wrapped{view(38, len(buf))}, Borrowed: true}
	same.CopyTo(&a)
	diff.CopyTo(&a)
	for i := range buf {
		buf[i] = '#'
	}
	if same.URI != "http://a.example/" || same.Raw != same.URI || unsafe.StringData(same.Raw) != unsafe.StringData(same.URI) || !same.Borrowed {
		t.Errorf("same text: got URI %q Raw %q Borrowed %v, want one shared copy, still borrowed", same.URI, same.Raw, same.Borrowed)
	}
	if diff.URI != "http://b.example/" || diff.Raw != "<http://b.example/>" || diff.Wrapped.List()[0] != "http://w.example/" || !diff.Borrowed {
		t.Errorf("different text: got URI %q Raw %q Wrapped %q Borrowed %v", diff.URI, diff.Raw, diff.Wrapped.List(), diff.Borrowed)
	}
	chunk := unsafe.StringData(same.URI)
	kept := same
	kept.Own()
	if kept.URI != same.URI || unsafe.StringData(kept.URI) == chunk || kept.Borrowed {
		t.Errorf("Own after CopyTo: URI %q still in the chunk (%v) or still borrowed (%v)", kept.URI, unsafe.StringData(kept.URI) == chunk, kept.Borrowed)
	}
	own := []byte("http://c.example/")
	mine := Hit{URI: unsafe.String(&own[0], len(own))}
	mine.CopyTo(&a)
	if unsafe.StringData(mine.URI) != &own[0] {
		t.Errorf("a hit that is not borrowed was copied")
	}
}

// TestStringsReset: after Reset the copies to come reuse the chunks of
// the ones before (no new allocation once warm), still hold the text they
// were given, and no more than keptChunks chunks are kept.
func TestStringsReset(t *testing.T) {
	var a Strings
	text := [5]string{}
	for i := range text {
		text[i] = strings.Repeat(string(rune('a'+i)), 1000)
	}
	got := make([]string, 3*stringsChunk/1000) // three chunks of copies
	fill := func(round int) []string {
		for i := range got {
			got[i] = a.Clone(text[round])
		}
		return append([]string(nil), got...)
	}
	first := fill(0)
	a.Reset()
	second := fill(1)
	if unsafe.StringData(second[len(second)-1]) == unsafe.StringData(first[len(first)-1]) {
		t.Errorf("before the first Reset the full chunks were kept: the last copies share memory")
	}
	a.Reset()
	third := fill(2)
	if unsafe.StringData(third[0]) != unsafe.StringData(second[0]) || unsafe.StringData(third[len(third)-1]) != unsafe.StringData(second[len(second)-1]) {
		t.Errorf("after Reset the copies did not reuse the chunks of the copies before")
	}
	for _, c := range third {
		if c != strings.Repeat("c", 1000) {
			t.Fatalf("a copy after Reset does not hold its text")
		}
	}
	a.Reset()
	if n := testing.AllocsPerRun(10, func() {
		for i := range got {
			got[i] = a.Clone(text[3])
		}
		a.Reset()
	}); n > 0 {
		t.Errorf("a warm Strings allocated %v times for a round of copies", n)
	}
	for i := 0; i < 2*keptChunks; i++ {
		fill(4)
	}
	a.Reset()
	if len(a.chunks) > keptChunks {
		t.Errorf("Reset kept %d chunks, want at most %d", len(a.chunks), keptChunks)
	}
}
