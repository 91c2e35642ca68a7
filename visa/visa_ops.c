/*
 * visa_ops.c - the vISA 4.1 opcode table and the binary layout of every
 * instruction.
 *
 * One row per opcode 0x00..0x92: the mnemonic as IGC's ISA_Inst_Table
 * spells it (so text written by visafin matches IGC's), the instruction
 * class, the source/destination counts of that table, and the layout of
 * the instruction's fields in the binary, written in the small layout
 * language that visa_inst_io.c interprets (docs/visa-binary-instructions.md
 * describes it letter by letter).  Opcodes with a sub-opcode byte (svm, va,
 * va_skl_plus, lsc_untyped, lsc_typed) continue with a per-sub-opcode
 * layout from the tables further down.
 *
 * The layouts are complete: every field IGC's binary reader
 * (ByteCodeReaderNG.cpp) expects, in the order IGC's builder
 * (VISAKernelImpl.cpp) lists the operands.  IGC's writer drops the last
 * fields of each instruction; visa_inst_io.c applies that rule, the table
 * does not encode it.
 *
 * Spec: shared/spec/visa/6_instructions.md and the instructions/ folder
 * for the instruction formats, 5_operands.md for the operands.  Where the
 * spec and IGC 1.0.12504.6 differ, the layouts follow IGC.
 */
#include "visa_ops.h"

#include <stddef.h>

struct visa_op_row {
	struct visa_op_info info;
	const char *layout;
};

#define ROW(op, name, cls, srcs, dsts, layout) \
	[op] = { { name, VISA_CLASS_##cls, srcs, dsts }, layout }

/*
 * Layout letters (full description in docs/visa-binary-instructions.md):
 *   E exec-size byte        P predicate word       S sub-opcode byte
 *   b w d q  plain integer of 1/2/4/8 bytes
 *   i  variable/string index: 2 bytes before vISA 3.4, 4 from 3.4
 *   v  vector operand       r  raw operand
 *   n  count byte; '*X' repeats field X that many times
 *   F  16-bit flag word; '?h' makes the next field present only when bit h
 *      (one hex digit) of the flag word is set
 *   a  sampler aoffimmi: vector from 3.4, a 16-bit integer before
 *   o  3D sampler sub-op: 16 bits from 4.0, 8 bits before
 *   f  raw_sends ffid byte, only after 3.5
 *   m  wait mask vector, only from 3.1
 *   L  info_3d lod raw operand, only when the first field is 10 (resinfo)
 */
static const struct visa_op_row visa_op_rows[VISA_OP_COUNT] = {
	/* Arithmetic: exec, predicate, dst, srcs (readInstructionCommonNG). */
	ROW(0x01, "add", ARITH, 2, 1, "EPvvv"),
	ROW(0x02, "avg", ARITH, 2, 1, "EPvvv"),
	ROW(0x03, "div", ARITH, 2, 1, "EPvvv"),
	ROW(0x04, "dp2", ARITH, 2, 1, "EPvvv"),
	ROW(0x05, "dp3", ARITH, 2, 1, "EPvvv"),
	ROW(0x06, "dp4", ARITH, 2, 1, "EPvvv"),
	ROW(0x07, "dph", ARITH, 2, 1, "EPvvv"),
	ROW(0x08, "exp", ARITH, 1, 1, "EPvv"),
	ROW(0x09, "frc", ARITH, 1, 1, "EPvv"),
	ROW(0x0A, "line", ARITH, 2, 1, "EPvvv"),
	ROW(0x0B, "log", ARITH, 1, 1, "EPvv"),
	ROW(0x0C, "mad", ARITH, 3, 1, "EPvvvv"),
	ROW(0x0D, "mulh", ARITH, 2, 1, "EPvvv"),
	ROW(0x0E, "lrp", ARITH, 3, 1, "EPvvvv"),
	ROW(0x0F, "mod", ARITH, 2, 1, "EPvvv"),
	ROW(0x10, "mul", ARITH, 2, 1, "EPvvv"),
	ROW(0x11, "pow", ARITH, 2, 1, "EPvvv"),
	ROW(0x12, "rndd", ARITH, 1, 1, "EPvv"),
	ROW(0x13, "rndu", ARITH, 1, 1, "EPvv"),
	ROW(0x14, "rnde", ARITH, 1, 1, "EPvv"),
	ROW(0x15, "rndz", ARITH, 1, 1, "EPvv"),
	ROW(0x16, "sad2", ARITH, 2, 1, "EPvvv"),
	ROW(0x17, "sin", ARITH, 1, 1, "EPvv"),
	ROW(0x18, "cos", ARITH, 1, 1, "EPvv"),
	ROW(0x19, "sqrt", ARITH, 1, 1, "EPvv"),
	ROW(0x1A, "rsqrt", ARITH, 1, 1, "EPvv"),
	ROW(0x1B, "inv", ARITH, 1, 1, "EPvv"),
	/* dpasw: exec, dst/src0/src1 raw, src2 vector, precision word. */
	ROW(0x1C, "dpasw", MISC, 3, 1, "Errrvd"),
	/* fcvt and srnd have no predicate. */
	ROW(0x1D, "fcvt", MOV, 1, 1, "Evv"),
	ROW(0x1E, "srnd", ARITH, 2, 1, "Evvv"),
	ROW(0x1F, "lzd", ARITH, 1, 1, "EPvv"),
	/* Logic. */
	ROW(0x20, "and", LOGIC, 2, 1, "EPvvv"),
	ROW(0x21, "or", LOGIC, 2, 1, "EPvvv"),
	ROW(0x22, "xor", LOGIC, 2, 1, "EPvvv"),
	ROW(0x23, "not", LOGIC, 1, 1, "EPvv"),
	ROW(0x24, "shl", LOGIC, 2, 1, "EPvvv"),
	ROW(0x25, "shr", LOGIC, 2, 1, "EPvvv"),
	ROW(0x26, "asr", LOGIC, 2, 1, "EPvvv"),
	ROW(0x27, "cbit", LOGIC, 1, 1, "EPvv"),
	/* addr_add: no predicate; dst is an address operand. */
	ROW(0x28, "addr_add", ADDR, 2, 1, "Evvv"),
	ROW(0x29, "mov", MOV, 1, 1, "EPvv"),
	ROW(0x2A, "sel", MOV, 2, 1, "EPvvv"),
	/* setp: no predicate; dst is a predicate operand. */
	ROW(0x2B, "setp", MOV, 1, 1, "Evv"),
	/* cmp: no predicate; relational-op byte, dst (flag or GRF), srcs. */
	ROW(0x2C, "cmp", COMPARE, 2, 1, "Ebvvv"),
	/* movs: no predicate; state operands. */
	ROW(0x2D, "movs", MOV, 1, 1, "Evv"),
	ROW(0x2E, "fbl", LOGIC, 1, 1, "EPvv"),
	ROW(0x2F, "fbh", LOGIC, 1, 1, "EPvv"),
	/* Control flow: label ids are 16-bit (readInstructionControlFlow). */
	ROW(0x30, "func", FLOW, 1, 0, "w"),
	ROW(0x31, "label", FLOW, 1, 0, "w"),
	ROW(0x32, "jmp", FLOW, 1, 0, "EPw"),
	ROW(0x33, "call", FLOW, 1, 0, "EPw"),
	ROW(0x34, "ret", FLOW, 0, 0, "EP"),
	/* Surface data port: oword size, modifier, surface, offset, data. */
	ROW(0x35, "oword_ld", DATAPORT, 2, 1, "bbbvr"),
	ROW(0x36, "oword_st", DATAPORT, 3, 0, "bbvr"),
	/* media: modifier, surface, plane, width, height, x, y, data. */
	ROW(0x37, "media_ld", DATAPORT, 5, 1, "bbbbbvvr"),
	ROW(0x38, "media_st", DATAPORT, 6, 0, "bbbbbvvr"),
	/* gather: elt size, modifier, num elts, surface, global offset,
	 * element offsets, data; scatter lacks the modifier. */
	ROW(0x39, "gather", DATAPORT, 4, 1, "bbbbvrr"),
	ROW(0x3A, "scatter", DATAPORT, 5, 0, "bbbvrr"),
	ROW(0x3C, "oword_ld_unaligned", DATAPORT, 2, 1, "bbbvr"),
	/* Sampler: sample/load: mode, [sampler], surface, u, v, r, dst. */
	ROW(0x40, "sample", SAMPLER, 5, 1, "bbbrrrr"),
	ROW(0x41, "sample_unorm", SAMPLER, 6, 1, "bbbvvvvr"),
	ROW(0x42, "load", SAMPLER, 4, 1, "bbrrrr"),
	/* avs: channels, sampler, surface, u, v, deltaU, deltaV, u2d, groupID,
	 * verticalBlockNumber, cntrl, v2d, execMode, IEFBypass, dst. */
	ROW(0x43, "avs", SAMPLER, 13, 1, "bbbvvvvvvvbvbvr"),
	ROW(0x44, "va", SAMPLER, 0, 0, "S"),
	/* fminmax: no predicate; min/max selector byte. */
	ROW(0x45, "fminmax", MOV, 2, 1, "Ebvvv"),
	ROW(0x46, "bfe", LOGIC, 3, 1, "EPvvvv"),
	ROW(0x47, "bfi", LOGIC, 4, 1, "EPvvvvv"),
	ROW(0x48, "bfrev", LOGIC, 1, 1, "EPvv"),
	/* addc/subb: dst, carry/borrow dst, srcs. */
	ROW(0x49, "addc", ARITH, 2, 2, "EPvvvv"),
	ROW(0x4A, "subb", ARITH, 2, 2, "EPvvvv"),
	/* typed: channel mask, surface, u, v, r, lod, data (from 3.2). */
	ROW(0x4B, "gather4_typed", DATAPORT, 7, 1, "EPbbrrrrr"),
	ROW(0x4C, "scatter4_typed", DATAPORT, 8, 0, "EPbbrrrrr"),
	ROW(0x4D, "va_skl_plus", SAMPLER, 0, 0, "S"),
	ROW(0x4E, "svm", SVM, 0, 0, "S"),
	/* ifcall: function address, arg size, return size. */
	ROW(0x4F, "ifcall", FLOW, 3, 0, "EPvbb"),
	/* faddr: symbol name (16-bit string index), dst. */
	ROW(0x50, "faddr", FLOW, 1, 1, "wv"),
	ROW(0x51, "file", MISC, 1, 0, "i"),
	ROW(0x52, "loc", MISC, 1, 0, "d"),
	/* vme_ime: stream mode, search ctrl, uni input, ime input, surface,
	 * ref0, ref1, cost center, output. */
	ROW(0x54, "vme_ime", MISC, 5, 1, "bbrrbrrrr"),
	ROW(0x55, "vme_sic", MISC, 2, 1, "rrbr"),
	/* vme_fbr: uni input, fbr input, surface, mb mode, sub mb shape,
	 * sub pred mode, output. */
	ROW(0x56, "vme_fbr", MISC, 2, 1, "rrbvvvr"),
	ROW(0x57, "vme_idm", MISC, 2, 1, "rrbr"),
	/* Synchronisation: no exec size, no predicate. */
	ROW(0x59, "barrier", SYNC, 0, 0, ""),
	ROW(0x5A, "sampler_cache_flush", SYNC, 0, 0, ""),
	ROW(0x5B, "wait", SYNC, 0, 0, "m"),
	ROW(0x5C, "fence", SYNC, 0, 0, "b"),
	/* raw_send: modifier, exec, pred, ex desc, num src, num dst, desc,
	 * src, dst. */
	ROW(0x5D, "raw_send", MISC, 0, 0, "bEPdbbvrr"),
	ROW(0x5F, "yield", SYNC, 0, 0, ""),
	/* nbarrier: mode, barrier id, thread count. */
	ROW(0x60, "nbarrier", SYNC, 0, 1, "bvv"),
	/* fcall: function name (16-bit string index), arg size, ret size. */
	ROW(0x67, "fcall", FLOW, 3, 0, "EPwbb"),
	ROW(0x68, "fret", FLOW, 0, 0, "EP"),
	/* switchjmp: no predicate; label count (1..32), index, labels. */
	ROW(0x69, "switchjmp", FLOW, 0, 0, "Env*w"),
	ROW(0x6A, "sad2add", ARITH, 3, 1, "EPvvvv"),
	ROW(0x6B, "plane", ARITH, 2, 1, "EPvvv"),
	ROW(0x6C, "goto", SIMD_FLOW, 1, 0, "EPw"),
	/* 3D sampler: sub-op, exec, pred, channels, aoffimmi, [sampler],
	 * surface, dst, param count (may be cut off, see the docs), params. */
	ROW(0x6D, "sample_3d", SAMPLER, 5, 1, "oEPbabbrn*r"),
	ROW(0x6E, "load_3d", SAMPLER, 5, 1, "oEPbabrn*r"),
	ROW(0x6F, "gather4_3d", SAMPLER, 5, 1, "oEPbabbrn*r"),
	/* info_3d: sub-op, exec, channels, surface, [lod], dst. */
	ROW(0x70, "info_3d", SAMPLER, 2, 1, "bEbbLr"),
	/* rt_write_3d: mode word selects the optional operands: sample index
	 * (bit 11), cps counter (bit 8), RT index (bit 2), s0a (bit 3), oM
	 * (bit 4), R G B A, Z (bit 5), stencil (bit 6). */
	ROW(0x71, "rt_write_3d", DATAPORT, 3, 0,
	    "EPFbr?bv?8v?2v?3r?4rrrrr?5r?6r"),
	/* urb_write_3d: num out, channel mask, global offset, handle,
	 * per-slot offset, vertex data. */
	ROW(0x72, "urb_write_3d", MISC, 6, 0, "EPbrwrrr"),
	/* typed_atomic: atomic op, exec, pred, surface, u, v, r, lod, src0,
	 * src1, dst. */
	ROW(0x73, "typed_atomic", DATAPORT, 9, 1, "bEPbrrrrrrr"),
	/* scaled: channel mask, scale (MBZ), surface, global offset,
	 * offsets, data. */
	ROW(0x74, "gather4_scaled", DATAPORT, 4, 1, "EPbwbvrr"),
	ROW(0x75, "scatter4_scaled", DATAPORT, 5, 0, "EPbwbvrr"),
	/* block size (MBZ), num blocks, scale (MBZ), surface, global offset,
	 * offsets, data. */
	ROW(0x78, "gather_scaled", DATAPORT, 4, 1, "EPbbwbvrr"),
	ROW(0x79, "scatter_scaled", DATAPORT, 5, 0, "EPbbwbvrr"),
	/* raw_sends: modifier, exec, pred, num src0, num src1, num dst,
	 * [ffid], ex desc, desc, src0, src1, dst. */
	ROW(0x7A, "raw_sends", MISC, 0, 0, "bEPbbbfvvrrr"),
	/* lifetime: properties (class bits 4-7, start/end bit 0), var id. */
	ROW(0x7B, "lifetime", MISC, 2, 0, "bi"),
	ROW(0x7C, "sbarrier", SYNC, 1, 0, "b"),
	/* dword_atomic: atomic op, exec, pred, surface, offsets, src0, src1,
	 * dst. */
	ROW(0x7D, "dword_atomic", DATAPORT, 5, 1, "bEPbrrrr"),
	ROW(0x7E, "sqrtm", ARITH, 1, 1, "EPvv"),
	ROW(0x7F, "divm", ARITH, 2, 1, "EPvvv"),
	ROW(0x80, "rol", LOGIC, 2, 1, "EPvvv"),
	ROW(0x81, "ror", LOGIC, 2, 1, "EPvvv"),
	ROW(0x82, "dp4a", ARITH, 3, 1, "EPvvvv"),
	ROW(0x83, "dpas", MISC, 3, 1, "Errrvd"),
	ROW(0x84, "add3", ARITH, 3, 1, "EPvvvv"),
	/* bfn: dst, three srcs, boolean function byte. */
	ROW(0x85, "bfn", LOGIC, 3, 1, "EPvvvvb"),
	/* qword: num blocks, surface, offsets, data. */
	ROW(0x86, "qw_gather", DATAPORT, 3, 1, "EPbbrr"),
	ROW(0x87, "qw_scatter", DATAPORT, 4, 0, "EPbbrr"),
	ROW(0x89, "lsc_untyped", LSC, 0, 0, "S"),
	ROW(0x8A, "lsc_typed", LSC, 0, 0, "S"),
	/* lsc_fence: sfid, fence op, scope. */
	ROW(0x8B, "lsc_fence", LSC, 0, 0, "EPbbb"),
	ROW(0x91, "madw", ARITH, 3, 1, "EPvvvv"),
	ROW(0x92, "add3.o", ARITH, 3, 1, "EPvvvv"),
};

/* Before vISA 3.2 the typed gather/scatter had no predicate and no lod:
 * channel mask, exec, surface, u, v, r, data. */
static const char visa_typed_pre_3_2[] = "bEbrrrr";

const struct visa_op_info *visa_op_info(unsigned op)
{
	if (op >= VISA_OP_COUNT || !visa_op_rows[op].info.name)
		return NULL;
	return &visa_op_rows[op].info;
}

const char *visa_op_layout(unsigned op, unsigned version)
{
	if (op >= VISA_OP_COUNT || !visa_op_rows[op].info.name)
		return NULL;
	if ((op == VISA_OP_GATHER4_TYPED || op == VISA_OP_SCATTER4_TYPED) &&
	    version < 0x0302)
		return visa_typed_pre_3_2;
	return visa_op_rows[op].layout;
}

struct visa_subop_row {
	const char *name;
	const char *layout;
};

/* svm sub-opcodes (IGC SVMSubOpcode).  Block ops have no exec size. */
static const struct visa_subop_row visa_svm_rows[] = {
	[1] = { "svm_block_ld", "bvr" },   /* oword count|unaligned, addr, dst */
	[2] = { "svm_block_st", "bvr" },
	/* block size, num blocks, addresses, data */
	[3] = { "svm_gather", "EPbbrr" },
	[4] = { "svm_scatter", "EPbbrr" },
	/* atomic op, addresses, src0, src1, dst */
	[5] = { "svm_atomic", "EPbrrrr" },
	/* channel mask, scale (MBZ), address, offsets, data */
	[6] = { "svm_gather4scaled", "EPbwvrr" },
	[7] = { "svm_scatter4scaled", "EPbwvrr" },
};

/* va (pre-SKL media) sub-opcodes 1..7 (ISA_VA_Sub_Opcode). */
static const struct visa_subop_row visa_va_rows[] = {
	/* sampler, surface, u, v, properties, dst */
	[0x01] = { "va_convolve_2d", "bbvvbr" },
	/* surface, u, v, mmf mode, dst */
	[0x02] = { "va_minmax", "bvvvr" },
	/* sampler, surface, u, v, cntrl, exec mode, mmf mode, dst */
	[0x03] = { "va_minmaxfilter", "bbvvbbvr" },
	[0x04] = { "va_erode", "bbvvbr" },
	[0x05] = { "va_dilate", "bbvvbr" },
	/* surface, u, v, v size, h size, dst */
	[0x06] = { "va_boolcentroid", "bvvvvr" },
	[0x07] = { "va_centroid", "bvvvr" },
};

/* va_skl_plus sub-opcodes 0x08..0x18, transcribed from IGC's
 * VAPlusSubOpcodeDesc (sampler/surface/other: b, vector: v, raw: r). */
static const struct visa_subop_row visa_va_plus_rows[] = {
	[0x08] = { "va_convolve_1d_v", "bbvvbr" },
	[0x09] = { "va_convolve_1d_h", "bbvvbr" },
	[0x0A] = { "va_convolve_1pixel", "bbvvbrr" },
	[0x0B] = { "va_floodfill", "brvvvr" },
	[0x0C] = { "va_lbpcreation", "bvvbr" },
	[0x0D] = { "va_lbpcorrelation", "bvvvr" },
	[0x0F] = { "va_correlationsearch", "bvvvvvvvvr" },
	[0x10] = { "va_hdc_convolve_2d", "bbvvbbvv" },
	[0x11] = { "va_hdc_minmaxfilter", "bbvvbbbvv" },
	[0x12] = { "va_hdc_erode", "bbvvbvv" },
	[0x13] = { "va_hdc_dilate", "bbvvbvv" },
	[0x14] = { "va_hdc_lbpcorrelation", "bvvvbvv" },
	[0x15] = { "va_hdc_lbpcreation", "bvvbbvv" },
	[0x16] = { "va_hdc_convolve_1d_h", "bbvvbbvv" },
	[0x17] = { "va_hdc_convolve_1d_v", "bbvvbbvv" },
	[0x18] = { "va_hdc_convolve_1pixel", "bbvvbrbvv" },
};

/*
 * LSC untyped: sfid, l1, l3 caching, address type, imm scale (w), imm
 * offset (d), address size, data size, order, elems, channel mask,
 * surface, dst, src0, then src1, src2 (strided ops: src0 pitch vector,
 * src1).  block2d: sfid, l1, l3, data size, order, blocks, width (w),
 * height (w), vnni, dst, six address vectors, src1.
 */
#define LSC_U "EPbbbbwdbbbbbvrrrr"
#define LSC_US "EPbbbbwdbbbbbvrrvr"
#define LSC_U2D "EPbbbbbbwwbrvvvvvvr"
/* LSC typed: l1, l3, address type, address size, data size, order, elems,
 * channel mask, surface, dst, u, v, r, lod, src1, src2. */
#define LSC_T "EPbbbbbbbbvrrrrrrr"

static const struct visa_subop_row visa_lsc_untyped_rows[] = {
	[0x00] = { "lsc_load", LSC_U },
	[0x01] = { "lsc_load_strided", LSC_US },
	[0x02] = { "lsc_load_quad", LSC_U },
	[0x03] = { "lsc_load_block2d", LSC_U2D },
	[0x04] = { "lsc_store", LSC_U },
	[0x05] = { "lsc_store_strided", LSC_US },
	[0x06] = { "lsc_store_quad", LSC_U },
	[0x07] = { "lsc_store_block2d", LSC_U2D },
	[0x08] = { "lsc_atomic_iinc", LSC_U },
	[0x09] = { "lsc_atomic_idec", LSC_U },
	[0x0A] = { "lsc_atomic_load", LSC_U },
	[0x0B] = { "lsc_atomic_store", LSC_U },
	[0x0C] = { "lsc_atomic_iadd", LSC_U },
	[0x0D] = { "lsc_atomic_isub", LSC_U },
	[0x0E] = { "lsc_atomic_smin", LSC_U },
	[0x0F] = { "lsc_atomic_smax", LSC_U },
	[0x10] = { "lsc_atomic_umin", LSC_U },
	[0x11] = { "lsc_atomic_umax", LSC_U },
	[0x12] = { "lsc_atomic_icas", LSC_U },
	[0x13] = { "lsc_atomic_fadd", LSC_U },
	[0x14] = { "lsc_atomic_fsub", LSC_U },
	[0x15] = { "lsc_atomic_fmin", LSC_U },
	[0x16] = { "lsc_atomic_fmax", LSC_U },
	[0x17] = { "lsc_atomic_fcas", LSC_U },
	[0x18] = { "lsc_atomic_and", LSC_U },
	[0x19] = { "lsc_atomic_or", LSC_U },
	[0x1A] = { "lsc_atomic_xor", LSC_U },
	[0x1B] = { "lsc_load_status", LSC_U },
	[0x1C] = { "lsc_store_uncompressed", LSC_U },
	[0x1D] = { "lsc_ccs_update", LSC_U },
};

/* Typed LSC has no plain/strided/block2d loads and stores. */
static const struct visa_subop_row visa_lsc_typed_rows[] = {
	[0x02] = { "lsc_load_quad", LSC_T },
	[0x06] = { "lsc_store_quad", LSC_T },
	[0x08] = { "lsc_atomic_iinc", LSC_T },
	[0x09] = { "lsc_atomic_idec", LSC_T },
	[0x0A] = { "lsc_atomic_load", LSC_T },
	[0x0B] = { "lsc_atomic_store", LSC_T },
	[0x0C] = { "lsc_atomic_iadd", LSC_T },
	[0x0D] = { "lsc_atomic_isub", LSC_T },
	[0x0E] = { "lsc_atomic_smin", LSC_T },
	[0x0F] = { "lsc_atomic_smax", LSC_T },
	[0x10] = { "lsc_atomic_umin", LSC_T },
	[0x11] = { "lsc_atomic_umax", LSC_T },
	[0x12] = { "lsc_atomic_icas", LSC_T },
	[0x13] = { "lsc_atomic_fadd", LSC_T },
	[0x14] = { "lsc_atomic_fsub", LSC_T },
	[0x15] = { "lsc_atomic_fmin", LSC_T },
	[0x16] = { "lsc_atomic_fmax", LSC_T },
	[0x17] = { "lsc_atomic_fcas", LSC_T },
	[0x18] = { "lsc_atomic_and", LSC_T },
	[0x19] = { "lsc_atomic_or", LSC_T },
	[0x1A] = { "lsc_atomic_xor", LSC_T },
	[0x1B] = { "lsc_load_status", LSC_T },
	[0x1C] = { "lsc_store_uncompressed", LSC_T },
	[0x1D] = { "lsc_ccs_update", LSC_T },
	[0x1E] = { "lsc_read_state_info", LSC_T },
};

#define VISA_NROWS(t) (sizeof(t) / sizeof((t)[0]))

static const struct visa_subop_row *visa_subop_row(unsigned op,
                                                   unsigned subop)
{
	const struct visa_subop_row *t;
	size_t n;
	switch (op) {
	case VISA_OP_SVM:
		t = visa_svm_rows, n = VISA_NROWS(visa_svm_rows);
		break;
	case VISA_OP_VA:
		t = visa_va_rows, n = VISA_NROWS(visa_va_rows);
		break;
	case VISA_OP_VA_SKL_PLUS:
		t = visa_va_plus_rows, n = VISA_NROWS(visa_va_plus_rows);
		break;
	case VISA_OP_LSC_UNTYPED:
		t = visa_lsc_untyped_rows, n = VISA_NROWS(visa_lsc_untyped_rows);
		break;
	case VISA_OP_LSC_TYPED:
		t = visa_lsc_typed_rows, n = VISA_NROWS(visa_lsc_typed_rows);
		break;
	default:
		return NULL;
	}
	if (subop >= n || !t[subop].name)
		return NULL;
	return &t[subop];
}

bool visa_op_has_subop(unsigned op)
{
	return op == VISA_OP_SVM || op == VISA_OP_VA ||
	       op == VISA_OP_VA_SKL_PLUS || op == VISA_OP_LSC_UNTYPED ||
	       op == VISA_OP_LSC_TYPED;
}

const char *visa_subop_name(unsigned op, unsigned subop)
{
	const struct visa_subop_row *r = visa_subop_row(op, subop);
	return r ? r->name : NULL;
}

const char *visa_subop_layout(unsigned op, unsigned subop)
{
	const struct visa_subop_row *r = visa_subop_row(op, subop);
	return r ? r->layout : NULL;
}

const char *visa_lsc_op_name(unsigned lsc_op)
{
	if (lsc_op == 0x1E)
		return "lsc_read_state_info";
	if (lsc_op == 0x1F)
		return "lsc_fence";
	return visa_subop_name(VISA_OP_LSC_UNTYPED, lsc_op);
}

/* 3D sampler operations (IGC VISASampler3DSubOpCode), as IGC's text
 * names them. */
static const char *const visa_sampler3d_names[32] = {
	[0x00] = "sample_3d", [0x01] = "sample_b", [0x02] = "sample_l",
	[0x03] = "sample_c", [0x04] = "sample_d", [0x05] = "sample_b_c",
	[0x06] = "sample_l_c", [0x07] = "load_3d", [0x08] = "sample4",
	[0x09] = "lod", [0x0A] = "resinfo", [0x0B] = "sampleinfo",
	[0x0C] = "sample+killpix", [0x10] = "sample4_c",
	[0x11] = "sample4_po", [0x12] = "sample4_po_c", [0x14] = "sample_d_c",
	[0x18] = "sample_lz", [0x19] = "sample_c_lz", [0x1A] = "load_lz",
	[0x1C] = "load_2dms_w", [0x1D] = "load_mcs",
};

const char *visa_sampler3d_op_name(unsigned op)
{
	return op < 32 ? visa_sampler3d_names[op] : NULL;
}
