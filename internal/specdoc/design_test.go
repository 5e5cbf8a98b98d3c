package specdoc

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// A row of doc/design.md's table of packages: "| `reader/pdf` | ... |",
// the package's path below the module root ("." for the root itself).
var designRow = regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|")

// TestDesignPackages holds doc/design.md's table of packages against the
// module: every package `go list ./...` gives is listed once, and nothing
// else is.
func TestDesignPackages(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root := repoRoot(t)
	listed := designPackages(t, root)

	cmd := exec.Command(gobin, "list", "-m")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module := strings.TrimSpace(string(out))
	cmd = exec.Command(gobin, "list", "./...")
	cmd.Dir = root
	out, err = cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	real := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		rel := "."
		if p != module {
			rel = strings.TrimPrefix(p, module+"/")
		}
		real[rel] = true
	}
	if len(real) < 10 {
		t.Fatalf("go list ./... gave only %d packages: %q", len(real), out)
	}

	count := map[string]int{}
	for _, p := range listed {
		count[p]++
	}
	var missing, extra, twice []string
	for p := range real {
		if count[p] == 0 {
			missing = append(missing, p)
		}
	}
	for p, n := range count {
		if !real[p] {
			extra = append(extra, p)
		}
		if n > 1 {
			twice = append(twice, p)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	sort.Strings(twice)
	for _, p := range missing {
		t.Errorf("doc/design.md does not list the package %s; add a row to its table of packages", p)
	}
	for _, p := range extra {
		t.Errorf("doc/design.md lists %s, which is not a package of %s", p, module)
	}
	for _, p := range twice {
		t.Errorf("doc/design.md lists %s %d times", p, count[p])
	}
}

// designPackages returns the first cells of the table under the heading
// "## Packages" of doc/design.md, in order.
func designPackages(t *testing.T, root string) []string {
	b, err := os.ReadFile(filepath.Join(root, "doc", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "## ") {
			in = strings.TrimSpace(line) == "## Packages"
			continue
		}
		if m := designRow.FindStringSubmatch(line); in && m != nil {
			pkgs = append(pkgs, m[1])
		}
	}
	if len(pkgs) == 0 {
		t.Fatal(`doc/design.md has no table of packages under "## Packages"`)
	}
	return pkgs
}
