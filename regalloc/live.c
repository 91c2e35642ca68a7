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

#include "../ir/cfg.h"
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

static void hulls(struct ir_prog *p, const struct ir_cfg *c,
                  const struct ir_live *l, struct ra_interval *iv)
{
	struct hull_ctx h = { c, iv };
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
                         struct ra_interval *iv)
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
	uint32_t *before = ir_alloc_raw(p, ((size_t)ni + 2) * sizeof *before);
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
	extend_loops(p, c, iv);
	ir_scratch_end(p);
	for (uint32_t v = 1; v < nv; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		if (r->flags & (IR_V_LIVE_IN | IR_V_GLOBAL))
			touch(iv, v, 0);
		if (r->flags & IR_V_GLOBAL)
			touch(iv, v, (int32_t)ni);
	}
	touch(iv, p->r0, 0);
	touch(iv, p->r0, (int32_t)ni);
	ra_call_area_intervals(p, iv);
	return iv;
}
