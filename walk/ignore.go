package walk

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// result is what the patterns say of a path: nothing, leave it out, or
// read it (a "!" pattern of an ignore file, a --glob without "!").
type result int

const (
	none result = iota
	exclude
	include
)

// pattern is one line of an ignore file, or one --glob.
//
// go-git's matcher takes a pattern without a slash to match any name
// along the path below its directory, and one with a slash to match a
// leading part of it: a pattern matching a directory thus also matches
// everything inside. git instead asks of each path only whether the path
// itself matches, and never asks about what lies in an ignored directory.
// The difference shows with "!": after "*" and "!*/" (keep directories,
// drop files) go-git keeps every file in a subdirectory, git none. A walk
// asks about every path on the way down as git does, so match keeps only
// the matches of the path itself. Two more differences are mended when
// parsing: "[!a]" is "[^a]" to filepath.Match, and "dir/**" matches dir
// itself to go-git but only what is inside to git.
type pattern struct {
	p      gitignore.Pattern
	domain int  // names in the directory of the ignore file (or of the walk)
	simple bool // no slash (but a trailing one): matches a name at any depth
}

// parsePattern parses a line of an ignore file in the directory domain;
// ok is false for blank lines and comments.
func parsePattern(line string, domain []string) (p pattern, ok bool) {
	line = strings.TrimSuffix(line, "\r")
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return p, false
	}
	body := strings.TrimPrefix(line, "!")
	if strings.HasSuffix(body, "/**") {
		line += "/*" // dir/** matches what is inside dir, not dir
	}
	p.simple = !strings.Contains(strings.TrimRight(body, "/ "), "/")
	p.domain = len(domain)
	p.p = gitignore.ParsePattern(fixBrackets(line), domain)
	return p, true
}

// fixBrackets writes git's "[!...]" as filepath.Match's "[^...]".
func fixBrackets(s string) string {
	if !strings.Contains(s, "[!") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b)-1; i++ {
		switch {
		case b[i] == '\\':
			i++
		case b[i] == '[' && b[i+1] == '!':
			b[i+1] = '^'
		}
	}
	return string(b)
}

// match says what p says of the path, a directory if isDir; scratch is
// room for a path, reused from call to call.
func (p *pattern) match(path []string, isDir bool, scratch *[]string) result {
	if len(path) <= p.domain {
		return none
	}
	if p.simple && len(path) > p.domain+1 {
		*scratch = append(append((*scratch)[:0], path[:p.domain]...), path[len(path)-1])
		return result(p.p.Match(*scratch, isDir))
	}
	r := result(p.p.Match(path, isDir))
	if r != none && !p.simple && len(path) > p.domain+1 && p.p.Match(path[:len(path)-1], true) != gitignore.NoMatch {
		return none // the match is of a directory above
	}
	return r
}

// matchLast returns what the last pattern of ps matching path says.
func matchLast(ps []pattern, path []string, isDir bool, scratch *[]string) result {
	for i := len(ps) - 1; i >= 0; i-- {
		if r := ps[i].match(path, isDir, scratch); r != none {
			return r
		}
	}
	return none
}

// compileGlobs parses the --glob patterns, relative to the walked
// directory: a glob without "!" includes what it matches, one with "!"
// excludes it; "{a,b}" stands for a and b, as in ripgrep. hasInclude says
// whether there is one without "!".
func compileGlobs(globs []string) (ps []pattern, hasInclude bool) {
	for _, g := range globs {
		neg := strings.HasPrefix(g, "!")
		for _, alt := range expandBraces(strings.TrimPrefix(g, "!")) {
			line := "!" + alt // go-git's inclusion
			if neg {
				line = alt
			}
			if p, ok := parsePattern(line, nil); ok {
				ps = append(ps, p)
				hasInclude = hasInclude || !neg
			}
		}
	}
	return ps, hasInclude
}

// expandBraces returns the patterns that "{a,b}" alternatives in g stand
// for: "*.{htm,html}" is "*.htm" and "*.html"; braces nest. A brace
// without its match, or escaped with a backslash, is itself.
func expandBraces(g string) []string {
	open, depth := -1, 0
	var commas []int
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '\\':
			i++
		case '{':
			if depth == 0 {
				open = i
			}
			depth++
		case ',':
			if depth == 1 {
				commas = append(commas, i)
			}
		case '}':
			if depth == 0 {
				continue
			}
			if depth--; depth > 0 {
				continue
			}
			var out []string
			start := open + 1
			for _, c := range append(commas, i) {
				for _, rest := range expandBraces(g[i+1:]) {
					out = append(out, expandBraces(g[:open]+g[start:c]+rest)...)
				}
				start = c + 1
			}
			return out
		}
	}
	return []string{g}
}

// layer holds the ignore patterns of one directory, the walked one, one
// below it or one above it; directories without ignore files have none.
type layer struct {
	parent *layer
	ignore []pattern // .ignore
	git    []pattern // .gitignore
	// exclude is .git/info/exclude, in a repository's root directory.
	exclude []pattern
	// repo is the layer of the root directory of the repository this
	// directory is in (the nearest directory holding .git), or nil.
	repo *layer
}

// newLayer returns the layer of the directory dir, at the absolute path
// domain, whose entries are given; parent when dir has no ignore file.
func newLayer(dir string, domain []string, parent *layer, entries []os.DirEntry) *layer {
	var hasIgnore, hasGitignore, hasGit bool
	for _, e := range entries {
		switch e.Name() {
		case ".ignore":
			hasIgnore = true
		case ".gitignore":
			hasGitignore = true
		case ".git":
			hasGit = true
		}
	}
	if !hasIgnore && !hasGitignore && !hasGit {
		return parent
	}
	return makeLayer(dir, domain, parent, hasIgnore, hasGitignore, hasGit)
}

func makeLayer(dir string, domain []string, parent *layer, hasIgnore, hasGitignore, hasGit bool) *layer {
	l := &layer{parent: parent}
	if parent != nil {
		l.repo = parent.repo
	}
	if hasGit {
		l.repo = l
		if gd := gitDir(dir); gd != "" {
			l.exclude = readPatterns(filepath.Join(gd, "info", "exclude"), domain)
		}
	}
	if hasIgnore {
		l.ignore = readPatterns(filepath.Join(dir, ".ignore"), domain)
	}
	if hasGitignore {
		l.git = readPatterns(filepath.Join(dir, ".gitignore"), domain)
	}
	return l
}

// parentLayers returns the layers of the directories above the absolute
// path abs, the nearest last, or nil.
func parentLayers(abs string) *layer {
	var top *layer
	names := split(abs)
	for i := range names {
		dir := string(filepath.Separator) + filepath.Join(names[:i]...)
		exists := func(name string) bool {
			_, err := os.Lstat(filepath.Join(dir, name))
			return err == nil
		}
		ig, gi, g := exists(".ignore"), exists(".gitignore"), exists(".git")
		if ig || gi || g {
			top = makeLayer(dir, names[:i], top, ig, gi, g)
		}
	}
	return top
}

// split returns the names of the clean absolute path abs.
func split(abs string) []string {
	abs = strings.Trim(filepath.ToSlash(abs), "/")
	if abs == "" {
		return nil
	}
	return strings.Split(abs, "/")
}

// gitDir returns the directory holding the info/exclude of the repository
// whose root is dir: dir/.git, or for a worktree or submodule, where .git
// is a file, the common directory of the git directory it names.
func gitDir(dir string) string {
	dot := filepath.Join(dir, ".git")
	st, err := os.Stat(dot)
	if err != nil {
		return ""
	}
	if st.IsDir() {
		return dot
	}
	b, err := os.ReadFile(dot)
	if err != nil {
		return ""
	}
	gd, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return ""
	}
	gd = strings.TrimSpace(gd)
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(dir, gd)
	}
	if c, err := os.ReadFile(filepath.Join(gd, "commondir")); err == nil {
		common := strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gd, common)
		}
		return common
	}
	return gd
}

// readPatterns returns the patterns of the ignore file at path, in the
// directory domain; none if it cannot be read.
func readPatterns(path string, domain []string) []pattern {
	var ps []pattern
	for _, line := range readLines(path) {
		if p, ok := parsePattern(line, domain); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// match says what the ignore files say of path (absolute, one name
// each), in ripgrep's order: .ignore files, nearest first, then, inside a
// repository, its .gitignore files, nearest first, then its
// .git/info/exclude.
func (l *layer) match(path []string, isDir bool, scratch *[]string) result {
	for x := l; x != nil; x = x.parent {
		if r := matchLast(x.ignore, path, isDir, scratch); r != none {
			return r
		}
	}
	if l.repo == nil {
		return none
	}
	for x := l; x != nil; x = x.parent {
		if r := matchLast(x.git, path, isDir, scratch); r != none {
			return r
		}
		if x == l.repo {
			break
		}
	}
	return matchLast(l.repo.exclude, path, isDir, scratch)
}
