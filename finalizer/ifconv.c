/*
 * ifconv.c - short SIMD branches become predicated instructions.
 *
 * Three shapes of vISA gotos around a few plain instructions, where P is
 * the goto's predicate (its channels jump):
 *
 *   triangle:   (P) goto L; A; L:                  ->  (~P) A
 *   diamond:    (P) goto E; A; goto X; E: B; X:    ->  (~P) A; (P) B
 *   two exits:  (P) goto E; A; goto X; E: B; goto X
 *                                                 ->  (~P) A; (P) B; goto X
 *
 * Each goto costs a goto (an unconditional one also a mov of an all-zero
 * flag) and each target a join (goto.c), so a triangle saves two
 * instructions and the others four or five.  GenX_IR does the same to
 * such branches (e.g. opcode_switch: "(~f1.0) math.iqot; (f1.0) mov").
 *
 * Why it is the same program: a channel runs an instruction of A (B)
 * exactly when it is enabled at the goto and P is false (true) for it,
 * which is what the predicate (~P) ((P)) selects (flag bit i for channel
 * i, as the goto reads it); the instructions run in the same order (A
 * before B: the goto parks B's channels until A's have gone on), and an
 * instruction whose channels are all off changes nothing.  So A and B
 * may hold only instructions whose every effect is per enabled channel:
 * masked (not NoMask), unpredicated, no condition modifier or flag
 * operand (P stays unchanged across them), no send, branch or label
 * that something else jumps to, channels inside the goto's.  At most
 * MAX_ARM instructions per arm: longer arms are cheaper jumped over.
 * Labels left without a branch to them are dropped (longer blocks for
 * the local passes that follow).
 *
 * Runs on the builder's IR, before goto.c (gotos still carry their vISA
 * meaning: predicate true = jump, target in uip).
 * Invalidates: instruction indices, label positions.
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"

bool ir_ifconv(struct ir_prog *p);

#define MAX_ARM 4

struct ic_ctx {
	struct ir_prog *p;
	uint32_t *refs;    /* per label: branches naming it */
	bool *dead;        /* per instruction */
};

static void count_label(uint32_t *refs, uint32_t nl, int64_t l)
{
	if (l >= 0 && l < nl)
		refs[l]++;
}

static void count_refs(struct ic_ctx *c)
{
	struct ir_prog *p = c->p;
	uint32_t nl = p->labels.n;
	memset(c->refs, 0, nl * sizeof *c->refs);
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL)
			continue;
		count_label(c->refs, nl, in->jip);
		count_label(c->refs, nl, in->uip);
		for (unsigned s = 0; s < in->nsrc; s++)
			if (in->src[s].kind == IR_O_LABEL &&
			    in->src[s].v != (uint32_t)in->jip)
				count_label(c->refs, nl, in->src[s].v);
		if (in->dst.kind == IR_O_LABEL)
			count_label(c->refs, nl, in->dst.v);
	}
}

static bool is_label(const struct ir_inst *in)
{
	return in->op == IR_OP_LABEL;
}

/* A label only fall-through reaches (nothing branches to it). */
static bool free_label(const struct ic_ctx *c, const struct ir_inst *in)
{
	uint32_t l = in->src[0].v;
	return c->p->labels.a[l].kind == IR_L_BLOCK && c->refs[l] == 0;
}

static bool plain_goto(const struct ir_inst *in)
{
	return in->op == GEN_OP_GOTO && !in->flag && !in->pred && in->uip >= 0;
}

/* An instruction every effect of which is per enabled channel, inside
 * channels [0, n). */
static bool convertible(const struct ir_prog *p, const struct ir_inst *in,
                        unsigned n)
{
	if (in->op >= GEN_OP_COUNT || in->pred || in->flag || in->cmod ||
	    in->nomask || ir_is_send(in->op) || ir_is_branch(in->op) ||
	    in->op == GEN_OP_NOP || in->op == GEN_OP_WAIT || in->reloc ||
	    in->desc_reg || (in->opts & ~0u) || in->choff + in->exec > n)
		return false;
	const struct ir_opnd *ops[4] = { &in->dst, &in->src[0], &in->src[1],
	                                 &in->src[2] };
	for (unsigned k = 0; k <= in->nsrc && k < 4; k++) {
		const struct ir_opnd *o = ops[k];
		if (o->kind == IR_O_ARF || o->kind == IR_O_LABEL)
			return false;
		if ((o->kind == IR_O_REG || o->kind == IR_O_IND) &&
		    p->vregs.a[o->v].file != IR_RF_GRF)
			return false;
	}
	return true;
}

/* The arm starting at i (after an optional free label): up to MAX_ARM
 * convertible instructions; returns the index after it, or UINT32_MAX. */
static uint32_t arm_end(const struct ic_ctx *c, uint32_t i, unsigned n)
{
	const struct ir_prog *p = c->p;
	const struct ir_inst *a = p->insts.a;
	if (i < p->insts.n && is_label(&a[i]) && free_label(c, &a[i]))
		i++;
	unsigned k = 0;
	for (; i < p->insts.n; i++) {
		if (c->dead[i])
			continue;
		if (is_label(&a[i]) || ir_is_branch(a[i].op))
			break;
		if (++k > MAX_ARM || !convertible(p, &a[i], n))
			return UINT32_MAX;
	}
	return i < p->insts.n ? i : UINT32_MAX;
}

/* The label instruction of label l at position i? */
static bool label_at(const struct ir_inst *a, uint32_t i, int32_t l)
{
	return is_label(&a[i]) && (int32_t)a[i].src[0].v == l;
}

static void predicate(struct ic_ctx *c, uint32_t from, uint32_t to,
                      const struct ir_inst *g, bool inv)
{
	struct ir_inst *a = c->p->insts.a;
	for (uint32_t i = from; i < to; i++) {
		if (c->dead[i])
			continue;
		if (is_label(&a[i])) {
			if (free_label(c, &a[i]))
				c->dead[i] = true;
			continue;
		}
		a[i].flag = g->flag;
		a[i].flag_off = g->flag_off;
		a[i].pred = GEN_PRED_NORMAL;
		a[i].pinv = inv ? !g->pinv : g->pinv;
	}
}

static void drop(struct ic_ctx *c, uint32_t i)
{
	const struct ir_inst *in = &c->p->insts.a[i];
	if (in->op == GEN_OP_GOTO)
		c->refs[in->uip]--;
	c->dead[i] = true;
}

static bool convert(struct ic_ctx *c, uint32_t i)
{
	struct ir_prog *p = c->p;
	struct ir_inst *a = p->insts.a, *g = &a[i];
	if (g->op != GEN_OP_GOTO || !g->flag || g->pred != GEN_PRED_NORMAL ||
	    g->nomask || g->choff || g->exec < 2 || g->uip < 0)
		return false;
	uint32_t ea = arm_end(c, i + 1, g->exec);
	if (ea == UINT32_MAX)
		return false;
	if (label_at(a, ea, g->uip)) {
		/* triangle: A falls through to the target */
		drop(c, i);
		predicate(c, i + 1, ea, g, true);
		if (free_label(c, &a[ea]))
			c->dead[ea] = true;
		return true;
	}
	/* diamond: A ends in an unconditional goto X, E follows */
	if (!plain_goto(&a[ea]) || ea + 1 >= p->insts.n ||
	    !label_at(a, ea + 1, g->uip) || c->refs[g->uip] != 1)
		return false;
	int32_t x = a[ea].uip;
	uint32_t eb = arm_end(c, ea + 2, g->exec);
	if (eb == UINT32_MAX || x == g->uip)
		return false;
	bool falls = label_at(a, eb, x);
	bool jumps = plain_goto(&a[eb]) && a[eb].uip == x &&
	             a[eb].exec == a[ea].exec;
	if (!falls && !jumps)
		return false;
	drop(c, i);
	drop(c, ea);
	predicate(c, i + 1, ea, g, true);
	c->dead[ea + 1] = true;            /* E: only the goto named it */
	predicate(c, ea + 2, eb, g, false);
	if (falls && free_label(c, &a[eb]))
		c->dead[eb] = true;
	return true;
}

bool ir_ifconv(struct ir_prog *p)
{
	/* only gotos are converted: a kernel without them skips the label
	 * counts (issue 12) */
	bool gotos = false;
	for (uint32_t i = 0; i < p->insts.n && !gotos; i++)
		gotos = p->insts.a[i].op == GEN_OP_GOTO;
	if (!gotos)
		return true;
	struct ic_ctx c = { p, NULL, NULL };
	c.refs = ir_alloc(p, (p->labels.n + 1) * sizeof *c.refs);
	c.dead = ir_alloc(p, p->insts.n + 1);   /* zeroed */
	count_refs(&c);
	bool any = false;
	/* innermost first: a converted branch can make its enclosing arm
	 * plain */
	for (uint32_t i = p->insts.n; i-- > 0;)
		if (!c.dead[i])
			any |= convert(&c, i);
	if (!any)
		return true;
	ir_drop_marked(p, c.dead);
	return true;
}
