#!/bin/sh
# Makes the round-trip test's PDF: links.html (written by gen.py, with
# links.want, the links it holds) converted by LibreOffice. Run it from
# this directory; the test itself needs no LibreOffice.
set -e
python3 gen.py
libreoffice --headless --convert-to pdf:writer_web_pdf_Export links.html >/dev/null
