#!/usr/bin/env bash
# corpus-procs.sh [DIR] [P] - whole-process corpus finalize, visafin against
# GenX_IR, one process per kernel with GenX_IR's command line (issue 12,
# docs/bench.md "Whole process over the corpus").
#
# Copies every kernel of DIR/P (default ../shared/corpus, skl) that is not a
# stack-call function text into a scratch folder (BENCH_SCRATCH, default a
# new folder under /dev/shm, else under TMPDIR), then times, as CPU time
# (user + system of the whole process tree, bench/inproc run, median of
# BENCH_RUNS), one shell loop that runs
#     TOOL K.visaasm -platform P -output -binary
# for every kernel in that folder: GenX_IR, visafin, and the same loop
# running /bin/true (the loop's own cost, subtracted for the "net" ratio).
# GenX_IR writes next to its input: it only ever sees the copies.
# Second visafin figure: batch mode, one process for all the kernels,
#     visafin -p P -j BENCH_JOBS --raw -S --fat K... -o OUT/
# which writes the same .dat, .asm and .isa per kernel as the loop
# (tests/corpus/batch.sh checks that they are equal); its CPU time
# (both threads) and wall time against the GenX_IR loop net of the loop.
# Not a test: nothing is asserted.
#   VF_BUILD     build folder (default: the folder above this script)
#   BENCH_RUNS   runs per measurement (default 3)
#   BENCH_JOBS   threads of the batch run (default 2)
set -u
. "$(dirname "$0")/corpus-setup.sh"
runs=${BENCH_RUNS:-3}
jobs=${BENCH_JOBS:-2}
command -v GenX_IR >/dev/null || { echo "GenX_IR not found" >&2; exit 2; }
tmp=$(mktemp -d "$base/vf-corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
n=0
for k in "$dir/$plat"/*.visaasm; do
	case $k in *.f[0-9]*.visaasm) ;; *) n=$((n + 1)) ;; esac
	cp "$k" "$tmp/"
done
(cd "$tmp" && ls | grep -v '\.f[0-9]*\.visaasm$' >list)
loop='while read -r k; do "$0" "$k" -platform '"$plat"' -output -binary \
	>/dev/null 2>&1; done <list'
cpu() { # TOOL -> median CPU ms of the loop
	(cd "$tmp" && "$inproc" run -n "$runs" -- sh -c "$loop" "$1") |
		sed -n 's/.*cpu_ms=\([0-9.]*\).*/\1/p'
}
echo "whole-process corpus finalize on $plat ($n kernels in $tmp), $runs runs"
echo "visafin: $vf ($("$vf" --version 2>/dev/null | head -1))"
echo "machine: $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
t_loop=$(cpu /bin/true)
t_gx=$(cpu "$(command -v GenX_IR)")
t_vf=$(cpu "$vf")
mkdir "$tmp/batch-out"
batch=$(cd "$tmp" && "$inproc" run -n "$runs" -- sh -c \
	'exec "$0" -p "$1" -j "$2" --raw -S --fat $(cat list) -o batch-out/' \
	"$vf" "$plat" "$jobs")
t_bcpu=$(echo "$batch" | sed -n 's/.*cpu_ms=\([0-9.]*\).*/\1/p')
t_bwall=$(echo "$batch" | sed -n 's/.*wall_ms=\([0-9.]*\).*/\1/p')
awk -v l="$t_loop" -v g="$t_gx" -v v="$t_vf" -v n="$n" -v bc="$t_bcpu" \
	-v bw="$t_bwall" -v j="$jobs" 'BEGIN {
	printf "CPU ms       loop %8.1f   GenX_IR %8.1f   visafin %8.1f\n", l, g, v
	printf "per kernel   GenX_IR %.3f ms   visafin %.3f ms (beyond the loop)\n",
		(g - l) / n, (v - l) / n
	printf "GenX_IR / visafin: %.2fx whole loop, %.2fx net of the loop\n",
		g / v, (v > l) ? (g - l) / (v - l) : 0
	printf "batch, one process (-j %d): CPU %.1f ms (%.3f ms a kernel), wall %.1f ms\n",
		j, bc, bc / n, bw
	printf "GenX_IR net of the loop / batch: %.2fx CPU, %.2fx wall\n",
		(bc > 0) ? (g - l) / bc : 0, (bw > 0) ? (g - l) / bw : 0
}'
