package cli

import (
	"errors"
	"io"

	"github.com/urix/urix/extract"
)

// printError writes the one-line message of an input's error or warning
// to stderr (SPEC §7: "urix: FILE: what went wrong"); after it, for a
// reader's panic (SPEC §8), the stack of the panic, for the bug report.
func printError(stderr io.Writer, err error) {
	warn(stderr, errorLine(err))
	var pe *extract.PanicError
	if errors.As(err, &pe) && len(pe.Stack) > 0 {
		stderr.Write(pe.Stack)
	}
}
