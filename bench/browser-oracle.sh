#!/usr/bin/env bash
# bench/browser-oracle.sh [PAGES_DIR] [OUT_DIR] — record what Chromium makes
# of every link attribute of some HTML pages, as JSON goldens to hold urix
# (--spec whatwg, SPEC H2–H5, R2) against a real browser. Not run in CI: it
# needs Debian's chromium and npm's playwright-core, which it installs when
# missing (apt-get needs root or sudo).
#
# Each PAGES_DIR/*.html (default testdata/html) is served over HTTP on
# 127.0.0.1 and loaded in headless Chromium; for every element and
# attribute of the SPEC H3 table the page's own DOM resolves each URL the
# way links are (an <a> of that document with the value as href: the
# document's base URL and its encoding for the query), and
# OUT_DIR/NAME.json (default testdata/html/oracle) gets, in document order:
#
#   {"page": "NAME.html", "characterSet": "windows-1252",
#    "baseURI": "http://127.0.0.1:PORT/real/",
#    "links": [{"element": "a", "attr": "href", "value": "?q=x",
#               "resolved": "http://...", "valid": true}, ...]}
#
# "valid" is false where the URL parser rejects the value (the browser then
# keeps the value as written). URLs are recorded as served from
# http://127.0.0.1:PORT/ (PORT, default 18734, is in the JSON); compare with
#   urix --spec whatwg --schemes all --base http://127.0.0.1:PORT/NAME.html PAGE
# The href of an element inside <svg> or <math> is recorded whatever the
# element, a foreign <base> too, which urix does not report.
set -euo pipefail
cd "$(dirname "$0")/.."
PAGES=$(realpath "${1:-testdata/html}")
OUT=$(realpath -m "${2:-testdata/html/oracle}")
WORK=${WORK:-/tmp/urix-oracle}
mkdir -p "$OUT" "$WORK"

# Chromium from Debian, playwright-core from npm (no browser download).
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROME" ]; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q && $SUDO apt-get install -y -q chromium
  CHROME=$(command -v chromium)
fi
if [ ! -d "$WORK/node_modules/playwright-core" ]; then
  (cd "$WORK" && npm init -y >/dev/null && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund playwright-core@1)
fi

# A static server, stopped on every exit path, on a fixed port by default
# so that the goldens do not change from run to run.
PORT=${PORT:-18734}
python3 -m http.server --bind 127.0.0.1 --directory "$PAGES" "$PORT" >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PORT/" >/dev/null 2>&1 && break
  sleep 0.1
done

cat >"$WORK/oracle.js" <<'EOF'
// node oracle.js CHROME PORT OUT PAGE... : one JSON golden per page.
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');
const [chrome, port, out, ...pages] = process.argv.slice(2);

// SPEC H3: element -> link attributes, and how each holds its URLs.
const table = {
  a: { href: 'url', ping: 'list' }, area: { href: 'url', ping: 'list' }, link: { href: 'url' },
  img: { src: 'url', srcset: 'srcset', longdesc: 'url' }, script: { src: 'url' },
  iframe: { src: 'url', longdesc: 'url' }, frame: { src: 'url', longdesc: 'url' },
  embed: { src: 'url' }, source: { src: 'url', srcset: 'srcset' }, track: { src: 'url' },
  audio: { src: 'url' }, video: { src: 'url', poster: 'url' }, input: { src: 'url', formaction: 'url' },
  form: { action: 'url' }, button: { formaction: 'url' }, blockquote: { cite: 'url' },
  q: { cite: 'url' }, del: { cite: 'url' }, ins: { cite: 'url' }, object: { data: 'url' },
  body: { background: 'url' }, table: { background: 'url' }, td: { background: 'url' },
  th: { background: 'url' }, html: { manifest: 'url' },
};

function collect(table) {
  const links = [];
  const a = document.createElement('a'); // resolves as links do: base URL, document encoding
  const resolve = (v) => {
    let valid = true;
    try { new URL(v, document.baseURI); } catch { valid = false; }
    a.setAttribute('href', v);
    return { resolved: a.href, valid };
  };
  const add = (el, attr, v) => links.push({ element: el.localName, attr, value: v, ...resolve(v) });
  for (const el of document.querySelectorAll('*')) {
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      for (const attr of ['href', 'xlink:href']) {
        const v = el.getAttribute(attr);
        if (v !== null) add(el, attr, v.trim());
      }
      continue;
    }
    const attrs = table[el.localName] || {};
    for (const [attr, kind] of Object.entries(attrs)) {
      const v = el.getAttribute(attr);
      if (v === null) continue;
      if (kind === 'url') add(el, attr, v.trim());
      if (kind === 'list') v.split(/\s+/).filter(Boolean).forEach((u) => add(el, attr, u));
      if (kind === 'srcset') v.split(/,\s+|,$/).map((c) => c.trim().split(/\s+/)[0]).filter(Boolean).forEach((u) => add(el, attr, u));
    }
    // CSS in style attributes: url() and image-set() strings, as computed.
    const style = el.getAttribute('style');
    if (style) {
      for (const m of style.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)|image-set\(([^)]*)\)/gi)) {
        if (m[2] !== undefined) add(el, 'style', m[2]);
        else for (const s of m[3].matchAll(/(['"])(.*?)\1/g)) add(el, 'style', s[2]);
      }
    }
  }
  return { characterSet: document.characterSet.toLowerCase(), baseURI: document.baseURI, links };
}

(async () => {
  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox'] });
  const page = await browser.newPage();
  for (const file of pages) {
    const name = path.basename(file);
    await page.goto(`http://127.0.0.1:${port}/${encodeURIComponent(name)}`, { waitUntil: 'domcontentloaded' });
    const got = await page.evaluate(collect, table);
    const golden = { page: name, port: Number(port), ...got };
    fs.writeFileSync(path.join(out, name.replace(/\.html?$/, '') + '.json'), JSON.stringify(golden, null, 1) + '\n');
    console.log(`${name}: ${got.links.length} links, ${got.characterSet}, base ${got.baseURI}`);
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
EOF

shopt -s nullglob
pages=("$PAGES"/*.html)
[ ${#pages[@]} -gt 0 ] || { echo "browser-oracle: no .html files in $PAGES" >&2; exit 2; }
NODE_PATH="$WORK/node_modules" node "$WORK/oracle.js" "$CHROME" "$PORT" "$OUT" "${pages[@]}"
