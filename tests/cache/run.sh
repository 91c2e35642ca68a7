#!/bin/sh
# Guards the finalize command's kernel cache (docs/cache.md): with
# --cache or VISAFIN_CACHE_DIR the outputs (.gen, -S, --fat) of a cold
# and a warm run are byte-identical to finalizing without a cache; when
# every entry of the cache is damaged (a flipped byte, cut in half,
# emptied, garbage, another key's entry, a symlink) each run still exits
# 0 with identical output and rewrites the entry as it was; eight
# processes finalizing the same kernels through one directory (also with
# a size limit that makes them evict each other's entries) all write
# identical outputs and leave no temporary files; a cache that cannot be
# created is an error with --cache and a warning with the variable.
set -u
VF_BUILD=${VF_BUILD:-.}
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF=$VF_BUILD/visafin
unset VISAFIN_CACHE_DIR VISAFIN_CACHE_MAX
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# Small kernels: the finalizer tests' kernels (one with a stack-call
# function in a sibling file) and the README example.
KERNELS="$VF_SRC/examples/saxpy.simd8.visaasm"
for k in "$VF_SRC"/tests/fin/*.visaasm; do
	case $k in *.f[0-9]*.visaasm) continue ;; esac
	# kernels meant for other platforms only (tests/fin/run.sh)
	only=$(sed -n 's/^\/\/! platforms: *//p' "$k")
	if [ -n "$only" ] && ! echo " $only " | grep -q " skl "; then
		continue
	fi
	KERNELS="$KERNELS $k"
done

# run DIR [visafin options]: every kernel in every output form into DIR;
# prints nothing, returns the number of failed runs.
run() {
	out=$1
	shift
	mkdir -p "$out"
	n=0
	for k in $KERNELS; do
		b=$(basename "$k" .visaasm)
		"$VF" -p skl "$k" -o "$out/$b.gen" "$@" 2>>"$out/stderr" || n=$((n + 1))
		"$VF" -p skl "$k" -S -o "$out/$b.asm" "$@" 2>>"$out/stderr" || n=$((n + 1))
		"$VF" -p skl "$k" --fat -o "$out/$b.isa" "$@" 2>>"$out/stderr" || n=$((n + 1))
	done
	return $n
}

# same_as_ref DIR WHAT: every output in DIR equals the reference.
same_as_ref() {
	for f in "$TMP"/ref/*.gen "$TMP"/ref/*.asm "$TMP"/ref/*.isa; do
		cmp -s "$f" "$1/$(basename "$f")" || bad "$2: $(basename "$f") differs"
	done
}

run "$TMP/ref" || bad "finalizing without a cache failed"
nref=$(ls "$TMP"/ref/*.gen | wc -l)
[ "$nref" -ge 10 ] || bad "only $nref reference outputs"

C=$TMP/cache
run "$TMP/cold" --cache "$C" || bad "cold cache runs failed"
same_as_ref "$TMP/cold" cold
nent=$(ls "$C"/*.vfc 2>/dev/null | wc -l)
# three output forms share one entry per kernel
[ "$nent" -eq "$nref" ] || bad "$nent cache entries for $nref kernels"
mkdir "$TMP/pristine"
cp -p "$C"/*.vfc "$TMP/pristine/"
run "$TMP/warm" --cache "$C" || bad "warm cache runs failed"
same_as_ref "$TMP/warm" warm
[ -s "$TMP/warm/stderr" ] && bad "warm runs printed: $(head -3 "$TMP/warm/stderr")"

# damage KIND FILE: one way of spoiling an entry.
damage() {
	case $1 in
	flip)     printf '\377' | dd of="$2" bs=1 seek=70 conv=notrunc 2>/dev/null ;;
	half)     s=$(wc -c <"$2"); head -c $((s / 2)) "$TMP/pristine/$(basename "$2")" >"$2" ;;
	empty)    : >"$2" ;;
	garbage)  head -c 600 /dev/urandom >"$2" ;;
	header)   printf 'VFCACHE\n\002' | dd of="$2" bs=1 conv=notrunc 2>/dev/null ;;
	foreign)  cp "$other" "$2" ;;
	symlink)  rm -f "$2"; ln -s "$other" "$2" ;;
	esac
}
for kind in flip half empty garbage header foreign symlink; do
	rm -f "$C"/*.vfc
	cp -p "$TMP"/pristine/*.vfc "$C/"
	other=$(ls "$TMP"/pristine/*.vfc | head -1)
	for e in "$C"/*.vfc; do
		[ "$kind" = foreign ] && [ "$(basename "$e")" = "$(basename "$other")" ] &&
			other=$(ls "$TMP"/pristine/*.vfc | tail -1)
		damage "$kind" "$e"
		other=$TMP/pristine/$(basename "$e")
	done
	rm -rf "$TMP/dmg"
	run "$TMP/dmg" --cache "$C" || bad "$kind: a run failed: $(head -3 "$TMP/dmg/stderr")"
	same_as_ref "$TMP/dmg" "$kind"
	for e in "$TMP"/pristine/*.vfc; do
		f=$C/$(basename "$e")
		[ -f "$f" ] && [ ! -L "$f" ] && cmp -s "$e" "$f" ||
			bad "$kind: $(basename "$e") not rewritten"
	done
done

# Eight processes, one cache, all kernels in a different order each;
# then again with a limit of about three entries.
share() {
	dir=$1
	shift
	pids=
	for p in 1 2 3 4 5 6 7 8; do
		( order=$(printf '%s\n' $KERNELS | awk -v s=$p '{ print (NR * s) % 17, $0 }' |
		          sort -n | cut -d' ' -f2)
		  KERNELS=$order
		  run "$TMP/p$p" --cache "$dir" ) &
		pids="$pids $!"
	done
	for pid in $pids; do
		wait "$pid" || bad "a process sharing $dir failed"
	done
	for p in 1 2 3 4 5 6 7 8; do
		same_as_ref "$TMP/p$p" "process $p ($*)"
		rm -rf "$TMP/p$p"
	done
	ls -a "$dir" | grep -q '^\.tmp-' && bad "temporary files left in $dir"
}
share "$TMP/shared" unlimited
size=$(wc -c < "$(ls "$TMP"/pristine/*.vfc | head -1)")
VISAFIN_CACHE_MAX=$((size * 3)) share "$TMP/small" limited
total=$(cat "$TMP"/small/*.vfc | wc -c)
[ "$total" -le $((size * 8)) ] || bad "limited cache holds $total bytes"

# The variable works like --cache.
VISAFIN_CACHE_DIR=$TMP/env "$VF" -p skl "$VF_SRC/examples/saxpy.simd8.visaasm" \
	-o "$TMP/env.gen" || bad "VISAFIN_CACHE_DIR run failed"
[ "$(ls "$TMP"/env/*.vfc 2>/dev/null | wc -l)" -eq 1 ] || bad "VISAFIN_CACHE_DIR made no entry"
cmp -s "$TMP/env.gen" "$TMP/ref/saxpy.simd8.gen" || bad "VISAFIN_CACHE_DIR output differs"
# No cache possible: --cache is an error, the variable a warning.
if "$VF" -p skl "$VF_SRC/examples/saxpy.simd8.visaasm" -o "$TMP/x.gen" \
	--cache /dev/null/cache 2>"$TMP/err"; then
	bad "--cache /dev/null/cache succeeded"
fi
grep -q 'cache /dev/null/cache' "$TMP/err" || bad "no message for a bad --cache"
VISAFIN_CACHE_DIR=/dev/null/cache "$VF" -p skl "$VF_SRC/examples/saxpy.simd8.visaasm" \
	-o "$TMP/y.gen" 2>"$TMP/err" || bad "a bad VISAFIN_CACHE_DIR failed the run"
grep -q warning "$TMP/err" || bad "no warning for a bad VISAFIN_CACHE_DIR"
cmp -s "$TMP/y.gen" "$TMP/ref/saxpy.simd8.gen" || bad "output without a usable cache differs"

echo "cache: $nref kernels, $fail failures"
[ "$fail" -eq 0 ]
