package main

import (
	"flag"
	"os"
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
	})
}
