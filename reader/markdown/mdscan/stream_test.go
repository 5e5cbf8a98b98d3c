package mdscan

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"
)

// record scans src with run and returns every event with the text and
// position Span gives for it during emit.
func record(opts Options, run func(*Scanner)) []string {
	return recordWith(new(Scanner), opts, run)
}

// recordWith is record with sc, Reset for the document.
func recordWith(sc *Scanner, opts Options, run func(*Scanner)) []string {
	var out []string
	sc.Reset(opts, func(e Event) {
		text, l, c, el, ec := sc.Span(e.Start, e.End)
		out = append(out, fmt.Sprintf("%s %d:%d@%d %q %v %v | %q %d:%d-%d:%d", e.Kind, e.Start, e.End, e.Pos, e.Dest, e.Email, e.InImage, text, l, c, el, ec))
	})
	run(sc)
	return out
}

// reused is the Scanner FuzzStreamSameAsWhole reads every document with
// once more, as the Markdown reader reuses one (Reset, Borrow).
var reused = new(Scanner)

// streamed scans src as a file is read: definitions first, then the
// events, through a window of small chunks read a few bytes at a time.
func streamed(src []byte, opts Options, chunk int) []string {
	return record(opts, func(sc *Scanner) {
		sc.chunk = chunk
		if err := sc.Collect(iotest.HalfReader(bytes.NewReader(src))); err != nil {
			panic(err)
		}
		if err := sc.Scan(iotest.OneByteReader(bytes.NewReader(src))); err != nil {
			panic(err)
		}
	})
}

func whole(src []byte, opts Options) []string {
	return record(opts, func(sc *Scanner) { sc.ScanBytes(src) })
}

// streamCorpus is what TestStreamSameAsWhole reads: the spec examples,
// the Markdown of testdata, random documents, and all of them run
// together.
func streamCorpus(t *testing.T) [][]byte {
	var docs [][]byte
	var all bytes.Buffer
	for _, e := range specExamples(t) {
		docs = append(docs, []byte(e.Markdown))
		all.WriteString(e.Markdown + "\n\n")
	}
	for _, f := range mdFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, src)
	}
	r := rand.New(rand.NewPCG(7, 2))
	for range 500 {
		docs = append(docs, []byte(randomDoc(r)))
	}
	return append(docs, all.Bytes())
}

// TestStreamSameAsWhole: a document read through the window (Collect,
// then Scan) gives the events, texts and positions of the same document
// held whole, whatever the size of the chunks and reads (SPEC MD2, L7).
func TestStreamSameAsWhole(t *testing.T) {
	for _, chunk := range []int{16, 200, 4096} {
		for _, src := range streamCorpus(t) {
			for _, linkify := range []bool{false, true} {
				opts := Options{Linkify: linkify}
				w, s := whole(src, opts), streamed(src, opts, chunk)
				if strings.Join(w, "\n") != strings.Join(s, "\n") {
					t.Fatalf("chunk %d linkify=%v %.200q:\nwhole    %q\nstreamed %q", chunk, linkify, src, w, s)
				}
				if chunk == 200 && bytes.Contains(src, []byte("]:")) {
					// too much to defer: two passes over the whole
					d := maxDeferred
					maxDeferred = 1
					w = whole(src, opts)
					maxDeferred = d
					if strings.Join(w, "\n") != strings.Join(s, "\n") {
						t.Fatalf("two passes, linkify=%v %.200q:\nwhole    %q\nstreamed %q", linkify, src, w, s)
					}
				}
			}
		}
	}
}

// TestStreamWindowBounded: reading a document of many paragraphs, the
// window holds a few chunks, not the document.
func TestStreamWindowBounded(t *testing.T) {
	var b bytes.Buffer
	for b.Len() < 4<<20 {
		b.WriteString("A paragraph with a [link](http://example.com/x) and\nhttp://example.org/y in it.\n\n")
	}
	peak := 0
	n := 0
	sc := NewScanner(Options{Linkify: true}, func(Event) { n++ })
	sc.peak = &peak
	if err := sc.Scan(bytes.NewReader(b.Bytes())); err != nil {
		t.Fatal(err)
	}
	if peak > 8*chunk || n == 0 {
		t.Errorf("window grew to %d bytes (%d events), want <= %d", peak, n, 8*chunk)
	}
}

// TestScanOnceDefinitionsAhead: read once, a definition applies to the
// references after it; the whole document resolves both.
func TestScanOnceDefinitionsAhead(t *testing.T) {
	src := []byte("[a] before\n\n[a]: /d\n\n[a] after\n")
	var once, all []string
	collect := func(out *[]string) func(Event) {
		return func(e Event) {
			if e.Kind == Link {
				*out = append(*out, e.Dest)
			}
		}
	}
	if err := NewScanner(Options{}, collect(&once)).ScanOnce(bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	Scan(src, Options{}, collect(&all))
	if fmt.Sprint(once) != "[/d]" || fmt.Sprint(all) != "[/d /d]" {
		t.Errorf("once %q, whole %q", once, all)
	}
}

// TestDeferredSameAsStreamed: a whole document with definitions is read
// once, its inline content deferred until every definition is known; it
// gives what two passes over the streamed document give, also where a
// definition's title or paragraph goes on past its line, and where
// there is too much to defer and two passes are made (the limits made
// small here).
func TestDeferredSameAsStreamed(t *testing.T) {
	docs := []string{
		"[a] [b]\n\n[a]: /u 'title\ngoes on'\n[b]: /v\n",
		"[a]\n\n[a]: /u\n'title' and text\nmore\n\n> [b]\n",
		"[a]\n\n[a]:\n/u\n\"t\"\n",
		"- [a]\n\n  [a]: /u 'no\n  end\n\n  [a]\n",
		"[a]\n\n[x]: /u\n===\n\n[a]: /v\n---\n",
		"`]:`\n\n[a]\n\n    [a]: /u\n",
		"<!--\n-->\n[a]\n\n[a]: /u\n",
		"[a]\n# [a]\n\n<div>\n\n[a]: <b>\n[a]: /u\n",
	}
	check := func(what string) {
		for _, doc := range docs {
			src := []byte(doc)
			want := streamed(src, Options{}, 4)
			if got := whole(src, Options{}); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s %q:\nwhole    %q\nstreamed %q", what, doc, got, want)
			}
		}
	}
	check("deferred")
	defer func(d, l int) { maxDeferred, maxDeferLines = d, l }(maxDeferred, maxDeferLines)
	for _, lim := range [][2]int{{0, 1 << 20}, {1 << 20, 1}, {2, 3}} {
		maxDeferred, maxDeferLines = lim[0], lim[1]
		check(fmt.Sprintf("limits %v", lim))
	}
	var dests []string
	Scan([]byte(docs[0]), Options{}, func(e Event) {
		if e.Kind == Link {
			dests = append(dests, e.Dest)
		}
	})
	if fmt.Sprint(dests) != "[/u /v]" {
		t.Errorf("links %q, want [/u /v]", dests)
	}
}

// TestLongLineAndParagraph: a line over MaxLine and a paragraph over
// MaxParagraph are read in pieces cut at a space, so every link between
// the cuts is found, and the window stays near MaxLine + MaxParagraph.
func TestLongLineAndParagraph(t *testing.T) {
	link := "[x](http://a.example/1) "
	for _, sep := range []string{" ", "\n"} {
		n := 3 * MaxLine / len(link)
		src := []byte(strings.Repeat(strings.TrimSuffix(link, " ")+sep, n))
		peak, got := 0, 0
		sc := NewScanner(Options{}, func(e Event) {
			if e.Kind == Link {
				got++
			}
		})
		sc.peak = &peak
		if err := sc.Scan(bytes.NewReader(src)); err != nil {
			t.Fatal(err)
		}
		if got != n || peak > 4*MaxLine {
			t.Errorf("sep %q: %d links of %d, window %d", sep, got, n, peak)
		}
	}
}

// FuzzStreamSameAsWhole: any document read through the window, in small
// chunks and short reads, gives the events, texts and positions of the
// document held whole, and so does a Scanner that read other documents
// before (Reset) and borrows the destinations.
func FuzzStreamSameAsWhole(f *testing.F) {
	for _, s := range []string{"[a]: /u\n\n[a]", "> [x](y\n> z)\n\n<div>\nhttp://a/\n</div>\n", "    code\n\n- [b][]\n\n[b]: <c>", "a\n===\n[d](e 'f\ng')"} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, src []byte, chunk uint8) {
		n := int(chunk%64) + 1
		for _, linkify := range []bool{false, true} {
			opts := Options{Linkify: linkify}
			w, s := whole(src, opts), streamed(src, opts, n)
			if strings.Join(w, "\n") != strings.Join(s, "\n") {
				t.Fatalf("chunk %d linkify=%v:\nwhole    %q\nstreamed %q", n, linkify, w, s)
			}
			opts.Borrow = true
			again := recordWith(reused, opts, func(sc *Scanner) { sc.ScanBytes(src) })
			if strings.Join(w, "\n") != strings.Join(again, "\n") {
				t.Fatalf("linkify=%v:\nnew Scanner    %q\nreused, borrow %q", linkify, w, again)
			}
		}
	})
}

// TestBorrow: with Options.Borrow, ScanBytes gives a destination with
// nothing to decode as src's own bytes, and a decoded one as a copy;
// Scan, whose buffer moves, and a Scanner without Borrow copy all.
func TestBorrow(t *testing.T) {
	src := []byte("[a](http://a.example/x) [b]\n\n[b]: http://b.example/y\n\n[c](http://c.example/\\_&amp;)\n")
	inSrc := func(s string) bool {
		p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&src[0]))
		return len(s) > 0 && p >= b && p < b+uintptr(len(src))
	}
	type dest struct {
		d      string
		shared bool
	}
	scan := func(borrow, whole bool) []dest {
		var got []dest
		sc := NewScanner(Options{Borrow: borrow}, func(e Event) {
			if e.Kind == Link || e.Kind == Definition {
				got = append(got, dest{e.Dest, inSrc(e.Dest)})
			}
		})
		if whole {
			sc.ScanBytes(src)
		} else if err := sc.Collect(bytes.NewReader(src)); err != nil {
			t.Fatal(err)
		} else if err := sc.Scan(bytes.NewReader(src)); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := []dest{{"http://a.example/x", true}, {"http://b.example/y", true}, {"http://b.example/y", true}, {"http://c.example/_&", false}}
	if got := scan(true, true); !reflect.DeepEqual(got, want) {
		t.Errorf("ScanBytes with Borrow: %v, want %v", got, want)
	}
	for i := range want {
		want[i].shared = false
	}
	for _, tc := range []struct{ borrow, whole bool }{{false, true}, {true, false}} {
		if got := scan(tc.borrow, tc.whole); !reflect.DeepEqual(got, want) {
			t.Errorf("borrow %v, whole %v: %v, want %v", tc.borrow, tc.whole, got, want)
		}
	}
}

// TestResetKeepsUsualBuffers: Reset keeps a buffer of a usual size for
// the next document, emptied, and drops one a large document grew, so a
// pooled Scanner holds no more than a usual document needs.
func TestResetKeepsUsualBuffers(t *testing.T) {
	sc := NewScanner(Options{}, nil)
	sc.s.lines, sc.s.deferred = make([]int, 10, 100), make([]deferred, 1, 1<<13)
	sc.Reset(Options{Linkify: true}, func(Event) {})
	if len(sc.s.lines) != 0 || cap(sc.s.lines) != 100 {
		t.Errorf("lines: len %d, cap %d; want 0, 100", len(sc.s.lines), cap(sc.s.lines))
	}
	if sc.s.deferred != nil {
		t.Errorf("deferred kept with cap %d", cap(sc.s.deferred))
	}
	if !sc.s.opts.Linkify || sc.s.emit == nil || sc.s.hold != -1 || sc.chunk != chunk {
		t.Errorf("Reset did not make a new Scanner: %+v", sc.s.opts)
	}
}

// TestLongDefinitionReferenced: a reference to a definition on a line
// longer than the window (read in pieces, its start dropped from the
// window) gets the definition's text and place from what Collect kept:
// Span once sliced the window with a negative offset and panicked.
func TestLongDefinitionReferenced(t *testing.T) {
	dest := "http://md.example/" + strings.Repeat("a", 4*MaxLine)
	src := []byte("[first](http://md.example/first)\n\n[r]: " + dest + "\n\n[r]\n\n[last](http://md.example/last)\n")
	var got []string
	sc := NewScanner(Options{}, nil)
	sc.Reset(Options{}, func(e Event) {
		text, l, c, _, _ := sc.Span(e.Start, e.End)
		if e.Kind == Link {
			got = append(got, fmt.Sprintf("%d:%d %.24s %d", l, c, text, len(text)))
		}
	})
	if err := sc.Collect(bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	if err := sc.Scan(bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	want := []string{"1:9 http://md.example/first 23", fmt.Sprintf("3:6 http://md.example/aaaaaa %d", MaxLine-5), "7:8 http://md.example/last 22"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("links %q, want %q", got, want)
	}
}

// TestUnclosedParensHeld: a paragraph of unclosed "[a](" holds, at any
// event it reports, at most MaxHeld events and a span per scan for the
// '(' left open rather than an entry each, and the memo still answers
// for every one of them (doc/spec.md L7). Holding 2^16 events and a map
// entry for each '(' took about 10 MB for a 4 MB document, so four
// documents at -j 4 went past the 64 MiB bound.
func TestUnclosedParensHeld(t *testing.T) {
	src := []byte("[first](http://md.example/first)\n\n" + strings.Repeat("[a](", MaxLine/2) + "\n\n[last](http://md.example/last)\n")
	var sc *Scanner
	held, memo, links := 0, 0, 0
	sc = NewScanner(Options{Linkify: true}, func(e Event) {
		in := &sc.s.in
		held = max(held, cap(in.events))
		memo = max(memo, len(in.parens))
		if e.Kind == Link {
			links++
		}
	})
	if err := sc.Scan(bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	const maxEvents = 1 << 13 // MaxHeld and append's slack
	if links != 2 || held > maxEvents || memo > 0 {
		t.Errorf("%d links (want 2), %d events held (at most %d), %d '(' memoized one by one (want 0)", links, held, maxEvents, memo)
	}
	// The span answers as the entries did: every '(' of "[a](" ends a
	// destination at the paragraph's end.
	in := &inline{}
	in.buf = []byte(strings.Repeat("[a](", 100))
	in.reset()
	in.parens = map[int]int{}
	if e := in.destEnd(4, true); e != len(in.buf) {
		t.Fatalf("destEnd = %d, want %d", e, len(in.buf))
	}
	for p := 7; p < len(in.buf); p += 4 {
		if e, ok := in.parenEnd(p); !ok || e != len(in.buf) {
			t.Fatalf("parenEnd(%d) = %d, %v; want %d, true", p, e, ok, len(in.buf))
		}
	}
}
