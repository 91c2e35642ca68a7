/*
 * send_join.c - one payload per SEND where the platform has no split
 * send (caps.split_send = 0: BDW).
 *
 * Needs: builder IR, before legalize.  Leaves: no sends.  Each two-payload
 * message (src0: mlen registers, src1: xlen registers) becomes a send
 * whose single payload holds both, one after the other in consecutive
 * registers, with the message length mlen + xlen in the descriptor and
 * no src1 length in the extended descriptor: on Gen8 "the message
 * payload is contiguous GRFs starting at src0" (GEN-FACTS 6.5; IGC's
 * bdw binaries in shared/corpus/bdw, e.g. untyped surface writes
 * "wr:4+0" where skl has "sends ... wr:2+2").  The registers are copied
 * whole, under NoMask, two at a time - unless the payload is a register
 * (temporary or vISA variable, not an input) that only this send reads
 * and that nothing touches after it: then its writers write the joined
 * payload directly (every reference to it is moved there), and there is
 * nothing to copy.
 *
 * Sends built later (spill and call-save code in regalloc/) ask
 * caps.split_send themselves.
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../encoder/msg_desc.h"
#include "../ir/ir.h"

bool ir_send_join(struct ir_prog *p);

struct remap {
	uint32_t to;      /* 0: keep */
	int32_t add;      /* byte offset in 'to' */
};

struct jctx {
	struct ir_prog *p;
	const struct ir_insts_old *old;
	uint32_t nv;              /* vregs before the pass */
	uint32_t *reads, *last;   /* per vreg: source references, last index */
	struct remap *map;
};

static void count_refs(struct jctx *c)
{
	for (uint32_t i = 0; i < c->old->n; i++) {
		const struct ir_inst *in = &c->old->a[i];
		if (in->dst.kind == IR_O_REG && in->dst.v < c->nv)
			c->last[in->dst.v] = i;
		for (unsigned s = 0; s < in->nsrc; s++)
			if (in->src[s].kind == IR_O_REG && in->src[s].v < c->nv) {
				c->reads[in->src[s].v]++;
				c->last[in->src[s].v] = i;
			}
	}
}

/* Can payload o (grfs registers) of the send at index i move into the
 * joined payload instead of being copied? */
static bool movable(const struct jctx *c, uint32_t i, const struct ir_opnd *o,
                    unsigned grfs)
{
	if (o->kind != IR_O_REG || o->off != 0 || o->v >= c->nv)
		return false;
	const struct ir_vreg *r = &c->p->vregs.a[o->v];
	uint32_t bad = IR_V_PINNED | IR_V_LIVE_IN | IR_V_GLOBAL |
	               IR_V_ADDR_TAKEN;
	return r->file == IR_RF_GRF && !(r->flags & bad) && r->pin < 0 &&
	       r->size <= grfs * IR_GRF_BYTES && c->reads[o->v] == 1 &&
	       c->last[o->v] == i && !c->map[o->v].to;
}

/* Copy 'n' whole registers from 'from' (+off) to 'to' (+at). */
static void copy_grfs(struct ir_prog *p, const struct ir_inst *send,
                      uint32_t to, unsigned at, const struct ir_opnd *from,
                      unsigned n)
{
	for (unsigned g = 0; g < n;) {
		unsigned k = n - g >= 2 ? 2 : 1;
		struct ir_opnd s = ir_vec(from->v, from->off + (int32_t)(g * IR_GRF_BYTES),
		                          GEN_TYPE_UD, 1);
		struct ir_inst *mv = ir_op1(p, GEN_OP_MOV, 8 * k, true,
		                            ir_dst(to, (int32_t)((at + g) * IR_GRF_BYTES),
		                                   GEN_TYPE_UD, 1), s);
		mv->loc = send->loc;
		g += k;
	}
}

static bool join(struct jctx *c, uint32_t i)
{
	struct ir_prog *p = c->p;
	struct ir_inst in = c->old->a[i];
	if (in.desc_reg)
		return ir_unsupported(p, "a two-payload send with a run-time "
		                      "descriptor on %s (no split send)",
		                      p->plat->name);
	if (in.src[0].kind != IR_O_REG || in.src[1].kind != IR_O_REG)
		return ir_internal(p, "send payload is not a register");
	unsigned total = in.mlen + in.xlen;
	if (total > p->plat->caps.max_send_mlen)
		return ir_unsupported(p, "a %u-register message on %s (at most %u)",
		                      total, p->plat->name,
		                      p->plat->caps.max_send_mlen);
	uint32_t pl = ir_vreg_new(p, IR_RF_GRF, total * IR_GRF_BYTES,
	                          IR_GRF_BYTES);
	ir_vreg(p, pl)->flags |= IR_V_WHOLE_GRF;
	unsigned at[2] = { 0, in.mlen }, len[2] = { in.mlen, in.xlen };
	for (unsigned k = 0; k < 2; k++) {
		if (movable(c, i, &in.src[k], len[k]))
			c->map[in.src[k].v] = (struct remap){ pl,
			                      (int32_t)(at[k] * IR_GRF_BYTES) };
		else
			copy_grfs(p, &in, pl, at[k], &in.src[k], len[k]);
	}
	in.op = in.op == GEN_OP_SENDSC ? GEN_OP_SENDC : GEN_OP_SEND;
	in.src[0] = ir_reg(pl, 0, GEN_TYPE_UD);
	memset(&in.src[1], 0, sizeof in.src[1]);
	in.nsrc = 1;
	in.mlen = (uint8_t)total;
	in.xlen = 0;
	in.desc = gen_desc_with_mlen(p->plat, in.desc, total);
	in.exdesc = gen_exdesc(p->plat, in.sfid, 0);
	ir_emit_copy(p, &in);
	return true;
}

bool ir_send_join(struct ir_prog *p)
{
	if (p->plat->caps.split_send)
		return true;
	struct ir_insts_old old = ir_rewrite_begin(p);
	struct jctx c = { .p = p, .old = &old, .nv = p->vregs.n };
	c.reads = ir_alloc(p, c.nv * sizeof *c.reads);
	c.last = ir_alloc(p, c.nv * sizeof *c.last);
	c.map = ir_alloc(p, c.nv * sizeof *c.map);
	memset(c.reads, 0, c.nv * sizeof *c.reads);
	memset(c.last, 0, c.nv * sizeof *c.last);
	memset(c.map, 0, c.nv * sizeof *c.map);
	count_refs(&c);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		bool split = in->op == GEN_OP_SENDS || in->op == GEN_OP_SENDSC;
		if (!split) {
			ir_emit_copy(p, in);
			continue;
		}
		if (!join(&c, i))
			return false;
	}
	/* the moved payloads' writers write the joined payloads */
	for (uint32_t i = 0; i < p->insts.n; i++) {
		struct ir_inst *in = &p->insts.a[i];
		struct ir_opnd *ops[4] = { &in->dst, &in->src[0], &in->src[1],
		                           &in->src[2] };
		for (unsigned k = 0; k < 4; k++) {
			struct ir_opnd *o = ops[k];
			if (o->kind == IR_O_REG && o->v < c.nv && c.map[o->v].to) {
				o->off += c.map[o->v].add;
				o->v = c.map[o->v].to;
			}
		}
	}
	return true;
}
