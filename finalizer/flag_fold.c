/*
 * flag_fold.c - fewer instructions around predicates.
 *
 * 1. A compare of a value with zero folds into the instruction that
 *    computed the value:
 *        and t = x, 1            and.eq F t = x, 1   (F null dst when
 *        cmp.eq F null = t, 0    ->                   nothing else reads t)
 *    The conditional modifier of an ALU instruction tests its final
 *    result, after saturation and conversion to the destination type
 *    (SKL PRM Vol 7 "Assigning Conditional Flags", post_zero; gensim's
 *    sim_alu.c result_cond re-reads the stored value), so for .eq/.ne on
 *    an integer destination of the compare's size it equals the compare.
 *    .eq/.ne (sign and overflow never matter for "is zero") from
 *    instructions legalize keeps as one instruction (and, or, xor, not,
 *    shl, shr, asr, add); .gt/.ge/.lt/.le only from an add whose signed
 *    destination type the compare reads (IGC's skl binaries:
 *    "add (8|M0) (lt)f0.0 r19.0<1>:q ...", GenX_IR on p_stencil.jacobi5:
 *    "add (8|M0) (gt)f1.0 r124.0<1>:d ..."); same execution size,
 *    channel offset and mask.
 *    The destination becomes null only for and/or/xor/not on same-size
 *    operands (whose result never needs wrapping) when t has no other
 *    reader.
 *
 * 2. Predicate logic folds into the compare of its later operand:
 *        cmp.c1 F = ...          cmp.c1 D = ...
 *        cmp.c2 S = ...     ->   (D)  cmp.c2 D = ...   (and)
 *        and D = F, S            (~D) cmp.c2 D = ...   (or)
 *    A predicated compare updates the flag bits of the channels it runs
 *    (enabled and predicate true) and leaves the others (PRM "Assigning
 *    Conditional Flags": flags of disabled channels are not updated;
 *    gensim writeback()), so after it D = F and c2 (F false keeps 0) or
 *    D = F or c2 (F true keeps 1).  This is how GenX_IR writes vISA
 *    "and/or P P P" after two compares; chains (cmp; cmp; or; cmp; or;
 *    ...) become one flag written by a run of predicated compares.
 *    Builder's predicate logic is a NoMask scalar op on the flag bits
 *    (build_alu.c flag_logic), which legalize turns into a mov of one flag
 *    to a GRF plus the op: three instructions fewer per fold.
 *    Conditions (all in one basic block): S is written last, by an
 *    unpredicated masked instruction with a condition modifier and a null
 *    destination, with no reference to F, S or D between it and the op;
 *    S has no other reference in the program (or is D).  Unless F is D,
 *    F is renamed to D from its first reference in the block, which must
 *    be an unpredicated write, and every reference of F in the program
 *    lies between there and the op; D (if neither F nor S) and S (if D)
 *    are not referenced in that stretch.  Channels that do not run keep
 *    D's earlier bits, which is vISA's meaning of a masked "and (M1, n)"
 *    of predicates (the NoMask op wrote F and S's stale bits there).
 *
 * Runs on virtual registers after send_join, before legalize.
 * Needs: goto lowered (blocks end at branches and labels).
 * Invalidates: instruction indices (folded instructions are removed).
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"
#include "opnd_count.h"

bool ir_flag_fold(struct ir_prog *p);

struct ff_ctx {
	struct ir_prog *p;
	uint32_t *reads;  /* per vreg: reading operand occurrences */
	bool *dead;       /* per instruction: folded away */
};

static void count_opnd(void *ctx, const struct ir_inst *in,
                       const struct ir_opnd *o, bool def)
{
	(void)in;
	struct ff_ctx *c = ctx;
	if (!def)
		c->reads[o->v]++;
}

static void uncount_opnd(void *ctx, const struct ir_inst *in,
                         const struct ir_opnd *o, bool def)
{
	(void)in;
	struct ff_ctx *c = ctx;
	if (!def)
		c->reads[o->v]--;
}

static bool block_end(const struct ir_inst *in)
{
	return in->op == IR_OP_LABEL || ir_is_branch(in->op);
}

static bool is_int(enum gen_type t)
{
	return t <= GEN_TYPE_Q;
}

static bool is_null(const struct ir_opnd *o)
{
	return o->kind == IR_O_ARF && o->rn == GEN_RN_NULL;
}

static bool flag_opnd(const struct ir_prog *p, const struct ir_opnd *o)
{
	return o->kind == IR_O_REG && !o->mods &&
	       p->vregs.a[o->v].file == IR_RF_FLAG;
}

static bool plain_grf(const struct ir_prog *p, uint32_t v)
{
	const struct ir_vreg *r = &p->vregs.a[v];
	return r->file == IR_RF_GRF && r->pin < 0 &&
	       !(r->flags & (IR_V_PINNED | IR_V_LIVE_IN | IR_V_GLOBAL |
	                     IR_V_ADDR_TAKEN | IR_V_SPILLED));
}

/* ---- 2. predicate logic into a predicated compare --------------------- */

/* Flag bits [lo, hi) of one flag register. */
struct bits {
	unsigned lo, hi;
};

/* The flag bits instruction x touches in flag register v: 'n' references
 * overlap r, 'out' when one of those also reaches outside r. */
struct touch {
	unsigned n;
	bool out;
};

static void touch_range(struct touch *t, struct bits b, struct bits r)
{
	if (b.hi <= r.lo || b.lo >= r.hi)
		return;
	t->n++;
	if (b.lo < r.lo || b.hi > r.hi)
		t->out = true;
}

/* Bits a predicate or condition modifier of x covers: its channels (a
 * horizontal any/all predicate reads whole groups: the whole flag). */
static struct bits chan_bits(const struct ir_inst *x)
{
	if (x->pred > GEN_PRED_NORMAL)
		return (struct bits){ 0, 64 };
	unsigned lo = 8u * x->flag_off + x->choff;
	return (struct bits){ lo, lo + x->exec };
}

static struct bits opnd_bits(const struct ir_inst *x, const struct ir_opnd *o)
{
	if (x->exec != 1)
		return (struct bits){ 0, 64 };
	unsigned lo = 8u * (unsigned)o->off;
	return (struct bits){ lo, lo + 8u * gen_type_size((enum gen_type)o->type) };
}

static struct touch touches(const struct ir_inst *x, uint32_t v, struct bits r)
{
	struct touch t = { 0, false };
	if (x->op == IR_OP_LABEL)
		return t;
	if (x->flag == v && (x->pred || (x->cmod && x->op != GEN_OP_SEL)))
		touch_range(&t, chan_bits(x), r);
	if (x->dst.kind == IR_O_REG && x->dst.v == v)
		touch_range(&t, opnd_bits(x, &x->dst), r);
	for (unsigned s = 0; s < x->nsrc; s++)
		if (x->src[s].kind == IR_O_REG && x->src[s].v == v)
			touch_range(&t, opnd_bits(x, &x->src[s]), r);
	return t;
}

/* References of v overlapping r in the whole program (live code). */
static unsigned prog_touches(const struct ff_ctx *c, uint32_t v, struct bits r)
{
	unsigned n = 0;
	for (uint32_t i = 0; i < c->p->insts.n; i++)
		if (!c->dead[i])
			n += touches(&c->p->insts.a[i], v, r).n;
	return n;
}

/* ---- 1. compare with zero into the producer -------------------------- */

/* An integer zero, or +0.0f. */
static bool zero_imm(const struct ir_opnd *o)
{
	if (o->kind != IR_O_IMM)
		return false;
	if (o->type == GEN_TYPE_F)
		return (o->imm & 0xFFFFFFFFu) == 0;
	return is_int((enum gen_type)o->type) &&
	       (o->imm & ((2ull << (8 * gen_type_size((enum gen_type)o->type) - 1)) - 1)) == 0;
}

static bool producer_op(unsigned op, bool *wraps)
{
	switch (op) {
	case GEN_OP_AND: case GEN_OP_OR: case GEN_OP_XOR: case GEN_OP_NOT:
		*wraps = false;
		return true;
	case GEN_OP_SHL: case GEN_OP_SHR: case GEN_OP_ASR: case GEN_OP_ADD:
		*wraps = true;
		return true;
	default:
		return false;
	}
}

/* Does the cmp at k read, channel for channel, exactly what p wrote? */
static bool same_elems(const struct ir_inst *pr, const struct ir_inst *k)
{
	const struct ir_opnd *d = &pr->dst, *s = &k->src[0];
	for (unsigned i = 0; i < k->exec; i++)
		if (s->off + ir_elem_off(s, i, false) !=
		    d->off + ir_elem_off(d, i, true))
			return false;
	return true;
}

static bool fold_cmp(struct ff_ctx *c, uint32_t k)
{
	struct ir_prog *p = c->p;
	struct ir_inst *a = p->insts.a, *in = &a[k];
	bool rel = in->cmod == GEN_CMOD_GT || in->cmod == GEN_CMOD_GE ||
	           in->cmod == GEN_CMOD_LT || in->cmod == GEN_CMOD_LE;
	if (in->op != GEN_OP_CMP || in->pred || in->sat || in->opts ||
	    (in->cmod != GEN_CMOD_EQ && in->cmod != GEN_CMOD_NE && !rel) ||
	    !is_null(&in->dst) || in->src[0].kind != IR_O_REG ||
	    in->src[0].mods || in->src[0].mme || !zero_imm(&in->src[1]) ||
	    (!is_int((enum gen_type)in->src[0].type) &&
	     in->src[0].type != GEN_TYPE_F) ||
	    in->src[1].type != in->src[0].type ||
	    !plain_grf(p, in->src[0].v))
		return false;
	bool fl = in->src[0].type == GEN_TYPE_F;
	uint32_t t = in->src[0].v, f = in->flag;
	uint32_t j = k;
	while (j-- > 0) {
		const struct ir_inst *x = &a[j];
		if (block_end(x))
			return false;
		if (c->dead[j])
			continue;
		if (touches(x, f, chan_bits(in)).n)
			return false;
		if (x->dst.kind == IR_O_IND)
			return false;
		if (x->dst.kind == IR_O_REG && x->dst.v == t)
			break;
	}
	if (j == UINT32_MAX)
		return false;
	struct ir_inst *pr = &a[j];
	bool wraps;
	/* a float result: an add or mul of floats compared with +0.0 as
	 * itself (IGC's skl binaries: "mul (16|M0) (lt)f1.0 r119.0<1>:f
	 * r11.0<8;8,1>:f r5.3<0;1,0>:f"); the condition compares the result
	 * with zero, NaN unordered, as cmp does (gensim compare()) */
	if (fl && (j == UINT32_MAX || (a[j].op != GEN_OP_ADD &&
	                               a[j].op != GEN_OP_MUL) ||
	           a[j].dst.type != GEN_TYPE_F || a[j].sat || a[j].pred ||
	           a[j].cmod || a[j].flag || a[j].opts || a[j].exec != in->exec ||
	           a[j].choff != in->choff || a[j].nomask != in->nomask ||
	           a[j].dst.mods || !same_elems(&a[j], in)))
		return false;
	if (fl) {
		pr->flag = f;
		pr->flag_off = in->flag_off;
		pr->cmod = in->cmod;
		c->dead[k] = true;
		return true;
	}
	if (!producer_op(pr->op, &wraps) || pr->pred || pr->cmod || pr->flag ||
	    pr->sat || pr->opts || pr->reloc || pr->exec != in->exec ||
	    pr->choff != in->choff || pr->nomask != in->nomask ||
	    pr->dst.mods || pr->dst.mme ||
	    !is_int((enum gen_type)pr->dst.type) ||
	    gen_type_size((enum gen_type)pr->dst.type) !=
	    gen_type_size((enum gen_type)in->src[0].type) ||
	    !same_elems(pr, in))
		return false;
	/* a sign test: only of an add's signed result read as its own type */
	if (rel && (pr->op != GEN_OP_ADD || pr->dst.type != in->src[0].type ||
	            (pr->dst.type != GEN_TYPE_D && pr->dst.type != GEN_TYPE_W &&
	             pr->dst.type != GEN_TYPE_Q)))
		return false;
	bool same_size = true;
	for (unsigned s = 0; s < pr->nsrc; s++) {
		const struct ir_opnd *o = &pr->src[s];
		if (o->mme || (o->kind == IR_O_REG &&
		               p->vregs.a[o->v].file != IR_RF_GRF))
			return false;
		if (!is_int((enum gen_type)o->type) ||
		    gen_type_size((enum gen_type)o->type) !=
		    gen_type_size((enum gen_type)pr->dst.type))
			same_size = false;
	}
	if (!c->reads) {
		/* counted at the first fold (issue 12: most kernels have
		 * none): nothing has changed yet, so as if counted first */
		c->reads = ir_alloc(p, p->vregs.n * sizeof(uint32_t));
		for (uint32_t i = 0; i < p->insts.n; i++)
			fin_count_reads(&p->insts.a[i], c->reads);
	}
	ir_for_each_opnd(pr, uncount_opnd, c);
	ir_for_each_opnd(in, uncount_opnd, c);
	pr->flag = f;
	pr->flag_off = in->flag_off;
	pr->cmod = in->cmod;
	if (!wraps && same_size && c->reads[t] == 0)
		pr->dst = ir_null((enum gen_type)pr->dst.type);
	ir_for_each_opnd(pr, count_opnd, c);
	c->dead[k] = true;
	return true;
}

/* An unpredicated masked write of a flag by a condition modifier with no
 * other effect (null destination) and no flag source. */
static bool flag_only_def(const struct ir_prog *p, const struct ir_inst *x)
{
	if (!x->cmod || x->pred || x->nomask || x->sat ||
	    x->op == GEN_OP_SEL || x->op == GEN_OP_CSEL ||
	    !is_null(&x->dst) || ir_is_send(x->op) || x->op == GEN_OP_MATH ||
	    x->cmod == GEN_CMOD_OV || x->cmod == GEN_CMOD_EO)
		return false;
	for (unsigned s = 0; s < x->nsrc; s++)
		if (x->src[s].kind == IR_O_REG &&
		    p->vregs.a[x->src[s].v].file == IR_RF_FLAG)
			return false;
	return true;
}

struct read_q {
	uint32_t v;
	bool hit;
};

static void read_one(void *ctx, const struct ir_inst *in,
                     const struct ir_opnd *o, bool def)
{
	(void)in;
	struct read_q *q = ctx;
	if (!def && o->v == q->v)
		q->hit = true;
}

/* x writes flag f's bits b (at least) without reading f: an unpredicated
 * condition modifier over those channels, or an unpredicated scalar
 * write of the flag operand (predicate logic, setp). */
static bool full_def(const struct ir_inst *x, uint32_t f, struct bits b)
{
	struct read_q q = { f, false };
	ir_for_each_opnd(x, read_one, &q);
	if (q.hit || x->pred || x->op == GEN_OP_SEL || x->op == GEN_OP_CSEL)
		return false;
	if (x->flag == f && x->cmod) {
		struct bits w = chan_bits(x);
		return w.lo <= b.lo && w.hi >= b.hi;
	}
	if (x->dst.kind == IR_O_REG && x->dst.v == f && x->nomask) {
		struct bits w = opnd_bits(x, &x->dst);
		return w.lo <= b.lo && w.hi >= b.hi;
	}
	return false;
}

static void rename_flag(struct ir_inst *x, uint32_t from, uint32_t to)
{
	if (x->flag == from)
		x->flag = to;
	if (x->dst.kind == IR_O_REG && x->dst.v == from)
		x->dst.v = to;
	for (unsigned s = 0; s < x->nsrc; s++)
		if (x->src[s].kind == IR_O_REG && x->src[s].v == from)
			x->src[s].v = to;
}

static bool fold_logic(struct ff_ctx *c, uint32_t k)
{
	struct ir_prog *p = c->p;
	struct ir_inst *a = p->insts.a, *in = &a[k];
	if ((in->op != GEN_OP_AND && in->op != GEN_OP_OR) || in->nsrc != 2 ||
	    in->exec != 1 || !in->nomask || in->pred || in->cmod || in->sat ||
	    in->flag || !flag_opnd(p, &in->dst) ||
	    !flag_opnd(p, &in->src[0]) || !flag_opnd(p, &in->src[1]) ||
	    in->src[0].off != in->dst.off || in->src[1].off != in->dst.off ||
	    in->src[0].type != in->dst.type || in->src[1].type != in->dst.type)
		return false;
	uint32_t d = in->dst.v, x0 = in->src[0].v, x1 = in->src[1].v;
	if (x0 == x1)
		return false;
	struct bits r = opnd_bits(in, &in->dst);
	/* the nearest reference of any of the three: S's definition */
	uint32_t j = k;
	while (j-- > 0) {
		if (block_end(&a[j]))
			return false;
		if (!c->dead[j] && (touches(&a[j], x0, r).n ||
		                    touches(&a[j], x1, r).n ||
		                    touches(&a[j], d, r).n))
			break;
	}
	if (j == UINT32_MAX)
		return false;
	struct ir_inst *sd = &a[j];
	if (!flag_only_def(p, sd) || (sd->flag != x0 && sd->flag != x1))
		return false;
	uint32_t s = sd->flag, f = s == x0 ? x1 : x0;
	struct bits sb = chan_bits(sd);
	struct touch st = touches(sd, s, r);
	if (st.n != 1 || st.out || touches(sd, f, r).n || touches(sd, d, r).n > 1)
		return false;
	if (s != d && prog_touches(c, s, r) != 2)
		return false;
	if (f != d) {
		/* F's stretch: from its first reference in the block */
		uint32_t ws = UINT32_MAX, nf = 0;
		for (uint32_t i = j; i-- > 0;) {
			if (block_end(&a[i]))
				break;
			if (c->dead[i])
				continue;
			struct touch t = touches(&a[i], f, r);
			if (t.out)
				return false;
			if (t.n) {
				ws = i;
				nf += t.n;
			}
		}
		if (ws == UINT32_MAX || !full_def(&a[ws], f, sb) ||
		    nf + 1 != prog_touches(c, f, r))
			return false;
		for (uint32_t i = ws; i < j; i++)
			if (!c->dead[i] && touches(&a[i], d, r).n)
				return false;
		for (uint32_t i = ws; i < j; i++)
			if (!c->dead[i] && touches(&a[i], f, r).n)
				rename_flag(&a[i], f, d);
	}
	sd->flag = d;
	sd->pred = GEN_PRED_NORMAL;
	sd->pinv = in->op == GEN_OP_OR;
	c->dead[k] = true;
	return true;
}

/* ---- 3. a move under a constant predicate into smov ------------------ */

/* (P) mov (n) d = s where P's bits came from a NoMask immediate move in
 * the same block ("setp P imm", an element store of a private array):
 * smov (n) d = s, mask writes the same channels (enabled and mask bit
 * set; gensim write_mask) without the flag.  GenX_IR writes these
 * stores this way (skl p_private.private_stack_sort: "smov (16|M0)
 * r[a0.0]<1>:d r81.0<0;1,0>:d 0x1:uw").  Dword moves only, register
 * source, no conversion; the immediate move goes when nothing else
 * reads the flag. */
static bool fold_smov(struct ff_ctx *c, uint32_t k)
{
	struct ir_prog *p = c->p;
	struct ir_inst *a = p->insts.a, *in = &a[k];
	if (in->op != GEN_OP_MOV || in->pred != GEN_PRED_NORMAL ||
	    in->nomask || in->cmod || in->sat || in->opts || in->nsrc != 1 ||
	    in->exec > 16 || in->exec < 2 ||
	    gen_op_table[GEN_OP_SMOV].hw[p->plat->enc] < 0 ||
	    (in->dst.type != GEN_TYPE_D && in->dst.type != GEN_TYPE_UD) ||
	    in->src[0].type != in->dst.type || in->src[0].kind != IR_O_REG ||
	    in->src[0].mods || in->dst.mods ||
	    (in->dst.kind != IR_O_REG && in->dst.kind != IR_O_IND))
		return false;
	struct bits r = chan_bits(in);
	uint32_t f = in->flag;
	uint32_t j = k;
	while (j-- > 0) {
		if (block_end(&a[j]))
			return false;
		if (!c->dead[j] && touches(&a[j], f, r).n)
			break;
	}
	if (j == UINT32_MAX)
		return false;
	const struct ir_inst *m = &a[j];
	if (m->op != GEN_OP_MOV || m->pred || !m->nomask || m->exec != 1 ||
	    m->dst.kind != IR_O_REG || m->dst.v != f || m->dst.mods ||
	    m->src[0].kind != IR_O_IMM)
		return false;
	struct bits w = opnd_bits(m, &m->dst);
	if (w.lo > r.lo || w.hi < r.hi)
		return false;
	uint64_t bits = m->src[0].imm << (8 * m->dst.off);
	if (in->pinv)
		bits = ~bits;
	unsigned lo = 8u * in->flag_off + in->choff;
	uint32_t mask = (uint32_t)(bits >> lo) & ((1u << in->exec) - 1);
	in->op = GEN_OP_SMOV;
	in->nsrc = 2;
	in->src[1] = ir_imm(mask, GEN_TYPE_UW);
	in->pred = GEN_PRED_NONE;
	in->pinv = false;
	in->flag = 0;
	in->flag_off = 0;
	if (prog_touches(c, f, (struct bits){ 0, 64 }) == 1)
		c->dead[j] = true;   /* nothing else reads the immediate */
	return true;
}

/* The instructions each fold could start from, found in one walk
 * (issue 12: a walk per fold over 176-byte instructions, and the read
 * counts of every register, for kernels where nothing folds).  Each
 * list holds, in program order, every instruction whose own fields
 * pass the first test of its fold; no fold changes those fields of an
 * instruction of another list (fold_cmp rewrites a producer, never a
 * cmp, and gives it a condition modifier, which fold_logic refuses;
 * fold_logic gives a null-destination compare a predicate and renames
 * flags; fold_smov rewrites its own mov), so the folds see exactly the
 * instructions the walks over all of them would. */
struct ff_lists {
	uint32_t *cmp, *logic, *smov;
	uint32_t ncmp, nlogic, nsmov;
};

static void find_candidates(struct ir_prog *p, struct ff_lists *l)
{
	uint32_t n = p->insts.n;
	l->cmp = l->logic = l->smov = NULL;
	l->ncmp = l->nlogic = l->nsmov = 0;
	uint32_t *at = NULL;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		unsigned k;
		if (in->op == GEN_OP_CMP)
			k = 0;
		else if ((in->op == GEN_OP_AND || in->op == GEN_OP_OR) &&
		         in->exec == 1 && in->nomask)
			k = 1;
		else if (in->op == GEN_OP_MOV && in->pred == GEN_PRED_NORMAL)
			k = 2;
		else
			continue;
		if (!at) {   /* three lists of at most n - i each */
			at = ir_alloc_raw(p, 3 * (size_t)(n - i) * sizeof *at);
			l->cmp = at;
			l->logic = at + (n - i);
			l->smov = at + 2 * (size_t)(n - i);
		}
		if (k == 0)
			l->cmp[l->ncmp++] = i;
		else if (k == 1)
			l->logic[l->nlogic++] = i;
		else
			l->smov[l->nsmov++] = i;
	}
}

bool ir_flag_fold(struct ir_prog *p)
{
	struct ff_ctx c = { p, NULL, NULL };
	struct ff_lists l;
	find_candidates(p, &l);
	if (!l.ncmp && !l.nlogic && !l.nsmov)
		return true;
	/* ir_alloc zeroes */
	c.dead = ir_alloc(p, p->insts.n + 1);
	bool any = false;
	for (uint32_t k = 0; k < l.ncmp; k++)
		any |= fold_cmp(&c, l.cmp[k]);
	for (uint32_t k = 0; k < l.nlogic; k++)
		any |= fold_logic(&c, l.logic[k]);
	for (uint32_t k = 0; k < l.nsmov; k++)
		if (!c.dead[l.smov[k]])
			any |= fold_smov(&c, l.smov[k]);
	if (!any)
		return true;
	ir_drop_marked(p, c.dead);
	return true;
}
