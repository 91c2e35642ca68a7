/*
 * gen_random_ctl.c - random legal SEND, branch, wait, sync, nop and
 * illegal instructions for the property test.
 *
 * SEND (GEN-FACTS.md 2.6, 3.4, 6; Mesa send_restrictions): src0 is a
 * direct GRF; EOT needs src0 in r112-r127 and a null dst; before Gen12
 * the printed ExDesc carries the SFID in bits 3:0 and EOT in bit 5, a
 * plain send keeps only ExDesc[31:16] (none on BDW) and sends keeps
 * [9:6] (src1 length) and [31:16]; the descriptor comes from an
 * immediate or a0.0 (sends/Gen12: the ExDesc also from a0.N).  Gen12
 * SFIDs 1, 14, 15 and sync.fence do not exist (GED rejects them).
 *
 * Branches (GEN-FACTS.md 2.5): targets are instruction starts; jmpi,
 * call, calla, brd and brc also take a register; Gen8-11 branch
 * operands are typed :d (IGA's implied type), Gen12 ones untyped.
 */
#include "config.h"

#include <string.h>

#include "gen_random.h"

static void clear(struct gctx *c)
{
	uint16_t op = c->in->op;
	memset(c->in, 0, sizeof(*c->in));
	c->in->op = op;
}

static bool is_sends(const struct gctx *c)
{
	return gen_op_table[c->in->op].fmt == GEN_FMT_SENDS;
}

/* ---- SEND ---------------------------------------------------------- */

static uint8_t pick_sfid(struct gctx *c)
{
	static const uint8_t sfids[] = { 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };
	return PICK(&c->r, sfids);
}

static uint32_t pick_desc(struct gctx *c)
{
	uint32_t mlen = 1 + rnd(&c->r, 15), rlen = rnd(&c->r, 17);
	uint32_t v = (uint32_t)rng_next(&c->r) & 0x000FFFFFu;  /* header, fc */
	v |= mlen << 25 | rlen << 20;
	if (c->e == GEN_ENC_GEN12)
		v |= (uint32_t)(rng_next(&c->r) & 3u) << 30;
	else if (c->e == GEN_ENC_GEN8)
		v &= 0x1FFFFFFFu;
	return v;
}

static void send_reg(struct gctx *c, struct gen_opnd *o, bool may_null,
                     uint8_t type)
{
	o->kind = GEN_OPND_DIRECT;
	o->type = type;
	o->rgn = (struct gen_region){ 0, 1, 0 };
	if (may_null && chance(&c->r, 25)) {
		o->rn = GEN_RN_NULL;
		return;
	}
	o->rn = GEN_RN_GRF;
	o->nr = (uint16_t)rnd(&c->r, 128);
}

/* What the decoder derives for the // wr:/rd: comment. */
static void send_lengths(struct gctx *c)
{
	struct gen_inst *in = c->in;
	if (!in->desc.is_reg) {
		in->src0_len = (uint8_t)((in->desc.imm >> 25) & 0xF);
		in->dst_len = (uint8_t)((in->desc.imm >> 20) & 0x1F);
	}
	if (!in->exdesc.is_reg)
		in->src1_len = (uint8_t)((in->exdesc.imm >> 6) & 0x1F);
	if (in->nsrc == 2 && in->src[1].rn == GEN_RN_NULL && in->exdesc.is_reg)
		in->src1_len = 0;
}

/* The ExDesc as the decoder rebuilds it. */
static void send_exdesc(struct gctx *c, bool eot)
{
	struct gen_inst *in = c->in;
	bool sends = is_sends(c);
	if ((sends || c->e == GEN_ENC_GEN12) && chance(&c->r, 15)) {
		/* the SFID then comes from a0.N[3:0]; IGA writes 0 */
		in->exdesc.is_reg = true;
		in->exdesc.a0_sub = (uint8_t)rnd(&c->r, 8);
		if (sends)
			in->sfid = 0;
		return;
	}
	if (c->e == GEN_ENC_GEN12) {
		/* [10:6] = src1 length, [31:11] extended function control */
		uint32_t v = in->src[1].rn == GEN_RN_NULL ? 0
		             : (uint32_t)(1 + rnd(&c->r, 16)) << 6;
		if (chance(&c->r, 30))
			v |= (uint32_t)rng_next(&c->r) & 0xFFFFF800u;
		in->exdesc.imm = v;
		return;
	}
	uint32_t v = in->sfid | (eot ? 0x20u : 0);
	if (sends && in->src[1].rn != GEN_RN_NULL)
		v |= (uint32_t)(1 + rnd(&c->r, 15)) << 6;
	in->exdesc.imm = v;
}

static void send_eot(struct gctx *c)
{
	struct gen_inst *in = c->in;
	in->opts |= GEN_OPT_EOT;
	in->dst.rn = GEN_RN_NULL;
	in->dst.nr = 0;
	in->src[0].rn = GEN_RN_GRF;
	in->src[0].nr = (uint16_t)(112 + rnd(&c->r, 16));
}

/* r[a0.N, off] destination (Gen8-11); sends keeps 16-byte offsets,
 * GRF-aligned ones are used for both. */
static void send_indirect_dst(struct gctx *c)
{
	struct gen_opnd *o = &c->in->dst;
	o->kind = GEN_OPND_INDIRECT;
	o->rn = GEN_RN_GRF;
	o->nr = 0;
	o->ia_sub = (uint8_t)rnd(&c->r, 16);
	o->ia_imm = (int16_t)(((int)rnd(&c->r, 32) - 16) * 32);
	o->rgn.hs = 1;
}

static void send_options(struct gctx *c)
{
	struct gen_inst *in = c->in;
	if (chance(&c->r, 25))
		in->opts |= GEN_OPT_NOMASK;
	if (chance(&c->r, 3))
		in->opts |= GEN_OPT_BREAKPOINT;
	if (c->e == GEN_ENC_GEN12) {
		if (chance(&c->r, 10))
			in->opts |= GEN_OPT_SERIALIZE;
		return;
	}
	if (c->e == GEN_ENC_GEN8)
		return;  /* BDW send has no ThreadCtrl / NoSrcDepSet */
	if (chance(&c->r, 10))
		in->opts |= GEN_OPT_NOSRCDEPSET;
	unsigned k = rnd(&c->r, 100);
	if (k < 5)
		in->opts |= GEN_OPT_ATOMIC;
	else if (k < 9 && c->e == GEN_ENC_GEN9)  /* Gen11: no Switch */
		in->opts |= GEN_OPT_SWITCH;
}

void build_send(struct gctx *c)
{
	/* SIMD2 sends: issue 9 item 7 (BDW's implied src0 region <2;2,1>;
	 * iga64 -a -Wall warns on a :f send source, so the :f case is in
	 * tests/unit/test_gen_encode.c) */
	static const uint8_t es[] = { 1, 2, 4, 8, 8, 16, 16 };
	static const uint8_t types[] = { GEN_TYPE_UD, GEN_TYPE_UD, GEN_TYPE_UW,
	                                 GEN_TYPE_W, GEN_TYPE_D, GEN_TYPE_F };
	struct gen_inst *in = c->in;
	bool gen12 = c->e == GEN_ENC_GEN12, two = is_sends(c) || gen12;
	clear(c);
	in->exec_size = PICK(&c->r, es);
	pick_chan_off(c);
	in->nsrc = two ? 2 : 1;
	in->sfid = pick_sfid(c);
	in->fc = 0;
	uint8_t dt = gen12 ? GEN_TYPE_UB : PICK(&c->r, types);
	send_reg(c, &in->dst, true, dt);
	in->dst.rgn.hs = 1;
	send_reg(c, &in->src[0], false, gen12 ? GEN_TYPE_UB : GEN_TYPE_UD);
	if (two)
		send_reg(c, &in->src[1], true, gen12 ? GEN_TYPE_UB : GEN_TYPE_INVALID);
	bool eot = chance(&c->r, 8);
	if (eot)
		send_eot(c);
	else if (!gen12 && chance(&c->r, 8))
		send_indirect_dst(c);
	in->desc.is_reg = chance(&c->r, 15);
	if (!in->desc.is_reg)
		in->desc.imm = pick_desc(c);
	send_exdesc(c, eot);
	send_lengths(c);
	gen_header(c, true, false);
	send_options(c);
	gen_swsb(c, true);
}

/* ---- branches --------------------------------------------------------- */

/* A label target: forward (or backward) of this instruction. */
static void target(struct gctx *c, unsigned s, bool backward)
{
	unsigned i = c->index, n = c->count;
	int t;
	if (backward && i > 0)
		t = (int)rnd(&c->r, i + 1);
	else
		t = (int)(i + 1 + rnd(&c->r, (n - i < 24 ? n - i : 24)));
	c->target[s] = t;
	struct gen_opnd *o = &c->in->src[s];
	o->kind = GEN_OPND_LABEL;
	o->type = GEN_TYPE_INVALID;
}

/* Register operand of a branch (jmpi/call/ret/brd/brc target, call dst). */
static void branch_reg(struct gctx *c, struct gen_opnd *o, bool dst)
{
	bool gen12 = c->e == GEN_ENC_GEN12;
	o->kind = GEN_OPND_DIRECT;
	o->rn = GEN_RN_GRF;
	o->nr = (uint16_t)rnd(&c->r, 128);
	o->sub = (uint16_t)(4 * rnd(&c->r, 8));
	if (gen12) {
		o->type = dst ? GEN_TYPE_D : GEN_TYPE_INVALID;
		o->rgn = dst ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 1 }
		             : (struct gen_region){ 1, 1, 0 };
		return;
	}
	o->type = GEN_TYPE_D;
	o->rgn = dst ? (struct gen_region){ 0, 0, 1 } : (struct gen_region){ 0, 1, 0 };
	/* ret and brc read 64 bits: IGA's normal form is <2;2,1>
	 * (OpSpec::implicitSrcRegion); IGC's <0;2,1> ret draws a
	 * normal-form warning from iga64 -Wall (docs/gen-isa.md) */
	if (c->in->op == GEN_OP_RET || c->in->op == GEN_OP_BRC)
		o->rgn = (struct gen_region){ 2, 2, 1 };
}

static void typed_label(struct gctx *c, unsigned s, bool backward)
{
	target(c, s, backward);
	if (c->e != GEN_ENC_GEN12)
		c->in->src[s].type = GEN_TYPE_D;
}

static void branch_operands(struct gctx *c)
{
	struct gen_inst *in = c->in;
	enum gen_fmt f = (enum gen_fmt)gen_op_table[in->op].fmt;
	bool reg = chance(&c->r, 30);
	in->nsrc = 1;
	switch (f) {
	case GEN_FMT_JMP_JIP_UIP:
		in->nsrc = 2;
		target(c, 0, false);
		c->target[1] = c->target[0] + (int)rnd(&c->r, 4);
		in->src[1].kind = GEN_OPND_LABEL;
		in->src[1].type = GEN_TYPE_INVALID;
		if (c->target[1] > (int)c->count)
			c->target[1] = (int)c->count;
		return;
	case GEN_FMT_JMP_JIP:
		target(c, 0, in->op == GEN_OP_WHILE);
		return;
	case GEN_FMT_CALL:
		branch_reg(c, &in->dst, true);
		break;
	case GEN_FMT_RET:
		branch_reg(c, &in->src[0], false);
		return;
	default:
		break;
	}
	if (reg) {
		branch_reg(c, &in->src[0], false);  /* brc: one 64-bit register */
		return;
	}
	typed_label(c, 0, chance(&c->r, 30));
	if (f == GEN_FMT_BRC) {
		in->nsrc = 2;
		typed_label(c, 1, false);
	}
}

void build_branch(struct gctx *c)
{
	static const uint8_t es[] = { 1, 8, 16, 16, 32 };
	struct gen_inst *in = c->in;
	clear(c);
	enum gen_fmt f = (enum gen_fmt)gen_op_table[in->op].fmt;
	bool scalar = f == GEN_FMT_JMPI || f == GEN_FMT_CALL;
	in->exec_size = scalar ? 1 : PICK(&c->r, es);
	if (f != GEN_FMT_JMPI)
		pick_chan_off(c);
	branch_operands(c);
	gen_header(c, true, false);
	if (chance(&c->r, 40) || f == GEN_FMT_JMPI)
		in->opts |= GEN_OPT_NOMASK;
	if (gen_op_table[in->op].attrs & GEN_OA_BRCTL && chance(&c->r, 30))
		in->opts |= GEN_OPT_BRANCHCTRL;
	if (chance(&c->r, 3))
		in->opts |= GEN_OPT_BREAKPOINT;
	gen_swsb(c, false);
}

/* ---- wait, sync, nop, illegal --------------------------------------- */

static void build_sync(struct gctx *c)
{
	static const uint8_t fcs[] = { GEN_SYNC_NOP, GEN_SYNC_NOP, GEN_SYNC_ALLRD,
	                               GEN_SYNC_ALLWR, GEN_SYNC_BAR, GEN_SYNC_HOST };
	struct gen_inst *in = c->in;
	struct gen_opnd *o = &in->src[0];
	in->fc = PICK(&c->r, fcs);
	in->exec_size = 1;
	in->nsrc = 1;
	bool list = (in->fc == GEN_SYNC_ALLRD || in->fc == GEN_SYNC_ALLWR) &&
	            chance(&c->r, 60);
	if (list) {
		o->kind = GEN_OPND_IMM;
		o->type = GEN_TYPE_UD;
		o->imm = (rng_next(&c->r) & 0xFFFFu) | 1u << rnd(&c->r, 16);
	} else {
		o->kind = GEN_OPND_DIRECT;
		o->rn = GEN_RN_NULL;
		o->type = GEN_TYPE_UB;
		o->rgn = (struct gen_region){ 0, 1, 0 };
	}
	if (chance(&c->r, 30))
		in->opts |= GEN_OPT_NOMASK;
	if (!list)
		gen_swsb(c, false);
}

void build_misc(struct gctx *c)
{
	struct gen_inst *in = c->in;
	clear(c);
	switch (in->op) {
	case GEN_OP_WAIT: {
		struct gen_opnd *o = &in->src[0];
		in->exec_size = 1;
		in->nsrc = 1;
		o->kind = GEN_OPND_DIRECT;
		o->rn = GEN_RN_N;
		o->sub = (uint16_t)(4 * rnd(&c->r, 2));
		o->type = GEN_TYPE_UD;
		o->rgn = (struct gen_region){ 0, 1, 0 };
		if (chance(&c->r, 30))
			in->opts |= GEN_OPT_NOMASK;
		return;
	}
	case GEN_OP_SYNC:
		build_sync(c);
		return;
	case GEN_OP_NOP:
		if (chance(&c->r, 5))
			in->opts |= GEN_OPT_BREAKPOINT;
		gen_swsb(c, false);
		return;
	default:  /* illegal */
		return;
	}
}
