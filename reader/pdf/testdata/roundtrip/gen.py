#!/usr/bin/env python3
"""Writes links.html (the round-trip input) and, for each producer, the
links urix must find in the PDF it makes of it (links-PRODUCER.want:
made absolute and percent-encoded, one per line, the annotations' and
the prose's).

What a producer drops, and so is not wanted of it:
  libreoffice  the links whose host is not ASCII (it writes no annotation
               for them)
  chromium     nothing; it writes a non-ASCII host in punycode
"""
import html
from urllib.parse import quote, urljoin, urlsplit, urlunsplit

BASE = "http://base.example/docs/guide/"
links = []  # (href, text)
for i in range(80):
    links.append((f"http://example.com/abs/p{i}?q={i}&r=x#frag{i}", f"absolute link {i}"))
for i in range(20):
    links.append((f"https://secure.example.org/s/{i}/", f"secure {i}"))
for i in range(15):
    links.append((f"rel/page-{i}.html", f"relative {i}"))
for i in range(15):
    links.append((f"../up-{i}.html", f"up {i}"))
for i in range(15):
    links.append((f"/root-{i}", f"root {i}"))
for i in range(10):
    links.append((f"//cdn.example.net/lib-{i}.js", f"scheme-relative {i}"))
for i in range(10):
    links.append((f"?page={i}", f"query only {i}"))
for i in range(20):
    links.append((f"https://example.com/caf\u00e9/\u00fcber-{i}", f"non-ASCII path {i}"))
for i in range(10):
    links.append((f"http://\u4f8b\u3048.jp/\u30d1\u30b9-{i}", f"IDN {i}"))
for i in range(20):
    links.append(("https://long.example.net/" + "/".join(f"segment{k}-of-a-long-path" for k in range(8)) + f"/end{i}.html?with=query&and=more", f"long {i}"))
for i in range(15):
    links.append((f"mailto:user{i}@example.com", f"mail {i}"))
for i in range(10):
    # A link inside a sentence, its text not the URI.
    links.append((f"https://inline.example/ref/{i}", None))

prose = []
want_text = []
for i in range(30):
    u = f"http://prose.example/article/{i}/a-rather-long-path-segment-to-force-wrapping/and-another-one/index.html"
    prose.append(f"<p>In the middle of a sentence the address {u} appears as plain text, wrapped by the layout where it must, and the sentence goes on after it.</p>")
    want_text.append(u)
for i in range(20):
    u = f"https://short.example/{i}"
    prose.append(f"<p>A short one: {u} here.</p>")
    want_text.append(u)


def absolute(href):
    u = urljoin(BASE, href)
    return quote(u, safe=":/?#[]@!$&'()*+,;=%")


def punycode(u):
    s = urlsplit(u)
    host = s.hostname.encode("idna").decode("ascii")
    return quote(urlunsplit((s.scheme, host, s.path, s.query, s.fragment)), safe=":/?#[]@!$&'()*+,;=%")


with open("links.html", "w", encoding="utf-8") as f:
    f.write('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><base href="%s"><title>Links</title>\n' % BASE)
    f.write("<style>p { overflow-wrap: anywhere; }</style></head><body>\n")
    for href, text in links:
        if text is None:
            f.write(f'<p>This sentence has <a href="{html.escape(href)}">a link in its words</a> and goes on.</p>\n')
        else:
            f.write(f'<p><a href="{html.escape(href)}">{text}</a></p>\n')
    f.write("\n".join(prose))
    f.write("\n</body></html>\n")

for producer in ("libreoffice", "chromium"):
    with open(f"links-{producer}.want", "w", encoding="utf-8") as f:
        for href, _ in links:
            if "\u4f8b" in href:
                if producer == "libreoffice":
                    continue  # no link for a non-ASCII host
                f.write(punycode(urljoin(BASE, href)) + "\n")
                continue
            f.write(absolute(href) + "\n")
        for u in want_text:
            f.write(u + "\n")
