/*
 * gen_fields.h - named bit fields of Gen instructions and their accessors.
 *
 * Every field is one row of the table in fields.c giving its bit
 * fragments for each encoding family (enum gen_enc).  A fragment is
 * (first instruction bit, length, first value bit), so a field may be
 * split over several places (Gen12 SEND descriptors, indirect address
 * immediates) and may leave value bits that no instruction bit holds
 * (Gen9 SEND ExDesc[15:0]).  Nothing outside fields.c shifts instruction
 * bits: callers use gen_get()/gen_set() with a field name.
 *
 * An instruction is two little-endian 64-bit words (bits 0..127); a
 * compacted instruction uses word 0 only and its own fields (GEN_FC_*).
 *
 * Sources: Mesa src/intel/compiler/brw_inst.h ("4+"/"8+" and "12+"
 * columns), GEN-FACTS.md sections 2, 3 and 5; fragment model after IGC
 * visa/iga/IGALibrary/Backend/Native/Field.hpp.
 */
#ifndef VISAFIN_GEN_FIELDS_H
#define VISAFIN_GEN_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

#include "gen_inst.h"

enum gen_field {
	/* common header (2-src and 3-src) */
	GEN_F_OPCODE, GEN_F_ACCESS_MODE, GEN_F_NODDCLR, GEN_F_NODDCHK,
	GEN_F_NIB_CTRL, GEN_F_QTR_CTRL, GEN_F_THREAD_CTRL, GEN_F_PRED_CTRL,
	GEN_F_PRED_INV, GEN_F_EXEC_SIZE, GEN_F_COND_MOD, GEN_F_ACC_WR_EN,
	GEN_F_CMPT_CTRL, GEN_F_DEBUG_CTRL, GEN_F_SATURATE, GEN_F_FLAG_SUBREG,
	GEN_F_FLAG_REG, GEN_F_MASK_CTRL, GEN_F_ATOMIC_CTRL, GEN_F_SWSB,
	/* 2-src operands */
	GEN_F_DST_FILE, GEN_F_DST_TYPE, GEN_F_DST_ADDR_MODE, GEN_F_DST_HSTRIDE,
	GEN_F_DST_REG, GEN_F_DST_SUBREG, GEN_F_DST_IA_SUB, GEN_F_DST_IA_IMM,
	GEN_F_DST_A16_SUBREG, GEN_F_DST_A16_CHAN_EN, GEN_F_DST_A16_IA_IMM,
	GEN_F_SRC0_FILE, GEN_F_SRC0_IS_IMM, GEN_F_SRC0_TYPE, GEN_F_SRC0_ADDR_MODE,
	GEN_F_SRC0_REG, GEN_F_SRC0_SUBREG, GEN_F_SRC0_IA_SUB, GEN_F_SRC0_IA_IMM,
	GEN_F_SRC0_ABS, GEN_F_SRC0_NEG, GEN_F_SRC0_HSTRIDE, GEN_F_SRC0_WIDTH,
	GEN_F_SRC0_VSTRIDE, GEN_F_SRC0_A16_SUBREG, GEN_F_SRC0_A16_SWIZZLE,
	GEN_F_SRC0_A16_IA_IMM,
	GEN_F_SRC1_FILE, GEN_F_SRC1_IS_IMM, GEN_F_SRC1_TYPE, GEN_F_SRC1_ADDR_MODE,
	GEN_F_SRC1_REG, GEN_F_SRC1_SUBREG, GEN_F_SRC1_IA_SUB, GEN_F_SRC1_IA_IMM,
	GEN_F_SRC1_ABS, GEN_F_SRC1_NEG, GEN_F_SRC1_HSTRIDE, GEN_F_SRC1_WIDTH,
	GEN_F_SRC1_VSTRIDE, GEN_F_SRC1_A16_SUBREG, GEN_F_SRC1_A16_SWIZZLE,
	GEN_F_SRC1_A16_IA_IMM,
	GEN_F_IMM32, GEN_F_IMM64, GEN_F_JIP, GEN_F_UIP,
	/* SEND */
	GEN_F_SEND_DESC, GEN_F_SEND_EXDESC, GEN_F_SENDS_EXDESC,
	GEN_F_SEND_DST_FILE, GEN_F_SEND_SRC1_FILE, GEN_F_SEND_SRC1_REG,
	GEN_F_SEND_DESC_IS_REG, GEN_F_SEND_EXDESC_IS_REG,
	GEN_F_SEND_EXDESC_IA_SUB, GEN_F_SEND_FUSION, GEN_F_EOT,
	GEN_F_SENDS_DST_IA_IMM, GEN_F_SENDS_SRC0_IA_IMM,
	/* 3-src, shared by Align16 and Align1 */
	GEN_F_T_SRC0_ABS, GEN_F_T_SRC0_NEG, GEN_F_T_SRC1_ABS, GEN_F_T_SRC1_NEG,
	GEN_F_T_SRC2_ABS, GEN_F_T_SRC2_NEG, GEN_F_T_DST_REG, GEN_F_T_SRC0_REG,
	GEN_F_T_SRC1_REG, GEN_F_T_SRC2_REG,
	/* 3-src Align16 (Gen8/9) */
	GEN_F_A16_SRC1_HF, GEN_F_A16_SRC2_HF, GEN_F_A16_SRC_TYPE,
	GEN_F_A16_DST_TYPE, GEN_F_A16_DST_CHAN_EN, GEN_F_A16_DST_SUBREG,
	GEN_F_A16_SRC0_REP, GEN_F_A16_SRC0_SWIZZLE, GEN_F_A16_SRC0_SUBREG,
	GEN_F_A16_SRC1_REP, GEN_F_A16_SRC1_SWIZZLE, GEN_F_A16_SRC1_SUBREG,
	GEN_F_A16_SRC2_REP, GEN_F_A16_SRC2_SWIZZLE, GEN_F_A16_SRC2_SUBREG,
	/* 3-src Align1 (Gen11/12) */
	GEN_F_A1_EXEC_TYPE, GEN_F_A1_DST_FILE, GEN_F_A1_DST_TYPE,
	GEN_F_A1_DST_HSTRIDE, GEN_F_A1_DST_SUBREG, GEN_F_A1_SPECIAL_ACC,
	GEN_F_A1_SRC0_FILE, GEN_F_A1_SRC0_IS_IMM, GEN_F_A1_SRC0_TYPE,
	GEN_F_A1_SRC0_VSTRIDE, GEN_F_A1_SRC0_HSTRIDE, GEN_F_A1_SRC0_SUBREG,
	GEN_F_A1_SRC0_IMM,
	GEN_F_A1_SRC1_FILE, GEN_F_A1_SRC1_TYPE, GEN_F_A1_SRC1_VSTRIDE,
	GEN_F_A1_SRC1_HSTRIDE, GEN_F_A1_SRC1_SUBREG,
	GEN_F_A1_SRC2_FILE, GEN_F_A1_SRC2_IS_IMM, GEN_F_A1_SRC2_TYPE,
	GEN_F_A1_SRC2_HSTRIDE, GEN_F_A1_SRC2_SUBREG, GEN_F_A1_SRC2_IMM,
	/* compacted (64-bit) 2-src */
	GEN_FC_OPCODE, GEN_FC_DEBUG, GEN_FC_CONTROL_INDEX, GEN_FC_DATATYPE_INDEX,
	GEN_FC_SUBREG_INDEX, GEN_FC_ACC_WR_EN, GEN_FC_COND_MOD, GEN_FC_CMPT_CTRL,
	GEN_FC_SRC0_INDEX, GEN_FC_SRC1_INDEX, GEN_FC_DST_REG, GEN_FC_SRC0_REG,
	GEN_FC_SRC1_REG, GEN_FC_SWSB,
	/* compacted 3-src */
	GEN_FC3_CONTROL_INDEX, GEN_FC3_SOURCE_INDEX, GEN_FC3_DEBUG,
	GEN_FC3_SUBREG_INDEX,
	GEN_FC3_DST_REG, GEN_FC3_SRC0_REP, GEN_FC3_SRC1_REP, GEN_FC3_SRC2_REP,
	GEN_FC3_SATURATE, GEN_FC3_SRC0_REG, GEN_FC3_SRC1_REG, GEN_FC3_SRC2_REG,
	GEN_FC3_SRC0_SUBREG, GEN_FC3_SRC1_SUBREG, GEN_FC3_SRC2_SUBREG,
	GEN_FIELD_COUNT
};

/* One instruction: bits 0..63 in w[0], 64..127 in w[1]. */
struct gen_bits {
	uint64_t w[2];
};

/* The field table (fields.c): per field and family up to GEN_FRAGS
 * fragments, a fragment holding value bits vlo+len-1..vlo at instruction
 * bits lo+len-1..lo; unused fragments have len 0.  No fragment crosses
 * the 64-bit word boundary (gen_fields_check). */
#define GEN_FRAGS 5
struct gen_frag {
	uint8_t lo, len, vlo;
};
struct gen_field_row {
	const char *name;
	struct gen_frag f[GEN_ENC_COUNT][GEN_FRAGS];
};
extern const struct gen_field_row gen_field_rows[GEN_FIELD_COUNT];

/* Does this family encode the field at all? */
static inline bool gen_has_field(enum gen_enc enc, enum gen_field f)
{
	return gen_field_rows[f].f[enc][0].len != 0;
}

/* The same table reduced to one word per field and family (fields.c,
 * second expansion of fields.def): the first fragment as a mask over its
 * word, and slow set where the field has more fragments or its value
 * bits do not start at 0.  A family without the field has mask 0. */
struct gen_field_fast {
	uint64_t mask;          /* the fragment's bits within w[word] */
	uint8_t word, shift;    /* w index; lo % 64 */
	bool slow;              /* use the fragment loop */
};
extern const struct gen_field_fast gen_field_fast[GEN_FIELD_COUNT][GEN_ENC_COUNT];

/* gen_get and gen_set run for every field of every instruction the
 * encoder, the decoder and the compactor touch: inline; a one-fragment
 * field (nearly all of them) is one mask and shift through the fast
 * table, the others walk their fragments. */
static inline uint64_t gen_frag_mask(const struct gen_frag *fr)
{
	return ~0ull >> (64 - fr->len);
}

/* Field value (fragments concatenated); 0 if the family lacks it. */
static inline uint64_t gen_get(const struct gen_bits *b, enum gen_enc enc,
                               enum gen_field f)
{
	const struct gen_field_fast *d = &gen_field_fast[f][enc];
	if (__builtin_expect(!d->slow, 1))
		return (b->w[d->word] & d->mask) >> d->shift;
	const struct gen_frag *fr = gen_field_rows[f].f[enc];
	uint64_t v = 0;
	for (unsigned i = 0; i < GEN_FRAGS && fr[i].len; i++)
		v |= ((b->w[fr[i].lo >> 6] >> (fr[i].lo & 63)) &
		      gen_frag_mask(&fr[i])) << fr[i].vlo;
	return v;
}

/* Store v; bits of v that no fragment holds are dropped. */
static inline void gen_set(struct gen_bits *b, enum gen_enc enc,
                           enum gen_field f, uint64_t v)
{
	const struct gen_field_fast *d = &gen_field_fast[f][enc];
	if (__builtin_expect(!d->slow, 1)) {
		uint64_t *w = &b->w[d->word];
		*w = (*w & ~d->mask) | ((v << d->shift) & d->mask);
		return;
	}
	const struct gen_frag *fr = gen_field_rows[f].f[enc];
	for (unsigned i = 0; i < GEN_FRAGS && fr[i].len; i++) {
		uint64_t m = gen_frag_mask(&fr[i]), *w = &b->w[fr[i].lo >> 6];
		unsigned s = fr[i].lo & 63;
		*w = (*w & ~(m << s)) | (((v >> fr[i].vlo) & m) << s);
	}
}
/* Field name for messages ("Src0.RegFile"). */
const char *gen_field_name(enum gen_field f);
/* Raw bit range hi..lo (hi - lo < 64, within one word). */
uint64_t gen_bits_get(const struct gen_bits *b, unsigned hi, unsigned lo);
void gen_bits_set(struct gen_bits *b, unsigned hi, unsigned lo, uint64_t v);
/* Debug self-check: no two fragments of one field overlap (returns the
 * offending field or -1). */
int gen_fields_check(void);

#endif
