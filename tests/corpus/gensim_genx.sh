#!/bin/sh
# gensim_genx.sh CORPUS PLATFORM - a second opinion on gensim's verdicts:
# every (kernel, SIMD) entry of CORPUS/manifest.PLATFORM.json is also
# finalized by Intel's GenX_IR from IGC's own vISA (on copies: GenX_IR
# writes next to its input), and both binaries run in gensim against the
# recipes.  Each run where the two disagree, or both fail, is printed:
#   igc-only  IGC's binary fails, GenX_IR's passes: IGC's finalizer, or a
#             simulator rule only IGC's code meets
#   genx-only GenX_IR's binary fails, IGC's passes
#   both      both fail: the vISA itself (IGC's front end), the recipe,
#             or a simulator rule both meet
#   no-genx   GenX_IR made no binary (e.g. stack-call functions it
#             cannot link, or vISA it rejects)
# and a summary.  Not part of make check (GenX_IR takes about a second
# per entry).  docs/gensim.md "Second opinion" has the last results.
#   VF_BUILD  build folder with gensim (default .)
#   GENX_IR   the GenX_IR command (default GenX_IR)
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 CORPUS PLATFORM" >&2
	exit 2
fi
dir=$(cd "$1" && pwd) || exit 2
dev=$2
gs=$(cd "${VF_BUILD:-.}" && pwd)/gensim
genx=${GENX_IR:-GenX_IR}
manifest=$dir/manifest.$dev.json
[ -x "$gs" ] || { echo "no gensim at $gs" >&2; exit 2; }
[ -f "$manifest" ] || { echo "no $manifest" >&2; exit 2; }
command -v "$genx" >/dev/null 2>&1 || { echo "$genx not found" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/in" "$tmp/gen"
plat=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["genx_ir_platform"])' "$manifest")
# one line per entry: the vISA text and its stack-call functions
python3 - "$manifest" >"$tmp/entries" <<'PY'
import json, sys
for e in json.load(open(sys.argv[1]))["entries"]:
    f = e["files"]
    if "visaasm" not in f:
        continue
    funcs = [x["visaasm"] for x in f.get("stack_call_functions") or []]
    print(" ".join([f["visaasm"]] + funcs))
PY
while read -r text funcs; do
	stem=$(basename "${text%.visaasm}")
	cp "$dir/$text" "$tmp/in/"
	for f in $funcs; do cp "$dir/$f" "$tmp/in/"; done
	chmod u+w "$tmp"/in/*
	# a crash of GenX_IR only means no binary (the shell's report too)
	(cd "$tmp/gen" && "$genx" "../in/$stem.visaasm" -platform "$plat" \
		-binary; true) >/dev/null 2>&1
	rm -f "$tmp"/in/*
done <"$tmp/entries"
"$gs" corpus "$dir" "$dev" >"$tmp/igc.txt" 2>&1
"$gs" corpus "$dir" "$dev" --gen "$tmp/gen" >"$tmp/genx.txt" 2>&1
python3 - "$tmp/igc.txt" "$tmp/genx.txt" "$tmp/gen" "$dev" <<'PY'
import os, re, sys
def runs(path):
    res = {}
    for line in open(path):
        m = re.match(r'(PASS|FAIL) \S+ (\S+) simd(\d+)(.*)', line.rstrip())
        if m:
            res[(m.group(2), int(m.group(3)))] = (m.group(1), m.group(4).lstrip(': '))
    return res
igc, genx = runs(sys.argv[1]), runs(sys.argv[2])
count = {}
for key in sorted(igc):
    name, simd = key
    src, kernel = name.rsplit('.', 1)
    dat = os.path.join(sys.argv[3], f'{src}.{kernel}.simd{simd}.dat')
    i = igc[key][0] == 'PASS'
    g = genx.get(key, ('FAIL', 'no run'))[0] == 'PASS'
    if not os.path.exists(dat):
        kind = 'no-genx'
    elif i and g:
        kind = 'agree'
    else:
        kind = 'both' if not i and not g else 'igc-only' if not i else 'genx-only'
    count[kind] = count.get(kind, 0) + 1
    if kind != 'agree' and not (kind == 'no-genx' and i):
        print(f'{kind:9} {sys.argv[4]} {name} simd{simd}')
        if not i:
            print(f'  igc:  {igc[key][1][:200]}')
        if kind != 'no-genx' and not g:
            print(f'  genx: {genx.get(key, ("", "no run"))[1][:200]}')
print(', '.join(f'{v} {k}' for k, v in sorted(count.items())))
PY
