/*
 * fields.c - the field table: bit fragments of every instruction field
 * per encoding family (gen_get/gen_set over it are inline in gen_fields.h),
 * and the raw bit-range accessors.
 *
 * Row format: { name, { [family] = { fragment, ... } } } where a fragment
 * B(lo, len) holds value bits len-1..0 at instruction bits lo+len-1..lo,
 * and V(lo, len, vlo) holds value bits vlo+len-1..vlo.  A family with no
 * fragments does not have the field.
 *
 * Sources (bit positions): Mesa src/intel/compiler/brw_inst.h, columns
 * "4+"/"8+" (Gen8-11) and "12+" (Gen12), for native, 3-src Align16
 * ("a16"), 3-src Align1 ("a1"), SEND and compact fields; the Gen9 Align16
 * half-dword subregister bits, Gen12 3-src dst subregister and Gen12
 * FusionCtrl (bit 33 of a send, IGA "{Serialize}") were checked with
 * "iga64 -a -Xforce-no-compact" + "-Xprint-bits" (GEN-FACTS.md 0, 2, 3).
 */
#include "config.h"

#include <assert.h>
#include <stddef.h>

#include "gen_fields.h"

#define B(lo, len)      { lo, len, 0 }
#define V(lo, len, vlo) { lo, len, vlo }
#define E8(...)  [GEN_ENC_GEN8] = { __VA_ARGS__ }
#define E9(...)  [GEN_ENC_GEN9] = { __VA_ARGS__ }
#define E11(...) [GEN_ENC_GEN11] = { __VA_ARGS__ }
#define E12(...) [GEN_ENC_GEN12] = { __VA_ARGS__ }
#define E8_9(...)  E8(__VA_ARGS__), E9(__VA_ARGS__)
#define E9_11(...) E9(__VA_ARGS__), E11(__VA_ARGS__)
#define E8_11(...) E8(__VA_ARGS__), E9(__VA_ARGS__), E11(__VA_ARGS__)
#define E11_12(...) E11(__VA_ARGS__), E12(__VA_ARGS__)
#define EALL(...)  E8_11(__VA_ARGS__), E12(__VA_ARGS__)
#define ROW(id, nm, ...) [id] = { nm, { __VA_ARGS__ } }

const struct gen_field_row gen_field_rows[GEN_FIELD_COUNT] = {
	/* --- header ------------------------------------------------------ */
	ROW(GEN_F_OPCODE, "Opcode", EALL(B(0, 7))),
	ROW(GEN_F_ACCESS_MODE, "AccessMode", E8_9(B(8, 1))),  /* 1 = Align16 */
	ROW(GEN_F_NODDCLR, "NoDDClr", E8_11(B(9, 1))),
	ROW(GEN_F_NODDCHK, "NoDDChk", E8_11(B(10, 1))),
	ROW(GEN_F_NIB_CTRL, "NibCtrl", E8_11(B(11, 1)), E12(B(19, 1))),
	ROW(GEN_F_QTR_CTRL, "QtrCtrl", E8_11(B(12, 2)), E12(B(20, 2))),
	/* 0 normal, 1 atomic, 2 switch, 3 no-preempt (Gen10+) */
	ROW(GEN_F_THREAD_CTRL, "ThreadCtrl", E8_11(B(14, 2))),
	ROW(GEN_F_PRED_CTRL, "PredCtrl", E8_11(B(16, 4)), E12(B(24, 4))),
	ROW(GEN_F_PRED_INV, "PredInv", E8_11(B(20, 1)), E12(B(28, 1))),
	ROW(GEN_F_EXEC_SIZE, "ExecSize", E8_11(B(21, 3)), E12(B(16, 3))),
	/* also math FC, SEND SFID (Gen8-12) and sync FC */
	ROW(GEN_F_COND_MOD, "CondModifier", E8_11(B(24, 4)), E12(B(92, 4))),
	/* also BranchCtrl of if/else/goto */
	ROW(GEN_F_ACC_WR_EN, "AccWrCtrl", E8_11(B(28, 1)), E12(B(33, 1))),
	ROW(GEN_F_CMPT_CTRL, "CmptCtrl", EALL(B(29, 1))),
	ROW(GEN_F_DEBUG_CTRL, "DebugCtrl", EALL(B(30, 1))),
	ROW(GEN_F_SATURATE, "Saturate", E8_11(B(31, 1)), E12(B(34, 1))),
	ROW(GEN_F_FLAG_SUBREG, "FlagSubRegNum", E8_11(B(32, 1)), E12(B(22, 1))),
	ROW(GEN_F_FLAG_REG, "FlagRegNum", E8_11(B(33, 1)), E12(B(23, 1))),
	ROW(GEN_F_MASK_CTRL, "MaskCtrl", E8_11(B(34, 1)), E12(B(31, 1))),
	ROW(GEN_F_ATOMIC_CTRL, "AtomicCtrl", E12(B(32, 1))),
	ROW(GEN_F_SWSB, "SWSB", E12(B(8, 8))),

	/* --- destination ------------------------------------------------- */
	/* Gen8-11: 0 ARF, 1 GRF; Gen12: one bit */
	ROW(GEN_F_DST_FILE, "Dst.RegFile", E8_11(B(35, 2)), E12(B(50, 1))),
	ROW(GEN_F_DST_TYPE, "Dst.DataType", E8_11(B(37, 4)), E12(B(36, 4))),
	ROW(GEN_F_DST_ADDR_MODE, "Dst.AddrMode", E8_11(B(63, 1)), E12(B(35, 1))),
	/* 1 = <1>, 2 = <2>, 3 = <4> */
	ROW(GEN_F_DST_HSTRIDE, "Dst.HorzStride", E8_11(B(61, 2)), E12(B(48, 2))),
	ROW(GEN_F_DST_REG, "Dst.RegNum", E8_11(B(53, 8)), E12(B(56, 8))),
	ROW(GEN_F_DST_SUBREG, "Dst.SubRegNum", E8_11(B(48, 5)), E12(B(51, 5))),
	ROW(GEN_F_DST_IA_SUB, "Dst.AddrSubRegNum", E8_11(B(57, 4)), E12(B(60, 4))),
	/* signed 10-bit byte offset; Gen8-11 keep bit 9 apart */
	ROW(GEN_F_DST_IA_IMM, "Dst.AddrImm",
	    E8_11(V(48, 9, 0), V(47, 1, 9)), E12(B(50, 10))),
	/* Align16: 16-byte subregister and channel write mask */
	ROW(GEN_F_DST_A16_SUBREG, "Dst.SubRegNum16", E8_9(V(52, 1, 4))),
	ROW(GEN_F_DST_A16_CHAN_EN, "Dst.ChanEn", E8_9(B(48, 4))),
	ROW(GEN_F_DST_A16_IA_IMM, "Dst.AddrImm16",
	    E8_9(V(52, 5, 4), V(47, 1, 9))),

	/* --- source 0 ---------------------------------------------------- */
	/* Gen8-11: 0 ARF, 1 GRF, 3 IMM; Gen12: file bit + IsImm bit */
	ROW(GEN_F_SRC0_FILE, "Src0.RegFile", E8_11(B(41, 2)), E12(B(66, 1))),
	ROW(GEN_F_SRC0_IS_IMM, "Src0.IsImm", E12(B(46, 1))),
	ROW(GEN_F_SRC0_TYPE, "Src0.DataType", E8_11(B(43, 4)), E12(B(40, 4))),
	ROW(GEN_F_SRC0_ADDR_MODE, "Src0.AddrMode", E8_11(B(79, 1)), E12(B(80, 1))),
	ROW(GEN_F_SRC0_REG, "Src0.RegNum", E8_11(B(69, 8)), E12(B(72, 8))),
	ROW(GEN_F_SRC0_SUBREG, "Src0.SubRegNum", E8_11(B(64, 5)), E12(B(67, 5))),
	ROW(GEN_F_SRC0_IA_SUB, "Src0.AddrSubRegNum", E8_11(B(73, 4)),
	    E12(B(76, 4))),
	ROW(GEN_F_SRC0_IA_IMM, "Src0.AddrImm",
	    E8_11(V(64, 9, 0), V(95, 1, 9)), E12(B(66, 10))),
	ROW(GEN_F_SRC0_ABS, "Src0.Abs", E8_11(B(77, 1)), E12(B(44, 1))),
	ROW(GEN_F_SRC0_NEG, "Src0.Negate", E8_11(B(78, 1)), E12(B(45, 1))),
	/* HorzStride 0,1,2,4; Width 1..16; VertStride 0..32, 0xF = VxH */
	ROW(GEN_F_SRC0_HSTRIDE, "Src0.HorzStride", E8_11(B(80, 2)), E12(B(64, 2))),
	ROW(GEN_F_SRC0_WIDTH, "Src0.Width", E8_11(B(82, 3)), E12(B(81, 3))),
	ROW(GEN_F_SRC0_VSTRIDE, "Src0.VertStride", E8_11(B(85, 4)), E12(B(84, 4))),
	ROW(GEN_F_SRC0_A16_SUBREG, "Src0.SubRegNum16", E8_9(V(68, 1, 4))),
	/* x in 65:64, y in 67:66, z in 81:80, w in 83:82 */
	ROW(GEN_F_SRC0_A16_SWIZZLE, "Src0.ChanSel",
	    E8_9(V(64, 2, 0), V(66, 2, 2), V(80, 2, 4), V(82, 2, 6))),
	ROW(GEN_F_SRC0_A16_IA_IMM, "Src0.AddrImm16",
	    E8_9(V(68, 5, 4), V(95, 1, 9))),

	/* --- source 1 ---------------------------------------------------- */
	ROW(GEN_F_SRC1_FILE, "Src1.RegFile", E8_11(B(89, 2)), E12(B(98, 1))),
	ROW(GEN_F_SRC1_IS_IMM, "Src1.IsImm", E12(B(47, 1))),
	ROW(GEN_F_SRC1_TYPE, "Src1.DataType", E8_11(B(91, 4)), E12(B(88, 4))),
	ROW(GEN_F_SRC1_ADDR_MODE, "Src1.AddrMode", E8_11(B(111, 1)),
	    E12(B(112, 1))),
	ROW(GEN_F_SRC1_REG, "Src1.RegNum", E8_11(B(101, 8)), E12(B(104, 8))),
	ROW(GEN_F_SRC1_SUBREG, "Src1.SubRegNum", E8_11(B(96, 5)), E12(B(99, 5))),
	ROW(GEN_F_SRC1_IA_SUB, "Src1.AddrSubRegNum", E8_11(B(105, 4)),
	    E12(B(108, 4))),
	ROW(GEN_F_SRC1_IA_IMM, "Src1.AddrImm",
	    E8_11(V(96, 9, 0), V(121, 1, 9)), E12(B(98, 10))),
	ROW(GEN_F_SRC1_ABS, "Src1.Abs", E8_11(B(109, 1)), E12(B(120, 1))),
	ROW(GEN_F_SRC1_NEG, "Src1.Negate", E8_11(B(110, 1)), E12(B(121, 1))),
	ROW(GEN_F_SRC1_HSTRIDE, "Src1.HorzStride", E8_11(B(112, 2)),
	    E12(B(96, 2))),
	ROW(GEN_F_SRC1_WIDTH, "Src1.Width", E8_11(B(114, 3)), E12(B(113, 3))),
	ROW(GEN_F_SRC1_VSTRIDE, "Src1.VertStride", E8_11(B(117, 4)),
	    E12(B(116, 4))),
	ROW(GEN_F_SRC1_A16_SUBREG, "Src1.SubRegNum16", E8_9(V(100, 1, 4))),
	ROW(GEN_F_SRC1_A16_SWIZZLE, "Src1.ChanSel",
	    E8_9(V(96, 2, 0), V(98, 2, 2), V(112, 2, 4), V(114, 2, 6))),
	ROW(GEN_F_SRC1_A16_IA_IMM, "Src1.AddrImm16",
	    E8_9(V(100, 5, 4), V(121, 1, 9))),

	/* --- immediates and jumps ------------------------------------------ */
	ROW(GEN_F_IMM32, "Imm32", EALL(B(96, 32))),
	/* Gen12 swaps the dwords of a 64-bit immediate */
	ROW(GEN_F_IMM64, "Imm64", E8_11(B(64, 64)),
	    E12(V(96, 32, 0), V(64, 32, 32))),
	ROW(GEN_F_JIP, "JIP", EALL(B(96, 32))),
	ROW(GEN_F_UIP, "UIP", EALL(B(64, 32))),

	/* --- SEND ---------------------------------------------------------- */
	/* desc[28:0] (Gen8), [30:0] (Gen9/11); Gen12 scatters it */
	ROW(GEN_F_SEND_DESC, "MsgDesc", E8(B(96, 29)), E9_11(B(96, 31)),
	    E12(V(81, 11, 0), V(113, 9, 11), V(51, 5, 20), V(67, 5, 25),
	        V(122, 2, 30))),
	/* send (unary): ExDesc[31:16] in four nibbles; Gen12 send */
	ROW(GEN_F_SEND_EXDESC, "ExMsgDesc",
	    E9_11(V(64, 4, 16), V(80, 4, 20), V(85, 4, 24), V(91, 4, 28)),
	    E12(V(99, 5, 6), V(35, 13, 11), V(64, 2, 24), V(96, 2, 26),
	        V(124, 4, 28))),
	/* sends: ExDesc[9:6] (src1 length) and [31:16] */
	ROW(GEN_F_SENDS_EXDESC, "ExMsgDesc",
	    E9_11(V(64, 4, 6), V(80, 16, 16))),
	ROW(GEN_F_SEND_DST_FILE, "Dst.RegFile", E8_11(B(35, 1)), E12(B(50, 1))),
	ROW(GEN_F_SEND_SRC1_FILE, "Src1.RegFile", E9_11(B(36, 1)), E12(B(98, 1))),
	ROW(GEN_F_SEND_SRC1_REG, "Src1.RegNum", E9_11(B(44, 8)), E12(B(104, 8))),
	ROW(GEN_F_SEND_DESC_IS_REG, "DescRegFile", E9_11(B(77, 1)),
	    E12(B(48, 1))),
	ROW(GEN_F_SEND_EXDESC_IS_REG, "ExDescRegFile", E9_11(B(61, 1)),
	    E12(B(49, 1))),
	ROW(GEN_F_SEND_EXDESC_IA_SUB, "ExDescAddrSubRegNum", E9_11(B(80, 3)),
	    E12(B(40, 3))),
	ROW(GEN_F_SEND_FUSION, "FusionCtrl", E12(B(33, 1))),
	ROW(GEN_F_EOT, "EOT", E8_11(B(127, 1)), E12(B(34, 1))),
	/* sends: indirect offsets in 16-byte units, as in Align16 (src0 is
	 * always a GRF and has no type field) [checked with iga64 -p=9] */
	ROW(GEN_F_SENDS_DST_IA_IMM, "Dst.AddrImm", E9_11(V(52, 5, 4), V(62, 1, 9))),
	ROW(GEN_F_SENDS_SRC0_IA_IMM, "Src0.AddrImm",
	    E9_11(V(68, 5, 4), V(78, 1, 9))),

	/* --- 3-src (both modes) -------------------------------------------- */
	ROW(GEN_F_T_SRC0_ABS, "Src0.Abs", E8_11(B(37, 1)), E12(B(44, 1))),
	ROW(GEN_F_T_SRC0_NEG, "Src0.Negate", E8_11(B(38, 1)), E12(B(45, 1))),
	ROW(GEN_F_T_SRC1_ABS, "Src1.Abs", E8_11(B(39, 1)), E12(B(86, 1))),
	ROW(GEN_F_T_SRC1_NEG, "Src1.Negate", E8_11(B(40, 1)), E12(B(87, 1))),
	ROW(GEN_F_T_SRC2_ABS, "Src2.Abs", E8_11(B(41, 1)), E12(B(84, 1))),
	ROW(GEN_F_T_SRC2_NEG, "Src2.Negate", E8_11(B(42, 1)), E12(B(85, 1))),
	ROW(GEN_F_T_DST_REG, "Dst.RegNum", EALL(B(56, 8))),
	ROW(GEN_F_T_SRC0_REG, "Src0.RegNum", E8_11(B(76, 8)), E12(B(72, 8))),
	ROW(GEN_F_T_SRC1_REG, "Src1.RegNum", E8_11(B(97, 8)), E12(B(104, 8))),
	ROW(GEN_F_T_SRC2_REG, "Src2.RegNum", E8_11(B(118, 8)), E12(B(120, 8))),

	/* --- 3-src Align16 (Gen8/9) ---------------------------------------- */
	/* Gen9 mixed mode: src1/src2 are HF while the shared type is F */
	ROW(GEN_F_A16_SRC1_HF, "Src1Type", E9(B(36, 1))),
	ROW(GEN_F_A16_SRC2_HF, "Src2Type", E9(B(35, 1))),
	/* F 0, D 1, UD 2, DF 3, HF 4 */
	ROW(GEN_F_A16_SRC_TYPE, "SrcType", E8_9(B(43, 3))),
	ROW(GEN_F_A16_DST_TYPE, "DstType", E8_9(B(46, 3))),
	ROW(GEN_F_A16_DST_CHAN_EN, "Dst.ChanEn", E8_9(B(49, 4))),
	ROW(GEN_F_A16_DST_SUBREG, "Dst.SubRegNum", E8_9(V(53, 3, 2))),
	ROW(GEN_F_A16_SRC0_REP, "Src0.RepCtrl", E8_9(B(64, 1))),
	ROW(GEN_F_A16_SRC0_SWIZZLE, "Src0.ChanSel", E8_9(B(65, 8))),
	/* dword units plus a half-dword bit on Gen9 */
	ROW(GEN_F_A16_SRC0_SUBREG, "Src0.SubRegNum", E8(V(73, 3, 2)),
	    E9(V(73, 3, 2), V(84, 1, 1))),
	ROW(GEN_F_A16_SRC1_REP, "Src1.RepCtrl", E8_9(B(85, 1))),
	ROW(GEN_F_A16_SRC1_SWIZZLE, "Src1.ChanSel", E8_9(B(86, 8))),
	ROW(GEN_F_A16_SRC1_SUBREG, "Src1.SubRegNum", E8(V(94, 3, 2)),
	    E9(V(94, 3, 2), V(105, 1, 1))),
	ROW(GEN_F_A16_SRC2_REP, "Src2.RepCtrl", E8_9(B(106, 1))),
	ROW(GEN_F_A16_SRC2_SWIZZLE, "Src2.ChanSel", E8_9(B(107, 8))),
	ROW(GEN_F_A16_SRC2_SUBREG, "Src2.SubRegNum", E8(V(115, 3, 2)),
	    E9(V(115, 3, 2), V(126, 1, 1))),

	/* --- 3-src Align1 (Gen11/12) --------------------------------------- */
	/* 0 integer, 1 float: selects the meaning of the 3-bit types */
	ROW(GEN_F_A1_EXEC_TYPE, "ExecType", E11(B(35, 1)), E12(B(39, 1))),
	/* Gen11: 0 GRF, 1 acc; Gen12: 0 ARF, 1 GRF */
	ROW(GEN_F_A1_DST_FILE, "Dst.RegFile", E11(B(36, 1)), E12(B(50, 1))),
	ROW(GEN_F_A1_DST_TYPE, "Dst.DataType", E11(B(46, 3)), E12(B(36, 3))),
	ROW(GEN_F_A1_DST_HSTRIDE, "Dst.HorzStride", E11(B(49, 1)), E12(B(48, 1))),
	/* the dst must be 8-byte aligned */
	ROW(GEN_F_A1_DST_SUBREG, "Dst.SubRegNum", E11(V(54, 2, 3)), E12(B(51, 5))),
	ROW(GEN_F_A1_SPECIAL_ACC, "Dst.SpecialAcc", E11(B(52, 4))),
	ROW(GEN_F_A1_SRC0_FILE, "Src0.RegFile", E11(B(43, 1)), E12(B(66, 1))),
	ROW(GEN_F_A1_SRC0_IS_IMM, "Src0.IsImm", E12(B(46, 1))),
	ROW(GEN_F_A1_SRC0_TYPE, "Src0.DataType", E11(B(64, 3)), E12(B(40, 3))),
	/* Gen11: 0, 2, 4, 8; Gen12: 0, 1, 4, 8 */
	ROW(GEN_F_A1_SRC0_VSTRIDE, "Src0.VertStride", E11(B(67, 2)),
	    E12(V(35, 1, 0), V(43, 1, 1))),
	ROW(GEN_F_A1_SRC0_HSTRIDE, "Src0.HorzStride", E11(B(69, 2)),
	    E12(B(64, 2))),
	ROW(GEN_F_A1_SRC0_SUBREG, "Src0.SubRegNum", E11(B(71, 5)), E12(B(67, 5))),
	ROW(GEN_F_A1_SRC0_IMM, "Src0.Imm16", E11(B(67, 16)), E12(B(64, 16))),
	/* Gen11: 0 GRF, 1 acc */
	ROW(GEN_F_A1_SRC1_FILE, "Src1.RegFile", E11(B(44, 1)), E12(B(98, 1))),
	ROW(GEN_F_A1_SRC1_TYPE, "Src1.DataType", E11(B(85, 3)), E12(B(88, 3))),
	ROW(GEN_F_A1_SRC1_VSTRIDE, "Src1.VertStride", E11(B(88, 2)),
	    E12(V(83, 1, 0), V(91, 1, 1))),
	ROW(GEN_F_A1_SRC1_HSTRIDE, "Src1.HorzStride", E11(B(90, 2)),
	    E12(B(96, 2))),
	ROW(GEN_F_A1_SRC1_SUBREG, "Src1.SubRegNum", E11(B(92, 5)), E12(B(99, 5))),
	ROW(GEN_F_A1_SRC2_FILE, "Src2.RegFile", E11(B(45, 1)), E12(B(114, 1))),
	ROW(GEN_F_A1_SRC2_IS_IMM, "Src2.IsImm", E12(B(47, 1))),
	ROW(GEN_F_A1_SRC2_TYPE, "Src2.DataType", E11(B(106, 3)), E12(B(80, 3))),
	ROW(GEN_F_A1_SRC2_HSTRIDE, "Src2.HorzStride", E11(B(111, 2)),
	    E12(B(112, 2))),
	ROW(GEN_F_A1_SRC2_SUBREG, "Src2.SubRegNum", E11(B(113, 5)),
	    E12(B(115, 5))),
	ROW(GEN_F_A1_SRC2_IMM, "Src2.Imm16", E11(B(109, 16)), E12(B(112, 16))),

	/* --- compacted 2-src (word 0) --------------------------------------- */
	ROW(GEN_FC_OPCODE, "Opcode", EALL(B(0, 7))),
	ROW(GEN_FC_DEBUG, "DebugCtrl", EALL(B(7, 1))),
	ROW(GEN_FC_CONTROL_INDEX, "ControlIndex", E8_11(B(8, 5)), E12(B(24, 5))),
	ROW(GEN_FC_DATATYPE_INDEX, "DataTypeIndex", E8_11(B(13, 5)),
	    E12(B(30, 5))),
	ROW(GEN_FC_SUBREG_INDEX, "SubRegIndex", E8_11(B(18, 5)), E12(B(35, 5))),
	ROW(GEN_FC_ACC_WR_EN, "AccWrCtrl", E8_11(B(23, 1))),
	ROW(GEN_FC_COND_MOD, "CondModifier", E8_11(B(24, 4))),
	ROW(GEN_FC_CMPT_CTRL, "CmptCtrl", EALL(B(29, 1))),
	ROW(GEN_FC_SRC0_INDEX, "Src0Index", E8_11(B(30, 5)), E12(B(48, 4))),
	ROW(GEN_FC_SRC1_INDEX, "Src1Index", E8_11(B(35, 5)), E12(B(52, 4))),
	ROW(GEN_FC_DST_REG, "Dst.RegNum", E8_11(B(40, 8)), E12(B(16, 8))),
	ROW(GEN_FC_SRC0_REG, "Src0.RegNum", E8_11(B(48, 8)), E12(B(40, 8))),
	ROW(GEN_FC_SRC1_REG, "Src1.RegNum", EALL(B(56, 8))),
	ROW(GEN_FC_SWSB, "SWSB", E12(B(8, 8))),

	/* --- compacted 3-src (Gen8/9 Align16, Gen12) ------------------------ */
	ROW(GEN_FC3_CONTROL_INDEX, "ControlIndex", E8_9(B(8, 2)), E12(B(24, 5))),
	ROW(GEN_FC3_SOURCE_INDEX, "SourceIndex", E8_9(B(10, 2)), E12(B(30, 5))),
	ROW(GEN_FC3_DEBUG, "DebugCtrl", E8_9(B(30, 1)), E12(B(7, 1))),
	ROW(GEN_FC3_SUBREG_INDEX, "SubRegIndex", E12(B(35, 5))),
	ROW(GEN_FC3_DST_REG, "Dst.RegNum", E8_9(B(12, 7)), E12(B(16, 8))),
	ROW(GEN_FC3_SRC0_REP, "Src0.RepCtrl", E8_9(B(28, 1))),
	ROW(GEN_FC3_SRC1_REP, "Src1.RepCtrl", E8_9(B(32, 1))),
	ROW(GEN_FC3_SRC2_REP, "Src2.RepCtrl", E8_9(B(33, 1))),
	ROW(GEN_FC3_SATURATE, "Saturate", E8_9(B(31, 1))),
	ROW(GEN_FC3_SRC0_REG, "Src0.RegNum", E8_9(B(43, 7)), E12(B(40, 8))),
	ROW(GEN_FC3_SRC1_REG, "Src1.RegNum", E8_9(B(50, 7)), E12(B(56, 8))),
	ROW(GEN_FC3_SRC2_REG, "Src2.RegNum", E8_9(B(57, 7)), E12(B(48, 8))),
	ROW(GEN_FC3_SRC0_SUBREG, "Src0.SubRegNum", E8_9(B(34, 3))),
	ROW(GEN_FC3_SRC1_SUBREG, "Src1.SubRegNum", E8_9(B(37, 3))),
	ROW(GEN_FC3_SRC2_SUBREG, "Src2.SubRegNum", E8_9(B(40, 3))),
};

uint64_t gen_bits_get(const struct gen_bits *b, unsigned hi, unsigned lo)
{
	assert(hi < 128 && lo <= hi && hi - lo < 64);
	unsigned len = hi - lo + 1;
	uint64_t mask = len == 64 ? ~0ull : (1ull << len) - 1;
	unsigned w = lo / 64, s = lo % 64;
	uint64_t v = b->w[w] >> s;
	if (s + len > 64)
		v |= b->w[1] << (64 - s);
	return v & mask;
}

void gen_bits_set(struct gen_bits *b, unsigned hi, unsigned lo, uint64_t v)
{
	assert(hi < 128 && lo <= hi && hi - lo < 64);
	unsigned len = hi - lo + 1;
	uint64_t mask = len == 64 ? ~0ull : (1ull << len) - 1;
	unsigned w = lo / 64, s = lo % 64;
	v &= mask;
	b->w[w] = (b->w[w] & ~(mask << s)) | (v << s);
	if (s + len > 64) {
		unsigned sh = 64 - s;
		b->w[1] = (b->w[1] & ~(mask >> sh)) | (v >> sh);
	}
}

const char *gen_field_name(enum gen_field f)
{
	return gen_field_rows[f].name ? gen_field_rows[f].name : "?";
}

/* Fragments of one field must not share instruction bits nor cross the
 * 64-bit word boundary (gen_get/gen_set rely on it), and every row must
 * be named. */
int gen_fields_check(void)
{
	for (int f = 0; f < GEN_FIELD_COUNT; f++) {
		if (!gen_field_rows[f].name)
			return f;
		for (int e = 0; e < GEN_ENC_COUNT; e++) {
			struct gen_bits used = { { 0, 0 } };
			for (int i = 0; i < GEN_FRAGS; i++) {
				const struct gen_frag *fr = &gen_field_rows[f].f[e][i];
				if (fr->len == 0)
					break;
				unsigned hi = fr->lo + fr->len - 1u;
				if (hi >= 128 || hi / 64 != fr->lo / 64u ||
				    gen_bits_get(&used, hi, fr->lo))
					return f;
				gen_bits_set(&used, hi, fr->lo, ~0ull);
			}
		}
	}
	return -1;
}
