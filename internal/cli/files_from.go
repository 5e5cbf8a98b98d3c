package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
)

// inputsOf returns the inputs to read: the arguments args, then the names
// of the --files-from list. It returns nil (nothing to read, not standard
// input) when the list gives no names and there are no arguments.
func inputsOf(args []string, list inputList) ([]string, error) {
	if !list.given {
		if args == nil {
			args = []string{}
		}
		return args, nil
	}
	names, err := readNames(list.from, os.Stdin)
	if err != nil {
		return nil, cli.Exit("urix: --files-from "+err.Error(), exitError)
	}
	if slices.Contains(args, "-") && list.from == "-" {
		return nil, usageError("--files-from - reads the names from standard input: - cannot be an input too")
	}
	all := append(args, names...)
	if len(all) == 0 {
		return nil, nil
	}
	return all, nil
}

// maxNameLine caps one line of a --files-from list: a name or URL, not a
// document (a binary file given by mistake fails fast).
const maxNameLine = 64 << 10

// readNames reads the input names of --files-from: from the file at path,
// or from stdin when path is "-". One name or URL per line, as given (no
// trimming: a file name may start or end with a space); blank lines are
// skipped and a line's CR LF end is taken as LF, so that lists written
// on Windows or by cluster tools read alike.
func readNames(path string, stdin io.Reader) ([]string, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var names []string
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) || len(line) > maxNameLine {
			return nil, fmt.Errorf("%s: line %d is longer than %d bytes: not a list of names", path, n, maxNameLine)
		}
		name := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
		if strings.TrimSpace(name) != "" {
			names = append(names, name)
		}
		if err == io.EOF {
			return names, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
}
