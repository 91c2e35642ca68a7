#!/bin/sh
# Guards gensim on kernels outside the public corpus: the OpenCL kernels in
# tests/data/gensim are built the corpus's way with ocloc for all five
# platforms (forced SIMD 8/16/32 on skl and tgllp), their recipes get PoCL's
# outputs through the corpus's pocl-run (a Python model for sub-groups), and
# IGC's binaries must reproduce every one in gensim (rounding modes,
# backward gotos, 3D images, program-scope globals, 64-bit atomics, spills,
# sub-group shuffles...).  Needs ocloc, PoCL,
# python3 and a C compiler; skipped (77) without them unless CI=true.
# Takes about a minute.
. "$(dirname "$0")/common.sh"
need_tools "" ocloc python3
need_corpus tools/pocl-run.c
[ -x "$GS" ] || { echo "no gensim at $GS"; exit 1; }
cp "$CORPUS/tools/pocl-run.c" "$CORPUS/tools/cref.h" \
   "$CORPUS/tools/cref_public.c" "$TMP/" || exit 1
${CC:-cc} -O2 -ffp-contract=off -fno-fast-math -I"$TMP" -o "$TMP/pocl-run" \
	"$TMP/pocl-run.c" "$TMP/cref_public.c" -lOpenCL -lm 2>"$TMP/cc.log" ||
	skip "cannot build pocl-run (OpenCL headers?): $(head -c 200 "$TMP/cc.log")"
python3 "$VF_SRC/tests/data/gensim/probe.py" "$TMP/set" "$TMP/pocl-run" ||
	skip "probe set could not be built"
# IGC's known miscompiles must fail (tests/data/gensim/igc_bugs.txt)
known=$VF_SRC/tests/data/gensim/igc_bugs.txt
status=0
for dev in bdw skl bxt icllp tgllp; do
	"$GS" corpus "$TMP/set" "$dev" >"$TMP/$dev.txt" 2>&1
	grep -q '^[0-9]* passed, [0-9]* failed, 0 skipped$' "$TMP/$dev.txt" ||
		{ echo "$dev: runs skipped or no summary"; status=1; }
	while read -r verdict plat run simd rest; do
		case $verdict in PASS|FAIL) ;; *) continue ;; esac
		w=${simd%:}
		listed=no
		grep -q "^$plat $run ${w#simd}\$" "$known" && listed=yes
		if [ "$verdict" = FAIL ] && [ $listed = no ]; then
			echo "FAIL $plat $run $simd $rest"; status=1
		elif [ "$verdict" = PASS ] && [ $listed = yes ]; then
			echo "XPASS $plat $run $w (listed as an IGC bug)"; status=1
		elif [ "$verdict" = FAIL ]; then
			echo "XFAIL $plat $run $w (IGC bug, igc_bugs.txt)"
		fi
	done <"$TMP/$dev.txt"
done
exit $status
