#!/bin/sh
# Guards: random legal Gen instructions encoded by us (every operation of
# the layer with its type combinations, direct and indirect regions,
# immediates incl. V/UV/VF and 64-bit, predication incl. any/all, condition
# modifiers, saturation, source modifiers, options, branches with JIP/UIP,
# send/sends descriptors, math functions, Gen12 SWSB; compacted where
# possible) decode under "iga64 -d -Wall" without warning or error to the
# text we print for them, on bdw (-p=8), skl (9), icllp (11), tgllp (12p1).
# The generator's instructions must also pass "iga64 -a -Wall" (legal),
# their bits must equal iga64 -a's except for the documented IGC
# conventions (fields the syntax does not show; gen_random -c), and they
# decode, disassemble and reassemble with our own layer unchanged.
#
# VF_BUILD: build directory (default .); VF_PROP_SEED: seed (default
# fixed, so failures reproduce); VF_PROP_COUNT: instructions per platform
# (default 2000).  Reproduce one platform with
#   tests/prop/gen_random -p tgllp -s SEED -n COUNT -o /tmp/k -v
#   iga64 -d -p=12p1 -Wall /tmp/k.bin
# Without iga64 the test is skipped (exit 77), except under CI=true.
set -u
VF_BUILD=${VF_BUILD:-.}
GEN=$VF_BUILD/tests/prop/gen_random
SEED=${VF_PROP_SEED:-20240611}
COUNT=${VF_PROP_COUNT:-2000}
. "$(dirname "$0")/../common.sh"
need_tools "" iga64
if [ ! -x "$GEN" ]; then
	echo "$GEN not built (make check builds it)"
	exit 1
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# the normalisation of shared/checks/genisa.sh (docs/gen-isa.md)
norm() {
	sed -e 's#//.*##' -e 's/{Compacted}//' -e 's/[[:space:]]\{1,\}/ /g' \
	    -e 's/ *$//' -e '/^ *$/d' -e '/^ *L[0-9]*:$/d'
}

# compare: map (0xPC index selfcheck), our text, iga's text, iga's
# diagnostics, our listing (with labels), what "iga64 -a -Wall" says
# about it (the generator's legality check) and the indexes whose
# hidden bits differ from iga64 -a; prints failures, then "PASS FAIL"
compare() {
	awk -v plat="$1" '
	FILENAME == ARGV[1] { pc[FNR] = $1; idx[FNR] = $2; self[FNR] = $3;
	                      n = FNR; next }
	FILENAME == ARGV[2] { want[FNR] = $0; next }
	FILENAME == ARGV[3] { got[FNR] = $0; next }
	FILENAME == ARGV[4] {
		if (match($0, /byte offset 0x[0-9a-f]+/)) {
			off = substr($0, RSTART + 12, RLENGTH - 12)
			if (!(off in diag)) diag[off] = $0
		} else if ($0 ~ /(warning|error)/) {
			global = global $0 " "
		}
		next
	}
	FILENAME == ARGV[5] { if ($0 !~ /^L[0-9]+:$/) ord[FNR] = ++k; next }
	FILENAME == ARGV[7] { hidden[$1] = 1; next }
	# syntax hints ("implicit ... should be omitted") are not legality
	FILENAME == ARGV[6] && /^line [0-9]+\.[0-9]+: (warning|error)/ &&
	    !/should be omitted/ {
		split(substr($0, 6), a, ".")
		if ((a[1] in ord) && !(ord[a[1]] in legal)) legal[ord[a[1]]] = $0
	}
	END {
		pass = fail = shown = 0
		for (i = 1; i <= n; i++) {
			bad = self[i] != 1 || want[i] != got[i] || (pc[i] in diag) ||
			      (i in legal) || (idx[i] in hidden)
			if (!bad) { pass++; continue }
			fail++
			if (shown++ >= 12) continue
			printf "FAIL %s #%s pc %s\n    ours: %s\n    iga:  %s\n", \
			       plat, idx[i], pc[i], want[i], got[i]
			if (pc[i] in diag) printf "    %s\n", diag[pc[i]]
			if (i in legal) printf "    not legal: %s\n", legal[i]
			if (idx[i] in hidden) printf "    hidden bits differ from iga64 -a\n"
			if (self[i] != 1) printf "    (our decoder differs too)\n"
		}
		if (global != "") { printf "FAIL %s: %s\n", plat, global; fail++ }
		print pass, fail
	}' "$2.map" "$2.want" "$2.got" "$2.err" "$2.dis" "$2.asmerr" "$2.hid"
}

pass=0
fail=0
for d in bdw:8 skl:9 icllp:11 tgllp:12p1; do
	dev=${d%%:*}
	p=${d#*:}
	k=$TMP/$dev
	"$GEN" -p "$dev" -s "$SEED" -n "$COUNT" -o "$k" >"$k.gen" 2>&1
	enc=$(sed -n 's/.*, \([0-9]*\) encode failures.*/\1/p' "$k.gen")
	grep '^FAIL encode' -A1 "$k.gen" | head -8
	if [ -z "$enc" ] || [ ! -f "$k.bin" ]; then
		echo "FAIL $dev: generator failed"; cat "$k.gen" | tail -3
		fail=$((fail + COUNT))
		continue
	fi
	iga64 -d -p="$p" -Wall --output-on-fail "$k.bin" >"$k.iga" 2>"$k.err"
	# iga64 -a of our listing, all native: every instruction must be
	# legal for it (the generator's premise), and the bits the syntax
	# does not show must be IGA's or a documented IGC convention
	sed -e 's/{Compacted}//' -e 's/,Compacted//' -e 's/Compacted,//' \
	    "$k.dis" >"$k.nc"
	iga64 -a -p="$p" -Wall -Xforce-no-compact "$k.nc" -o "$k.asm.bin" \
	    >"$k.asmerr" 2>&1
	"$GEN" -p "$dev" -s "$SEED" -n "$COUNT" -c "$k.asm.bin" >"$k.cgen" 2>&1
	grep '^FAIL hidden' -A1 "$k.cgen" | head -6
	sed -n 's/^FAIL hidden [a-z]* #\([0-9]*\):.*/\1/p' "$k.cgen" >"$k.hid"
	if ! grep -q 'hidden-field differences' "$k.cgen"; then
		echo "FAIL $dev: no bit comparison with iga64 -a"; tail -3 "$k.asmerr"
		fail=$((fail + 1))
	fi
	norm <"$k.txt" >"$k.want"
	norm <"$k.iga" >"$k.got"
	compare "$dev" "$k" >"$k.cmp"
	sed '$d' "$k.cmp"
	set -- $(tail -1 "$k.cmp")
	echo "$dev: $1 passed, $(($2 + enc)) failed"
	pass=$((pass + $1))
	fail=$((fail + $2 + enc))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
