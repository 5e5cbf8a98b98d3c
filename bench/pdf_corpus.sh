#!/bin/sh
# Builds the real-PDF set of issue 33 from Debian's packages: fetches
# each package of bench/pdf_corpus.txt (apt-get download; or LIST as the
# second argument), unpacks it and copies every PDF (a .pdf.gz unpacked)
# to DIR/pdfs, named by its path less /usr/share/, "/" made "_"
# (doc_xorg-docs_xlfd_xlfd.pdf). Then prints the packages fetched (with
# their versions) and the PDFs by producer (pdfinfo's Producer, in
# families). Run as root, or where apt-get download may write.
# Usage: bench/pdf_corpus.sh DIR [LIST]
#        bench/pdf_corpus.sh -producers FILE.pdf...  (the count by producer only)
# Then, e.g.: URIX=./urix sh bench/pdf_contradicted.sh DIR/pdfs/*.pdf
set -eu
export LC_ALL=C

producers() {
	for f in "$@"; do
		pdfinfo "$f" 2>/dev/null | sed -n 's/^Producer: *//p' | head -1 | grep . || echo '(none)'
	done | sed -E 's/^(MiKTeX )?pdfe?tex.*|^pdflatex.*/pdfTeX/I; s/^LuaH?B?TeX.*/LuaTeX/; s/^xdvipdfmx.*/xdvipdfmx/
		s/^dvipdfmx?( .*)?$/dvipdfmx/; s/.*Ghostscript.*/Ghostscript/; s/^Acrobat Distiller.*/Acrobat Distiller/
		s/^cairo.*/cairo/; s/^LibreOffice.*/LibreOffice/; s/^Apache FOP.*/Apache FOP/; s/.*Quartz PDFContext.*/Quartz/
		s/^ReportLab.*/ReportLab/; s/^XeTeX.*/XeTeX/; s/^itext.*/iText/' |
		sort | uniq -c | sort -k1,1rn -k2 | sed 's/^ */  /'
}

if [ "${1:-}" = -producers ]; then
	shift
	producers "$@"
	exit
fi
dir=${1:?usage: pdf_corpus.sh DIR [LIST]}
list=${2:-$(dirname "$0")/pdf_corpus.txt}
mkdir -p "$dir/debs" "$dir/pdfs"
dir=$(cd "$dir" && pwd)
pkgs=$(sed 's/#.*//' "$list" | tr -s ' \t' '\n' | grep . || true)
# shellcheck disable=SC2086
(cd "$dir/debs" && apt-get download $pkgs >"$dir/download.log" 2>&1) || {
	cat "$dir/download.log" >&2
	exit 1
}
for deb in "$dir"/debs/*.deb; do
	x=$dir/x/$(basename "$deb" .deb)
	rm -rf "$x"
	mkdir -p "$x"
	dpkg-deb -x "$deb" "$x"
	(cd "$x" && find . -type f \( -name '*.pdf' -o -name '*.pdf.gz' \) | sort) | while IFS= read -r f; do
		n=$(printf '%s' "${f#./}" | sed 's|^usr/share/||; s|^usr/||; s|/|_|g; s|\.gz$||')
		case $f in
		*.gz) gzip -dc "$x/$f" >"$dir/pdfs/$n" ;;
		*) cp "$x/$f" "$dir/pdfs/$n" ;;
		esac
	done
	rm -rf "$x"
done
rmdir "$dir/x" 2>/dev/null || true
echo "packages:"
(cd "$dir/debs" && ls -- *.deb) | sed 's/^/  /'
echo "PDFs by producer:"
producers "$dir"/pdfs/*.pdf
echo "$(ls "$dir"/pdfs/*.pdf | wc -l) PDFs in $dir/pdfs"
