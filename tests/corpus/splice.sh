#!/bin/sh
# splice.sh - "visafin splice" on the real thing (docs/splice.md): for every
# corpus kernel at IGC's default SIMD width, on SKL and on every other device
# visafin finalizes for (the others are skipped with a note until then),
# ocloc builds the program
# from src/<file>.cl with the manifest's options (once per source file,
# into a temporary folder), visafin finalizes the kernel's vISA and splices
# it in, and then:
#   - "ocloc validate" (NEO's own decoder) says the result is VALID;
#   - .text.<kernel> is visafin's code (the .gen's) followed by IGC's padding
#     (zeros up to a multiple of 64, at least 128), symbols carry its size,
#     relocations are the .gen's (p_transcend.pow_sqrt has two);
#   - .ze_info has visafin's SIMD size and its scratch (a power of two from
#     1 KB), or no scratch buffer when visafin uses none;
#   - splicing IGC's own code (the corpus .igc.dat) gives back the
#     program byte for byte;
# the workflow of docs/splice.md on examples/saxpy.cl; a kernel at SIMD8
# into a program that has it at SIMD32; and the
# errors: a kernel the program lacks, another device's program,
# another argument layout, a truncated program; no output file after one.
. "$(dirname "$0")/common.sh"
need_tools "Debian: intel-opencl-icd, binutils" ocloc readelf

# field NAME LINE: the first string or number field NAME of a one-line
# JSON object.
field() {
	printf '%s\n' "$2" | grep -o "\"$1\": *\"\{0,1\}[^\",}]*" | head -1 |
		sed 's/.*: *"\{0,1\}//'
}

# section FILE NAME OUT: the bytes of section NAME.
section() {
	# shellcheck disable=SC2046
	set -- "$1" "$2" "$3" $(readelf -S -W "$1" 2>/dev/null | awk -v n="$2" '
		{ sub(/^ *\[ *[0-9]+\] /, "") }
		$1 == n { print $4, $5; exit }')
	[ $# -eq 5 ] || return 1
	tail -c +$((0x$4 + 1)) "$1" | head -c $((0x$5)) >"$3"
}

# zeinfo_field FILE KERNEL KEY: KEY's value in the kernel's execution_env.
# zeinfo_scratch FILE KERNEL: the size of its scratch buffer, or nothing.
zeinfo_block() {
	awk -v k="$2" '
		/^  - name: / { on = ($3 == k); next }
		/^  [^ ]/ || /^[^ ]/ { on = 0 }
		on' "$1"
}
zeinfo_field() {
	zeinfo_block "$1" "$2" | awk -v key="$3:" '
		/^    execution_env:/ { on = 1; next }
		/^    [^ ]/ { on = 0 }
		on && $1 == key { print $2 }'
}
zeinfo_scratch() {
	zeinfo_block "$1" "$2" | awk '
		/^    per_thread_memory_buffers:/ { on = 1; next }
		/^    [^ ]/ { on = 0 }
		on && /^      - / { s = ($3 == "scratch") }
		on && s && $1 == "size:" { print $2; s = 0 }'
}

# build STEM FILE OPTIONS: the program for $DEV, once per source file,
# as $TMP/$DEV/STEM.bin.
build() {
	D=$TMP/$DEV
	[ -f "$D/$1.bin" ] && return 0
	mkdir -p "$D" && cp "$CORPUS/$2" "$D/$1.cl" || return 1
	if [ -n "$3" ]; then
		ocloc compile -q -file "$D/$1.cl" -device "$DEV" --format zebin \
			-options "$3" -output "$1" -output_no_suffix -out_dir "$D" \
			>"$TMP/ocloc.log" 2>&1
	else
		ocloc compile -q -file "$D/$1.cl" -device "$DEV" --format zebin \
			-output "$1" -output_no_suffix -out_dir "$D" \
			>"$TMP/ocloc.log" 2>&1
	fi
	[ -f "$D/$1" ] && mv "$D/$1" "$D/$1.bin"
}

for DEV in skl bdw bxt icllp tgllp; do
M=$CORPUS/manifest.$DEV.json
if [ ! -f "$M" ]; then
	[ "$DEV" = skl ] && bad "no $M"
	continue
fi
grep '"is_igc_default_choice": *true' "$M" >"$TMP/entries"
[ -s "$TMP/entries" ] || { bad "no default-width entries in $M"; continue; }
# A device the finalizer does not support yet is skipped (SKL must work).
probe=$CORPUS/$(field visaasm "$(head -1 "$TMP/entries")")
if ! "$VF" -p "$DEV" "$probe" -o "$TMP/probe.gen" 2>"$TMP/err" &&
   grep -q "not supported yet" "$TMP/err" && [ "$DEV" != skl ]; then
	echo "$DEV: the finalizer does not support it yet; skipped"
	continue
fi
while read -r e; do
	src=$(field source "$e")
	stem=${src%.cl}
	k=$(field kernel "$e")
	simd=$(field simd "$e")
	v=$CORPUS/$(field visaasm "$e")
	dat=$CORPUS/$(field igc_dat "$e")
	line=$(grep "\"file\": *\"src/$src\"" "$M" | head -1)
	opts=$(printf '%s\n' "$line" | sed -n 's/.*"options": *"\([^"]*\)".*/\1/p')
	b=$DEV/$stem.$k
	if ! build "$stem" "src/$src" "$opts"; then
		bad "$b: ocloc: $(head -c 300 "$TMP/ocloc.log")"; continue
	fi
	P=$TMP/$DEV/$stem.bin
	rm -f "$TMP"/x.*
	# (tests/corpus/gen_file.sh checks that a .gen's code is "--raw"'s.)
	if ! "$VF" -p "$DEV" "$v" -o "$TMP/x.gen" 2>"$TMP/err" ||
	   ! section "$TMP/x.gen" ".text.$k" "$TMP/x.dat" ||
	   ! "$VF" splice "$P" "$TMP/x.gen" -o "$TMP/x.bin" 2>>"$TMP/err"; then
		bad "$b: $(head -c 300 "$TMP/err")"; continue
	fi
	if ! ocloc validate -file "$TMP/x.bin" >"$TMP/x.val" 2>&1 ||
	   ! grep -q "Binary is VALID" "$TMP/x.val"; then
		bad "$b: ocloc validate: $(grep -iv 'potential\|Validating' "$TMP/x.val" | head -c 300)"
		continue
	fi
	# The code: visafin's bytes, then zeros to IGC's padded size.
	n=$(wc -c <"$TMP/x.dat")
	section "$TMP/x.bin" ".text.$k" "$TMP/x.text" ||
		{ bad "$b: no .text.$k"; continue; }
	want=$(( (n + 128 + 63) / 64 * 64 ))
	head -c "$n" "$TMP/x.text" >"$TMP/x.code"
	if [ "$(wc -c <"$TMP/x.text")" -ne "$want" ] ||
	   ! cmp -s "$TMP/x.code" "$TMP/x.dat" ||
	   [ -n "$(tail -c +$((n + 1)) "$TMP/x.text" | tr -d '\000' | head -c 1)" ]; then
		bad "$b: .text.$k is not visafin's code and padding"; continue
	fi
	readelf -s -W "$TMP/x.bin" >"$TMP/x.sym" 2>&1
	# The kernel's FUNC symbol and _entry have the code's size; others in
	# its section (IGC's stack-call functions) are empty at 0.
	ndx=$(awk -v k="$k" '$4 == "FUNC" && $8 == k { print $7; exit }' "$TMP/x.sym")
	[ -n "$ndx" ] && awk -v n="$n" -v x="$ndx" -v k="$k" '
		$7 != x { next }
		$8 == k || $8 == "_entry" { if ($2 + 0 != 0 || $3 != n) bad = 1; next }
		$2 + 0 != 0 || $3 != 0 { bad = 1 }
		END { exit bad }' "$TMP/x.sym" ||
		{ bad "$b: symbol sizes are not $n"; continue; }
	# Relocations: the .gen's, against the program's symbols.
	readelf -r -W "$TMP/x.gen" 2>/dev/null | awk '/^Relocation section/ { on = 1; next }
		on && $1 ~ /^[0-9a-f]+$/ { print $1, $NF }' >"$TMP/x.rg"
	readelf -r -W "$TMP/x.bin" 2>/dev/null | awk -v s="'.rel.text.$k'" '
		/^Relocation section/ { on = index($0, s) > 0; next }
		on && $1 ~ /^[0-9a-f]+$/ { print $1, $NF }' >"$TMP/x.rb"
	cmp -s "$TMP/x.rg" "$TMP/x.rb" ||
		{ bad "$b: relocations differ from the .gen's"; continue; }
	case $b in p_transcend.pow_sqrt) [ -s "$TMP/x.rb" ] ||
		{ bad "$b: no relocations"; continue; } ;; esac
	# .ze_info: visafin's SIMD size and scratch.
	section "$TMP/x.bin" .ze_info "$TMP/x.zei" || { bad "$b: no .ze_info"; continue; }
	"$VF" disasm "$TMP/x.gen" | sed -n 's/^\/\/ simd \([0-9]*\),.* scratch \([0-9]*\),.*/\1 \2/p' >"$TMP/x.meta"
	read -r gsimd gscratch <"$TMP/x.meta"
	zsimd=$(zeinfo_field "$TMP/x.zei" "$k" simd_size)
	zscratch=$(zeinfo_scratch "$TMP/x.zei" "$k")
	wscratch=
	if [ "$gscratch" -gt 0 ]; then
		wscratch=1024
		while [ "$wscratch" -lt "$gscratch" ]; do wscratch=$((wscratch * 2)); done
	fi
	if [ "$zsimd" != "$gsimd" ] || [ "$gsimd" != "$simd" ] ||
	   [ "$zscratch" != "$wscratch" ]; then
		bad "$b: .ze_info simd '$zsimd' scratch '$zscratch', visafin simd $gsimd scratch $gscratch"
		continue
	fi
	# IGC's own code back: the program, byte for byte.
	if ! "$VF" splice "$P" --code "$k=$dat" -o "$TMP/x.igc" 2>"$TMP/err" ||
	   ! cmp -s "$TMP/x.igc" "$P"; then
		bad "$b: splicing IGC's code does not give the program back $(head -c 200 "$TMP/err")"
		continue
	fi
	# ... also over visafin's splice (the code; .ze_info stays visafin's).
	if ! "$VF" splice "$TMP/x.bin" --code "$k=$dat" -o "$TMP/x.back" 2>"$TMP/err" ||
	   ! section "$TMP/x.back" ".text.$k" "$TMP/x.t1" ||
	   ! section "$P" ".text.$k" "$TMP/x.t2" || ! cmp -s "$TMP/x.t1" "$TMP/x.t2"; then
		bad "$b: IGC's code over visafin's does not restore .text.$k"
		continue
	fi
	ok
done <"$TMP/entries"
done

# The workflow of docs/splice.md on examples/saxpy.cl: one ocloc run with
# vISA dumps, the dump whose .dat starts the program's code, visafin,
# splice, validate.
W=$TMP/workflow
mkdir -p "$W" && cp "$VF_SRC/examples/saxpy.cl" "$W/"
if (cd "$W" && ocloc compile -file saxpy.cl -device skl --format zebin \
	-output saxpy -output_no_suffix \
	-options "-igc_opts 'ShaderDumpEnable=1,DumpToCustomDir=$W/dump/'" \
	>ocloc.log 2>&1) && section "$W/saxpy" .text.saxpy "$W/text"; then
	dump=
	for d in "$W"/dump/*.dat; do
		n=$(wc -c <"$d")
		head -c "$n" "$W/text" | cmp -s - "$d" && dump=${d%.dat}.visaasm
	done
	if [ -n "$dump" ] && "$VF" -p skl "$dump" -o "$W/saxpy.gen" 2>"$TMP/err" &&
	   "$VF" splice "$W/saxpy" "$W/saxpy.gen" -o "$W/saxpy.visafin.bin" 2>>"$TMP/err" &&
	   ocloc validate -file "$W/saxpy.visafin.bin" 2>&1 | grep -q "Binary is VALID"; then
		ok
	else
		bad "workflow on examples/saxpy.cl (dump '$dump'): $(head -c 200 "$TMP/err")"
	fi
else
	bad "workflow: ocloc with dumps: $(head -c 300 "$W/ocloc.log")"
fi

# Errors: each one a message, exit status 1, and no output file.
refuse() {
	what=$1
	shift
	rm -f "$TMP/r.bin"
	if "$VF" splice "$@" -o "$TMP/r.bin" 2>"$TMP/err"; then
		bad "splice accepted $what"
	elif [ -e "$TMP/r.bin" ] || ! grep -q . "$TMP/err"; then
		bad "$what: output written or no message"
	else
		ok
	fi
}
A=$TMP/skl/p_atomics.bin
if [ -f "$A" ]; then
	"$VF" -p skl "$CORPUS/skl/p_elementwise.saxpy.simd32.visaasm" -o "$TMP/saxpy.gen"
	refuse "a kernel the program lacks" "$A" "$TMP/saxpy.gen"
	# Another SIMD width than the program's: SIMD8 code into SIMD32.
	E=$TMP/skl/p_elementwise.bin
	"$VF" -p skl "$CORPUS/skl/p_elementwise.saxpy.simd8.visaasm" -o "$TMP/s8.gen"
	if "$VF" splice "$E" "$TMP/s8.gen" -o "$TMP/s8.bin" 2>"$TMP/err" &&
	   ocloc validate -file "$TMP/s8.bin" 2>&1 | grep -q "Binary is VALID" &&
	   section "$TMP/s8.bin" .ze_info "$TMP/s8.zei" &&
	   [ "$(zeinfo_field "$TMP/s8.zei" saxpy simd_size)" = 8 ] &&
	   zeinfo_block "$TMP/s8.zei" saxpy | grep -A2 'arg_type: *local_id' |
		grep -q 'size: *96$'; then
		ok
	else
		bad "SIMD8 saxpy into the SIMD32 program: $(head -c 200 "$TMP/err")"
	fi
	# saxpy's vISA under atomic_counters' name: other argument offsets.
	sed 's/^\.kernel "saxpy"/.kernel "atomic_counters"/' \
		"$CORPUS/skl/p_elementwise.saxpy.simd32.visaasm" >"$TMP/ren.visaasm"
	"$VF" -p skl "$TMP/ren.visaasm" -o "$TMP/ren.gen"
	refuse "another argument layout" "$A" "$TMP/ren.gen"
	grep -q "argument layout differs" "$TMP/err" ||
		bad "layout message: $(cat "$TMP/err")"
	head -c 3000 "$A" >"$TMP/trunc.bin"
	"$VF" -p skl "$CORPUS/skl/p_atomics.atomic_counters.simd32.visaasm" -o "$TMP/ac.gen"
	refuse "a truncated program" "$TMP/trunc.bin" "$TMP/ac.gen"
	refuse "a .gen as program" "$TMP/ac.gen" "$TMP/ac.gen"
	cp "$CORPUS/src/p_atomics.cl" "$TMP/pt.cl"
	if ocloc compile -q -file "$TMP/pt.cl" -device skl -output pt \
		-output_no_suffix -out_dir "$TMP" >/dev/null 2>&1; then
		refuse "a patch-token program" "$TMP/pt" "$TMP/ac.gen"
		grep -q "patch-token" "$TMP/err" || bad "patch-token message: $(cat "$TMP/err")"
	fi
	refuse "code for a missing kernel" "$A" --code "nokernel=$TMP/ac.gen"
	cp "$CORPUS/src/p_atomics.cl" "$TMP/tgl.cl"
	if ocloc compile -q -file "$TMP/tgl.cl" -device tgllp --format zebin \
		-output tgl -output_no_suffix -out_dir "$TMP" >/dev/null 2>&1; then
		refuse "another device's program" "$TMP/tgl" "$TMP/ac.gen"
	fi
fi
finish
