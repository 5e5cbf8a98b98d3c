package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadNames(t *testing.T) {
	list := "a.warc.gz\r\n\r\n  \n dir/with space .html\nhttp://127.0.0.1:8080/x.warc\r\nlast-without-newline"
	want := []string{"a.warc.gz", " dir/with space .html", "http://127.0.0.1:8080/x.warc", "last-without-newline"}
	got, err := readNames("-", strings.NewReader(list))
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("stdin: %q, %v; want %q", got, err, want)
	}
	path := filepath.Join(t.TempDir(), "list")
	if err := os.WriteFile(path, []byte(list+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err = readNames(path, nil); err != nil || !slices.Equal(got, want) {
		t.Errorf("file: %q, %v; want %q", got, err, want)
	}
	if got, err = readNames("-", strings.NewReader("")); err != nil || len(got) != 0 {
		t.Errorf("empty: %q, %v", got, err)
	}
	if _, err = readNames(filepath.Join(t.TempDir(), "missing"), nil); err == nil {
		t.Error("missing list: no error")
	}
	if _, err = readNames("-", strings.NewReader(strings.Repeat("x", maxNameLine+10))); err == nil || !strings.Contains(err.Error(), "line 1 is longer") {
		t.Errorf("huge line: %v", err)
	}
}
