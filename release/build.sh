#!/usr/bin/env bash
# Release archives of urix, made by one command (issue 32):
#
#   release/build.sh [VERSION]           every platform, into dist/
#   release/build.sh --check             linux/amd64 only, then installs the
#                                        .deb into a scratch root and runs
#                                        urix --version from it (CI)
#
# For linux, darwin and windows on amd64 and arm64: a static binary
# (CGO_ENABLED=0) with the version and VCS revision set by the linker, so
# that --version tells them however the tree was fetched, in an archive
# (.tar.gz; .zip for windows) that holds README.md, LICENSE, the manual
# page and the shell completions; a .deb for linux (dpkg-deb, no other
# tool); SHA256SUMS over them all. VERSION defaults to git describe.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
if [ "${1:-}" = "--check" ]; then
  check=true
  shift
fi
version=${1:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)
out=${DIST:-dist}
platforms="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"
$check && platforms="linux/amd64"

rm -rf "$out"
mkdir -p "$out"
ldflags="-s -w -X github.com/urix/urix/internal/cli.release=$version -X github.com/urix/urix/internal/cli.revision=$revision"
# -trimpath rebuilds every package (the build cache of go test is keyed
# without it): a release has it, the CI check saves the minutes.
trim=-trimpath
$check && trim=

for p in $platforms; do
  os=${p%/*} arch=${p#*/}
  name="urix-$version-$os-$arch"
  stage="$out/stage/$name"
  mkdir -p "$stage/completions" "$stage/man/man1"
  exe=urix
  [ "$os" = windows ] && exe=urix.exe
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build $trim -buildvcs=false -ldflags "$ldflags" -o "$stage/$exe" .
  cp README.md LICENSE "$stage/"
  cp doc/urix.1 "$stage/man/man1/"
  cp completions/urix.bash completions/_urix completions/urix.fish "$stage/completions/"
  if [ "$os" = windows ]; then
    if command -v zip >/dev/null; then
      (cd "$out/stage" && zip -qr "../$name.zip" "$name")
    else
      (cd "$out/stage" && python3 -m zipfile -c "../$name.zip" "$name")
    fi
  else
    tar -C "$out/stage" -czf "$out/$name.tar.gz" "$name"
  fi
  if [ "$os" = linux ]; then
    debarch=$arch
    deb="$out/stage/deb-$arch"
    mkdir -p "$deb/DEBIAN" "$deb/usr/bin" "$deb/usr/share/man/man1" \
      "$deb/usr/share/bash-completion/completions" "$deb/usr/share/zsh/vendor-completions" \
      "$deb/usr/share/fish/vendor_completions.d" "$deb/usr/share/doc/urix"
    cp "$stage/urix" "$deb/usr/bin/"
    gzip -9n < doc/urix.1 > "$deb/usr/share/man/man1/urix.1.gz"
    cp completions/urix.bash "$deb/usr/share/bash-completion/completions/urix"
    cp completions/_urix "$deb/usr/share/zsh/vendor-completions/"
    cp completions/urix.fish "$deb/usr/share/fish/vendor_completions.d/"
    cp LICENSE "$deb/usr/share/doc/urix/copyright"
    debversion=${version#v}
    case $debversion in [0-9]*) ;; *) debversion="0~$debversion" ;; esac
    cat > "$deb/DEBIAN/control" <<CONTROL
Package: urix
Version: $debversion
Architecture: $debarch
Maintainer: urix developers <urix@users.noreply.github.com>
Section: utils
Priority: optional
Homepage: https://github.com/urix/urix
Description: find the URIs in text, mail, HTML, Markdown, XML and documents
 urix prints the URIs embedded in plain text, e-mail and mbox files, HTML,
 Markdown, XML feeds, WARC archives, PDF, Office and EPUB files as absolute
 URIs, one per line or as JSON Lines; urix pick chooses one to open.
CONTROL
    dpkg-deb -Zgzip --root-owner-group --build "$deb" "$out/urix_${debversion}_${debarch}.deb" >/dev/null
  fi
done
rm -rf "$out/stage"
(cd "$out" && sha256sum -- * > SHA256SUMS)
ls -l "$out"

if $check; then
  # Install the .deb into a scratch root and run the binary from it, and
  # check the checksums and the archive's contents.
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  (cd "$out" && sha256sum -c --quiet SHA256SUMS)
  dpkg -x "$out"/urix_*_amd64.deb "$root"
  got=$("$root/usr/bin/urix" --version)
  echo "$got"
  case $got in
    "urix $version (${revision:0:12})"*) ;;
    *) echo "release: --version of the .deb's urix is \"$got\", want urix $version (${revision:0:12}) ..."; exit 1 ;;
  esac
  for f in usr/share/man/man1/urix.1.gz usr/share/bash-completion/completions/urix usr/share/zsh/vendor-completions/_urix usr/share/fish/vendor_completions.d/urix.fish; do
    [ -s "$root/$f" ] || { echo "release: the .deb has no $f"; exit 1; }
  done
  tar -tzf "$out"/urix-*-linux-amd64.tar.gz | grep -q 'man/man1/urix.1$' || { echo "release: the archive has no man page"; exit 1; }
  echo "release check: ok"
fi
