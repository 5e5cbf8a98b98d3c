#!/usr/bin/env bash
# bench/run.sh [CORPUS_DIR] — time urix against its peers on the same files in
# one run, and print MB/s, peak RSS and URI counts side by side (SPEC §9).
#
# The corpus is built by ../shared/bench/corpus.sh (default /tmp/corpus) when
# it is missing. Peers: ripgrep and GNU grep with a URL pattern, xurls
# (installed into a temporary GOBIN), lynx -dump -listonly, urlscan -n, and a
# bare golang.org/x/net/html tokenizer (bench/htmlwalk). A peer that is not
# installed is skipped with a note; install them with
#   apt-get install -y ripgrep lynx urlscan time
# Figures move from run to run on shared machines: read the ratios.
#
# Environment: RUNS (default 3, the median is shown), SKIP_SLOW=1 skips the
# peers that take minutes (xurls on the full text, lynx, urlscan).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
corpus=${1:-/tmp/corpus}
RUNS=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -s "$corpus/text.txt" ]; then
  script=$repo/../shared/bench/corpus.sh
  [ -x "$script" ] || { echo "no corpus in $corpus and no $script to build it" >&2; exit 2; }
  "$script" "$corpus" >&2
fi
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install -y time" >&2; exit 2; }

echo "building urix and htmlwalk..." >&2
(cd "$repo" && go build -o "$work/urix" . && go build -o "$work/htmlwalk" ./bench/htmlwalk)
if command -v xurls >/dev/null; then xurls=$(command -v xurls)
else
  GOBIN=$work/bin go install mvdan.cc/xurls/v2/cmd/xurls@latest >&2 && xurls=$work/bin/xurls || xurls=
fi

# The inputs: the text, the HTML tree, and the mbox repeated to 50 MB (and to
# ~17 MB for urlscan, which holds everything in memory).
find "$corpus/html" -type f | sort >"$work/html.list"
mbox50=$work/mail-50m.mbox
mbox17=$work/mail-17m.mbox
n=$(( 50000000 / $(stat -c %s "$corpus/mail.mbox") + 1 ))
for _ in $(seq "$n"); do cat "$corpus/mail.mbox"; done >"$mbox50"
for _ in $(seq 100); do cat "$corpus/mail.mbox"; done >"$mbox17"

size() { if [ -d "$1" ]; then find "$1" -type f -print0 | du -cb --files0-from=- | tail -1 | cut -f1; else stat -c %s "$1"; fi; }

# measure NAME INPUT RUNS CMD... : runs CMD (stdout = the URIs) RUNS times,
# keeps the median wall time (bash's microsecond clock; GNU time's is 10 ms)
# and the largest peak RSS (GNU time), and prints a row.
printf '%-34s %-16s %9s %9s %10s %9s\n' tool input MB/s seconds "RSS MiB" URIs
measure() {
  local name=$1 input=$2 runs=$3; shift 3
  local bytes secs=() rss=0 count
  bytes=$(size "$input")
  for _ in $(seq "$runs"); do
    local t0=$EPOCHREALTIME
    /usr/bin/time -o "$work/t" -f '%M' "$@" >"$work/out" 2>"$work/err" || true
    local t1=$EPOCHREALTIME
    read -r m <"$work/t" || { echo "$name: failed: $(head -1 "$work/err")" >&2; return; }
    secs+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')")
    [ "$m" -gt "$rss" ] && rss=$m
  done
  count=$(wc -l <"$work/out")
  local med
  med=$(printf '%s\n' "${secs[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  awk -v n="$name" -v i="$(basename "$input")" -v b="$bytes" -v s="$med" -v r="$rss" -v c="$count" \
    'BEGIN { printf "%-34s %-16s %9.1f %9.3f %10.1f %9d\n", n, i, b/1e6/s, s, r/1024, c }'
}
have() { command -v "$1" >/dev/null; }
pat='https?://[^[:space:]<>"]+'

echo "== plain text (one core) ==" >&2
measure "urix -j1" "$corpus/text.txt" "$RUNS" "$work/urix" -j 1 "$corpus/text.txt"
have rg && measure "rg -o (pattern)" "$corpus/text.txt" "$RUNS" rg -o "$pat" "$corpus/text.txt"
measure "grep -oE (pattern)" "$corpus/text.txt" "$RUNS" grep -oE "$pat" "$corpus/text.txt"
measure "urix -j1" "$corpus/text-10m.txt" "$RUNS" "$work/urix" -j 1 "$corpus/text-10m.txt"
if [ -n "$xurls" ]; then
  measure "xurls" "$corpus/text-10m.txt" 1 "$xurls" "$corpus/text-10m.txt"
  [ -z "${SKIP_SLOW:-}" ] && measure "xurls" "$corpus/text.txt" 1 "$xurls" "$corpus/text.txt"
fi

echo "== HTML tree ==" >&2
measure "urix -j1" "$corpus/html" "$RUNS" "$work/urix" -j 1 -r "$corpus/html"
measure "urix -j2" "$corpus/html" "$RUNS" "$work/urix" -j 2 -r "$corpus/html"
measure "htmlwalk (bare x/net/html)" "$corpus/html" "$RUNS" xargs -a "$work/html.list" "$work/htmlwalk"
if have lynx && [ -z "${SKIP_SLOW:-}" ]; then
  measure "lynx -dump -listonly" "$corpus/html" 1 \
    sh -c 'while IFS= read -r f; do lynx -dump -listonly -nonumbers "$f"; done <"$1"' sh "$work/html.list"
fi
have rg && measure "rg -j1 -o (pattern)" "$corpus/html" "$RUNS" rg -j1 -o "$pat" "$corpus/html"

echo "== mail ==" >&2
measure "urix -j1 (mbox)" "$mbox50" "$RUNS" "$work/urix" -j 1 "$mbox50"
measure "urix -j1 (mbox)" "$mbox17" "$RUNS" "$work/urix" -j 1 "$mbox17"
if have urlscan && [ -z "${SKIP_SLOW:-}" ]; then
  measure "urlscan -n" "$mbox17" 1 urlscan -n "$mbox17"
fi
