#!/bin/sh
# Guards: every SKL kernel of the corpus finalizes ("visafin -p skl ...
# --raw") and its Gen binary decodes under "iga64 -d -p=9 -Wall" without a
# message.  The stack-call functions of a kernel (*.f<K>.visaasm) are
# passed as extra inputs, as shared/checks/finalizer-skl.sh does.
. "$(dirname "$0")/common.sh"
if ! command -v iga64 >/dev/null 2>&1; then
	echo "iga64 not found"
	if [ "${CI:-}" = true ]; then exit 1; fi
	exit 77
fi
for v in "$CORPUS"/skl/*.simd*.visaasm; do
	case "$v" in *.f[0-9].visaasm) continue ;; esac
	base=$(basename "${v%.visaasm}")
	funcs=$(ls "${v%.visaasm}".f[0-9].visaasm 2>/dev/null)
	# shellcheck disable=SC2086
	if ! "$VF" -p skl "$v" $funcs --raw -o "$TMP/$base.dat" 2>"$TMP/err"; then
		bad "$base: $(head -c 300 "$TMP/err")"
		continue
	fi
	if iga64 -d -p=9 -Wall "$TMP/$base.dat" 2>"$TMP/iga" >/dev/null &&
	   [ ! -s "$TMP/iga" ]; then
		ok
	else
		bad "$base: iga64: $(head -c 300 "$TMP/iga")"
	fi
done
finish
