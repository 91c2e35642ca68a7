#!/bin/sh
# Guards the finalizer's correctness on the corpus oracle: every
# kernel of each platform finalized into a .gen file (no raw .dat beside it, so gensim
# takes code, scratch size and relocations from visafin's own metadata,
# "gensim corpus --gen"), and every recipe run that passes with IGC's own
# binary passes with visafin's ("lost to visafin 0", as
# shared/checks/finalizer.sh counts).  Platforms the finalizer supports
# are listed in VF_ORACLE_PLATFORMS (default: skl bxt bdw icllp).
. "$(dirname "$0")/common.sh"
[ -x "$GS" ] || { echo "no gensim at $GS"; exit 1; }
for dev in ${VF_ORACLE_PLATFORMS:-skl bxt bdw icllp}; do
	mkdir -p "$TMP/$dev"
	for v in "$CORPUS/$dev"/*.simd*.visaasm; do
		case "$v" in *.f[0-9].visaasm) continue ;; esac
		base=$(basename "${v%.visaasm}")
		funcs=$(ls "${v%.visaasm}".f[0-9].visaasm 2>/dev/null)
		# shellcheck disable=SC2086
		"$VF" -p "$dev" "$v" $funcs -o "$TMP/$dev/$base.gen" \
			2>"$TMP/err" || bad "$base: $(head -c 300 "$TMP/err")"
	done
	"$GS" corpus "$CORPUS" "$dev" 2>/dev/null | grep '^PASS ' |
		sort >"$TMP/igc.$dev"
	"$GS" corpus "$CORPUS" "$dev" --gen "$TMP/$dev" 2>/dev/null |
		grep '^PASS ' | sort >"$TMP/ours.$dev"
	lost=$(comm -23 "$TMP/igc.$dev" "$TMP/ours.$dev")
	if [ -n "$lost" ]; then
		bad "$dev: runs lost to visafin: $lost"
	else
		ok
	fi
	echo "$dev: IGC $(wc -l <"$TMP/igc.$dev") passed," \
	     "visafin $(wc -l <"$TMP/ours.$dev") passed"
done
finish
