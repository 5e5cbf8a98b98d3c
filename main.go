// Command urix finds the URIs embedded in text, mail, HTML, Markdown, XML,
// web archives, PDF, Office and EPUB files and archives, and prints them as
// absolute URIs (see README.md and doc/spec.md). The command line lives in
// internal/cli; the library in the packages beside it.
package main

import (
	"os"

	"github.com/urix/urix/internal/cli"
)

func main() { os.Exit(cli.Main()) }
