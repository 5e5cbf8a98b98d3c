#!/usr/bin/env bash
# bench/browser-oracle.sh [PAGES_DIR] [OUT_DIR] — record what Chromium makes
# of every link attribute of some HTML pages, as JSON goldens to hold urix
# (--spec whatwg, SPEC H2–H5, R2) against a real browser. Not run in CI: it
# needs Debian's chromium and npm's playwright-core, which it installs when
# missing (apt-get needs root or sudo).
#
# Each PAGES_DIR/*.html (default testdata/html) is served over HTTP on
# 127.0.0.1 and loaded in headless Chromium with JavaScript off (so
# <noscript> holds markup); every other request is answered "204 No
# Content", so nothing else loads and a meta refresh does not navigate. For
# every element and attribute of the SPEC H3 table the page's own DOM
# resolves each URL the way links are (an <a> of that document with the
# value as href: the document's base URL and its encoding for the query),
# and OUT_DIR/NAME.json (default testdata/html/oracle) gets, in tree order:
#
#   {"page": "NAME.html", "characterSet": "windows-1252",
#    "baseURI": "http://127.0.0.1:PORT/real/",
#    "links": [{"element": "a", "attr": "href", "value": "?q=x",
#               "resolved": "http://...", "valid": true}, ...]}
#
# A form's action and formaction are what the DOM's action and formAction
# give, but for an empty or blank value the document's URL, where
# Chromium submits the form (its formAction does not strip a blank value).
# Where no DOM API gives the URLs, the HTML standard's algorithm is run on
# the attribute: srcset ("parse a srcset attribute": candidates with
# invalid descriptors dropped) and meta refresh ("shared declarative
# refresh steps", the URL parsed against the document's URL when the
# <meta> comes before the first <base href>, as Chromium navigates). CSS
# URLs are those of Chromium's CSSOM (style attributes, and the rules and
# @import of HTML and SVG <style> sheets, attr ""): a declaration the
# browser drops, and a custom property's value, are not there. Elements of
# open shadow trees (declarative shadow DOM) are recorded too.
#
# "valid" is false where the URL parser rejects the value (the browser then
# keeps the value as written). URLs are recorded as served from
# http://127.0.0.1:PORT/ (PORT, default 18734, is in the JSON); compare with
#   urix --spec whatwg --schemes all --base http://127.0.0.1:PORT/NAME.html PAGE
# The href and xlink:href of every SVG and MathML element are recorded, a
# foreign <base> too, which urix does not report.
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
  a: { href: 'url', ping: 'list' }, area: { href: 'url', ping: 'list' }, link: { href: 'url', imagesrcset: 'srcset' },
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
  const ws = /[\t\n\f\r ]/;
  // The HTML standard's "parse a srcset attribute": the URL of every
  // candidate whose descriptors are valid (the ones a browser may fetch).
  const srcset = (s) => {
    const urls = [];
    let i = 0;
    for (;;) {
      while (i < s.length && (ws.test(s[i]) || s[i] === ',')) i++;
      if (i >= s.length) return urls;
      const start = i;
      while (i < s.length && !ws.test(s[i])) i++;
      let url = s.slice(start, i);
      const descs = [];
      if (url.endsWith(',')) url = url.replace(/,+$/, '');
      else {
        let cur = '', paren = false;
        for (; i < s.length; i++) {
          const c = s[i];
          if (paren) { cur += c; if (c === ')') paren = false; continue; }
          if (ws.test(c)) { if (cur) descs.push(cur); cur = ''; continue; }
          if (c === ',') { i++; break; }
          if (c === '(') paren = true;
          cur += c;
        }
        if (cur) descs.push(cur);
      }
      let w = false, d = false, h = false, err = false;
      for (const t of descs) {
        const n = t.slice(0, -1), k = t.slice(-1);
        if (k === 'w' && !w && !d && /^\d+$/.test(n) && +n > 0) w = true;
        else if (k === 'x' && !w && !d && !h && /^-?(\d+|\d*\.\d+)([eE][-+]?\d+)?$/.test(n) && +n >= 0) d = true;
        else if (k === 'h' && !h && !d && /^\d+$/.test(n) && +n > 0) h = true;
        else err = true;
      }
      if (h && !w) err = true;
      if (!err && url) urls.push(url);
    }
  };
  // The HTML standard's "shared declarative refresh steps": the URL of a
  // <meta http-equiv=refresh> content, or null.
  const refresh = (s) => {
    let i = 0;
    const skip = () => { while (i < s.length && ws.test(s[i])) i++; };
    skip();
    const t0 = i;
    while (i < s.length && /[0-9]/.test(s[i])) i++;
    if (i === t0 && s[i] !== '.') return null;
    while (i < s.length && /[0-9.]/.test(s[i])) i++;
    if (i >= s.length) return null;
    if (!/[;,\t\n\f\r ]/.test(s[i])) return null;
    skip();
    if (s[i] === ';' || s[i] === ',') i++;
    skip();
    if (i >= s.length) return null;
    let url = s.slice(i);
    parse: {
      if (/[Uu]/.test(s[i] || '')) i++; else break parse;
      if (/[Rr]/.test(s[i] || '')) i++; else return url;
      if (/[Ll]/.test(s[i] || '')) i++; else return url;
      skip();
      if (s[i] === '=') i++; else return url;
      skip();
    }
    let q = '';
    if (s[i] === '"' || s[i] === "'") { q = s[i]; i++; }
    url = s.slice(i);
    if (q && url.includes(q)) url = url.slice(0, url.indexOf(q));
    return url;
  };
  // The URLs of CSS declarations as Chromium's CSSOM holds them (invalid
  // declarations dropped, image-set() strings as url()).
  const unescape = (v) => v.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, h, c) => h ? String.fromCodePoint(parseInt(h, 16)) : c);
  const declURLs = (decl) => {
    const urls = [];
    for (let i = 0; i < decl.length; i++) {
      for (const m of decl.getPropertyValue(decl[i]).matchAll(/url\("((?:[^"\\]|\\.)*)"\)/g)) urls.push(unescape(m[1]));
    }
    return urls;
  };
  const rules = (el, list) => {
    for (const r of list) {
      if (r instanceof CSSImportRule) add(el, '', r.href);
      if (r.style) declURLs(r.style).forEach((u) => add(el, '', u));
      if (r.cssRules) rules(el, r.cssRules);
    }
  };
  // Every element in tree order, those of open shadow trees (declarative
  // shadow DOM: <template shadowrootmode=open>) after their host's.
  const elements = function* (root) {
    for (const el of root.querySelectorAll('*')) {
      yield el;
      if (el.shadowRoot) yield* elements(el.shadowRoot);
    }
  };
  // A meta refresh's URL is parsed when the element is inserted, against
  // the base of that moment: the document's URL before the first
  // <base href>.
  const firstBase = document.querySelector('base[href]');
  for (const el of elements(document)) {
    if (el.style) declURLs(el.style).forEach((u) => add(el, 'style', u));
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      for (const attr of ['href', 'xlink:href']) {
        const v = el.getAttribute(attr);
        if (v !== null) add(el, attr, v);
      }
      if (el.localName === 'style' && el.sheet) rules(el, el.sheet.cssRules); // an SVG <style>
      continue;
    }
    if (el.localName === 'style' && el.sheet) rules(el, el.sheet.cssRules);
    if (el.localName === 'meta' && (el.getAttribute('http-equiv') || '').toLowerCase() === 'refresh') {
      const u = refresh(el.getAttribute('content') || '');
      const before = !firstBase || (firstBase.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
      if (u !== null && before) {
        let r = { resolved: u, valid: false };
        try { r = { resolved: new URL(u, document.URL).href, valid: true }; } catch {}
        links.push({ element: 'meta', attr: 'content', value: u, ...r });
      } else if (u !== null) add(el, 'content', u);
    }
    const attrs = table[el.localName] || {};
    for (const [attr, kind] of Object.entries(attrs)) {
      const v = el.getAttribute(attr);
      if (v === null) continue;
      // A form's action as the browser submits to it: the document's
      // URL when empty or blank (the DOM's formAction does not strip a
      // blank formaction, the submission does).
      if (attr === 'action' || attr === 'formaction') {
        const blank = v.replace(/[\t\n\f\r ]+/g, '') === '';
        links.push({ element: el.localName, attr, value: v, ...resolve(v), resolved: blank ? document.URL : (attr === 'action' ? el.action : el.formAction) });
        continue;
      }
      if (kind === 'url') add(el, attr, v);
      if (kind === 'list') v.split(/[\t\n\f\r ]+/).filter(Boolean).forEach((u) => add(el, attr, u));
      if (kind === 'srcset') srcset(v).forEach((u) => add(el, attr, u));
    }
  }
  return { characterSet: document.characterSet.toLowerCase(), baseURI: document.baseURI, links };
}

(async () => {
  const browser = await chromium.launch({
    executablePath: chrome,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  // JavaScript off: <noscript> holds markup, and nothing but the parser
  // changes the DOM. Every request but the page's own gets "204 No
  // Content", so that no subresource loads and a meta refresh does not
  // navigate away.
  const context = await browser.newContext({ javaScriptEnabled: false });
  for (const file of pages) {
    const name = path.basename(file);
    const page = await context.newPage();
    const own = `http://127.0.0.1:${port}/${encodeURIComponent(name)}`;
    await page.route('**/*', (route) => (route.request().url() === own ? route.continue() : route.fulfill({ status: 204 })));
    await page.goto(`http://127.0.0.1:${port}/${encodeURIComponent(name)}`, { waitUntil: 'domcontentloaded' });
    const got = await page.evaluate(collect, table);
    const golden = { page: name, port: Number(port), ...got };
    fs.writeFileSync(path.join(out, name.replace(/\.html?$/, '') + '.json'), JSON.stringify(golden, null, 1) + '\n');
    console.log(`${name}: ${got.links.length} links, ${got.characterSet}, base ${got.baseURI}`);
    await page.close();
  }
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
EOF

shopt -s nullglob
pages=("$PAGES"/*.html)
[ ${#pages[@]} -gt 0 ] || { echo "browser-oracle: no .html files in $PAGES" >&2; exit 2; }
NODE_PATH="$WORK/node_modules" node "$WORK/oracle.js" "$CHROME" "$PORT" "$OUT" "${pages[@]}"
