package pick

// Opening a URI on the picker's own terminal, and telling what went wrong
// when an opener fails (doc/spec.md CL12).

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// OpenError is the failure of an opener: how it ended (an
// *exec.ExitError, "exit status 127") and the first line it wrote on
// standard error ("sh: 1: no-such-browser: not found"), as the footer
// shows them.
type OpenError struct {
	Err    error
	Stderr string // the first non-blank line of standard error, "" for none
}

func (e *OpenError) Error() string {
	if e.Stderr == "" {
		return e.Err.Error()
	}
	return e.Err.Error() + ": " + e.Stderr
}

func (e *OpenError) Unwrap() error { return e.Err }

// NewOpenError returns the error of an opener that ended with err (nil
// when it succeeded) after writing stderr on its standard error.
func NewOpenError(err error, stderr []byte) error {
	if err == nil {
		return nil
	}
	return &OpenError{Err: err, Stderr: FirstLine(stderr)}
}

// FirstLine returns the first non-blank line of b, trimmed, at most 200
// bytes of it.
func FirstLine(b []byte) string {
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		s := strings.ToValidUTF8(string(line[:min(len(line), 200)]), "")
		if len(line) > 200 {
			s += "…"
		}
		return s
	}
	return ""
}

// foreground runs a command on the picker's terminal for tea.Exec: its
// standard input and output are the terminal, and its standard error goes
// there through a pipe that keeps its start, for the footer.
type foreground struct {
	cmd     *exec.Cmd
	stderr  headWriter
	running *interrupts // told when the command starts and ends
	started bool        // Run was called
}

// interrupts says whose a SIGINT is: a Ctrl-C typed while a command runs
// on the terminal reaches the picker too, as it does a shell running a
// command (system(3)), and is the command's. The picker may read its copy
// only after the command has ended of it: that one is the command's too.
// Shared by the copies of the model and the goroutine that reads signals.
type interrupts struct {
	mu      sync.Mutex
	running bool // a command runs on the terminal
	seen    bool // a SIGINT was read while it ran
	owed    bool // it ended by a SIGINT the picker had not read yet
}

func (s *interrupts) start() {
	s.mu.Lock()
	s.running, s.seen, s.owed = true, false, false
	s.mu.Unlock()
}

// end records that the command ended, by the terminal's SIGINT or not.
func (s *interrupts) end(bySIGINT bool) {
	s.mu.Lock()
	s.running, s.owed = false, bySIGINT && !s.seen
	s.mu.Unlock()
}

// commands reports whether a SIGINT just read is a command's.
func (s *interrupts) commands() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.running:
		s.seen = true
		return true
	case s.owed:
		s.owed = false
		return true
	}
	return false
}

// endedBySIGINT reports whether a command that ended as ps says was
// ended by SIGINT: killed by it, or a shell reporting it (status 130).
func endedBySIGINT(ps *os.ProcessState) bool {
	if ps == nil {
		return false
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGINT || ps.ExitCode() == 130
}

func (f *foreground) SetStdin(r io.Reader) {
	if f.cmd.Stdin == nil {
		f.cmd.Stdin = r
	}
}

func (f *foreground) SetStdout(w io.Writer) {
	if f.cmd.Stdout == nil {
		f.cmd.Stdout = w
	}
}

// SetStderr sends standard error to the terminal (the command's standard
// output) and keeps its start: the terminal's screen is the picker's again
// when the command has ended.
func (f *foreground) SetStderr(w io.Writer) {
	if f.cmd.Stdout != nil {
		w = f.cmd.Stdout
	}
	f.cmd.Stderr = io.MultiWriter(w, &f.stderr)
}

// Run runs the command, telling f.running when it starts and how it ended.
func (f *foreground) Run() error {
	f.started = true
	f.running.start()
	if f.cmd.WaitDelay == 0 {
		// A program the command left running (a browser started by
		// xdg-open) may hold standard error open: the picker does not
		// wait for it past a second once the command has ended.
		f.cmd.WaitDelay = time.Second
	}
	err := f.cmd.Run()
	f.running.end(endedBySIGINT(f.cmd.ProcessState))
	return err
}

// result is the outcome of the command that ended with err.
func (f *foreground) result(err error) error {
	switch {
	case !f.started && err != nil:
		return errors.New("cannot give the terminal to the opener: " + err.Error())
	case f.cmd.ProcessState != nil && f.cmd.ProcessState.Success():
		return nil // the terminal could not be taken back: the next frame says so, or not
	}
	return NewOpenError(err, f.stderr.bytes())
}

// headWriter keeps the first 4 KiB written to it and discards the rest.
type headWriter struct {
	mu  sync.Mutex
	buf []byte
}

func (h *headWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := 4096 - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headWriter) bytes() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.buf
}
