package main

import (
	"bytes"
	"os"
	"path/filepath"
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
