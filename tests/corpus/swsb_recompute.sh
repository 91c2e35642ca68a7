#!/bin/sh
# The SWSB pass on every IGC TGLLP binary of the public corpus: strip
# IGC's scoreboard (fields and its sync.nop/allrd/allwr), recompute it
# with swsb_assign, re-encode (tests/corpus/swsb_tool.c), then
#   1. iga64 -d -p=12p1 -Wall prints nothing for every kernel,
#   2. gensim --swsb-check passes every run that IGC's own binary passes
#      without the check (no run lost, no hazard),
#   3. second opinion: the same stripped kernels through
#      "iga64 -a -Xauto-deps"; figures of IGC, ours and IGA side by side
#      and how many runs IGA's output passes under --swsb-check
#      (informational, docs/swsb.md discusses them).
# SWSB_COMPARE_OUT=FILE writes the per-kernel figures (CSV).  About 30 s.
. "$(dirname "$0")/common.sh"
need_corpus runs.json tgllp
TOOL=$VF_BUILD/tests/corpus/swsb_tool
[ -x "$GS" ] && [ -x "$TOOL" ] || { echo "no gensim or swsb_tool"; exit 1; }
need_tools "" iga64
mkdir -p "$TMP/ours" "$TMP/strip" "$TMP/iga"
fail=0; n=0; clean=0; igaok=0
csv=${SWSB_COMPARE_OUT:-$TMP/compare.csv}
echo "kernel,who,insts,syncs,dists,distsum,token_waits,allrdwr" > "$csv"
for dat in "$CORPUS"/tgllp/*.igc.dat; do
	b=$(basename "$dat" .igc.dat); n=$((n + 1))
	if ! "$TOOL" recompute "$dat" "$TMP/ours/$b.dat" "$TMP/map" >/dev/null
	then
		echo "FAIL: $b: recompute"; fail=$((fail + 1)); continue
	fi
	# syncs moved the code: move the program-data relocations with it
	if command -v python3 >/dev/null; then
		python3 - "$CORPUS/manifest.tgllp.json" "$b" "$TMP/map" \
		          "$TMP/ours/$b.rel.json" <<'EOF'
import json, sys, bisect
man, base, mapf, out = sys.argv[1:]
for e in json.load(open(man))['entries']:
    if e.get('files', {}).get('igc_dat', '').endswith('/' + base + '.igc.dat'):
        rel = (e.get('program_data') or {}).get('relocations') or []
        if rel:
            m = [tuple(map(int, l.split())) for l in open(mapf)]
            old = [a for a, _ in m]
            for r in rel:
                k = bisect.bisect_right(old, r['offset']) - 1
                r['offset'] = m[k][1] + r['offset'] - m[k][0]
            json.dump({'relocations': rel}, open(out, 'w'))
EOF
	fi
	m=$(iga64 -d -p=12p1 -Wall "$TMP/ours/$b.dat" 2>&1 >/dev/null | wc -l)
	if [ "$m" -eq 0 ]; then clean=$((clean + 1))
	else echo "FAIL: $b: iga64 -Wall:"; iga64 -d -p=12p1 -Wall \
		"$TMP/ours/$b.dat" 2>&1 >/dev/null | head -3; fail=$((fail + 1)); fi
	"$TOOL" strip "$dat" "$TMP/strip/$b.dat" &&
	iga64 -d -p=12p1 "$TMP/strip/$b.dat" > "$TMP/strip/$b.asm" 2>/dev/null &&
	iga64 -a -p=12p1 -Xauto-deps "$TMP/strip/$b.asm" -o "$TMP/iga/$b.dat" \
		>/dev/null 2>&1 && igaok=$((igaok + 1))
	for who in igc ours iga; do
		case $who in igc) f=$dat;; *) f=$TMP/$who/$b.dat;; esac
		[ -f "$f" ] || continue
		"$TOOL" stats "$f" | awk -v k="$b" -v w="$who" \
			'{print k "," w "," $2 "," $4 "," $6 "," $8 "," $10 "," $12}' >> "$csv"
	done
done
"$GS" corpus "$CORPUS" tgllp 2>/dev/null | grep '^PASS ' | sort > "$TMP/igc"
"$GS" corpus "$CORPUS" tgllp --gen "$TMP/ours" --swsb-check 2>&1 |
	grep -E '^(PASS|FAIL) ' > "$TMP/ours.all"
grep '^PASS ' "$TMP/ours.all" | sort > "$TMP/ours.pass"
lost=$(comm -23 "$TMP/igc" "$TMP/ours.pass" | wc -l)
if [ "$lost" -ne 0 ]; then
	comm -23 "$TMP/igc" "$TMP/ours.pass" | while read -r _ _ k s; do
		grep " $k $s" "$TMP/ours.all"; done
	fail=$((fail + 1))
fi
igapass=$("$GS" corpus "$CORPUS" tgllp --gen "$TMP/iga" --swsb-check 2>&1 |
          grep -c '^PASS ')
echo "recomputed $n kernels: iga64 -Wall clean $clean/$n;" \
     "runs passed with --swsb-check: ours $(wc -l < "$TMP/ours.pass")," \
     "IGC without the check $(wc -l < "$TMP/igc"), lost $lost"
awk -F, 'NR > 1 { i[$2] += $3; s[$2] += $4; d[$2] += $5; ds[$2] += $6;
	t[$2] += $7; a[$2] += $8 }
	END { for (w in i) printf "  %-5s instructions %6d  sync.nop %4d" \
		"  sync.allrd/allwr %4d  @N %5d (mean N %.2f)  token waits %5d\n",
		w, i[w], s[w], a[w], d[w], d[w] ? ds[w] / d[w] : 0, t[w] }' \
	"$csv" | sort
echo "  iga64 -Xauto-deps assembled $igaok/$n; its output passes" \
     "--swsb-check in $igapass runs"
[ "$fail" -eq 0 ] && [ "$clean" -eq "$n" ] && [ "$n" -gt 0 ]
