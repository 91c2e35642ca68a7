#!/bin/sh
# Guards: the binary reader and the text parser survive coverage-guided
# fuzzing (libFuzzer, ASan + UBSan) for a bounded time each, seeded with
# the corpus samples and the crash inputs kept in tests/fuzz/corpus/.
# VF_FUZZ_SECONDS sets the time per harness (default 45).
set -u
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
secs=${VF_FUZZ_SECONDS:-45}
if ! command -v clang >/dev/null 2>&1; then
	echo "clang not found: fuzzing skipped"
	if [ "${CI:-}" = true ]; then exit 1; fi
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The object layer only: the source lists of Makefile.am that the harnesses
# exercise (reader, writer, parser, printer and what they use).
libsrc=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$VF_SRC/Makefile.am" |
	sed -n 's/^\(CORE\|NAMES\|MODEL\|BINARY\|OPS\|PRINT\|PARSE\)_SOURCES +*= //p' |
	tr ' \t' '\n\n' | grep '\.c$' | sed "s|^|$VF_SRC/|")
VF_BUILD=${VF_BUILD:-$VF_SRC}
flags="-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I$VF_BUILD -I$VF_SRC -I$VF_SRC/lib -I$VF_SRC/visa"
fail=0
pass=0
for h in isa visaasm; do
	seeds="$work/seeds-$h"
	mkdir -p "$seeds"
	cp "$VF_SRC"/tests/fuzz/corpus/* "$seeds"/ 2>/dev/null
	corpus=${VF_CORPUS:-$VF_SRC/../shared/corpus}
	if [ "$h" = isa ]; then
		cp "$VF_SRC"/examples/*.isa "$seeds"/ 2>/dev/null
		ls "$corpus"/skl/*.simd8.isa 2>/dev/null | head -20 | xargs -r cp -t "$seeds"
	else
		cp "$VF_SRC"/examples/*.visaasm "$seeds"/ 2>/dev/null
		ls "$corpus"/skl/*.simd8.visaasm 2>/dev/null | head -20 | xargs -r cp -t "$seeds"
	fi
	if ! clang $flags -o "$work/fuzz_$h" "$VF_SRC/tests/fuzz/fuzz_$h.c" $libsrc \
		2>"$work/cc.log"; then
		cat "$work/cc.log"; fail=$((fail + 1)); continue
	fi
	if (cd "$work" && ./fuzz_$h -max_total_time="$secs" -max_len=65536 \
		-rss_limit_mb=2048 "$seeds" >"$work/$h.log" 2>&1); then
		pass=$((pass + 1))
		tail -n 1 "$work/$h.log"
	else
		fail=$((fail + 1))
		tail -n 40 "$work/$h.log"
		ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* 2>/dev/null
		for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
			[ -f "$f" ] && od -A d -t x1 "$f" | head -20
		done
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
