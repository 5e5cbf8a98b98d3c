#!/usr/bin/env python3
"""Writes links.html (the round-trip input) and links.want: the links
urix must find in the PDF LibreOffice makes of it, made absolute and
percent-encoded, one per line. LibreOffice drops the links whose host is
not ASCII (it writes no annotation for them): they are not wanted."""
import html
from urllib.parse import quote, urljoin

BASE = "http://base.example/docs/guide/"
links = []  # (href, text)
for i in range(30):
    links.append((f"http://example.com/abs/p{i}?q={i}&r=x#frag{i}", f"absolute link {i}"))
for i in range(10):
    links.append((f"https://secure.example.org/s/{i}/", f"secure {i}"))
for i in range(5):
    links.append((f"rel/page-{i}.html", f"relative {i}"))
for i in range(5):
    links.append((f"../up-{i}.html", f"up {i}"))
for i in range(5):
    links.append((f"/root-{i}", f"root {i}"))
for i in range(10):
    links.append((f"https://example.com/caf\u00e9/\u00fcber-{i}", f"non-ASCII path {i}"))
for i in range(5):
    links.append((f"http://\u4f8b\u3048.jp/\u30d1\u30b9-{i}", f"IDN {i}"))
for i in range(10):
    links.append(("https://long.example.net/" + "/".join(f"segment{k}-of-a-long-path" for k in range(8)) + f"/end{i}.html?with=query&and=more", f"long {i}"))
for i in range(10):
    links.append((f"mailto:user{i}@example.com", f"mail {i}"))

prose = []
want_text = []
for i in range(10):
    u = f"http://prose.example/article/{i}/a-rather-long-path-segment-to-force-wrapping/and-another-one/index.html"
    prose.append(f"<p>In the middle of a sentence the address {u} appears as plain text, wrapped by the layout where it must, and the sentence goes on after it.</p>")
    want_text.append(u)
for i in range(5):
    u = f"https://short.example/{i}"
    prose.append(f"<p>A short one: {u} here.</p>")
    want_text.append(u)

with open("links.html", "w", encoding="utf-8") as f:
    f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><base href="%s"><title>Links</title></head><body>\n' % BASE)
    for href, text in links:
        f.write(f'<p><a href="{html.escape(href)}">{text}</a></p>\n')
    f.write("\n".join(prose))
    f.write("\n</body></html>\n")

with open("links.want", "w", encoding="utf-8") as f:
    for href, _ in links:
        if "\u4f8b" in href:
            continue  # LibreOffice writes no link for a non-ASCII host
        f.write(quote(urljoin(BASE, href), safe=":/?#[]@!$&'()*+,;=%") + "\n")
    for u in want_text:
        f.write(u + "\n")
