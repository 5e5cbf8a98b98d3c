package cli

import (
	"io"
	"slices"
	"testing"
)

func TestSplitShortFlags(t *testing.T) {
	status := 0
	app := newApp(io.Discard, io.Discard, &status)
	for _, tt := range []struct{ in, want []string }{
		{[]string{"-rnu", "d"}, []string{"-r", "-n", "-u", "d"}},
		{[]string{"-j4", "f"}, []string{"-j", "4", "f"}},
		{[]string{"-nj4"}, []string{"-n", "-j", "4"}},
		{[]string{"-nj", "4"}, []string{"-n", "-j", "4"}},
		{[]string{"-j=4"}, []string{"-j", "4"}},
		{[]string{"-0"}, []string{"--null"}},
		{[]string{"-n0"}, []string{"-n", "--null"}},
		// The value of a flag is passed as it is, whatever it looks like.
		{[]string{"--base", "-rn", "f"}, []string{"--base", "-rn", "f"}},
		{[]string{"-j", "-1"}, []string{"-j", "-1"}},
		{[]string{"--base=-rn", "-n"}, []string{"--base=-rn", "-n"}},
		// After --, nothing is a flag.
		{[]string{"--", "-rn"}, []string{"--", "-rn"}},
		// An unknown letter leaves the argument whole, for the error.
		{[]string{"-nx"}, []string{"-nx"}},
		{[]string{"-", "f"}, []string{"-", "f"}},
	} {
		got := splitShortFlags(app, append([]string{"urix"}, tt.in...))[1:]
		if !slices.Equal(got, tt.want) {
			t.Errorf("splitShortFlags(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"base", "base", 0}, {"bsae", "base", 1}, {"bse", "base", 1},
		{"unqiue", "unique", 1}, {"", "abc", 3}, {"kitten", "sitting", 3},
	} {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
