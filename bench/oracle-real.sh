#!/usr/bin/env bash
# bench/oracle-real.sh [OUT_DIR] — hold urix against Chromium on real
# documentation pages (issue 10): sample page sets from the benchmark's
# html/ tree and from the HTML on the machine, record Chromium's goldens
# with bench/browser-oracle.sh, and compare urix with them in both modes
# (extract's TestBrowserOracleDir). Not run in CI: it needs the corpus,
# the pages and a browser. The goldens are large and stay in OUT_DIR
# (default /tmp/urix-oracle-real); OUT_DIR/SET/pages.list names the
# page behind each pNNN.html.
#
# Sets (a fixed sample: every k-th file of the sorted list):
#   corpus   200 pages of /tmp/corpus/html (../shared/bench/corpus.sh)
#   usrdoc   120 pages of /usr/share/doc (Node.js, libxslt, valgrind, ...)
#   rustdoc  100 pages of the stable Rust toolchain's docs (rustdoc, mdBook)
#   godoc    /usr/local/go/doc/*.html
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-/tmp/urix-oracle-real}")
CORPUS=${CORPUS:-/tmp/corpus}
RUSTDOC=$(ls -d ~/.rustup/toolchains/stable-*/share/doc/rust/html 2>/dev/null | head -1 || true)

# sample SET N: the N files, evenly spaced, of the sorted list on stdin
sample() {
  local set=$1 n=$2 all
  all=$(mktemp)
  sort >"$all"
  rm -rf "${OUT:?}/$set" && mkdir -p "$OUT/$set/pages" "$OUT/$set/oracle"
  awk -v n="$n" -v total="$(wc -l <"$all")" 'total > 0 { step = total / n; if (step < 1) step = 1 }
    NR == int(k * step) + 1 && k < n { print; k++ }' "$all" >"$OUT/$set/pages.list"
  local i=0
  while IFS= read -r f; do
    i=$((i + 1))
    cp "$f" "$OUT/$set/pages/$(printf 'p%03d.html' "$i")"
  done <"$OUT/$set/pages.list"
  rm -f "$all"
  echo "$set: $i pages" >&2
}

find "$CORPUS/html" -type f -name '*.htm*' | sample corpus 200
find /usr/share/doc -type f -name '*.html' | sample usrdoc 120
[ -n "$RUSTDOC" ] && find "$RUSTDOC" -type f -name '*.html' -not -path '*/arch/*' -not -path '*/core_arch/*' | sample rustdoc 100
find /usr/local/go/doc -maxdepth 1 -type f -name '*.html' | sample godoc 10

for set in corpus usrdoc rustdoc godoc; do
  [ -s "$OUT/$set/pages.list" ] || continue
  bash bench/browser-oracle.sh "$OUT/$set/pages" "$OUT/$set/oracle" >"$OUT/$set/oracle.log"
done
for set in corpus usrdoc rustdoc godoc; do
  [ -s "$OUT/$set/pages.list" ] || continue
  echo "== $set" >&2
  URIX_ORACLE_DIR=$OUT/$set go test ./extract -run 'TestBrowserOracleDir' -count=1 -v | grep -v '^=== RUN' || true
done
