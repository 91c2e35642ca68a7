#!/bin/sh
# Guards examples/runtime.c, a runtime's use of the library: for a vISA
# text it finalizes (then hits the cache the second time, with the same
# figures), for a fat object it takes the embedded Gen binary; the code
# size, SIMD size and payload layout it prints are those of the visafin
# command's output for the same kernel, and its disassembly (vf_disasm)
# is the command's -S text.
set -u
VF_BUILD=${VF_BUILD:-.}
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF=$VF_BUILD/visafin
RT=$VF_BUILD/examples/runtime
K=$VF_SRC/examples/saxpy.simd8.visaasm
unset VISAFIN_CACHE_DIR VISAFIN_CACHE_MAX
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

"$VF" -p skl "$K" --raw -o "$TMP/saxpy.dat" || bad "visafin --raw"
"$VF" -p skl "$K" -S -o "$TMP/saxpy.asm" || bad "visafin -S"
"$VF" -p skl "$K" --fat -o "$TMP/fat.isa" || bad "visafin --fat"
size=$(wc -c <"$TMP/saxpy.dat")

"$RT" "$K" >"$TMP/plain" || bad "runtime on the text"
"$RT" --cache "$TMP/c" "$K" >"$TMP/cold" || bad "runtime, cold cache"
"$RT" --cache "$TMP/c" --disasm "$K" >"$TMP/warm" || bad "runtime, warm cache"
"$RT" --disasm "$TMP/fat.isa" >"$TMP/fat" || bad "runtime on the fat object"

grep -q '^kernel saxpy (finalized)$' "$TMP/plain" || bad "plain: not finalized"
grep -q '^kernel saxpy (finalized, now cached)$' "$TMP/cold" || bad "cold: not stored"
grep -q '^kernel saxpy (cache hit)$' "$TMP/warm" || bad "warm: no hit"
grep -q '^kernel saxpy (embedded)$' "$TMP/fat" || bad "fat: embedded binary not used"
for f in plain cold warm fat; do
	grep -q "^  code size     $size bytes\$" "$TMP/$f" || bad "$f: code size is not $size"
	grep -q '^  SIMD          8$' "$TMP/$f" || bad "$f: SIMD"
	grep -q '^  payload       r0, 96 bytes per thread, 76 bytes cross-thread$' \
		"$TMP/$f" || bad "$f: payload"
	[ "$(grep -c '^  input ' "$TMP/$f")" -eq 11 ] || bad "$f: not 11 inputs"
	grep -q '^  input 10      general id 39 at byte 192, 12 bytes$' "$TMP/$f" ||
		bad "$f: input 10"
done
# the finalized figures are the same from the cache
sed 1d "$TMP/plain" >"$TMP/a"
sed 1d "$TMP/cold" >"$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || bad "cache changed the figures"
# disassembly: the command's -S text after its "// kernel" line
sed 1d "$TMP/saxpy.asm" >"$TMP/asm"
sed -n '/^L0:/,$p' "$TMP/warm" >"$TMP/warm.asm"
sed -n '/^L0:/,$p' "$TMP/fat" >"$TMP/fat.asm"
[ -s "$TMP/asm" ] || bad "no -S text"
cmp -s "$TMP/asm" "$TMP/warm.asm" || bad "vf_disasm differs from visafin -S"
cmp -s "$TMP/asm" "$TMP/fat.asm" || bad "embedded disassembly differs"
# errors
"$RT" "$TMP/none.isa" 2>"$TMP/err" && bad "a missing file succeeded"
grep -q 'none.isa' "$TMP/err" || bad "no file name in the error"
"$RT" "$K" nosuch 2>"$TMP/err" && bad "a missing kernel succeeded"

echo "runtime example: $fail failures"
[ "$fail" -eq 0 ]
