#!/usr/bin/env bash
# bench/pgo.sh [CORPUS_DIR] — remake default.pgo, the CPU profile the Go
# compiler optimizes urix with (profile-guided optimization: `go build`
# of the main package reads default.pgo beside main.go by itself, and the
# README's, CI's and release/build.sh's builds all do).
#
# The profile is of urix reading each kind of input it is timed on, one
# after another, at -j 1: the text of ../shared/bench/corpus.sh (one large
# file and the same cut into small files), its HTML pages, mailbox,
# Markdown tree and XML feeds, and a JSON API dump and a stylesheet made
# as bench/run.sh makes them. A build that is profiled is made with -overlay
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
awk 'BEGIN { for (i = 0; n < 50000000; i++) { s = sprintf("  {\"id\": %d, \"login\": \"user%d\", \"site_admin\": false, \"score\": %d.5, \"tags\": [\"a\", \"b\"], \"avatar_url\": \"https:\\/\\/avatars.example.com\\/u\\/%d?v=4\", \"html_url\": \"https://example.com/user%d\", \"bio\": \"Writes Go and \\\"things\\\".\\nSee my blog \\u2014 it is fine.\", \"created_at\": \"2020-01-%02dT10:00:00Z\"},\n", i, i, i % 100, i, i, i % 28 + 1); printf "%s", (i ? "" : "[\n") s; n += length(s) } print "  {}\n]" }' >"$work/api.json"
awk 'BEGIN { for (i = 0; n < 50000000; i++) { s = sprintf(".c%d > a:hover, #n%d .item {\n  color: #%06x; margin: 0 auto 1em; font: 12px/1.5 \"Helvetica Neue\", Arial, sans-serif;\n  background: url(\"../img/p%d.png\") no-repeat left top, linear-gradient(to right, #fff 0%%, #eee 100%%);\n  transition: opacity .2s ease-in-out; /* https://css.example/spec#%d */\n}\n", i, i, i % 16777216, i, i); if (i % 50 == 0) s = s sprintf("@import url(\"theme%d.css\") screen;\n@font-face { font-family: f%d; src: url(fonts/f%d.woff2) format(\"woff2\"), url(\x27fonts/f%d.woff\x27) format(\"woff\"); }\n", i, i, i, i); printf "%s", s; n += length(s) } }' >"$work/style.css"

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
