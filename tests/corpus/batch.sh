#!/bin/sh
# Guards: batch mode ("visafin -p skl -j N IN... -o DIR/", cli/cmd_batch.c)
# writes for every SKL corpus kernel the same bytes as one run per input,
# at 1 and 3 threads, in every output form it has (.gen, --raw .dat, -S
# .asm); with --raw -S --fat together, one finalization writes the .dat,
# .asm and .isa that GenX_IR's command line ("K.visaasm -platform skl
# -output -binary") writes for each kernel, byte for byte; function texts
# listed as inputs are skipped (their kernel pulls
# them in); a bad input among good ones fails that input only.  And a
# module of several kernels (several texts in one run) gives the same
# .gen with vf_finalize_all on 1 and on 4 threads (-j).
. "$(dirname "$0")/common.sh"
# same_as WHAT DIR REF FORM: DIR holds one .FORM for each of the n
# kernels, each byte-identical to REF's file of the same name.
same_as() {
	got=$(ls "$2"/*."$4" | wc -l)
	[ "$got" -eq "$n" ] || bad "$1: $got .$4 outputs for $n kernels"
	for f in "$2"/*."$4"; do
		if cmp -s "$f" "$3/$(basename "$f")"; then ok
		else bad "$1: $(basename "$f") differs"; fi
	done
}
mkdir -p "$TMP/one"
n=0
for v in "$CORPUS"/skl/*.visaasm; do
	case "$v" in *.f[0-9]*.visaasm) continue ;; esac
	base=$(basename "${v%.visaasm}")
	"$VF" -p skl "$v" -o "$TMP/one/$base.gen" 2>/dev/null &&
		"$VF" -p skl "$v" --raw -o "$TMP/one/$base.dat" 2>/dev/null &&
		"$VF" -p skl "$v" -S -o "$TMP/one/$base.asm" 2>/dev/null ||
		bad "$base: single run failed"
	n=$((n + 1))
done
for j in 1 3; do
	for form in gen dat asm; do
		d=$TMP/b$j$form
		mkdir -p "$d"
		case $form in
		gen) opt= ;;
		dat) opt=--raw ;;
		asm) opt=-S ;;
		esac
		# shellcheck disable=SC2086
		"$VF" -p skl -j $j "$CORPUS"/skl/*.visaasm $opt -o "$d/" ||
			bad "batch -j $j $form: exit $?"
		same_as "batch -j $j $form" "$d" "$TMP/one" "$form"
	done
done
# GenX_IR's three outputs from one batch run: against the GenX_IR command
# line run on copies (it writes X.isa next to its input).
mkdir -p "$TMP/gx" "$TMP/b3forms"
cp "$CORPUS"/skl/*.visaasm "$TMP/gx/"
(cd "$TMP/gx" && for v in *.visaasm; do
	case "$v" in *.f[0-9]*.visaasm) continue ;; esac
	"$VF" "$v" -platform skl -output -binary >/dev/null 2>&1 ||
		echo "$v" >>failed
done)
[ -e "$TMP/gx/failed" ] && bad "GenX_IR command line failed: $(head -3 "$TMP/gx/failed")"
"$VF" -p skl -j 2 "$TMP"/gx/*.visaasm --raw -S --fat -o "$TMP/b3forms/" ||
	bad "batch --raw -S --fat: exit $?"
for form in dat asm isa; do
	same_as "batch --raw -S --fat" "$TMP/b3forms" "$TMP/gx" "$form"
done
# One bad input: its error, the others still written, exit 1.
mkdir -p "$TMP/mix"
printf '.version 4.1\n.kernel "k"\n    frob (M1, 1)\n' > "$TMP/bad.visaasm"
ex=$CORPUS/skl/p_elementwise.saxpy.simd16.visaasm
"$VF" -p skl -j 2 "$TMP/bad.visaasm" "$ex" -o "$TMP/mix/" 2>"$TMP/err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'bad.visaasm:3:5:' "$TMP/err" &&
   [ ! -e "$TMP/mix/bad.gen" ] &&
   cmp -s "$TMP/mix/p_elementwise.saxpy.simd16.gen" \
	"$TMP/one/p_elementwise.saxpy.simd16.gen"; then ok
else bad "mixed batch: rc $rc, $(head -c 200 "$TMP/err")"; fi
# Several kernels in one module: threads inside vf_finalize_all.
set -- $(ls "$CORPUS"/skl/p_*.simd16.visaasm | grep -v '\.f[0-9]' | head -12)
"$VF" -p skl -j 1 "$@" -o "$TMP/m1.gen" && "$VF" -p skl -j 4 "$@" -o "$TMP/m4.gen" ||
	bad "multi-kernel module failed"
if [ -s "$TMP/m1.gen" ] && cmp -s "$TMP/m1.gen" "$TMP/m4.gen"; then ok
else bad "multi-kernel module: -j 4 differs from -j 1"; fi
finish
