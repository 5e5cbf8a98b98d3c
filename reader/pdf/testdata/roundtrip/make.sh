#!/bin/sh
# Makes the round-trip test's PDFs: links.html (written by gen.py, with
# links-PRODUCER.want, the links each PDF holds) converted by LibreOffice
# and by Chromium's print to PDF. Run it from this directory; the test
# itself needs neither (apt-get install -y libreoffice-writer chromium).
set -e
python3 gen.py
libreoffice --headless --convert-to pdf:writer_web_pdf_Export links.html >/dev/null
mv links.pdf links-libreoffice.pdf
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
	--print-to-pdf=links-chromium.pdf "file://$(pwd)/links.html" 2>/dev/null
