#!/bin/sh
# Regenerates the round-trip documents from links.html with pandoc and
# LibreOffice; neither is needed to run the tests, which read the
# committed outputs. Run from this directory: sh make.sh
# LibreOffice writes relative links relative to where it writes the
# document, so it writes here, beside links.html.
set -e
pandoc links.html -o pandoc.docx
pandoc links.html -o pandoc.odt
pandoc links.html -o pandoc.epub --metadata title="Round trip"
libreoffice --headless --convert-to docx:"MS Word 2007 XML" --outdir . links.html >/dev/null
mv links.docx libreoffice.docx
libreoffice --headless --convert-to odt:writer8 --outdir . links.html >/dev/null
mv links.odt libreoffice.odt
