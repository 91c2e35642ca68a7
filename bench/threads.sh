#!/usr/bin/env bash
# threads.sh [DIR] [P] - how batch mode scales with threads (issue 12,
# docs/bench.md "Threads").  Copies the kernels of DIR/P (default
# ../shared/corpus, skl; not the stack-call function texts) BENCH_COPIES
# times (default 4, under new names) into a scratch folder, then times one
# process
#     visafin -p P -j N K... -o OUT/
# for each N in BENCH_THREADS (default "1 2 4"): median wall and CPU time
# of BENCH_RUNS runs (bench/inproc run), kernels a second of wall time and
# the speed-up over N=1.  Each N's .gen files are compared with N=1's:
# the output must not depend on the thread count (exit 1 if it does).
# Not a test: nothing about time is asserted.
#   VF_BUILD  build folder (default: the folder above this script)
#   BENCH_SCRATCH  scratch folder's parent (default /dev/shm)
set -u
. "$(dirname "$0")/corpus-setup.sh"
runs=${BENCH_RUNS:-5}
copies=${BENCH_COPIES:-4}
tmp=$(mktemp -d "$base/vf-threads.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/in"
n=0
for k in "$dir/$plat"/*.visaasm; do
	case $k in *.f[0-9]*.visaasm) continue ;; esac
	for c in $(seq 1 "$copies"); do
		cp "$k" "$tmp/in/c$c.$(basename "$k")"
		n=$((n + 1))
	done
done
echo "batch finalize on $plat: $n kernels ($copies copies), $runs runs, $(nproc) CPUs"
printf '%-8s %10s %10s %12s %8s\n' threads wall_ms cpu_ms kernels/s speedup
threads=${BENCH_THREADS:-1 2 4}
t1=${threads%% *}
w1=
status=0
for t in $threads; do
	out=$tmp/out$t
	mkdir -p "$out"
	line=$(cd "$tmp/in" && "$inproc" run -n "$runs" -- "$vf" -p "$plat" -j "$t" ./*.visaasm -o "$out/")
	w=$(echo "$line" | sed -n 's/.*wall_ms=\([0-9.]*\).*/\1/p')
	c=$(echo "$line" | sed -n 's/.*cpu_ms=\([0-9.]*\).*/\1/p')
	[ -n "$w1" ] || w1=$w
	awk -v t="$t" -v w="$w" -v c="$c" -v n="$n" -v w1="$w1" 'BEGIN {
		printf "%-8s %10s %10s %12.0f %8.2f\n", t, w, c, n * 1000 / w, w1 / w }'
	if [ "$t" != "$t1" ] && ! diff -rq "$tmp/out$t1" "$out" >/dev/null; then
		echo "output with $t threads differs from the first thread count's" >&2
		status=1
	fi
done
exit $status
