#!/bin/sh
# Guards: per-instruction vISA kernels (tests/fin/*.visaasm) finalize for
# every platform the finalizer supports (VF_FIN_PLATFORMS, "platform:iga
# -p value" pairs, default skl:9 bxt:9 bdw:8 icllp:11
# tgllp:12p1), decode under "iga64 -d
# -p=P -Wall" without a message, and compute
# the expected values when run in gensim ("gensim run", docs/gensim.md
# "Running one kernel").  Each kernel carries its gensim arguments
# (inputs, buffers, expected outputs) on "//! " comment lines; a kernel
# with a SpillMemOffset attribute must spill: its scratch messages must
# start exactly at that offset (docs/finalizer.md "Tests").  A kernel
# using an instruction a platform does not have ("<op> is unsupported on
# <platform>", platforms/visa_avail.def) is skipped there, and so is one
# whose "//! platforms:" line does not name the platform.  One marked
# "//@ no-spill" must have no scratch message.
# Exit 77 without iga64 unless CI=true.
set -u
VF_BUILD=${VF_BUILD:-.}
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF=$VF_BUILD/visafin
GS=$VF_BUILD/gensim
. "$(dirname "$0")/../common.sh"
need_tools "" iga64
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# Lowest offset in bytes of the scratch block messages of a binary (iga64
# annotates them "scratch block read/write"; the descriptor is the last
# number before the comment, offset in 32-byte units in bits 11:0), or
# nothing if there are none.
scratch_low() {
	low=
	for d in $(iga64 -d -p="$2" "$1" 2>/dev/null | grep 'scratch block' |
	           sed 's|[ \t]*//.*||; s|[ \t]*{[^}]*}$||
	                s|.*[ \t]\(0x[0-9A-Fa-f]*\)$|\1|'); do
		o=$(( (d & 0xFFF) * 32 ))
		if [ -z "$low" ] || [ "$o" -lt "$low" ]; then low=$o; fi
	done
	echo "$low"
}

skipped=0
for pp in ${VF_FIN_PLATFORMS:-skl:9 bxt:9 bdw:8 icllp:11 tgllp:12p1}; do
plat=${pp%%:*}
igap=${pp#*:}
for k in "$VF_SRC"/tests/fin/*.visaasm; do
	# stack-call functions (K.f<N>.visaasm) go with their kernel
	case "$k" in *.f[0-9].visaasm) continue ;; esac
	name=$plat/$(basename "$k" .visaasm)
	dat=$TMP/$plat.$(basename "$k" .visaasm).dat
	only=$(sed -n 's/^\/\/! platforms: *//p' "$k")
	if [ -n "$only" ] && ! echo " $only " | grep -q " $plat "; then
		skipped=$((skipped + 1))
		continue
	fi
	funcs=$(ls "${k%.visaasm}".f[0-9].visaasm 2>/dev/null)
	# shellcheck disable=SC2086
	if ! "$VF" -p "$plat" "$k" $funcs --raw -o "$dat" 2>"$TMP/err"; then
		if grep -q "is unsupported on $plat" "$TMP/err"; then
			skipped=$((skipped + 1))
			continue
		fi
		bad "$name: visafin: $(head -c 300 "$TMP/err")"
		continue
	fi
	if ! iga64 -d -p="$igap" -Wall "$dat" >/dev/null 2>"$TMP/iga" ||
	   [ -s "$TMP/iga" ]; then
		bad "$name: iga64: $(head -c 300 "$TMP/iga")"
		continue
	fi
	smo=$(sed -n 's/^\.kernel_attr SpillMemOffset=\([0-9]*\).*/\1/p' "$k")
	if [ -n "$smo" ]; then
		low=$(scratch_low "$dat" "$igap")
		if [ "$low" != "$smo" ]; then
			bad "$name: lowest scratch offset '${low}', SpillMemOffset $smo"
			continue
		fi
	fi
	# "//@ no-spill": the kernel must fit without scratch
	if grep -q '^//@ no-spill' "$k" &&
	   iga64 -d -p="$igap" "$dat" 2>/dev/null | grep -q 'scratch block'; then
		bad "$name: spills (marked //@ no-spill)"
		continue
	fi
	args=$(sed -n 's/^\/\/! \([^p]\)/\1/p' "$k" | tr '\n' ' ')
	# shellcheck disable=SC2086
	# --swsb-check: on tgllp every run is also checked for scoreboard
	# hazards (the other platforms ignore it)
	if "$GS" run "$plat" "$dat" $args --swsb-check >"$TMP/out" 2>&1; then
		pass=$((pass + 1))
		echo "PASS $name"
	else
		bad "$name: $(head -c 600 "$TMP/out")"
	fi
done
done
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
