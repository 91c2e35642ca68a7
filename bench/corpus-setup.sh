# corpus-setup.sh - sourced by the corpus benchmarks (corpus-procs.sh,
# threads.sh) with the script's own arguments: sets here, build, vf,
# inproc (the build's visafin and bench/inproc, both must be built), dir
# and plat ([DIR] [P], default ../shared/corpus and skl, DIR/P must
# exist) and base (BENCH_SCRATCH, else /dev/shm when writable, else
# TMPDIR or /tmp: where the scratch folder goes).  Exits 2 otherwise.
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${VF_BUILD:-$here/..}" && pwd)
vf=$build/visafin
inproc=$build/bench/inproc
dir=${1:-$here/../../shared/corpus}
plat=${2:-skl}
for f in "$vf" "$inproc"; do
	[ -x "$f" ] || { echo "$f not built (make)" >&2; exit 2; }
done
[ -d "$dir/$plat" ] || { echo "no folder $dir/$plat" >&2; exit 2; }
base=${BENCH_SCRATCH:-}
if [ -z "$base" ]; then
	[ -d /dev/shm ] && [ -w /dev/shm ] && base=/dev/shm || base=${TMPDIR:-/tmp}
fi
