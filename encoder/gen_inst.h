/*
 * gen_inst.h - one representation of a Gen (Gen8/9/11/12LP) instruction.
 *
 * A struct gen_inst holds what an instruction means, independent of how
 * one encoding family lays it out: the operation, execution size and
 * channel offset, predicate, condition modifier and flag register,
 * saturation, destination and up to three sources (register file, ARF
 * name, number, byte subregister, type, region or Align16 swizzle,
 * modifiers, direct or indirect addressing, immediates), math/sync
 * function, SEND fields (SFID, descriptors immediate or a0, EOT),
 * JIP/UIP, instruction options and the Gen12 software scoreboard.
 *
 * The decoder (decode.c) fills it from bits, the disassembler
 * (disasm.c) prints it in IGA syntax, the assembler (asm.c) reads that
 * syntax back and the encoder (encode.c) turns it into bits again.  Values are the hardware's
 * (exec size 1..32, region strides as element counts, subregisters in
 * bytes); hardware opcode numbers and type codes stay in the platform
 * tables (platforms/).
 *
 * Facts: Mesa src/intel/compiler/brw_inst.h (field meanings),
 * brw_eu_defines.h (predicate, condition, math, SFID, sync encodings),
 * IGC visa/iga/IGALibrary/IR/Types.hpp (IGA's operand model),
 * shared/reference/GEN-FACTS.md sections 2-4.
 */
#ifndef VISAFIN_GEN_INST_H
#define VISAFIN_GEN_INST_H

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
#include "../platforms/gen_ops.def"
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

enum gen_opnd_kind {
	GEN_OPND_NONE,
	GEN_OPND_DIRECT,    /* register, direct addressing */
	GEN_OPND_INDIRECT,  /* r[a0.N, imm] */
	GEN_OPND_IMM,       /* immediate in .imm */
	GEN_OPND_LABEL,     /* branch target: .imm = absolute byte offset */
	GEN_OPND_MACRO,     /* math macro operand rN.mmeK / rN.nomme */
};

/* Region parts; GEN_RGN_NONE marks a part the syntax omits. */
#define GEN_RGN_NONE 0xFF
#define GEN_VS_VXH   0xFE  /* VertStride 0xF: Vx1/VxH indirect region */

struct gen_region {
	uint8_t vs, w, hs;  /* element counts (not codes) */
};

/* Source modifiers. */
#define GEN_MOD_NEG 1u
#define GEN_MOD_ABS 2u

/* Math macro extension: mme0..mme7, or "nomme". */
#define GEN_MME_NOMME 8

struct gen_opnd {
	uint8_t kind;      /* enum gen_opnd_kind */
	uint8_t rn;        /* enum gen_regname */
	uint8_t type;      /* enum gen_type */
	uint8_t mods;      /* GEN_MOD_* */
	uint16_t nr;       /* register number within its class */
	uint16_t sub;      /* subregister, bytes */
	uint8_t ia_sub;    /* indirect: a0 subregister */
	int16_t ia_imm;    /* indirect: signed byte offset */
	struct gen_region rgn;
	uint8_t mme;       /* GEN_OPND_MACRO: 0..7 or GEN_MME_NOMME */
	/* Align16 (Gen8/9): */
	uint8_t swizzle;   /* sources: 2 bits per channel x,y,z,w (0xE4 = xyzw) */
	uint8_t chan_en;   /* dst: write mask bits x=1 y=2 z=4 w=8 */
	bool rep;          /* 3-src source replicate (scalar) */
	uint64_t imm;      /* immediate bits / label target */
};

/* Predicate control (Align1 values, Mesa brw_eu_defines.h). */
enum gen_pred {
	GEN_PRED_NONE = 0, GEN_PRED_NORMAL = 1,
	GEN_PRED_ANYV = 2, GEN_PRED_ALLV = 3,
	GEN_PRED_ANY2H = 4, GEN_PRED_ALL2H = 5,
	GEN_PRED_ANY4H = 6, GEN_PRED_ALL4H = 7,
	GEN_PRED_ANY8H = 8, GEN_PRED_ALL8H = 9,
	GEN_PRED_ANY16H = 10, GEN_PRED_ALL16H = 11,
	GEN_PRED_ANY32H = 12, GEN_PRED_ALL32H = 13,
};

/* Condition modifier (field value). */
enum gen_cmod {
	GEN_CMOD_NONE = 0, GEN_CMOD_EQ = 1, GEN_CMOD_NE = 2, GEN_CMOD_GT = 3,
	GEN_CMOD_GE = 4, GEN_CMOD_LT = 5, GEN_CMOD_LE = 6,
	GEN_CMOD_OV = 8, GEN_CMOD_UN = 9,
	GEN_CMOD_EO = 16,  /* implied by math.invm/rsqtm (not a field value) */
};

/* Math function control (field value). */
enum gen_math_fc {
	GEN_MATH_INV = 1, GEN_MATH_LOG = 2, GEN_MATH_EXP = 3, GEN_MATH_SQT = 4,
	GEN_MATH_RSQT = 5, GEN_MATH_SIN = 6, GEN_MATH_COS = 7,
	GEN_MATH_FDIV = 9, GEN_MATH_POW = 10, GEN_MATH_IDIV = 11,
	GEN_MATH_IQOT = 12, GEN_MATH_IREM = 13, GEN_MATH_INVM = 14,
	GEN_MATH_RSQTM = 15,
};

/* Gen12 sync function control (field value). */
enum gen_sync_fc {
	GEN_SYNC_NOP = 0, GEN_SYNC_ALLRD = 2, GEN_SYNC_ALLWR = 3,
	GEN_SYNC_FENCE = 0xD,  /* Mesa numbering; not a TGLLP function (GED) */
	GEN_SYNC_BAR = 0xE, GEN_SYNC_HOST = 0xF,
};

/* Instruction options (IGA's {...} set). */
enum gen_opt {
	GEN_OPT_NOMASK      = 1u << 0,   /* (W) */
	GEN_OPT_ACCWREN     = 1u << 1,
	GEN_OPT_ATOMIC      = 1u << 2,
	GEN_OPT_BREAKPOINT  = 1u << 3,   /* DebugCtrl */
	GEN_OPT_COMPACTED   = 1u << 4,
	GEN_OPT_EOT         = 1u << 5,
	GEN_OPT_NODDCHK     = 1u << 6,
	GEN_OPT_NODDCLR     = 1u << 7,
	GEN_OPT_NOPREEMPT   = 1u << 8,
	GEN_OPT_NOSRCDEPSET = 1u << 9,
	GEN_OPT_SWITCH      = 1u << 10,
	GEN_OPT_SERIALIZE   = 1u << 11,
	GEN_OPT_BRANCHCTRL  = 1u << 12,  /* prints as the ".b" suffix */
};

/* Gen12 software scoreboard (SingleDistPipe encoding, GEN-FACTS 4). */
enum gen_sbid_mode { GEN_SBID_NONE, GEN_SBID_SET, GEN_SBID_DST, GEN_SBID_SRC };

struct gen_swsb {
	bool has_dist;  /* @N present (N may be 0 next to a token) */
	uint8_t dist;   /* 1..7 (iga64 also shows 8..15) */
	uint8_t mode;   /* enum gen_sbid_mode */
	uint8_t sbid;   /* token 0..15 */
};

/* SEND descriptor: immediate, or a0.sub */
struct gen_desc {
	bool is_reg;
	uint8_t a0_sub;
	uint32_t imm;
};

enum gen_access { GEN_ALIGN1 = 0, GEN_ALIGN16 = 1 };

struct gen_inst {
	uint16_t op;          /* enum gen_op */
	uint8_t hw_opcode;
	uint8_t length;       /* 8 (compacted) or 16 bytes */
	uint32_t pc;          /* byte offset in the kernel */
	uint8_t exec_size;    /* 1, 2, 4, 8, 16, 32 */
	uint8_t chan_off;     /* 0, 4, ..., 28 */
	uint8_t access;       /* enum gen_access */
	uint8_t pred;         /* enum gen_pred */
	bool pred_inv;
	uint8_t flag_nr, flag_sub;  /* flag register for pred and cmod */
	uint8_t cmod;         /* enum gen_cmod */
	bool sat;
	uint8_t fc;           /* math or sync function, Gen12 send SFID */
	uint8_t sfid;         /* SEND shared function */
	uint8_t exec_type;    /* Align1 3-src: 0 int, 1 float */
	uint8_t nsrc;         /* number of sources in src[] */
	struct gen_opnd dst;
	struct gen_opnd src[3];
	uint32_t opts;        /* enum gen_opt bits */
	struct gen_swsb swsb;
	struct gen_desc desc, exdesc;
	int32_t jip, uip;     /* as encoded (bytes, relative) */
	uint8_t src0_len, src1_len, dst_len;  /* SEND payload lengths */
};

/* Type helpers (types.c). */
unsigned gen_type_size(enum gen_type t);     /* bytes; packed imms 4 */
const char *gen_type_name(enum gen_type t);  /* "ud", "f", ... */
bool gen_type_is_float(enum gen_type t);

#endif
