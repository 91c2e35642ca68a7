#!/bin/sh
# Guards the gensim oracle: IGC's own binaries of the public corpus,
# run in gensim on every recipe, reproduce the expected outputs (PoCL or
# the C references) for at least 95% of the runs of every platform, and
# nothing is skipped.  The mismatches that remain are IGC's own
# miscompiles, listed in docs/gensim.md; a regression shows up as a
# lower count.  Runs in a few seconds.
. "$(dirname "$0")/common.sh"
need_corpus runs.json
[ -x "$GS" ] || { echo "no gensim at $GS"; exit 1; }
status=0
for dev in bdw skl bxt icllp tgllp; do
	"$GS" corpus "$CORPUS" "$dev" >"$TMP/$dev.txt" 2>&1
	grep -v '^PASS' "$TMP/$dev.txt"
	last=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' \
	       "$TMP/$dev.txt" | tail -1)
	p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
	f=$(echo "$last" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	s=$(echo "$last" | sed -n 's/.* \([0-9]*\) skipped.*/\1/p')
	p=${p:-0}; f=${f:-999}; s=${s:-999}
	echo "$dev: $p passed, $f failed, $s skipped"
	if [ $((p + f)) -eq 0 ] || [ $((100 * p)) -lt $((95 * (p + f))) ] ||
	   [ "$s" -ne 0 ]; then
		status=1
	fi
done
exit $status
