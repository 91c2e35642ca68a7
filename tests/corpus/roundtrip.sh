#!/bin/sh
# Guards: every corpus .isa (all devices) reads and writes back
# byte-identical through "visafin convert".
. "$(dirname "$0")/common.sh"
for isa in "$CORPUS"/*/*.isa; do
	if "$VF" convert "$isa" -o "$TMP/x.isa" 2>"$TMP/err" &&
	   cmp -s "$isa" "$TMP/x.isa"; then
		ok
	else
		bad "$isa: $(head -c 300 "$TMP/err")"
	fi
done
finish
