#!/bin/sh
# Compares the URIs urix finds in the text of PDF pages with those it
# finds in poppler's text of the same file (pdftotext FILE - | urix
# --read-as text): one block per file that differs, "<" for a URI only in
# pdftotext's text, ">" for one only urix's reading of the PDF finds,
# then the counts. A URI the PDF's link annotations give is left out
# of both sides (urix reports it once, as the annotation), and so are
# the URIs of embedded files, which pdftotext does not read.
# Each differing line ends with a tab and its cause: the line's verdict
# in bench/pdf_text_judged.tsv (or $JUDGED; matched by the file's last
# path element, the side and the URI) when it is there, else "cut"
# (pdftotext's URI is the start of one of urix's: a wrapped URI left
# cut), "joined" (urix's URI continues one of pdftotext's), "hyphen"
# (the two differ by a hyphen at a line break), "annot" (urix's URI is a
# link elsewhere in the file, left out of pdftotext's side only), or
# "?" when nothing sorts it: judge it and add it to the judged list.
# Usage: bench/pdf_text_oracle.sh FILE.pdf...
# Needs pdftotext (poppler-utils) and jq; urix from PATH or $URIX.
set -u
export LC_ALL=C
URIX=${URIX:-urix}
JUDGED=${JUDGED:-$(dirname "$0")/pdf_text_judged.tsv}
[ -r "$JUDGED" ] || JUDGED=/dev/null
files=0 same=0 differ=0 only_poppler=0 only_urix=0 both=0
tmp=$(mktemp -d)
# classify reads the differing lines, then the judged list, and prints
# each line with its cause (see above).
classify='
function nohyphen(u, p,   i) {
	for (i = 1; i <= length(u); i++)
		if (substr(u, i, 1) == "-" && index(substr(u, 1, i - 1) substr(u, i + 1), p) == 1)
			return 1
	return 0
}
FNR == NR { side[NR] = substr($0, 1, 1); uri[NR] = substr($0, 3); n = NR; next }
/^#/ || FNR == 1 { next }
{
	split($0, c, "\t"); k = c[1]; sub(/.*\//, "", k)
	if (k == name) { judged["<" c[4]] = c[5] " " c[6]; judged[">" c[3]] = c[5] " " c[6] }
}
END {
	while ((getline u < got) > 0) urix[u] = 1
	while ((getline u < annot) > 0) { urix[u] = 1; link[u] = 1 }
	while ((getline u < all) > 0) poppler[u] = 1
	for (i = 1; i <= n; i++) {
		u = uri[i]; why = "?"
		if ((side[i] u) in judged) why = "judged " judged[side[i] u]
		else if (side[i] == ">" && u in link) why = "annot"
		else if (side[i] == "<") {
			for (v in urix) if (v != u && index(v, u) == 1) why = "cut"
			if (why == "?") for (v in urix) if (nohyphen(v, u)) why = "hyphen"
		} else {
			for (v in poppler) if (v != u && index(u, v) == 1) why = "joined"
			if (why == "?") for (v in poppler) if (nohyphen(u, v)) why = "hyphen"
		}
		print side[i] " " u "\t" why
	}
}'
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	"$URIX" --format json -- "$f" 2>/dev/null >"$tmp/json"
	jq -r 'select(.kind | startswith("pdf-")) | .uri' "$tmp/json" | sort -u >"$tmp/annot"
	jq -r 'select((.kind | startswith("pdf-") | not) and .member == null) | .uri' "$tmp/json" | sort -u >"$tmp/got"
	pdftotext -q "$f" - 2>/dev/null | "$URIX" --read-as text 2>/dev/null | sort -u >"$tmp/all"
	comm -23 "$tmp/all" "$tmp/annot" >"$tmp/want"
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
		comm -3 "$tmp/want" "$tmp/got" | sed 's/^\t/> /; t; s/^/< /' |
			awk -v name="${f##*/}" -v got="$tmp/got" -v annot="$tmp/annot" -v all="$tmp/all" "$classify" - "$JUDGED" | tee -a "$tmp/sorted"
	fi
done
echo "files $files, identical $same, differing $differ; text URIs in both $both, only pdftotext's $only_poppler, only urix's $only_urix"
[ -s "$tmp/sorted" ] && printf 'causes:' && awk -F'\t' '{n[$2]++} END {for (c in n) printf " %s %d", c, n[c]; print ""}' "$tmp/sorted"
exit 0
