/*
 * rs_wa.c - the register read-suppression workaround (wa.read_suppression,
 * TGLLP): a dummy "(W) csel (4) (eq)f0.0 r0.0<1>:w r0.0 r0.0 r0.0" right
 * before every predicated goto, if, while and break (SIMD control flow
 * that may diverge) and before every predicated send that writes a
 * register.
 *
 * Source: IGC SWWA.cpp insertDummyMovForHWRSWAonaAllpipelines /
 * insertDummyCsel (the instructions it guards: G4_INST::isRSWADivergentInst
 * = goto, while, if, break that is not isUniform(), i.e. not a SIMD1 or
 * unpredicated goto; predicated sends with a non-null destination); every
 * such spot in IGC's tgllp corpus binaries carries the csel (e.g.
 * p_histogram.histogram256 before "(f0.1) while").  IGC also puts it
 * before a SIMD goto whose predicate a NoMask compare of scalars made
 * alike in every channel (p_sort.bitonic_local's "(f1.1) while"), so we
 * do too: the hardware bug is not documented, IGC's cases are the
 * evidence.  IGC skips a branch right after an "else"; we emit no else.
 *
 * The csel writes r0.0-r0.3 (words) with what they hold (src0 = src1)
 * and does not write f0.0 (csel's condition only selects), so it changes
 * no value; the SWSB pass orders it like any other writer of r0.  Runs
 * after register allocation: the operands are the physical r0.
 */
#include "config.h"

#include "../ir/ir.h"

bool ir_read_suppression_wa(struct ir_prog *p);

static bool guarded(const struct ir_inst *in)
{
	if (!in->pred)
		return false;
	switch (in->op) {
	case GEN_OP_GOTO: case GEN_OP_IF: case GEN_OP_WHILE:
	case GEN_OP_BREAK:
		return true;
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
	/* nothing guarded: nothing to insert, no copy (issue 12) */
	bool any = false;
	for (uint32_t i = 0; i < p->insts.n && !any; i++)
		any = guarded(&p->insts.a[i]);
	if (!any) {
		if (p->insts.n)   /* where the walk below would leave it */
			p->loc = p->insts.a[p->insts.n - 1].loc;
		return true;
	}
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		if (guarded(in))
			dummy_csel(p, in->loc);
		ir_emit_copy(p, in);
	}
	return true;
}
