#!/usr/bin/env bash
# doc-corpus.sh [DIR] — build the Markdown and XML inputs of bench/run.sh
# (default DIR=/tmp/corpus), from what is installed on the machine:
#   md/           every *.md (and *.md.gz, unpacked) under /usr/share/doc and the
#                 Go module cache, tree kept: real READMEs, changelogs and docs
#   sitemap.xml   a sitemap of ~50 MB: the <url> entry shape of sitemaps.org's
#                 example (loc, lastmod, xhtml:link, image:image) over the real
#                 paths of the HTML corpus, repeated with a counter
#   feed-rss.xml  ~50 MB: the items of a real RSS 2.0 feed (chardet's test data,
#                 pihgy.hu, HTML descriptions, xml:base) repeated
#   feed-atom.xml ~50 MB: the entries of a real Atom feed (chardet's test data,
#                 anitabee.blogspot.com, HTML content) repeated
# Deterministic for a given set of installed files (LC_ALL=C, sorted).
# A feed whose source is missing is left out with a note.
set -euo pipefail
export LC_ALL=C
OUT=${1:-/tmp/corpus}
SIZE=${XML_BYTES:-50000000}
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)

# Markdown tree.
rm -rf "$OUT/md.tmp"; mkdir -p "$OUT/md.tmp/doc" "$OUT/md.tmp/gomod"
(cd /usr/share/doc && find . -type f -name '*.md' -print0 | sort -z | tar --null -T - -cf -) | tar -xf - -C "$OUT/md.tmp/doc"
(cd /usr/share/doc && find . -type f -name '*.md.gz' -print0 | sort -z) | while IFS= read -r -d '' f; do
  mkdir -p "$OUT/md.tmp/doc/$(dirname "$f")"; gzip -dc "/usr/share/doc/$f" >"$OUT/md.tmp/doc/${f%.gz}"
done
mod=$(go env GOMODCACHE 2>/dev/null || true)
if [ -n "$mod" ] && [ -d "$mod" ]; then
  (cd "$mod" && find . -type f -name '*.md' -not -path './cache/*' -print0 | sort -z | tar --null -T - -cf -) | tar -xf - -C "$OUT/md.tmp/gomod"
fi
chmod -R u+w "$OUT/md.tmp"; rm -rf "$OUT/md"; mv "$OUT/md.tmp" "$OUT/md"

# Repeat the entries of a document: head, then the entries (the lines from the
# first line matching $2 to the last line matching $3) until SIZE, then tail.
repeat() { # FILE START END OUT
  awk -v s="$2" -v e="$3" -v size="$SIZE" '
    { line[NR] = $0 }
    first == 0 && $0 ~ s { first = NR }
    $0 ~ e { last = NR }
    END {
      if (!first || last < first) { exit 1 }
      for (i = 1; i < first; i++) { print line[i]; n += length(line[i]) + 1 }
      while (n < size) for (i = first; i <= last; i++) { print line[i]; n += length(line[i]) + 1 }
      for (i = last + 1; i <= NR; i++) print line[i]
    }' "$1" >"$4"
}
chardet=$(ls -d /usr/lib/google-cloud-sdk/platform/gsutil/third_party/chardet/tests/utf-8 2>/dev/null || true)
if [ -f "$chardet/pihgy.hu.xml" ]; then
  repeat "$chardet/pihgy.hu.xml" '^ *<item>' '</item>$' "$OUT/feed-rss.xml"
else echo "no RSS source ($chardet/pihgy.hu.xml): feed-rss.xml left out" >&2; rm -f "$OUT/feed-rss.xml"; fi
if [ -f "$chardet/anitabee.blogspot.com.xml" ]; then
  repeat "$chardet/anitabee.blogspot.com.xml" '^<entry' '^</entry>$' "$OUT/feed-atom.xml"
else echo "no Atom source: feed-atom.xml left out" >&2; rm -f "$OUT/feed-atom.xml"; fi

# Sitemap: the paths of the HTML corpus (or of /usr/share/doc) as pages of a site.
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
  src=$OUT/html; [ -d "$src" ] || src=/usr/share/doc
  (cd "$src" && find . -type f | sort | sed 's|^\./||') | awk -v size="$SIZE" '
    { p[NR] = $0 }
    END {
      while (n < size) {
        for (i = 1; i <= NR && n < size; i++) {
          r = sprintf("  <url>\n    <loc>https://docs.example.org/r%d/%s</loc>\n    <lastmod>2026-11-%02d</lastmod>\n    <changefreq>weekly</changefreq>\n", k, p[i], i % 28 + 1)
          if (i % 3 == 0) r = r sprintf("    <xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://docs.example.org/de/r%d/%s\"/>\n", k, p[i])
          if (i % 5 == 0) r = r sprintf("    <image:image><image:loc>https://docs.example.org/img/r%d/%d.png</image:loc></image:image>\n", k, i)
          r = r "  </url>"
          print r; n += length(r) + 1
        }
        k++
      }
    }'
  echo '</urlset>'
} >"$OUT/sitemap.xml"
du -sh "$OUT/md" "$OUT"/sitemap.xml "$OUT"/feed-*.xml >&2
