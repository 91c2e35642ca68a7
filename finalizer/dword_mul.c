/*
 * dword_mul.c - dword x dword multiplies where the platform has no vector
 * D x D multiplier (caps.def dw_mul_vector / dw_mul_to_q: BXT, ICLLP,
 * TGLLP).
 *
 * Before the sequence below is chosen: a dword immediate of word range
 * becomes :w/:uw (word_immediate); on TGLLP the narrow source of a
 * dword x narrow mul loses its modifiers (narrow_mods_wa, Wa_1604601757);
 * a product of scalars into a word or byte is one native (W) mul (1)
 * where caps.dw_mul_scalar (uniform_product); qword-strided operands stay
 * native where caps.dw_mul_qword_strided.
 *
 * Needs: builder IR (after copyprop), before legalize.  Leaves: every
 * vector mul of two dword operands the platform cannot do in one
 * instruction as the accumulator sequence, eight channels at a time (the
 * accumulator holds eight dwords):
 *
 *   (W) mul (8)  acc0:d   src0:d  src1.lo:uw    low half of the product
 *       mach (8) hi:d     src0:d  src1:d        {AccWrEn}: acc0 = low 32
 *       mov (8)  dst:d    acc0:d                bits, hi = high 32 bits
 *
 * hi is null unless the high half is wanted (a :q destination).  The mul
 * writes acc0 under NoMask (the mach reads all eight lanes); the mach
 * keeps the instruction's mask, the final mov its predicate and
 * condition modifier.  Facts: IGC visa/HWConformity.cpp fixMULInst and
 * fixMulSrc1 at cb07252e8^ ("If both source operands of an MUL
 * instruction are of dword integer type, only the lower 16 bits of data
 * elements in src0 are used"; on CHV/BXT "scalar insts are a-ok", a
 * vector one is native only with qword-aligned operands), the same
 * sequence in IGC's bxt binaries (shared/corpus/bxt/ IGC binaries, e.g.
 * p_index3d.volume_ids).  The one native vector case IGC keeps on BXT,
 * qword-strided operands (caps.dw_mul_qword_strided), stays native: its
 * .sat clamps the whole product, the sequence's only the low 32 bits.
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"

bool ir_dword_mul(struct ir_prog *p);

static bool is_dword(unsigned t)
{
	return t == GEN_TYPE_D || t == GEN_TYPE_UD;
}

static bool is_qword_int(unsigned t)
{
	return t == GEN_TYPE_Q || t == GEN_TYPE_UQ;
}

/* A dword immediate the hardware could not take as a word (a mul with a
 * word immediate is D x W, which every platform multiplies). */
static bool dword_opnd(const struct ir_opnd *o)
{
	if (!is_dword(o->type))
		return false;
	if (o->kind != IR_O_IMM)
		return o->kind == IR_O_REG || o->kind == IR_O_IND ||
		       o->kind == IR_O_ARF;
	int64_t v = o->type == GEN_TYPE_D ? (int64_t)(int32_t)o->imm
	                                  : (int64_t)(uint32_t)o->imm;
	return v < -32768 || v > 65535;
}

/* A dword register operand (not an immediate). */
static bool dword_opnd_reg(const struct ir_opnd *o)
{
	return is_dword(o->type) && o->kind != IR_O_IMM && dword_opnd(o);
}

/* caps.dw_mul_qword_strided: a destination of 8-byte stride, vector
 * sources element i at byte 8i of a GRF-aligned start (an unplaced
 * temporary is given a whole register, as IGC's tryToAlignOperand). */
static bool qword_strided(struct ir_prog *p, const struct ir_inst *in)
{
	/* a dword destination (a narrower one at an 8-byte stride is kept
	 * by IGC too, but legalize.c would move it to a 4-byte stride) */
	if (in->dst.kind != IR_O_REG ||
	    gen_type_size((enum gen_type)in->dst.type) != 4 || in->dst.rgn.hs != 2)
		return false;
	for (unsigned s = 0; s < 2; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_IMM || (o->kind == IR_O_REG && ir_opnd_is_scalar(o)))
			continue;
		if (o->kind != IR_O_REG)
			return false;
		for (unsigned i = 0; i < in->exec; i++)
			if (ir_elem_off(o, i, false) != (int)(8 * i))
				return false;
		struct ir_vreg *r = ir_vreg(p, o->v);
		int sub = ir_opnd_sub(p, o);
		if (sub < 0 && o->off % IR_GRF_BYTES == 0 && r->file == IR_RF_GRF &&
		    r->pin < 0 &&
		    !(r->flags & (IR_V_PINNED | IR_V_LIVE_IN | IR_V_ADDR_TAKEN)))
			sub = 0;
		if (sub != 0)
			return false;
	}
	for (unsigned s = 0; s < 2; s++) {   /* both fit: place them */
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_REG && !ir_opnd_is_scalar(o) &&
		    ir_vreg(p, o->v)->align < IR_GRF_BYTES)
			ir_vreg(p, o->v)->align = IR_GRF_BYTES;
	}
	return true;
}

/* Does the platform have to go through the accumulator for this mul? */
static bool needs_acc_sequence(struct ir_prog *p, const struct ir_inst *in)
{
	const struct plat_caps *cap = &p->plat->caps;
	if (in->op != GEN_OP_MUL || in->nsrc != 2)
		return false;
	/* Two immediates (copy propagation leaves them): legalize moves one
	 * into a register as a dword, so a word-range value does not make
	 * this a D x W multiply (difftest -p tgllp --seed 6001, 9998). */
	if (in->src[0].kind == IR_O_IMM && in->src[1].kind == IR_O_IMM) {
		if (!is_dword(in->src[0].type) || !is_dword(in->src[1].type))
			return false;
	} else if (!dword_opnd(&in->src[0]) || !dword_opnd(&in->src[1])) {
		return false;
	}
	if (in->exec == 1)   /* "scalar insts are a-ok" where dw_mul_scalar */
		return !cap->dw_mul_scalar;
	if (is_qword_int(in->dst.type))
		return !cap->dw_mul_to_q;
	if (cap->dw_mul_vector)
		return false;
	return !cap->dw_mul_qword_strided || !qword_strided(p, in);
}

/* A dword register times a dword immediate of word range, where the
 * platform has no multiplier for two dwords of this shape: the immediate
 * as :w/:uw (D x W is native everywhere; kept :d it would be a D x D
 * multiply, which BXT, ICLLP and TGLLP have no vector form of and BXT
 * restricts as a 64-bit operation).  GenX_IR writes such immediates as
 * :w too. */
static void word_immediate(const struct ir_prog *p, struct ir_inst *in)
{
	const struct plat_caps *cap = &p->plat->caps;
	if (in->op != GEN_OP_MUL || in->nsrc != 2 || is_qword_int(in->dst.type))
		return;
	if (in->exec == 1 ? cap->dw_mul_scalar : cap->dw_mul_vector)
		return;
	for (unsigned k = 0; k < 2; k++) {
		struct ir_opnd *o = &in->src[k], *other = &in->src[1 - k];
		if (o->kind != IR_O_IMM || !is_dword(o->type) || !dword_opnd_reg(other))
			continue;
		int64_t v = o->type == GEN_TYPE_D ? (int64_t)(int32_t)o->imm
		                                  : (int64_t)(uint32_t)o->imm;
		if (v < -32768 || v > 65535)
			return;
		o->type = v < 32768 ? GEN_TYPE_W : GEN_TYPE_UW;
		o->imm = (uint64_t)v & 0xFFFFu;
		return;
	}
}

static bool is_int_narrow(unsigned t)
{
	return t == GEN_TYPE_B || t == GEN_TYPE_UB || t == GEN_TYPE_W ||
	       t == GEN_TYPE_UW;
}

/* wa.mul_narrow_srcmod (TGLLP, Wa_1604601757): a mul of a dword and a
 * narrower integer takes no modifier on the narrower source.  Next to a
 * signed dword register the negation moves to it (d * -w = -d * w) and
 * an (abs) goes through a :uw copy (exact for every byte and word);
 * next to an unsigned dword or a dword immediate, the narrow source is
 * converted to :d with its modifiers and the product is D x D (the acc0
 * sequence below; GenX_IR converts it the same way).  A dword immediate
 * of word range is a word first (legalize.c makes it one), and W x W
 * has no such rule. */
static void narrow_mods_wa(struct ir_prog *p, struct ir_inst *in)
{
	if (!p->plat->wa.mul_narrow_srcmod || in->op != GEN_OP_MUL ||
	    in->nsrc != 2)
		return;
	for (unsigned k = 0; k < 2; k++) {
		struct ir_opnd *w = &in->src[k], *d = &in->src[1 - k];
		if (!is_int_narrow(w->type) || w->kind == IR_O_IMM || !w->mods ||
		    !is_dword(d->type))
			continue;
		if (d->kind == IR_O_IMM) {
			int64_t v = d->type == GEN_TYPE_D ? (int64_t)(int32_t)d->imm
			                                  : (int64_t)(uint32_t)d->imm;
			if (v >= -32768 && v <= 65535)
				return;
		}
		bool scalar = ir_opnd_is_scalar(w) || in->exec == 1;
		unsigned n = scalar ? 1 : in->exec;
		if (d->type == GEN_TYPE_D && d->kind != IR_O_IMM) {
			if (w->mods & GEN_MOD_NEG) {
				d->mods ^= GEN_MOD_NEG;
				w->mods &= (uint8_t)~GEN_MOD_NEG;
			}
			if (!(w->mods & GEN_MOD_ABS))
				return;
		}
		enum gen_type t = w->mods & GEN_MOD_NEG ? GEN_TYPE_D : GEN_TYPE_UW;
		uint32_t v = ir_temp(p, t, n, 1);
		struct ir_inst *mv = ir_op1(p, GEN_OP_MOV, n, scalar || in->nomask,
		                            ir_dst(v, 0, t, 1), *w);
		mv->choff = scalar ? 0 : in->choff;
		*w = scalar ? ir_scalar(v, 0, t) : ir_vec(v, 0, t, 1);
		return;
	}
}

/* Would writing chunk after chunk of d clobber s before a later chunk
 * reads it?  Not when s is d itself (same bytes, same layout): chunk c
 * writes only the elements chunk c has read. */
static bool clobbers(const struct ir_opnd *d, const struct ir_opnd *s,
                     unsigned n)
{
	if (d->kind != IR_O_REG || s->kind != IR_O_REG || d->v != s->v)
		return false;
	if (ir_opnd_is_scalar(s) || s->off != d->off || s->type != d->type)
		return true;
	for (unsigned i = 0; i < n; i++)
		if (ir_elem_off(s, i, false) != ir_elem_off(d, i, true))
			return true;
	return false;
}

/* Source s of the chunk starting at channel c (scalars stay). */
static struct ir_opnd chunk_src(const struct ir_opnd *o, unsigned c)
{
	struct ir_opnd r = *o;
	if ((o->kind == IR_O_REG || o->kind == IR_O_IND) && !ir_opnd_is_scalar(o))
		r.off += ir_elem_off(o, c, false);
	return r;
}

/* The low words of a dword source: same bytes, :uw, twice the strides. */
static struct ir_opnd low_words(const struct ir_opnd *o)
{
	struct ir_opnd r = *o;
	if (o->kind == IR_O_IMM) {
		r.imm = o->imm & 0xFFFFu;
		r.type = GEN_TYPE_UW;
		return r;
	}
	r.type = GEN_TYPE_UW;
	r.rgn.vs = (uint8_t)(o->rgn.vs * 2);
	r.rgn.hs = (uint8_t)(o->rgn.hs * 2);
	return r;
}

/* Copy a source with a modifier (or an immediate src0) into a register:
 * the sequence takes the low words of src1 and cannot negate halves. */
static struct ir_opnd plain_copy(struct ir_prog *p, const struct ir_inst *in,
                                 const struct ir_opnd *o)
{
	bool scalar = o->kind == IR_O_IMM || ir_opnd_is_scalar(o);
	unsigned n = scalar ? 1 : in->exec;
	uint32_t v = ir_temp(p, (enum gen_type)o->type, n, 1);
	struct ir_inst *mv = ir_op1(p, GEN_OP_MOV, n, scalar || in->nomask,
	                            ir_dst(v, 0, (enum gen_type)o->type, 1), *o);
	mv->choff = scalar ? 0 : in->choff;
	mv->pred = 0;
	return scalar ? ir_scalar(v, 0, (enum gen_type)o->type)
	              : ir_vec(v, 0, (enum gen_type)o->type, 1);
}

/* How many operands (destination included) name vreg v? */
static unsigned refs_of(const struct ir_insts_old *old, uint32_t v)
{
	unsigned n = 0;
	for (uint32_t i = 0; i < old->n; i++) {
		const struct ir_inst *in = &old->a[i];
		n += in->dst.kind == IR_O_REG && in->dst.v == v;
		for (unsigned s = 0; s < in->nsrc; s++)
			n += in->src[s].kind == IR_O_REG && in->src[s].v == v;
	}
	return n;
}

/* Which dword half (0 low, 1 high) of the :q product v source o reads
 * channel for channel, or -1. */
static int half_read(const struct ir_inst *prod, const struct ir_inst *u,
                     const struct ir_opnd *o)
{
	if (u->exec != prod->exec || u->choff != prod->choff ||
	    !is_dword(o->type) || o->mods || (o->off != 0 && o->off != 4))
		return -1;
	for (unsigned c = 0; c < prod->exec; c++)
		if (o->off + ir_elem_off(o, c, false) != (int)(o->off + 8 * c))
			return -1;
	return o->off / 4;
}

#define MAX_HALF_READERS 8

/* The readers of a :q product's dword halves (see half_readers). */
struct half_uses {
	struct ir_opnd *o[MAX_HALF_READERS];
	uint8_t half[MAX_HALF_READERS];
	unsigned n;
	bool half_read[2];
};

/* A :q product (mulh, madw in build_*.c) whose every reader takes one
 * of its dword halves channel for channel (copy propagation has often
 * folded mulh's move into the instruction using it): the readers then
 * read mach's high half or the accumulator's low half directly, and no
 * pair is formed (IGC's mul + mach for mulh).  False if some reader
 * reads otherwise. */
static bool half_readers(struct ir_insts_old *old, uint32_t i,
                         struct half_uses *u)
{
	const struct ir_inst *in = &old->a[i];
	memset(u, 0, sizeof *u);
	if (!is_qword_int(in->dst.type) || in->dst.kind != IR_O_REG ||
	    in->dst.off != 0 || in->dst.rgn.hs != 1 || in->pred || in->cmod ||
	    in->sat)
		return false;
	unsigned refs = refs_of(old, in->dst.v);
	if (refs < 2 || refs > MAX_HALF_READERS + 1)
		return false;
	for (uint32_t j = i + 1; j < old->n && u->n + 1 < refs; j++) {
		struct ir_inst *r = &old->a[j];
		if (r->dst.kind == IR_O_REG && r->dst.v == in->dst.v)
			return false;
		for (unsigned k = 0; k < r->nsrc; k++) {
			struct ir_opnd *o = &r->src[k];
			if (o->kind != IR_O_REG || o->v != in->dst.v)
				continue;
			int h = half_read(in, r, o);
			if (h < 0)
				return false;
			u->o[u->n] = o;
			u->half[u->n++] = (uint8_t)h;
			u->half_read[h] = true;
		}
	}
	return u->n + 1 == refs;
}

/* Channels c..c+7 of the product: (W) mul acc0 = src0 x src1.lo, then
 * mach (hi, or null) with the instruction's mask and {AccWrEn}. */
static void emit_mul_mach(struct ir_prog *p, const struct ir_inst *in,
                          unsigned c, enum gen_type at, uint32_t hi)
{
	unsigned n = in->exec - c < 8 ? in->exec - c : 8;
	struct ir_opnd s0 = chunk_src(&in->src[0], c);
	struct ir_opnd s1 = chunk_src(&in->src[1], c);
	struct ir_inst *m = ir_op2(p, GEN_OP_MUL, n, true,
	                           ir_arf(GEN_RN_ACC, 0, 0, at), s0,
	                           low_words(&s1));
	m->dst.rgn.hs = 1;
	m->choff = 0;
	struct ir_inst mach = *in;
	mach.op = GEN_OP_MACH;
	mach.exec = (uint8_t)n;
	mach.choff = (uint8_t)(in->choff + c);
	mach.pred = 0;
	mach.pinv = false;
	mach.flag = 0;
	mach.flag_off = 0;
	mach.cmod = 0;
	mach.sat = false;
	mach.nsrc = 2;
	mach.src[0] = s0;
	mach.src[1] = s1;
	mach.opts |= GEN_OPT_ACCWREN;
	mach.dst = hi ? ir_dst(hi, (int32_t)(c * 4), at, 1) : ir_null(at);
	ir_emit_copy(p, &mach);
}

/* mov channels c..c+7 of acc0 (the low product) to d, with the
 * instruction's mask, predicate and condition. */
static struct ir_inst *emit_acc_move(struct ir_prog *p,
                                     const struct ir_inst *in, unsigned c,
                                     enum gen_type at, struct ir_opnd d)
{
	unsigned n = in->exec - c < 8 ? in->exec - c : 8;
	struct ir_inst mv = *in;
	mv.op = GEN_OP_MOV;
	mv.exec = (uint8_t)n;
	mv.choff = (uint8_t)(in->choff + c);
	mv.nsrc = 1;
	mv.opts = 0;
	mv.sat = false;
	mv.src[0] = ir_arf(GEN_RN_ACC, 0, 0, at);
	mv.src[0].rgn = n == 1 ? (struct gen_region){ 0, 1, 0 }
	                       : (struct gen_region){ (uint8_t)n, (uint8_t)n, 1 };
	mv.dst = d;
	return ir_emit_copy(p, &mv);
}

/* A multiply of scalars into a destination that needs a temporary anyway
 * (a byte, or a word not at a dword-aligned 4-byte stride, the dword
 * execution type's): every channel computes the same product.  Where the
 * scalar multiply is native (caps.dw_mul_scalar), one (W) mul (1) into a
 * temporary and a move to the channels.  GenX_IR -platform BXT does the
 * same (`(W) mul (1) (sat)t<2>:w s0:d s1:d` + `mov (8) dst t<0;1,0>`),
 * so its .sat clamps the whole product; into a dword, or a word at
 * stride 2 of a dword boundary, it goes through acc0, NoMask or not, as
 * here (observed: RW(10,0)<1>, RW(12,1)<2>, RB(14,0)<4> scalar,
 * RW(13,0)<2> and R(12,0)<1> through acc0). */
static bool uniform_product(struct ir_prog *p, const struct ir_inst *in)
{
	unsigned ts = gen_type_size((enum gen_type)in->dst.type);
	if (!p->plat->caps.dw_mul_scalar || ts >= 4)
		return false;
	int sub = ir_opnd_sub(p, &in->dst);
	unsigned pos = sub >= 0 ? (unsigned)sub : (unsigned)in->dst.off;
	if (ts == 2 && in->dst.rgn.hs * ts == 4 && pos % 4 == 0)
		return false;
	for (unsigned s = 0; s < 2; s++)
		if (in->src[s].kind != IR_O_IMM &&
		    (in->src[s].kind != IR_O_REG || !ir_opnd_is_scalar(&in->src[s])))
			return false;
	enum gen_type t = (enum gen_type)in->dst.type;
	uint32_t v = ir_temp(p, t, 1, 1);
	struct ir_inst m = *in;
	m.exec = 1;
	m.choff = 0;
	m.nomask = true;
	m.pred = 0;
	m.pinv = false;
	m.flag = 0;
	m.flag_off = 0;
	m.cmod = 0;
	m.dst = ir_dst(v, 0, t, 1);
	ir_emit_copy(p, &m);
	struct ir_inst mv = *in;
	mv.op = GEN_OP_MOV;
	mv.nsrc = 1;
	mv.sat = false;
	mv.opts = 0;
	mv.src[0] = ir_scalar(v, 0, t);
	ir_emit_copy(p, &mv);
	return true;
}

/* One ALU instruction of the saturation clamp below: the multiply's
 * mask and channels, no predicate, no condition. */
static struct ir_inst *clamp_op(struct ir_prog *p, const struct ir_inst *in,
                                unsigned op, struct ir_opnd d,
                                struct ir_opnd a, struct ir_opnd b)
{
	struct ir_inst *x = op == GEN_OP_MOV
	                    ? ir_op1(p, GEN_OP_MOV, in->exec, in->nomask, d, a)
	                    : ir_op2(p, op, in->exec, in->nomask, d, a, b);
	x->choff = in->choff;
	x->loc = in->loc;
	return x;
}

static bool is_unsigned_int(unsigned t)
{
	return t == GEN_TYPE_UD || t == GEN_TYPE_UW || t == GEN_TYPE_UB;
}

/* .sat of a dword x dword product (vISA: dst = sat(src0 * src1), the
 * whole product).  The hardware has no saturating 32 x 32 multiply (IGC
 * VectorCompiler GenXLowering.cpp lowerGenXMulSat: "Lower integer DWxDW
 * mul with saturation since it is not supported on HW", as a 64-bit
 * product and a saturating truncation; the vISA spec's MUL allows .sat
 * on floats only), and the acc0 sequence's low half alone loses the
 * overflow (GenX_IR -platform BXT saturates just the low 32 bits,
 * ICLLP/TGLLP drop the .sat: docs/difftest.md).  So the low half lo is
 * clamped to 32 bits from the high half hi (mach), both of type at (D
 * where a source is signed: the 64-bit product is then signed):
 *   signed product, signed destination: overflow where hi != lo >> 31
 *     (arithmetic); then lo = (hi >> 31) ^ 0x7fffffff (INT32_MAX, or
 *     INT32_MIN for a negative product);
 *   signed product, unsigned destination: where hi != 0, lo = ~(hi >>
 *     31) (0 for a negative product, else 0xffffffff), lo read as UD;
 *   unsigned product: where hi != 0, lo = 0xffffffff.
 * The final saturating move narrows lo into the destination type
 * (clamping the clamped value gives the clamp of the product).  Returns
 * the type to read lo as. */
static enum gen_type clamp_product(struct ir_prog *p, const struct ir_inst *in,
                                   enum gen_type at, uint32_t lo, uint32_t hi)
{
	unsigned n = in->exec;
	struct ir_opnd los = ir_vec(lo, 0, at, 1), his = ir_vec(hi, 0, at, 1);
	uint32_t f = ir_flag_new(p, (unsigned)in->exec + in->choff);
	bool to_unsigned = at == GEN_TYPE_D && is_unsigned_int(in->dst.type);
	struct ir_opnd limit = ir_imm(0xFFFFFFFFu, GEN_TYPE_UD);
	struct ir_opnd against = ir_imm(0, at);
	if (at == GEN_TYPE_D) {
		uint32_t cv = ir_temp(p, GEN_TYPE_D, n, 1);
		struct ir_opnd cd = ir_dst(cv, 0, GEN_TYPE_D, 1);
		limit = ir_vec(cv, 0, GEN_TYPE_D, 1);
		if (!to_unsigned) {
			uint32_t sv = ir_temp(p, GEN_TYPE_D, n, 1);
			clamp_op(p, in, GEN_OP_ASR, ir_dst(sv, 0, GEN_TYPE_D, 1),
			         los, ir_imm(31, GEN_TYPE_UD));
			against = ir_vec(sv, 0, GEN_TYPE_D, 1);
		}
		clamp_op(p, in, GEN_OP_ASR, cd, his, ir_imm(31, GEN_TYPE_UD));
		clamp_op(p, in, GEN_OP_XOR, cd, limit,
		         ir_imm(to_unsigned ? 0xFFFFFFFFu : 0x7FFFFFFF,
		                GEN_TYPE_D));
	}
	struct ir_inst *cmp = clamp_op(p, in, GEN_OP_CMP, ir_null(at), his,
	                               against);
	cmp->cmod = GEN_CMOD_NE;
	cmp->flag = f;
	struct ir_inst *sel = clamp_op(p, in, GEN_OP_MOV, ir_dst(lo, 0, at, 1),
	                               limit, limit);
	sel->pred = GEN_PRED_NORMAL;
	sel->flag = f;
	return to_unsigned ? GEN_TYPE_UD : at;
}

static bool lower(struct ir_prog *p, const struct ir_inst *orig,
                  const struct half_uses *use)
{
	struct ir_inst in = *orig;
	if (in.sat && is_qword_int(in.dst.type))
		return ir_unsupported(p, "saturated dword x dword -> qword multiply on %s",
		                      p->plat->name);
	if (in.src[0].kind == IR_O_IMM) {
		struct ir_opnd t = in.src[0];
		in.src[0] = in.src[1];
		in.src[1] = t;
	}
	for (unsigned s = 0; s < 2; s++)
		if (in.src[s].mods || in.src[s].kind == IR_O_IMM ||
		    in.src[s].kind == IR_O_IND || in.src[s].kind == IR_O_ARF)
			if (!(s == 1 && in.src[s].kind == IR_O_IMM && !in.src[s].mods))
				in.src[s] = plain_copy(p, &in, &in.src[s]);
	enum gen_type at = in.src[0].type == GEN_TYPE_UD &&
	                   in.src[1].type == GEN_TYPE_UD ? GEN_TYPE_UD : GEN_TYPE_D;
	bool wide = is_qword_int(in.dst.type);
	/* the result goes through a temporary when the destination is one
	 * of the sources (a later chunk still reads them) or a :q pair */
	struct ir_opnd dst = in.dst;
	uint32_t lo = 0, hi = 0;
	/* .sat: the low 32 bits (type 'at') are moved out of acc0 first and
	 * saturated into the destination type by the final move, as GenX_IR
	 * does (a native mul.sat would clamp the whole product instead) */
	bool via_tmp = wide || in.sat || clobbers(&dst, &in.src[0], in.exec) ||
	               clobbers(&dst, &in.src[1], in.exec) || dst.kind != IR_O_REG;
	if (wide || in.sat) {   /* mach writes whole registers (IGC: GRF-aligned) */
		hi = ir_temp(p, at, in.exec, 1);
		ir_vreg(p, hi)->align = IR_GRF_BYTES;
	}
	if (use->n) {   /* the halves are read apart */
		if (use->half_read[0])
			lo = ir_temp(p, at, in.exec, 1);
		for (unsigned c = 0; c < in.exec; c += 8) {
			emit_mul_mach(p, &in, c, at, use->half_read[1] ? hi : 0);
			if (use->half_read[0])
				emit_acc_move(p, &in, c, at, ir_dst(lo, (int32_t)(c * 4), at, 1));
		}
		for (unsigned k = 0; k < use->n; k++) {
			enum gen_type t = (enum gen_type)use->o[k]->type;
			uint32_t v = use->half[k] ? hi : lo;
			*use->o[k] = in.exec == 1 ? ir_scalar(v, 0, t) : ir_vec(v, 0, t, 1);
		}
		return true;
	}
	if (!wide && !via_tmp && !in.cmod && p->plat->caps.mach_low &&
	    (in.dst.type == GEN_TYPE_D || in.dst.type == GEN_TYPE_UD)) {
		/* caps.mach_low (IGC's macl): the mach writes the low product
		 * itself, no move out of acc0 */
		for (unsigned c = 0; c < in.exec; c += 8) {
			emit_mul_mach(p, &in, c, at, 0);
			struct ir_inst *mach = &p->insts.a[p->insts.n - 1];
			mach->opts &= ~(uint32_t)GEN_OPT_ACCWREN;
			mach->dst = in.dst;
			mach->dst.off += ir_elem_off(&dst, c, true);
			mach->pred = in.pred;
			mach->pinv = in.pinv;
			mach->flag = in.flag;
			mach->flag_off = in.flag_off;
		}
		return true;
	}
	if (via_tmp)
		lo = ir_temp(p, at, in.exec, 1);
	for (unsigned c = 0; c < in.exec; c += 8) {
		emit_mul_mach(p, &in, c, at, hi);
		struct ir_opnd d = in.dst;
		d.off += ir_elem_off(&dst, c, true);
		if (via_tmp)
			d = ir_dst(lo, (int32_t)(c * 4), at, 1);
		struct ir_inst *mv = emit_acc_move(p, &in, c, at, d);
		if (via_tmp) {
			mv->pred = 0;
			mv->pinv = false;
			mv->cmod = 0;
			mv->flag = 0;
		}
	}
	if (!via_tmp)
		return true;
	enum gen_type lo_type = at;
	if (!wide && in.sat)
		lo_type = clamp_product(p, &in, at, lo, hi);
	if (!wide) {
		struct ir_inst mv = in;
		mv.op = GEN_OP_MOV;
		mv.nsrc = 1;
		mv.opts = 0;
		mv.src[0] = ir_vec(lo, 0, lo_type, 1);
		ir_emit_copy(p, &mv);
		return true;
	}
	/* a :q product: low dwords then high dwords into the pair */
	if (in.cmod)
		return ir_unsupported(p, "a condition on a 64-bit product on %s",
		                      p->plat->name);
	enum gen_type half = in.dst.type == GEN_TYPE_UQ ? GEN_TYPE_UD : GEN_TYPE_D;
	for (unsigned k = 0; k < 2; k++) {
		struct ir_inst mv = in;
		mv.op = GEN_OP_MOV;
		mv.nsrc = 1;
		mv.opts = 0;
		mv.dst.type = (uint8_t)(k ? half : GEN_TYPE_UD);
		mv.dst.off += 4 * (int32_t)k;
		mv.dst.rgn.hs = (uint8_t)(dst.rgn.hs * 2);
		mv.src[0] = ir_vec(k ? hi : lo, 0, k ? half : GEN_TYPE_UD, 1);
		ir_emit_copy(p, &mv);
	}
	return true;
}

bool ir_dword_mul(struct ir_prog *p)
{
	const struct plat_caps *cap = &p->plat->caps;
	if (cap->dw_mul_vector && cap->dw_mul_to_q && cap->dw_mul_scalar)
		return true;   /* nothing to do: the program stays as it is */
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		p->loc = old.a[i].loc;
		word_immediate(p, &old.a[i]);
		narrow_mods_wa(p, &old.a[i]);
		if (!needs_acc_sequence(p, &old.a[i])) {
			ir_emit_copy(p, &old.a[i]);
			continue;
		}
		if (uniform_product(p, &old.a[i]))
			continue;
		struct half_uses use;
		if (!half_readers(&old, i, &use))
			use.n = 0;
		if (!lower(p, &old.a[i], &use))
			return false;
	}
	return true;
}
