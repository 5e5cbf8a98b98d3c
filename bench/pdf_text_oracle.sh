#!/bin/sh
# Compares the URIs urix finds in the text of PDF pages with those it
# finds in poppler's text of the same file (pdftotext FILE - | urix
# --type text): one block per file that differs, "<" for a URI only in
# pdftotext's text, ">" for one only urix's reading of the PDF finds,
# then the counts. A URI the PDF's link annotations give is left out
# of both sides (urix reports it once, as the annotation), and so are
# the URIs of embedded files, which pdftotext does not read.
# Usage: bench/pdf_text_oracle.sh FILE.pdf...
# Needs pdftotext (poppler-utils) and jq; urix from PATH or $URIX.
set -u
export LC_ALL=C
URIX=${URIX:-urix}
files=0 same=0 differ=0 only_poppler=0 only_urix=0 both=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	"$URIX" --format json -- "$f" 2>/dev/null >"$tmp/json"
	jq -r 'select(.kind | startswith("pdf-")) | .uri' "$tmp/json" | sort -u >"$tmp/annot"
	jq -r 'select((.kind | startswith("pdf-") | not) and .member == null) | .uri' "$tmp/json" | sort -u >"$tmp/got"
	pdftotext -q "$f" - 2>/dev/null | "$URIX" --type text 2>/dev/null | sort -u | comm -23 - "$tmp/annot" >"$tmp/want"
	files=$((files + 1))
	n=$(comm -12 "$tmp/want" "$tmp/got" | wc -l)
	a=$(comm -23 "$tmp/want" "$tmp/got" | wc -l)
	b=$(comm -13 "$tmp/want" "$tmp/got" | wc -l)
	both=$((both + n)) only_poppler=$((only_poppler + a)) only_urix=$((only_urix + b))
	if [ "$a" -eq 0 ] && [ "$b" -eq 0 ]; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "== $f"
		comm -3 "$tmp/want" "$tmp/got" | sed 's/^\t/> /; t; s/^/< /'
	fi
done
echo "files $files, identical $same, differing $differ; text URIs in both $both, only pdftotext's $only_poppler, only urix's $only_urix"
