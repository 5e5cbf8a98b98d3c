package accuracy

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/formats"
	"github.com/urix/urix/reader/mail"
	"github.com/urix/urix/reader/text"
	"github.com/urix/urix/runner"
)

const corpus = "../../testdata/accuracy"

// Targets of issue 9.
const (
	minOverall       = 0.998 // precision and recall over all genres
	minGenrePrecison = 0.99  // per-occurrence precision of every genre
)

// inputs returns the documents of a genre directory (Inputs).
func inputs(t *testing.T, dir string) []string {
	t.Helper()
	files, err := Inputs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// extractAll runs urix's library with its default options on one document,
// read as plain text (the mail genre as an mbox), and returns the URIs.
func extractAll(t *testing.T, path string) []string {
	t.Helper()
	typ := formats.Type(text.Name)
	if strings.HasSuffix(path, ".mbox") {
		typ = formats.Type(mail.MboxName)
	}
	x, err := extract.New(extract.Options{Type: typ})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = runner.Run(context.Background(), x, []string{path}, runner.Options{Jobs: 1},
		func(h *extract.Hit) error { got = append(got, h.URI); return nil },
		func(err error) {
			if !extract.IsWarning(err) {
				t.Errorf("%s: %v", path, err)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestAccuracy compares urix with the judged truth of every document of
// testdata/accuracy and holds it to issue 9's targets.
func TestAccuracy(t *testing.T) {
	genres, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	var total accuracyTotal
	for _, g := range genres {
		if !g.IsDir() {
			continue
		}
		var s Score
		for _, f := range inputs(t, filepath.Join(corpus, g.Name())) {
			truth, err := ReadList(f + ".truth")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(f + ".truth"); err != nil {
				t.Fatalf("%s has no judged truth: %v", f, err)
			}
			neutral, err := ReadList(f + ".neutral")
			if err != nil {
				t.Fatal(err)
			}
			got := extractAll(t, f)
			s = s.Add(Compare(got, truth, neutral))
			missed, wrong := Misses(got, truth, neutral)
			for _, u := range missed {
				t.Logf("%s: missed %s", f, u)
			}
			for _, u := range wrong {
				t.Logf("%s: false %s", f, u)
			}
		}
		if s.Truth == 0 {
			t.Errorf("genre %s: no true URI at all", g.Name())
		}
		t.Logf("%-10s occurrences: P %s%% R %s%% (%d true, %d found, %d right); unique: P %s%% R %s%%",
			g.Name(), Percent(s.Precision()), Percent(s.Recall()), s.Truth, s.Got, s.Hit,
			Percent(s.PrecisionUniq()), Percent(s.RecallUniq()))
		if s.Precision() < minGenrePrecison {
			t.Errorf("genre %s: per-occurrence precision %s%% < %s%%", g.Name(), Percent(s.Precision()), Percent(minGenrePrecison))
		}
		total.add(s)
	}
	s := total.Score
	t.Logf("%-10s occurrences: P %s%% R %s%% (%d true, %d found, %d right); unique: P %s%% R %s%%",
		"all", Percent(s.Precision()), Percent(s.Recall()), s.Truth, s.Got, s.Hit,
		Percent(s.PrecisionUniq()), Percent(s.RecallUniq()))
	if total.genres < 6 {
		t.Errorf("%d genres, want 6 or more", total.genres)
	}
	for _, c := range []struct {
		name string
		r    float64
	}{{"precision", s.Precision()}, {"recall", s.Recall()}, {"unique precision", s.PrecisionUniq()}, {"unique recall", s.RecallUniq()}} {
		if c.r < minOverall {
			t.Errorf("overall %s %s%% < %s%%", c.name, Percent(c.r), Percent(minOverall))
		}
	}
}

type accuracyTotal struct {
	Score
	genres int
}

func (a *accuracyTotal) add(s Score) { a.Score = a.Score.Add(s); a.genres++ }

// TestCompare checks the scoring on a small case: a neutral URI counts
// neither way, a duplicate is counted per occurrence.
func TestCompare(t *testing.T) {
	got := []string{"http://a/", "http://a/", "http://b/", "http://n/", "http://x/"}
	truth := []string{"http://a/", "http://b/", "http://c/"}
	s := Compare(got, truth, []string{"http://n/"})
	want := Score{Hit: 2, Got: 4, Truth: 3, HitUniq: 2, GotUniq: 3, TruthUniq: 3}
	if s != want {
		t.Errorf("Compare = %+v, want %+v", s, want)
	}
	missed, wrong := Misses(got, truth, []string{"http://n/"})
	if strings.Join(missed, " ") != "http://c/" || strings.Join(wrong, " ") != "http://a/ http://x/" {
		t.Errorf("Misses = %q, %q", missed, wrong)
	}
}
