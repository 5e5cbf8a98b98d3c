#!/usr/bin/env bash
# bench/warc-crosscheck.sh FILE.warc[.gz]... — read the same WARC files with
# an independent reader, warcio (webrecorder's warcio.js from npm, installed
# into a temporary directory), and compare with urix:
#  1. the records: count, offsets (of the record, or of its gzip member),
#     WARC-Type and WARC-Target-URI, warcio's `warcio index` against
#     urix's reader (bench/warcrecords, package extract/warc): must be equal;
#  2. urix --format json --all-status: every (warc_record_offset, page) of a
#     hit must be a response or resource record of warcio's index at that
#     offset with that target URI.
# Needs node/npm and network access to the npm registry; not run in CI.
# Environment: WARCIO_VERSION (default 2.4.11).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 FILE.warc[.gz]..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v npm >/dev/null || { echo "needs npm (node) for warcio" >&2; exit 2; }
command -v jq >/dev/null || { echo "needs jq" >&2; exit 2; }

echo "installing warcio ${WARCIO_VERSION:-2.4.11} into $work..." >&2
(cd "$work" && npm install --silent --no-audit --no-fund "warcio@${WARCIO_VERSION:-2.4.11}" >/dev/null)
(cd "$repo" && go build -o "$work/urix" . && go build -o "$work/warcrecords" ./bench/warcrecords)

fail=0
for f in "$@"; do
  # warcio omits the target URI of records without one; both sides are
  # normalized by jq to offset<TAB>type<TAB>uri.
  norm='[.offset, (."warc-type" // ""), (."warc-target-uri" // "")] | @tsv'
  "$work/node_modules/.bin/warcio" index "$f" | jq -r "$norm" >"$work/warcio.tsv"
  "$work/warcrecords" "$f" >"$work/urix.jsonl" || fail=1
  if grep -q '"damaged"' "$work/urix.jsonl"; then
    echo "$f: urix reports damaged records:"; grep '"damaged"' "$work/urix.jsonl" | head -5
  fi
  jq -r "select(.damaged == null) | $norm" "$work/urix.jsonl" >"$work/urix.tsv"
  n=$(wc -l <"$work/warcio.tsv")
  if cmp -s "$work/warcio.tsv" "$work/urix.tsv"; then
    echo "$f: records: $n, equal (offsets, types, target URIs)"
  else
    echo "$f: records differ (warcio $n, urix $(wc -l <"$work/urix.tsv")):"
    diff "$work/warcio.tsv" "$work/urix.tsv" | head -20
    fail=1
  fi
  # Hits: each distinct record a hit names must be in warcio's index.
  awk -F'\t' '$2 == "response" || $2 == "resource" { print $1 "\t" $3 }' "$work/warcio.tsv" | sort -u >"$work/warcio.rec"
  "$work/urix" --format json --all-status -j 1 "$f" 2>"$work/err" |
    jq -r '[.warc_record_offset // 0, .page] | @tsv' | sort -u >"$work/hits.rec" || true
  missing=$(comm -23 "$work/hits.rec" "$work/warcio.rec" | wc -l)
  echo "$f: urix hits come from $(wc -l <"$work/hits.rec") records of $(wc -l <"$work/warcio.rec") response/resource records; not in warcio's index: $missing; urix warnings: $(wc -l <"$work/err")"
  [ "$missing" -eq 0 ] || { comm -23 "$work/hits.rec" "$work/warcio.rec" | head -5; fail=1; }
done
exit $fail
