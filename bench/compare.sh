#!/usr/bin/env bash
# compare.sh OLD NEW [CORPUS_DIR] — run two urix binaries with --format json
# over the benchmark corpus and every file under testdata/ directories, and
# count the output lines that differ per input. Used to prove that a
# refactoring changes no hit (or exactly the ones it means to).
# Outputs stay in $OUT (default /tmp/urix-compare) for reading with diff.
set -euo pipefail
OLD=$1 NEW=$2 C=${3:-/tmp/corpus}
OUT=${OUT:-/tmp/urix-compare}
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
[ -f "$OUT/mail100.mbox" ] || for i in $(seq 100); do cat "$C/mail.mbox"; done >"$OUT/mail100.mbox"
run() { # name args...
  local name=$1; shift
  for b in old new; do
    bin=$OLD; [ $b = new ] && bin=$NEW
    "$bin" --format json -j 1 "$@" >"$OUT/$name.$b" 2>"$OUT/$name.$b.err" || true
  done
  printf '%-14s %9d hits  %6d lines differ\n' "$name" "$(wc -l <"$OUT/$name.old")" \
    "$(diff "$OUT/$name.old" "$OUT/$name.new" | grep -c '^>' || true)"
}
run text "$C/text.txt"
run html -r "$C/html"
run mail "$OUT/mail100.mbox"
mapfile -t files < <(git ls-files -- '*testdata/*' ':!*.golden' ':!*.json' | sort)
run testdata "${files[@]}"
run testdata-eml --read-as email $(git ls-files -- '*testdata/*.eml')
