#!/usr/bin/env python3
"""disputes.py CORPUS OUT [GENRE]: the items the tools disagree on.

For every file of CORPUS/GENRE it reads each tool's output OUT/TOOL/GENRE/FILE
(one URI a line, per occurrence), and prints every URI whose count differs
between the tools, with the counts and each line of the file that holds it
(or, for a URI the file does not hold verbatim, the lines holding its first
20 characters), so that it can be judged by reading its context."""
import collections, os, sys
TOOLS = ['urix', 'xurls', 'urifind', 'linkify']
corpus, out = sys.argv[1], sys.argv[2]
genres = sys.argv[3:] or sorted(os.listdir(corpus))
n = 0
for g in genres:
    for name in sorted(os.listdir(os.path.join(corpus, g))):
        if name.endswith(('.truth', '.neutral')):
            continue
        text = open(os.path.join(corpus, g, name), encoding='utf-8', errors='replace').read()
        lines = text.split('\n')
        counts = {}
        for t in TOOLS:
            p = os.path.join(out, t, g, name)
            counts[t] = collections.Counter(l for l in open(p, encoding='utf-8', errors='replace').read().split('\n') if l) if os.path.exists(p) else collections.Counter()
        union = []
        for t in TOOLS:
            for u in counts[t]:
                if u not in union:
                    union.append(u)
        for u in union:
            c = [counts[t][u] for t in TOOLS]
            if len(set(c)) == 1:
                continue
            n += 1
            print(f'=== {g}/{name}\t{u}')
            print('    ' + ' '.join(f'{t}={k}' for t, k in zip(TOOLS, c)))
            key = u if u in text else u[:20]
            shown = 0
            for i, l in enumerate(lines):
                if key in l:
                    print(f'    {i+1}: {l[:300]}')
                    shown += 1
                    if shown == 4:
                        break
print(f'{n} disputed items', file=sys.stderr)
