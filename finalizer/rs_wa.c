/*
 * rs_wa.c - the register read-suppression workaround (wa.read_suppression,
 * TGLLP): a dummy "(W) csel (4) (eq)f0.0 r0.0<1>:w r0.0 r0.0 r0.0" right
 * before every predicated goto, if, while and break (SIMD control flow
 * that may diverge) and before every predicated send that writes a
 * register.
 *
 * Source: IGC Optimizer.cpp insertDummyMovForHWRSWA / insertDummyCsel
 * (the instructions it guards: G4_INST::isRSWADivergentInst = goto,
 * while, if, break not known uniform; predicated sends with a non-null
 * destination); every such spot in IGC's tgllp corpus binaries carries
 * the csel (e.g. p_histogram.histogram256 before "(f0.1) while").
 *
 * The csel writes r0.0-r0.3 (words) with what they hold (src0 = src1)
 * and does not write f0.0 (csel's condition only selects), so it changes
 * no value; the SWSB pass orders it like any other writer of r0.  Runs
 * after register allocation: the operands are the physical r0.
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"

bool ir_read_suppression_wa(struct ir_prog *p);

static uint32_t chan_mask(const struct ir_inst *in)
{
	uint32_t m = in->exec >= 32 ? 0xFFFFFFFFu : (1u << in->exec) - 1;
	return m << in->choff;
}

static bool scalar_sources(const struct ir_inst *in)
{
	for (unsigned k = 0; k < in->nsrc; k++) {
		const struct ir_opnd *o = &in->src[k];
		if (o->kind == IR_O_IMM)
			continue;
		if (o->kind != IR_O_REG || o->rgn.vs != 0 || o->rgn.hs != 0)
			return false;
	}
	return true;
}

/* Flags whose channels all hold the same value (bits[v]: the channels
 * written): every writer is an unpredicated NoMask compare of scalars
 * and they all compute the same thing (the halves of one split compare);
 * a flag written any other way (a move, a spill reload) is not. */
struct alike {
	const struct ir_inst **first;   /* per flag vreg: first writer */
	uint32_t *bits;
	uint8_t *no;
};

static void flag_def(void *ctx, const struct ir_inst *in,
                     const struct ir_opnd *o, bool def)
{
	struct alike *a = ctx;
	if (!def || o->kind != IR_O_REG || !a->first)
		return;
	uint32_t v = o->v;
	bool cmod_write = in->flag == v && in->cmod && o->off == in->flag_off;
	const struct ir_inst *d = a->first[v] ? a->first[v] : in;
	if (!cmod_write || !in->nomask || in->pred || !scalar_sources(in) ||
	    (in->dst.kind == IR_O_REG && in->dst.v == v) ||
	    d->op != in->op || d->cmod != in->cmod || d->nsrc != in->nsrc ||
	    memcmp(d->src, in->src, sizeof in->src))
		a->no[v] = 1;
	a->first[v] = d;
	a->bits[v] |= chan_mask(in);
}

static void alike_flags(struct ir_prog *p, struct alike *a)
{
	uint32_t nv = p->vregs.n + 1;
	a->first = ir_alloc(p, nv * sizeof *a->first);
	a->bits = ir_alloc(p, nv * sizeof *a->bits);
	a->no = ir_alloc(p, nv);
	memset(a->first, 0, nv * sizeof *a->first);
	memset(a->bits, 0, nv * sizeof *a->bits);
	memset(a->no, 0, nv);
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		ir_for_each_opnd(in, flag_def, a);
	}
}

/* A branch whose predicate is the same in every channel cannot diverge:
 * it is what IGC calls a uniform goto (a SIMD1 or unpredicated one,
 * G4_InstCF isUniformBr), which gets no csel. */
static bool uniform_branch(const struct ir_prog *p, const struct alike *a,
                           const struct ir_inst *in)
{
	return in->pred == GEN_PRED_NORMAL && in->flag &&
	       p->vregs.a[in->flag].file == IR_RF_FLAG && !a->no[in->flag] &&
	       a->first[in->flag] && in->flag_off == a->first[in->flag]->flag_off &&
	       (chan_mask(in) & ~a->bits[in->flag]) == 0;
}

static bool guarded(const struct ir_prog *p, const struct alike *a,
                    const struct ir_inst *in)
{
	if (!in->pred)
		return false;
	switch (in->op) {
	case GEN_OP_GOTO: case GEN_OP_IF: case GEN_OP_WHILE:
	case GEN_OP_BREAK:
		return !uniform_branch(p, a, in);
	default:
		break;
	}
	if (!ir_is_send(in->op))
		return false;
	return !(in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL) &&
	       in->dst.kind != IR_O_NONE;
}

static void dummy_csel(struct ir_prog *p, uint32_t loc)
{
	struct ir_opnd r0 = ir_arf(GEN_RN_GRF, 0, 0, GEN_TYPE_W);
	struct ir_opnd src = r0;
	src.rgn = (struct gen_region){ 4, 4, 1 };
	struct ir_opnd dst = r0;
	dst.rgn = (struct gen_region){ 0, 0, 1 };
	struct ir_inst *in = ir_op3(p, GEN_OP_CSEL, 4, true, dst, src, src, src);
	in->cmod = GEN_CMOD_EQ;
	in->loc = loc;
}

bool ir_read_suppression_wa(struct ir_prog *p)
{
	if (!p->plat->wa.read_suppression)
		return true;
	struct alike a;
	alike_flags(p, &a);
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		if (guarded(p, &a, in))
			dummy_csel(p, in->loc);
		ir_emit_copy(p, in);
	}
	return true;
}
