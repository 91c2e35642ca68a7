/*
 * nomask_wa.c - the fused-EU NoMask workaround (wa.fused_eu_nomask,
 * TGLLP).
 *
 * On TGLLP two EUs run fused, one instruction stream for both threads.
 * When the channels of one thread all leave a branch that the other
 * thread's channels take, the first thread still walks the branch with
 * no channel enabled: ordinary instructions do nothing, but NoMask (W)
 * instructions execute, writing registers and memory the thread's own
 * control flow never meant to touch.  IGC (Optimizer.cpp "[NoMask WA]",
 * GEN-FACTS 8) therefore guards every (W) instruction of a divergent
 * block with a flag that is all ones when the thread has an enabled
 * channel and all zeros when it has none:
 *
 *   (W)          mov (1) F 0
 *                cmp (N) (eq)F null r0.0<0;1,0>:uw r0.0<0;1,0>:uw
 *   (W&F.anyNh)  mov (1) F:ud 0xFFFFFFFF  (N = 16, 32 at SIMD32)
 *   (W&F)        the block's NoMask instructions
 *
 * (the cmp of a value with itself sets exactly the enabled channels).
 * IGC's tgllp binaries, e.g. p_index3d.tile_offsets, have this sequence.
 *
 * Divergent code, conservatively in layout order: every instruction
 * between a SIMD branch that may split the channels (a predicated goto,
 * if, while or break wider than one channel) and each of its targets, and
 * the whole body of every subroutine and function (they may be called
 * from divergent code).  Runs after splitting and before register
 * allocation: F is a fresh flag register per block.  A NoMask instruction
 * that writes a flag through its condition modifier (the flag field is
 * also the predicate's) writes a copy, moved back under F.  One that
 * already has a predicate is VF_ERR_UNSUPPORTED in divergent code.  Branches and the EOT send are
 * left alone.  A guarded write counts as a full one for liveness
 * (IR_OPT_GUARD): the thread that runs it writes it all, the one that
 * does not keeps what the register held.  Instructions added later (spill and call-save code) are
 * not guarded (docs/platforms.md, open problems).
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"

bool ir_nomask_wa(struct ir_prog *p);

static bool splits_channels(const struct ir_inst *in)
{
	switch (in->op) {
	case GEN_OP_GOTO: case GEN_OP_IF: case GEN_OP_WHILE:
	case GEN_OP_BREAK:
		return in->exec > 1 && in->pred != GEN_PRED_NONE;
	default:
		return false;
	}
}

static void mark(bool *div, int32_t a, int32_t b)
{
	if (a < 0 || b < 0)
		return;
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;
	for (int32_t k = lo; k <= hi; k++)
		div[k] = true;
}

/* div[i]: instruction i may run with some channels of the thread off. */
static void divergent(struct ir_prog *p, const struct ir_inst *a, uint32_t n,
                      bool *div)
{
	int32_t *lpos = ir_alloc(p, (p->labels.n + 1) * sizeof *lpos);
	for (uint32_t l = 0; l < p->labels.n; l++)
		lpos[l] = -1;
	for (uint32_t i = 0; i < n; i++)
		if (a[i].op == IR_OP_LABEL)
			lpos[a[i].src[0].v] = (int32_t)i;
	bool in_sub = false, code = false;
	for (uint32_t i = 0; i < n; i++) {
		/* a subroutine or function label after the kernel's first
		 * instruction (the kernel's own label comes first) */
		if (a[i].op == IR_OP_LABEL &&
		    p->labels.a[a[i].src[0].v].kind != IR_L_BLOCK && code)
			in_sub = true;
		if (a[i].op != IR_OP_LABEL)
			code = true;
		if (in_sub)
			div[i] = true;
		if (!splits_channels(&a[i]))
			continue;
		if (a[i].jip >= 0)
			mark(div, (int32_t)i, lpos[a[i].jip]);
		if (a[i].uip >= 0)
			mark(div, (int32_t)i, lpos[a[i].uip]);
	}
}

static bool guardable(const struct ir_inst *in)
{
	return in->nomask && in->op != IR_OP_LABEL && !ir_is_branch(in->op) &&
	       !(in->opts & GEN_OPT_EOT);
}

/* The guard flag of the current block: all ones or all zeros. */
static uint32_t guard_flag(struct ir_prog *p, uint32_t loc)
{
	unsigned simd = p->simd ? p->simd : 16;
	bool wide = simd > 16;
	/* 32 bits even below SIMD32: a (W) instruction at M16 (payload
	 * halves) reads flag bits 16-31 */
	enum gen_type ft = GEN_TYPE_UD;
	uint32_t f = ir_flag_new(p, 32);
	struct ir_inst *in = ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(f, 0, ft),
	                            ir_imm(0, ft));
	in->loc = loc;
	for (unsigned c = 0; c < simd; c += 16) {
		unsigned e = simd - c < 16 ? simd - c : 16;
		in = ir_op2(p, GEN_OP_CMP, e, false, ir_null(GEN_TYPE_UW),
		            ir_scalar(p->r0, 0, GEN_TYPE_UW),
		            ir_scalar(p->r0, 0, GEN_TYPE_UW));
		in->cmod = GEN_CMOD_EQ;
		in->flag = f;
		in->choff = (uint8_t)c;
		in->loc = loc;
	}
	in = ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(f, 0, ft),
	            ir_imm(0xFFFFFFFFu, ft));
	in->pred = wide ? GEN_PRED_ANY32H : GEN_PRED_ANY16H;
	in->flag = f;
	in->loc = loc;
	return f;
}

/* (W) op (cmod)X ...  ->  (W) mov T X;  (W) op (cmod)T ...;
 * (W&F) mov X T: the flag changes only where the thread has channels,
 * and bits the instruction does not write keep X's value. */
static void flag_write(struct ir_prog *p, struct ir_inst *in, uint32_t f)
{
	uint32_t x = in->flag, size = p->vregs.a[x].size;
	enum gen_type t = size > 2 ? GEN_TYPE_UD : GEN_TYPE_UW;
	uint32_t tmp = ir_flag_new(p, size > 2 ? 32 : 16);
	struct ir_inst *m = ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(tmp, 0, t),
	                           ir_scalar(x, 0, t));
	m->loc = in->loc;
	in->flag = tmp;
	ir_emit_copy(p, in);
	m = ir_op1(p, GEN_OP_MOV, 1, true, ir_reg(x, 0, t),
	           ir_scalar(tmp, 0, t));
	m->pred = GEN_PRED_NORMAL;
	m->opts |= IR_OPT_GUARD;
	m->flag = f;
	m->loc = in->loc;
}

/* (W&P) op  ->  (W) and T P F;  (W&T) op  (with ~P: not, then and);
 * T is laid out as P (the predicate's offset in it is kept). */
static uint32_t both_flags(struct ir_prog *p, const struct ir_inst *in,
                           uint32_t f)
{
	uint32_t size = p->vregs.a[in->flag].size;
	enum gen_type t = size > 2 ? GEN_TYPE_UD : GEN_TYPE_UW;
	uint32_t tmp = ir_flag_new(p, size > 2 ? 32 : 16);
	struct ir_opnd pr = ir_scalar(in->flag, 0, t);
	struct ir_inst *m;
	if (in->pinv) {
		m = ir_op1(p, GEN_OP_NOT, 1, true, ir_reg(tmp, 0, t), pr);
		m->loc = in->loc;
		pr = ir_scalar(tmp, 0, t);
	}
	m = ir_op2(p, GEN_OP_AND, 1, true, ir_reg(tmp, 0, t), pr,
	           ir_scalar(f, 0, t));
	m->loc = in->loc;
	return tmp;
}

bool ir_nomask_wa(struct ir_prog *p)
{
	if (!p->plat->wa.fused_eu_nomask)
		return true;
	struct ir_insts_old old = ir_rewrite_begin(p);
	bool *div = ir_alloc(p, old.n + 1);
	memset(div, 0, old.n + 1);
	divergent(p, old.a, old.n, div);
	uint32_t f = 0;
	for (uint32_t i = 0; i < old.n; i++) {
		struct ir_inst in = old.a[i];
		p->loc = in.loc;
		if (in.op == IR_OP_LABEL || ir_is_branch(in.op))
			f = 0;             /* a new block: a new guard */
		if (!div[i] || !guardable(&in)) {
			ir_emit_copy(p, &in);
			continue;
		}
		if (in.pred != GEN_PRED_NONE &&
		    (in.pred != GEN_PRED_NORMAL || in.cmod != GEN_CMOD_NONE))
			return ir_unsupported(p, "a NoMask instruction with a "
			                      "%s predicate in divergent code on "
			                      "%s (fused-EU NoMask workaround)",
			                      in.cmod ? "flag-writing" : "group",
			                      p->plat->name);
		if (!f)
			f = guard_flag(p, in.loc);
		if (in.pred != GEN_PRED_NONE) {
			in.flag = both_flags(p, &in, f);
			in.pinv = false;
			ir_emit_copy(p, &in);
			continue;
		}
		if (in.flag && in.cmod != GEN_CMOD_NONE) {
			/* pred and cmod share the flag field: the instruction
			 * writes a copy of its flag, which goes back guarded */
			flag_write(p, &in, f);
			continue;
		}
		in.pred = GEN_PRED_NORMAL;
		in.opts |= IR_OPT_GUARD;
		in.flag = f;
		in.flag_off = 0;
		ir_emit_copy(p, &in);
	}
	return true;
}
