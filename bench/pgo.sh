#!/usr/bin/env bash
# bench/pgo.sh [CORPUS_DIR] — remake default.pgo, the CPU profile the Go
# compiler optimizes urix with (profile-guided optimization: `go build`
# of the main package reads default.pgo beside main.go by itself, and the
# README's, CI's and release/build.sh's builds all do).
#
# The profile is of urix reading each kind of input it is timed on, one
# after another, at -j 1: the text of ../shared/bench/corpus.sh (one large
# file and the same cut into small files), its HTML pages, mailbox,
# Markdown tree and XML feeds, and the JSON API dump and stylesheet of
# bench/json-css-corpus.sh, which bench/run.sh times too. A build that is profiled is made with -overlay
# replacing main.go by one that runs cli.Main under runtime/pprof; nothing
# of it is committed but the profile. Remake it when the hot code moves
# (a profile that no longer matches the code is used where it still does,
# and is never wrong, only less useful: go.dev/doc/pgo).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
corpus=${1:-/tmp/corpus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -s "$corpus/text.txt" ] || "$repo/../shared/bench/corpus.sh" "$corpus" >&2
[ -d "$corpus/md" ] || "$here/doc-corpus.sh" "$corpus" >&2

cat >"$work/main.go" <<'GO'
package main

import (
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/urix/urix/internal/cli"
)

func main() {
	f, err := os.Create(os.Getenv("URIX_PGO_OUT"))
	if err != nil {
		panic(err)
	}
	runtime.SetCPUProfileRate(1000) // ten times the default: most runs are short
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	code := cli.Main()
	pprof.StopCPUProfile()
	f.Close()
	os.Exit(code)
}
GO
printf '{"Replace":{"%s/main.go":"%s/main.go"}}\n' "$repo" "$work" >"$work/overlay.json"
(cd "$repo" && CGO_ENABLED=0 go build -pgo=off -overlay "$work/overlay.json" -o "$work/urix" .)

mkdir "$work/tree" && split -C 50000 -d -a 4 "$corpus/text.txt" "$work/tree/part-"
"$here/json-css-corpus.sh" "$work"

k=0
prof() { # prof ARGS...: one profile of urix -j 1 ARGS
  k=$((k + 1))
  for _ in 1 2 3 4 5; do # five runs each, so that a short input gives samples enough
    URIX_PGO_OUT="$work/$k.$_.pprof" "$work/urix" -j 1 "$@" >/dev/null 2>&1 || true
  done
}
prof -r "$work/tree"
prof "$corpus/text.txt"
prof -r "$corpus/html"
prof "$corpus/mail.mbox"
prof -r "$corpus/md"
for f in sitemap.xml feed-rss.xml feed-atom.xml; do [ -s "$corpus/$f" ] && prof "$corpus/$f"; done
prof "$work/api.json"
prof "$work/style.css"
(cd "$repo" && go tool pprof -proto "$work"/*.pprof >"$work/merged.pgo" 2>/dev/null)
mv "$work/merged.pgo" "$repo/default.pgo"
echo "default.pgo: $(stat -c %s "$repo/default.pgo") bytes from $(ls "$work"/*.pprof | wc -l) profiles" >&2
