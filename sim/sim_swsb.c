/*
 * sim_swsb.c - Gen12 software scoreboard hazard checker ("gensim
 * --swsb-check").
 *
 * The functional simulator executes an instruction at once; the hardware
 * does not.  This checker replays, per thread, what the Gen12LP hardware
 * has in flight and fails the run when an instruction touches a register
 * that an unfinished operation still owns and no annotation of the
 * program makes it wait.  The model (platforms/swsb_gen12.h):
 *
 * - In-order instructions (everything but send/math/sync/nop/wait/halt)
 *   get consecutive ids.  One is complete once 'inorder_done' (64-bit
 *   dst: 'inorder_done64') more in-order instructions have issued, or
 *   when a later instruction waits with @N for an id at least N back
 *   (TGLLP has one in-order pipe and in-order completion, so @N also
 *   covers every older id; GEN-FACTS 4, IGC hasSingleALUPipe).
 * - Out-of-order instructions (send, math) hold their token {$N} until a
 *   wait $N.dst, sync.allwr, or a new {$N} (the hardware stalls on reuse);
 *   their sources until $N.src, $N.dst, sync.allrd or sync.allwr.
 * - Hazards (IGC SWSB_G4IR.cpp, dependence rules of the bucket loop):
 *     RAW on any unfinished writer;
 *     WAW on an unfinished out-of-order writer; on an in-order writer only
 *       for an out-of-order writer now, or a 64-bit writer followed by a
 *       32-bit one (completion order differs);
 *     WAR on an out-of-order reader whose sources are still pending,
 *       except a send of the same SFID (or math after math) with the same
 *       predicate flag and execution mask ("same pipeline, implicit");
 *       on an in-order reader only for an out-of-order writer now.
 *   GRF only, byte exact (encoder/gen_footprint.h); indirect operands and
 *   a0 descriptors use the thread's current a0.
 * - A taken branch (the next instruction issued is not the one after the
 *   last) drains the in-order pipe.  IGC computes RegDist in layout order
 *   across blocks (SWSB_G4IR.cpp SBDDD carries its live buckets and ALU
 *   ids from block to block) and has no in-order dependence over a loop's
 *   back edge, so its binaries are only correct if a jump completes the
 *   in-order work before the target issues; the model takes that as the
 *   hardware's behaviour.  visafin's pass does not rely on it
 *   (encoder/swsb.c counts along every path).
 * - Writes that store the bytes already there (identity_write()) own
 *   nothing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gen_footprint.h"
#include "sim_swsb.h"
#include "../platforms/swsb_gen12.h"

#define RING 16   /* > inorder_done64: every in-order op that can be live */

struct inorder {
	bool valid;
	bool wide;             /* 64-bit destination */
	uint64_t id;
	uint32_t pc;
	struct gen_fp rd, wr;
};

struct token {
	bool busy, src_busy;
	uint64_t seq;          /* issue order among out-of-order ops */
	const struct gen_inst *in;
	struct gen_fp rd, wr;
};

struct thread_sb {
	bool started;
	uint32_t prev_pc, next_pc;  /* last instruction issued, its successor */
	uint64_t count;        /* next in-order id */
	uint64_t done_below;   /* every in-order id below is complete */
	uint64_t ooo_seq;
	struct inorder ring[RING];
	struct token tok[32];
};

struct sim_swsb {
	unsigned n;
	struct thread_sb *t;
};

struct sim_swsb *sim_swsb_create(unsigned nthreads)
{
	struct sim_swsb *s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->n = nthreads;
	s->t = calloc(nthreads ? nthreads : 1, sizeof(*s->t));
	if (!s->t) {
		free(s);
		return NULL;
	}
	return s;
}

void sim_swsb_destroy(struct sim_swsb *s)
{
	if (!s)
		return;
	free(s->t);
	free(s);
}

void sim_swsb_reset(struct sim_swsb *s)
{
	memset(s->t, 0, s->n * sizeof(*s->t));
}

static bool wide_dst(const struct gen_inst *in)
{
	return in->dst.kind != GEN_OPND_NONE && in->dst.type < GEN_TYPE_UV &&
	       gen_type_size((enum gen_type)in->dst.type) == 8;
}

/* Same out-of-order pipeline with the same predicate and execution
 * mask: source reads stay in order (IGC WARDepRequired()).  "The same
 * predicate" is IGC's hasSamePredicator(): both predicated on the same
 * flag register, whatever the inversion (IGC's own binaries rewrite the
 * source of a (~f0.1) math with a (f0.1) math without $N.src: difftest
 * tgllp --seed 6001 program 10690), or both unpredicated and neither
 * NoMask. */
static bool same_pipe(const struct gen_inst *a, const struct gen_inst *b)
{
	bool sa = a->op != GEN_OP_MATH, sb = b->op != GEN_OP_MATH;
	if (sa != sb || (sa && a->sfid != b->sfid))
		return false;
	bool pa = a->pred != GEN_PRED_NONE, pb = b->pred != GEN_PRED_NONE;
	bool same_pred = pa && pb ? a->flag_nr == b->flag_nr &&
	                            a->flag_sub == b->flag_sub
	                 : !pa && !pb && !(a->opts & GEN_OPT_NOMASK) &&
	                   !(b->opts & GEN_OPT_NOMASK);
	return same_pred && a->exec_size == b->exec_size &&
	       a->chan_off == b->chan_off;
}

/* Sources of token i are read: so are those of every earlier op of the
 * same pipeline (they read in issue order; IGC relies on it, e.g. a
 * sampler send's .src wait releasing the sources of the one before). */
static void src_done(const struct swsb_model *m, struct thread_sb *ts,
                     unsigned i)
{
	struct token *k = &ts->tok[i];
	if (!k->in)
		return;
	for (unsigned j = 0; j < m->tokens; j++) {
		struct token *o = &ts->tok[j];
		if (o->src_busy && o->seq <= k->seq && same_pipe(o->in, k->in))
			o->src_busy = false;
	}
	k->src_busy = false;
}

/* Apply the waits the instruction carries (before it issues). */
static void apply_waits(const struct swsb_model *m, struct thread_sb *ts,
                        const struct gen_inst *in)
{
	const struct gen_swsb *w = &in->swsb;
	if (w->has_dist && w->dist && ts->count >= w->dist &&
	    ts->count - w->dist + 1 > ts->done_below)
		ts->done_below = ts->count - w->dist + 1;
	unsigned ti = w->sbid % m->tokens;
	struct token *k = &ts->tok[ti];
	if (w->mode == GEN_SBID_DST || w->mode == GEN_SBID_SET ||
	    w->mode == GEN_SBID_SRC) {
		if (k->busy || k->src_busy)   /* SET: reuse stalls */
			src_done(m, ts, ti);
		if (w->mode != GEN_SBID_SRC)
			k->busy = false;
	}
	if (in->op != GEN_OP_SYNC ||
	    (in->fc != GEN_SYNC_ALLRD && in->fc != GEN_SYNC_ALLWR))
		return;
	uint32_t mask = in->src[0].kind == GEN_OPND_IMM
	                ? (uint32_t)in->src[0].imm : 0xFFFFFFFFu;
	for (unsigned i = 0; i < m->tokens; i++) {
		if (!((mask >> i) & 1))
			continue;
		ts->tok[i].src_busy = false;
		if (in->fc == GEN_SYNC_ALLWR)
			ts->tok[i].busy = false;
	}
}

/* mov/sel/csel whose every source is the destination element for
 * element: the write stores what was there (IGC's fused-EU workaround
 * "(W) csel (4) (eq)f0.0 r0.0 r0.0 r0.0 r0.0"), so a reader that sees the
 * old or the new value sees the same bytes. */
static bool identity_write(const struct gen_inst *in)
{
	if ((in->op != GEN_OP_MOV && in->op != GEN_OP_SEL &&
	     in->op != GEN_OP_CSEL) || in->sat ||
	    in->dst.kind != GEN_OPND_DIRECT || in->dst.rn != GEN_RN_GRF)
		return false;
	unsigned hs = in->dst.rgn.hs ? in->dst.rgn.hs : 1;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct gen_opnd *o = &in->src[s];
		if (o->kind != GEN_OPND_DIRECT || o->rn != GEN_RN_GRF ||
		    o->mods || o->nr != in->dst.nr || o->sub != in->dst.sub ||
		    o->type != in->dst.type)
			return false;
		const struct gen_region *r = &o->rgn;
		bool contiguous = r->w == GEN_RGN_NONE
		                  ? (r->hs == GEN_RGN_NONE ? 1u : r->hs) == hs
		                  : r->hs == hs && (r->w == 1 ? r->vs == hs
		                                    : r->vs == r->w * hs);
		if (!contiguous && in->exec_size > 1)
			return false;
	}
	return in->nsrc > 0;
}

static const char *kind(const struct gen_inst *in)
{
	return gen_op_table[in->op].mnemonic;
}

static enum vf_status hazard(struct sim_ctx *c, const struct gen_inst *in,
                             const char *what, int reg, const char *owner,
                             uint32_t pc, const char *need)
{
	return sim_fail(c, in, VF_ERR_INPUT, "SWSB hazard at 0x%X: %s r%d, "
	                "which the %s at 0x%X still owns; needs %s", in->pc,
	                what, reg, owner, pc, need);
}

static enum vf_status check_inorder(struct sim_ctx *c,
                                    const struct swsb_model *m,
                                    struct thread_sb *ts,
                                    const struct gen_inst *in,
                                    const struct gen_fp *rd,
                                    const struct gen_fp *wr, bool ooo)
{
	bool wide = wide_dst(in);
	/* nearest producer first: the message names the closest hazard */
	for (unsigned back = 1; back <= RING; back++) {
		const struct inorder *e = &ts->ring[(ts->count - back) % RING];
		if (!e->valid || e->id < ts->done_below ||
		    ts->count - e->id >= (e->wide ? m->inorder_done64
		                                  : m->inorder_done))
			continue;
		unsigned d = (unsigned)(ts->count - e->id);
		char need[48];
		snprintf(need, sizeof(need), "@%u (in-order distance %u)",
		         d < m->max_dist ? d : m->max_dist, d);
		int r = gen_fp_overlap(rd, &e->wr);
		if (r >= 0)
			return hazard(c, in, "reads", r, "in-order write", e->pc,
			              need);
		if (ooo || (e->wide && !wide)) {
			r = gen_fp_overlap(wr, &e->wr);
			if (r >= 0)
				return hazard(c, in, "writes", r, "in-order write",
				              e->pc, need);
		}
		if (ooo) {
			r = gen_fp_overlap(wr, &e->rd);
			if (r >= 0)
				return hazard(c, in, "writes", r, "in-order read",
				              e->pc, need);
		}
	}
	return VF_OK;
}

static enum vf_status check_tokens(struct sim_ctx *c,
                                   const struct swsb_model *m,
                                   struct thread_sb *ts,
                                   const struct gen_inst *in,
                                   const struct gen_fp *rd,
                                   const struct gen_fp *wr, bool ooo)
{
	for (unsigned i = 0; i < m->tokens; i++) {
		const struct token *k = &ts->tok[i];
		if (!k->busy && !k->src_busy)
			continue;
		char need[32], owner[48];
		snprintf(owner, sizeof(owner), "%s ($%u)", kind(k->in), i);
		snprintf(need, sizeof(need), "$%u.dst", i);
		int r;
		if (k->busy && (r = gen_fp_overlap(rd, &k->wr)) >= 0)
			return hazard(c, in, "reads", r, owner, k->in->pc, need);
		if (k->busy && (r = gen_fp_overlap(wr, &k->wr)) >= 0)
			return hazard(c, in, "writes", r, owner, k->in->pc, need);
		if (k->src_busy && !(ooo && same_pipe(k->in, in)) &&
		    (r = gen_fp_overlap(wr, &k->rd)) >= 0) {
			snprintf(need, sizeof(need), "$%u.src", i);
			snprintf(owner, sizeof(owner), "%s ($%u, source)",
			         kind(k->in), i);
			return hazard(c, in, "writes", r, owner, k->in->pc, need);
		}
	}
	return VF_OK;
}

enum vf_status sim_swsb_issue(struct sim_ctx *c, struct sim_swsb *s,
                              struct sim_thread *t, const struct gen_inst *in)
{
	const struct swsb_model *m = swsb_model_for(c->p->enc);
	if (!m || t->tid >= s->n)
		return VF_OK;
	struct thread_sb *ts = &s->t[t->tid];
	/* a taken branch drains the in-order pipe (see the model above) */
	if (ts->started && in->pc != ts->next_pc && in->pc != ts->prev_pc)
		ts->done_below = ts->count;
	ts->started = true;
	ts->prev_pc = in->pc;
	ts->next_pc = in->pc + in->length;
	apply_waits(m, ts, in);

	uint16_t a0[16];
	memcpy(a0, t->a0, sizeof(a0));
	struct gen_fp_env env = { .a0 = a0, .have_desc = true };
	memcpy(&env.desc, t->a0, 4);
	memcpy(&env.exdesc, t->a0 + 2 * (in->exdesc.a0_sub & 15), 4);
	struct gen_fp rd, wr;
	gen_inst_footprint(in, &env, &rd, &wr);
	if (identity_write(in))
		gen_fp_clear(&wr);

	bool ooo = swsb_is_ooo((enum gen_op)in->op);
	enum vf_status st = check_inorder(c, m, ts, in, &rd, &wr, ooo);
	if (st == VF_OK)
		st = check_tokens(c, m, ts, in, &rd, &wr, ooo);
	if (st != VF_OK)
		return st;

	if (swsb_counts_inorder((enum gen_op)in->op)) {
		struct inorder *e = &ts->ring[ts->count % RING];
		e->valid = true;
		e->wide = wide_dst(in);
		e->id = ts->count++;
		e->pc = in->pc;
		e->rd = rd;
		e->wr = wr;
	}
	if (!ooo)
		return VF_OK;
	if (in->swsb.mode != GEN_SBID_SET) {
		if (in->opts & GEN_OPT_EOT)
			return VF_OK;   /* the thread ends with it */
		return sim_fail(c, in, VF_ERR_INPUT, "SWSB hazard at 0x%X: %s "
		                "sets no SBID token, so nothing can wait for it",
		                in->pc, kind(in));
	}
	struct token *k = &ts->tok[in->swsb.sbid % m->tokens];
	k->busy = k->src_busy = true;
	k->seq = ts->ooo_seq++;
	k->in = in;
	k->rd = rd;
	k->wr = wr;
	return VF_OK;
}

void sim_set_swsb_check(struct sim_ctx *c, bool on)
{
	c->swsb_on = on;
}

enum vf_status sim_swsb_prepare(struct sim_ctx *c, unsigned nthreads)
{
	sim_swsb_destroy(c->swsb);
	c->swsb = NULL;
	if (!c->swsb_on || !swsb_model_for(c->p->enc))
		return VF_OK;
	c->swsb = sim_swsb_create(nthreads);
	return c->swsb ? VF_OK : vf_err_oom(c->err);
}
