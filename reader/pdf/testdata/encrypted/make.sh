#!/bin/sh
# Makes the encrypted PDFs of TestEncryptedProducers with real producers
# (qpdf 11 and LibreOffice 7), from ../golden/uri-annot.pdf and a text
# file. Run it from this directory. The test itself needs neither.
set -e
src=../golden/uri-annot.pdf
qpdf --encrypt "" owner 256 -- $src qpdf-aes256-r6.pdf
qpdf --encrypt "" owner 256 --force-R5 -- $src qpdf-aes256-r5.pdf
qpdf --encrypt "" owner 128 --use-aes=y -- $src qpdf-aes128.pdf
qpdf --allow-weak-crypto --encrypt "" owner 128 --use-aes=n -- $src qpdf-rc4-128.pdf
qpdf --allow-weak-crypto --encrypt "" owner 40 -- $src qpdf-rc4-40.pdf
qpdf --encrypt "secret" owner 256 -- $src qpdf-password.pdf
printf 'Encrypted text http://encrypted.example/text\n' >lo.txt
libreoffice --headless --convert-to 'pdf:writer_pdf_Export:{"RestrictPermissions":{"type":"boolean","value":"true"},"PermissionPassword":{"type":"string","value":"owner"}}' lo.txt >/dev/null
mv lo.pdf libreoffice-rc4.pdf
rm lo.txt
