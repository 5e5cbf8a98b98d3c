//go:build unix

package cli

import (
	"os/exec"
	"syscall"
)

// detach makes c run in a session of its own, without the picker's
// terminal, so that it outlives the picker and no key or signal meant for
// the picker reaches it.
func detach(c *exec.Cmd) { c.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
