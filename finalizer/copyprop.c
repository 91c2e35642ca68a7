/*
 * copyprop.c - local copy propagation of movs into their uses.
 *
 * A plain `mov t = s` (no predicate, condition modifier, saturation or
 * source modifier; s a GRF region or an immediate) is forwarded into the
 * instructions after it in the same basic block that read t, and the
 * mov is deleted once nothing in the program reads t any more, or when
 * a later instruction of the block overwrites all of it (same bytes,
 * exec size, channel offset, no predicate, at least the mov's mask)
 * before anything reads it.
 *
 * Safety, under divergent control flow and partial writes:
 *  - only between the mov and the first label, branch, write to s (any
 *    byte: vreg granularity) or write to the bytes of t the mov wrote
 *    (other parts of t may be written in between: a vector assembled
 *    part by part), so the execution mask is the same and every byte
 *    read still holds what the mov copied;
 *  - the use reads t channel for channel ("identity": exec size and
 *    channel offset equal, channel k reads the element channel k of the
 *    mov wrote) and is not NoMask unless the mov is, so every element it
 *    reads was written by this mov in this pass (never a stale value of
 *    another definition or an earlier loop iteration); or the mov is
 *    NoMask with a scalar/immediate source and the use reads only
 *    elements it wrote ("broadcast");
 *  - the bits are the same (mov without conversion, use type of the same
 *    size) or the mov is a value-preserving integer widening (b/ub to
 *    w/uw, or to d/ud when another register source of the using add/
 *    mul/sel/cmp keeps a dword execution type), read as the mov's type by
 *    an arithmetic use (mov, add, mul, sel, cmp); or, where 64-bit
 *    integers are native with free regions (BDW, SKL), a dword widened
 *    to a qword read by a mov, by shl as the shifted value, or by an add
 *    whose other source is 64-bit: the dword is extended by its type to
 *    the 64-bit execution (GenX_IR folds `mov q = d; shl q` the same
 *    way, IGC's binaries have `shl (8) q <- d`, `add (8) q <- ud + q`);
 *  - never into sends, math, branches, 3-source or macro instructions,
 *    nor into an instruction writing s; t and s are not address-taken,
 *    t is not pinned, live-in or global (ABI registers); except an
 *    hf->f conversion into a float mad where Gen9 mixed mode takes a
 *    packed, oword-aligned HF source (mixed_mad_ok; GenX_IR does the
 *    same), and a strided HF source is not forwarded into an hf->f mov
 *    that could fold so (keeps_hf_packed).
 * A mov whose register loses its last reader to later forwarding is
 * deleted by a final backward sweep.
 *
 * Runs on virtual registers after goto and before legalize, which makes
 * the new operands legal (immediate positions, regions, types).
 * Needs: nothing beyond the built IR.  Invalidates: instruction indices
 * (movs are removed); registers keep their ids.
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"
#include "opnd_count.h"

bool ir_copyprop(struct ir_prog *p);

struct cp_ctx {
	struct ir_prog *p;
	uint32_t *reads;         /* per vreg: operands reading it */
};

static bool is_int(enum gen_type t)
{
	return t <= GEN_TYPE_Q;
}

/* A register the pass may forward into uses / delete the definition of. */
static bool plain_grf(const struct ir_prog *p, uint32_t v, bool is_dst)
{
	const struct ir_vreg *r = &p->vregs.a[v];
	if (r->file != IR_RF_GRF || (r->flags & IR_V_ADDR_TAKEN))
		return false;
	if (!is_dst)
		return true;
	if (r->pin >= 0 || (r->flags & (IR_V_PINNED | IR_V_LIVE_IN |
	                                IR_V_GLOBAL | IR_V_SPILLED)))
		return false;
	return v != p->r0 && v != p->arg && v != p->retval && v != p->spfp &&
	       v != p->hwid;
}

static bool imm_ok(const struct ir_opnd *o)
{
	unsigned sz = gen_type_size((enum gen_type)o->type);
	return o->type < GEN_TYPE_UV && sz >= 2 && sz <= 4 &&
	       o->type != GEN_TYPE_HF && o->type != GEN_TYPE_NF;
}

static bool candidate(const struct ir_prog *p, const struct ir_inst *m)
{
	if (m->op != GEN_OP_MOV || m->nsrc != 1 || m->pred || m->cmod ||
	    m->sat || m->opts || m->reloc || m->flag)
		return false;
	const struct ir_opnd *d = &m->dst, *s = &m->src[0];
	if (d->kind != IR_O_REG || d->mods || d->mme || d->rgn.hs == 0 ||
	    !plain_grf(p, d->v, true))
		return false;
	if (s->mods || s->mme)
		return false;
	if (s->kind == IR_O_IMM)
		return s->type == d->type && imm_ok(s);
	return s->kind == IR_O_REG && s->v != d->v && plain_grf(p, s->v, false);
}

/* Value-preserving integer widening from 'st' to 'dt' (to a qword only
 * from a dword). */
static bool widening(enum gen_type st, enum gen_type dt)
{
	bool ssigned = st == GEN_TYPE_B || st == GEN_TYPE_W ||
	               st == GEN_TYPE_D;
	unsigned ss = gen_type_size(st), ds = gen_type_size(dt);
	if (!is_int(st) || !is_int(dt) || ss >= ds || (ds > 4 && ss != 4))
		return false;
	return !ssigned || dt == GEN_TYPE_W || dt == GEN_TYPE_D ||
	       dt == GEN_TYPE_Q;
}

static bool op_allowed(unsigned op, bool conv)
{
	switch (op) {
	case GEN_OP_MOV: case GEN_OP_ADD: case GEN_OP_MUL: case GEN_OP_SEL:
	case GEN_OP_CMP:
		return true;
	case GEN_OP_AND: case GEN_OP_OR: case GEN_OP_XOR: case GEN_OP_NOT:
	case GEN_OP_SHL: case GEN_OP_SHR: case GEN_OP_ASR:
		return !conv;
	default:
		return false;
	}
}

/* A dword widened to a qword keeps its value in the use: 64-bit
 * integers native with free regions, a 64-bit integer destination, and
 * the use a mov, the shifted value of a shl, or an add with another
 * 64-bit source (the execution stays 64-bit). */
static bool wide64_ok(const struct ir_prog *p, const struct ir_inst *u,
                      unsigned si)
{
	if (!p->plat->caps.native_q || p->plat->caps.region_64bit_restricted ||
	    gen_type_size((enum gen_type)u->dst.type) != 8 ||
	    !is_int((enum gen_type)u->dst.type))
		return false;
	if (u->op == GEN_OP_MOV)
		return true;
	if (u->op == GEN_OP_SHL)
		return si == 0;
	if (u->op != GEN_OP_ADD)
		return false;
	const struct ir_opnd *o = &u->src[1 - si];
	return gen_type_size((enum gen_type)o->type) == 8 &&
	       is_int((enum gen_type)o->type);
}

/* A widening keeps the use's execution type: byte to word always (bytes
 * execute as words), to a dword when another register source is one. */
static bool conv_exec_ok(const struct ir_prog *p, const struct ir_inst *u,
                         unsigned si, const struct ir_inst *m)
{
	if (gen_type_size((enum gen_type)m->dst.type) == 8)
		return wide64_ok(p, u, si);
	if (gen_type_size((enum gen_type)m->dst.type) == 2)
		return gen_type_size((enum gen_type)m->src[0].type) == 1;
	if (u->op == GEN_OP_MOV)
		return true;
	for (unsigned k = 0; k < u->nsrc; k++) {
		const struct ir_opnd *o = &u->src[k];
		if (k != si && o->kind == IR_O_REG && o->v != m->dst.v &&
		    gen_type_size((enum gen_type)o->type) >= 4 &&
		    is_int((enum gen_type)o->type))
			return true;
	}
	return false;
}

/* Does use operand 'o' of 'u' read, channel for channel, what the mov
 * wrote ("identity"), or only elements a NoMask scalar mov wrote? */
static bool region_ok(const struct ir_inst *m, const struct ir_inst *u,
                      const struct ir_opnd *o, bool *bcast)
{
	const struct ir_opnd *d = &m->dst, *s = &m->src[0];
	unsigned ts = gen_type_size((enum gen_type)d->type);
	int step = (int)(d->rgn.hs * ts), span = step * m->exec;
	bool ident = u->exec == m->exec && u->choff == m->choff &&
	             (!u->nomask || m->nomask);
	bool scal = s->kind == IR_O_IMM || ir_opnd_is_scalar(s);
	bool inside = m->nomask && scal;
	for (unsigned k = 0; k < u->exec && (ident || inside); k++) {
		int e = o->off + ir_elem_off(o, k, false) - d->off;
		if (e != (int)k * step)
			ident = false;
		if (e < 0 || e >= span || e % step)
			inside = false;
	}
	*bcast = !ident;
	return ident || inside;
}

/* Gen9 mixed mode (caps.mixed_float with Align16 3-source): a float
 * mad reads a half float source directly, so `mov f = hf; mad f` folds
 * the conversion into the mad (GenX_IR does, p_half.half4_to_float).
 * The HF source must be packed and oword-aligned ("both input and
 * output packed f16 data must be oword aligned, no oword crossing in
 * packed f16"); the other sources float; a SIMD16 F destination is split
 * to SIMD8 by split.c (no SIMD16 mixed mode with an F destination). */
static bool mixed_mad_ok(const struct ir_prog *p, const struct ir_inst *m,
                         const struct ir_inst *u, unsigned si)
{
	const struct ir_opnd *s = &m->src[0];
	if (!p->plat->caps.mixed_float || p->plat->caps.three_src_align1 ||
	    u->op != GEN_OP_MAD || u->nsrc != 3 || u->pred || u->sat ||
	    u->dst.type != GEN_TYPE_F || m->dst.type != GEN_TYPE_F ||
	    s->type != GEN_TYPE_HF || s->kind != IR_O_REG ||
	    u->exec > 16 || u->exec < 4 || ir_opnd_align(p, s) < 16)
		return false;
	for (unsigned k = 0; k < u->exec; k++)
		if (ir_elem_off(s, k, false) != (int)(2 * k)) {
					return false; }
	for (unsigned k = 0; k < u->nsrc; k++)
		if (k != si && u->src[k].type != GEN_TYPE_F &&
		    u->src[k].type != GEN_TYPE_HF) {
					return false; }
	return true;
}

/* A packed HF vector converted to F by mov 'u' stays packed: the
 * conversion may fold into a float mad later (mixed_mad_ok), which a
 * strided HF source (the vector's own strided origin, forwarded by mov
 * 'm') would prevent, and the forward saves nothing while m stays
 * (p_half.half4_to_float: m unpacks the halves a HF mad reads too). */
static bool keeps_hf_packed(const struct ir_prog *p, const struct ir_inst *m,
                            const struct ir_inst *u)
{
	const struct ir_opnd *s = &m->src[0];
	/* measured: on BDW (no mixed mode, Align16 3-source) the strided
	 * forward is the shorter code, on Gen9, Gen11, Gen12 the packed one */
	if ((!p->plat->caps.mixed_float && !p->plat->caps.three_src_align1) ||
	    u->op != GEN_OP_MOV || u->dst.type != GEN_TYPE_F ||
	    m->dst.type != GEN_TYPE_HF || s->kind != IR_O_REG)
		return false;
	for (unsigned k = 0; k < u->exec; k++)
		if (ir_elem_off(s, k, false) != (int)(2 * k))
			return true;
	return false;
}

/* Try to replace source 'si' of 'u' by the mov's source. */
static bool try_use(struct cp_ctx *c, const struct ir_inst *m,
                    struct ir_inst *u, unsigned si)
{
	struct ir_opnd *o = &u->src[si];
	const struct ir_opnd *s = &m->src[0];
	if (o->kind != IR_O_REG || o->v != m->dst.v || o->mme)
		return false;
	bool conv = s->type != m->dst.type;
	bool wide = conv && u->op == GEN_OP_SHL;  /* checked by wide64_ok */
	bool mixed = conv && o->type == m->dst.type &&
	             mixed_mad_ok(c->p, m, u, si);
	if (!mixed && (!(op_allowed(u->op, conv) || wide) || u->nsrc > 2))
		return false;
	if (!mixed && (conv ? (o->type != m->dst.type || !widening(
	                (enum gen_type)s->type, (enum gen_type)m->dst.type) ||
	            !conv_exec_ok(c->p, u, si, m))
	         : gen_type_size((enum gen_type)o->type) !=
	           gen_type_size((enum gen_type)s->type)))
		return false;
	/* An immediate has no source modifier bits: a negated or absolute use
	 * keeps reading the register (-0.0 is not 0.0, NOT is not NEG). */
	if (s->kind == IR_O_IMM && (conv || o->mods))
		return false;
	bool bcast;
	if (!region_ok(m, u, o, &bcast) || (mixed && bcast) ||
	    keeps_hf_packed(c->p, m, u))
		return false;
	uint8_t mods = o->mods, type = conv ? s->type : o->type;
	if (s->kind == IR_O_IMM)
		*o = ir_imm(s->imm, (enum gen_type)type);
	else if (bcast)
		*o = ir_scalar(s->v, s->off, (enum gen_type)type);
	else {
		*o = *s;
		o->type = type;
	}
	o->mods = mods;
	c->reads[m->dst.v]--;
	if (s->kind == IR_O_REG)
		c->reads[s->v]++;
	return true;
}

static bool writes_vreg(const struct ir_inst *in, uint32_t v)
{
	return in->dst.kind == IR_O_REG && in->dst.v == v;
}

/* Does 'u' write any byte mov 'm' wrote?  Only plain ALU destinations
 * are measured by their region; a send, macro or other destination
 * counts as touching the whole register. */
static bool overwrites_mov(const struct ir_inst *m, const struct ir_inst *u)
{
	if (!writes_vreg(u, m->dst.v))
		return false;
	if (ir_is_send(u->op) || u->dst.mme || u->op >= GEN_OP_COUNT ||
	    gen_op_is_macro(u->op, u->fc) || !u->exec)
		return true;
	int32_t ulo = u->dst.off, mlo = m->dst.off;
	int32_t uhi = ulo + (int32_t)ir_opnd_extent(&u->dst, u->exec, true);
	int32_t mhi = mlo + (int32_t)ir_opnd_extent(&m->dst, m->exec, true);
	return ulo < mhi && mlo < uhi;
}

static void find_read(void *ctx, const struct ir_inst *in,
                      const struct ir_opnd *o, bool def)
{
	(void)in;
	uint32_t *v = ctx;
	if (!def && o->v == v[0])
		v[1] = 1;
}

/* Does 'u' overwrite every byte mov 'm' wrote, in every channel 'm'
 * wrote it, with no read of t left between them? */
static bool kills(const struct ir_inst *a, uint32_t i, uint32_t j)
{
	const struct ir_inst *m = &a[i], *u = &a[j];
	if (u->dst.kind != IR_O_REG || u->pred || u->exec != m->exec ||
	    u->choff != m->choff || (m->nomask && !u->nomask) ||
	    u->dst.off != m->dst.off || ir_is_send(u->op) || u->dst.mme ||
	    ir_elem_off(&u->dst, 1, true) != ir_elem_off(&m->dst, 1, true) ||
	    gen_type_size((enum gen_type)u->dst.type) <
	    gen_type_size((enum gen_type)m->dst.type))
		return false;
	uint32_t v[2] = { m->dst.v, 0 };
	for (uint32_t k = i + 1; k <= j && !v[1]; k++)
		ir_for_each_opnd(&a[k], find_read, v);
	return !v[1];
}

/* Forward mov 'i' into the rest of its block; true when the mov's value
 * is overwritten there before anything else reads it. */
static bool forward(struct cp_ctx *c, uint32_t i)
{
	struct ir_inst *a = c->p->insts.a;
	const struct ir_inst *m = &a[i];
	uint32_t s = m->src[0].kind == IR_O_REG ? m->src[0].v : 0;
	for (uint32_t j = i + 1; j < c->p->insts.n; j++) {
		struct ir_inst *u = &a[j];
		/* every read of t forwarded: nothing more to forward, and the
		 * caller deletes the mov as unread whatever the rest of the
		 * block holds (issue 12: the walk went on to the block's end,
		 * a straight kernel's whole code) */
		if (!c->reads[m->dst.v])
			return false;
		if (u->op == IR_OP_LABEL || ir_is_branch(u->op))
			return false;
		if (!(s && writes_vreg(u, s)) && !ir_is_send(u->op))
			for (unsigned k = 0; k < u->nsrc; k++)
				try_use(c, m, u, k);
		/* a write to other bytes of t (a vector assembled part by
		 * part) leaves what the mov wrote in place */
		if (overwrites_mov(m, u))
			return kills(a, i, j);
		if ((s && writes_vreg(u, s)) || u->dst.kind == IR_O_IND)
			return false;
	}
	return false;
}

bool ir_copyprop(struct ir_prog *p)
{
	/* the counts constfold made in its walk (ir_carry_take reopens
	 * their scope: kept again for byte_layout or ended below), else
	 * counted here */
	struct fin_opnd_facts *facts = ir_carry_take(p, IR_CARRY_OPNDS);
	struct cp_ctx c = { p, facts ? facts->reads : NULL };
	if (!facts) {
		c.reads = ir_alloc(p, p->vregs.n * sizeof(uint32_t));   /* zeroed */
		for (uint32_t i = 0; i < p->insts.n; i++)
			fin_count_reads(&p->insts.a[i], c.reads);
	}
	bool *dead = ir_alloc(p, p->insts.n + 1);   /* zeroed */
	/* the movs found, for the sweep back: forwarding changes only
	 * instructions after its mov, so a mov is a candidate at the end
	 * iff it was when this loop reached it (issue 12: the sweep walked
	 * every instruction) */
	uint32_t *movs = NULL, nmovs = 0;
	bool any = false;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		if (!candidate(p, &p->insts.a[i]))
			continue;
		if (!movs)
			movs = ir_alloc_raw(p, (p->insts.n - i) * sizeof *movs);
		movs[nmovs++] = i;
		if (forward(&c, i) || c.reads[p->insts.a[i].dst.v] == 0) {
			any = dead[i] = true;
			if (p->insts.a[i].src[0].kind == IR_O_REG)
				c.reads[p->insts.a[i].src[0].v]--;
		}
	}
	/* movs whose register lost its last reader to a later mov's
	 * forwarding (parts of one vector copied on: each part's mov was
	 * looked at while the others still read the register) */
	for (uint32_t k = nmovs; k-- > 0;) {
		uint32_t i = movs[k];
		const struct ir_inst *m = &p->insts.a[i];
		if (dead[i] || c.reads[m->dst.v])
			continue;
		any = true;
		dead[i] = true;
		if (m->src[0].kind == IR_O_REG)
			c.reads[m->src[0].v]--;
	}
	if (any)
		ir_drop_marked(p, dead);
	/* 'narrow' still holds (opnd_count.h) */
	if (facts && !ir_carry_keep(p, IR_CARRY_NARROW, facts))
		ir_scratch_end(p);
	return true;
}
