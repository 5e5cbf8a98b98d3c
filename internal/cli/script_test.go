package cli

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar")

// TestMain lets the test scripts run this binary as the command "urix".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"urix": func() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs the command-line scripts of testdata/script: one behaviour
// each, with its input files, command, expected output and exit status.
// go test -run TestScript -update rewrites their expected output.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Cmds:          map[string]func(*testscript.TestScript, bool, []string){"exits": exits, "serve": serve, "pack": pack, "gzcut": gzcut, "repeat": repeat},
	})
}

// exits N CMD ARGS... runs CMD like exec and checks that its exit status is
// exactly N (exec only tells zero from non-zero; urix uses 0, 1 and 2).
func exits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// gzcut IN OUT N writes the gzip of file IN, cut after N bytes, to OUT: a
// truncated download.
func gzcut(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: gzcut in out n")
	}
	n, err := strconv.Atoi(args[2])
	ts.Check(err)
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(ts.ReadFile(args[0])))
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), b.Bytes()[:min(n, b.Len())], 0o644))
}

// repeat FILE N TEXT... writes to FILE the words TEXT joined by spaces,
// with every X in them repeated N times: a long URI without a large file
// in the script.
func repeat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: repeat file n text...")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	text := strings.ReplaceAll(strings.Join(args[2:], " "), "X", strings.Repeat("x", n))
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(text+"\n"), 0o644))
}
