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

#include "../platforms/gen_defs.h"

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

/* Element index of channel ch in a source region, as the simulator and
 * the footprint (gen_footprint.c) both count it.  GEN_RGN_NONE parts are
 * the implied regions of 3-source and macro operands: contiguous with the
 * horizontal stride, or a vertical stride per element.  A VxH region's
 * rows each come from their own address register, so its rows add no
 * stride here (callers add the address). */
static inline unsigned gen_rgn_elem(const struct gen_region *r, unsigned ch)
{
	if (r->w == GEN_RGN_NONE) {
		if (r->hs == 0 && r->vs != GEN_RGN_NONE && r->vs != 0)
			return ch * r->vs;
		return ch * (r->hs == GEN_RGN_NONE ? 1u : r->hs);
	}
	unsigned w = r->w ? r->w : 1;
	unsigned vs = r->vs == GEN_RGN_NONE || r->vs == GEN_VS_VXH ? 0 : r->vs;
	return (ch / w) * vs + (ch % w) * r->hs;
}

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

#endif
