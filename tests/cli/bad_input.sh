#!/bin/sh
# Guards: bad input is an input error (exit 1) that names the file and
# what is wrong, never wrong code and never an output file
# (docs/hardening.md): kernel arguments against the .input table, aliases
# within their base, mod on float operands, Gen binaries given to
# "fat --add", an empty .isa, SimdSize, 64-bit halves below four
# channels (unsupported, exit 3), mulh on qwords; and the documented options
# (--no-siblings, gensim --help) and the state-variable naming rule of
# "visafin dump" (S0/T6 in a binary = S000/T006 in the text).
. "$(dirname "$0")/common.sh"
# expect_input NAME PATTERN ARGS...: exit 1, message matches, no out.gen
expect_input() {
	name=$1 pat=$2; shift 2
	rm -f out.gen
	"$vf" "$@" 2>err.txt >/dev/null; r=$?
	check "$name" $([ $r -eq 1 ] && [ ! -e out.gen ] && grep -q -- "$pat" err.txt; echo $?)
	[ $r -eq 1 ] && grep -q -- "$pat" err.txt || cat err.txt
}
k=$VF_SRC/tests/fin/mem_surface.visaasm
cp "$VF_SRC/tests/fin/int_arith.visaasm" a.visaasm
"$vf" -p skl a.visaasm -o ok.gen; check "the base kernel finalizes" $?

# an argument declared larger than its .input slot (overlaps the next)
sed 's/^\.decl IN v_type=G type=uq num_elts=1/.decl IN v_type=G type=uq num_elts=2/' a.visaasm > big.visaasm
expect_input "argument larger than its .input" "IN is declared 16 bytes but its .input slot" -p skl big.visaasm -o out.gen
sed 's/^\.input OUT offset=136/.input OUT offset=128/' a.visaasm > ovl.visaasm
expect_input "overlapping inputs" "overlaps .input" -p skl ovl.visaasm -o out.gen
sed 's/^\.input OUT offset=136/.input OUT offset=4096/' a.visaasm > oob.visaasm
expect_input "input outside the payload" "outside the thread payload" -p skl oob.visaasm -o out.gen
# where an input may sit (4_visa_header.md input_info): its type's
# alignment, a GRF start when a GRF or larger, one GRF when smaller
sed 's/^\.input OUT offset=136/.input OUT offset=140/' a.visaasm > mis.visaasm
expect_input "input not aligned to its type" "OUT offset=140 is not aligned to its 8-byte type" -p skl mis.visaasm -o out.gen
sed 's/^\.input LID offset=32/.input LID offset=34/' "$VF_SRC/tests/fin/slm_barrier.visaasm" > lid.visaasm
expect_input "a GRF-sized input off a GRF start" "LID offset=34: a variable of 32 bytes must start a GRF" -p skl lid.visaasm -o out.gen
sed 's/^\.decl OUT v_type=G type=uq num_elts=1/.decl OUT v_type=G type=d num_elts=2/; s/^\.input OUT offset=136/.input OUT offset=156/' a.visaasm > cross.visaasm
expect_input "a small input across a GRF boundary" "OUT offset=156: a variable of 8 bytes must not cross a GRF boundary" -p skl cross.visaasm -o out.gen
# the fuzz finding finalize-slm-barrier-overlap: LID at byte 33
tail -c +2 "$VF_SRC/tests/fuzz/corpus/finalize/slm-barrier-overlap" > odd.visaasm
expect_input "fuzz: input at an odd byte" "LID offset=33 is not aligned to its 2-byte type" -p skl odd.visaasm -o out.gen
# an input that is an alias (the fuzz finding input-alias: its base was
# pinned and a message wrote a whole GRF over it, an internal error)
printf '%s\n' '.version 4.1' '.kernel "ia"' \
	'.decl B v_type=G type=ud num_elts=2 align=hword' \
	'.decl A v_type=G type=ud num_elts=1 align=hword alias=<B, 0>' \
	'.input A offset=32 size=4' '.kernel_attr SimdSize=8' \
	'.function "_main_0"' '_main_0:' '    ret (M1, 1)' > ia.visaasm
expect_input "input that is an alias" "input A is an alias" -p skl ia.visaasm -o out.gen
# a call to a label nothing places (the fuzz finding
# control-flow-unplaced-label: an internal error before)
sed 's/^    call (M1, 8) triple_plus_one$/    call (M1, 8) triple_plusWone/' "$VF_SRC/tests/fin/control_flow.visaasm" > lbl.visaasm
expect_input "call to a label never placed" "line 83: call names label triple_plusWone, which no label instruction places" -p skl lbl.visaasm -o out.gen
# a packed immediate read by more channels than it has (the fuzz
# finding packed-imm-past-vector: an internal error before)
sed 's/^    mad (M1, 32) F(0,0)<1> F(0,0)<1;1,0> 0x3f000000:f 0x3f800000:f$/    mad (M1, 32) F(0,0)<1> F(0,0)<1;1,0> 0x3f000000:vf 0x3f800000:f/' "$VF_SRC/tests/fin/simd32.visaasm" > vf.visaasm
expect_input "packed :vf immediate at exec size 32" "line 37: .*(mad): packed immediate of 4 elements read by 32 channels" -p skl vf.visaasm -o out.gen
# address operands past their address variable (the fuzz finding
# address-past-variable: addr_add on 8 lanes of 6 elements, an internal
# error before), and a multi-address indirect source past it
sed 's/^\.decl A8 v_type=A num_elts=8$/.decl A8 v_type=A num_elts=6/' "$VF_SRC/tests/fin/indirect.visaasm" > a6.visaasm
expect_input "address operand past its variable" "(addr_add): destination operand reaches byte 16 of an address variable of 12 bytes" -p skl a6.visaasm -o out.gen
sed 's/^    mov (M1, 8) R(3,0)<1> r\[A8(0),0\]<1,0>:d$/    mov (M1, 8) R(3,0)<1> r[A8(2),0]<1,0>:d/' "$VF_SRC/tests/fin/indirect.visaasm" > a8.visaasm
expect_input "indirect addresses past their variable" "indirect source operand uses address elements 2..9 of an address variable of 8" -p skl a8.visaasm -o out.gen
# an alias of %r0 grown past r0
sed 's/^\.decl X v_type=G type=d num_elts=32 align=hword$/&\n.decl H v_type=G type=ud num_elts=16 align=hword alias=<%r0, 0>/' a.visaasm > r0.visaasm
expect_input "alias past its base (%r0)" "reaches past the end of its alias base" -p skl r0.visaasm -o out.gen
sed 's/^\.decl R1 v_type=G type=d num_elts=32 align=hword alias=<R, 128>/.decl R1 v_type=G type=d num_elts=32 align=hword alias=<R, 960>/' a.visaasm > al.visaasm
expect_input "alias past its base" "reaches past the end of its alias base" -p skl al.visaasm -o out.gen
# mod is integer-only: float operands are invalid input, with the line
printf '%s\n' '.version 4.1' '.kernel "m"' \
	'.decl IN v_type=G type=uq num_elts=1 align=qword' \
	'.decl X v_type=G type=f num_elts=16 align=hword' \
	'.decl XD v_type=G type=df num_elts=8 align=hword alias=<X, 0>' \
	'.input IN offset=128 size=8' '.kernel_attr SimdSize=8' \
	'.function "_main_0"' '_main_0:' \
	'    svm_block_ld (4) IN(0,0)<0;1,0> X.0' \
	'    mod (M1, 8) X(0,0)<1> X(0,0)<1;1,0> X(1,0)<1;1,0>' \
	'    svm_block_st (4) IN(0,0)<0;1,0> X.0' '    ret (M1, 1)' > modf.visaasm
expect_input "mod on f" "modf.visaasm: line 11: .*mod takes integer operands" -p skl modf.visaasm -o out.gen
sed 's/mod (M1, 8) X(0,0)<1> X(0,0)<1;1,0> X(1,0)<1;1,0>/mod (M1, 4) XD(0,0)<1> XD(0,0)<1;1,0> XD(1,0)<1;1,0>/' modf.visaasm > moddf.visaasm
expect_input "mod on df" "mod takes integer operands, not :df" -p skl moddf.visaasm -o out.gen
# SimdSize names the attribute and the file
sed 's/SimdSize=8/SimdSize=12/' a.visaasm > simd.visaasm
expect_input "bad SimdSize" "simd.visaasm: .*SimdSize=12" -p skl simd.visaasm -o out.gen

# fat --add: random bytes, a kernel of another platform, no EOT
"$vf" convert a.visaasm -o a.isa
head -c 2048 /dev/urandom > junk.dat
expect_input "fat --add random bytes" "junk.dat" fat a.isa --platform skl --add junk.dat -o out.gen
head -c 256 /dev/zero > zero.dat
expect_input "fat --add without EOT" "no instruction ends the thread" fat a.isa --platform skl --add zero.dat -o out.gen
"$vf" -p skl a.visaasm --raw -o a.dat
"$vf" fat a.isa --platform skl --add a.dat -o fat.isa; check "fat --add of a real kernel" $?

# the format by extension first: an empty .isa is a binary error
: > empty.isa
expect_input "empty .isa" "empty.isa: offset 0" dump empty.isa
# --no-siblings as documented
cp "$VF_SRC/tests/fin/stack_call.visaasm" sc.visaasm
cp "$VF_SRC/tests/fin/stack_call.f0.visaasm" sc.f0.visaasm
"$vf" -p skl sc.visaasm -o out.gen; check "siblings loaded" $?
"$vf" -p skl sc.visaasm --no-siblings -o out2.gen 2>err.txt; r=$?
check "--no-siblings accepted (the function is then missing)" $([ $r -ne 2 ] && ! grep -q usage err.txt; echo $?)
"$VF_BUILD/gensim" --help >/dev/null; check "gensim --help exits 0" $?

# naming rule: a binary naming its sampler/surface S0/T6 dumps like the
# text that names them S000/T006
grep -q 'v_name=T006' "$k" || echo "note: $k has no T006"
sed 's/v_name=T006/v_name=T6/; s/v_name=S000/v_name=S0/' "$k" > short.visaasm
"$vf" convert short.visaasm -o short.isa
"$vf" dump short.isa > d1.txt; "$vf" dump "$k" > d2.txt
check "dump: S0/T6 in a binary = S000/T006 in a text" $(cmp -s d1.txt d2.txt && grep -q 'v_name=T006' d1.txt; echo $?)
# mulh on qwords (D x D or UD x UD only): the source was read as two
# dwords past its variable
printf '%s\n' '.version 4.1' '.kernel "mq"' \
	'.decl A v_type=G type=uq num_elts=1 align=qword' \
	'.decl B v_type=G type=uq num_elts=1 align=qword' \
	'.input B offset=32 size=8' '.kernel_attr SimdSize=8' \
	'.function "_main_0"' '_main_0:' \
	'    mulh (M1_NM, 1) A(0,0)<1> B(0,0)<0;1,0> 0x300:uq' \
	'    ret (M1, 1)' > mulhq.visaasm
expect_input "mulh on qwords" "mulhq.visaasm: line 9: .*mulh takes D or UD operands, not :uq" -p skl mulhq.visaasm -o out.gen

# a 64-bit add on a platform without 64-bit integers whose dword view
# must be split into halves of two channels: their carries would share
# the accumulator (finalizer/split.c), so it is unsupported (exit 3), not
# wrong code
sed 's/add (M1_NM, 2) D(0,0)<1> S(0,0)<8;2,4>/add (M1_NM, 4) D(0,0)<1> S(0,0)<8;2,4>/' \
	"$VF_SRC/tests/fin/region64_stride.visaasm" > acc.visaasm
grep -q 'add (M1_NM, 4) D(0,0)<1> S(0,0)<8;2,4>' acc.visaasm || echo "note: acc.visaasm unchanged"
rm -f out.gen
"$vf" -p tgllp acc.visaasm -o out.gen 2>err.txt; r=$?
check "64-bit halves below four channels: unsupported" $([ $r -eq 3 ] && [ ! -e out.gen ] &&
	grep -q "split below four channels" err.txt; echo $?)

# predicates: the channels of the mask control (M3 = from channel 8) name
# the predicate's elements, which must exist (input error); logic on
# predicates that names only part of a flag word's elements changes only
# those: a masked word operation (t = op; t ^= dst; t &= channels; dst ^=
# t) whose mask has exactly the named channels' bits.  Before: or (M3, 8)
# on 8-element predicates was an internal error under verify and, on
# 16-element ones, wrong code (the whole word or'ed), then unsupported.
# A fuzz finding of session 5.  Values: tests/fin/pred_logic.visaasm.
pk() { # pk NAME NUM_ELTS LINE
	printf '%s\n' '.version 4.1' '.kernel "pk"' \
		'.decl IN v_type=G type=uq num_elts=1 align=qword' \
		'.decl X v_type=G type=d num_elts=32 align=hword' \
		'.decl R v_type=G type=d num_elts=32 align=hword' \
		".decl P1 v_type=P num_elts=$2" ".decl P2 v_type=P num_elts=$2" \
		'.input IN offset=128 size=8' '.kernel_attr SimdSize=8' \
		'.function "_main_0"' '_main_0:' \
		'    svm_block_ld (8) IN(0,0)<0;1,0> X.0' \
		'    cmp.gt (M1, 8) P1 X(0,0)<1;1,0> 0x0:d' \
		"    $3" \
		'    svm_block_st (8) IN(0,0)<0;1,0> R.0' \
		'    ret (M1, 1)' > "$1.visaasm"
}
pk pcmp 8 'cmp.lt (M3, 8) P2 X(0,0)<1;1,0> 0x5:d'
expect_input "predicate elements past the predicate (cmp)" "pcmp.visaasm: line 14: .*predicate P2 of 8 elements used by channels 8..15" -p skl pcmp.visaasm -o out.gen
pk ppred 8 '(P1) mov (M3, 8) R(0,0)<1> 0x1:d'
expect_input "predicate elements past the predicate (predication)" "ppred.visaasm: line 14: .*predicate P1 of 8 elements used by channels 8..15" -p skl ppred.visaasm -o out.gen
pk plog 8 'or (M3, 8) P2 P2 P1'
expect_input "predicate elements past the predicate (logic)" "plog.visaasm: line 14: .*predicate P2 of 8 elements" -p skl plog.visaasm -o out.gen
# plogic NAME LINE MASK: finalizes, and the word operation is masked
# with MASK (only the named channels' bits)
plogic() {
	pk "$1" 16 "$2"
	rm -f out.s
	"$vf" -p skl "$1.visaasm" -S -o out.s 2>err.txt
	check "logic on part of a predicate: $2" $([ -s out.s ] &&
		grep -q "and (1|M0) .* $3:uw" out.s; echo $?)
}
plogic plog16 'or (M3, 8) P2 P2 P1' 0xFF00
plogic plog8 'or (M1, 8) P2 P2 P1' 0xFF
pk plog0 16 'or (M1, 16) P2 P2 P1'
rm -f out.gen
"$vf" -p skl plog0.visaasm -o out.gen 2>err.txt
check "logic on predicates from channel 0 finalizes" $([ -s out.gen ]; echo $?)
# a predicate written where the binary has no place for it or the spec
# wants none (logic between predicates: AND.md "<pred> must be zero";
# min/max: MIN_MAX.md has no predicate field) is an error, not dropped
pk plpred 16 '(P1) or (M1, 16) P2 P2 P1'
expect_input "predicated logic between predicates" "plpred.visaasm:14:10: expected an instruction that takes a predicate, found 'or'" -p skl plpred.visaasm -o out.gen
pk pminpred 16 '(P1) min (M1, 16) R(0,0)<1> X(0,0)<1;1,0> 0x5:d'
expect_input "predicated min" "pminpred.visaasm:14:10: expected an instruction that takes a predicate, found 'min'" -p skl pminpred.visaasm -o out.gen
# integer expressions nested past 200 levels: an error with the place,
# not a stack overflow (fuzz finding of session 5; tests/fuzz/corpus/
# visaasm/expression-depth)
for shape in paren minus cond; do
	case $shape in
	paren) e=$(printf '(%.0s' $(seq 1 3000))8$(printf ')%.0s' $(seq 1 3000)) ;;
	minus) e=$(printf -- '-%.0s' $(seq 1 3000))8 ;;
	cond) e=$(printf '1?2:%.0s' $(seq 1 3000))8 ;;
	esac
	printf '%s\n' '.version 4.1' '.kernel "k"' ".decl V v_type=G type=d num_elts=$e" > deep.visaasm
	expect_input "expression nested 3000 deep ($shape)" "deep.visaasm:3:.*expected an expression nested at most 200 deep" -p skl deep.visaasm -o out.gen
done
exit $fail
