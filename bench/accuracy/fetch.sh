#!/usr/bin/env bash
# fetch.sh [OUT] — rebuild the judged accuracy corpus, testdata/accuracy/GENRE/NAME,
# byte for byte from the named sources in sources.tsv (one file a line:
# genre, name, Debian package, version, path in the package):
#   - a file of a Debian package is copied (gunzipped when it ends in .gz)
#     from the installed package when its version is the one named, else from
#     the package downloaded with apt-get download PKG=VERSION and unpacked
#     with dpkg-deb -x (no install);
#   - go: a file of the Go 1.26.8 distribution: $(go env GOROOT) when it is
#     that version, else the golang.org/toolchain module of that version;
#   - man: the page rendered as a reader sees it, LC_ALL=C.UTF-8 MANWIDTH=80
#     man -P cat (man-db 2.11.2-2, groff-base 1.22.4-10 of Debian 12);
#   - mail: mail.mbox, the real messages of three packages as one mboxrd
#     file, as /work/shared/bench/corpus.sh builds it.
# Then every file is checked against SHA256SUMS. The selection itself (which
# files) was made once, by a fixed hash order over the files with URIs, and
# is recorded in sources.tsv; the inputs are committed, so the accuracy test
# needs neither this script nor the network.
set -euo pipefail
export LC_ALL=C
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE/../../testdata/accuracy}
CACHE=${CACHE:-${TMPDIR:-/tmp}/urix-accuracy-cache}
mkdir -p "$OUT" "$CACHE/debs"
OUT=$(cd "$OUT" && pwd)

# root PKG VERSION: prints the directory to read the package's files under
root() {
  local pkg=$1 ver=$2 have
  have=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || true)
  if [ "$have" = "$ver" ]; then echo /; return; fi
  local dir=$CACHE/root/${pkg}_${ver//:/%3a}
  if [ ! -e "$dir/.done" ]; then
    (cd "$CACHE/debs" && apt-get download "$pkg=$ver" >&2)
    mkdir -p "$dir"
    dpkg-deb -x "$CACHE/debs/${pkg}_${ver//:/%3a}"_*.deb "$dir"
    touch "$dir/.done"
  fi
  echo "$dir"
}

goroot() {
  local r; r=$(go env GOROOT)
  if [ "$(head -1 "$r/VERSION" 2>/dev/null)" = go1.26.8 ]; then echo "$r"; return; fi
  GOFLAGS=-mod=mod go mod download -json golang.org/toolchain@v0.0.1-go1.26.8.linux-amd64 |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}

mbox() { # the messages of corpus.sh step 5, from the three packages, in path order
  local py sa gd f
  py=$(root libpython3.11-testsuite 3.11.2-6+deb12u9)
  sa=$(root spamassassin 4.0.1-1~deb12u1)
  gd=$(root git-doc 1:2.39.5-0+deb12u3)
  { for f in "$py"/usr/lib/python3.11/test/test_email/data/msg_*.txt; do printf '%s\t%s\n' "${f#"$py"}" "$py"; done
    for f in "$sa"/usr/share/doc/spamassassin/examples/sample-*.txt; do printf '%s\t%s\n' "${f#"$sa"}" "$sa"; done
    grep -l '^From: ' "$gd"/usr/share/doc/git-doc/howto/*.txt | while IFS= read -r f; do printf '%s\t%s\n' "${f#"$gd"}" "$gd"; done
  } | sort -t$'\t' -k1,1 | while IFS=$'\t' read -r rel r; do
    echo "From MAILER-DAEMON Thu Jan  1 00:00:00 1970"
    sed -e 's/^\(>*From \)/>\1/' -e 's/\r$//' "$r$rel"; echo
  done
}

GOROOT_=
grep -v '^#' "$HERE/sources.tsv" | while IFS=$'\t' read -r genre name pkg ver path; do
  mkdir -p "$OUT/$genre"; o=$OUT/$genre/$name
  case $genre/$pkg in
  */go) [ -n "$GOROOT_" ] || GOROOT_=$(goroot); cp "$GOROOT_/$path" "$o" ;;
  mail/*) mbox >"$o" ;;
  man/*) r=$(root "$pkg" "$ver")
       (cd "$r/usr/share/man" && LC_ALL=C.UTF-8 MANWIDTH=80 man -P cat -l "$r$path" >"$o" 2>/dev/null) ;;
  *) r=$(root "$pkg" "$ver"); zcat -f -- "$r$path" >"$o" ;;
  esac
done
cd "$OUT" && sha256sum --quiet -c "$HERE/SHA256SUMS" && echo "fetch.sh: $(grep -vc '^#' "$HERE/sources.tsv") files rebuilt and checked in $OUT"
