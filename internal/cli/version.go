package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// version describes this build for --version and the User-Agent: the
// module version ("v1.2.3", or the pseudo-version go build stamps from
// the VCS, or "(devel)"), the VCS revision with "-dirty" when the tree
// had changes, and the Go toolchain, as in
//
//	urix v0.0.0-20261122170000-848be18a1b2c (848be18a1b2c, 2026-11-22T17:00:00Z) go1.26.8 linux/amd64
//
// A build without VCS stamping (go build -buildvcs=false, a tarball, a
// distribution's package) gives the revision, and the version, with the
// linker: go build -ldflags "-X github.com/urix/urix/internal/cli.revision=$(git rev-parse HEAD)
// -X github.com/urix/urix/internal/cli.release=v1.2.3" (README, Install;
// release/build.sh does).
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = &debug.BuildInfo{}
	}
	return versionOf(info, release, revision)
}

// Set with -ldflags -X where the build has no VCS stamp (see version).
var (
	release  string // the version, "v1.2.3"
	revision string // the VCS revision
)

// versionOf is version for the build info info and the values the linker
// set, which the VCS stamp wins over.
func versionOf(info *debug.BuildInfo, release, revision string) string {
	v := info.Main.Version
	if (v == "" || v == "(devel)") && release != "" {
		v = release
	}
	if v == "" {
		v = "(devel)"
	}
	rev, when := revision, ""
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	var b strings.Builder
	b.WriteString("urix " + v)
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "-dirty"
		}
		b.WriteString(" (" + rev)
		if when != "" {
			b.WriteString(", " + when)
		}
		b.WriteString(")")
	}
	b.WriteString(" " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH)
	return b.String()
}

// shortVersion is the module version alone ("v1.2.3" or "(devel)"), for
// the User-Agent.
func shortVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	if release != "" {
		return release
	}
	return "(devel)"
}
