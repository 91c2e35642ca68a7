/*
 * live.c - live intervals for linear-scan allocation.
 *
 * Needs: legalized IR.  Produces: for every virtual register (GRF, flag
 * and address files alike) the convex hull [start, end] of instruction
 * positions where it may hold a value still needed.
 *
 * Steps: the shared CFG and liveness (ir/cfg.h: blocks, edges, live and
 * "may be defined" sets, where only a full unpredicated write kills and
 * a register is not live before anything wrote it, so that partial
 * writes of vectors do not make it live from the kernel entry); hulls
 * of the points where both hold (ir_live_defined: per register over its
 * live blocks, no blocks x registers sets).  SIMD divergence adds one rule:
 * channels that left a loop early wait at a join after it while the loop
 * runs on, so a value live after a backward branch and defined inside the
 * loop must stay allocated over the whole loop.  Registers read or
 * written through a0 (address taken) are used by the indirect operands
 * whose address register may point into them (addr_targets.c, handed to
 * the shared liveness as its narrowing of indirect operands).  A stack call (fcall) is an ordinary instruction here:
 * its callee is a region of its own, reached by no edge, since
 * everything live across the call is saved around it (callsave.c).
 */
#include "config.h"

#include <string.h>

#include "../ir/cfg.h"
#include "../lib/arena.h"
#include "ra.h"

static void touch(struct ra_interval *iv, uint32_t v, int32_t pos)
{
	if (iv[v].start < 0 || pos < iv[v].start)
		iv[v].start = pos;
	if (pos > iv[v].end)
		iv[v].end = pos;
}

struct hull_ctx {
	const struct ir_cfg *c;
	struct ra_interval *iv;
	uint32_t *from, *to;      /* points of the starts and ends (rounds) */
};

/* Referenced from 'first' to 'last' in one block. */
static void span(void *ctx, uint32_t v, uint32_t first, uint32_t last)
{
	const struct hull_ctx *h = ctx;
	touch(h->iv, v, (int32_t)first);
	touch(h->iv, v, (int32_t)last);
}

/* Live and maybe defined on entry to / exit from block b. */
static void block_edge(void *ctx, uint32_t v, uint32_t b, bool entry)
{
	const struct hull_ctx *h = ctx;
	touch(h->iv, v, entry ? (int32_t)h->c->b[b].first
	                      : (int32_t)h->c->b[b].end - 1);
}

/*
 * Points: what a hull's start and end are, an instruction's reference,
 * a block's entry or its exit, so that a rewrite adding instructions
 * inside blocks only moves them (ra_rounds).  Of points at one position
 * the start keeps the one that stays least when instructions come in
 * around it (entry before reference before exit) and the end the one
 * that stays greatest; every other point keeps its order to them.
 */
enum { PT_ENTRY, PT_INST, PT_EXIT };
#define PT(kind, at) ((uint32_t)(kind) << 30 | (at))
#define PT_KIND(pt) ((pt) >> 30)
#define PT_AT(pt) ((pt) & 0x3fffffffu)
#define PT_MAX_AT 0x3fffffffu

static void touch_pt(const struct hull_ctx *h, uint32_t v, uint32_t pos,
                     uint32_t pt)
{
	struct ra_interval *r = &h->iv[v];
	if (r->start < 0 || (int32_t)pos < r->start ||
	    ((int32_t)pos == r->start && PT_KIND(pt) < PT_KIND(h->from[v]))) {
		r->start = (int32_t)pos;
		h->from[v] = pt;
	}
	if ((int32_t)pos > r->end ||
	    ((int32_t)pos == r->end && PT_KIND(pt) > PT_KIND(h->to[v]))) {
		r->end = (int32_t)pos;
		h->to[v] = pt;
	}
}

static void span_pt(void *ctx, uint32_t v, uint32_t first, uint32_t last)
{
	const struct hull_ctx *h = ctx;
	touch_pt(h, v, first, PT(PT_INST, first));
	touch_pt(h, v, last, PT(PT_INST, last));
}

static void block_edge_pt(void *ctx, uint32_t v, uint32_t b, bool entry)
{
	const struct hull_ctx *h = ctx;
	if (entry)
		touch_pt(h, v, h->c->b[b].first, PT(PT_ENTRY, b));
	else
		touch_pt(h, v, h->c->b[b].end - 1, PT(PT_EXIT, b));
}

static void hulls(struct ir_prog *p, const struct ir_cfg *c,
                  const struct ir_live *l, struct ra_interval *iv)
{
	struct hull_ctx h = { c, iv, NULL, NULL };
	ir_live_defined_spans(p, c, l, block_edge, span, &h);
}

/* Values defined inside a loop and live after it cover the whole loop.
 * A loop here is a branch back to a label at or before it in the code
 * (jmpi, while, goto by its UIP): what matters is the layout, since the
 * channels park at joins after the branch.
 *
 * The rule for a back edge from e to h: an interval that starts in
 * (h, e] and ends after e starts at h.  Starts only move down, and the
 * result of applying it until nothing changes does not depend on the
 * order (the least start reachable: a rule that took a chain below a
 * start t still applies at t), so each interval is settled alone: with
 * the edges in layout order (one per block: sorted by e), the edges
 * with s <= e < end are a range, and the least head h among them moves
 * the start s when h < s.  Range minimum by a sparse table. */
static void extend_loops(struct ir_prog *p, const struct ir_cfg *c,
                         struct ra_interval *iv, struct ra_refs *reuse)
{
	int32_t *head = ir_alloc(p, ((size_t)c->nb + 1) * sizeof *head);
	int32_t *tail = ir_alloc(p, ((size_t)c->nb + 1) * sizeof *tail);
	uint32_t ne = 0;
	for (uint32_t b = 0; b < c->nb; b++) {
		uint32_t i = c->b[b].end - 1;
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op != GEN_OP_JMPI && in->op != GEN_OP_GOTO &&
		    in->op != GEN_OP_WHILE)
			continue;
		int32_t t = ir_branch_target(in);
		if (t < 0 || c->label_pos[t] < 0 || c->label_pos[t] > (int32_t)i)
			continue;
		head[ne] = c->label_pos[t];
		tail[ne++] = (int32_t)i;
	}
	if (!ne)
		return;
	/* min[k][j]: least head of edges j .. j + 2^k - 1 */
	unsigned levels = 1;
	while ((1u << levels) <= ne)
		levels++;
	int32_t **min = ir_alloc(p, levels * sizeof *min);
	min[0] = head;
	for (unsigned k = 1; k < levels; k++) {
		uint32_t span = 1u << k, n = ne - span + 1;
		min[k] = ir_alloc(p, ((size_t)n + 1) * sizeof **min);
		for (uint32_t j = 0; j < n; j++) {
			int32_t x = min[k - 1][j], y = min[k - 1][j + span / 2];
			min[k][j] = x < y ? x : y;
		}
	}
	/* before[x]: the edges with tail < x (a table, not a binary search
	 * per interval: issue 12) */
	uint32_t ni = p->insts.n;
	uint32_t *before = ra_buf_get(p, reuse, RA_BUF_FIRST,
	                              ((size_t)ni + 2) * sizeof *before);
	for (uint32_t x = 0, j = 0; x <= ni + 1; x++) {
		while (j < ne && tail[j] < (int32_t)x)
			j++;
		before[x] = j;
	}
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		struct ra_interval *r = &iv[v];
		if (r->start < 0)
			continue;
		for (;;) {
			/* edges with start <= tail < end */
			uint32_t from = before[r->start], lo = before[r->end];
			if (lo == from)
				break;
			unsigned k = 31u - (unsigned)__builtin_clz(lo - from);
			int32_t x = min[k][from], y = min[k][lo - (1u << k)];
			int32_t h = x < y ? x : y;
			if (h >= r->start)
				break;
			r->start = h;
		}
	}
}

/* What each indirect operand may touch (addr_targets.c). */
static void narrow_indirect(struct ir_prog *p, struct ir_live *l)
{
	l->targets = ra_addr_targets(p, l->taken, l->ntaken, &l->tw);
	l->local = ra_addr_local_bases(p);
}

/* What every interval gets past its hull: registers live on entry or in
 * the whole program, r0, the call areas. */
static bool abi_reg(const struct ir_vreg *r)
{
	return r->flags & (IR_V_LIVE_IN | IR_V_GLOBAL);
}

static void touch_abi(const struct ir_prog *p, struct ra_interval *iv,
                      uint32_t v)
{
	const struct ir_vreg *r = &p->vregs.a[v];
	if (abi_reg(r))
		touch(iv, v, 0);
	if (r->flags & IR_V_GLOBAL)
		touch(iv, v, (int32_t)p->insts.n);
}

/* 'abi' (n of them): the registers abi_reg tells, or NULL to look. */
static void finish(struct ir_prog *p, struct ra_interval *iv,
                   const uint32_t *abi, uint32_t n)
{
	uint32_t ni = p->insts.n;
	if (abi) {
		for (uint32_t k = 0; k < n; k++)
			touch_abi(p, iv, abi[k]);
	} else {
		for (uint32_t v = 1; v < p->vregs.n; v++)
			touch_abi(p, iv, v);
	}
	touch(iv, p->r0, 0);
	touch(iv, p->r0, (int32_t)ni);
	ra_call_area_intervals(p, iv);
}

struct ra_interval *ra_intervals(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n, ni = p->insts.n;
	struct ra_interval *iv = ir_alloc_raw(p, nv * sizeof *iv);
	for (uint32_t v = 0; v < nv; v++)
		iv[v] = (struct ra_interval){ -1, -1 };
	if (!ni)
		return iv;
	/* the control flow and liveness tables are only needed here */
	ir_scratch_begin(p);
	const struct ir_cfg *c = ir_cfg_build(p);
	const struct ir_live *l = ir_live_refs(p, narrow_indirect);
	hulls(p, c, l, iv);
	extend_loops(p, c, iv, NULL);
	ir_scratch_end(p);
	finish(p, iv, NULL, 0);
	return iv;
}

/* ---- the allocator's rounds ------------------------------------------- */

/*
 * A round that spills only flags (the common case, docs/ir.md) changes
 * little: each instruction that used a spilled flag gets moves from and
 * to its GRF home around it, in its own block.  Every other register
 * keeps its references, so its liveness and the points of its hull stay
 * the same, only at new positions (issue 12: the rounds rebuilt the CFG
 * and scanned the whole program each).  So the next round moves the CFG
 * (ir_cfg_move) and the hulls, and computes liveness only for the new
 * registers (the homes and the flags loaded from them), over the code
 * the spill wrote.  Anything else (GRF spills, a group past a branch,
 * instructions beyond the points' range) builds everything again.
 */
struct ra_rounds {
	struct ir_cfg *c;            /* of the current code (NULL: none) */
	uint32_t nv;                 /* registers the hulls cover */
	struct ra_interval *hull;    /* before extend_loops and finish */
	uint32_t *from, *to;         /* their points */
	struct ra_moves mv;          /* this round's spill rewrite */
	struct ra_moves prev;        /* the last round's */
	struct ra_refs refs;         /* reference counts (ra_linscan) */
	uint32_t *abi, nabi;         /* the abi_reg registers (flags that
	                              * no round changes) */
	uint32_t moved_from;         /* hulls moved: registers from here on
	                              * are the spill's (0: not moved) */
	/* Rounds reuse their arrays in place while they have room (a
	 * quarter more than the first round needed): memory for one round,
	 * not one per round. */
	uint32_t regs_cap;           /* room of hull, from, to, refs, abi */
	uint32_t insts_cap;          /* room of mv's arrays */
	uint32_t *blk, blk_cap;      /* the moved CFG's blk_of */
	struct ra_buf iv;            /* the round's intervals */
	/* Made by the scheduler (ra_seed_intervals): the hulls of the code
	 * it left are ready for the first round. */
	bool seeded;
	uint32_t seed_ni;            /* the instructions they are for */
	const struct ir_live *seed_l;   /* their register references */
	uint32_t *seed_stamp;        /* per register: the last window that
	                              * found its points (ra_seed_reorder) */
	uint32_t seed_windows;       /* windows reordered */
};

static uint32_t room(uint32_t n)
{
	return n + n / 4 + 256;
}

struct ra_rounds *ra_rounds_begin(struct ir_prog *p)
{
	struct ra_rounds *rs = ir_carry_take(p, IR_CARRY_RA_SEED);
	if (rs && rs->seed_ni == p->insts.n && rs->nv <= p->vregs.n)
		return rs;
	if (rs)   /* not for this code (cannot happen: pipeline.c) */
		ir_scratch_end(p);
	ir_scratch_begin(p);
	return ir_alloc(p, sizeof(struct ra_rounds));
}

/* Room in the per-register arrays for nv registers, the first 'keep'
 * (and the abi list) kept. */
static void regs_room(struct ir_prog *p, struct ra_rounds *rs, uint32_t nv,
                      uint32_t keep)
{
	if (nv < rs->regs_cap)
		return;
	uint32_t cap = room(nv);
	struct ra_interval *hull = ir_alloc_raw(p, cap * sizeof *hull);
	uint32_t *from = ir_alloc_raw(p, cap * sizeof *from);
	uint32_t *to = ir_alloc_raw(p, cap * sizeof *to);
	uint32_t *refs = ir_alloc_raw(p, cap * sizeof *refs);
	uint32_t *abi = ir_alloc_raw(p, cap * sizeof *abi);
	uint32_t *fa = ir_alloc_raw(p, cap * sizeof *fa);
	if (keep) {
		memcpy(fa, rs->refs.fa, rs->refs.nfa * sizeof *fa);
		memcpy(hull, rs->hull, keep * sizeof *hull);
		memcpy(from, rs->from, keep * sizeof *from);
		memcpy(to, rs->to, keep * sizeof *to);
		memcpy(refs, rs->refs.n, keep * sizeof *refs);
		memcpy(abi, rs->abi, rs->nabi * sizeof *abi);
	}
	rs->hull = hull;
	rs->from = from;
	rs->to = to;
	rs->refs.n = refs;
	rs->abi = abi;
	rs->refs.fa = fa;
	rs->regs_cap = cap;
}

/* The position of point pt in the moved code (rs->c moved already). */
static inline uint32_t moved_pt(const struct ra_rounds *rs, uint32_t *pt)
{
	uint32_t at = PT_AT(*pt);
	switch (PT_KIND(*pt)) {
	case PT_ENTRY:
		return rs->c->b[at].first;
	case PT_EXIT:
		return rs->c->b[at].end - 1;
	default:
		at = rs->prev.self[at];
		*pt = PT(PT_INST, at);
		return at;
	}
}

/* Move the hulls of the code before the spill rewrite to the code after
 * it, if the rewrite allows. */
static bool move_hulls(struct ir_prog *p, struct ra_rounds *rs)
{
	const struct ra_moves *mv = &rs->prev;
	uint32_t nv = p->vregs.n, old_nv = rs->nv, ni = p->insts.n;
	if (!rs->c || !mv->lo || !mv->flags_only || ni > PT_MAX_AT ||
	    !ir_cfg_moved(p, rs->c, mv->lo, mv->self))
		return false;
	if (ni >= rs->blk_cap) {
		rs->blk_cap = room(ni);
		rs->blk = ir_alloc_raw(p, rs->blk_cap * sizeof *rs->blk);
	}
	ir_cfg_move(p, rs->c, mv->lo, mv->n, rs->blk);
	regs_room(p, rs, nv, old_nv);
	struct ra_interval *hull = rs->hull;
	for (uint32_t v = 0; v < old_nv; v++) {
		/* a register spilled now has no reference left; earlier ones
		 * had none already */
		if (hull[v].start < 0)
			continue;
		if (p->vregs.a[v].flags & IR_V_SPILLED) {
			hull[v] = (struct ra_interval){ -1, -1 };
			continue;
		}
		hull[v].start = (int32_t)moved_pt(rs, &rs->from[v]);
		hull[v].end = (int32_t)moved_pt(rs, &rs->to[v]);
	}
	for (uint32_t v = old_nv; v < nv; v++) {
		hull[v] = (struct ra_interval){ -1, -1 };
		rs->refs.n[v] = 0;
	}
	rs->moved_from = old_nv;
	/* the counts move too: the spill rewrite references only its new
	 * registers besides what the instructions did */
	if (rs->refs.valid && mv->noted)
		for (uint32_t k = 0; k < mv->nrefs; k++)
			rs->refs.n[mv->refs[k].v]++;
	else if (rs->refs.valid)
		for (uint32_t k = 0; k < mv->ntouched; k++)
			ra_count_refs(p, rs->refs.n, old_nv, mv->lo[mv->touched[k]],
			              mv->lo[mv->touched[k] + 1]);
	/* the spill's registers are temporaries: never abi_reg, as the
	 * check says */
	for (uint32_t v = old_nv; v < nv; v++)
		if (abi_reg(&p->vregs.a[v]))
			rs->abi[rs->nabi++] = v;
	return true;
}

/* Hulls and counts start afresh on a CFG of the current code. */
static void fresh_round(struct ir_prog *p, struct ra_rounds *rs)
{
	uint32_t nv = p->vregs.n, ni = p->insts.n;
	rs->c = ni && ni <= PT_MAX_AT ? ir_cfg_build(p) : NULL;
	regs_room(p, rs, nv, 0);
	for (uint32_t v = 0; v < nv; v++)
		rs->hull[v] = (struct ra_interval){ -1, -1 };
	rs->moved_from = 0;
	rs->refs.valid = false;
	rs->refs.grf_tight = false;
	rs->refs.surveyed = false;
	rs->nabi = 0;
	for (uint32_t v = 1; v < nv; v++)
		if (abi_reg(&p->vregs.a[v]))
			rs->abi[rs->nabi++] = v;
}

/* The first round after the scheduler's seed: registers made since
 * (ra_reserve_call_areas) have no hull yet. */
static void seed_registers(struct ir_prog *p, struct ra_rounds *rs)
{
	uint32_t nv = p->vregs.n, old_nv = rs->nv;
	regs_room(p, rs, nv, old_nv);
	for (uint32_t v = old_nv; v < nv; v++) {
		rs->hull[v] = (struct ra_interval){ -1, -1 };
		if (abi_reg(&p->vregs.a[v]))
			rs->abi[rs->nabi++] = v;
	}
}

struct ra_moves *ra_rounds_prepare(struct ir_prog *p, struct ra_rounds *rs)
{
	uint32_t nv = p->vregs.n, ni = p->insts.n;
	rs->prev = rs->mv;
	if (rs->seeded)
		seed_registers(p, rs);
	else if (!move_hulls(p, rs))
		fresh_round(p, rs);
	/* the flag index holds while the code only took flag moves */
	if (!rs->moved_from)
		rs->mv.fi_ok = false;
	rs->nv = nv;
	rs->refs.moved_from = rs->moved_from;
	if (!rs->c)
		return NULL;
	/* this round's moves: the last round's arrays are read until this
	 * round's intervals are made, before the spill writes them */
	if (ni >= rs->insts_cap) {
		rs->insts_cap = room(ni);
		rs->mv.lo = ir_alloc_raw(p, rs->insts_cap * sizeof *rs->mv.lo);
		rs->mv.self = ir_alloc_raw(p, rs->insts_cap * sizeof *rs->mv.self);
		rs->mv.touched = ir_alloc_raw(p, rs->insts_cap *
		                                 sizeof *rs->mv.touched);
	}
	rs->mv.n = ni;
	rs->mv.ntouched = 0;
	rs->mv.flags_only = false;
	rs->mv.nrefs = 0;
	rs->mv.vmin = nv;
	rs->mv.noted = false;
	rs->mv.counts = NULL;   /* set once the scan counted them */
	/* the rounds' scope, innermost here (the round's opens after) */
	rs->mv.keep = p->nscratch ? p->scratch[p->nscratch - 1] : p->arena;
	rs->refs.keep = rs->mv.keep;
	return &rs->mv;
}

void *ra_keep_room(struct ir_prog *p, struct vf_arena *keep,
                   struct ra_buf *b, size_t bytes)
{
	if (b->cap >= bytes)
		return b->a;
	size_t cap = bytes + bytes / 4 + 256;
	void *a = vf_arena_alloc_raw(keep, cap);
	if (!a)
		longjmp(*p->oom, 1);
	b->a = a;
	b->cap = cap;
	return a;
}

void *ra_buf_get(struct ir_prog *p, struct ra_refs *refs,
                 enum ra_buf_use use, size_t bytes)
{
	if (!refs || !refs->keep)
		return ir_alloc_raw(p, bytes);
	return ra_keep_room(p, refs->keep, &refs->buf[use], bytes);
}

void ra_moves_refs_room(struct ir_prog *p, struct ra_moves *mv,
                        uint32_t more)
{
	if (mv->refs_cap - mv->nrefs >= more)
		return;
	uint32_t cap = room(mv->nrefs + more);
	struct ir_ref_at *r = vf_arena_alloc_raw(mv->keep, cap * sizeof *r);
	if (!r)
		longjmp(*p->oom, 1);
	if (mv->nrefs)
		memcpy(r, mv->refs, mv->nrefs * sizeof *r);
	mv->refs = r;
	mv->refs_cap = cap;
}

struct ra_refs *ra_rounds_refs(struct ra_rounds *rs)
{
	return &rs->refs;
}

struct ra_interval *ra_rounds_intervals(struct ir_prog *p, struct ra_rounds *rs)
{
	if (!rs->c)   /* no code, or too much of it for points */
		return ra_intervals(p);
	uint32_t nv = p->vregs.n;
	struct hull_ctx h = { rs->c, rs->hull, rs->from, rs->to };
	if (rs->seeded) {
		rs->seeded = false;   /* the scheduler made the hulls */
	} else if (rs->moved_from && rs->prev.noted) {
		/* the new registers' references, as the spill noted them */
		ir_live_defined_spans_at(p, rs->c, rs->moved_from, rs->prev.refs,
		                         rs->prev.nrefs, block_edge_pt, span_pt, &h);
	} else if (rs->moved_from) {
		/* the new registers: only in the groups the spill rewrote */
		const struct ra_moves *mv = &rs->prev;
		uint32_t n = mv->ntouched;
		uint32_t *first = ir_alloc_raw(p, ((size_t)n + 1) * sizeof *first);
		uint32_t *end = ir_alloc_raw(p, ((size_t)n + 1) * sizeof *end);
		for (uint32_t k = 0; k < n; k++) {
			first[k] = mv->lo[mv->touched[k]];
			end[k] = mv->lo[mv->touched[k] + 1];
		}
		ir_live_defined_spans_in(p, rs->c, rs->moved_from, first, end, n,
		                         block_edge_pt, span_pt, &h);
	} else {
		const struct ir_live *l = ir_live_refs(p, narrow_indirect);
		ir_live_defined_spans(p, rs->c, l, block_edge_pt, span_pt, &h);
	}
	/* the last round's array (its intervals are not read any more) */
	struct ra_interval *iv = ra_keep_room(p, rs->refs.keep, &rs->iv,
	                                      ((size_t)nv + 1) * sizeof *iv);
	memcpy(iv, rs->hull, nv * sizeof *iv);
	extend_loops(p, rs->c, iv, &rs->refs);
	finish(p, iv, rs->abi, rs->nabi);
	return iv;
}

/* ---- the scheduler's intervals, the first round's hulls ---------------- */

/*
 * The scheduler asks for the intervals of the code the allocator gets
 * next (issue 12: both computed them, the CFG and liveness of the whole
 * program twice).  They are made as a first round's, with their points,
 * and kept for it (ir_carry_keep: the pipeline drops them if any other
 * pass runs in between).  The scheduler reorders instructions only
 * inside windows without labels or branches, keeping each register's
 * order of reads against writes (its dependence edges), so the blocks,
 * the CFG and what is live at block edges stay; only references move,
 * inside their window (ra_seed_reorder).
 */
struct ra_interval *ra_seed_intervals(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n, ni = p->insts.n;
	if (!ni || ni > PT_MAX_AT || p->nscratch + 2 > IR_SCRATCH_DEPTH)
		return ra_intervals(p);
	ir_scratch_begin(p);   /* the seed's own scope, kept */
	struct ra_rounds *rs = ir_alloc(p, sizeof *rs);
	fresh_round(p, rs);
	rs->nv = nv;
	rs->seeded = true;
	rs->seed_ni = ni;
	struct ir_live *l = ir_live_refs(p, narrow_indirect);
	rs->seed_l = l;
	struct hull_ctx h = { rs->c, rs->hull, rs->from, rs->to };
	ir_scratch_begin(p);
	ir_live_defined_spans(p, rs->c, l, block_edge_pt, span_pt, &h);
	ir_scratch_end(p);
	if (!ir_carry_keep(p, IR_CARRY_RA_SEED, rs)) {
		ir_scratch_end(p);
		return ra_intervals(p);
	}
	/* the scheduler's copy, in its own scope */
	struct ra_interval *iv = ir_alloc_raw(p, ((size_t)nv + 1) * sizeof *iv);
	memcpy(iv, rs->hull, nv * sizeof *iv);
	ir_scratch_begin(p);
	extend_loops(p, rs->c, iv, NULL);
	ir_scratch_end(p);
	finish(p, iv, rs->abi, rs->nabi);
	return iv;
}

/*
 * A window's references in the new order: a hull start or end at a
 * reference inside the window is found again, every other point stays
 * (a reference of the window lies after a start outside it, or at the
 * block's entry, which a reference at the same place does not displace,
 * and before such an end).  At a register's first reference in the
 * window (its stamp is not the window's yet) its old points tell which
 * of them are inside: then that first reference is the start, and the
 * last one the end.
 */
enum { LOST_START = 1, LOST_END = 2 };

struct reorder_ctx {
	struct ra_rounds *rs;
	uint32_t lo, n;        /* the window: PT(PT_INST, b), e - b */
	uint32_t at;           /* the new position of the instruction walked */
	uint32_t stamp;        /* this window's, times 4 */
};

static inline void find_points(void *ctx, uint32_t v, bool def, bool full,
                               uint32_t pos)
{
	(void)def, (void)full, (void)pos;
	struct reorder_ctx *x = ctx;
	struct ra_rounds *rs = x->rs;
	uint32_t st = rs->seed_stamp[v];
	if (st >> 2 != x->stamp >> 2) {
		st = x->stamp;
		if (rs->from[v] - x->lo < x->n) {
			st |= LOST_START;
			rs->from[v] = PT(PT_INST, x->at);
			rs->hull[v].start = (int32_t)x->at;
		}
		if (rs->to[v] - x->lo < x->n)
			st |= LOST_END;
		rs->seed_stamp[v] = st;
	}
	if (st & LOST_END) {
		rs->to[v] = PT(PT_INST, x->at);
		rs->hull[v].end = (int32_t)x->at;
	}
}

/* fn for every register 'in' references as liveness sees it
 * (ir_inst_refs; inline for plain operands, issue 12: a callback per
 * operand cost more than the window's scheduling). */
static inline __attribute__((always_inline)) void
window_refs(struct ir_prog *p, const struct ir_live *l,
            const struct ir_inst *in, uint32_t pos, ir_ref_fn fn, void *ctx)
{
	bool ind = in->dst.kind == IR_O_IND;
	for (unsigned k = 0; k < in->nsrc; k++)
		ind |= in->src[k].kind == IR_O_IND;
	if (ind || in->op == IR_OP_LABEL) {
		ir_inst_refs(p, l, in, pos, fn, ctx);
		return;
	}
	for (unsigned k = 0; k < in->nsrc; k++)
		if (in->src[k].kind == IR_O_REG)
			fn(ctx, in->src[k].v, false, false, pos);
	if (in->flag && (in->pred || (in->cmod && in->op != GEN_OP_SEL)))
		fn(ctx, in->flag, false, false, pos);
	if (in->desc_reg)
		fn(ctx, in->desc_reg, false, false, pos);
	if (in->dst.kind == IR_O_REG)
		fn(ctx, in->dst.v, false, false, pos);
}

void ra_seed_reorder(struct ir_prog *p, const struct ir_inst *w, uint32_t b,
                     uint32_t e, const uint32_t *order)
{
	struct ra_rounds *rs = ir_carry_peek(p, IR_CARRY_RA_SEED);
	if (!rs)
		return;
	if (!rs->seed_stamp)
		rs->seed_stamp = ir_carry_alloc(p, ((size_t)rs->nv + 1) *
		                                   sizeof *rs->seed_stamp);
	rs->seed_windows++;
	struct reorder_ctx x = { rs, PT(PT_INST, b), e - b, 0,
	                         rs->seed_windows << 2 };
	/* an indirect operand's targets are looked up at its old place */
	for (uint32_t k = 0; k < e - b; k++) {
		x.at = b + k;
		window_refs(p, rs->seed_l, &w[order[k]], b + order[k],
		            find_points, &x);
	}
}
