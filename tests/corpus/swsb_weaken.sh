#!/bin/sh
# The hazard checker must catch what it is for: IGC's own TGLLP binaries
# with one annotation weakened (a $t.dst/$t.src wait dropped, an @N raised
# to @N+1 or dropped at @7; tests/corpus/swsb_tool.c "weaken" picks only
# annotations whose dependence is certain: producer earlier in the same
# block) must fail "gensim --swsb-check" at the weakened instruction's
# offset naming the register, whenever that block runs.  A run that
# passes means the block did not run for the recipe's inputs (counted,
# not a failure); a hazard at another offset or register, or any other
# failure, is a test failure.  Also: every run passes with the unchanged
# binary, and the stripped binaries (no SWSB at all) all fail.
#
# By default every STRIDE-th candidate over the corpus (about 160 runs,
# a few seconds); SWSB_WEAKEN_ALL=1 tries all of them (docs/swsb.md has
# the figures).
. "$(dirname "$0")/common.sh"
need_corpus runs.json tgllp
TOOL=$VF_BUILD/tests/corpus/swsb_tool
[ -x "$GS" ] && [ -x "$TOOL" ] || { echo "no gensim or swsb_tool"; exit 1; }
STRIDE=${SWSB_WEAKEN_STRIDE:-40}
[ "${SWSB_WEAKEN_ALL:-0}" = 1 ] && STRIDE=1

# the recipes IGC's binaries pass with the checker on
"$GS" corpus "$CORPUS" tgllp --swsb-check 2>/dev/null | grep '^PASS ' |
	awk '{print $3 ".simd" substr($4, 5)}' | sort > "$TMP/pass"

caught=0; unreached=0; bad=0; seen=0
for base in $(cat "$TMP/pass"); do
	dat="$CORPUS/tgllp/$base.igc.dat"
	recipe=${base%.simd*}; simd=${base##*.simd}
	n=$("$TOOL" candidates "$dat") || { echo "FAIL: candidates $base"; exit 1; }
	k=0
	while [ "$k" -lt "$n" ]; do
		if [ $((seen % STRIDE)) -eq 0 ]; then
			mkdir -p "$TMP/w"
			r=$("$TOOL" weaken "$dat" "$TMP/w/$base.dat" "$k") || {
				echo "FAIL: swsb_tool weaken $base $k"; bad=$((bad + 1)); break; }
			[ "$r" = none ] && { echo "FAIL: $base: candidate $k of $n missing"; bad=$((bad + 1)); break; }
			set -- $r   # PC REG HOW
			out=$("$GS" corpus "$CORPUS" tgllp --gen "$TMP/w" --only \
			       "$recipe" --simd "$simd" --swsb-check 2>&1 | grep -E '^(PASS|FAIL) ')
			case "$out" in
			PASS*) unreached=$((unreached + 1))
			       [ -n "${SWSB_WEAKEN_VERBOSE:-}" ] && echo "not run: $base $k $r";;
			*"SWSB hazard at $1: "*" $2, "*) caught=$((caught + 1))
			       [ -n "${SWSB_WEAKEN_VERBOSE:-}" ] && echo "caught: $base $k $r";;
			*) echo "FAIL: $base $3 at $1 ($2): $out"; bad=$((bad + 1));;
			esac
			rm -rf "$TMP/w"
		fi
		seen=$((seen + 1)); k=$((k + 1))
	done
done

# stripped binaries: every run must be rejected
mkdir -p "$TMP/s"
for base in $(cat "$TMP/pass"); do
	"$TOOL" strip "$CORPUS/tgllp/$base.igc.dat" "$TMP/s/$base.dat" ||
		{ echo "FAIL: strip $base"; bad=$((bad + 1)); }
done
strip_ok=$("$GS" corpus "$CORPUS" tgllp --gen "$TMP/s" --swsb-check 2>&1 |
           grep -c '^PASS ')
strip_n=$(wc -l < "$TMP/pass")
echo "weakened annotations: $seen candidates, tried $((caught + unreached + bad))" \
     "(every ${STRIDE}th): caught at the right offset and register $caught," \
     "block not run $unreached, wrong $bad"
echo "stripped binaries: $strip_ok of $strip_n runs pass the checker (want 0)"
[ "$bad" -eq 0 ] && [ "$caught" -gt 0 ] && [ "$strip_ok" -eq 0 ] &&
	[ "$strip_n" -gt 0 ]
