#!/usr/bin/env bash
# bench/json-css-corpus.sh DIR — write the generated inputs of the JSON and
# CSS benchmarks into DIR: api.json, an API dump of ~50 MB with two URLs an
# object, one with "\/" escapes (the shape of GitHub's), and style.css, a
# stylesheet of ~50 MB with a url() a rule. bench/run.sh times urix on them
# and bench/pgo.sh profiles it on them: one generator, so that both read
# the same bytes.
set -euo pipefail
dir=${1:?usage: bench/json-css-corpus.sh DIR}
mkdir -p "$dir"
awk 'BEGIN { for (i = 0; n < 50000000; i++) { s = sprintf("  {\"id\": %d, \"login\": \"user%d\", \"site_admin\": false, \"score\": %d.5, \"tags\": [\"a\", \"b\"], \"avatar_url\": \"https:\\/\\/avatars.example.com\\/u\\/%d?v=4\", \"html_url\": \"https://example.com/user%d\", \"bio\": \"Writes Go and \\\"things\\\".\\nSee my blog \\u2014 it is fine.\", \"created_at\": \"2020-01-%02dT10:00:00Z\"},\n", i, i, i % 100, i, i, i % 28 + 1); printf "%s", (i ? "" : "[\n") s; n += length(s) } print "  {}\n]" }' >"$dir/api.json"
awk 'BEGIN { for (i = 0; n < 50000000; i++) { s = sprintf(".c%d > a:hover, #n%d .item {\n  color: #%06x; margin: 0 auto 1em; font: 12px/1.5 \"Helvetica Neue\", Arial, sans-serif;\n  background: url(\"../img/p%d.png\") no-repeat left top, linear-gradient(to right, #fff 0%%, #eee 100%%);\n  transition: opacity .2s ease-in-out; /* https://css.example/spec#%d */\n}\n", i, i, i % 16777216, i, i); if (i % 50 == 0) s = s sprintf("@import url(\"theme%d.css\") screen;\n@font-face { font-family: f%d; src: url(fonts/f%d.woff2) format(\"woff2\"), url(\x27fonts/f%d.woff\x27) format(\"woff\"); }\n", i, i, i, i); printf "%s", s; n += length(s) } }' >"$dir/style.css"
