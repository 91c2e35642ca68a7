/*
 * gen_footprint.h - which GRF bytes an instruction reads and writes.
 *
 * A footprint is a short list of (register, 32-bit byte mask) pairs, or
 * "all" when it cannot be known (an indirect operand without the a0
 * values, a SEND descriptor in a0 without its value, more registers than
 * the list holds).  Every channel of the execution size counts, whatever
 * the execution mask: a scoreboard cannot know which channels run.
 * Only the GRF is tracked: on Gen12 the flag registers, n0 and tdr are
 * kept coherent by the hardware (Mesa brw_fs_scoreboard.cpp header), and
 * IGC's SWSB pass tracks in-order RAW on the GRF only
 * (SWSB_G4IR.cpp: "Only need track GRF RAW dependence").
 *
 * Regions follow the instruction layer's conventions (gen_inst.h):
 * element c of <V;W,H> at sub + ((c/W)*V + (c%W)*H) * size; operands
 * without a width (3-source, macro) are contiguous with their stride.
 * SEND payloads are whole registers: src0 Desc[28:25], src1 ExDesc[10:6],
 * response Desc[24:20] (gen_inst src0_len/src1_len/dst_len).
 */
#ifndef VISAFIN_GEN_FOOTPRINT_H
#define VISAFIN_GEN_FOOTPRINT_H

#include <stdbool.h>
#include <stdint.h>

#include "gen_inst.h"

#define GEN_FP_MAX 64
#define GEN_FP_GRFS 128

struct gen_fp {
	bool all;               /* unknown: every GRF */
	uint8_t n;
	uint8_t reg[GEN_FP_MAX];
	uint32_t mask[GEN_FP_MAX];
};

/* Run-time values that make indirect operands and a0 descriptors exact
 * (gensim has them; a compiler pass does not). */
struct gen_fp_env {
	const uint16_t *a0;     /* a0.0..a0.15, or NULL */
	bool have_desc;         /* desc/exdesc hold the a0 descriptor values */
	uint32_t desc, exdesc;
};

void gen_fp_clear(struct gen_fp *f);
/* Add len bytes from GRF byte offset 'byte' (linear over the file). */
void gen_fp_add(struct gen_fp *f, uint32_t byte, uint32_t len);
/* Add whole registers r .. r+n-1. */
void gen_fp_add_regs(struct gen_fp *f, unsigned r, unsigned n);
void gen_fp_union(struct gen_fp *f, const struct gen_fp *g);
/* First register where a and b share a byte: its number (0..127), or
 * -1 if none; with "all" on either side the first register of the other
 * (0 if both are "all"). */
int gen_fp_overlap(const struct gen_fp *a, const struct gen_fp *b);
/* Does f cover every byte of g? */
bool gen_fp_covers(const struct gen_fp *f, const struct gen_fp *g);

/* The GRF bytes the instruction reads and writes.  env may be NULL. */
void gen_inst_footprint(const struct gen_inst *in, const struct gen_fp_env *env,
                        struct gen_fp *rd, struct gen_fp *wr);

#endif
