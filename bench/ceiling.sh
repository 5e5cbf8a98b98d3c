#!/usr/bin/env bash
# bench/ceiling.sh [CORPUS_DIR] — how much a second CPU of this machine is
# worth, measured without urix's -j: the same work done by two independent
# processes at once against one process doing it twice (or each half after
# the other). What no program's -j 2 can beat on this machine.
#
#   sha256sum text.txt                pure computation
#   rg -c (no match) text.txt         a search of a cached file (memory-bound)
#   urix -j1, html/ in two halves     urix's own work, no sharing between them
#   urix -j1, the text tree in halves
#   rg -j1 -o, the text tree in halves  the same work of ripgrep's: if urix
#                                     gains less from a second CPU than it,
#                                     so does its -j 2, and the cost is in
#                                     the work of a file, not in -j
#   urix -j2 on each tree             beside them, for comparison
#
# and what a process costs to start: an empty Go program, and urix on
# /dev/null. Each line is the median of RUNS rounds (default 5); a ratio is
# (time of the work done one after the other) / (time done at once).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
corpus=${1:-/tmp/corpus}
RUNS=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -s "$corpus/text.txt" ] && [ -d "$corpus/html" ] || { echo "no corpus in $corpus (bench/run.sh builds it)" >&2; exit 2; }

(cd "$repo" && CGO_ENABLED=0 go build -o "$work/urix" .) # as the README installs it
printf 'package main\n\nfunc main() {}\n' >"$work/empty.go"
(cd "$work" && go mod init empty >/dev/null 2>&1 && go build -o "$work/empty" .)
find "$corpus/html" -type f | sort >"$work/h.list"
mkdir -p "$work/tree" && split -C 50000 -d -a 4 "$corpus/text.txt" "$work/tree/part-"
find "$work/tree" -type f | sort >"$work/t.list"
split -n l/2 "$work/h.list" "$work/h.half."
split -n l/2 "$work/t.list" "$work/t.half."

now() { date +%s%N; }
# secs CMD...: the wall time of one run, in seconds
secs() { local s e; s=$(now); "$@" >/dev/null 2>&1 || true; e=$(now); echo "scale=4; ($e - $s) / 1000000000" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# pair NAME SERIAL_CMD PARALLEL_CMD: median times of both and their ratio
pair() {
  local name=$1 serial=$2 parallel=$3 a=() b=()
  for _ in $(seq "$RUNS"); do
    a+=("$(secs bash -c "$serial")")
    b+=("$(secs bash -c "$parallel")")
  done
  local ma mb
  ma=$(printf '%s\n' "${a[@]}" | median)
  mb=$(printf '%s\n' "${b[@]}" | median)
  printf '%-44s one after the other %6.3f s, at once %6.3f s: %sx\n' "$name" "$ma" "$mb" "$(echo "scale=2; $ma / $mb" | bc)"
}

t=$corpus/text.txt
U=$work/urix
pair "2x sha256sum text.txt" "sha256sum $t; sha256sum $t" "sha256sum $t & sha256sum $t; wait"
if command -v rg >/dev/null; then
  pair "2x rg -c (no match) text.txt" "rg -j1 -c zzqqxxj $t; rg -j1 -c zzqqxxj $t" "rg -j1 -c zzqqxxj $t & rg -j1 -c zzqqxxj $t; wait"
fi
pair "urix -j1 on html/ in two halves" "xargs -a $work/h.half.aa $U -j1; xargs -a $work/h.half.ab $U -j1" "xargs -a $work/h.half.aa $U -j1 & xargs -a $work/h.half.ab $U -j1; wait"
pair "urix on html/: -j1 against -j2" "xargs -a $work/h.list $U -j1" "xargs -a $work/h.list $U -j2"
pair "urix -j1 on the text tree in two halves" "xargs -a $work/t.half.aa $U -j1; xargs -a $work/t.half.ab $U -j1" "xargs -a $work/t.half.aa $U -j1 & xargs -a $work/t.half.ab $U -j1; wait"
if command -v rg >/dev/null; then
  export PAT='https?://[^[:space:]<>"]+' # bench/run.sh's pattern
  pair "rg -j1 -o on the text tree in two halves" "xargs -a $work/t.half.aa rg -j1 -o \"\$PAT\"; xargs -a $work/t.half.ab rg -j1 -o \"\$PAT\"" "xargs -a $work/t.half.aa rg -j1 -o \"\$PAT\" & xargs -a $work/t.half.ab rg -j1 -o \"\$PAT\"; wait"
fi
pair "urix on the text tree: -j1 against -j2" "$U -j1 -r $work/tree" "$U -j2 -r $work/tree"

start=() ustart=()
for _ in $(seq $((RUNS * 2))); do
  start+=("$(secs "$work/empty")")
  ustart+=("$(secs "$U" /dev/null)")
done
printf 'process start: an empty Go program %.3f s, urix /dev/null %.3f s\n' \
  "$(printf '%s\n' "${start[@]}" | median)" "$(printf '%s\n' "${ustart[@]}" | median)"
