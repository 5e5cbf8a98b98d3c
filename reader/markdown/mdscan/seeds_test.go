package mdscan

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSeeds writes the edge cases and small pathological inputs as
// the committed seed corpus of FuzzMdscanGoldmark (go test -run
// TestWriteSeeds -mdscan.seeds).
func TestWriteSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("without -mdscan.seeds")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzMdscanGoldmark")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	inputs := append([]string(nil), edgeCases...)
	for _, p := range pathological {
		if s := p.gen(20); len(s) <= fuzzMax {
			inputs = append(inputs, s)
		}
	}
	for _, in := range inputs {
		name := fmt.Sprintf("%x", sha256.Sum256([]byte(in)))[:16]
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", in)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
