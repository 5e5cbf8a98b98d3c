package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFiles keeps the committed manual page and shell completions
// equal to what urix makes from its flag definitions today. After changing
// a flag: go test -run TestGeneratedFiles -update .
func TestGeneratedFiles(t *testing.T) {
	for _, g := range []struct {
		path string
		args []string
	}{
		{"doc/urix.1", []string{"man"}},
		{"completions/urix.bash", []string{"completion", "bash"}},
		{"completions/_urix", []string{"completion", "zsh"}},
		{"completions/urix.fish", []string{"completion", "fish"}},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"urix"}, g.args...), &stdout, &stderr); code != 0 || stdout.Len() == 0 {
			t.Fatalf("urix %v: exit %d, %d bytes, stderr %q", g.args, code, stdout.Len(), stderr.String())
		}
		if *update {
			if err := os.MkdirAll(filepath.Dir(g.path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(g.path, stdout.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(g.path)
		if err != nil {
			t.Fatalf("%v (make it with go test -run TestGeneratedFiles -update .)", err)
		}
		if !bytes.Equal(stdout.Bytes(), want) {
			t.Errorf("%s is stale: a flag or its text changed; run go test -run TestGeneratedFiles -update . and commit it", g.path)
		}
	}
}

// TestBashCompletion runs the committed bash completion script in bash,
// with bash-completion's helpers, against this urix: "--ty" completes to
// --type and "re" to resolve.
func TestBashCompletion(t *testing.T) {
	const lib = "/usr/share/bash-completion/bash_completion"
	if _, err := os.Stat(lib); err != nil {
		t.Skip("needs bash-completion (apt-get install bash-completion)")
	}
	bin := filepath.Join(t.TempDir(), "urix")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tt := range []struct{ word, want string }{
		{"--ty", "--type"},
		{"re", "resolve"},
		{"--with-po", "--with-position"},
	} {
		script := `source ` + lib + `; source completions/urix.bash
COMP_WORDS=(urix "$1"); COMP_CWORD=1; COMP_LINE="urix $1"; COMP_POINT=${#COMP_LINE}
__urix_bash_autocomplete; printf '%s\n' "${COMPREPLY[@]}"`
		cmd := exec.Command("bash", "-c", script, "bash", tt.word)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tt.want {
			t.Errorf("completing %q: got %q, want %q", tt.word, got, tt.want)
		}
	}
}
