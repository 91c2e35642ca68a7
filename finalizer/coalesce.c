/*
 * coalesce.c - write results straight where a following mov copies them.
 *
 * The builder and the legalizer leave sequences like
 *
 *     mul (8) t.0<1>:f  a  b
 *     ...
 *     mov (8) p.0<1>:f  t.0<8;8,1>:f      (p: a send payload, an output)
 *
 * where the temporary t exists only to be copied.  When the mov is the
 * only reader of t and the mul its only writer, the mul can write p
 * itself and the mov goes away.
 *
 * Safety (checked per candidate, all on virtual registers before RA):
 *  - same basic block, and nothing between the two instructions reads
 *    or writes any byte of p's register, so p's old value is not needed
 *    there and writing it earlier changes nothing;
 *  - the producer does not read p (no overlap of its sources with its
 *    new destination);
 *  - the mov copies bit for bit (no predicate, condition modifier,
 *    saturation, source modifier or conversion; integer types of one
 *    size count as the same bits) channel for channel:
 *    same exec size, channel offset and NoMask as the producer, and its
 *    source region reads element k exactly where the producer wrote
 *    element k;
 *  - the new destination has the very shape the legalizer gave the old
 *    one: type (size), stride, byte position in the GRF and GRF count, so every
 *    region and alignment rule the producer met still holds (a single
 *    element only needs to be at least as aligned as before);
 *  - neither register is address-taken, pinned only on the destination
 *    side, and t is a plain temporary (not live-in, global, pinned).
 * A predicated producer is allowed with an unpredicated mov: in the
 * channels it does not write, the mov copied undefined bits of t.
 *
 * Runs after split (final exec sizes) and before register allocation.
 * Linear: one forward scan with per-register last-definition and
 * last-access positions.
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"

bool ir_coalesce(struct ir_prog *p);

struct counts {
	uint32_t *uses, *defs;
};

static void count_opnd(void *ctx, const struct ir_inst *in,
                       const struct ir_opnd *o, bool def)
{
	struct counts *c = ctx;
	(void)in;
	if (o->kind != IR_O_REG && o->kind != IR_O_IND)
		return;
	if (def)
		c->defs[o->v]++;
	else
		c->uses[o->v]++;
}

struct scan {
	uint32_t *last_def;     /* index + 1 of the last writer in the block */
	uint32_t *last_access;  /* index + 1 of the last reader or writer */
	uint32_t pos;           /* index + 1 of the instruction being walked */
};

static void note_opnd(void *ctx, const struct ir_inst *in,
                      const struct ir_opnd *o, bool def)
{
	struct scan *s = ctx;
	(void)in;
	if (o->kind != IR_O_REG && o->kind != IR_O_IND)
		return;
	s->last_access[o->v] = s->pos;
	if (def)
		s->last_def[o->v] = s->pos;
}

static bool reads_vreg(const struct ir_inst *in, uint32_t v)
{
	for (unsigned k = 0; k < in->nsrc; k++)
		if ((in->src[k].kind == IR_O_REG || in->src[k].kind == IR_O_IND ||
		     in->src[k].kind == IR_O_ADDROF) && in->src[k].v == v)
			return true;
	return in->desc_reg == v;
}

/* Types whose values move between registers bit for bit: the same type,
 * or integers of the same size (mov :ud <- :d converts nothing). */
static bool same_bits(unsigned a, unsigned b)
{
	if (a == b)
		return true;
	return !gen_type_is_float((enum gen_type)a) &&
	       !gen_type_is_float((enum gen_type)b) &&
	       gen_type_size((enum gen_type)a) == gen_type_size((enum gen_type)b);
}

static bool plain_copy(const struct ir_inst *m)
{
	return m->op == GEN_OP_MOV && !m->pred && !m->cmod && !m->sat &&
	       m->nsrc == 1 && m->src[0].kind == IR_O_REG &&
	       !m->src[0].mods && m->dst.kind == IR_O_REG &&
	       same_bits(m->src[0].type, m->dst.type) && !m->reloc;
}

static bool producer_ok(const struct ir_inst *in)
{
	if (in->op >= GEN_OP_COUNT || ir_is_send(in->op) ||
	    ir_is_branch(in->op) || in->op == GEN_OP_MADM)
		return false;
	if (in->dst.kind != IR_O_REG || in->dst.mme || in->reloc)
		return false;
	return !(in->opts & IR_OPT_STACKCALL);
}

/* The mov reads element k of its source where the producer wrote
 * element k of its destination, for every channel. */
static bool same_elements(const struct ir_inst *m, const struct ir_inst *in)
{
	if (m->src[0].off != in->dst.off)
		return false;
	for (unsigned k = 0; k < m->exec; k++)
		if (ir_elem_off(&m->src[0], k, false) !=
		    ir_elem_off(&in->dst, k, true))
			return false;
	return true;
}

static bool same_shape(const struct ir_prog *p, const struct ir_opnd *a,
                       const struct ir_opnd *b, unsigned n)
{
	if (!same_bits(a->type, b->type))
		return false;
	/* one element: a position at least as aligned as the old one (the
	 * destination alignment rules follow the execution type) */
	if (n == 1)
		return ir_opnd_align(p, b) >= ir_opnd_align(p, a);
	int sa = ir_opnd_sub(p, a), sb = ir_opnd_sub(p, b);
	return a->rgn.hs == b->rgn.hs && sa >= 0 &&
	       sa == sb && ir_opnd_grfs(p, a, n, true) == ir_opnd_grfs(p, b, n, true);
}

static bool plain_temp(const struct ir_vreg *v)
{
	return v->file == IR_RF_GRF && v->pin < 0 &&
	       !(v->flags & (IR_V_PINNED | IR_V_ADDR_TAKEN | IR_V_LIVE_IN |
	                     IR_V_GLOBAL));
}

static bool block_edge(const struct ir_inst *in)
{
	return in->op == IR_OP_LABEL || ir_is_branch(in->op) ||
	       (in->opts & IR_OPT_STACKCALL);
}

bool ir_coalesce(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n, n = p->insts.n;
	struct counts c = {
		.uses = ir_alloc(p, nv * sizeof(uint32_t)),
		.defs = ir_alloc(p, nv * sizeof(uint32_t)),
	};
	memset(c.uses, 0, nv * sizeof(uint32_t));
	memset(c.defs, 0, nv * sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++)
		ir_for_each_opnd(&p->insts.a[i], count_opnd, &c);

	struct scan s = {
		.last_def = ir_alloc(p, nv * sizeof(uint32_t)),
		.last_access = ir_alloc(p, nv * sizeof(uint32_t)),
	};
	memset(s.last_def, 0, nv * sizeof(uint32_t));
	memset(s.last_access, 0, nv * sizeof(uint32_t));
	bool *dead = ir_alloc(p, n ? n : 1);
	memset(dead, 0, n ? n : 1);
	uint32_t block = 0;   /* index + 1 of the block's first instruction */
	for (uint32_t j = 0; j < n; j++) {
		struct ir_inst *m = &p->insts.a[j];
		if (block_edge(m))
			block = j + 2;
		if (plain_copy(m)) {
			uint32_t t = m->src[0].v, d = m->dst.v;
			uint32_t i1 = s.last_def[t];
			struct ir_inst *in = i1 ? &p->insts.a[i1 - 1] : NULL;
			if (in && i1 >= block && t != d && c.uses[t] == 1 &&
			    c.defs[t] == 1 && plain_temp(&p->vregs.a[t]) &&
			    p->vregs.a[d].file == IR_RF_GRF &&
			    !(p->vregs.a[d].flags & IR_V_ADDR_TAKEN) &&
			    s.last_access[d] < i1 && producer_ok(in) &&
			    in->dst.v == t && in->exec == m->exec &&
			    in->choff == m->choff && in->nomask == m->nomask &&
			    same_bits(in->dst.type, m->src[0].type) &&
			    same_elements(m, in) &&
			    same_shape(p, &in->dst, &m->dst, m->exec) &&
			    !reads_vreg(in, d)) {
				uint8_t t_keep = in->dst.type;
				in->dst = m->dst;
				in->dst.type = t_keep;   /* the producer's own type */
				dead[j] = true;
				c.uses[t] = c.defs[t] = 0;
				/* the producer now accesses d at its place */
				s.last_access[d] = s.last_def[d] = i1;
				continue;
			}
		}
		s.pos = j + 1;
		ir_for_each_opnd(m, note_opnd, &s);
	}

	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++)
		if (!dead[i])
			ir_emit_copy(p, &old.a[i]);
	return p->err->status == VF_OK;
}
