#!/usr/bin/env python3
"""mutate-visaasm.py OUTDIR N SEED [--near REGEX] TEXT.visaasm...

Writes N mutated copies of the given vISA assembly texts,
OUTDIR/m00000.visaasm ..., to compare the messages and exit codes of two
builds on broken input (docs/bench.md, "Text front end, session 7").
Each copy changes one line of one text: 1 to 3 bytes deleted, doubled,
replaced or inserted, or (without --near) the line dropped, doubled or
swapped with the next.  With --near REGEX only lines matching REGEX are
changed, within 8 bytes before and 24 after the match (e.g. '\\(M\\d'
for execution sizes, 'V\\d+\\(' for operand tails, '^\\.decl').
Deterministic for a given SEED.
"""
import os
import random
import re
import sys

BYTES = b' \t(),<>;:.=-+*/!~&|^%[]{}"\\_0123456789abcdefxMNPVGTSArq\n\x00'


def edit(rnd, line, lo, hi):
    line = bytearray(line)
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        j = rnd.randrange(lo, min(hi, len(line)) + 1)
        r = rnd.random()
        if r < 0.35 and j < len(line):
            del line[j]
        elif r < 0.5 and j < len(line):
            line.insert(j, line[j])
        elif r < 0.8 and j < len(line):
            line[j] = rnd.choice(BYTES)
        else:
            line.insert(j, rnd.choice(BYTES))
    return bytes(line)


def main(argv):
    near = None
    if '--near' in argv:
        k = argv.index('--near')
        near = re.compile(argv[k + 1].encode())
        del argv[k:k + 2]
    out, count, seed, files = argv[1], int(argv[2]), int(argv[3]), argv[4:]
    rnd = random.Random(seed)
    texts = [open(f, 'rb').read().split(b'\n') for f in files]
    os.makedirs(out, exist_ok=True)
    made = 0
    while made < count:
        lines = list(rnd.choice(texts))
        if near:
            hits = [i for i, l in enumerate(lines) if near.search(l)]
            if not hits:
                continue
            i = rnd.choice(hits)
            m = near.search(lines[i])
            lines[i] = edit(rnd, lines[i], max(0, m.start() - 8),
                            m.start() + 24)
        else:
            i = rnd.randrange(len(lines))
            r = rnd.random()
            if r < 0.06:
                del lines[i]
            elif r < 0.1:
                lines.insert(i, lines[i])
            elif r < 0.13 and i + 1 < len(lines):
                lines[i], lines[i + 1] = lines[i + 1], lines[i]
            else:
                lines[i] = edit(rnd, lines[i], 0, len(lines[i]))
        path = os.path.join(out, 'm%05d.visaasm' % made)
        with open(path, 'wb') as f:
            f.write(b'\n'.join(lines))
        made += 1


if __name__ == '__main__':
    main(sys.argv)
