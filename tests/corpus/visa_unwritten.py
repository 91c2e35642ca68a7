#!/usr/bin/env python3
"""visa_unwritten.py X.visaasm... - vISA variables a kernel reads but no
instruction writes (inputs, aliases of written variables and block/gather
results excluded).  Evidence for front-end bugs: IGC 1.0.12504's SIMD32
subroutines compute the second half (M5) of a return value and never copy
it to the variable the caller reads (docs/gensim.md "Remaining
mismatches").  A variable written only through an alias root counts as
written; predefined surfaces and r0 aliases may show up as noise (V0035
or V0036, the thread payload, in IGC's kernels)."""
import re
import sys


def unwritten(text):
    decl = {}
    for m in re.finditer(r'^\.decl (\S+) .*?(alias=<(\S+), \d+>)?$', text, re.M):
        decl[m.group(1)] = m.group(3)
    inputs = set(re.findall(r'^\.input (\S+)', text, re.M))
    written, read = set(), set()
    stores = ('cmp', 'store', 'scatter', 'svm_scatter', 'svm_block_st',
              'oword_st', 'media_st', 'write')
    for line in text.splitlines():
        line = line.split('///')[0].strip()
        if not line or line.startswith('.') or line.endswith(':'):
            continue
        names = re.findall(r'\b(V\d+)\(', line)
        m = re.match(r'(\(\S+\)\s*)?(\S+)\s+\(', line)
        if not m or not names:
            continue
        if m.group(2).startswith(stores):
            read.update(names)
            continue
        written.add(names[0])
        read.update(names[1:])
    written.update(re.findall(r'\b(V\d+)\.0\b', text))

    def root(v):
        while decl.get(v):
            v = decl[v]
        return v
    roots = {root(v) for v in written} | written
    return sorted(v for v in read if v in decl and v not in written and
                  root(v) not in roots and v not in inputs and
                  root(v) not in inputs)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        print(f'{path}: {" ".join(unwritten(open(path).read())) or "-"}')


if __name__ == '__main__':
    main()
