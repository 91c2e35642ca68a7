#!/usr/bin/env bash
# throughput.sh [N...] - visafin's throughput on generated kernels of N
# vISA instructions (default 1000 5000 20000 50000 200000), straight-line
# and loop shapes (bench/genkernel.py), SKL, on this machine in this run
# (docs/bench.md, "Throughput").
#
# Per kernel:
#   in-process (bench/inproc time -c: process CPU clock, median of
#   BENCH_RUNS): parse, finalize and .gen-write milliseconds and vISA
#   instructions per second over parse + finalize;
#   whole process (bench/inproc run: median CPU time user + system, peak
#   resident memory, median wall time and vISA instructions per second
#   of it: a big kernel's parse and page faults use the second CPU) of
#   "visafin -p skl K.visaasm -o K.gen";
#   with BENCH_GENX=1 also GenX_IR on a copy of the kernel
#   ("GenX_IR K.visaasm -platform SKL -output -binary", one run: it
#   writes next to its input), and visafin with that same command line.
# Not a test: nothing is asserted.
#   VF_BUILD    build folder with visafin and bench/inproc (default: the
#               folder above this script)
#   BENCH_RUNS  runs per measurement (default 3)
#   BENCH_KINDS shapes (default "straight loop")
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${VF_BUILD:-$here/..}" && pwd)
vf=$build/visafin
inproc=$build/bench/inproc
runs=${BENCH_RUNS:-3}
sizes=${*:-1000 5000 20000 50000 200000}
for f in "$vf" "$inproc"; do
	[ -x "$f" ] || { echo "$f not built (make)" >&2; exit 2; }
done
command -v python3 >/dev/null || { echo "python3 not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kv() { tr ' ' '\n' | sed -n "s/^\([a-z_]*\)=\(.*\)$/$1\1=\2/p"; }

echo "visafin throughput on generated SKL kernels, $runs runs per measurement"
echo "visafin: $vf ($("$vf" --version 2>/dev/null | head -1))"
echo "machine: $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
printf '%-8s %7s %7s %8s %8s %7s %8s %9s %8s %7s' kind N visa parse_ms \
	fin_ms wr_ms in_ms 'Minst/s' vf_cpu vf_MB
printf ' %8s %8s' vf_wall 'Mwall/s'
[ "${BENCH_GENX:-0}" = 1 ] && printf ' %8s %7s %8s %7s %6s %6s' \
	vfg_cpu vfg_MB gx_cpu gx_MB gx/vf MBrat
echo
for kind in ${BENCH_KINDS:-straight loop}; do
	for n in $sizes; do
		k=$tmp/$kind$n.visaasm
		python3 "$here/genkernel.py" "$kind" "$n" >"$k" || exit 1
		eval "$("$inproc" time -n "$runs" -c -p skl "$k" | kv i_)"
		eval "$("$inproc" run -n "$runs" -- "$vf" -p skl "$k" \
			-o "$tmp/out.gen" | kv w_)"
		rate=$(awk -v n="$i_visa_insts" -v t="$i_inproc_ms" \
			'BEGIN { printf "%.3f", (t > 0) ? n / t / 1000 : 0 }')
		printf '%-8s %7s %7s %8.1f %8.1f %7.1f %8.1f %9s %8.1f %7.1f' \
			"$kind" "$n" "$i_visa_insts" "$i_parse_ms" "$i_fin_ms" \
			"$i_write_ms" "$i_inproc_ms" "$rate" "$w_cpu_ms" \
			"$(awk -v k="$w_maxrss_kb" 'BEGIN { print k / 1024 }')"
		awk -v n="$i_visa_insts" -v t="$w_wall_ms" 'BEGIN {
			printf " %8.1f %8.3f", t, (t > 0) ? n / t / 1000 : 0 }'
		if [ "${BENCH_GENX:-0}" = 1 ]; then
			mkdir -p "$tmp/gx" "$tmp/vg"
			cp "$k" "$tmp/gx/k.visaasm"
			cp "$k" "$tmp/vg/k.visaasm"
			eval "$(cd "$tmp/vg" && "$inproc" run -n "$runs" -- "$vf" \
				k.visaasm -platform SKL -output -binary | kv v_)"
			eval "$(cd "$tmp/gx" && "$inproc" run -n 1 -- GenX_IR \
				k.visaasm -platform SKL -output -binary | kv g_)"
			awk -v a="$v_cpu_ms" -v b="$v_maxrss_kb" -v c="$g_cpu_ms" \
				-v d="$g_maxrss_kb" 'BEGIN { printf " %8.1f %7.1f %8.1f %7.1f %6.2f %6.2f",
				a, b / 1024, c, d / 1024, c / a, b / d }'
			rm -rf "$tmp/gx" "$tmp/vg"
		fi
		echo
		rm -f "$k" "$tmp/out.gen"
	done
done
