#!/bin/bash
# snapshot.sh BUILD OUT - every output of BUILD/visafin worth keeping
# byte-identical across a refactor, written under OUT (made anew):
# every corpus kernel of the five platforms as --raw, -S and .gen (with
# the exit code and messages), GenX_IR's command line on skl (its .asm,
# .dat, .isa), and generated kernels (bench/genkernel.py straight and
# loop, 1k and 20k) on skl and tgllp.  Compare two snapshots, before and
# after a change, with `diff -r` (docs/bench.md).  Not run by make check.
#   VF_CORPUS   the shared corpus (default ../shared/corpus beside the source)
set -u
[ $# -eq 2 ] || { echo "usage: snapshot.sh BUILD OUT" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
b=$(cd "$1" && pwd) || exit 2
out=$2
c=${VF_CORPUS:-$src/../shared/corpus}
[ -x "$b/visafin" ] || { echo "$b/visafin not built" >&2; exit 2; }
[ -d "$c/skl" ] || { echo "no corpus at $c" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out" && out=$(cd "$out" && pwd)
for p in skl bxt bdw icllp tgllp; do
	mkdir -p "$out/$p"
	for k in "$c/$p"/*.visaasm; do
		n=$(basename "$k" .visaasm)
		for form in "--raw -o $out/$p/$n.dat" "-S -o $out/$p/$n.asm" "-o $out/$p/$n.gen"; do
			# shellcheck disable=SC2086
			{ "$b/visafin" -p $p "$k" $form; echo "rc $?"; } >> "$out/$p/$n.log" 2>&1
		done
	done
done
mkdir -p "$out/gx"
for k in "$c"/skl/*.visaasm; do
	n=$(basename "$k" .visaasm)
	mkdir -p "$out/gx/$n" && cp "$k" "$out/gx/$n/"
	(cd "$out/gx/$n" && { "$b/visafin" "$n.visaasm" -platform SKL -output -binary; echo "rc $?"; } > log 2>&1
	 rm -f "$n.visaasm")
done
mkdir -p "$out/gen"
for kind in straight loop; do
	for n in 1000 20000; do
		python3 "$src/bench/genkernel.py" $kind $n > "$out/gen/$kind$n.visaasm"
		for p in skl tgllp; do
			{ "$b/visafin" -p $p "$out/gen/$kind$n.visaasm" --raw -o "$out/gen/$kind$n.$p.dat"; echo "rc $?"; } > "$out/gen/$kind$n.$p.log" 2>&1
		done
	done
done
