// Package accuracy scores URI extraction against the judged truth of
// testdata/accuracy (issue 9): real documents of several genres, each with
// FILE.truth, the URIs a reader would recognise and copy, one a line per
// occurrence, and FILE.neutral, the disputed ones its judge could not
// decide, which count neither way. bench/accuracy/ rebuilds the documents
// and the truth; this package compares a tool's output with it.
package accuracy

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Score counts one comparison, per occurrence (a multiset of URIs) and
// unique (a set).
type Score struct {
	Hit, Got, Truth             int // per occurrence: found and true, found, true
	HitUniq, GotUniq, TruthUniq int // the same over distinct URIs
}

// Add returns the sum of two scores.
func (s Score) Add(t Score) Score {
	return Score{s.Hit + t.Hit, s.Got + t.Got, s.Truth + t.Truth,
		s.HitUniq + t.HitUniq, s.GotUniq + t.GotUniq, s.TruthUniq + t.TruthUniq}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// Precision per occurrence: the share of the URIs found that are true.
func (s Score) Precision() float64 { return ratio(s.Hit, s.Got) }

// Recall per occurrence: the share of the true URIs that were found.
func (s Score) Recall() float64 { return ratio(s.Hit, s.Truth) }

// PrecisionUniq is Precision over distinct URIs.
func (s Score) PrecisionUniq() float64 { return ratio(s.HitUniq, s.GotUniq) }

// RecallUniq is Recall over distinct URIs.
func (s Score) RecallUniq() float64 { return ratio(s.HitUniq, s.TruthUniq) }

// Compare scores the URIs a tool found in one document against its truth.
// A found URI that is neutral is set aside before counting, as often as
// it is listed neutral (and, unique, when it is not also true).
func Compare(got, truth, neutral []string) Score {
	var s Score
	left := count(truth)
	neu := count(neutral)
	for _, u := range got {
		switch {
		case left[u] > 0:
			left[u]--
			s.Hit++
			s.Got++
		case neu[u] > 0:
			neu[u]--
		default:
			s.Got++
		}
	}
	s.Truth = len(truth)
	t, n, g := count(truth), count(neutral), count(got)
	s.TruthUniq = len(t)
	for u := range g {
		switch {
		case t[u] > 0:
			s.HitUniq++
			s.GotUniq++
		case n[u] > 0:
		default:
			s.GotUniq++
		}
	}
	return s
}

// Misses returns the true URIs not found and the found URIs not true (nor
// neutral), per occurrence, for a test's log.
func Misses(got, truth, neutral []string) (missed, wrong []string) {
	left, neu := count(truth), count(neutral)
	for _, u := range got {
		switch {
		case left[u] > 0:
			left[u]--
		case neu[u] > 0:
			neu[u]--
		default:
			wrong = append(wrong, u)
		}
	}
	for _, u := range truth {
		if left[u] > 0 {
			left[u]--
			missed = append(missed, u)
		}
	}
	return missed, wrong
}

func count(list []string) map[string]int {
	m := make(map[string]int, len(list))
	for _, u := range list {
		m[u]++
	}
	return m
}

// ReadList reads a list of URIs, one a line; a missing file is an empty
// list.
func ReadList(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var list []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if sc.Text() != "" {
			list = append(list, sc.Text())
		}
	}
	return list, sc.Err()
}

// Percent formats a ratio as a percentage with one decimal.
func Percent(r float64) string { return fmt.Sprintf("%.1f", 100*r) }

// Inputs returns the documents of a genre directory, sorted: every file
// but the .truth and .neutral ones.
func Inputs(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range ents {
		n := e.Name()
		if !e.IsDir() && !strings.HasSuffix(n, ".truth") && !strings.HasSuffix(n, ".neutral") {
			files = append(files, filepath.Join(dir, n))
		}
	}
	sort.Strings(files)
	return files, nil
}
