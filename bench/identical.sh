#!/usr/bin/env bash
# bench/identical.sh OLD_URIX [CORPUS_DIR] — prove that a change kept the
# output: run the build OLD_URIX and this checkout's build over the whole
# benchmark corpus (the text, the html/ tree, the mbox, the Markdown tree,
# the sitemap and feeds, a WARC crawl of html/) and over every file of
# testdata/, with --format json (positions, bases, kinds: every field), in
# each URL mode, and compare the outputs and exit statuses byte for byte.
#
# Build OLD_URIX from the commit before the change, e.g.
#   git worktree add /tmp/old <commit> && (cd /tmp/old && go build -o /tmp/urix-old .)
# The corpus comes from ../shared/bench/corpus.sh and bench/doc-corpus.sh
# (built into CORPUS_DIR, default /tmp/corpus, when missing). Prints one
# line per comparison and exits 1 when any differs.
set -euo pipefail
export LC_ALL=C
old=${1:?usage: bench/identical.sh OLD_URIX [CORPUS_DIR]}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
corpus=${2:-/tmp/corpus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -s "$corpus/text.txt" ]; then "$repo/../shared/bench/corpus.sh" "$corpus" >&2; fi
if [ ! -d "$corpus/md" ] || [ ! -s "$corpus/sitemap.xml" ]; then "$here/doc-corpus.sh" "$corpus" >&2; fi
(cd "$repo" && go build -o "$work/urix" .)

# A WARC of html/, crawled by wget from a loopback server, as bench/run.sh
# makes it; skipped without wget.
warc=
if command -v wget >/dev/null && command -v python3 >/dev/null; then
  (cd "$corpus/html" && find . -type f | sort | sed -n 's|^\./||; 1,400p') >"$work/paths"
  python3 -u -m http.server --bind 127.0.0.1 --directory "$corpus/html" 0 >"$work/httpd.log" 2>&1 &
  httpd=$!
  for _ in $(seq 100); do grep -q ' port ' "$work/httpd.log" && break; sleep 0.1; done
  port=$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$work/httpd.log" | head -1)
  sed "s|^|http://127.0.0.1:$port/|" "$work/paths" >"$work/urls"
  wget --no-proxy -q -i "$work/urls" --tries=1 -x -P "$work/mirror" --warc-file="$work/crawl" --no-warc-keep-log || true
  kill "$httpd"; rm -rf "$work/mirror"
  warc=$work/crawl.warc.gz
fi

fail=0
compare() { # NAME ARGS...
  local name=$1; shift
  local a=0 b=0
  "$old" "$@" >"$work/old.out" 2>"$work/old.err" || a=$?
  "$work/urix" "$@" >"$work/new.out" 2>"$work/new.err" || b=$?
  if [ "$a" = "$b" ] && cmp -s "$work/old.out" "$work/new.out" && cmp -s "$work/old.err" "$work/new.err"; then
    printf '%-44s identical: %8d lines, exit %d\n' "$name" "$(wc -l <"$work/new.out")" "$b"
  else
    fail=1
    printf '%-44s DIFFERENT: exit %d/%d, %d/%d lines\n' "$name" "$a" "$b" "$(wc -l <"$work/old.out")" "$(wc -l <"$work/new.out")"
    diff "$work/old.out" "$work/new.out" | head -5 || true
    diff "$work/old.err" "$work/new.err" | head -5 || true
  fi
}

for spec in 3986 2396 whatwg; do
  compare "text.txt --spec $spec" --format json --spec "$spec" "$corpus/text.txt"
  compare "html/ --spec $spec" --format json --spec "$spec" -r "$corpus/html"
  compare "mail.mbox --spec $spec" --format json --spec "$spec" "$corpus/mail.mbox"
  compare "md/ --spec $spec" --format json --spec "$spec" -r "$corpus/md"
  for f in sitemap.xml feed-rss.xml feed-atom.xml; do
    [ -s "$corpus/$f" ] && compare "$f --spec $spec" --format json --spec "$spec" "$corpus/$f"
  done
  [ -n "$warc" ] && compare "crawl.warc.gz --spec $spec" --format json --spec "$spec" --status all "$warc"
  compare "testdata --spec $spec" --format json --spec "$spec" -r "$repo/testdata" "$repo/extract/testdata" "$repo/internal/cli/testdata"
done
compare "md/ --include-code" --format json --include-code -r "$corpus/md"
compare "testdata -j 4" -j 4 -r "$repo/testdata" "$repo/extract/testdata" "$repo/internal/cli/testdata"
compare "testdata --format tsv" --format tsv -r "$repo/testdata"
exit $fail
