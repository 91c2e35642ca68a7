#!/bin/sh
# Guards: parsing a text's instructions on two threads (visa/
# visaasm_split.c) changes nothing.  Every corpus .visaasm (all devices)
# is parsed with the split forced (VISAFIN_SPLIT_PARSE=1: every text
# whose instructions take a byte) and without it (=0): the binary form
# (convert) and, on skl, the finalized assembly must be the same; so
# must the message and status of the text cut short in the middle of
# its instructions (a late error) and with a bad line put at its middle.
. "$(dirname "$0")/common.sh"
both() {  # both NAME CMD...: same output file, status and messages
	name=$1
	shift
	VISAFIN_SPLIT_PARSE=0 "$@" -o "$TMP/a" >"$TMP/ea" 2>&1
	sa=$?
	VISAFIN_SPLIT_PARSE=1 "$@" -o "$TMP/b" >"$TMP/eb" 2>&1
	sb=$?
	if [ "$sa" = "$sb" ] && cmp -s "$TMP/ea" "$TMP/eb" &&
	   { [ "$sa" != 0 ] || cmp -s "$TMP/a" "$TMP/b"; }; then
		ok
	else
		bad "$name: status $sa/$sb, $(head -c 200 "$TMP/ea") / $(head -c 200 "$TMP/eb")"
	fi
	rm -f "$TMP/a" "$TMP/b"
}
for t in "$CORPUS"/*/*.visaasm; do
	both "$t" "$VF" convert "$t" --no-siblings
	case $t in
	*/skl/*) both "$t -S" "$VF" -p skl "$t" --no-siblings -S ;;
	esac
done
# Damaged copies of a few texts (a name keeps its message's file name).
for t in $(ls "$CORPUS"/skl/*.visaasm | head -20); do
	n=$(wc -l <"$t")
	head -n $((n * 3 / 4)) "$t" | head -c -7 >"$TMP/cut.visaasm"
	both "$t cut" "$VF" convert "$TMP/cut.visaasm" --no-siblings
	awk -v m=$((n * 2 / 3)) 'NR == m { print "    add (M1, 16) X9(0,0)<1> 0x1:d" } { print }' \
	    "$t" >"$TMP/bad.visaasm"
	both "$t bad line" "$VF" convert "$TMP/bad.visaasm" --no-siblings
done
finish
