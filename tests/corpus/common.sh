# common.sh - sourced by the corpus test scripts: finds the visafin and
# gensim binaries and the shared corpus, skips a script whose tools or
# inputs are missing, gives it a temporary folder, and counts results.
#
# VF_BUILD: build directory (default: .), VF_SRC: source directory,
# VF_CORPUS: corpus directory (default: $VF_SRC/../shared/corpus).
# A script without its corpus or tools exits 77 (skipped), except under
# CI=true where a missing oracle or input is a failure.
set -u
VF_BUILD=${VF_BUILD:-.}
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF=$VF_BUILD/visafin
GS=$VF_BUILD/gensim
CORPUS=${VF_CORPUS:-$VF_SRC/../shared/corpus}

# skip and need_tools (tests/common.sh, shared with the other test
# scripts); this file adds the corpus
. "$(dirname "$0")/../common.sh"

# need_corpus [FILE...]: skip unless the corpus, and FILE... in it, exist
need_corpus() {
	[ -d "$CORPUS" ] || skip "corpus not found at $CORPUS"
	for f in "$@"; do
		[ -e "$CORPUS/$f" ] || skip "corpus not found at $CORPUS (no $f)"
	done
}
need_corpus

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
