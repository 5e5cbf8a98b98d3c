// linkify.js FILE: the links linkify-it finds in FILE, one per line, in
// order. Only links written with a scheme are asked for (fuzzyLink,
// fuzzyEmail and fuzzyIP off), the scope of the judged truth: urix's
// default finds no scheme-less www.host or bare e-mail address either.
const fs = require('fs');
const m = require('linkify-it');
const LinkifyIt = m.LinkifyIt || m.default || m;
// linkify-it 6.1.0: the constructor takes the options alone.
const l = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
const text = fs.readFileSync(process.argv[2], 'utf8');
for (const m of l.match(text) || []) process.stdout.write(m.url + '\n');
