package pick

import (
	"os/exec"
	"testing"
)

// TestInterruptsOfCommand: a Ctrl-C typed while a command runs on the
// terminal is the command's, whether the picker reads its copy while the
// command runs or only after the command has ended by it (under load the
// signal's goroutine may run late: the picker then quit with 130); the
// Ctrl-C after that is the picker's again.
func TestInterruptsOfCommand(t *testing.T) {
	var s interrupts
	if s.commands() {
		t.Fatal("a SIGINT with no command run is the command's")
	}
	// Read while the command runs.
	s.start()
	if !s.commands() {
		t.Error("a SIGINT read while the command runs is not the command's")
	}
	s.end(true)
	if s.commands() {
		t.Error("after the command's SIGINT was read, the next is not the picker's")
	}
	// Read only once the command has ended by it.
	s.start()
	s.end(true)
	if !s.commands() {
		t.Error("a SIGINT read after the command ended by it is not the command's")
	}
	if s.commands() {
		t.Error("the SIGINT after that is not the picker's")
	}
	// A command that ended on its own owes nothing.
	s.start()
	s.end(false)
	if s.commands() {
		t.Error("after a command that ended on its own, a SIGINT is not the picker's")
	}
}

// TestEndedBySIGINT: a command killed by SIGINT, or a shell that reports
// it (status 130), ended by it; other ends did not.
func TestEndedBySIGINT(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   bool
	}{
		{"kill -INT $$", true},
		{"exit 130", true},
		{"exit 1", false},
		{"true", false},
	} {
		cmd := exec.Command("sh", "-c", tc.script)
		_ = cmd.Run()
		if got := endedBySIGINT(cmd.ProcessState); got != tc.want {
			t.Errorf("sh -c %q: ended by SIGINT %v, want %v", tc.script, got, tc.want)
		}
	}
	if endedBySIGINT(nil) {
		t.Error("a command that did not start ended by SIGINT")
	}
}
