#!/usr/bin/env python3
"""truth.py CORPUS OUT: write CORPUS/GENRE/FILE.truth and .neutral.

The truth of a file is every URI all four tools report equally often (OUT/TOOL/
GENRE/FILE, one a line), plus every URI judged T in judged.tsv (a verdict there also overrides the tools' agreement), as many
times as judged; .neutral (only where there are any) holds the URIs judged N (they count neither way).
Every disputed item must have a verdict in judged.tsv. URIs are listed in the
order of their first place in the file (a URI the file does not hold verbatim,
such as one joined across a line break, goes where the tool put it)."""
import collections, os, sys
TOOLS = ['urix', 'xurls', 'urifind', 'linkify']
corpus, out = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
judged = {}
for l in open(os.path.join(here, 'judged.tsv'), encoding='utf-8'):
    if l.startswith('#'):
        continue
    f, u, v, _ = l.rstrip('\n').split('\t')
    judged[(f, u)] = v
missing = 0
for g in sorted(os.listdir(corpus)):
    for name in sorted(os.listdir(os.path.join(corpus, g))):
        if name.endswith(('.truth', '.neutral')):
            continue
        key = f'{g}/{name}'
        text = open(os.path.join(corpus, g, name), encoding='utf-8', errors='replace').read()
        lists = {t: [l for l in open(os.path.join(out, t, g, name), encoding='utf-8', errors='replace').read().split('\n') if l] for t in TOOLS}
        counts = {t: collections.Counter(lists[t]) for t in TOOLS}
        truth, neutral = collections.Counter(), collections.Counter()
        order = []
        for t in TOOLS:
            for u in lists[t]:
                if u not in order:
                    order.append(u)
        for u in order:
            c = [counts[t][u] for t in TOOLS]
            v = judged.get((key, u))
            if v is None and len(set(c)) == 1:
                truth[u] = c[0]
                continue
            if v is None:
                print(f'no verdict: {key}\t{u}', file=sys.stderr)
                missing += 1
                continue
            for part in v.split():
                n = int(part[1:]) if len(part) > 1 else max(c)
                if part[0] == 'T':
                    truth[u] += n
                elif part[0] == 'N':
                    neutral[u] += n
        def place(u):
            i = text.find(u)
            return i if i >= 0 else order.index(u) * len(text) // max(len(order), 1)
        with open(os.path.join(corpus, g, name + '.truth'), 'w', encoding='utf-8') as w:
            for u in sorted(truth, key=place):
                w.write((u + '\n') * truth[u])
        np = os.path.join(corpus, g, name + '.neutral')
        if os.path.exists(np):
            os.remove(np)
        if neutral:
            with open(np, 'w', encoding='utf-8') as w:
                for u in sorted(neutral, key=place):
                    w.write((u + '\n') * neutral[u])
sys.exit(1 if missing else 0)
