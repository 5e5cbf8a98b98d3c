#!/bin/sh
# Compares the URIs of link annotations urix finds in PDF files with
# poppler's (pdfinfo -url): one line per file with the counts, then the
# differences. Usage: bench/pdf_oracle.sh [-record DIR] FILE.pdf...
# With -record DIR, pdfinfo's answer for each file is kept as
# DIR/NAME.pdfinfo (the goldens of the reader's oracle test).
# A "www." URI is compared with its "http://", as both read it.
# Needs pdfinfo (poppler-utils) and jq; urix from PATH or $URIX.
set -u
export LC_ALL=C
URIX=${URIX:-urix}
record=
if [ "${1:-}" = -record ]; then record=$2; shift 2; fi
files=0 links=0 same=0 differ=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	# "page<TAB>uri" of every URI link annotation, sorted.
	pdfinfo -url "$f" 2>/dev/null | awk 'NR > 1 && $2 == "Annotation" { p = $1; $1 = ""; $2 = ""; sub(/^  */, ""); print p "\t" $0 }' | sort >"$tmp/want"
	"$URIX" --format json -- "$f" 2>/dev/null |
		jq -r 'select(.kind == "pdf-annot" and .attr == "URI") | "\(.pdf_page)\t\(if (.raw | test("^www[.]"; "i")) then "http://" + .raw else .raw end)"' | sort >"$tmp/got"
	if [ -n "$record" ]; then cp "$tmp/want" "$record/$(basename "$f" .pdf).pdfinfo"; fi
	n=$(wc -l <"$tmp/want")
	files=$((files + 1)) links=$((links + n))
	if cmp -s "$tmp/want" "$tmp/got"; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "== $f: poppler $n, urix $(wc -l <"$tmp/got")"
		diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -10
	fi
done
echo "files $files, poppler links $links, identical files $same, differing files $differ"
