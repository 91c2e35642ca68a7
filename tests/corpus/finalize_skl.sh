#!/bin/sh
# Guards: every kernel of the corpus finalizes ("visafin -p P ... --raw")
# and its Gen binary decodes under "iga64 -d -p=N -Wall" without a
# message, for each "P:N" of VF_FINALIZE_PLATFORMS (default skl:9 bxt:9
# bdw:8; the name is historical).  The stack-call functions of a kernel (*.f<K>.visaasm) are
# passed as extra inputs, as shared/checks/finalizer-skl.sh does.
. "$(dirname "$0")/common.sh"
need_tools "" iga64
for pp in ${VF_FINALIZE_PLATFORMS:-skl:9 bxt:9 bdw:8}; do
dev=${pp%%:*}
igap=${pp#*:}
for v in "$CORPUS/$dev"/*.simd*.visaasm; do
	case "$v" in *.f[0-9].visaasm) continue ;; esac
	base=$(basename "${v%.visaasm}")
	funcs=$(ls "${v%.visaasm}".f[0-9].visaasm 2>/dev/null)
	# shellcheck disable=SC2086
	if ! "$VF" -p "$dev" "$v" $funcs --raw -o "$TMP/$base.dat" 2>"$TMP/err"; then
		bad "$dev/$base: $(head -c 300 "$TMP/err")"
		continue
	fi
	if iga64 -d -p="$igap" -Wall "$TMP/$base.dat" 2>"$TMP/iga" >/dev/null &&
	   [ ! -s "$TMP/iga" ]; then
		ok
	else
		bad "$dev/$base: iga64: $(head -c 300 "$TMP/iga")"
	fi
done
done
finish
