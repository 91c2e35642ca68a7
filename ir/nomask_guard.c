/*
 * nomask_guard.c - the guard of the fused-EU NoMask workaround
 * (wa.fused_eu_nomask, TGLLP; finalizer/nomask_wa.c decides where):
 *
 *   (W)          mov (1) F 0
 *                cmp (S) (eq)F null r0.0<0;1,0>:uw r0.0<0;1,0>:uw
 *   (W&F.anyNh)  the NoMask instructions of the block
 *
 * The cmp runs with the thread's execution mask (S = dispatch width), so
 * F holds exactly the enabled channels; anyNh (N >= every guarded
 * instruction's last channel, at least S) makes every channel of a
 * guarded instruction see "the thread has an enabled channel".  IGC
 * builds the same sequence (visa/SWWA.cpp applyNoMaskWA, createFlagFromCmp
 * with UseAnyh) and its tgllp binaries carry it (p_transcend.pow_sqrt
 * simd32: cmp (32|M0) ... (W&f0.0.any32h)).
 *
 * Shared by the finalizer (before allocation), the spiller (fills and
 * spills of instructions in nested divergent code) and the call-save
 * code (after allocation, on a fixed flag register).
 */
#include "config.h"

#include <string.h>

#include "ir.h"

bool ir_guard_wanted(const struct ir_inst *in)
{
	return in->nomask && in->op != IR_OP_LABEL && in->op != GEN_OP_NOP &&
	       !ir_is_branch(in->op) &&
	       !(in->opts & (GEN_OPT_EOT | IR_OPT_GUARD));
}

struct ir_guard ir_guard_begin(struct ir_prog *p, unsigned span, int32_t fixed)
{
	unsigned simd = p->simd ? p->simd : 16, n = simd;
	while (n < span && n < 32)
		n *= 2;
	struct ir_guard g;
	g.pred = n <= 8 ? GEN_PRED_ANY8H : n <= 16 ? GEN_PRED_ANY16H
	                                           : GEN_PRED_ANY32H;
	unsigned bytes = n > 16 ? 4 : 2;
	enum gen_type ft = bytes == 4 ? GEN_TYPE_UD : GEN_TYPE_UW;
	g.flag = ir_vreg_new(p, IR_RF_FLAG, bytes, bytes);
	struct ir_vreg *r = ir_vreg(p, g.flag);
	r->flags |= IR_V_NOSPILL;
	r->name = "nomaskguard";
	if (fixed >= 0) {
		r->pin = r->loc = fixed;
		r->flags |= IR_V_PINNED;
	}
	ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(g.flag, 0, ft), ir_imm(0, ft));
	struct ir_inst *in = ir_op2(p, GEN_OP_CMP, simd, false,
	                            ir_null(GEN_TYPE_UW),
	                            ir_scalar(p->r0, 0, GEN_TYPE_UW),
	                            ir_scalar(p->r0, 0, GEN_TYPE_UW));
	in->cmod = GEN_CMOD_EQ;
	in->flag = g.flag;
	return g;
}

void ir_guard_set(struct ir_inst *in, struct ir_guard g, bool inverted)
{
	in->pred = g.pred;
	in->pinv = inverted;
	in->flag = g.flag;
	in->flag_off = 0;
	in->opts |= IR_OPT_GUARD;
}

/* Guard every unpredicated NoMask instruction of p->insts [start, end)
 * but the one at 'keep' (UINT32_MAX: none) behind one guard computed at
 * 'start'. */
void ir_guard_range(struct ir_prog *p, uint32_t start, uint32_t keep,
                    int32_t fixed)
{
	uint32_t n = p->insts.n;
	unsigned span = 0;
	for (uint32_t i = start; i < n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (i == keep || !ir_guard_wanted(in) || in->pred)
			continue;
		if ((unsigned)in->choff + in->exec > span)
			span = (unsigned)in->choff + in->exec;
	}
	if (!span)
		return;
	uint32_t k = n - start;
	struct ir_inst *tail = ir_alloc(p, k * sizeof *tail);
	memcpy(tail, p->insts.a + start, k * sizeof *tail);
	p->insts.n = start;
	uint32_t loc = p->loc;
	p->loc = tail[0].loc;
	struct ir_guard g = ir_guard_begin(p, span, fixed);
	p->loc = loc;
	for (uint32_t j = 0; j < k; j++) {
		struct ir_inst in = tail[j];
		if (start + j != keep && ir_guard_wanted(&in) && !in.pred)
			ir_guard_set(&in, g, false);
		ir_emit_copy(p, &in);
	}
}
