package tex

import (
	"os"
	"slices"
	"testing"
)

// FuzzTeX: every hit's offsets, line and column are its place in the
// input and its raw text the input's there; one-byte reads give what
// whole reads give; in a .tex and a .bib alike.
func FuzzTeX(f *testing.F) {
	for _, name := range []string{"testdata/paper.tex", "testdata/refs.bib", "testdata/refs.bbl"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, name[len(name)-3:] == "bib")
	}
	f.Fuzz(func(t *testing.T, data []byte, bib bool) {
		name := "f.tex"
		if bib {
			name = "f.bib"
		}
		s := readFile(t, name, data, false)
		if one := readFile(t, name, data, true); !slices.Equal(s.Hits, one.Hits) || !slices.Equal(s.Warnings, one.Warnings) {
			t.Fatalf("whole and one-byte reads differ:\n%v\n%v", s.Hits, one.Hits)
		}
	})
}
