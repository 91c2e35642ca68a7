#!/bin/sh
# Guards: "visafin disasm" of every IGC Gen binary in the corpus
# (bdw, skl, icllp, tgllp) equals "iga64 -d" after the normalisation of
# shared/checks/genisa.sh (comments, {Compacted}, label lines and runs of
# blanks dropped).  Binaries iga64 itself cannot decode are skipped.
. "$(dirname "$0")/common.sh"
need_tools "" iga64
norm() {
	sed -e 's#//.*##' -e 's/{Compacted}//' -e 's/[[:space:]]\{1,\}/ /g' \
	    -e 's/ *$//' -e '/^ *$/d' -e '/^ *L[0-9]*:$/d'
}
for d in bdw:8 skl:9 icllp:11 tgllp:12p1; do
	dev=${d%%:*}
	p=${d#*:}
	for dat in "$CORPUS/$dev"/*.igc.dat; do
		[ -f "$dat" ] || continue
		iga64 -d -p="$p" "$dat" >"$TMP/iraw" 2>/dev/null || continue
		norm <"$TMP/iraw" >"$TMP/i"
		if ! "$VF" disasm -p "$dev" "$dat" >"$TMP/vraw" 2>"$TMP/err"; then
			bad "$dat: $(head -c 300 "$TMP/err")"
			continue
		fi
		norm <"$TMP/vraw" >"$TMP/v"
		if cmp -s "$TMP/i" "$TMP/v"; then
			ok
		else
			bad "$dat: differs from iga64 -d -p=$p:"
			diff "$TMP/i" "$TMP/v" | head -6
		fi
	done
done
finish
