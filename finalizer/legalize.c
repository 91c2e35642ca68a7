/*
 * legalize.c - operand rules for Gen9 (SKL): immediates, destination
 * strides for narrowing conversions, 3-source (Align16) and math operand
 * restrictions.  Exec-size splitting and regions come after, in split.c.
 *
 * Needs: builder IR with virtual registers.  Leaves: every instruction's
 * operands in a form the hardware accepts, with copies to fresh
 * temporaries before and after the instruction where an operand was not.
 * Fixes are grouped by rule category, each one function:
 *
 *   immediates   two-source ops take an immediate in src1 only (swap the
 *                sources of commutative ops, else copy); 64-bit immediates
 *                only in mov; packed vector immediates only in mov;
 *                3-source instructions take none (Gen9 Align16); math
 *                takes none but src1 of fdiv/pow (IGC HWConformity.cpp
 *                fixImmAndARFSrc, fixMathInst)
 *   dst stride   "When the Execution Data Type is wider than the
 *                destination data type, the destination must be aligned as
 *                required by the wider execution data type and specify a
 *                HorzStride equal to the ratio in sizes of the two data
 *                types" (Gen9 EU ISA, Register Region Restrictions): such
 *                results go to a strided temporary, then a same-type move
 *   3-source     Align16: GRF operands, one source type, sources scalar
 *                (replicated) or contiguous and 16-byte aligned, dst
 *                16-byte aligned with stride 1 (IGC isGoodAlign16Src)
 *   64-bit       where caps.region_64bit_restricted (BXT): no indirect,
 *                8-byte-aligned strides, equal GRF offsets in 64-bit
 *                instructions (IGC HWConformity.cpp fix64bInst)
 *   mixed float  no HF next to F where the platform has no mixed mode,
 *                no HF math where it has none (caps.mixed_float, math_hf)
 *   math         sources F/HF (or one D/UD type for integer division, no
 *                source modifiers there), direct, scalar or contiguous and
 *                GRF-aligned; dst GRF-aligned with stride 1 (IGC
 *                fixMathInst)
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"

#define MAX_POST 4

struct lctx {
	struct ir_prog *p;
	struct ir_inst post[MAX_POST];
	unsigned npost;
};

static bool is_three_src(unsigned op)
{
	return gen_op_is_three_src(op);
}

static bool is_imm(const struct ir_opnd *o)
{
	return o->kind == IR_O_IMM || o->kind == IR_O_ADDROF;
}

/* A GRF temporary of n elements of t, stride hs, aligned to 'align'. */
static uint32_t temp(struct ir_prog *p, enum gen_type t, unsigned n,
                     unsigned hs, unsigned align)
{
	uint32_t v = ir_temp(p, t, n, hs);
	struct ir_vreg *r = ir_vreg(p, v);
	if (r->align < align && r->size < IR_GRF_BYTES)
		r->align = (uint8_t)align;
	while (r->size < IR_GRF_BYTES && r->align < r->size)
		r->align *= 2;
	return v;
}

static bool is_packed_imm(const struct ir_opnd *o)
{
	return o->kind == IR_O_IMM && (o->type == GEN_TYPE_V ||
	       o->type == GEN_TYPE_UV || o->type == GEN_TYPE_VF);
}

/* Copy source s into a temporary of type t with the instruction's mask;
 * the operand keeps its modifiers. */
static void copy_src(struct lctx *c, struct ir_inst *in, unsigned s,
                     enum gen_type t, unsigned align)
{
	struct ir_opnd *o = &in->src[s];
	uint8_t mods = o->mods;
	struct ir_opnd from = *o;
	from.mods = 0;
	bool scalar = ir_opnd_is_scalar(o) || in->exec == 1;
	unsigned n = scalar ? 1 : in->exec;
	/* a packed vector goes whole (8 words, 4 floats) into a 16-byte
	 * aligned temporary: the hardware lays it over 16-byte blocks of the
	 * destination (PRM "Immediate"; docs/gensim.md) */
	bool packed = is_packed_imm(&from);
	if (packed) {
		n = from.type == GEN_TYPE_VF ? 4 : 8;
		align = 16;
	}
	uint32_t v = temp(c->p, t, n, 1, align);
	struct ir_inst *mv = ir_op1(c->p, GEN_OP_MOV, n, scalar || in->nomask,
	                            ir_dst(v, 0, t, 1), from);
	mv->choff = scalar ? 0 : in->choff;
	mv->loc = in->loc;
	if (packed) {
		mv->nomask = true;
		mv->choff = 0;
		*o = ir_vec(v, 0, t, 1);
	} else {
		*o = scalar ? ir_scalar(v, 0, t) : ir_vec(v, 0, t, 1);
	}
	o->mods = mods;
}

static bool uses_64bit(const struct ir_prog *p, const struct ir_inst *in,
                       bool *dxd);

/* Write the result to a temporary (stride hs, type t) and move it to the
 * real destination afterwards with the same mask and predicate. */
static void redirect_dst(struct lctx *c, struct ir_inst *in, enum gen_type t,
                         unsigned hs, unsigned align)
{
	unsigned n = in->exec;
	/* where 64-bit operands need equal GRF offsets, the temporary keeps
	 * the destination's offset, so that sources already there stay
	 * (fix_64bit_regions, which runs last, copies the others) */
	int at = 0;
	bool dxd;
	bool r64 = c->p->plat->caps.region_64bit_restricted && n > 1 &&
	           uses_64bit(c->p, in, &dxd);
	unsigned el = gen_type_size(t) * hs;
	/* (unless the temporary would then cross a GRF it need not) */
	if (r64 && ir_opnd_sub(c->p, &in->dst) > 0 &&
	    ir_opnd_sub(c->p, &in->dst) % (int)align == 0 &&
	    (unsigned)ir_opnd_sub(c->p, &in->dst) + n * el <= IR_GRF_BYTES)
		at = ir_opnd_sub(c->p, &in->dst);
	uint32_t v = temp(c->p, t, n + ((unsigned)at + el - 1) / el, hs, align);
	if (r64)
		ir_vreg(c->p, v)->align = IR_GRF_BYTES;
	struct ir_inst mv;
	memset(&mv, 0, sizeof mv);
	mv.op = GEN_OP_MOV;
	mv.exec = in->exec;
	mv.choff = in->choff;
	mv.nomask = in->nomask;
	/* a predicated sel writes every channel: its copy is unpredicated */
	bool pred = in->pred && in->op != GEN_OP_SEL;
	mv.pred = pred ? in->pred : 0;
	mv.pinv = pred && in->pinv;
	mv.flag = pred ? in->flag : 0;
	mv.jip = mv.uip = -1;
	mv.loc = in->loc;
	mv.dst = in->dst;
	mv.src[0] = n == 1 ? ir_scalar(v, at, t) : ir_vec(v, at, t, hs);
	mv.nsrc = 1;
	/* a saturated result narrowed through a wider integer (a product
	 * into bytes through :w): the move saturates again, into the
	 * destination's range (clamping to :w first changes nothing then) */
	mv.sat = in->sat && t != in->dst.type && !gen_type_is_float(t);
	in->dst = ir_dst(v, at, t, hs);
	if (c->npost < MAX_POST)
		c->post[c->npost++] = mv;
}

/* ---- immediates -------------------------------------------------------- */

static bool commutes(struct ir_inst *in)
{
	switch (in->op) {
	case GEN_OP_ADD: case GEN_OP_MUL: case GEN_OP_AND: case GEN_OP_OR:
	case GEN_OP_XOR: case GEN_OP_AVG: case GEN_OP_ADDC:
		return true;
	case GEN_OP_SEL:
		/* min/max: sel.ge/.l returns src0 when the sources compare
		 * equal, so swapping float sources turns max(+0, -0) = +0 into
		 * -0 (a difftest finding, GenX_IR keeps the order) */
		if (in->cmod)
			return !gen_type_is_float((enum gen_type)in->src[0].type) &&
			       !gen_type_is_float((enum gen_type)in->src[1].type);
		in->pinv = !in->pinv;  /* (P) sel a b == (~P) sel b a */
		return true;
	case GEN_OP_CMP: {
		static const uint8_t rev[16] = {
			[GEN_CMOD_EQ] = GEN_CMOD_EQ, [GEN_CMOD_NE] = GEN_CMOD_NE,
			[GEN_CMOD_GT] = GEN_CMOD_LT, [GEN_CMOD_LT] = GEN_CMOD_GT,
			[GEN_CMOD_GE] = GEN_CMOD_LE, [GEN_CMOD_LE] = GEN_CMOD_GE };
		if (in->cmod >= 16 || !rev[in->cmod])
			return false;
		in->cmod = rev[in->cmod];
		return true;
	}
	default:
		return false;
	}
}

/* 64-bit immediates that fit 32 bits become :d/:ud (the hardware widens
 * a 32-bit source to the execution type). */
static void narrow_imm64(struct ir_opnd *o)
{
	if (o->kind != IR_O_IMM)
		return;
	if (o->type == GEN_TYPE_Q && (int64_t)o->imm == (int32_t)o->imm) {
		o->type = GEN_TYPE_D;
		o->imm &= 0xFFFFFFFFu;
	} else if (o->type == GEN_TYPE_UQ && o->imm <= 0xFFFFFFFFu) {
		o->type = GEN_TYPE_UD;
	}
}

static bool is_64(unsigned t)
{
	return gen_type_size((enum gen_type)t) == 8;
}

/* A mov of a packed vector: each channel reads the element under its
 * destination bytes (words for :v/:uv, dwords for :vf, repeated every 16
 * bytes, destination 16-byte aligned: PRM "Immediate", IGC HWConformity
 * fixDstAlignmentWithVectorImm).  A dword destination of at most 4
 * channels takes the vector with its nibbles spread out (0x21 -> 0x0201,
 * as IGC and GenX_IR do); any other layout copies the vector to a word
 * (float) temporary first and converts from there. */
static void fix_packed_mov(struct lctx *c, struct ir_inst *in)
{
	struct ir_opnd *s = &in->src[0];
	const struct ir_opnd *d = &in->dst;
	unsigned esz = s->type == GEN_TYPE_VF ? 4 : 2;
	unsigned step = (d->rgn.hs ? d->rgn.hs : 1) *
	                gen_type_size((enum gen_type)d->type);
	bool aligned = false;
	if (d->kind == IR_O_REG && d->off % 16 == 0) {
		const struct ir_vreg *r = &c->p->vregs.a[d->v];
		aligned = r->pin >= 0 ? r->pin % 16 == 0 : r->align >= 16;
	}
	if (aligned && step == esz && !s->mods)
		return;
	if (aligned && esz == 2 && step == 4 && in->exec <= 4 && !s->mods) {
		uint32_t spread = 0;
		for (unsigned i = 0; i < in->exec; i++)
			spread |= (uint32_t)((s->imm >> (4 * i)) & 0xF) << (8 * i);
		s->imm = spread;
		return;
	}
	copy_src(c, in, 0, s->type == GEN_TYPE_VF ? GEN_TYPE_F
	         : s->type == GEN_TYPE_V ? GEN_TYPE_W : GEN_TYPE_UW, 16);
}

static bool is_int_div(unsigned fc)
{
	return fc == GEN_MATH_IDIV || fc == GEN_MATH_IQOT || fc == GEN_MATH_IREM;
}

/* Gen12 (caps.three_src_imm16): src0 of a 3-source instruction may be
 * a 16-bit immediate; kept where it has the destination's type (the
 * Align16 rule "every source takes the dst's type" still applies). */
static bool imm16_src0(const struct ir_prog *p, const struct ir_inst *in,
                       unsigned s)
{
	unsigned t = in->src[s].type;
	return p->plat->caps.three_src_imm16 && s == 0 &&
	       in->op != GEN_OP_MADM && is_imm(&in->src[s]) &&
	       t == in->dst.type && (t == GEN_TYPE_HF || t == GEN_TYPE_W ||
	                             t == GEN_TYPE_UW);
}

static void fix_imm(struct lctx *c, struct ir_inst *in)
{
	unsigned op = in->op;
	if (op == GEN_OP_MOV && in->nsrc == 1 && is_packed_imm(&in->src[0]))
		fix_packed_mov(c, in);
	if (op == GEN_OP_MOV || ir_is_send(op) || ir_is_branch(op) ||
	    op == GEN_OP_WAIT || op == IR_OP_LABEL)
		return;
	for (unsigned s = 0; s < in->nsrc; s++) {
		narrow_imm64(&in->src[s]);
		if (is_imm(&in->src[s]) &&
		    (is_64(in->src[s].type) || is_packed_imm(&in->src[s])))
			copy_src(c, in, s, is_packed_imm(&in->src[s])
			         ? (in->src[s].type == GEN_TYPE_VF ? GEN_TYPE_F
			            : in->src[s].type == GEN_TYPE_V ? GEN_TYPE_W
			            : GEN_TYPE_UW)
			         : (enum gen_type)in->src[s].type, 4);
	}
	if (is_three_src(op)) {
		for (unsigned s = 0; s < in->nsrc; s++)
			if (is_imm(&in->src[s]) && !imm16_src0(c->p, in, s))
				copy_src(c, in, s, (enum gen_type)in->src[s].type, 4);
		return;
	}
	if (op == GEN_OP_MATH) {
		bool bin = gen_math_nsrc(in->fc) == 2;
		/* src1 may be an immediate (GenX_IR emits math.iqot with
		 * an immediate divisor on SKL) */
		bool keep1 = bin && (in->fc == GEN_MATH_FDIV ||
		                     in->fc == GEN_MATH_POW || is_int_div(in->fc));
		for (unsigned s = 0; s < in->nsrc; s++)
			if (is_imm(&in->src[s]) && !(s == 1 && keep1))
				copy_src(c, in, s, (enum gen_type)in->src[s].type, 4);
		return;
	}
	if (in->nsrc == 2 && is_imm(&in->src[0])) {
		if (!is_imm(&in->src[1]) && commutes(in)) {
			struct ir_opnd t = in->src[0];
			in->src[0] = in->src[1];
			in->src[1] = t;
		} else {
			copy_src(c, in, 0, (enum gen_type)in->src[0].type, 4);
		}
	}
	if (in->nsrc == 1 && in->src[0].kind == IR_O_ADDROF && op != GEN_OP_MOV)
		copy_src(c, in, 0, GEN_TYPE_UW, 2);
}

/* ---- architecture registers ------------------------------------------- */

/* "src1 cannot be an ARF" unless the platform allows it (caps.def
 * src1_arf; GED rejects the encoding on Gen8-11): flags, a0 and other
 * ARF second sources are copied to a GRF first. */
static void fix_arf_src1(struct lctx *c, struct ir_inst *in)
{
	if (in->nsrc < 2 || ir_is_send(in->op) || ir_is_branch(in->op) ||
	    c->p->plat->caps.src1_arf)
		return;
	const struct ir_opnd *o = &in->src[1];
	bool arf = (o->kind == IR_O_ARF && o->rn != GEN_RN_NULL) ||
	           (o->kind == IR_O_REG &&
	            c->p->vregs.a[o->v].file != IR_RF_GRF);
	if (arf)
		copy_src(c, in, 1, (enum gen_type)o->type, 4);
}

/* ---- destination stride for narrowing results -------------------------- */

/* Widest source (the execution type; bytes execute as words), or the
 * destination's own size for a raw move (same type, no modifiers). */
static unsigned exec_type_size(const struct ir_inst *in, unsigned *wide)
{
	unsigned m = 0;
	*wide = GEN_TYPE_W;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_NONE || o->kind == IR_O_LABEL)
			continue;
		unsigned ts = o->type == GEN_TYPE_V || o->type == GEN_TYPE_UV ? 2
		              : gen_type_size((enum gen_type)o->type);
		if (ts > m) {
			m = ts;
			*wide = o->type;
		}
	}
	bool raw = in->op == GEN_OP_MOV && in->nsrc == 1 && !in->sat &&
	           !in->src[0].mods && in->src[0].type == in->dst.type &&
	           in->src[0].kind != IR_O_IMM;
	if (raw)
		return gen_type_size((enum gen_type)in->dst.type);
	return m < 2 ? 2 : m;
}

static bool dst_is_grf(const struct ir_prog *p, const struct ir_opnd *o)
{
	return (o->kind == IR_O_REG && p->vregs.a[o->v].file == IR_RF_GRF) ||
	       o->kind == IR_O_IND;
}

static bool is_byte(unsigned t)
{
	return t == GEN_TYPE_B || t == GEN_TYPE_UB;
}

/* Conversions Gen9 does not do in one step go through a wider type
 * (IGC HWConformity fixMov, fixDstAlignment): byte <-> 64-bit through W,
 * HF <-> 64-bit through F, integer products into bytes through W. */
static bool needs_middle(const struct ir_inst *in, enum gen_type *mid)
{
	unsigned d = in->dst.type, s = in->nsrc ? in->src[0].type : d;
	if (in->op == GEN_OP_MOV && is_byte(d) && (s == GEN_TYPE_Q ||
	    s == GEN_TYPE_UQ || s == GEN_TYPE_DF)) {
		*mid = GEN_TYPE_W;
		return true;
	}
	if (in->op == GEN_OP_MOV && is_byte(s) && (d == GEN_TYPE_Q ||
	    d == GEN_TYPE_UQ || d == GEN_TYPE_DF)) {
		*mid = GEN_TYPE_W;
		return true;
	}
	if (in->op == GEN_OP_MOV && (d == GEN_TYPE_HF || s == GEN_TYPE_HF) &&
	    (gen_type_size((enum gen_type)d) == 8 ||
	     gen_type_size((enum gen_type)s) == 8)) {
		*mid = GEN_TYPE_F;
		return true;
	}
	if (in->op == GEN_OP_MUL && is_byte(d) &&
	    !gen_type_is_float((enum gen_type)s)) {
		*mid = GEN_TYPE_W;
		return true;
	}
	return false;
}

static void fix_dst_stride(struct lctx *c, struct ir_inst *in)
{
	if (ir_is_send(in->op) || ir_is_branch(in->op) || in->op == IR_OP_LABEL ||
	    in->op == GEN_OP_MATH || in->op == GEN_OP_WAIT)
		return;
	unsigned wide;
	unsigned dts = gen_type_size((enum gen_type)in->dst.type);
	unsigned ets = exec_type_size(in, &wide);
	if (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL) {
		if (dts < ets && ets <= 8)
			in->dst.type = (uint8_t)wide;  /* null takes the exec type */
		return;
	}
	if (!dst_is_grf(c->p, &in->dst))
		return;
	enum gen_type mid;
	if (needs_middle(in, &mid)) {
		redirect_dst(c, in, mid, 1, gen_type_size(mid));
		return;
	}
	if (ets <= dts)
		return;
	unsigned ratio = ets / dts;
	if (ratio > 4) {      /* no stride 8: go through words first */
		redirect_dst(c, in, GEN_TYPE_W, ets / 2, ets);
		return;
	}
	bool aligned = in->dst.kind == IR_O_REG &&
	               ir_opnd_align(c->p, &in->dst) >= ets;
	if (aligned && in->exec == 1) {
		in->dst.rgn.hs = (uint8_t)ratio;
		return;
	}
	if (aligned && in->dst.rgn.hs == ratio)
		return;
	redirect_dst(c, in, (enum gen_type)in->dst.type, ratio, ets);
}

/* ---- dword x narrow multiply ------------------------------------------- */

static bool is_int_narrow(unsigned t)
{
	return t == GEN_TYPE_B || t == GEN_TYPE_UB || t == GEN_TYPE_W ||
	       t == GEN_TYPE_UW;
}

/* "When multiplying a DW and any lower precision integer, the DW operand
 * must be on src0" (BDW/SKL/ICL PRM mul; Mesa brw_eu_validate.c; IGC
 * HWConformity.cpp swaps such sources): the sources are swapped; a dword
 * immediate in src1 next to a narrow src0 becomes :w/:uw when its value
 * fits (the same product), else it goes to a dword register first
 * (IGC: "for DW and W mul, src0 must be DW and src1 W"). */
static void fix_mul_dword_src0(struct lctx *c, struct ir_inst *in)
{
	if (in->op != GEN_OP_MUL || in->nsrc != 2 ||
	    !is_int_narrow(in->src[0].type) ||
	    (in->src[1].type != GEN_TYPE_D && in->src[1].type != GEN_TYPE_UD))
		return;
	struct ir_opnd *b = &in->src[1];
	if (b->kind == IR_O_IMM) {
		int64_t v = b->type == GEN_TYPE_D ? (int64_t)(int32_t)b->imm
		                                  : (int64_t)(uint32_t)b->imm;
		if (v >= -32768 && v <= 65535) {
			b->type = v < 32768 ? GEN_TYPE_W : GEN_TYPE_UW;
			b->imm = (uint64_t)v & 0xFFFFu;
			return;
		}
		copy_src(c, in, 1, (enum gen_type)b->type, 4);
	}
	struct ir_opnd t = in->src[0];
	in->src[0] = in->src[1];
	in->src[1] = t;
}

/* ---- mad multiplicand order (Align1 3-source) --------------------------- */

/* Where 3-source instructions are Align1 (caps.three_src_align1: Gen11+),
 * IGC orders the two multiplicands of a float mad before it maps vISA's
 * src0 * src1 + src2 to Gen's src0 + src1 * src2 (visa/HWConformity.cpp
 * generateAlign1Mad, "try swapping src0 (really src2) and src1"; GenX_IR
 * -platform ICLLP/TGLLP).  In Gen order (build_alu.c put vISA src0 in
 * src2, src1 in src1) the two are swapped when, first match wins:
 *   - src1 is a 16-bit immediate (src2 takes one where src1 does not);
 *   - src2 is a vector region and src1 a scalar one (src2 has only a
 *     horizontal stride: a scalar fits it better);
 *   - src2 is HF and src1 F (src1 takes HF in mixed mode).
 * (IGC's first rule, a D src0 next to a narrower src1, is for integer
 * mads, which build_alu.c turns into mul + add.)  The product is the same;
 * the order decides which NaN a mad of two NaNs returns, so it follows
 * GenX_IR's (difftest -p tgllp --seed 4501 program 21,
 * tests/difftest/cases/mad_nan_order_tgllp). */
static bool is_reg_region(const struct ir_opnd *o)
{
	return o->kind == IR_O_REG || o->kind == IR_O_IND;
}

static void order_mad_multiplicands(struct lctx *c, struct ir_inst *in)
{
	if (in->op != GEN_OP_MAD || in->nsrc != 3 ||
	    !c->p->plat->caps.three_src_align1 ||
	    !gen_type_is_float((enum gen_type)in->dst.type))
		return;
	const struct ir_opnd *s1 = &in->src[1], *s2 = &in->src[2];
	bool imm16 = s1->kind == IR_O_IMM &&
	             gen_type_size((enum gen_type)s1->type) == 2;
	bool scalar_to_src2 = is_reg_region(s2) && is_reg_region(s1) &&
	                      in->exec > 1 && !ir_opnd_is_scalar(s2) &&
	                      ir_opnd_is_scalar(s1);
	bool hf_to_src1 = s2->type == GEN_TYPE_HF && s1->type == GEN_TYPE_F;
	if (imm16 || scalar_to_src2 || hf_to_src1) {
		struct ir_opnd t = in->src[1];
		in->src[1] = in->src[2];
		in->src[2] = t;
	}
}

/* ---- 3-source (Align16) ------------------------------------------------ */

static bool contiguous(const struct ir_opnd *o, unsigned n)
{
	if (n == 1)
		return true;
	unsigned w = o->rgn.w ? o->rgn.w : 1;
	if (w == 1)
		return o->rgn.vs == 1;
	return o->rgn.hs == 1 && (o->rgn.vs == w || n <= w);
}

static bool good_a16_src(const struct ir_prog *p, const struct ir_opnd *o,
                         unsigned n)
{
	if (o->kind != IR_O_REG || p->vregs.a[o->v].file != IR_RF_GRF)
		return false;
	if (ir_opnd_is_scalar(o) || n == 1)
		return ir_opnd_align(p, o) >= 4 ||
		       gen_type_size((enum gen_type)o->type) < 4;
	return contiguous(o, n) && ir_opnd_align(p, o) >= 16;
}

static void fix_three_src(struct lctx *c, struct ir_inst *in)
{
	if (!is_three_src(in->op))
		return;
	enum gen_type t = (enum gen_type)in->dst.type;
	bool hf_bcast = t == GEN_TYPE_HF && in->exec > 1 &&
	                !c->p->plat->caps.a16_hf_replicate;
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct ir_opnd *o = &in->src[s];
		if (imm16_src0(c->p, in, s))
			continue;
		/* one source type field: every source takes the dst's type,
		 * but for Gen9 mixed mode (an F mad reading a packed HF
		 * vector, folded by copyprop.c; split.c makes it SIMD8) */
		bool mixed = t == GEN_TYPE_F && o->type == GEN_TYPE_HF &&
		             c->p->plat->caps.mixed_float &&
		             !c->p->plat->caps.three_src_align1 &&
		             !ir_opnd_is_scalar(o);
		if ((o->type != t && !mixed) ||
		    !good_a16_src(c->p, o, in->exec))
			copy_src(c, in, s, t, 16);
		if (hf_bcast && ir_opnd_is_scalar(o)) {
			/* no HF replicate (caps.a16_hf_replicate): a full copy */
			uint32_t v = temp(c->p, t, in->exec, 1, IR_GRF_BYTES);
			struct ir_inst *mv = ir_op1(c->p, GEN_OP_MOV, in->exec,
			                            in->nomask, ir_dst(v, 0, t, 1), *o);
			mv->src[0].mods = 0;
			mv->choff = in->choff;
			mv->loc = in->loc;
			uint8_t mods = o->mods;
			*o = ir_vec(v, 0, t, 1);
			o->mods = mods;
		}
	}
	const struct ir_opnd *d = &in->dst;
	bool ok = d->kind == IR_O_REG && d->rgn.hs == 1 &&
	          c->p->vregs.a[d->v].file == IR_RF_GRF &&
	          ir_opnd_align(c->p, d) >= (in->exec == 1 ? 4u : 16u);
	if (!ok)
		redirect_dst(c, in, t, 1, 16);
}

/* ---- math -------------------------------------------------------------- */


static bool is_signed_int(unsigned t)
{
	return t == GEN_TYPE_D || t == GEN_TYPE_W || t == GEN_TYPE_B ||
	       t == GEN_TYPE_Q;
}

/* Integer division type (IGC fixMathInst): signed when a source is
 * negated, else from the wider source, else signed only if both are. */
static enum gen_type div_type(const struct ir_inst *in)
{
	const struct ir_opnd *a = &in->src[0], *b = &in->src[1];
	if ((a->mods | b->mods) & GEN_MOD_NEG)
		return GEN_TYPE_D;
	unsigned sa = gen_type_size((enum gen_type)a->type);
	unsigned sb = gen_type_size((enum gen_type)b->type);
	if (sa != sb)
		return is_signed_int(sa > sb ? a->type : b->type) ? GEN_TYPE_D
		                                                  : GEN_TYPE_UD;
	return is_signed_int(a->type) && is_signed_int(b->type) ? GEN_TYPE_D
	                                                        : GEN_TYPE_UD;
}

/* An integer immediate of any width as the 32-bit value it stands for
 * (sign- or zero-extended from its own type). */
static uint64_t imm_to_dword(uint64_t v, enum gen_type t)
{
	switch (t) {
	case GEN_TYPE_B: return (uint32_t)(int32_t)(int8_t)v;
	case GEN_TYPE_UB: return (uint8_t)v;
	case GEN_TYPE_W: return (uint32_t)(int32_t)(int16_t)v;
	case GEN_TYPE_UW: return (uint16_t)v;
	default: return (uint32_t)v;
	}
}

static bool good_math_src(const struct ir_prog *p, const struct ir_opnd *o,
                          unsigned n)
{
	if (o->kind == IR_O_IMM)
		return true;
	if (o->kind != IR_O_REG || p->vregs.a[o->v].file != IR_RF_GRF)
		return false;
	if (ir_opnd_is_scalar(o) || n == 1)
		return true;
	return contiguous(o, n) && ir_opnd_sub(p, o) == 0;
}

static void fix_math(struct lctx *c, struct ir_inst *in)
{
	if (in->op != GEN_OP_MATH)
		return;
	bool idiv = is_int_div(in->fc);
	enum gen_type want = idiv ? div_type(in) : GEN_TYPE_F;
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct ir_opnd *o = &in->src[s];
		bool type_ok = idiv ? o->type == want && !o->mods
		                    : o->type == GEN_TYPE_F || o->type == GEN_TYPE_HF;
		if (!type_ok && idiv && o->kind == IR_O_IMM && !o->mods &&
		    !gen_type_is_float((enum gen_type)o->type)) {
			/* an integer immediate converts in place */
			o->imm = imm_to_dword(o->imm, (enum gen_type)o->type);
			o->type = want;
		} else if (!type_ok) {
			struct ir_opnd keep = *o;
			copy_src(c, in, s, want, IR_GRF_BYTES);
			if (idiv) {
				/* the conversion applies the modifier */
				struct ir_inst *mv = ir_last_emitted(c->p);
				mv->src[0].mods = keep.mods;
				o->mods = 0;
			}
		} else if (!good_math_src(c->p, o, in->exec)) {
			copy_src(c, in, s, (enum gen_type)o->type, IR_GRF_BYTES);
		}
	}
	const struct ir_opnd *d = &in->dst;
	bool ok = d->kind == IR_O_REG && d->rgn.hs == 1 &&
	          c->p->vregs.a[d->v].file == IR_RF_GRF &&
	          (in->exec == 1 || ir_opnd_sub(c->p, d) == 0);
	if (idiv && d->type != GEN_TYPE_D && d->type != GEN_TYPE_UD)
		ok = false;
	if (!ok)
		redirect_dst(c, in, idiv ? div_type(in) :
		             (enum gen_type)d->type, 1, IR_GRF_BYTES);
}

/* ---- 64-bit regions (caps.region_64bit_restricted) --------------------- */

/* Does the instruction count as a 64-bit operation (an 8-byte operand,
 * or a D x D mul where workarounds.def dw_mul_counts_as_64bit)? */
static bool uses_64bit(const struct ir_prog *p, const struct ir_inst *in,
                       bool *dxd)
{
	*dxd = false;
	if (in->dst.kind != IR_O_NONE && is_64(in->dst.type))
		return true;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (in->src[s].kind != IR_O_NONE && in->src[s].kind != IR_O_LABEL &&
		    is_64(in->src[s].type))
			return true;
	*dxd = p->plat->wa.dw_mul_counts_as_64bit && in->op == GEN_OP_MUL &&
	       in->nsrc == 2 && gen_type_size((enum gen_type)in->src[0].type) == 4 &&
	       gen_type_size((enum gen_type)in->src[1].type) == 4 &&
	       !gen_type_is_float((enum gen_type)in->src[0].type) &&
	       !gen_type_is_float((enum gen_type)in->src[1].type);
	return *dxd;
}

/* A register operand whose place in its GRF is not fixed yet gets a
 * GRF-aligned register (IGC gives such temporaries GRF alignment too). */
static void fix_place(struct ir_prog *p, const struct ir_opnd *o)
{
	if (o->kind != IR_O_REG)
		return;
	struct ir_vreg *r = &p->vregs.a[o->v];
	if (r->file == IR_RF_GRF && r->pin < 0 && r->align < IR_GRF_BYTES &&
	    !(r->flags & (IR_V_PINNED | IR_V_LIVE_IN | IR_V_ADDR_TAKEN)))
		r->align = IR_GRF_BYTES;
}

/* A 64-bit vector source whose GRF offset is not the destination's goes
 * to a temporary at that offset, its elements packed: a 64-bit move would
 * obey the same rule, so the copy moves dwords, two per element, under
 * NoMask (channel k of the instruction is dwords 2k and 2k+1 of the copy;
 * reading the elements of channels that are off is harmless).  One move
 * for an evenly strided region, else one per element (IGC copyDwords). */
static void copy_64bit_src(struct lctx *c, struct ir_inst *in, unsigned s,
                           int at)
{
	struct ir_opnd *o = &in->src[s];
	unsigned n = in->exec;
	int step = ir_elem_off(o, 1, false) - ir_elem_off(o, 0, false);
	bool even = step > 0 && step % 8 == 0;
	for (unsigned i = 2; even && i < n; i++)
		even = ir_elem_off(o, i, false) - ir_elem_off(o, i - 1, false) == step;
	uint32_t v = temp(c->p, (enum gen_type)o->type, n + (unsigned)at / 8, 1,
	                  IR_GRF_BYTES);
	ir_vreg(c->p, v)->align = IR_GRF_BYTES;
	for (unsigned i = 0; i < (even ? 1u : n); i++) {
		struct ir_opnd from = *o;
		from.mods = 0;
		from.type = GEN_TYPE_UD;
		from.off += ir_elem_off(o, i, false);
		unsigned dw = even ? 2 * n : 2;
		unsigned k = (unsigned)step / 8;
		/* <2k;2,1>: the two dwords of every k-th qword (k = 1: packed) */
		from.rgn = k == 1 || !even ? (struct gen_region){ 2, 2, 1 }
		                           : (struct gen_region){ (uint8_t)(2 * k), 2, 1 };
		struct ir_inst *mv = ir_op1(c->p, GEN_OP_MOV, dw, true,
		                            ir_dst(v, at + 8 * (int32_t)i, GEN_TYPE_UD, 1),
		                            from);
		mv->choff = 0;
		mv->loc = in->loc;
	}
	uint8_t mods = o->mods;
	*o = ir_vec(v, at, (enum gen_type)o->type, 1);
	o->mods = mods;
}

/* Dwords a copy of an indirect 64-bit operand covers: its extent
 * rounded up to an execution size, or 0 past two copies' worth. */
static unsigned ind_dwords(const struct ir_opnd *o, unsigned n, bool dst)
{
	unsigned dw = ir_opnd_extent(o, n, dst) / 4, k = 2;
	while (k < dw)
		k *= 2;
	return k <= 32 ? k : 0;
}

/* An indirect operand of dwords: the same address, :ud, k contiguous
 * dwords. */
static struct ir_opnd ind_dwords_opnd(const struct ir_opnd *o, unsigned k,
                                      bool dst)
{
	struct ir_opnd r = *o;
	r.type = GEN_TYPE_UD;
	r.mods = 0;
	r.rgn = dst ? (struct gen_region){ 0, 0, 1 }
	            : (struct gen_region){ (uint8_t)(k < 8 ? k : 8),
	                                   (uint8_t)(k < 8 ? k : 8), 1 };
	return r;
}

static struct ir_inst *dword_copy(struct lctx *c, const struct ir_inst *in,
                                  unsigned k, struct ir_opnd d,
                                  struct ir_opnd s)
{
	struct ir_inst *mv = ir_op1(c->p, GEN_OP_MOV, k, true, d, s);
	mv->choff = 0;
	mv->loc = in->loc;
	return mv;
}

/* Region rule (below): no indirect operand in a 64-bit instruction.  An
 * indirect destination becomes a GRF temporary.  One of 64 bits is
 * copied back as dwords under NoMask (a 32-bit move may be indirect), so
 * the temporary is loaded from the destination first: the channels and
 * strided-over elements the instruction does not write go back
 * unchanged (IGC fix64bInst preloads only strided destinations and so
 * writes garbage into disabled channels, as its GenX_IR bug in
 * docs/difftest.md).  A narrower one is a move with the instruction's
 * mask and predicate (redirect_dst).  Runs first: the copy back is the
 * last move after the instruction. */
static void fix_64bit_ind_dst(struct lctx *c, struct ir_inst *in)
{
	bool dxd;
	if (!c->p->plat->caps.region_64bit_restricted || ir_is_send(in->op) ||
	    ir_is_branch(in->op) || in->op == IR_OP_LABEL ||
	    in->op == GEN_OP_WAIT || in->dst.kind != IR_O_IND ||
	    !uses_64bit(c->p, in, &dxd))
		return;
	enum gen_type t = (enum gen_type)in->dst.type;
	unsigned hs = in->dst.rgn.hs ? in->dst.rgn.hs : 1;
	if (!is_64(t)) {
		redirect_dst(c, in, t, hs, 4);
		return;
	}
	unsigned k = ind_dwords(&in->dst, in->exec, true);
	if (!k) {
		ir_unsupported(c->p, "vISA instruction %u: an indirect 64-bit "
		               "destination over more than 128 bytes on %s",
		               in->loc, c->p->plat->name);
		return;
	}
	uint32_t v = temp(c->p, GEN_TYPE_UD, k, 1, IR_GRF_BYTES);
	ir_vreg(c->p, v)->align = IR_GRF_BYTES;
	dword_copy(c, in, k, ir_dst(v, 0, GEN_TYPE_UD, 1),
	           ind_dwords_opnd(&in->dst, k, false));
	struct ir_inst back;
	memset(&back, 0, sizeof back);
	back.op = GEN_OP_MOV;
	back.exec = (uint8_t)k;
	back.nomask = true;
	back.jip = back.uip = -1;
	back.loc = in->loc;
	back.nsrc = 1;
	back.dst = ind_dwords_opnd(&in->dst, k, true);
	back.src[0] = ir_vec(v, 0, GEN_TYPE_UD, 1);
	if (c->npost < MAX_POST)
		c->post[c->npost++] = back;
	in->dst = ir_dst(v, 0, t, hs);
}

/* An indirect 64-bit source: its dwords copied under NoMask into a GRF
 * temporary, at the destination's offset ('at') for a vector (IGC
 * fix64bInst copyDwordsIndirect).  Per-channel addresses (VxH) are
 * refused. */
static void copy_64bit_ind_src(struct lctx *c, struct ir_inst *in,
                               unsigned s, int at)
{
	struct ir_opnd *o = &in->src[s];
	if (o->rgn.vs == GEN_VS_VXH) {
		ir_unsupported(c->p, "vISA instruction %u: an indirect 64-bit "
		               "source with per-channel addresses on %s",
		               in->loc, c->p->plat->name);
		return;
	}
	if (in->exec > 1 && !ir_opnd_is_scalar(o)) {
		copy_64bit_src(c, in, s, at);
		return;
	}
	uint32_t v = temp(c->p, (enum gen_type)o->type, 1, 1, 8);
	dword_copy(c, in, 2, ir_dst(v, 0, GEN_TYPE_UD, 1),
	           ind_dwords_opnd(o, 2, false));
	uint8_t mods = o->mods;
	*o = ir_scalar(v, 0, (enum gen_type)o->type);
	o->mods = mods;
}

/* "[DevCHV, DevBXT]: When source or destination datatype is 64b,
 * indirect addressing must not be used ... Source and Destination
 * horizontal stride must be aligned to the execution datatype ...
 * Source and Destination offset must be the same, except the case of
 * scalar source" (IGC HWConformity.cpp fix64bInst at cb07252e8^; the
 * D x D mul counts, "since the result is 64-bit").  32-bit sources that
 * break a rule are copied (a 32-bit move obeys none of them); operands
 * whose GRF offset is not fixed yet get whole registers so that offsets
 * agree; 64-bit vector sources at another offset are copied as dwords
 * (copy_64bit_src).  Indirect sources are copied (copy_64bit_ind_src),
 * an indirect destination went to a temporary first (fix_64bit_ind_dst);
 * a narrow flag or address source is copied to a GRF, any other ARF but
 * null refused (vISA has no 64-bit ARF operands; visafin's own acc0 uses
 * are 32-bit or narrower).  Runs after
 * the other fixes, so that the destination's offset is final. */
static void fix_64bit_regions(struct lctx *c, struct ir_inst *in)
{
	bool dxd;
	if (!c->p->plat->caps.region_64bit_restricted || ir_is_send(in->op) ||
	    ir_is_branch(in->op) || in->op == IR_OP_LABEL ||
	    in->op == GEN_OP_WAIT || !uses_64bit(c->p, in, &dxd))
		return;
	/* the region rules are Align1's; 3-source instructions are Align16
	 * where caps.three_src_align1 is 0 (fix_three_src placed them) */
	if (is_three_src(in->op) && !c->p->plat->caps.three_src_align1)
		return;
	for (unsigned s = 0; s <= in->nsrc; s++) {
		const struct ir_opnd *o = s < in->nsrc ? &in->src[s] : &in->dst;
		bool arf = (o->kind == IR_O_ARF && o->rn != GEN_RN_NULL) ||
		           (o->kind == IR_O_REG &&
		            c->p->vregs.a[o->v].file != IR_RF_GRF);
		if (arf && s < in->nsrc && !is_64(o->type)) {
			/* a flag or address source: a GRF copy first */
			copy_src(c, in, s, (enum gen_type)o->type, IR_GRF_BYTES);
		} else if (arf) {
			ir_unsupported(c->p, "vISA instruction %u: a 64-bit ARF "
			               "operand or an ARF destination of a 64-bit "
			               "instruction on %s", in->loc,
			               c->p->plat->name);
			return;
		}
	}
	bool vector = in->exec > 1;
	if (vector && dst_is_grf(c->p, &in->dst))
		fix_place(c->p, &in->dst);
	int want = vector && in->dst.kind == IR_O_REG
	           ? ir_opnd_sub(c->p, &in->dst) : -1;
	/* a null destination (cmp): the sources agree among themselves, at
	 * the first vector source's offset (IGC hasSameSubregOffset) */
	bool null_dst = in->dst.kind == IR_O_NONE ||
	                (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL);
	for (unsigned s = 0; vector && null_dst && want < 0 && s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_REG && !ir_opnd_is_scalar(o) &&
		    gen_type_size((enum gen_type)o->type) == 8) {
			fix_place(c->p, o);
			want = ir_opnd_sub(c->p, o);
		}
	}
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct ir_opnd *o = &in->src[s];
		unsigned ts = gen_type_size((enum gen_type)o->type);
		if (o->kind == IR_O_IND && ts < 8) {
			copy_src(c, in, s, (enum gen_type)o->type, IR_GRF_BYTES);
			continue;
		}
		if (o->kind == IR_O_IND) {
			copy_64bit_ind_src(c, in, s,
			                   want >= 0 && want % 8 == 0 ? want : 0);
			continue;
		}
		if (o->kind != IR_O_REG || ir_opnd_is_scalar(o) || !vector)
			continue;
		fix_place(c->p, o);
		if (ts == 8) {
			if (want >= 0 && want % 8 == 0 && ir_opnd_sub(c->p, o) != want)
				copy_64bit_src(c, in, s, want);
			continue;
		}
		/* a narrow vector source: stride aligned to 8 bytes, its
		 * offset that of the destination (scalars excepted) */
		unsigned step = (unsigned)(ir_elem_off(o, 1, false) - ir_elem_off(o, 0, false));
		bool strided = step == 8;
		bool placed = want < 0 || ir_opnd_sub(c->p, o) == want;
		if (strided && placed)
			continue;
		unsigned mult = 8 / ts;
		enum gen_type t = (enum gen_type)o->type;
		if (mult == 8) {   /* no stride 8: bytes go through words */
			t = t == GEN_TYPE_B ? GEN_TYPE_W : GEN_TYPE_UW;
			mult = 4;
		}
		uint8_t mods = o->mods;
		struct ir_opnd from = *o;
		from.mods = 0;
		int32_t at = want > 0 ? want : 0;
		unsigned el = gen_type_size(t) * mult;
		uint32_t v = temp(c->p, t, in->exec + ((unsigned)at + el - 1) / el,
		                  mult, IR_GRF_BYTES);
		ir_vreg(c->p, v)->align = IR_GRF_BYTES;
		struct ir_inst *mv = ir_op1(c->p, GEN_OP_MOV, in->exec, in->nomask,
		                            ir_dst(v, at, t, mult), from);
		mv->choff = in->choff;
		mv->loc = in->loc;
		*o = ir_vec(v, at, t, mult);
		o->mods = mods;
	}
}

/* ---- mixed float (caps.mixed_float, math_hf) --------------------------- */

static bool is_hf(unsigned t)
{
	return t == GEN_TYPE_HF;
}

/* Without mixed mode (caps.def mixed_float: BDW; IGC HWCaps.inc
 * hasMixMode "getPlatform() > GENX_BDW"), an instruction computing on
 * floats has all its float operands of one type: HF sources next to F
 * ones are converted to F first, and an HF result of F arithmetic is
 * written as F then converted (a mov converts; that is not mixed mode).
 * Without HF math (caps.math_hf: BDW), math computes HF in F. */
static void fix_mixed_float(struct lctx *c, struct ir_inst *in)
{
	const struct plat_caps *cap = &c->p->plat->caps;
	if (ir_is_send(in->op) || ir_is_branch(in->op) || in->op == IR_OP_LABEL ||
	    in->op == GEN_OP_MOV || in->op == GEN_OP_WAIT)
		return;
	bool math = in->op == GEN_OP_MATH;
	if (math ? cap->math_hf : cap->mixed_float)
		return;
	bool any_hf = is_hf(in->dst.type), any_f = in->dst.type == GEN_TYPE_F;
	for (unsigned s = 0; s < in->nsrc; s++) {
		any_hf = any_hf || is_hf(in->src[s].type);
		any_f = any_f || in->src[s].type == GEN_TYPE_F;
	}
	if (!any_hf || (!any_f && !math))
		return;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (is_hf(in->src[s].type))
			copy_src(c, in, s, GEN_TYPE_F, math ? IR_GRF_BYTES : 4);
	if (is_hf(in->dst.type) && dst_is_grf(c->p, &in->dst))
		redirect_dst(c, in, GEN_TYPE_F, 1, math ? IR_GRF_BYTES : 4);
}

/* ---- driver ------------------------------------------------------------ */

static bool is_macro(const struct ir_inst *in)
{
	return gen_op_is_macro(in->op, in->fc);
}

/* A float add, mul, sel or mad whose destination and sources are all
 * direct GRF registers of type F: the common shape of a large kernel
 * (issue 12: the fixes below ask it some 280 instructions' worth of
 * questions).  Of them only the 3-source ones apply: it has no indirect
 * destination, no immediate, no integer product, no half float, no ARF
 * source, no math, no 64-bit type, and its execution type is its
 * destination's (fix_dst_stride keeps it). */
static bool float_grf_alu(const struct ir_prog *p, const struct ir_inst *in)
{
	unsigned op = in->op;
	if (op != GEN_OP_ADD && op != GEN_OP_MUL && op != GEN_OP_SEL &&
	    op != GEN_OP_MAD)
		return false;
	if (in->nsrc != (op == GEN_OP_MAD ? 3 : 2))
		return false;
	for (unsigned k = 0; k <= in->nsrc; k++) {
		const struct ir_opnd *o = k ? &in->src[k - 1] : &in->dst;
		if (o->kind != IR_O_REG || o->type != GEN_TYPE_F ||
		    p->vregs.a[o->v].file != IR_RF_GRF)
			return false;
	}
	return true;
}

/* 'in' is the old instruction in place (ir_inplace_begin): what is
 * emitted before it goes to slots before it or to the queue. */
static void legalize_inst(struct lctx *c, struct ir_inst *in)
{
	c->npost = 0;
	if (is_macro(in)) {  /* built to the rules by build_math.c */
		ir_emit_copy(c->p, in);
		return;
	}
	if (float_grf_alu(c->p, in)) {
		/* the fixes that apply to it, in their order below; what
		 * fix_three_src makes (F temporaries in the GRF) leaves the
		 * later ones nothing to do either */
		order_mad_multiplicands(c, in);
		fix_three_src(c, in);
	} else {
		fix_64bit_ind_dst(c, in);
		order_mad_multiplicands(c, in);
		fix_imm(c, in);
		fix_mul_dword_src0(c, in);
		fix_mixed_float(c, in);
		fix_arf_src1(c, in);
		fix_three_src(c, in);
		fix_math(c, in);
		fix_dst_stride(c, in);
		/* last: the destination's offset is final (fix_dst_stride
		 * may have moved it to a temporary) */
		fix_64bit_regions(c, in);
	}
	ir_emit_copy(c->p, in);
	/* the moves after the instruction, innermost fix last */
	for (unsigned k = c->npost; k-- > 0;) {
		struct ir_inst mv = c->post[k];
		struct lctx sub = { .p = c->p };
		sub.npost = 0;
		fix_dst_stride(&sub, &mv);
		ir_emit_copy(c->p, &mv);
		for (unsigned j = sub.npost; j-- > 0;)
			ir_emit_copy(c->p, &sub.post[j]);
	}
}

bool ir_legalize(struct ir_prog *p);

bool ir_legalize(struct ir_prog *p)
{
	struct ir_insts_old old = ir_inplace_begin(p);
	struct lctx c = { .p = p };
	for (uint32_t i = 0; i < old.n; i++) {
		ir_inplace_next(p, i);
		legalize_inst(&c, &old.a[i]);
	}
	ir_inplace_end(p);
	return p->err->status == VF_OK;
}
