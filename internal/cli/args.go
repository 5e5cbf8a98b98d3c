package cli

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v3"
)

// splitShortFlags rewrites the short flags of args the way getopt reads
// them, so that urfave/cli, which takes "-rnu" (UseShortOptionHandling)
// but not a value glued to its flag, sees what GNU and ripgrep users type:
//
//	-j4      -> -j 4
//	-nj4     -> -n -j 4
//	-rnu     -> -r -n -u
//
// Flags and operands may already come in any order (cli/v3 reads flags
// after operands); "--" ends the flags, and the value of a flag that takes
// one ("--base -x", "-H -x") is never rewritten. An argument with a letter
// no command knows is left whole, so that the error and its "did you mean"
// name what the user typed. args[0] is the program name.
func splitShortFlags(root *cli.Command, args []string) []string {
	takes := shortFlags(root)
	long := longValueFlags(root)
	out := make([]string, 0, len(args)+2)
	out = append(out, args[0])
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i:]...)
		case strings.HasPrefix(a, "--"):
			out = append(out, a)
			if long[strings.TrimPrefix(a, "--")] && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
			continue
		case len(a) < 2 || a[0] != '-':
			out = append(out, a)
			continue
		}
		split, valueNext := splitCluster(a, takes)
		out = append(out, split...)
		if valueNext && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// splitCluster splits one "-abc" argument. valueNext says that its last
// flag takes a value and the value is the next argument.
func splitCluster(a string, takes map[byte]shortFlag) (split []string, valueNext bool) {
	for j := 1; j < len(a); j++ {
		f, known := takes[a[j]]
		if !known {
			return []string{a}, false // let cli report it
		}
		split = append(split, f.spelling)
		if f.value {
			if rest := a[j+1:]; rest != "" {
				return append(split, strings.TrimPrefix(rest, "=")), false
			}
			return split, true
		}
	}
	return split, false
}

// shortFlag is what splitShortFlags knows of a one-character flag.
type shortFlag struct {
	value    bool   // it takes a value (-j 4)
	spelling string // how to pass it to cli: "-n", or "--null" for -0
}

// shortFlags maps every one-character flag name of cmd and its subcommands
// to what it is. A character that is a switch in one command and takes a
// value in another is left out (never split). cli/v3 stops reading flags
// at "-" followed by a non-letter (it takes "-1" for a number), so a digit
// flag (-0) is passed by its long name.
func shortFlags(cmd *cli.Command) map[byte]shortFlag {
	m := map[byte]shortFlag{'h': {spelling: "-h"}}
	clash := map[byte]bool{}
	var walk func(*cli.Command)
	walk = func(c *cli.Command) {
		for _, f := range c.Flags {
			names := f.Names()
			for _, n := range names {
				if len(n) != 1 {
					continue
				}
				sf := shortFlag{value: takesValue(f), spelling: "-" + n}
				if (n[0] < 'a' || n[0] > 'z') && (n[0] < 'A' || n[0] > 'Z') {
					sf.spelling = "--" + names[0]
				}
				if old, seen := m[n[0]]; seen && old != sf {
					clash[n[0]] = true
				}
				m[n[0]] = sf
			}
		}
		for _, sub := range c.Commands {
			walk(sub)
		}
	}
	walk(cmd)
	for b := range clash {
		delete(m, b)
	}
	return m
}

// longValueFlags is the set of long flag names, of cmd and its subcommands,
// that take a value.
func longValueFlags(cmd *cli.Command) map[string]bool {
	m := map[string]bool{}
	var walk func(*cli.Command)
	walk = func(c *cli.Command) {
		for _, f := range c.Flags {
			for _, n := range f.Names() {
				if len(n) > 1 && takesValue(f) {
					m[n] = true
				}
			}
		}
		for _, sub := range c.Commands {
			walk(sub)
		}
	}
	walk(cmd)
	return m
}

// takesValue says whether flag f needs a value (--base URI) or is a switch.
func takesValue(f cli.Flag) bool {
	d, ok := f.(cli.DocGenerationFlag)
	return ok && d.TakesValue()
}

// usageProblem words a flag error of cli for one line of stderr, with a
// suggestion for a mistyped long flag: "unknown flag --bsae (did you mean
// --base?)".
func usageProblem(c *cli.Command, err error) string {
	const unknown = "flag provided but not defined: -"
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, unknown)
	if !ok {
		return msg
	}
	if len(name) == 1 {
		return "unknown flag -" + name
	}
	name = strings.TrimPrefix(name, "-") // cli drops one dash of "--name"
	s := fmt.Sprintf("unknown flag --%s", name)
	if guess := cli.SuggestFlag(c.Flags, name, true); guess != "" && similar(name, strings.TrimLeft(guess, "-")) {
		s += fmt.Sprintf(" (did you mean %s?)", guess)
	}
	return s
}

// similar says whether a mistyped flag name is near enough to a real one
// to suggest it: at most a third of its letters differ (Levenshtein).
func similar(typed, name string) bool {
	return editDistance(typed, name)*3 <= len(name)
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of adjacent letters.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
