#!/bin/sh
# Guards: every message instruction's raw operands stay inside their
# variables (finalizer/raw_extent.c, docs/hardening.md "Raw operands"):
# an operand the message would read or write past its variable is an
# input error (exit 1, the instruction's line, the operand and its byte
# count, no output file), one family after the other; the same
# instruction with a variable large enough finalizes; block store data
# may be shorter than its block (IGC stores a qword as an oword) but
# must start inside its variable; every raw operand starts aligned to the
# elements its message moves.
. "$(dirname "$0")/common.sh"
# kernel FILE INSTRUCTION: a SIMD16 kernel around one instruction (line 19)
kernel() {
	printf '%s\n' '.version 4.1' '.kernel "rb"' \
		'.decl SM v_type=G type=d num_elts=4 align=hword' \
		'.decl OFF v_type=G type=d num_elts=16 align=hword' \
		'.decl BIG v_type=G type=d num_elts=64 align=hword' \
		'.decl AD v_type=G type=uq num_elts=16 align=hword' \
		'.decl PA v_type=G type=uq num_elts=1 align=qword' \
		'.decl T6 v_type=T num_elts=1 v_name=T006' \
		'.input PA offset=32 size=8' \
		'.kernel_attr Target="3d"' '.kernel_attr SimdSize=16' \
		'.function "_main_0"' '_main_0:' \
		'    mov (M1, 16) OFF(0,0)<1> 0x0:d' \
		'    mov (M1, 16) BIG(0,0)<1> 0x0:d' \
		'    mov (M1, 16) AD(0,0)<1> PA(0,0)<0;1,0>' \
		'    mov (M1, 4) SM(0,0)<1> 0x0:d' \
		'    movs (M1_NM, 1) T6(0) 0x1:ud' \
		"    $2" \
		'    ret (M1, 1)' > "$1"
}
# bad NAME PATTERN INSTRUCTION: an input error at line 19 matching PATTERN
bad() {
	kernel k.visaasm "$3"
	rm -f out.gen
	"$vf" -p skl k.visaasm -o out.gen 2>err.txt; r=$?
	check "$1" $([ $r -eq 1 ] && [ ! -e out.gen ] &&
	             grep -q "k.visaasm: line 19: .*$2" err.txt; echo $?)
	[ $r -eq 1 ] && grep -q "line 19: .*$2" err.txt || cat err.txt
}
# good NAME INSTRUCTION: finalizes (with the allocation check)
good() {
	kernel k.visaasm "$2"
	"$vf" -p skl k.visaasm -o out.gen --verify 2>err.txt
	r=$?
	check "$1" $r
	[ $r -eq 0 ] || cat err.txt
}
small='of a variable of 16 bytes'
# surface messages (build_send.c)
bad "gather4_scaled response" "raw operand 5 (response, 128 bytes at exec size 16) reaches byte 128 of a variable of 64 bytes" \
	'gather4_scaled.RG (M1, 16) T6 0x0:ud OFF.0 OFF.0'
good "gather4_scaled response that fits" 'gather4_scaled.RG (M1, 16) T6 0x0:ud OFF.0 BIG.0'
bad "gather4_scaled response at an offset" "raw operand 5 (response, 128 bytes.*reaches byte 320 of a variable of 256 bytes" \
	'gather4_scaled.RG (M1, 16) T6 0x0:ud OFF.0 BIG.192'
bad "scatter_scaled offsets" "raw operand 5 (offsets, 64 bytes.*$small" \
	'scatter_scaled.4 (M1, 16) T6 0x0:ud SM.0 OFF.0'
good "scatter_scaled that fits" 'scatter_scaled.4 (M1, 16) T6 0x0:ud OFF.0 OFF.0'
bad "dword_atomic source" "raw operand 3 (source 0, 64 bytes.*$small" \
	'dword_atomic.add (M1, 16) T6 OFF.0 SM.0 %null.0 OFF.0'
bad "dword_atomic response" "raw operand 5 (response, 64 bytes.*$small" \
	'dword_atomic.add (M1, 16) T6 OFF.0 OFF.0 %null.0 SM.0'
good "dword_atomic that fits" 'dword_atomic.add (M1, 16) T6 OFF.0 OFF.0 %null.0 OFF.0'
bad "oword_ld response" "raw operand 4 (response, 64 bytes.*$small" \
	'oword_ld (4) T6 0x0:ud SM.0'
good "oword_ld that fits" 'oword_ld (4) T6 0x0:ud OFF.0'
bad "oword_st data starting past its variable" "raw operand 3 (data, 64 bytes.*$small" \
	'oword_st (4) T6 0x0:ud SM.16'
good "oword_st data shorter than its block (as IGC's svm_block_st)" \
	'oword_st (4) T6 0x0:ud SM.4'
bad "media_ld response" "raw operand 7 (response, 64 bytes.*$small" \
	'media_ld.nomod (32,2) T6 0 0x0:ud 0x0:ud SM.0'
good "media_ld that fits" 'media_ld.nomod (32,2) T6 0 0x0:ud 0x0:ud OFF.0'
bad "raw_sends extended payload" "raw operand 8 (extended payload, 64 bytes.*$small" \
	'raw_sends.12.1.2.0 (M1, 16) 0x4c:ud 0x2000000:ud OFF.0 SM.0 %null.0'
bad "raw_sends response" "raw operand 9 (response, 128 bytes.*of a variable of 64 bytes" \
	'raw_sends.12.2.0.4 (M1, 16) 0x4c:ud 0x2000000:ud BIG.0 %null.0 OFF.0'
bad "raw_send payload" "raw operand 5 (payload, 128 bytes.*of a variable of 64 bytes" \
	'raw_send (M1, 16) 0xc 4 2 0x2000000:ud OFF.0 OFF.0'
bad "raw_send response" "raw operand 6 (response, 128 bytes.*of a variable of 64 bytes" \
	'raw_send (M1, 16) 0xc 2 4 0x2000000:ud BIG.0 OFF.0'
good "raw_send that fits" 'raw_send (M1, 16) 0xc 2 2 0x2000000:ud BIG.0 OFF.0'
# stateless messages (build_svm.c)
bad "svm_gather addresses" "raw operand 2 (addresses, 128 bytes.*of a variable of 64 bytes" \
	'svm_gather.4.1 (M1, 16) OFF.0 BIG.0'
bad "svm_gather response" "raw operand 3 (response, 64 bytes.*$small" \
	'svm_gather.4.1 (M1, 16) AD.0 SM.0'
good "svm_gather that fits" 'svm_gather.4.1 (M1, 16) AD.0 OFF.0'
bad "svm_atomic source" "raw operand [23] (source [01], 32 bytes at exec size 8.*$small" \
	'svm_atomic.add (M1, 8) AD.0 %null.0 SM.0 %null.0'
bad "svm_gather4scaled offsets" "raw operand 3 (offsets, 128 bytes.*of a variable of 64 bytes" \
	'svm_gather4scaled.R (M1, 16) 0x0:uq OFF.0 BIG.0'
bad "svm_block_ld response" "raw operand 2 (response, 64 bytes.*$small" \
	'svm_block_ld (4) PA(0,0)<0;1,0> SM.0'
bad "svm_block_st data starting past its variable" "raw operand 2 (data, 16 bytes.*$small" \
	'svm_block_st (1) PA(0,0)<0;1,0> SM.16'
# sampler and typed messages (build_sampler.c)
bad "scatter4_typed coordinate" "raw operand 2 (coordinate, 32 bytes at exec size 8.*$small" \
	'scatter4_typed.R (M1, 8) T6 SM.0 %null.0 %null.0 %null.0 OFF.0'
bad "load_3d response" "raw operand 4 (response, 128 bytes.*of a variable of 64 bytes" \
	'load_3d.RG (M1, 16) 0x0:uw T6 OFF.0 OFF.0 OFF.0 OFF.0'
good "load_3d that fits" 'load_3d.RG (M1, 16) 0x0:uw T6 BIG.0 OFF.0 OFF.0 OFF.0'
# where a raw operand may start: aligned to the elements its message
# moves (the offset was dropped before: BIG.3 stored from BIG.0)
bad "oword_st data at byte 3" "raw operand 3 (data) at byte 3 of its variable is not aligned to its 4-byte elements" \
	'oword_st (1) T6 0x0:ud BIG.3'
bad "scatter_scaled data at byte 2" "raw operand 6 (data) at byte 2 of its variable is not aligned to its 4-byte elements" \
	'scatter_scaled.4 (M1, 16) T6 0x0:ud OFF.0 BIG.2'
bad "svm_scatter addresses at byte 4" "raw operand 2 (addresses) at byte 4 of its variable is not aligned to its 8-byte elements" \
	'svm_scatter.4.1 (M1, 8) AD.4 OFF.0'
good "svm_scatter data at byte 4" 'svm_scatter.4.1 (M1, 8) AD.8 BIG.4'
exit $fail
