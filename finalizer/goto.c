/*
 * goto.c - SIMD control flow: vISA gotos to Gen goto/join or jmpi.
 *
 * Needs: the builder's IR (goto instructions with uip = target label).
 * Leaves: every goto followed by a label; uniform gotos that skip no join
 * turned into jmpi; a join (SIMD-width) at every label that channels may
 * wait at (targets of forward gotos, the fall-through of backward gotos);
 * JIP/UIP set; forward-goto predicates inverted where the platform's
 * goto jumps the channels whose predicate is false
 * (!caps.goto_jumps_on_true: Gen8, Gen9).
 *
 * Hardware rules (Gen9 EU ISA, goto/join; IGC visa/FlowGraph.cpp
 * processGoto for the facts): a forward goto disables the channels whose
 * predicate is *false* on SKL (so vISA's "(P) goto" becomes "(~P) goto",
 * an unpredicated one a goto on an all-zero flag) and parks them at UIP;
 * if no channel is left, execution continues at JIP, which must be a join
 * no later than the first join any channel may wait at.  A backward goto
 * becomes a while: it sends the channels whose predicate is true back to
 * its JIP (the loop head) and parks the others right after it, where a
 * join stands.  A join re-enables the channels parked at its
 * address and, if none is enabled then, continues at its own JIP, the
 * next join.  Waiting channels always sit at joins after the current
 * instruction, so "the nearest join after me" is always a correct JIP,
 * and a uniform goto may become jmpi when no join lies strictly between
 * it and its target, or when every goto parking channels at those joins
 * lies between the two as well and nothing there branches back before it
 * (no channel can be waiting there when the jump is taken).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"

struct gctx {
	struct ir_prog *p;
	int32_t *lpos;       /* position of each label instruction, -1 none */
	bool *is_join;       /* per label */
	bool *jmpi;          /* per instruction (gotos only) */
	int32_t *nj;         /* per instruction: the nearest join label
	                      * after it, -1 none (compute_joins) */
	int32_t *pmin, *pmax;/* per label: first and last goto parking
	                      * channels there (compute_joins) */
	uint32_t nl;         /* labels when the pass started */
};

static bool goto_uniform(const struct ir_inst *in)
{
	return in->exec == 1 || !in->flag;
}

static bool needs_label_after(const struct ir_inst *a, uint32_t n, uint32_t i)
{
	return (a[i].op == GEN_OP_GOTO || a[i].op == GEN_OP_JMPI) &&
	       (i + 1 == n || a[i + 1].op != IR_OP_LABEL);
}

/* Make every goto and jmpi the last instruction before a label (in
 * place, and not at all where none is missing: issue 12). */
static void split_after_branches(struct ir_prog *p, uint32_t missing)
{
	if (!missing)
		return;
	struct ir_insts_old old = ir_inplace_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		ir_inplace_next(p, i);
		bool label = needs_label_after(old.a, old.n, i);
		ir_emit_copy(p, &old.a[i]);
		if (label)
			ir_emit_label(p, ir_label_new(p, "_ft", IR_L_BLOCK));
	}
	ir_inplace_end(p);
}

static void label_positions(struct gctx *c)
{
	struct ir_prog *p = c->p;
	for (uint32_t l = 0; l < c->nl; l++)
		c->lpos[l] = -1;
	for (uint32_t i = 0; i < p->insts.n; i++)
		if (p->insts.a[i].op == IR_OP_LABEL)
			c->lpos[p->insts.a[i].src[0].v] = (int32_t)i;
}

static bool is_backward(const struct gctx *c, uint32_t i)
{
	return c->lpos[c->p->insts.a[i].uip] <= (int32_t)i;
}

/* Joins implied by the gotos that stay gotos. */
static void compute_joins(struct gctx *c)
{
	struct ir_prog *p = c->p;
	memset(c->is_join, 0, c->nl * sizeof *c->is_join);
	for (uint32_t l = 0; l < c->nl; l++) {
		c->pmin[l] = INT32_MAX;
		c->pmax[l] = -1;
	}
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op != GEN_OP_GOTO || c->jmpi[i])
			continue;
		uint32_t l = is_backward(c, i) ? p->insts.a[i + 1].src[0].v
		                               : (uint32_t)in->uip;
		c->is_join[l] = true;
		if ((int32_t)i < c->pmin[l])
			c->pmin[l] = (int32_t)i;
		c->pmax[l] = (int32_t)i;
	}
	/* one backward sweep instead of a search over all labels per
	 * question (quadratic in labels) */
	int32_t cur = -1;
	for (uint32_t i = p->insts.n; i-- > 0;) {
		c->nj[i] = cur;
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL && in->src[0].v < c->nl &&
		    c->is_join[in->src[0].v] && c->lpos[in->src[0].v] == (int32_t)i)
			cur = (int32_t)in->src[0].v;
	}
}

/* A join strictly between positions lo and hi. */
static bool join_between(const struct gctx *c, int32_t lo, int32_t hi)
{
	int32_t l = c->nj[lo];
	return l >= 0 && c->lpos[l] < hi;
}

/* Can a uniform jump from lo to hi skip the joins between them?  Yes
 * when every goto that parks channels at one of them lies between lo and
 * hi too, and nothing between them branches back to lo or before: then
 * no channel can be waiting at those joins when the jump is taken (the
 * gotos that would park them run after it).  GenX_IR makes such gotos
 * jmpi (skl p_scan.scan_hillis_steele: "(W) jmpi _0_012" over a
 * divergent if). */
static bool skips_own_joins(const struct gctx *c, int32_t lo, int32_t hi)
{
	const struct ir_prog *p = c->p;
	for (int32_t i = lo + 1; i < hi; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL) {
			uint32_t l = in->src[0].v;
			if (l < c->nl && c->is_join[l] &&
			    (c->pmin[l] <= lo || c->pmax[l] >= hi))
				return false;
			continue;
		}
		int32_t t = in->op == GEN_OP_GOTO ? in->uip
		            : in->op == GEN_OP_JMPI ? in->jip : -1;
		if (ir_is_branch(in->op) && in->op != GEN_OP_GOTO &&
		    in->op != GEN_OP_JMPI)
			return false;
		if (t >= 0 && c->lpos[t] <= lo)
			return false;
	}
	return true;
}

/* Uniform backward gotos always become jmpi; uniform forward ones when
 * they skip no join, or only joins of gotos they skip too (to a fixed
 * point: fewer gotos, fewer joins). */
static void choose_jmpi(struct gctx *c)
{
	struct ir_prog *p = c->p;
	for (uint32_t i = 0; i < p->insts.n; i++)
		if (p->insts.a[i].op == GEN_OP_GOTO)
			c->jmpi[i] = goto_uniform(&p->insts.a[i]) && is_backward(c, i);
	for (bool changed = true; changed;) {
		changed = false;
		compute_joins(c);
		for (uint32_t i = 0; i < p->insts.n; i++) {
			const struct ir_inst *in = &p->insts.a[i];
			if (in->op != GEN_OP_GOTO || c->jmpi[i] || !goto_uniform(in) ||
			    is_backward(c, i))
				continue;
			if (!join_between(c, (int32_t)i, c->lpos[in->uip]) ||
			    skips_own_joins(c, (int32_t)i, c->lpos[in->uip])) {
				c->jmpi[i] = true;
				changed = true;
			}
		}
	}
	compute_joins(c);
}

static int32_t next_join(const struct gctx *c, int32_t pos)
{
	return c->nj[pos];
}

static void to_jmpi(struct ir_inst *in)
{
	in->op = GEN_OP_JMPI;
	in->exec = 1;
	in->choff = 0;
	in->nomask = true;
	in->src[0] = ir_label_opnd((uint32_t)in->uip);
	in->nsrc = 1;
	in->jip = in->uip;
	in->uip = -1;
}

/* The join after label instruction 'in' (at i) where channels wait. */
static void emit_join(struct gctx *c, const struct ir_inst *in, uint32_t i)
{
	struct ir_prog *p = c->p;
	if (in->op != IR_OP_LABEL || !c->is_join[in->src[0].v])
		return;
	uint32_t loc = in->loc;
	int32_t nj = next_join(c, (int32_t)i);
	struct ir_inst *j = ir_emit(p, GEN_OP_JOIN, p->simd);
	j->loc = loc;
	j->jip = nj;
	if (nj < 0) {
		uint32_t after = ir_label_new(p, "_jn", IR_L_BLOCK);
		ir_last_emitted(p)->jip = (int32_t)after;
		ir_emit_label(p, after);
	}
}

/* Rewrite the gotos and insert the joins. */
static void rewrite(struct gctx *c)
{
	struct ir_prog *p = c->p;
	struct ir_insts_old old = ir_inplace_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		if (old.a[i].op != GEN_OP_GOTO) {
			/* unchanged: no copy of it (issue 12); slot i stays
			 * unwritten while the join after a label is emitted */
			ir_inplace_next(p, i);
			ir_emit_copy(p, &old.a[i]);
			emit_join(c, &old.a[i], i);
			continue;
		}
		struct ir_inst in = old.a[i];
		ir_inplace_next(p, i + 1);   /* 'in' is a copy */
		if (in.op == GEN_OP_GOTO && c->jmpi[i]) {
			to_jmpi(&in);
		} else if (in.op == GEN_OP_GOTO) {
			bool back = c->lpos[in.uip] <= (int32_t)i;
			if (in.exec == 1) {
				in.exec = (uint8_t)p->simd;
				in.choff = 0;
			}
			in.nomask = false;
			in.jip = next_join(c, (int32_t)i);
			if (back) {
				/* the loop back-edge: while sends the channels whose
				 * predicate is true back to JIP, the others wait after it */
				in.op = GEN_OP_WHILE;
				in.jip = in.uip;
				in.uip = -1;
				in.src[0] = ir_label_opnd((uint32_t)in.jip);
				in.nsrc = 1;
			} else if (p->plat->caps.goto_jumps_on_true) {
				/* the predicate already names the jumping channels */
			} else if (in.flag) {
				in.pinv = !in.pinv;
			} else {
				in.flag = ir_flag_new(p, in.exec + in.choff);
				struct ir_opnd f = ir_reg(in.flag, 0,
				                          ir_vreg(p, in.flag)->size > 2 ?
				                          GEN_TYPE_UD : GEN_TYPE_UW);
				f.rgn.hs = 1;
				ir_op1(p, GEN_OP_MOV, 1, true, f, ir_imm(0, (enum gen_type)f.type));
				in.pred = GEN_PRED_NORMAL;
				in.pinv = false;
			}
		}
		ir_emit_copy(p, &in);
	}
	ir_inplace_end(p);
}

bool ir_lower_goto(struct ir_prog *p);

bool ir_lower_goto(struct ir_prog *p)
{
	/* one walk: labels missing after branches, and whether there is a
	 * goto (splitting adds labels only) */
	uint32_t missing = 0;
	bool any = false;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		missing += needs_label_after(p->insts.a, p->insts.n, i);
		any |= p->insts.a[i].op == GEN_OP_GOTO;
	}
	split_after_branches(p, missing);
	/* without gotos there is nothing to check or rewrite (issue 12: a
	 * straight kernel paid the label and join tables here) */
	if (!any)
		return true;
	struct gctx c = { .p = p, .nl = p->labels.n };
	c.lpos = ir_alloc(p, p->labels.n * sizeof *c.lpos);
	c.is_join = ir_alloc(p, p->labels.n * sizeof *c.is_join);
	c.jmpi = ir_alloc(p, p->insts.n * sizeof *c.jmpi);
	c.nj = ir_alloc(p, (p->insts.n + 1) * sizeof *c.nj);
	c.pmin = ir_alloc(p, (p->labels.n + 1) * sizeof *c.pmin);
	c.pmax = ir_alloc(p, (p->labels.n + 1) * sizeof *c.pmax);
	label_positions(&c);
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == GEN_OP_GOTO && (in->uip < 0 || c.lpos[in->uip] < 0))
			return ir_bad_input(p, "goto to an undefined label");
	}
	choose_jmpi(&c);
	rewrite(&c);
	return true;
}
