/*
 * live.c - live intervals for linear-scan allocation.
 *
 * Needs: legalized IR.  Produces: for every virtual register (GRF, flag
 * and address files alike) the convex hull [start, end] of instruction
 * positions where it may hold a value still needed.
 *
 * Steps: basic blocks and successors (goto keeps its fall-through, call
 * goes to the subroutine, ret to every return point); backward liveness
 * where only a full, unpredicated write kills; forward "may be defined"
 * so that a register is not live before anything wrote it (partial
 * writes of vectors would otherwise make it live from the kernel entry);
 * hulls of the points where both hold.  SIMD divergence adds one rule:
 * channels that left a loop early wait at a join after it while the loop
 * runs on, so a value live after a backward branch and defined inside the
 * loop must stay allocated over the whole loop.  Registers read or
 * written through a0 (address taken) are used by the indirect operands
 * whose address register may point into them (addr_targets.c).
 * A stack call (fcall) is an ordinary instruction here: its callee is a
 * region of its own, reached by no edge, since everything live across
 * the call is saved around it (callsave.c).
 */
#include "config.h"

#include <string.h>

#include "ra.h"

typedef uint64_t word_t;
#define WBITS 64

struct lv {
	struct ir_prog *p;
	uint32_t nv, nw, nb, ni;
	uint32_t *bstart;          /* first instruction of each block (+ end) */
	uint32_t *blk_of;          /* block of each instruction */
	uint32_t *succ;            /* up to 'maxs' successors per block */
	uint32_t *nsucc, maxs;
	word_t *gen, *kill, *in, *out, *mdin, *mdout, *mdef;
	uint32_t *taken;           /* address-taken GRF vregs */
	uint32_t ntaken;
	uint64_t *targets;         /* per address vreg: bits over 'taken' */
	uint32_t tw;               /* words per row of 'targets' */
	uint32_t *local;           /* per indirect operand: its variable */
	struct ra_interval *iv;
	uint32_t cur;              /* block being scanned (local_sets) */
};

static word_t *row(const struct lv *l, word_t *set, uint32_t b)
{
	return set + (size_t)b * l->nw;
}

static void bset(word_t *s, uint32_t v) { s[v / WBITS] |= (word_t)1 << (v % WBITS); }
static bool btest(const word_t *s, uint32_t v)
{
	return (s[v / WBITS] >> (v % WBITS)) & 1;
}

/* ---- references of one instruction ------------------------------------ */

typedef void (*ref_fn)(struct lv *l, uint32_t v, bool def, bool full,
                       uint32_t pos);

static bool full_write(const struct ir_prog *p, const struct ir_inst *in,
                       const struct ir_opnd *d)
{
	const struct ir_vreg *v = &p->vregs.a[d->v];
	if ((in->pred && in->op != GEN_OP_SEL &&
	     !(in->opts & IR_OPT_GUARD)) || d->off != 0)
		return false;
	if (ir_is_send(in->op))
		return (uint32_t)in->rlen * IR_GRF_BYTES >= v->size;
	if (in->exec > 1 && d->rgn.hs != 1)
		return false;
	return ir_opnd_extent(d, in->exec, true) >= v->size;
}

/* The variables an indirect operand (operand 'slot' of instruction 'pos',
 * through address vreg 'a') may touch (addr_targets.c). */
static void indirect_refs(struct lv *l, uint32_t a, bool def, uint32_t pos,
                          unsigned slot, ref_fn fn)
{
	uint32_t only = l->local[(size_t)pos * 4 + slot];
	if (only) {   /* the block tells which variable */
		fn(l, only, def, false, pos);
		return;
	}
	const uint64_t *row = l->targets + (size_t)a * l->tw;
	for (uint32_t k = 0; k < l->ntaken; k++)
		if ((row[k / 64] >> (k % 64)) & 1)
			fn(l, l->taken[k], def, false, pos);
}

static void refs(struct lv *l, const struct ir_inst *in, uint32_t pos,
                 ref_fn fn)
{
	struct ir_prog *p = l->p;
	if (in->op == IR_OP_LABEL)
		return;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_REG)
			fn(l, o->v, false, false, pos);
		else if (o->kind == IR_O_IND) {
			fn(l, o->v, false, false, pos);
			indirect_refs(l, o->v, false, pos, s, fn);
		}
	}
	if (in->flag && in->pred)
		fn(l, in->flag, false, false, pos);
	if (in->desc_reg)
		fn(l, in->desc_reg, false, false, pos);
	if (in->flag && in->cmod && in->op != GEN_OP_SEL) {
		bool full = (!in->pred || (in->opts & IR_OPT_GUARD)) &&
		            in->choff == 0 &&
		            (uint32_t)in->exec >= p->vregs.a[in->flag].size * 8u;
		fn(l, in->flag, true, full, pos);
	}
	const struct ir_opnd *d = &in->dst;
	if (d->kind == IR_O_REG) {
		/* the fills of a spill temporary write it in pieces, all in
		 * the block that uses it: each counts as its definition */
		fn(l, d->v, true, full_write(p, in, d) ||
		   (p->vregs.a[d->v].flags & IR_V_BLOCK_LOCAL), pos);
	} else if (d->kind == IR_O_IND) {
		fn(l, d->v, false, false, pos);
		indirect_refs(l, d->v, true, pos, 3, fn);
	}
}

/* ---- blocks ------------------------------------------------------------ */

static bool ends_block(const struct ir_inst *in)
{
	return ir_is_branch(in->op) || (in->opts & GEN_OPT_EOT);
}

static void make_blocks(struct lv *l)
{
	struct ir_prog *p = l->p;
	l->bstart = ir_alloc(p, (l->ni + 2) * sizeof *l->bstart);
	l->blk_of = ir_alloc(p, (l->ni + 1) * sizeof *l->blk_of);
	l->nb = 0;
	for (uint32_t i = 0; i < l->ni; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (i == 0 || in->op == IR_OP_LABEL ||
		    ends_block(&p->insts.a[i - 1]))
			l->bstart[l->nb++] = i;
		l->blk_of[i] = l->nb - 1;
	}
	l->bstart[l->nb] = l->ni;
}

static void add_succ(struct lv *l, uint32_t b, uint32_t s)
{
	for (uint32_t k = 0; k < l->nsucc[b]; k++)
		if (l->succ[b * l->maxs + k] == s)
			return;
	if (l->nsucc[b] < l->maxs)
		l->succ[b * l->maxs + l->nsucc[b]++] = s;
}

static void make_edges(struct lv *l, const int32_t *lblk)
{
	struct ir_prog *p = l->p;
	uint32_t ncalls = 0;
	for (uint32_t i = 0; i < l->ni; i++)
		ncalls += p->insts.a[i].op == GEN_OP_CALL;
	l->maxs = 2 + ncalls;
	l->succ = ir_alloc(p, (size_t)l->nb * l->maxs * sizeof *l->succ);
	l->nsucc = ir_alloc(p, l->nb * sizeof *l->nsucc);
	for (uint32_t b = 0; b < l->nb; b++) {
		const struct ir_inst *last = &p->insts.a[l->bstart[b + 1] - 1];
		bool fall = b + 1 < l->nb;
		if (last->opts & GEN_OPT_EOT)
			fall = false;
		if (last->op == GEN_OP_JMPI && !last->pred)
			fall = false;
		bool stack = last->opts & IR_OPT_STACKCALL;
		if ((last->op == GEN_OP_JMPI || last->op == GEN_OP_GOTO ||
		     (last->op == GEN_OP_CALL && !stack) ||
		     last->op == GEN_OP_WHILE) &&
		    last->src[0].kind == IR_O_LABEL &&
		    lblk[last->src[0].v] >= 0)
			add_succ(l, b, (uint32_t)lblk[last->src[0].v]);
		if (last->op == GEN_OP_GOTO && last->uip >= 0 && lblk[last->uip] >= 0)
			add_succ(l, b, (uint32_t)lblk[last->uip]);
		if (last->op == GEN_OP_RET) {
			fall = false;
			for (uint32_t i = 0; i + 1 < l->ni && !stack; i++)
				if (p->insts.a[i].op == GEN_OP_CALL &&
				    !(p->insts.a[i].opts & IR_OPT_STACKCALL))
					add_succ(l, b, l->blk_of[i + 1]);
		}
		if (fall)
			add_succ(l, b, b + 1);
	}
}

/* ---- dataflow ---------------------------------------------------------- */

static void gen_kill(struct lv *l, uint32_t v, bool def, bool full,
                     uint32_t pos)
{
	(void)pos;
	word_t *g = row(l, l->gen, l->cur), *k = row(l, l->kill, l->cur);
	if (!def) {
		if (!btest(k, v))
			bset(g, v);
		return;
	}
	bset(row(l, l->mdef, l->cur), v);
	if (full)
		bset(k, v);
}

static void local_sets(struct lv *l)
{
	for (uint32_t b = 0; b < l->nb; b++) {
		l->cur = b;
		for (uint32_t i = l->bstart[b]; i < l->bstart[b + 1]; i++)
			refs(l, &l->p->insts.a[i], i, gen_kill);
	}
}

static void solve_live(struct lv *l)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = l->nb; b-- > 0;) {
			word_t *out = row(l, l->out, b), *in = row(l, l->in, b);
			for (uint32_t k = 0; k < l->nsucc[b]; k++) {
				const word_t *si = row(l, l->in, l->succ[b * l->maxs + k]);
				for (uint32_t w = 0; w < l->nw; w++)
					out[w] |= si[w];
			}
			const word_t *g = row(l, l->gen, b), *kl = row(l, l->kill, b);
			for (uint32_t w = 0; w < l->nw; w++) {
				word_t n = g[w] | (out[w] & ~kl[w]);
				if (n != in[w]) {
					in[w] = n;
					changed = true;
				}
			}
		}
	}
}

static void solve_maydef(struct lv *l)
{
	word_t *entry = row(l, l->mdin, 0);
	for (uint32_t v = 1; v < l->nv; v++)
		if (l->p->vregs.a[v].flags & IR_V_LIVE_IN)
			bset(entry, v);
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = 0; b < l->nb; b++) {
			word_t *mi = row(l, l->mdin, b), *mo = row(l, l->mdout, b);
			const word_t *d = row(l, l->mdef, b);
			for (uint32_t w = 0; w < l->nw; w++) {
				word_t n = mi[w] | d[w];
				if (n != mo[w]) {
					mo[w] = n;
					changed = true;
				}
			}
			for (uint32_t k = 0; k < l->nsucc[b]; k++) {
				word_t *si = row(l, l->mdin, l->succ[b * l->maxs + k]);
				for (uint32_t w = 0; w < l->nw; w++) {
					if ((si[w] | mo[w]) != si[w]) {
						si[w] |= mo[w];
						changed = true;
					}
				}
			}
		}
	}
}

/* ---- intervals --------------------------------------------------------- */

static void touch(struct ra_interval *iv, uint32_t v, int32_t pos)
{
	if (iv[v].start < 0 || pos < iv[v].start)
		iv[v].start = pos;
	if (pos > iv[v].end)
		iv[v].end = pos;
}

static void point(struct lv *l, uint32_t v, bool def, bool full, uint32_t pos)
{
	(void)def;
	(void)full;
	touch(l->iv, v, (int32_t)pos);
}

static void hulls(struct lv *l)
{
	for (uint32_t b = 0; b < l->nb; b++) {
		const word_t *in = row(l, l->in, b), *out = row(l, l->out, b);
		const word_t *mi = row(l, l->mdin, b), *mo = row(l, l->mdout, b);
		int32_t first = (int32_t)l->bstart[b], last = (int32_t)l->bstart[b + 1] - 1;
		for (uint32_t w = 0; w < l->nw; w++) {
			word_t a = in[w] & mi[w], z = out[w] & mo[w];
			for (word_t m = a | z; m; m &= m - 1) {
				uint32_t v = w * WBITS + (uint32_t)__builtin_ctzll(m);
				word_t bit = (word_t)1 << (v % WBITS);
				if (a & bit)
					touch(l->iv, v, first);
				if (z & bit)
					touch(l->iv, v, last);
			}
		}
		for (uint32_t i = l->bstart[b]; i < l->bstart[b + 1]; i++)
			refs(l, &l->p->insts.a[i], i, point);
	}
}

/* Values defined inside a loop and live after it cover the whole loop. */
static void extend_loops(struct lv *l, const int32_t *lpos)
{
	struct ir_prog *p = l->p;
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t i = 0; i < l->ni; i++) {
			const struct ir_inst *in = &p->insts.a[i];
			if (in->op != GEN_OP_JMPI && in->op != GEN_OP_GOTO &&
			    in->op != GEN_OP_WHILE)
				continue;
			int32_t t = in->op == GEN_OP_GOTO ? in->uip
			            : (int32_t)in->src[0].v;
			if (t < 0 || lpos[t] < 0 || lpos[t] > (int32_t)i)
				continue;
			int32_t h = lpos[t], e = (int32_t)i;
			for (uint32_t v = 1; v < l->nv; v++) {
				struct ra_interval *r = &l->iv[v];
				if (r->start > h && r->start <= e && r->end > e) {
					r->start = h;
					changed = true;
				}
			}
		}
	}
}

static void collect_taken(struct lv *l)
{
	struct ir_prog *p = l->p;
	l->taken = ir_alloc(p, l->nv * sizeof *l->taken);
	l->ntaken = 0;
	for (uint32_t v = 1; v < l->nv; v++)
		if (p->vregs.a[v].flags & IR_V_ADDR_TAKEN)
			l->taken[l->ntaken++] = v;
	l->targets = ra_addr_targets(p, l->taken, l->ntaken, &l->tw);
	l->local = ra_addr_local_bases(p);
}

struct ra_interval *ra_intervals(struct ir_prog *p)
{
	struct lv l = { .p = p, .nv = p->vregs.n, .ni = p->insts.n };
	l.nw = (l.nv + WBITS - 1) / WBITS;
	l.iv = ir_alloc(p, l.nv * sizeof *l.iv);
	for (uint32_t v = 0; v < l.nv; v++)
		l.iv[v] = (struct ra_interval){ -1, -1 };
	if (!l.ni)
		return l.iv;
	collect_taken(&l);
	make_blocks(&l);
	int32_t *lblk = ir_alloc(p, p->labels.n * sizeof *lblk);
	int32_t *lpos = ir_alloc(p, p->labels.n * sizeof *lpos);
	for (uint32_t k = 0; k < p->labels.n; k++)
		lblk[k] = lpos[k] = -1;
	for (uint32_t i = 0; i < l.ni; i++)
		if (p->insts.a[i].op == IR_OP_LABEL) {
			lblk[p->insts.a[i].src[0].v] = (int32_t)l.blk_of[i];
			lpos[p->insts.a[i].src[0].v] = (int32_t)i;
		}
	make_edges(&l, lblk);
	size_t sz = (size_t)l.nb * l.nw * sizeof(word_t);
	l.gen = ir_alloc(p, sz);
	l.kill = ir_alloc(p, sz);
	l.in = ir_alloc(p, sz);
	l.out = ir_alloc(p, sz);
	l.mdin = ir_alloc(p, sz);
	l.mdout = ir_alloc(p, sz);
	l.mdef = ir_alloc(p, sz);
	local_sets(&l);
	solve_live(&l);
	solve_maydef(&l);
	hulls(&l);
	extend_loops(&l, lpos);
	for (uint32_t v = 1; v < l.nv; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		if (r->flags & (IR_V_LIVE_IN | IR_V_GLOBAL))
			touch(l.iv, v, 0);
		if (r->flags & IR_V_GLOBAL)
			touch(l.iv, v, (int32_t)l.ni);
	}
	touch(l.iv, p->r0, 0);
	touch(l.iv, p->r0, (int32_t)l.ni);
	return l.iv;
}
