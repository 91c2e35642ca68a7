# common.sh - sourced by the corpus test scripts: finds the visafin binary
# and the shared corpus, and counts results.
#
# VF_BUILD: build directory (default: .), VF_SRC: source directory,
# VF_CORPUS: corpus directory (default: $VF_SRC/../shared/corpus).
# Without a corpus a script exits 77 (skipped), except under CI=true where
# a missing oracle input is a failure.
set -u
VF_BUILD=${VF_BUILD:-.}
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF=$VF_BUILD/visafin
CORPUS=${VF_CORPUS:-$VF_SRC/../shared/corpus}
if [ ! -d "$CORPUS" ]; then
	echo "corpus not found at $CORPUS"
	if [ "${CI:-}" = true ]; then exit 1; fi
	exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}
