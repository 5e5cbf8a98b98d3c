package cli

import (
	"errors"
	"strings"
	"testing"

	"github.com/urix/urix/extract"
)

// TestPrintErrorPanicStack: a reader's panic prints its one-line message,
// then the stack for the bug report; other errors print one line.
func TestPrintErrorPanicStack(t *testing.T) {
	var b strings.Builder
	printError(&b, &extract.InputError{File: "bad.eml", Err: &extract.PanicError{Value: "boom", Stack: []byte("goroutine 1 [running]:\nmain.f()\n")}})
	want := "urix: bad.eml: internal error: boom\ngoroutine 1 [running]:\nmain.f()\n"
	if b.String() != want {
		t.Errorf("printError(panic) wrote %q, want %q", b.String(), want)
	}
	b.Reset()
	printError(&b, &extract.InputError{File: "x", Err: errors.New("gzip: unexpected EOF")})
	if want := "urix: x: gzip: unexpected EOF\n"; b.String() != want {
		t.Errorf("printError(error) wrote %q, want %q", b.String(), want)
	}
}
