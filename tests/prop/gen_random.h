/*
 * gen_random.h - the random legal Gen instruction generator of the
 * property test (tests/prop/run.sh): its context, random numbers and the
 * builders of each instruction class.
 *
 * A builder fills one struct gen_inst in the form the decoder produces
 * (gen_decode), so that gen_format_inst() of the generated instruction is
 * the text "iga64 -d" must print for the bytes gen_encode() makes of it.
 * Branch targets are instruction indexes until gen_random.c lays the
 * kernel out.
 *
 * Files: gen_random.c (driver: layout, encoding, compaction, output,
 * self-check), gen_random_types.c (type rules per operation and
 * platform), gen_random_opnd.c (registers, regions, immediates, header
 * fields), gen_random_alu.c (1-, 2- and 3-source ALU, math),
 * gen_random_ctl.c (send, branches, wait/sync/nop).
 *
 * Legality rules: shared/reference/GEN-FACTS.md (sections 2-4, 8), Mesa
 * elk_eu_validate.c / brw_eu_validate.c (region, type, mixed-float,
 * vector-immediate and send restrictions), IGA's bxml models (type
 * combinations per operation, tag igc-1.0.12504.6) and iga64 itself.
 */
#ifndef VISAFIN_GEN_RANDOM_H
#define VISAFIN_GEN_RANDOM_H

#include <stdbool.h>
#include <stdint.h>

#include "gen.h"

/* splitmix64: small, fast, and the same sequence everywhere */
struct rng {
	uint64_t s;
};

uint64_t rng_next(struct rng *r);
unsigned rnd(struct rng *r, unsigned n);        /* 0 .. n-1 */
bool chance(struct rng *r, unsigned percent);
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PICK(r, a) ((a)[rnd((r), (unsigned)NELEM(a))])

#define NO_TARGET (-1)

struct gctx {
	const struct plat_info *p;
	enum gen_enc e;
	struct rng r;
	struct gen_inst *in;
	int target[2];          /* label instruction indexes, NO_TARGET */
	unsigned index, count;  /* this instruction, kernel length */
	bool compact;           /* try the compacted form */
	bool plain;             /* common shapes (packed or scalar regions,
	                         * subregister 0, few options): what the
	                         * compaction tables are made for */
};

/* Type bit masks (1 << enum gen_type). */
#define TB(t) (1u << GEN_TYPE_##t)

/* ---- gen_random_types.c ---- */
struct type_pick {
	uint8_t dst, src[3];
};
/* Types for an operation with n sources, legal on the platform. */
bool types_pick(struct gctx *c, unsigned nsrc, struct type_pick *t);
/* Execution type size of dst/sources (Mesa execution_type()). */
unsigned exec_type_size(const struct gen_inst *in);
bool is_mixed_float(const struct gen_inst *in);
bool platform_has_64bit(const struct gctx *c);

/* ---- gen_random_opnd.c ---- */
void gen_header(struct gctx *c, bool allow_pred, bool allow_cmod);
void gen_options(struct gctx *c, bool alu);
void gen_swsb(struct gctx *c, bool out_of_order);
unsigned pick_exec_size(struct gctx *c, unsigned max_bytes_per_lane,
                        unsigned max);
void pick_chan_off(struct gctx *c);
void set_grf(struct gen_opnd *o, unsigned nr, unsigned sub, uint8_t type);
unsigned pick_grf(struct gctx *c, unsigned span_bytes);
/* Align1 2-source operands. */
bool gen_dst_a1(struct gctx *c, bool allow_arf);
bool gen_src_a1(struct gctx *c, unsigned s, bool allow_imm, bool allow_arf);
bool gen_imm(struct gctx *c, struct gen_opnd *o, uint8_t type);
void gen_src_mods(struct gctx *c, struct gen_opnd *o);
uint64_t gen_imm_bits(struct gctx *c, uint8_t type);
bool region_fits(unsigned exec, unsigned tsize, unsigned sub,
                 const struct gen_region *r);

/* ---- builders ---- */
void build_alu(struct gctx *c);      /* unary, binary */
void build_ternary(struct gctx *c);
void build_math(struct gctx *c);
void build_send(struct gctx *c);
void build_branch(struct gctx *c);
void build_misc(struct gctx *c);     /* wait, sync, nop, illegal */

#endif
