#!/bin/sh
# Guards: the finalizer's exact output for a few corpus kernels per
# platform (tests/data/golden/<platform>.<kernel>.hex, "xxd -p" of
# "visafin -p P K --raw").  A difference is either a bug or a meant
# change: then regenerate with VF_GOLDEN_UPDATE=1 and say why in the
# commit.  Kernels: SKL's reference shapes, BXT's accumulator multiplies
# (volume_ids, u64_hash), BDW's joined payloads (saxpy, volume_ids).
. "$(dirname "$0")/common.sh"
GOLD=$VF_SRC/tests/data/golden
for pk in skl:p_elementwise.saxpy.simd16 skl:p_index3d.volume_ids.simd32 \
          bxt:p_index3d.volume_ids.simd32 bxt:p_int64.u64_hash.simd32 \
          bdw:p_elementwise.saxpy.simd32 bdw:p_index3d.volume_ids.simd32; do
	dev=${pk%%:*}
	k=${pk#*:}
	v=$CORPUS/$dev/$k.visaasm
	if ! "$VF" -p "$dev" "$v" --raw -o "$TMP/k.dat" 2>"$TMP/err"; then
		bad "$dev/$k: $(head -c 300 "$TMP/err")"
		continue
	fi
	xxd -p "$TMP/k.dat" >"$TMP/k.hex"
	if [ "${VF_GOLDEN_UPDATE:-}" = 1 ]; then
		cp "$TMP/k.hex" "$GOLD/$dev.$k.hex"
	fi
	if cmp -s "$TMP/k.hex" "$GOLD/$dev.$k.hex"; then
		ok
	else
		bad "$dev/$k: differs from $GOLD/$dev.$k.hex"
	fi
done
finish
