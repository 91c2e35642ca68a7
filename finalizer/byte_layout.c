/*
 * byte_layout.c - lay out byte and word temporaries with the stride
 * their writers need.
 *
 * A byte destination of an instruction that computes in words (any ALU
 * operation on byte sources: bytes execute as words) must be written
 * with a horizontal stride of 2, one that computes in dwords with 4 (the
 * destination stride times its size covers the execution type, Gen9 EU
 * ISA "Register Region Restrictions").  The legalizer meets that with a
 * strided temporary and a packing mov after each such instruction.  A
 * register that nothing reads packed - no send, no indirect access, no
 * other type - can instead be stored strided: every reference's offset
 * and strides scale by the factor, its writers need no packing, and its
 * readers read it with a wider stride.  GenX_IR does the same (byte
 * variables of u8 arithmetic live at stride 2).
 *
 * Runs after copyprop, before legalize.  Linear: one scan to decide, one
 * to rewrite.
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"
#include "opnd_count.h"

bool ir_byte_layout(struct ir_prog *p);

/* Execution type size: the widest source (bytes execute as words,
 * packed immediates as their element type). */
static unsigned exec_size_of(const struct ir_inst *in)
{
	unsigned e = 0;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_NONE || o->kind == IR_O_LABEL)
			continue;
		unsigned t = o->type, sz;
		if (t == GEN_TYPE_V || t == GEN_TYPE_UV)
			sz = 2;
		else if (t == GEN_TYPE_VF)
			sz = 4;
		else
			sz = gen_type_size((enum gen_type)t);
		if (sz < 2)
			sz = 2;
		if (sz > e)
			e = sz;
	}
	return e;
}

/* Per vreg: 0 undecided, 1 keep, else the stride factor (2 or 4). */
struct plan {
	uint8_t *factor;
	uint8_t *elem;     /* element size seen (1 or 2), 0 none yet */
};

static void reject(struct plan *pl, uint32_t v)
{
	pl->factor[v] = 1;
}

static bool scalable(const struct ir_opnd *o, unsigned f, bool dst)
{
	if (dst)
		return o->rgn.hs * f <= 4;
	if (o->rgn.vs == GEN_VS_VXH)
		return false;
	return o->rgn.hs * f <= 4 && o->rgn.vs * f <= 32;
}

static void look(struct ir_prog *p, struct plan *pl, const struct ir_inst *in,
                 const struct ir_opnd *o, bool dst)
{
	if (o->kind == IR_O_ADDROF) {
		reject(pl, o->v);
		return;
	}
	if (o->kind != IR_O_REG && o->kind != IR_O_IND)
		return;
	uint32_t v = o->v;
	const struct ir_vreg *r = &p->vregs.a[v];
	if (o->kind == IR_O_IND || r->file != IR_RF_GRF || pl->factor[v] == 1)
		return;
	unsigned ts = gen_type_size((enum gen_type)o->type);
	if (ts > 2 || (pl->elem[v] && pl->elem[v] != ts) || o->mme ||
	    ir_is_send(in->op) || in->op == GEN_OP_MADM ||
	    ((unsigned)o->off % ts) != 0) {
		reject(pl, v);
		return;
	}
	pl->elem[v] = (uint8_t)ts;
	if (!dst)
		return;
	unsigned need = exec_size_of(in) / ts;
	if (in->op == GEN_OP_MOV && in->src[0].kind == IR_O_REG &&
	    gen_type_size((enum gen_type)in->src[0].type) == ts)
		need = 1;   /* a same-size copy is fine packed */
	if (need > 4)
		need = 4;
	if (need > pl->factor[v])
		pl->factor[v] = (uint8_t)need;
}

static bool candidate_vreg(const struct ir_vreg *r)
{
	return fin_widenable(r);
}

static void check_scalable(struct ir_prog *p, struct plan *pl,
                           const struct ir_opnd *o, bool dst)
{
	if (o->kind != IR_O_REG)
		return;
	unsigned f = pl->factor[o->v];
	if (f >= 2 && !scalable(o, f, dst))
		pl->factor[o->v] = 1;
	(void)p;
}

static void scale(const struct plan *pl, struct ir_opnd *o, bool dst)
{
	if (o->kind != IR_O_REG)
		return;
	unsigned f = pl->factor[o->v];
	if (f < 2)
		return;
	o->off *= (int32_t)f;
	if (dst) {
		o->rgn.hs = (uint8_t)(o->rgn.hs * f);
	} else if (!ir_opnd_is_scalar(o)) {
		o->rgn.vs = (uint8_t)(o->rgn.vs * f);
		o->rgn.hs = (uint8_t)(o->rgn.hs * f);
	}
}

bool ir_byte_layout(struct ir_prog *p)
{
	/* only a register operand of at most two bytes on a candidate
	 * register can make one wider (look): none, as constfold's walk
	 * found and copyprop kept, nothing to do (issue 12) */
	const struct fin_opnd_facts *facts = ir_carry_peek(p, IR_CARRY_NARROW);
	if (facts && !facts->narrow)
		return true;
	uint32_t nv = p->vregs.n;
	struct plan pl = {
		.factor = ir_alloc(p, nv),   /* zeroed */
		.elem = ir_alloc(p, nv),
	};
	for (uint32_t v = 1; v < nv; v++)
		if (!candidate_vreg(&p->vregs.a[v]))
			pl.factor[v] = 1;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL)
			continue;
		/* a register already kept packed is decided: look would
		 * return at once (issue 12: most operands after the first) */
		for (unsigned s = 0; s < in->nsrc; s++)
			if (in->src[s].kind != IR_O_REG || pl.factor[in->src[s].v] != 1)
				look(p, &pl, in, &in->src[s], false);
		if (in->dst.kind != IR_O_REG || pl.factor[in->dst.v] != 1)
			look(p, &pl, in, &in->dst, true);
	}
	/* the check below only takes factors back to 1: with none above 1
	 * nothing changes (issue 12: the common case, no byte or word
	 * registers to widen) */
	bool wider = false;
	for (uint32_t v = 1; v < nv && !wider; v++)
		wider = pl.factor[v] >= 2;
	if (!wider)
		return true;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL)
			continue;
		for (unsigned s = 0; s < in->nsrc; s++)
			check_scalable(p, &pl, &in->src[s], false);
		check_scalable(p, &pl, &in->dst, true);
	}
	bool any = false;
	for (uint32_t v = 1; v < nv; v++) {
		if (pl.factor[v] < 2)
			continue;
		struct ir_vreg *r = &p->vregs.a[v];
		r->size *= pl.factor[v];
		if (r->align < pl.factor[v] * pl.elem[v])
			r->align = (uint8_t)(pl.factor[v] * pl.elem[v]);
		any = true;
	}
	if (!any)
		return true;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL)
			continue;
		for (unsigned s = 0; s < in->nsrc; s++)
			scale(&pl, &in->src[s], false);
		scale(&pl, &in->dst, true);
	}
	return p->err->status == VF_OK;
}
