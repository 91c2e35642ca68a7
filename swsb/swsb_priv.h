/*
 * swsb_priv.h - internals of the SWSB pass: an instruction stream whose
 * branch targets are instruction indices (so that instructions can be
 * inserted and removed), and its control flow graph.
 */
#ifndef VISAFIN_SWSB_PRIV_H
#define VISAFIN_SWSB_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "swsb.h"

/* Instructions plus, per label operand, the index of the target (n for
 * the end of the code), -1 for operands that are not labels. */
struct swsb_stream {
	struct gen_inst *a;
	int32_t (*tgt)[3];
	size_t n;
};

/* From a laid-out array: every label must be the pc of an instruction
 * or the end of the code. */
enum vf_status swsb_stream_from(const struct gen_inst *in, size_t n,
                                struct swsb_stream *s, struct vf_error *err);
void swsb_stream_free(struct swsb_stream *s);
/* pcs from the lengths, label operands and jip/uip from the targets. */
void swsb_stream_layout(struct swsb_stream *s);
/* A new stream: keep[i] false drops instruction i (a label on it moves
 * to the next kept one); before[i] instructions from pre (pre_at[i] the
 * first) are inserted before instruction i and take its labels. */
enum vf_status swsb_stream_edit(const struct swsb_stream *s, const bool *keep,
                                const unsigned *before, const unsigned *pre_at,
                                const struct gen_inst *pre,
                                struct swsb_stream *out, struct vf_error *err);

/* Basic blocks and successors. */
struct swsb_block {
	uint32_t first, end;        /* instructions [first, end) */
	uint32_t *succ;
	unsigned nsucc;
};

struct swsb_cfg {
	struct swsb_block *b;
	unsigned nb;
	uint32_t *block_of;         /* instruction -> block */
	uint32_t *succ_pool;
};

enum vf_status swsb_cfg_build(const struct swsb_stream *s, struct swsb_cfg *g,
                              struct vf_error *err);
void swsb_cfg_free(struct swsb_cfg *g);

#endif
