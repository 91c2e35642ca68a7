/*
 * types.c - data type codes per encoding family, and type helpers.
 *
 * Each table maps a hardware type code to enum gen_type; GEN_TYPE_INVALID
 * marks a reserved code.  Register operands and immediates use different
 * tables (immediates have packed vector types and no byte types), and
 * 3-source instructions have their own narrower codes.
 *
 * Sources: Mesa src/intel/compiler/brw_reg_type.c (gfx8/gfx11/gfx12
 * hw_type and hw_3src_type tables); GEN-FACTS.md 2.2, 2.7 and 3.3
 * (verified with iga64).  Gen12 Q/UQ/DF codes (7, 3, 11) are those iga64
 * decodes on -p=12p1 even though TGLLP has no 64-bit ALU.
 */
#include "config.h"

#include "platform.h"

#define X GEN_TYPE_INVALID

/* Register operand type codes. */
const uint8_t plat_reg_types[GEN_ENC_COUNT][16] = {
	/* codes 0..15 in order */
	/* 11 = NF: iga64 -d shows it although its assembler refuses it */
	[GEN_ENC_GEN8] = {
		GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W, GEN_TYPE_UB,
		GEN_TYPE_B, GEN_TYPE_DF, GEN_TYPE_F, GEN_TYPE_UQ, GEN_TYPE_Q,
		GEN_TYPE_HF, GEN_TYPE_NF, X, X, X, X },
	[GEN_ENC_GEN9] = {
		GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W, GEN_TYPE_UB,
		GEN_TYPE_B, GEN_TYPE_DF, GEN_TYPE_F, GEN_TYPE_UQ, GEN_TYPE_Q,
		GEN_TYPE_HF, GEN_TYPE_NF, X, X, X, X },
	/* Gen11 moves the 64-bit and float types; 11 = NF (acc only) */
	[GEN_ENC_GEN11] = {
		GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W, GEN_TYPE_UB,
		GEN_TYPE_B, GEN_TYPE_UQ, GEN_TYPE_Q, GEN_TYPE_HF, GEN_TYPE_F,
		GEN_TYPE_DF, GEN_TYPE_NF, X, X, X, X },
	/* Gen12: bits 3:2 = class (0 uint, 1 sint, 2 float), 1:0 = log2 size */
	[GEN_ENC_GEN12] = {
		GEN_TYPE_UB, GEN_TYPE_UW, GEN_TYPE_UD, GEN_TYPE_UQ,
		GEN_TYPE_B, GEN_TYPE_W, GEN_TYPE_D, GEN_TYPE_Q,
		X, GEN_TYPE_HF, GEN_TYPE_F, GEN_TYPE_DF, X, X, X, X },
};

/* Immediate type codes. */
const uint8_t plat_imm_types[GEN_ENC_COUNT][16] = {
	[GEN_ENC_GEN8] = {
		GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W, GEN_TYPE_UV,
		GEN_TYPE_VF, GEN_TYPE_V, GEN_TYPE_F, GEN_TYPE_UQ, GEN_TYPE_Q,
		GEN_TYPE_DF, GEN_TYPE_HF, X, X, X, X },
	[GEN_ENC_GEN9] = {
		GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W, GEN_TYPE_UV,
		GEN_TYPE_VF, GEN_TYPE_V, GEN_TYPE_F, GEN_TYPE_UQ, GEN_TYPE_Q,
		GEN_TYPE_DF, GEN_TYPE_HF, X, X, X, X },
	[GEN_ENC_GEN11] = {
		GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W, GEN_TYPE_UV,
		GEN_TYPE_V, GEN_TYPE_UQ, GEN_TYPE_Q, GEN_TYPE_HF, GEN_TYPE_F,
		GEN_TYPE_DF, GEN_TYPE_VF, X, X, X, X },
	/* Gen12: the byte codes mean the packed vectors */
	[GEN_ENC_GEN12] = {
		GEN_TYPE_UV, GEN_TYPE_UW, GEN_TYPE_UD, GEN_TYPE_UQ,
		GEN_TYPE_V, GEN_TYPE_W, GEN_TYPE_D, GEN_TYPE_Q,
		GEN_TYPE_VF, GEN_TYPE_HF, GEN_TYPE_F, GEN_TYPE_DF, X, X, X, X },
};

/* 3-src Align16 (Gen8/9): one code for all sources, one for dst. */
const uint8_t plat_a16_types[8] = {
	GEN_TYPE_F, GEN_TYPE_D, GEN_TYPE_UD, GEN_TYPE_DF, GEN_TYPE_HF, X, X, X,
};

/* 3-src Align1 [family][exec type: 0 int, 1 float][code]. */
const uint8_t plat_a1_types[GEN_ENC_COUNT][2][8] = {
	[GEN_ENC_GEN11] = {
		{ GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UW, GEN_TYPE_W,
		  GEN_TYPE_UB, GEN_TYPE_B, X, X },
		{ GEN_TYPE_HF, GEN_TYPE_F, GEN_TYPE_DF, GEN_TYPE_NF, X, X, X, X },
	},
	/* Gen12: low three bits of the 2-src code */
	[GEN_ENC_GEN12] = {
		{ GEN_TYPE_UB, GEN_TYPE_UW, GEN_TYPE_UD, GEN_TYPE_UQ,
		  GEN_TYPE_B, GEN_TYPE_W, GEN_TYPE_D, GEN_TYPE_Q },
		{ X, GEN_TYPE_HF, GEN_TYPE_F, GEN_TYPE_DF, X, X, X, X },
	},
};

/* Read inline by gen_type_size / gen_type_is_float (gen_defs.h). */
const struct gen_type_desc gen_type_descs[GEN_TYPE_COUNT] = {
	[GEN_TYPE_UB] = { "ub", 1, false }, [GEN_TYPE_B] = { "b", 1, false },
	[GEN_TYPE_UW] = { "uw", 2, false }, [GEN_TYPE_W] = { "w", 2, false },
	[GEN_TYPE_UD] = { "ud", 4, false }, [GEN_TYPE_D] = { "d", 4, false },
	[GEN_TYPE_UQ] = { "uq", 8, false }, [GEN_TYPE_Q] = { "q", 8, false },
	[GEN_TYPE_HF] = { "hf", 2, true },  [GEN_TYPE_F] = { "f", 4, true },
	[GEN_TYPE_DF] = { "df", 8, true },  [GEN_TYPE_NF] = { "nf", 4, true },  /* regions as F (IGA) */
	[GEN_TYPE_UV] = { "uv", 4, false }, [GEN_TYPE_V] = { "v", 4, false },
	[GEN_TYPE_VF] = { "vf", 4, true },
	[GEN_TYPE_INVALID] = { "???", 1, false },
};

const char *gen_type_name(enum gen_type t)
{
	return t < GEN_TYPE_COUNT ? gen_type_descs[t].name : "???";
}
