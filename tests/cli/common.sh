# common.sh - sourced by the command-line test scripts: finds the visafin
# binary ($vf) and the sources, runs the script in a temporary directory
# removed at exit, and records results: check NAME STATUS prints "ok" or
# "FAIL" and a failure sets fail=1 (the script ends with exit $fail).
#
# VF_BUILD: build directory (default: the source tree), VF_SRC: sources.
set -u
VF_BUILD=${VF_BUILD:-$(cd "$(dirname "$0")/../.." && pwd)}
VF_SRC=${VF_SRC:-$VF_BUILD}
vf="$VF_BUILD/visafin"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
fail=0
check() { if [ "$2" = 0 ]; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }
