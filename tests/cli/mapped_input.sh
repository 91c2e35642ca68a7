#!/bin/sh
# Guards the command's mapped inputs (cli/io.c, docs/hardening.md "Inputs
# read safely"): a regular input of VF_FILE_MAP_MIN (1 MB) or more is
# mapped, not read.  The mapped text gives the same output as the same
# bytes read from a pipe, also when its size is a whole number of pages
# (no byte after the text); an input truncated while it is mapped is an
# input error (exit 1, the file named), never a crash, and leaves no
# output or temporary file behind.
. "$(dirname "$0")/common.sh"

python3 "$VF_SRC/bench/genkernel.py" straight 10000 > big.visaasm
size=$(wc -c < big.visaasm)
[ "$size" -ge 1048576 ]; check "the generated input is large enough to be mapped" $?

# same output mapped and read from a pipe
"$vf" -p skl big.visaasm -o mapped.gen
cat big.visaasm | "$vf" -p skl /dev/stdin -o piped.gen
cmp -s mapped.gen piped.gen; check "mapped input: the output of the read input" $?

# a text ending exactly at a page boundary (padded with a comment line)
pad=$(( (4096 - (size + 4) % 4096) % 4096 ))
{ cat big.visaasm; printf '// '; head -c "$pad" /dev/zero | tr '\0' x; printf '\n'; } > page.visaasm
[ $(( $(wc -c < page.visaasm) % 4096 )) = 0 ]; check "padded input is a whole number of pages" $?
"$vf" -p skl page.visaasm -o page.gen
cmp -s page.gen mapped.gen; check "mapped input ending at a page boundary" $?

# truncated while mapped: exit 0 (parsed before the cut) or 1 (the file
# named, no output), never a signal; each delay cuts it at another point
bad=0
for d in 0 0.002 0.005 0.01 0.02 0.03 0.05; do
	cp big.visaasm cut.visaasm
	rm -f cut.gen
	"$vf" -p skl cut.visaasm -o cut.gen 2> cut.err &
	pid=$!
	sleep "$d"
	: > cut.visaasm
	wait "$pid"
	rc=$?
	if [ "$rc" = 1 ]; then
		grep -q "cut.visaasm" cut.err && [ ! -e cut.gen ] || bad=1
	elif [ "$rc" != 0 ]; then
		echo "  delay $d: exit $rc"; cat cut.err
		bad=1
	fi
done
check "input truncated while mapped: an input error, never a crash" $bad
[ -z "$(ls | grep '\.tmp')" ]; check "no temporary file left" $?

exit $fail
