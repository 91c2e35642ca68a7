/*
 * gen_footprint.c - GRF bytes read and written by one instruction (the
 * rules are in gen_footprint.h).
 */
#include "config.h"

#include <string.h>

#include "gen.h"
#include "gen_footprint.h"

#define GRF_BYTES 32u

void gen_fp_clear(struct gen_fp *f)
{
	f->all = false;
	f->n = 0;
}

static void add_mask(struct gen_fp *f, unsigned reg, uint32_t m)
{
	if (f->all || !m)
		return;
	if (reg >= GEN_FP_GRFS) {
		f->all = true;   /* outside the file: be conservative */
		return;
	}
	for (unsigned i = 0; i < f->n; i++)
		if (f->reg[i] == reg) {
			f->mask[i] |= m;
			return;
		}
	if (f->n == GEN_FP_MAX) {
		f->all = true;
		return;
	}
	f->reg[f->n] = (uint8_t)reg;
	f->mask[f->n++] = m;
}

void gen_fp_add(struct gen_fp *f, uint32_t byte, uint32_t len)
{
	while (len && !f->all) {
		unsigned reg = byte / GRF_BYTES, b = byte % GRF_BYTES;
		unsigned k = len < GRF_BYTES - b ? len : GRF_BYTES - b;
		uint32_t m = k == 32 ? 0xFFFFFFFFu : ((1u << k) - 1) << b;
		add_mask(f, reg, m);
		byte += k;
		len -= k;
	}
}

void gen_fp_add_regs(struct gen_fp *f, unsigned r, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		add_mask(f, r + i, 0xFFFFFFFFu);
}

void gen_fp_union(struct gen_fp *f, const struct gen_fp *g)
{
	if (g->all) {
		f->all = true;
		return;
	}
	for (unsigned i = 0; i < g->n; i++)
		add_mask(f, g->reg[i], g->mask[i]);
}

int gen_fp_overlap(const struct gen_fp *a, const struct gen_fp *b)
{
	if (a->all && b->all)
		return 0;
	if (a->all || b->all) {
		const struct gen_fp *o = a->all ? b : a;
		return o->n ? o->reg[0] : -1;
	}
	for (unsigned i = 0; i < a->n; i++)
		for (unsigned j = 0; j < b->n; j++)
			if (a->reg[i] == b->reg[j] && (a->mask[i] & b->mask[j]))
				return a->reg[i];
	return -1;
}

bool gen_fp_covers(const struct gen_fp *f, const struct gen_fp *g)
{
	if (f->all)
		return true;
	if (g->all)
		return false;
	for (unsigned j = 0; j < g->n; j++) {
		uint32_t m = 0;
		for (unsigned i = 0; i < f->n; i++)
			if (f->reg[i] == g->reg[j])
				m = f->mask[i];
		if ((m & g->mask[j]) != g->mask[j])
			return false;
	}
	return true;
}

static unsigned elem_size(const struct gen_opnd *o, unsigned dflt)
{
	if (o->type >= GEN_TYPE_UV)   /* invalid or packed: no element type */
		return dflt;
	return gen_type_size((enum gen_type)o->type);
}

static void indirect(const struct gen_opnd *o, bool dst, unsigned nch,
                     const struct gen_fp_env *env, struct gen_fp *f)
{
	if (!env || !env->a0) {
		f->all = true;
		return;
	}
	unsigned tsz = elem_size(o, 4);
	bool vxh = !dst && o->rgn.vs == GEN_VS_VXH;
	unsigned w = o->rgn.w && o->rgn.w != GEN_RGN_NONE ? o->rgn.w : 1;
	for (unsigned ch = 0; ch < nch; ch++) {
		unsigned row = vxh ? ch / w : 0;
		long off = (long)env->a0[(o->ia_sub + row) & 15] + o->ia_imm;
		if (dst)
			off += (long)(ch * (o->rgn.hs ? o->rgn.hs : 1) * tsz);
		else if (vxh)
			off += (long)((ch % w) * o->rgn.hs * tsz);
		else
			off += (long)(gen_rgn_elem(&o->rgn, ch) * tsz);
		if (off < 0) {
			f->all = true;
			return;
		}
		gen_fp_add(f, (uint32_t)off, tsz);
	}
}

/* The element step of a region whose channel c is element c * step for
 * every c < nch (the element formulas of region below), or -1. */
static int linear_step(const struct gen_opnd *o, bool dst, unsigned nch)
{
	if (dst)
		return o->rgn.hs ? o->rgn.hs : 1;
	if (o->rgn.w == GEN_RGN_NONE)   /* gen_rgn_elem is linear here */
		return (int)gen_rgn_elem(&o->rgn, 1);
	unsigned w = o->rgn.w ? o->rgn.w : 1;
	unsigned vs = o->rgn.vs == GEN_RGN_NONE || o->rgn.vs == GEN_VS_VXH
	              ? 0 : o->rgn.vs;
	/* (c / w) * vs + (c % w) * hs */
	if (nch <= w || vs == w * o->rgn.hs)
		return o->rgn.hs;
	if (w == 1)
		return (int)vs;
	return -1;
}

/* A region operand of an ALU/math instruction over nch channels. */
static void region(const struct gen_opnd *o, bool dst, unsigned nch,
                   const struct gen_fp_env *env, struct gen_fp *f)
{
	if (o->kind == GEN_OPND_INDIRECT) {
		indirect(o, dst, nch, env, f);
		return;
	}
	if ((o->kind != GEN_OPND_DIRECT && o->kind != GEN_OPND_MACRO) ||
	    o->rn != GEN_RN_GRF)
		return;
	unsigned tsz = elem_size(o, 4);
	uint32_t base = o->nr * GRF_BYTES;
	if (o->kind == GEN_OPND_MACRO) {
		gen_fp_add(f, base, nch * tsz);
		return;
	}
	/* A region whose channel c is element c * step: step 1 reads one
	 * contiguous byte range, step 0 one element, whatever the registers
	 * (issue 12: most operands; the same registers, masks and order as
	 * the channel walk below gives) */
	int step = linear_step(o, dst, nch);
	if (step == 1 || step == 0) {
		gen_fp_add(f, base + o->sub, step ? nch * tsz : tsz);
		return;
	}
	/* Channels usually fall in one register run after run: their bytes
	 * are gathered into one mask per run before they are added (the
	 * same footprint as adding each channel, in fewer lookups).  An
	 * element that straddles two registers is added on its own. */
	unsigned run_reg = 0;
	uint32_t run_mask = 0;
	uint32_t elem_mask = tsz >= GRF_BYTES ? 0xFFFFFFFFu : (1u << tsz) - 1;
	/* a source region with a width walks rows and columns as
	 * gen_rgn_elem counts them, without its divisions */
	bool rows = !dst && o->rgn.w != GEN_RGN_NONE;
	unsigned w = o->rgn.w ? o->rgn.w : 1;
	unsigned vs = o->rgn.vs == GEN_RGN_NONE || o->rgn.vs == GEN_VS_VXH
	              ? 0 : o->rgn.vs;
	unsigned row = 0, col = 0;
	for (unsigned ch = 0; ch < nch; ch++) {
		unsigned e;
		if (dst) {
			e = ch * (o->rgn.hs ? o->rgn.hs : 1);
		} else if (rows) {
			e = row * vs + col * o->rgn.hs;
			if (++col == w) {
				col = 0;
				row++;
			}
		} else {
			e = gen_rgn_elem(&o->rgn, ch);
		}
		uint32_t off = base + o->sub + e * tsz;
		unsigned reg = off / GRF_BYTES, b = off % GRF_BYTES;
		if (b + tsz <= GRF_BYTES && run_mask && reg == run_reg) {
			run_mask |= elem_mask << b;
			continue;
		}
		if (run_mask)
			add_mask(f, run_reg, run_mask);
		run_mask = 0;
		if (b + tsz <= GRF_BYTES) {
			run_reg = reg;
			run_mask = elem_mask << b;
		} else {
			gen_fp_add(f, off, tsz);
		}
	}
	if (run_mask)
		add_mask(f, run_reg, run_mask);
}

/* A SEND payload or response: whole registers from the operand. */
static void payload(const struct gen_opnd *o, unsigned len, bool known,
                    struct gen_fp *f)
{
	if (o->kind == GEN_OPND_INDIRECT || !known) {
		f->all = true;
		return;
	}
	if (o->kind == GEN_OPND_DIRECT && o->rn == GEN_RN_GRF)
		gen_fp_add_regs(f, o->nr, len);
}

static void send_fp(const struct gen_inst *in, const struct gen_fp_env *env,
                    struct gen_fp *rd, struct gen_fp *wr)
{
	bool dknown = !in->desc.is_reg || (env && env->have_desc);
	bool xknown = !in->exdesc.is_reg || (env && env->have_desc);
	unsigned mlen = in->src0_len, rlen = in->dst_len, xlen = in->src1_len;
	if (in->desc.is_reg && env && env->have_desc) {
		mlen = (env->desc >> 25) & 0xF;
		rlen = (env->desc >> 20) & 0x1F;
	}
	if (in->exdesc.is_reg && env && env->have_desc)
		xlen = (env->exdesc >> 6) & 0x1F;
	payload(&in->src[0], mlen, dknown, rd);
	if (in->nsrc > 1 && !(in->src[1].kind == GEN_OPND_DIRECT &&
	                      in->src[1].rn == GEN_RN_NULL))
		payload(&in->src[1], xlen, xknown, rd);
	if (!(in->dst.kind == GEN_OPND_DIRECT && in->dst.rn == GEN_RN_NULL) &&
	    in->dst.kind != GEN_OPND_NONE)
		payload(&in->dst, rlen, dknown, wr);
}

/* Branches: call writes the return offset and mask (two dwords), ret
 * reads them; register forms of jmpi/brd/brc read one dword. */
static void flow_fp(const struct gen_inst *in, struct gen_fp *rd,
                    struct gen_fp *wr)
{
	const struct gen_opnd *s = &in->src[0];
	if (in->op == GEN_OP_CALL || in->op == GEN_OP_CALLA) {
		if (in->dst.kind == GEN_OPND_DIRECT && in->dst.rn == GEN_RN_GRF)
			gen_fp_add(wr, in->dst.nr * GRF_BYTES + in->dst.sub, 8);
	}
	if (in->nsrc && s->kind == GEN_OPND_DIRECT && s->rn == GEN_RN_GRF)
		gen_fp_add(rd, s->nr * GRF_BYTES + s->sub,
		           in->op == GEN_OP_RET ? 8 : 4);
}

void gen_inst_footprint(const struct gen_inst *in, const struct gen_fp_env *env,
                        struct gen_fp *rd, struct gen_fp *wr)
{
	gen_fp_clear(rd);
	gen_fp_clear(wr);
	switch (gen_op_table[in->op].fmt) {
	case GEN_FMT_SEND: case GEN_FMT_SENDS:
		send_fp(in, env, rd, wr);
		return;
	case GEN_FMT_JMP_JIP: case GEN_FMT_JMP_JIP_UIP: case GEN_FMT_JMPI:
	case GEN_FMT_CALL: case GEN_FMT_RET: case GEN_FMT_BRD: case GEN_FMT_BRC:
		flow_fp(in, rd, wr);
		return;
	case GEN_FMT_NULLARY: case GEN_FMT_WAIT: case GEN_FMT_SYNC:
		return;
	default:
		break;
	}
	unsigned nch = in->exec_size ? in->exec_size : 1;
	for (unsigned s = 0; s < in->nsrc && s < 3; s++)
		region(&in->src[s], false, nch, env, rd);
	if (in->dst.kind != GEN_OPND_NONE)
		region(&in->dst, true, nch, env, wr);
}
