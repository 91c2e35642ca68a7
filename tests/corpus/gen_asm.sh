#!/bin/sh
# Guards: "visafin asm" of "visafin disasm"'s listing of every IGC Gen
# binary in the corpus (bdw, skl, icllp, tgllp) gives back the identical
# bytes, compaction included.  Binaries the disassembler rejects (one
# BDW kernel uses sends, which Gen8 lacks) are skipped.
. "$(dirname "$0")/common.sh"
for dev in bdw skl icllp tgllp; do
	for dat in "$CORPUS/$dev"/*.igc.dat; do
		[ -f "$dat" ] || continue
		"$VF" disasm -p "$dev" "$dat" >"$TMP/s" 2>/dev/null || continue
		if ! "$VF" asm -p "$dev" "$TMP/s" -o "$TMP/x.bin" 2>"$TMP/err"; then
			bad "$dat: $(head -c 300 "$TMP/err")"
		elif cmp -s "$dat" "$TMP/x.bin"; then
			ok
		else
			bad "$dat: reassembled bytes differ"
		fi
	done
done
finish
