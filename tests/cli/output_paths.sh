#!/bin/sh
# Guards: where -o points, the command writes safely (lib/fileio.c,
# cli/io.c): a regular file is replaced atomically and keeps its mode, a
# symlink is written through, a FIFO and a character device are written in
# place and stay what they are, "-" is standard output, an output that is
# one of the inputs or is read-only is refused and left unchanged.
# Everything happens in a temporary directory (the device is a private
# node made there when running as root).
. "$(dirname "$0")/common.sh"
cp "$VF_SRC/tests/fin/int_arith.visaasm" k.visaasm
"$vf" -p skl k.visaasm -o ref.gen || { echo "cannot finalize"; exit 1; }
[ -s ref.gen ]; check "reference output" $?

cp k.visaasm same.visaasm
"$vf" -p skl same.visaasm -o same.visaasm 2>err.txt; r=$?
check "output = input refused" $([ $r -ne 0 ] && cmp -s same.visaasm k.visaasm && grep -q "one of the inputs" err.txt; echo $?)
ln -s same.visaasm same-link.visaasm
"$vf" convert k.visaasm same.visaasm -o same-link.visaasm 2>/dev/null; r=$?
check "output = input through a link refused" $([ $r -ne 0 ] && cmp -s same.visaasm k.visaasm; echo $?)

mkdir real; : > real/out.gen; ln -s real/out.gen link.gen
"$vf" -p skl k.visaasm -o link.gen
check "symlink written through" $([ -L link.gen ] && cmp -s real/out.gen ref.gen; echo $?)

mkfifo ff; (cat ff > ff.out &); sleep 0.2
timeout 20 "$vf" -p skl k.visaasm -o ff; sleep 0.3
check "FIFO written in place" $([ -p ff ] && cmp -s ff.out ref.gen; echo $?)

"$vf" -p skl k.visaasm -o - > so.gen
check "-o - is standard output" $(cmp -s so.gen ref.gen; echo $?)

cp ref.gen mode.gen; chmod 640 mode.gen; : > mode.gen
"$vf" -p skl k.visaasm -o mode.gen
check "replaced file keeps its mode" $([ "$(stat -c %a mode.gen)" = 640 ] && cmp -s mode.gen ref.gen; echo $?)

: > ro.gen; chmod 444 ro.gen
"$vf" -p skl k.visaasm -o ro.gen 2>/dev/null; r=$?
check "read-only file refused" $([ $r -ne 0 ] && [ ! -s ro.gen ] && [ "$(stat -c %a ro.gen)" = 444 ]; echo $?)

# a replaced file's other name keeps the old file (the new one takes
# the name's place: exchanged with the temporary, lib/fileio.c)
echo old > hard.gen; ln hard.gen hard2.gen
"$vf" -p skl k.visaasm -o hard.gen
check "replaced file: its other link keeps the old one" $(cmp -s hard.gen ref.gen && [ "$(cat hard2.gen)" = old ]; echo $?)

(umask 077; "$vf" -p skl k.visaasm -o um.gen)
check "new file follows the umask" $([ "$(stat -c %a um.gen)" = 600 ]; echo $?)
ls | grep -q '\.tmp'; check "no temporary left" $([ $? -ne 0 ]; echo $?)

if [ "$(id -u)" = 0 ] && mknod null c 1 3 2>/dev/null; then
	"$vf" -p skl k.visaasm -o null
	check "device written in place" $([ -c null ]; echo $?)
fi
exit $fail
