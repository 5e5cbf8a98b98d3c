// Package walk lists the files below a directory the way ripgrep does for
// a repository or a mail folder (SPEC CL7, issue 11): hidden files
// and directories and .git are skipped, the ignore files .gitignore,
// .ignore and .git/info/exclude are respected, --glob patterns override
// them, and symbolic links inside the tree are followed only when asked.
//
// Ignore patterns are parsed and matched by
// github.com/go-git/go-git/v5/plumbing/format/gitignore, the gitignore
// matcher of go-git; this package decides which ignore files apply to a
// path and in what order, and works around three places where that
// matcher differs from git (see pattern).
package walk

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Options say which files a walk yields. The zero value is ripgrep's
// default: no hidden files, ignore files respected, links not followed.
type Options struct {
	// Hidden also walks hidden files and directories, whose name starts
	// with "." (--hidden). A .git directory is skipped all the same.
	Hidden bool

	// NoIgnore reads no ignore file: .gitignore, .ignore and
	// .git/info/exclude are then files like any other (--no-ignore).
	NoIgnore bool

	// Globs are gitignore-style patterns matched against the path below
	// the walked directory (--glob, -g): a file is read only if it matches
	// one of the patterns that do not start with "!" (when there are
	// any), and a file or directory matching a pattern that starts with
	// "!" is left out. As in ripgrep, the last pattern that matches wins,
	// a match overrides the ignore files and the hidden rule, and
	// "{a,b}" matches a or b.
	Globs []string

	// Follow follows symbolic links inside the tree (-L, --follow): a link
	// to a directory is walked, a link to a file read; a link back to a
	// directory being walked is reported as a Loop and not followed.
	// Without it, links inside the tree are skipped. The walked directory
	// itself is always followed.
	Follow bool

	// Stop, when not nil, ends the walk once it is closed (a context's
	// Done): no entry met after that is passed on, and no directory is
	// read any more.
	Stop <-chan struct{}
}

// CheckGlob returns an error if pattern cannot be a --glob pattern.
func CheckGlob(pattern string) error {
	p := strings.TrimPrefix(pattern, "!")
	if strings.Trim(p, "/") == "" {
		return fmt.Errorf("%q matches nothing", pattern)
	}
	for _, alt := range expandBraces(p) {
		for _, seg := range strings.Split(fixBrackets(alt), "/") {
			if _, err := filepath.Match(seg, ""); err != nil {
				return fmt.Errorf("%q: malformed pattern", pattern)
			}
		}
	}
	return nil
}

// Loop reports a symbolic link (with Options.Follow) that leads back to a
// directory of the walk above it; it is not followed.
type Loop struct {
	Link   string // the link
	Target string // the directory it leads to
}

func (l *Loop) Error() string {
	return "symbolic link loop to " + l.Target + ", not followed"
}

// Walk calls file for every file below root to read, in lexical order,
// and fail for every entry that cannot be read (a *Loop for a link loop);
// the walk goes on after a failure. Paths are root joined with the names
// below it (filepath.Join), as filepath.WalkDir gives them. root itself
// is followed if it is a symbolic link, and is never left out by the
// hidden rule, an ignore file or a glob.
//
// Ignore files follow ripgrep: .ignore files apply everywhere, .gitignore
// files only inside a git repository (a directory holding .git at or
// above them) and only up to its root, .git/info/exclude for the whole
// repository. The ignore files of the directories above root apply too.
// A deeper ignore file wins over a shallower one, and, whatever their
// depth, .ignore over .gitignore over .git/info/exclude.
func Walk(root string, o Options, file func(path string), fail func(path string, err error)) {
	abs, err := filepath.Abs(root)
	if err != nil {
		fail(root, err)
		return
	}
	st, err := os.Stat(root)
	if err != nil {
		fail(root, err)
		return
	}
	if !st.IsDir() {
		fail(root, errors.New("not a directory"))
		return
	}
	w := &walker{o: o, file: file, fail: fail, path: split(abs)}
	w.base = len(w.path)
	w.globs, w.hasInclude = compileGlobs(o.Globs)
	var top *layer
	if !o.NoIgnore {
		top = parentLayers(abs)
	}
	w.dir(root, 0, top, nil, st)
}

type walker struct {
	o          Options
	file       func(string)
	fail       func(string, error)
	globs      []pattern
	hasInclude bool // a glob without "!"
	// path is the absolute path of the entry at hand, one name each; its
	// first base names are the walked directory's.
	path    []string
	base    int
	scratch []string
}

// dir walks the directory at path, depth names below root; dirs are the
// directories being walked (for loops), st the directory's own info.
func (w *walker) dir(path string, depth int, parent *layer, dirs []fileID, st fs.FileInfo) {
	if id, ok := idOf(st); ok {
		dirs = append(dirs, id)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		w.fail(path, err) // the entries read before the error are walked
	}
	ig := parent
	if !w.o.NoIgnore {
		ig = newLayer(path, w.path[:w.base+depth], parent, entries)
	}
	clean := path
	if depth == 0 {
		clean = filepath.Clean(path) // below root, path is a join's: clean
	}
	for _, e := range entries {
		if w.stopped() {
			return
		}
		name := e.Name()
		if name == ".git" {
			continue
		}
		p := join(clean, name)
		typ := e.Type()
		var target fs.FileInfo // of a followed link
		if typ&fs.ModeSymlink != 0 {
			if !w.o.Follow {
				continue
			}
			if target, err = os.Stat(p); err != nil {
				w.fail(p, err)
				continue
			}
			typ = target.Mode().Type()
		}
		isDir := typ.IsDir()
		if !isDir && !typ.IsRegular() {
			continue // devices, pipes, sockets
		}
		w.path = append(w.path[:w.base+depth], name)
		if w.skip(ig, isDir) {
			continue
		}
		if !isDir {
			w.file(p)
			continue
		}
		if target == nil {
			if target, err = e.Info(); err != nil {
				w.fail(p, err)
				continue
			}
		}
		if id, ok := idOf(target); ok && slices.Contains(dirs, id) {
			w.fail(p, &Loop{Link: p, Target: ancestor(path, depth, dirs, id)})
			continue
		}
		w.dir(p, depth+1, ig, dirs, target)
	}
}

// stopped reports whether Options.Stop is closed.
func (w *walker) stopped() bool {
	select {
	case <-w.o.Stop:
		return true
	default:
		return false
	}
}

// join is filepath.Join(dir, name) for a clean dir and a name a directory
// lists (no separator, not "." or ".."), without Join's Clean of the
// whole path: a walk joins once a file.
func join(dir, name string) string {
	switch {
	case filepath.Separator != '/':
		return filepath.Join(dir, name) // a volume name ("C:") joins otherwise
	case dir == ".":
		return name
	case dir[len(dir)-1] == '/':
		return dir + name // the root
	}
	return dir + "/" + name
}

// ancestor names the directory of dirs that id is: path is depth names
// below root and dirs[i] is the directory i names below root.
func ancestor(path string, depth int, dirs []fileID, id fileID) string {
	for range depth - slices.Index(dirs, id) {
		path = filepath.Dir(path)
	}
	return path
}

// skip says whether the entry at w.path (a directory if isDir) is left
// out, in ripgrep's order: globs, then ignore files, then the hidden rule.
func (w *walker) skip(ig *layer, isDir bool) bool {
	if len(w.globs) > 0 {
		switch matchLast(w.globs, w.path[w.base:], isDir, &w.scratch) {
		case exclude:
			return true
		case include:
			return false
		}
		if !isDir && w.hasInclude {
			return true
		}
	}
	if ig != nil {
		switch ig.match(w.path, isDir, &w.scratch) {
		case exclude:
			return true
		case include:
			return false
		}
	}
	return !w.o.Hidden && strings.HasPrefix(w.path[len(w.path)-1], ".")
}

// fileID is a directory's device and inode, to find link loops.
type fileID struct{ dev, ino uint64 }

// readLines returns the lines of the file at path, nil if it cannot be read.
func readLines(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	return lines
}
