/*
 * gen_defs.h - the vocabulary of the Gen instruction layer: encoding
 * families, operations, operand formats, data types and register names.
 *
 * These enums index the platform tables (the platforms/ .c files) and the encoder's
 * instruction form (encoder/gen_inst.h), so they live at the bottom of
 * the layering: platforms/ includes nothing from encoder/.
 */
#ifndef VISAFIN_GEN_DEFS_H
#define VISAFIN_GEN_DEFS_H

#include <stdbool.h>
#include <stdint.h>

/* Encoding families: each has its own column in the field table. */
enum gen_enc {
	GEN_ENC_GEN8,   /* BDW */
	GEN_ENC_GEN9,   /* SKL, BXT */
	GEN_ENC_GEN11,  /* ICLLP */
	GEN_ENC_GEN12,  /* TGLLP */
	GEN_ENC_COUNT
};

/* Operations (our vocabulary; hardware numbers live in gen_ops.def). */
enum gen_op {
#define GEN_OP(name, mnem, fmt, attrs, g8, g9, g11, g12) GEN_OP_##name,
#include "gen_ops.def"
#undef GEN_OP
	GEN_OP_COUNT,
	GEN_OP_INVALID = GEN_OP_COUNT
};

/* Operand format of an operation (what the decoder reads). */
enum gen_fmt {
	GEN_FMT_NULLARY,      /* nop, illegal */
	GEN_FMT_UNARY,        /* dst, src0 */
	GEN_FMT_BINARY,       /* dst, src0, src1 */
	GEN_FMT_MATH,         /* dst, src0 [, src1] by function */
	GEN_FMT_TERNARY,      /* dst, src0, src1, src2 */
	GEN_FMT_SEND,         /* send/sendc (unary before Gen12) */
	GEN_FMT_SENDS,        /* sends/sendsc, Gen12 send */
	GEN_FMT_JMP_JIP,      /* endif, while, join: JIP */
	GEN_FMT_JMP_JIP_UIP,  /* if, else, break, cont, halt, goto: JIP, UIP */
	GEN_FMT_JMPI,         /* jmpi: JIP (or register) */
	GEN_FMT_CALL,         /* call, calla: dst, JIP or register */
	GEN_FMT_RET,          /* ret: src0 */
	GEN_FMT_BRD,          /* brd: JIP or register */
	GEN_FMT_BRC,          /* brc: JIP, UIP or register */
	GEN_FMT_WAIT,         /* wait (Gen8-11): src0 */
	GEN_FMT_SYNC,         /* sync (Gen12): src0 null or imm */
};

/* Operation attributes (IGA bxml models: which fields an op uses). */
enum gen_op_attr {
	GEN_OA_PRED    = 1u << 0,  /* predication */
	GEN_OA_CMOD    = 1u << 1,  /* condition modifier */
	GEN_OA_SAT     = 1u << 2,  /* saturation */
	GEN_OA_SRCMOD  = 1u << 3,  /* source modifiers */
	GEN_OA_BRCTL   = 1u << 4,  /* BranchCtrl instead of AccWrEn */
	GEN_OA_BITWISE = 1u << 5,  /* negate prints as '~' */
	GEN_OA_SELECT  = 1u << 6,  /* sel: cond modifier reads the flag */
};

/* Data types (our order; hardware codes per family in types.c). */
enum gen_type {
	GEN_TYPE_UB, GEN_TYPE_B, GEN_TYPE_UW, GEN_TYPE_W,
	GEN_TYPE_UD, GEN_TYPE_D, GEN_TYPE_UQ, GEN_TYPE_Q,
	GEN_TYPE_HF, GEN_TYPE_F, GEN_TYPE_DF, GEN_TYPE_NF,
	GEN_TYPE_UV, GEN_TYPE_V, GEN_TYPE_VF,   /* packed immediates */
	GEN_TYPE_INVALID,
	GEN_TYPE_COUNT
};

/* Register names: the GRF and each architecture register class.
 * ARF numbers: RegNum[7:4] selects the class (GEN-FACTS 2.1). */
enum gen_regname {
	GEN_RN_GRF,
	GEN_RN_NULL,  /* 0x00 */
	GEN_RN_A,     /* 0x10 address */
	GEN_RN_ACC,   /* 0x20 accumulators */
	GEN_RN_MME,   /* 0x2x math macro (acc2.. on Gen8-11, acc8.. on Gen12) */
	GEN_RN_F,     /* 0x30 flags */
	GEN_RN_CE,    /* 0x40 channel enable */
	GEN_RN_MSG,   /* 0x50 message control */
	GEN_RN_SP,    /* 0x60 stack pointer */
	GEN_RN_SR,    /* 0x70 state */
	GEN_RN_CR,    /* 0x80 control */
	GEN_RN_N,     /* 0x90 notification */
	GEN_RN_IP,    /* 0xA0 instruction pointer */
	GEN_RN_TDR,   /* 0xB0 thread dependency */
	GEN_RN_TM,    /* 0xC0 timestamp */
	GEN_RN_FC,    /* 0xD0 flow control */
	GEN_RN_DBG,   /* 0xF0 debug */
	GEN_RN_COUNT
};

struct gen_type_desc {
	const char *name;
	uint8_t size;
	bool is_float;
};
extern const struct gen_type_desc gen_type_descs[GEN_TYPE_COUNT];

/* Size of a data type in bytes (packed immediates count 4); inline:
 * every pass asks it for every operand (issue 12). */
static inline unsigned gen_type_size(enum gen_type t)
{
	return t < GEN_TYPE_COUNT ? gen_type_descs[t].size : 1;
}
const char *gen_type_name(enum gen_type t);  /* "ud", "f", ... */
static inline bool gen_type_is_float(enum gen_type t)
{
	return t < GEN_TYPE_COUNT && gen_type_descs[t].is_float;
}

#endif
