#!/usr/bin/env bash
# bench/tree.sh [CORPUS_DIR] — the per-file targets of doc/spec.md §9 alone,
# round by round: on the text tree of bench/run.sh (the 200 MB text.txt cut
# into ~4,000 files of 50 KB), urix -j1 at least as fast as rg -j1 -o, and
# urix's -j 2 speedup at least 0.95 of rg's own.
#
# bench/run.sh times each tool ROUNDS times and divides the medians; when
# the machine's speed drifts between runs (a shared virtual machine), one
# tool's median can fall in a fast minute and another's in a slow one. Here
# each round runs the four commands back to back (every other round in
# reverse order) and gives its own two ratios, which the drift moves far
# less; the script prints their medians and quartiles, and how many rounds
# met each target and both. urix -j1's time is in both ratios, on opposite
# sides: a round in which it ran fast passes the first and fails the second.
#
# Environment: ROUNDS (default 30). Needs ripgrep and GNU time
# (apt-get install -y ripgrep time).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
corpus=${1:-/tmp/corpus}
ROUNDS=${ROUNDS:-30}
command -v rg >/dev/null || { echo "needs ripgrep: apt-get install -y ripgrep" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install -y time" >&2; exit 2; }
if [ ! -s "$corpus/text.txt" ]; then
  script=$repo/../shared/bench/corpus.sh
  [ -x "$script" ] || { echo "no corpus in $corpus and no $script to build it" >&2; exit 2; }
  "$script" "$corpus" >&2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && CGO_ENABLED=0 go build -o "$work/urix" .) # as bench/run.sh builds it
tree=$work/texttree
mkdir -p "$tree" && split -C 50000 -d -a 4 "$corpus/text.txt" "$tree/part-"
find "$tree" -type f -exec cat {} + >/dev/null # in the page cache
pat='https?://[^[:space:]<>"]+'

# one NAME CMD...: runs CMD once, appending "NAME wall cpu" to the round.
one() {
  local name=$1 t0 t1
  shift
  t0=$EPOCHREALTIME
  /usr/bin/time -q -f '%U %S' -o "$work/cpu" "$@" >"$work/out" 2>&1 # a file, as bench/run.sh
  t1=$EPOCHREALTIME
  awk -v n="$name" -v a="$t0" -v b="$t1" '{ printf "%s %.6f %.2f\n", n, b - a, $1 + $2 }' "$work/cpu" >>"$work/round"
}
for r in $(seq "$ROUNDS"); do
  : >"$work/round"
  cmds=(u1 u2 r1 r2)
  [ $((r % 2)) -eq 0 ] && cmds=(r2 r1 u2 u1)
  for c in "${cmds[@]}"; do
    case $c in
    u1) one u1 "$work/urix" -j 1 -r "$tree" ;;
    u2) one u2 "$work/urix" -j 2 -r "$tree" ;;
    r1) one r1 rg -j1 -o "$pat" "$tree" ;;
    r2) one r2 rg -j2 -o "$pat" "$tree" ;;
    esac
  done
  # speed: rg -j1's wall time over urix -j1's; gain: urix's -j 2 speedup
  # over rg's; cpu: urix -j1's CPU time over rg -j1's.
  awk '{ w[$1] = $2; c[$1] = $3 }
    END { printf "%.4f %.4f %.4f\n", w["r1"] / w["u1"], (w["u1"] / w["u2"]) / (w["r1"] / w["r2"]), (c["r1"] ? c["u1"] / c["r1"] : 0) }' \
    "$work/round" >>"$work/ratios"
done

# quartiles COLUMN: the first quartile, the median and the third of a column.
quartiles() {
  cut -d' ' -f"$1" "$work/ratios" | sort -n |
    awk '{ a[NR] = $1 } END { printf "%.2f [%.2f-%.2f]", a[int((NR + 1) / 2)], a[int((NR + 3) / 4)], a[int((3 * NR + 1) / 4)] }'
}
echo "$ROUNDS rounds on $(find "$tree" -type f | wc -l) files; median [quartiles] of each round's ratio:"
echo "  urix -j1 speed / rg -j1 -o speed (wall): $(quartiles 1) (target >= 1)"
echo "  urix -j2 speedup / rg's (wall):           $(quartiles 2) (target >= 0.95)"
echo "  urix -j1 CPU time / rg -j1 -o's:          $(quartiles 3) (10 ms steps)"
awk '{ s += $1 >= 1; g += $2 >= 0.95; b += $1 >= 1 && $2 >= 0.95 }
  END { printf "  rounds meeting the speed target %d, the speedup target %d, both %d of %d\n", s, g, b, NR }' "$work/ratios"
