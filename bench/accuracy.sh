#!/usr/bin/env bash
# accuracy.sh — urix beside xurls, URI::Find and linkify-it on the judged
# real-text corpus of testdata/accuracy (issue 9): one table, genre x tool,
# precision and recall per occurrence and unique (see testdata/accuracy/README.md).
#
#   bench/accuracy.sh            # peers are installed on first use into $WORK
#
# Peers, each with its default options except where said:
#   xurls v2.6.0 (go install; strict mode, URLs with a scheme),
#   URI::Find 20160806 (Debian's liburi-find-perl, its urifind script),
#   linkify-it 6.1.0 (npm; fuzzyLink, fuzzyEmail and fuzzyIP off: the truth
#   holds URIs written with a scheme, as urix finds them by default).
# urix runs with its default flags and --read-as text (the mail genre's
# mail.mbox as an mbox), as the Go test internal/accuracy does.
set -euo pipefail
export LC_ALL=C.UTF-8
cd "$(dirname "$0")/.."
WORK=${WORK:-${TMPDIR:-/tmp}/urix-accuracy}
mkdir -p "$WORK/bin" "$WORK/npm"
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo

go build -o "$WORK/bin/urix" .
[ -x "$WORK/bin/xurls" ] || GOBIN="$WORK/bin" go install mvdan.cc/xurls/v2/cmd/xurls@v2.6.0
command -v urifind >/dev/null || { $SUDO apt-get update -qq; $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liburi-find-perl; }
[ -d "$WORK/npm/node_modules/linkify-it" ] || (cd "$WORK/npm" && npm install --silent --no-save linkify-it@6.1.0 >/dev/null)

C=testdata/accuracy OUT=$WORK/out
rm -rf "$OUT"
run() { # run FILE: every tool on one document
  local f=$1 g n ty
  g=$(basename "$(dirname "$f")"); n=$(basename "$f")
  case $n in *.mbox) ty=mbox ;; *) ty=text ;; esac
  "$WORK/bin/urix" --read-as "$ty" "$f" >"$OUT/urix/$g/$n" 2>/dev/null || true
  "$WORK/bin/xurls" "$f" >"$OUT/xurls/$g/$n" 2>/dev/null || true
  urifind -n "$f" >"$OUT/urifind/$g/$n" 2>/dev/null || true
  NODE_PATH="$WORK/npm/node_modules" node bench/accuracy/linkify.js "$f" >"$OUT/linkify/$g/$n" 2>/dev/null || true
}
export -f run; export WORK OUT
for g in "$C"/*/; do g=$(basename "$g")
  for t in urix xurls urifind linkify; do mkdir -p "$OUT/$t/$g"; done
done
find "$C" -mindepth 2 -type f ! -name '*.truth' ! -name '*.neutral' -print0 | sort -z |
  xargs -0 -n 8 -P "$(nproc)" bash -c 'for f; do run "$f"; done' _
go run ./bench/accuracy/score "$C" "$OUT" urix xurls urifind linkify
