#!/bin/sh
# Guards: our parse of every corpus .visaasm describes the same object as
# Intel's own text-to-binary conversion (the .isa "GenX_IR X.visaasm
# -platform P -binary" writes), compared through "visafin dump" (which
# shows what IGC's short binary layout stores).  Two naming rules of
# GenX_IR's conversion differ from the .isa IGC itself writes and are
# normalised here (docs/visa-text-format.md): it stores the declared name
# of samplers/surfaces instead of their v_name, and stores subroutine
# labels with their "_<id>" suffix, which then prints twice.
. "$(dirname "$0")/common.sh"
need_tools "Debian: libigc-tools" GenX_IR
norm() {
	sed -E -e 's/^(\.decl [ST][0-9]+ v_type=[ST] num_elts=[0-9]+) v_name=[^ ]*/\1/' \
	       -e 's/\b([A-Za-z_][A-Za-z0-9_]*)_([0-9]+)_\2\b/\1_\2/g'
}
skipped=0
for dev in bdw skl bxt icllp tgllp; do
	plat=$(echo $dev | tr a-z A-Z)
	for txt in "$CORPUS"/$dev/*.visaasm; do
		case $txt in *.f[0-9]*.visaasm) continue ;; esac
		rm -f "$TMP"/k.*
		cp "$txt" "$TMP/k.visaasm"
		# GenX_IR may crash after writing k.isa (while finalizing).
		(cd "$TMP" && GenX_IR k.visaasm -platform $plat -binary \
			>/dev/null 2>&1) 2>/dev/null
		if [ ! -s "$TMP/k.isa" ]; then
			skipped=$((skipped + 1)); continue  # GenX_IR itself failed
		fi
		if "$VF" dump "$TMP/k.isa" 2>"$TMP/err" | norm >"$TMP/a" &&
		   "$VF" dump --no-siblings "$txt" 2>>"$TMP/err" | norm >"$TMP/b" &&
		   [ -s "$TMP/a" ] && cmp -s "$TMP/a" "$TMP/b"; then
			ok
		else
			bad "$txt: differs from GenX_IR's conversion $(head -c 200 "$TMP/err")"
			diff "$TMP/a" "$TMP/b" | head -6
		fi
	done
done
echo "($skipped texts GenX_IR could not convert itself)"
finish
