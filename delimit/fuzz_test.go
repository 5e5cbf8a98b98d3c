package delimit

import (
	"bytes"
	"testing"
	"testing/iotest"
	"unsafe"
)

// FuzzFind checks the invariants of delimiting on any input:
//   - no panic;
//   - every hit's Raw equals input[Start:End], hits are in order and do not
//     overlap (except the two variants of HyphenBoth), Line and Col match
//     Start;
//   - the Scanner over a one-byte reader gives exactly Find's hits, also
//     LineBuffered, and so does NewBytesScanner; and so does Find without
//     the vector search for candidates (cands_amd64.s);
//   - a hit (Space, Angle, Quote or Email, without HyphenBreak or
//     Truncated) scanned again, in the delimiters of its kind
//     ("<URL:URI>" for Angle, since in brackets an unregistered scheme
//     without "//" needs the prefix (E5), "\"URI\"" for Quote, the bare
//     URI for Space, in braces after '{' as a TeX argument, Raw for
//     Email), yields exactly one hit whose URI is its URI.
func FuzzFind(f *testing.F) {
	for _, cases := range ruleTests {
		for _, tc := range cases {
			f.Add([]byte(tc.in), uint8(tc.opts.Hyphen), tc.opts.Abbrev, tc.opts.Emails)
		}
	}
	f.Add([]byte("Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n but you can probably pick it up from <ftp://ds.internic.\n net/rfc/>."), uint8(0), false, false)
	f.Fuzz(func(t *testing.T, in []byte, hyphen uint8, abbrev, emails bool) {
		opts := Options{Hyphen: Hyphen(hyphen % 3), Abbrev: abbrev, Emails: emails}
		hs := Find(in, opts)
		end := int64(0)
		for i, h := range hs {
			if h.Start < 0 || h.End > int64(len(in)) || h.Start >= h.End || h.Raw != string(in[h.Start:h.End]) {
				t.Fatalf("hit %d %+v: Raw is not input[Start:End]", i, h)
			}
			if h.Start < end && !(i > 0 && hs[i-1].Start == h.Start && hs[i-1].End == h.End) {
				t.Fatalf("hit %d [%d,%d) overlaps the previous one ending at %d", i, h.Start, h.End, end)
			}
			end = h.End
			line := 1 + bytes.Count(in[:h.Start], []byte{'\n'})
			col := int(h.Start) - (bytes.LastIndexByte(in[:h.Start], '\n') + 1) + 1
			if h.Line != line || h.Col != col {
				t.Fatalf("hit %d at %d:%d, want %d:%d", i, h.Line, h.Col, line, col)
			}
			if h.Flags != 0 || h.Kind == Abbrev {
				continue
			}
			again := h.URI
			switch h.Kind {
			case Email:
				again = h.Raw
			case Angle:
				again = "<URL:" + h.URI + ">"
			case Quote:
				again = "\"" + h.URI + "\""
			case Space:
				if h.Start > 0 && in[h.Start-1] == '{' {
					again = "{" + h.URI + "}" // a TeX macro argument (E4)
				}
			}
			if (h.Kind == Angle || h.Kind == Quote) && len(again) > maxAngle {
				continue // E5's 4 KiB bounds the text as written: escaping made it longer
			}
			hs2 := Find([]byte(again), opts)
			if len(hs2) != 1 || hs2[0].URI != h.URI {
				t.Fatalf("hit %d %q (%v from %q): scanning %q again gives %q", i, h.URI, h.Kind, h.Raw, again, uris(hs2))
			}
		}
		// The vector search for candidates finds what the byte searches
		// find (on a machine that has it).
		if candSIMD {
			candSIMD = false
			plain := Find(in, opts)
			candSIMD = true
			if len(plain) != len(hs) {
				t.Fatalf("without the vector loop: %d hits, with it: %d", len(plain), len(hs))
			}
			for i := range plain {
				if plain[i] != hs[i] {
					t.Fatalf("hit %d without the vector loop %+v, with it %+v", i, plain[i], hs[i])
				}
			}
		}
		// A Scanner over the bytes in place gives Find's hits, also when
		// it borrows them (marked so, each Raw in the input).
		for _, borrow := range []bool{false, true} {
			bOpts := opts
			bOpts.Borrow = borrow
			bs := NewBytesScanner(in, bOpts, func(int64) error { return nil })
			n := 0
			for ; bs.Scan(); n++ {
				h := bs.Hit()
				if borrow {
					if h.Flags&Borrowed == 0 || unsafe.StringData(h.Raw) != &in[h.Start] {
						t.Fatalf("borrowed hit %d %+v: not Borrowed, or Raw not in the input", n, h)
					}
					h.Flags &^= Borrowed
				}
				if n >= len(hs) || h != hs[n] {
					t.Fatalf("NewBytesScanner (borrow %v) hit %d = %+v, Find's differ", borrow, n, h)
				}
			}
			if n != len(hs) {
				t.Fatalf("NewBytesScanner (borrow %v): %d hits, Find: %d", borrow, n, len(hs))
			}
		}
		// The Scanner gives Find's hits read a byte at a time, and so does
		// it in LineBuffered mode (a pipe), which decides hits early.
		for _, lb := range []bool{false, true} {
			lbOpts := opts
			lbOpts.LineBuffered = lb
			var got []Hit
			s := NewScanner(iotest.OneByteReader(bytes.NewReader(in)), lbOpts)
			for s.Scan() {
				got = append(got, s.Hit())
			}
			if len(got) != len(hs) {
				t.Fatalf("Scanner (LineBuffered %v): %d hits, Find: %d", lb, len(got), len(hs))
			}
			for i := range got {
				if got[i] != hs[i] {
					t.Fatalf("Scanner (LineBuffered %v) hit %d = %+v, Find: %+v", lb, i, got[i], hs[i])
				}
			}
		}
	})
}
