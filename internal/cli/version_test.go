package cli

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionWithoutVCS: a build without VCS stamping (-buildvcs=false, a
// source tarball) shows the revision and version the linker was given
// (-ldflags -X, as the README's build line and release/build.sh set
// them), and a VCS stamp wins over them (issue 32).
func TestVersionWithoutVCS(t *testing.T) {
	devel := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}
	if got := versionOf(devel, "", ""); !strings.HasPrefix(got, "urix (devel) go") {
		t.Errorf("no stamp, no -X: %q", got)
	}
	got := versionOf(devel, "v1.2.3", "0123456789abcdef0123")
	if !strings.HasPrefix(got, "urix v1.2.3 (0123456789ab) go") {
		t.Errorf("-X release and revision: %q, want urix v1.2.3 (0123456789ab) go...", got)
	}
	stamped := &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-2026"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "fedcba9876543210"}, {Key: "vcs.time", Value: "2026-11-28T00:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got := versionOf(stamped, "v9", "0123"); !strings.HasPrefix(got, "urix v0.0.0-2026 (fedcba987654-dirty, 2026-11-28T00:00:00Z) go") {
		t.Errorf("VCS stamp: %q", got)
	}
}
