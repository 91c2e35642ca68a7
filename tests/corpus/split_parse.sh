#!/bin/sh
# Guards: parsing a text's instructions on two threads (visa/
# visaasm_split.c) changes nothing.  Every corpus .visaasm of skl and
# tgllp is finalized with the split forced (--split-parse 1: every text
# whose instructions take a byte) and without it (--split-parse 0): the
# assembly, status and messages must be the same; so must they be for a
# few texts cut short in the middle of their instructions (a late error)
# and with a bad line put at two thirds.  (tests/unit/test_parse_split
# compares the parsed modules themselves, source lines included.)
. "$(dirname "$0")/common.sh"
both() {  # both NAME PLATFORM IN: same output, status and messages
	"$VF" -p "$2" "$3" --no-siblings -S --split-parse 0 -o "$TMP/a" \
	    >"$TMP/ea" 2>&1
	sa=$?
	"$VF" -p "$2" "$3" --no-siblings -S --split-parse 1 -o "$TMP/b" \
	    >"$TMP/eb" 2>&1
	sb=$?
	if [ "$sa" = "$sb" ] && cmp -s "$TMP/ea" "$TMP/eb" &&
	   { [ "$sa" != 0 ] || cmp -s "$TMP/a" "$TMP/b"; }; then
		ok
	else
		bad "$1: status $sa/$sb, $(head -c 200 "$TMP/ea") / $(head -c 200 "$TMP/eb")"
	fi
	rm -f "$TMP/a" "$TMP/b"
}
for p in skl tgllp; do
	for t in "$CORPUS/$p"/*.visaasm; do
		both "$t" "$p" "$t"
	done
done
for t in $(ls "$CORPUS"/skl/*.visaasm | head -20); do
	n=$(wc -l <"$t")
	head -n $((n * 3 / 4)) "$t" | head -c -7 >"$TMP/cut.visaasm"
	both "$t cut" skl "$TMP/cut.visaasm"
	awk -v m=$((n * 2 / 3)) 'NR == m { print "    add (M1, 16) X9(0,0)<1> 0x1:d" } { print }' \
	    "$t" >"$TMP/bad.visaasm"
	both "$t bad line" skl "$TMP/bad.visaasm"
done
finish
