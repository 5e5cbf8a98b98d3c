// Command score prints the accuracy table of bench/accuracy.sh: for every
// genre of the judged corpus and every tool whose output is in OUT
// (OUT/TOOL/GENRE/FILE, one URI a line), precision and recall per
// occurrence and unique, against FILE.truth and FILE.neutral.
//
//	go run ./bench/accuracy/score CORPUS OUT TOOL...
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urix/urix/internal/accuracy"
)

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: score CORPUS OUT TOOL...")
		os.Exit(2)
	}
	corpus, out, tools := os.Args[1], os.Args[2], os.Args[3:]
	genres, err := os.ReadDir(corpus)
	if err != nil {
		fail(err)
	}
	total := make(map[string]accuracy.Score)
	fmt.Println("| genre | tool | P occ. | R occ. | P unique | R unique | true (occ.) |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
	row := func(genre, tool string, s accuracy.Score) {
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %d |\n", genre, tool,
			accuracy.Percent(s.Precision()), accuracy.Percent(s.Recall()),
			accuracy.Percent(s.PrecisionUniq()), accuracy.Percent(s.RecallUniq()), s.Truth)
	}
	for _, g := range genres {
		if !g.IsDir() {
			continue
		}
		files := inputs(filepath.Join(corpus, g.Name()))
		for _, tool := range tools {
			var s accuracy.Score
			for _, f := range files {
				truth := list(f + ".truth")
				neutral := list(f + ".neutral")
				got := list(filepath.Join(out, tool, g.Name(), filepath.Base(f)))
				s = s.Add(accuracy.Compare(got, truth, neutral))
			}
			total[tool] = total[tool].Add(s)
			row(g.Name(), tool, s)
		}
	}
	for _, tool := range tools {
		row("**all**", tool, total[tool])
	}
}

func inputs(dir string) []string {
	files, err := accuracy.Inputs(dir)
	if err != nil {
		fail(err)
	}
	return files
}

func list(path string) []string {
	l, err := accuracy.ReadList(path)
	if err != nil {
		fail(err)
	}
	return l
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "score:", err)
	os.Exit(2)
}
