/*
 * emit_priv.h - what the files of the emit pass share (emit.c: the pass
 * and the Gen12 path; emit_build.c: IR instruction -> struct gen_inst;
 * emit_flat.c: the path without software scoreboarding, on two threads
 * for big kernels).
 */
#ifndef VISAFIN_EMIT_PRIV_H
#define VISAFIN_EMIT_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"

/* Encodings by IR instruction (emit_memo.c): the encode memo's answers
 * (encoder/encode_memo.c) found without building the gen_inst.  Up to
 * 2048 slots: a kernel has some 100 keys (the encode memo's 256 slots
 * for its 60 keys would collide here). */
#define EMIT_MEMO_BITS 11
#define EMIT_MEMO_PROBES 4
/* kernels of fewer IR instructions go without (emit_flat.c) */
#define EMIT_MEMO_MIN 256u
/* What emit_build reads of an instruction the encode memo answers (not
 * a send, not a branch: their operation formats are others), twelve
 * words (emit_memo.c fills them). */
struct emit_key {
	/* per operand (dst, src[0..2]; zero where emit_build reads none):
	 * its first 8 bytes (kind, type, modifiers, ARF name and number,
	 * region), and what else of it and of its register emit_build reads
	 * (emit_memo.c key_what) */
	uint64_t head[4], what[4];
	uint64_t flag_opts;      /* flag location + 1 (0 none), options */
	uint64_t op_swsb;        /* op, flag_off, swsb */
	uint64_t exec_fc;        /* exec, choff, pred, pinv, nomask, sat, cmod, fc */
	uint64_t nsrc;
};

struct emit_memo_slot {
	struct emit_key key;
	struct gen_encode_kept kept;
};
struct emit_memo {
	unsigned bits;          /* 1 << bits slots */
	/* the last instruction looked up, as a key, and where it goes when
	 * it was not found (NULL: it may not be kept) */
	struct emit_key key;
	struct emit_memo_slot *fill;
	bool *used;
	struct emit_memo_slot *slot;
};

struct em {
	struct ir_prog *p;
	uint32_t *pc;            /* byte offset of each instruction */
	int32_t *lpc;            /* byte offset of each label */
	struct gen_bits *bits;
	uint8_t *len;
	/* caps.swsb only: the laid-out stream the SWSB pass reads, one entry
	 * per instruction that is not a label (sidx[i] its index), kept from
	 * layout() so that nothing is built twice */
	struct gen_inst *g;
	uint32_t *sidx;
	uint32_t ns;
	/* compaction answers by instruction shape (encoder/compact_memo.c) */
	struct gen_compact_memo *memo;
	/* encodings by instruction shape (encoder/encode_memo.c) */
	struct gen_encode_memo *enc_memo;
	/* encodings by IR instruction, in front of enc_memo (NULL: none) */
	struct emit_memo *im;
	/* where encoding errors go: p->err, or a worker's own (emit_flat.c) */
	struct vf_error *err;
	/* a chunk encoded ahead of its layout (emit_flat.c): nothing is
	 * reported (the instruction that fails is done again on the calling
	 * thread, which says why), and an operand naming a label fails (its
	 * label may not be placed yet) */
	bool quiet;
};

/* The instruction insts.a[i] as a gen_inst at byte offset 'pc' (*g is
 * cleared first).  False on an internal error (reported unless quiet). */
bool emit_build(const struct em *e, uint32_t i, uint32_t pc,
                struct gen_inst *g);

/* A memo for about 'ninst' instructions (in p's arena). */
struct emit_memo *emit_memo_new(struct ir_prog *p, size_t ninst);

/* The native bits of instruction i (*bits) and the answer they came
 * from, if an instruction equal to it but for the numbers of its GRF
 * operands was encoded before; else NULL, and emit_memo_keep may keep
 * the encode memo's answer for the instruction once it is encoded. */
const struct gen_encode_kept *emit_memo_find(const struct em *e, uint32_t i,
                                             struct gen_bits *bits);
/* After emit_memo_find said NULL and the instruction was encoded (and
 * compaction asked, where it is): keep the encode memo's answer. */
void emit_memo_keep(const struct em *e);

/* Does the instruction name a label?  Its target may be a label further
 * down, unknown while laying out. */
bool emit_has_label(const struct gen_inst *g);

/* Little-endian store of one instruction word (the compiler makes the
 * byte stores one store where the host is little-endian). */
static inline void emit_put_le64(uint8_t *d, uint64_t w)
{
	d[0] = (uint8_t)w;         d[1] = (uint8_t)(w >> 8);
	d[2] = (uint8_t)(w >> 16); d[3] = (uint8_t)(w >> 24);
	d[4] = (uint8_t)(w >> 32); d[5] = (uint8_t)(w >> 40);
	d[6] = (uint8_t)(w >> 48); d[7] = (uint8_t)(w >> 56);
}

/* The kernel's code where the platform has no software scoreboard, on
 * 'parts' (1 or 2) threads: the calling thread alone, or it and a worker
 * taking chunks of the instruction list in turn; the bytes are the same
 * either way. */
bool emit_flat(struct em *e, unsigned parts, uint8_t **out, size_t *size);

#endif
