package walk

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// tree makes the files named (a name ending in "/" is a directory, "a ->
// b" a symbolic link a to b) below a new directory and returns it.
func tree(t *testing.T, names ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, n := range names {
		content := ""
		if k, v, ok := strings.Cut(n, "="); ok {
			n, content = k, strings.ReplaceAll(v, `\n`, "\n")
		}
		if link, target, ok := strings.Cut(n, " -> "); ok {
			p := filepath.Join(root, link)
			mustDo(t, os.MkdirAll(filepath.Dir(p), 0o755))
			mustDo(t, os.Symlink(target, p))
			continue
		}
		p := filepath.Join(root, n)
		if strings.HasSuffix(n, "/") {
			mustDo(t, os.MkdirAll(p, 0o755))
			continue
		}
		mustDo(t, os.MkdirAll(filepath.Dir(p), 0o755))
		mustDo(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// walked returns the files Walk gives below dir, relative to dir and in
// the order given, and the failures as "path: error".
func walked(t *testing.T, dir string, o Options) (files, fails []string) {
	t.Helper()
	Walk(dir, o, func(p string) {
		rel, err := filepath.Rel(dir, p)
		mustDo(t, err)
		files = append(files, filepath.ToSlash(rel))
	}, func(p string, err error) {
		rel, _ := filepath.Rel(dir, p)
		fails = append(fails, filepath.ToSlash(rel)+": "+err.Error())
	})
	return files, fails
}

func check(t *testing.T, dir string, o Options, want ...string) {
	t.Helper()
	got, fails := walked(t, dir, o)
	if len(fails) > 0 {
		t.Errorf("failures: %q", fails)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Walk(%+v)\n got %q\nwant %q", o, got, want)
	}
}

func TestHiddenAndGitSkipped(t *testing.T) {
	dir := tree(t, "a.txt", ".hidden", ".dir/b.txt", "sub/.c", "sub/d.txt", ".git/hooks/x.sample", ".git/config")
	check(t, dir, Options{}, "a.txt", "sub/d.txt")
	check(t, dir, Options{Hidden: true}, ".dir/b.txt", ".hidden", "a.txt", "sub/.c", "sub/d.txt")
}

func TestLexicalOrder(t *testing.T) {
	dir := tree(t, "b/2", "b/1", "a", "c", "B", "a0/x")
	check(t, dir, Options{}, "B", "a", "a0/x", "b/1", "b/2", "c")
}

func TestNestedGitignore(t *testing.T) {
	dir := tree(t, ".git/",
		".gitignore=*.log\n!keep.log\nbuild/\n/top.txt\n# comment\n\n",
		"x.log", "keep.log", "top.txt", "build/f", "other/build", "other/top.txt",
		"sub/.gitignore=!a.log\n*.txt\n!want.txt\n/anch\n",
		"sub/a.log", "sub/b.log", "sub/c.txt", "sub/want.txt", "sub/anch", "sub/deep/anch", "sub/deep/x.log",
		"README")
	check(t, dir, Options{}, "README", "keep.log", "other/build", "other/top.txt",
		"sub/a.log", "sub/deep/anch", "sub/want.txt")
}

func TestGitignoreOnlyInRepository(t *testing.T) {
	dir := tree(t, ".gitignore=*.log\n", ".ignore=*.tmp\n", "a.log", "b.tmp", "c.txt")
	check(t, dir, Options{}, "a.log", "c.txt")
	mustDo(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	check(t, dir, Options{}, "c.txt")
	check(t, dir, Options{NoIgnore: true}, "a.log", "b.tmp", "c.txt")
	check(t, dir, Options{NoIgnore: true, Hidden: true}, ".gitignore", ".ignore", "a.log", "b.tmp", "c.txt")
}

func TestGitExclude(t *testing.T) {
	dir := tree(t, ".git/info/exclude=secret*\n", "secret.txt", "sub/secret2", "plain.txt")
	check(t, dir, Options{}, "plain.txt")
	// .gitignore wins over the exclude file, .ignore over .gitignore.
	mustDo(t, os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("!secret.txt\nplain.txt\n"), 0o644))
	check(t, dir, Options{}, "secret.txt")
	mustDo(t, os.WriteFile(filepath.Join(dir, ".ignore"), []byte("!plain.txt\n"), 0o644))
	check(t, dir, Options{}, "plain.txt", "secret.txt")
}

func TestWorktreeExclude(t *testing.T) {
	// A worktree's .git is a file naming its git directory, whose
	// commondir holds info/exclude.
	dir := tree(t, "main/.git/info/exclude=*.bak\n", "main/.git/worktrees/wt/commondir=../..\n",
		"wt/a.bak", "wt/b")
	mustDo(t, os.WriteFile(filepath.Join(dir, "wt/.git"), []byte("gitdir: "+filepath.Join(dir, "main/.git/worktrees/wt")+"\n"), 0o644))
	check(t, filepath.Join(dir, "wt"), Options{}, "b")
}

func TestParentIgnoreFiles(t *testing.T) {
	dir := tree(t, ".git/", ".gitignore=*.log\nsub/skip/\n", ".ignore=*.tmp\n", "sub/a.log", "sub/b.tmp", "sub/c", "sub/skip/d")
	check(t, filepath.Join(dir, "sub"), Options{}, "c")
	// Above the repository, .gitignore files no longer apply; .ignore does.
	outer := tree(t, ".gitignore=*\n", ".ignore=*.tmp\n", "repo/.git/", "repo/a", "repo/b.tmp")
	check(t, filepath.Join(outer, "repo"), Options{}, "a")
}

func TestNestedRepository(t *testing.T) {
	dir := tree(t, ".git/", ".gitignore=*.log\n", ".ignore=*.tmp\n", "a.log",
		"inner/.git/", "inner/b.log", "inner/c.tmp", "inner/d")
	check(t, dir, Options{}, "inner/b.log", "inner/d")
}

func TestGlobs(t *testing.T) {
	dir := tree(t, ".git/", ".gitignore=*.log\n", "a.md", "b.txt", "c.log", "docs/d.md", "docs/e.txt", ".f.md", "old/g.md")
	check(t, dir, Options{Globs: []string{"*.md"}}, ".f.md", "a.md", "docs/d.md", "old/g.md")
	check(t, dir, Options{Globs: []string{"*.md", "!old/"}}, ".f.md", "a.md", "docs/d.md")
	check(t, dir, Options{Globs: []string{"!*.md"}}, "b.txt", "docs/e.txt")
	// The last glob that matches wins, and a glob wins over .gitignore.
	check(t, dir, Options{Globs: []string{"!*.md", "docs/*.md", "*.log"}}, "c.log", "docs/d.md")
	check(t, dir, Options{Globs: []string{"/*.txt"}}, "b.txt")
	check(t, dir, Options{Globs: []string{"*.{txt,log}", "!{docs,old}/"}}, "b.txt", "c.log")
}

func TestExpandBraces(t *testing.T) {
	for g, want := range map[string][]string{
		"*.md":           {"*.md"},
		"*.{htm,html}":   {"*.htm", "*.html"},
		"{a,b}/{c,d}":    {"a/c", "a/d", "b/c", "b/d"},
		"x{a,{b,c}d}":    {"xa", "xbd", "xcd"},
		"x{a,}":          {"xa", "x"},
		"x{a":            {"x{a"},
		"x}a":            {"x}a"},
		`\{a,b}`:         {`\{a,b}`},
		"{a,b}{c,d}.txt": {"ac.txt", "ad.txt", "bc.txt", "bd.txt"},
	} {
		if got := expandBraces(g); !slices.Equal(got, want) {
			t.Errorf("expandBraces(%q) = %q, want %q", g, got, want)
		}
	}
}

func TestCheckGlob(t *testing.T) {
	for _, g := range []string{"*.md", "!old/", "a/**/b", "[!a]x", `\[x`} {
		if err := CheckGlob(g); err != nil {
			t.Errorf("CheckGlob(%q) = %v", g, err)
		}
	}
	for _, g := range []string{"[x", "!", "/", "a/[b/c", "{a,[b}"} {
		if CheckGlob(g) == nil {
			t.Errorf("CheckGlob(%q) = nil, want an error", g)
		}
	}
}

// TestGoGitDifferences holds the cases where go-git's matcher alone
// differs from git (see pattern).
func TestGoGitDifferences(t *testing.T) {
	t.Run("keep only directories and *.go", func(t *testing.T) {
		dir := tree(t, ".git/", ".gitignore=*\n!*/\n!*.go\n", "a.go", "a.c", "src/b.go", "src/b.c", "src/x/c.c")
		check(t, dir, Options{}, "a.go", "src/b.go")
	})
	t.Run("[!q]", func(t *testing.T) {
		dir := tree(t, ".git/", ".gitignore=[!q]x\n", "ax", "qx")
		check(t, dir, Options{}, "qx")
	})
	t.Run("dir/**", func(t *testing.T) {
		dir := tree(t, ".git/", ".gitignore=abc/**\n!abc/keep\n", "abc/x", "abc/keep", "abc/d/y")
		check(t, dir, Options{}, "abc/keep")
	})
	t.Run("re-included directory", func(t *testing.T) {
		dir := tree(t, ".git/", ".gitignore=*.d\n!x.d/\n", "x.d/f", "y.d/f")
		check(t, dir, Options{}, "x.d/f")
	})
	t.Run("re-included directory, pattern with a slash", func(t *testing.T) {
		dir := tree(t, ".git/", ".gitignore=/a/*.d\n", "a/.gitignore=!x.d/\n", "a/x.d/f", "a/y.d/f")
		check(t, dir, Options{}, "a/x.d/f")
	})
}

// TestMatchesGit compares a walk with what git itself leaves untracked and
// not ignored, for patterns of every kind.
func TestMatchesGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	files := []string{
		".gitignore=# comment\n*.log\n!keep.log\nbuild/\n/top.txt\n**/deep/x.txt\na/**/z.txt\ndoc/*.md\n\\#hash\n\\!bang\nabc/**\n!abc/keep\nfoo/bar/\nsp\\ \n[!q]x.dat\nnest/\n!nest/inner.txt\n*.tmp\n",
		"sub/.gitignore=!a.log\n/anch.txt\n*.txt\n!want.txt\nsub2\n",
		"x.log", "keep.log", "sub/a.log", "sub/b.log", "sub/deep/keep.log",
		"build/f", "sub/build/f", "other/build",
		"top.txt", "sub/top.txt", "q/top.txt",
		"q/deep/x.txt", "deep/x.txt", "deep/y.txt",
		"a/z.txt", "a/b/c/z.txt", "b/a/z.txt",
		"doc/r.md", "doc/s/r.md", "q/doc/r.md",
		"#hash", "!bang", "abc/x", "abc/keep", "abc/d/y",
		"foo/bar/f", "q/foo/bar/g", "sp ", "sp", "ax.dat", "qx.dat",
		"nest/inner.txt", "nest/o",
		"sub/anch.txt", "sub/s3/anch.txt", "sub/want.txt", "sub/m.md",
		"sub/sub2/f", "sub/q/sub2", "t.tmp", "d.tmp/f",
	}
	dir := tree(t, files...)
	git := exec.Command("git", "init", "-q")
	git.Dir = dir
	mustDo(t, git.Run())
	git = exec.Command("git", "-c", "core.quotePath=false", "-c", "core.excludesFile=/dev/null", "ls-files", "-o", "--exclude-standard", "-z")
	git.Dir = dir
	out, err := git.Output()
	mustDo(t, err)
	var want []string
	for _, f := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if !strings.HasPrefix(f, ".") && !strings.Contains(f, "/.") {
			want = append(want, f)
		}
	}
	got, _ := walked(t, dir, Options{})
	sort.Strings(want)
	sort.Strings(got)
	if !slices.Equal(got, want) {
		t.Errorf("walk and git differ\nwalk %q\n git %q", got, want)
	}
}

func TestSymlinks(t *testing.T) {
	dir := tree(t, "real/a", "tree/b", "tree/dirlink -> ../real", "tree/filelink -> ../real/a", "tree/broken -> nowhere")
	root := filepath.Join(dir, "tree")
	check(t, root, Options{}, "b")
	got, fails := walked(t, root, Options{Follow: true})
	if want := []string{"b", "dirlink/a", "filelink"}; !slices.Equal(got, want) {
		t.Errorf("with Follow got %q, want %q", got, want)
	}
	if len(fails) != 1 || !strings.HasPrefix(fails[0], "broken: ") {
		t.Errorf("with Follow failures %q, want one for broken", fails)
	}
}

func TestSymlinkArgument(t *testing.T) {
	dir := tree(t, "Maildir/cur/m1", "Maildir/new/m2", "Mail -> Maildir")
	// A link given as the directory is followed, with or without Follow,
	// and the paths go through the link.
	check(t, filepath.Join(dir, "Mail"), Options{}, "cur/m1", "new/m2")
	var paths []string
	Walk(filepath.Join(dir, "Mail"), Options{}, func(p string) { paths = append(paths, p) }, func(string, error) {})
	if len(paths) == 0 || !strings.HasPrefix(paths[0], filepath.Join(dir, "Mail")+string(filepath.Separator)) {
		t.Errorf("paths %q do not go through the link", paths)
	}
}

func TestSymlinkLoop(t *testing.T) {
	dir := tree(t, "top/a", "top/sub/b", "top/sub/up -> ..", "top/sub/self -> .", "top/side -> sub")
	done := make(chan struct{})
	var got, fails []string
	go func() {
		got, fails = walked(t, filepath.Join(dir, "top"), Options{Follow: true})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the walk of a link loop does not end")
	}
	// side is a second way to sub, not a loop: it is walked; up and self
	// lead back to a directory being walked.
	want := []string{"a", "side/b", "sub/b"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if len(fails) != 4 { // up and self under side and under sub
		t.Errorf("failures %q, want 4 loops", fails)
	}
	var loop *Loop
	Walk(filepath.Join(dir, "top"), Options{Follow: true}, func(string) {}, func(p string, err error) {
		if loop == nil && !errors.As(err, &loop) {
			t.Errorf("%s: %v is not a *Loop", p, err)
		}
	})
	if loop == nil || loop.Target == "" {
		t.Errorf("no loop reported: %+v", loop)
	}
}

func TestNotADirectory(t *testing.T) {
	dir := tree(t, "f")
	_, fails := walked(t, filepath.Join(dir, "f"), Options{})
	if len(fails) != 1 {
		t.Errorf("failures %q, want one", fails)
	}
}

// join is filepath.Join for the directories a walk joins (a clean one)
// and the names a directory lists.
func TestJoinAsFilepathJoin(t *testing.T) {
	for _, dir := range []string{".", "/", "a", "a/b", "../a", "..", "/x/y", "../../z"} {
		for _, name := range []string{"f", "f.txt", "...", ".hidden", "a b", "ü"} {
			if got, want := join(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("join(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}

// A walk stops once Options.Stop is closed: no file is passed on after
// it, and the directories not yet entered are not read.
func TestWalkStop(t *testing.T) {
	root := t.TempDir()
	for d := 0; d < 5; d++ {
		for f := 0; f < 5; f++ {
			p := filepath.Join(root, fmt.Sprintf("d%d", d), fmt.Sprintf("f%d", f))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	stop := make(chan struct{})
	var got []string
	Walk(root, Options{Stop: stop}, func(p string) {
		if got = append(got, p); len(got) == 7 {
			close(stop)
		}
	}, func(p string, err error) { t.Errorf("%s: %v", p, err) })
	if len(got) != 7 {
		t.Errorf("the walk went on after Stop: %d files, want 7", len(got))
	}
}
