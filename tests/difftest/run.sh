#!/bin/sh
# Guards: random valid vISA programs give the same results finalized by
# visafin and by GenX_IR, run in gensim (tests/difftest, docs/difftest.md).
# VF_DIFFTEST_N programs (default 30) from a fixed seed, so a failure
# reproduces.  Exit 77 without GenX_IR unless CI=true.
set -u
VF_BUILD=${VF_BUILD:-.}
. "$(dirname "$0")/../common.sh"
need_tools "" GenX_IR
keep=$(mktemp -d)
trap 'rm -rf "$keep"' EXIT
out=$("$VF_BUILD/tests/difftest/difftest" -p skl -n "${VF_DIFFTEST_N:-30}" \
	--seed "${VF_DIFFTEST_SEED:-2026}" --keep "$keep")
rc=$?
echo "$out" | grep -v ': pass$'
# reproducers of fixed findings, checked again against GenX_IR on the
# platform a "//! platform: P" line names (default skl)
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
for f in "$VF_SRC"/tests/difftest/cases/*.visaasm; do
	p=$(sed -n 's|^//! platform: *||p' "$f")
	"$VF_BUILD/tests/difftest/difftest" -p "${p:-skl}" --replay "$f" || rc=1
done
for f in "$keep"/*.visaasm; do [ -f "$f" ] && cat "$f"; done
exit $rc
