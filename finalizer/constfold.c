/*
 * constfold.c - integer constant folding and identities, per block.
 *
 *   shr (1) t = 0x8, 0x4           mov (1) t = 0x0
 *   shr (8) u = x, t      ->       mov (8) u = x      (t known 0)
 *   mul (8) v = y, 0x0             mov (8) v = 0x0
 *
 * A scalar NoMask unpredicated move of an immediate into a register makes
 * that register a known constant until the end of the block or the next
 * write of it; reads of it as a scalar of the same size become the
 * immediate.  An integer add, mul, and, or, xor, shl, shr, asr whose
 * sources are then both immediates becomes a move of the result; one
 * with an identity operand (x + 0, x | 0, x ^ 0, x << 0, x * 1) a move of
 * x; x * 0 and x & 0 a move of 0.  IGC's vISA has such instructions
 * (e.g. skl p_subgroup.sg_shuffle_rotate "shr (M1_NM, 1) V0059 0x8:ud
 * 0x4:d", p_intdiv.ldiv_mixed "mul (M1, 8) V0087 V0082 0x0:d") and
 * GenX_IR folds them.  The moves left behind are forwarded by copyprop,
 * which runs next.
 *
 * Only unpredicated instructions without condition modifier, saturation
 * or source modifiers, on integer types of at most 4 bytes (the result is
 * the low bits of the 64-bit computation, as the hardware's 32-bit
 * result converted to the destination type); registers that are address
 * taken (written through a0) are never tracked.
 * Runs after goto, before copyprop.  Invalidates nothing (instructions
 * are rewritten in place).
 */
#include "config.h"

#include <string.h>

#include "../ir/ir.h"
#include "opnd_count.h"

bool ir_constfold(struct ir_prog *p);

struct known {
	bool valid;
	int32_t off;
	uint8_t size;
	uint64_t bits;
};

/* Word and dword integers (no byte immediates exist). */
static bool small_int(unsigned t)
{
	unsigned sz = gen_type_size((enum gen_type)t);
	return t <= GEN_TYPE_Q && sz >= 2 && sz <= 4;
}

static bool is_signed(unsigned t)
{
	return t == GEN_TYPE_B || t == GEN_TYPE_W || t == GEN_TYPE_D;
}

static uint64_t size_mask(unsigned bytes)
{
	return bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1;
}

/* The value of an integer immediate, extended from its type. */
static int64_t imm_value(const struct ir_opnd *o)
{
	unsigned sz = gen_type_size((enum gen_type)o->type);
	uint64_t v = o->imm & size_mask(sz);
	if (is_signed(o->type) && sz < 8 && (v >> (8 * sz - 1)) & 1)
		v |= ~size_mask(sz);
	return (int64_t)v;
}

static bool fold_op(unsigned op, int64_t a, int64_t b, uint64_t ua,
                    unsigned sa, int64_t *r)
{
	switch (op) {
	case GEN_OP_ADD: *r = (int64_t)((uint64_t)a + (uint64_t)b); return true;
	case GEN_OP_MUL: *r = (int64_t)((uint64_t)a * (uint64_t)b); return true;
	case GEN_OP_AND: *r = a & b; return true;
	case GEN_OP_OR: *r = a | b; return true;
	case GEN_OP_XOR: *r = a ^ b; return true;
	case GEN_OP_SHL: *r = (int64_t)((uint64_t)a << (b & 31)); return true;
	case GEN_OP_SHR: *r = (int64_t)((ua & size_mask(sa)) >> (b & 31)); return true;
	case GEN_OP_ASR: *r = a >> (b & 31); return true;
	default: return false;
	}
}

static bool foldable_op(unsigned op)
{
	int64_t r;
	return fold_op(op, 0, 0, 0, 4, &r);
}

static bool trackable(const struct ir_prog *p, uint32_t v)
{
	const struct ir_vreg *r = &p->vregs.a[v];
	return r->file == IR_RF_GRF &&
	       !(r->flags & (IR_V_ADDR_TAKEN | IR_V_PINNED | IR_V_GLOBAL));
}

static void to_mov(struct ir_inst *in, struct ir_opnd src)
{
	in->op = GEN_OP_MOV;
	in->nsrc = 1;
	in->src[0] = src;
	memset(&in->src[1], 0, sizeof in->src[1]);
	memset(&in->src[2], 0, sizeof in->src[2]);
}

/* Replace scalar reads of known constants by immediates. */
static void use_known(const struct ir_prog *p, struct ir_inst *in,
                      const struct known *k)
{
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct ir_opnd *o = &in->src[s];
		if (o->kind != IR_O_REG || o->mods || o->mme ||
		    !trackable(p, o->v) || !k[o->v].valid ||
		    k[o->v].off != o->off || !small_int(o->type) ||
		    gen_type_size((enum gen_type)o->type) != k[o->v].size ||
		    (in->exec > 1 && !ir_opnd_is_scalar(o)))
			continue;
		*o = ir_imm(k[o->v].bits, (enum gen_type)o->type);
	}
}

static bool simplify(struct ir_inst *in)
{
	if (!foldable_op(in->op) || in->nsrc != 2 || !small_int(in->dst.type))
		return false;
	struct ir_opnd *a = &in->src[0], *b = &in->src[1];
	for (unsigned s = 0; s < 2; s++)
		if (!small_int(in->src[s].type) || in->src[s].mods ||
		    in->src[s].mme)
			return false;
	unsigned dsz = gen_type_size((enum gen_type)in->dst.type);
	bool shift = in->op == GEN_OP_SHL || in->op == GEN_OP_SHR ||
	             in->op == GEN_OP_ASR;
	/* both immediates; shifts only of dwords (the count's bits the
	 * hardware uses differ for words), asr only of signed values */
	if (a->kind == IR_O_IMM && b->kind == IR_O_IMM &&
	    (!shift || gen_type_size((enum gen_type)a->type) == 4) &&
	    (in->op != GEN_OP_ASR || is_signed(a->type))) {
		int64_t r = 0;
		fold_op(in->op, imm_value(a), imm_value(b), a->imm,
		        gen_type_size((enum gen_type)a->type), &r);
		to_mov(in, ir_imm((uint64_t)r & size_mask(dsz),
		                  (enum gen_type)in->dst.type));
		return true;
	}
	bool commut = !shift;
	struct ir_opnd *x = a, *c = b;
	if (c->kind != IR_O_IMM && commut) {
		x = b;
		c = a;
	}
	if (c->kind != IR_O_IMM || x->kind == IR_O_IMM)
		return false;
	int64_t v = imm_value(c);
	/* shifts use the low 5 bits of the count */
	if (!commut)
		v &= 31;
	bool ident = v == 0 ? in->op != GEN_OP_MUL && in->op != GEN_OP_AND
	                    : v == 1 && in->op == GEN_OP_MUL;
	bool zero = v == 0 && (in->op == GEN_OP_MUL || in->op == GEN_OP_AND);
	if (ident) {
		to_mov(in, *x);
		return true;
	}
	if (zero) {
		to_mov(in, ir_imm(0, (enum gen_type)in->dst.type));
		return true;
	}
	return false;
}

static void forget_dst(const struct ir_prog *p, const struct ir_inst *in,
                       struct known *k)
{
	if (in->dst.kind == IR_O_REG && in->dst.v < p->vregs.n)
		k[in->dst.v].valid = false;
}

/* What the walk finds out about the operands of the code the pass
 * leaves (struct fin_opnd_facts), for copyprop and byte_layout, the
 * next passes (issue 12: a walk over every instruction fewer in each);
 * kept in a scratch scope of its own (ir_carry_keep), NULL when none
 * could be opened. */
static struct fin_opnd_facts *facts_begin(struct ir_prog *p)
{
	ir_scratch_begin(p);
	if (p->scratch_deep) {
		ir_scratch_end(p);
		return NULL;
	}
	struct fin_opnd_facts *f = ir_alloc(p, sizeof *f);
	f->reads = ir_alloc(p, ((size_t)p->vregs.n + 1) * sizeof(uint32_t));
	f->narrow = false;
	return f;
}

/* Instruction 'in' is final (only its own step changes it). */
static void facts_add(const struct ir_prog *p, const struct ir_inst *in,
                      struct fin_opnd_facts *f)
{
	if (!f)
		return;
	fin_count_reads(in, f->reads);
	fin_note_narrow(p, in, f);
}

static void facts_keep(struct ir_prog *p, struct fin_opnd_facts *f)
{
	if (f && !ir_carry_keep(p, IR_CARRY_OPNDS, f))
		ir_scratch_end(p);
}

bool ir_constfold(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n;
	struct fin_opnd_facts *facts = facts_begin(p);
	/* made at the first constant tracked (issue 12: a kernel without
	 * one does not clear 16 bytes per register): until then nothing is
	 * valid, nothing to use or forget */
	struct known *k = NULL;
	uint32_t *live = NULL;
	uint32_t nlive = 0;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL || ir_is_branch(in->op)) {
			for (uint32_t j = 0; j < nlive; j++)
				k[live[j]].valid = false;
			nlive = 0;
			facts_add(p, in, facts);
			continue;
		}
		bool plain = !in->pred && !in->cmod && !in->sat && !in->flag &&
		             !in->reloc && in->op < GEN_OP_COUNT &&
		             !ir_is_send(in->op);
		if (plain) {
			/* a valid constant is always on the live list: none
			 * listed, none to use (issue 12: most code) */
			if (nlive)
				use_known(p, in, k);
			simplify(in);
		}
		if (k)
			forget_dst(p, in, k);
		if (plain && in->op == GEN_OP_MOV && in->exec == 1 && in->nomask &&
		    in->src[0].kind == IR_O_IMM && in->dst.kind == IR_O_REG &&
		    small_int(in->dst.type) && in->src[0].type == in->dst.type &&
		    trackable(p, in->dst.v)) {
			if (!k) {
				k = ir_alloc(p, nv * sizeof *k);   /* zeroed */
				live = ir_alloc(p, (p->insts.n + 1) * sizeof *live);
			}
			struct known *e = &k[in->dst.v];
			unsigned sz = gen_type_size((enum gen_type)in->dst.type);
			e->valid = true;
			e->off = in->dst.off;
			e->size = (uint8_t)sz;
			e->bits = in->src[0].imm & size_mask(sz);
			live[nlive++] = in->dst.v;
		}
		facts_add(p, in, facts);
	}
	facts_keep(p, facts);
	return true;
}
