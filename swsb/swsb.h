/*
 * swsb.h - the Gen12 software scoreboard (SWSB) pass over a finished
 * instruction stream, and the stream edits it needs.
 *
 * Input: an array of struct gen_inst (encoder/gen_inst.h) as the decoder
 * produces them or a finalizer would before encoding: pc and length laid
 * out (length 8 = to be compacted), branch targets as GEN_OPND_LABEL
 * operands holding absolute byte offsets.  Output: a new malloc'ed array
 * with every swsb field computed, sync.nop instructions inserted where
 * an instruction needs more than its own field can say, pcs laid out
 * again and every label target (and jip/uip) moved with its instruction.
 *
 *   swsb_strip   remove SWSB: clear every swsb field, delete sync.nop,
 *                sync.allrd and sync.allwr (pure scoreboard carriers)
 *   swsb_assign  compute SWSB (docs/swsb.md): CFG from the branch
 *                targets, in-order RegDist counted along every path,
 *                SBID tokens for send/math with set/.dst/.src waits,
 *                conservative merge at joins, calls and returns as edges
 *
 * The model (latencies, tokens, which ops are out of order) is
 * platforms/swsb_gen12.h, shared with gensim's --swsb-check.  Nothing
 * here includes finalizer/ or regalloc/.  Errors: VF_ERR_INPUT (a branch
 * target that is not an instruction), VF_ERR_UNSUPPORTED (register
 * branch targets: jmpi/call/brd/brc through a register, calla).
 */
#ifndef VISAFIN_SWSB_H
#define VISAFIN_SWSB_H

#include <stddef.h>

#include "visafin.h"
#include "../encoder/gen_inst.h"
#include "../platforms/platform.h"

struct swsb_stats {
	unsigned insts;        /* instructions out, syncs included */
	unsigned syncs;        /* sync.nop inserted */
	unsigned dists;        /* instructions with @N */
	unsigned token_waits;  /* $N.dst / $N.src waits (own field or sync) */
	unsigned tokens_set;   /* out-of-order instructions given {$N} */
	unsigned blocks;
	unsigned iterations;   /* dataflow sweeps to the fixed point */
};

enum vf_status swsb_strip(const struct plat_info *p, const struct gen_inst *in,
                          size_t n, struct gen_inst **out, size_t *out_n,
                          struct vf_error *err);

/* st may be NULL. */
enum vf_status swsb_assign(const struct plat_info *p,
                           const struct gen_inst *in, size_t n,
                           struct gen_inst **out, size_t *out_n,
                           struct swsb_stats *st, struct vf_error *err);

#endif
