/*
 * split.c - execution-size splitting and source regions for Gen9.
 *
 * Needs: legalize.c's output.  Leaves: every instruction with canonical
 * source regions and an execution size at which all its operands obey
 * the register-region rules:
 *
 *   - "An operand may not span more than two adjacent GRF registers";
 *   - "VertStride must be used to cross GRF register boundaries" (a row
 *     of 'width' elements stays in one GRF);
 *   - "When the destination spans two registers, the source MUST span two
 *     registers", except a scalar source, or a packed word source with a
 *     packed dword destination (Gen8/9 EU ISA, Register Region
 *     Restrictions); we also require the two-register operands to start
 *     a GRF, and contiguous.  Where caps.two_grf_dst_regions is set
 *     (IGC's Gen8/9 code), a source stepping like the destination, or a
 *     packed dword in one GRF under an 8-byte-step destination, is taken
 *     too (relaxed_src_ok); on every platform a source inside one GRF
 *     feeds an evenly split two-GRF destination (one_grf_src_ok: the
 *     Gen7-only rule is gone from Gen8 on), and a strided destination
 *     split evenly takes sources of its byte step (two_grf_dst_ok);
 *   - SIMD32 is split to SIMD16 (Gen9 limits 32-wide execution to some
 *     16-bit cases; IGC splits all); integer division runs at SIMD8
 *     ("INT DIV function does not support SIMD16"); a 3-source Align16
 *     instruction's sources span the same registers as its destination.
 *
 * A split keeps the semantics: each half gets channel offset +n/2 (the
 * predicate and condition flag bits follow the channel offset in
 * hardware), region operands advance by element n/2, scalars stay, and
 * multi-address indirect operands advance their address element.
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"

static bool is_three_src(unsigned op)
{
	return gen_op_is_three_src(op);
}

static bool skip_op(unsigned op)
{
	return ir_is_send(op) || ir_is_branch(op) || op == IR_OP_LABEL ||
	       op == GEN_OP_WAIT || op == GEN_OP_NOP || op == GEN_OP_MADM;
}

/* ---- regions ----------------------------------------------------------- */

static unsigned tsize(const struct ir_opnd *o)
{
	return gen_type_size((enum gen_type)o->type);
}

/* Element stride of a one-dimensional region, or -1 if it is 2D. */
static int stride_1d(const struct ir_opnd *o, unsigned n)
{
	unsigned w = o->rgn.w ? o->rgn.w : 1;
	if (n == 1 || (o->rgn.vs == 0 && w == 1))
		return 0;
	if (w == 1)
		return o->rgn.vs;
	if (w >= n)
		return o->rgn.hs;
	if (o->rgn.vs == w * o->rgn.hs)
		return o->rgn.hs;
	return -1;
}

/* Do rows of w elements (stride s, type size ts) starting at GRF byte
 * 'sub' (-1: the operand lies in one GRF) each stay inside a GRF? */
static bool rows_fit(int sub, unsigned n, unsigned w, unsigned s, unsigned ts)
{
	unsigned vs = w * s, span = (w - 1) * s * ts + ts;
	if (vs > 32 || span > IR_GRF_BYTES)
		return false;
	if (sub < 0)
		return true;
	for (unsigned k = 0; k < (n + w - 1) / w; k++)
		if (((unsigned)sub + k * vs * ts) % IR_GRF_BYTES + span > IR_GRF_BYTES)
			return false;
	return true;
}

/* Canonical source region: <0;1,0> for scalars, <w*s;w,s> with the widest
 * width whose rows stay inside a GRF, <s;1,0> for strides above 4. */
static void normalize_src(const struct ir_prog *p, struct ir_opnd *o,
                          unsigned n)
{
	if (o->kind != IR_O_REG && o->kind != IR_O_ARF)
		return;
	if (o->kind == IR_O_REG && p->vregs.a[o->v].file != IR_RF_GRF &&
	    p->vregs.a[o->v].file != IR_RF_ADDR)
		return;
	int s = stride_1d(o, n);
	if (s == 0) {
		o->rgn = (struct gen_region){ 0, 1, 0 };
		return;
	}
	if (s < 0)
		return;
	unsigned ts = tsize(o);
	if (s > 4) {
		o->rgn = (struct gen_region){ (uint8_t)s, 1, 0 };
		return;
	}
	int sub = o->kind == IR_O_REG ? ir_opnd_sub(p, o) : 0;
	unsigned w = n > 16 ? 16 : n;
	if (s == 1 && sub == 0 && (n & (n - 1)) == 0) {
		/* contiguous from a GRF start, n a power of two (issue 12:
		 * the common source): rows of w * ts bytes, a power of two,
		 * start at multiples of it, so a row fits exactly when
		 * w * ts <= 32, the one test of rows_fit that can fail */
		while (w > 1 && w * ts > IR_GRF_BYTES)
			w /= 2;
	} else {
		while (w > 1 && !rows_fit(sub, n, w, (unsigned)s, ts))
			w /= 2;
	}
	if (w == 1)
		o->rgn = (struct gen_region){ (uint8_t)s, 1, 0 };
	else
		o->rgn = (struct gen_region){ (uint8_t)(w * (unsigned)s), (uint8_t)w,
		                              (uint8_t)s };
}

static void normalize(const struct ir_prog *p, struct ir_inst *in)
{
	if (skip_op(in->op))
		return;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (!is_three_src(in->op) || in->exec == 1)
			normalize_src(p, &in->src[s], in->exec);
	if (in->exec == 1 && in->dst.kind != IR_O_NONE && in->dst.rgn.hs == 0)
		in->dst.rgn.hs = 1;
}

/* ---- when to split ----------------------------------------------------- */

static bool whole_grf_1d(const struct ir_prog *p, const struct ir_opnd *o,
                         unsigned n, bool dst)
{
	if (o->kind != IR_O_REG || ir_opnd_sub(p, o) != 0)
		return false;
	if (dst)
		return o->rgn.hs == 1;
	return stride_1d(o, n) == 1;
}

static bool has_64bit(const struct ir_inst *in)
{
	if (in->dst.kind != IR_O_NONE && tsize(&in->dst) == 8)
		return true;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (tsize(&in->src[s]) == 8)
			return true;
	return false;
}

/* A source inside one GRF may feed a two-GRF destination: the Gen7 rule
 * "when the destination spans two registers, the source MUST span two
 * registers" is gone from Gen8 on ("the source may be one or two
 * registers", BDW PRM as quoted in Mesa brw_eu_validate.c; IGC's skl and
 * bdw code: mov (8) r:q r<8;8,1>:w, add (8) r:q r<8;8,1>:ud -r:q).  Not
 * for 3-source and math instructions, nor where 64-bit regions are
 * restricted (caps.region_64bit_restricted).  The source must not be
 * in the destination's register: the second half would read what the
 * first half wrote (the allocator never gives a source that ends here
 * and a destination that starts here the same GRF, linscan.c). */
static bool one_grf_src_ok(const struct ir_prog *p, const struct ir_inst *in,
                           const struct ir_opnd *o, unsigned span)
{
	if (is_three_src(in->op) || in->op == GEN_OP_MATH ||
	    (p->plat->caps.region_64bit_restricted && has_64bit(in)))
		return false;
	return o->kind == IR_O_REG && p->vregs.a[o->v].file == IR_RF_GRF &&
	       o->v != in->dst.v && ir_opnd_sub(p, o) >= 0 && span == 1;
}

/* A destination over two GRFs from the start of the first, elements
 * evenly split between them (stride 1, or a wider stride in two-source
 * instructions: mov (8) r.0<2>:d r<4;4,1>:q). */
static bool two_grf_dst_ok(const struct ir_prog *p, const struct ir_inst *in)
{
	const struct ir_opnd *d = &in->dst;
	if (whole_grf_1d(p, d, in->exec, true))
		return true;
	if (is_three_src(in->op) || in->op == GEN_OP_MATH ||
	    d->kind != IR_O_REG || ir_opnd_sub(p, d) != 0 || !d->rgn.hs)
		return false;
	return in->exec * d->rgn.hs * tsize(d) == 2 * IR_GRF_BYTES;
}

/* Byte step between channels of a one-dimensional operand (-1: 2D). */
static int byte_step(const struct ir_opnd *o, unsigned n, bool dst)
{
	if (dst)
		return (int)(o->rgn.hs * tsize(o));
	int s = stride_1d(o, n);
	return s < 0 ? -1 : s * (int)tsize(o);
}

/* The relaxed two-register rules (caps.two_grf_dst_regions, what IGC's
 * Gen8/9 binaries do): destination 'd' and source 'o', both starting
 * inside their first element, each half of the channels in one GRF.
 * Either the source steps like the destination (it spans two GRFs the
 * same way), or it is a packed dword in one GRF and the destination
 * steps 8 bytes (the packed word -> packed dword exception, one size
 * up: the source subregister advances, not its register). */
static bool relaxed_src_ok(const struct ir_prog *p, const struct ir_inst *in,
                           const struct ir_opnd *o)
{
	const struct ir_opnd *d = &in->dst;
	unsigned n = in->exec;
	int ds = byte_step(d, n, true), ss = byte_step(o, n, false);
	int dsub = ir_opnd_sub(p, d), ssub = ir_opnd_sub(p, o);
	if (ds <= 0 || (unsigned)ds * n != 2 * IR_GRF_BYTES || dsub < 0 ||
	    dsub + (int)tsize(d) > ds || ss <= 0 || ssub < 0 ||
	    o->kind != IR_O_REG)
		return false;
	if (ss == ds)
		return ssub + (int)tsize(o) <= ss;
	return ss == 4 && ds == 8 && ssub == 0 &&
	       !gen_type_is_float((enum gen_type)o->type) &&
	       !gen_type_is_float((enum gen_type)d->type);
}

/* span[s]: opnd_span of source s (a GRF register's ir_opnd_grfs) */
static bool two_grf_ok(const struct ir_prog *p, const struct ir_inst *in,
                       const unsigned *span)
{
	const struct ir_opnd *d = &in->dst;
	bool relax = p->plat->caps.two_grf_dst_regions &&
	             !is_three_src(in->op) && in->op != GEN_OP_MATH;
	bool even = two_grf_dst_ok(p, in);   /* whole, or strided evenly */
	if (!relax && !even)
		return false;
	unsigned dstep = d->rgn.hs * tsize(d);
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_IMM || o->kind == IR_O_ADDROF ||
		    ir_opnd_is_scalar(o) || (even && one_grf_src_ok(p, in, o, span[s])))
			continue;
		if (relax && relaxed_src_ok(p, in, o))
			continue;
		if (!even || !whole_grf_1d(p, o, in->exec, false))
			return false;
		/* element k at the same place in the same GRF of both */
		if (tsize(o) == dstep && (tsize(o) == tsize(d) ||
		                          !is_three_src(in->op)))
			continue;
		if (is_three_src(in->op) || tsize(o) != 2 || tsize(d) != 4 ||
		    d->rgn.hs != 1)
			return false;  /* only packed word -> packed dword */
	}
	return true;
}

/* ir_opnd_grfs (ir/ir.c) of a GRF register operand, inline: split asks
 * it of every operand of every instruction (issue 12); the register's
 * file is known, so the questions ir_opnd_sub asks again are not. */
static unsigned grf_span(const struct ir_vreg *v, const struct ir_opnd *o,
                         unsigned n, bool dst)
{
	if (ir_opnd_is_scalar(o))
		return 1;
	unsigned ext = ir_opnd_extent(o, n, dst);
	int sub = v->pin >= 0 ? (v->pin + o->off) % IR_GRF_BYTES
	          : v->align >= IR_GRF_BYTES ? o->off % IR_GRF_BYTES : -1;
	if (sub < 0)
		return v->size <= IR_GRF_BYTES ? 1
		       : (ext + IR_GRF_BYTES - 1) / IR_GRF_BYTES + 1;
	return ((unsigned)sub + ext + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
}

static unsigned opnd_span(const struct ir_prog *p, const struct ir_opnd *o,
                          unsigned n, bool dst)
{
	if (o->kind == IR_O_REG && p->vregs.a[o->v].file == IR_RF_GRF)
		return grf_span(&p->vregs.a[o->v], o, n, dst);
	if (o->kind == IR_O_IND) {
		if (!dst && o->rgn.vs == GEN_VS_VXH)
			return n * tsize(o) > 64 ? 3 : 1;
		return (ir_opnd_extent(o, n, dst) + IR_GRF_BYTES - 1) / IR_GRF_BYTES;
	}
	return 1;
}

/* Gen9 mixed mode (Align16 3-source with an F destination and an HF
 * source, copyprop.c): "no SIMD16 in mixed mode when destination is
 * f32", so such an instruction runs at SIMD8 (GenX_IR splits it too). */
static bool mixed_f_dst(const struct ir_prog *p, const struct ir_inst *in)
{
	if (!is_three_src(in->op) || in->dst.type != GEN_TYPE_F ||
	    p->plat->caps.three_src_align1)
		return false;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (in->src[s].type == GEN_TYPE_HF)
			return true;
	return false;
}

/* A GRF register operand that starts a GRF (subregister 0). */
static bool grf_start(const struct ir_prog *p, const struct ir_opnd *o)
{
	return o->kind == IR_O_REG && p->vregs.a[o->v].file == IR_RF_GRF &&
	       ir_opnd_sub(p, o) == 0;
}

/* The common SIMD16 shape, answered without the general rules below
 * (issue 12: they cost some 600 instructions an instruction): the
 * destination fills two whole GRFs, packed, from the start of the
 * first, and every source is an immediate, a scalar, or a GRF register
 * laid out the same way with the same element size.  needs_split's
 * rules all pass it: the destination spans 2 GRFs (extent n * size =
 * 64 from subregister 0), each such source too (stride 1), a scalar 1;
 * two_grf_ok takes such a source on every platform (whole_grf_1d, the
 * element size equal to the destination's step and size); the
 * destination is direct.  Anything else goes through the rules. */
static bool packed_two_grf(const struct ir_prog *p, const struct ir_inst *in)
{
	const struct ir_opnd *d = &in->dst;
	unsigned n = in->exec, ts = tsize(d);
	if (!grf_start(p, d) || d->rgn.hs != 1 || n * ts != 2 * IR_GRF_BYTES)
		return false;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_IMM || o->kind == IR_O_ADDROF)
			continue;
		if (o->kind != IR_O_REG || p->vregs.a[o->v].file != IR_RF_GRF)
			return false;
		if (ir_opnd_is_scalar(o))
			continue;
		if (tsize(o) != ts || stride_1d(o, n) != 1 || !grf_start(p, o))
			return false;
	}
	return true;
}

/* Instructions that run at most 8 channels at a time whatever their
 * regions: a mixed-float destination, an integer divide macro. */
static bool eight_at_most(const struct ir_prog *p, const struct ir_inst *in)
{
	return in->exec > 8 &&
	       (mixed_f_dst(p, in) ||
	        (in->op == GEN_OP_MATH &&
	         (in->fc == GEN_MATH_IQOT || in->fc == GEN_MATH_IREM ||
	          in->fc == GEN_MATH_IDIV)));
}

static bool needs_split(const struct ir_prog *p, const struct ir_inst *in)
{
	if (in->exec <= 1 || skip_op(in->op))
		return false;
	if (in->exec > 16)
		return true;
	if (eight_at_most(p, in))
		return true;
	if (packed_two_grf(p, in))
		return false;
	unsigned dspan = in->dst.kind == IR_O_NONE ||
	                 (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_NULL)
	                 ? 1 : opnd_span(p, &in->dst, in->exec, true);
	if (dspan > 2)
		return true;
	unsigned span[3] = { 0, 0, 0 };
	for (unsigned s = 0; s < in->nsrc && s < 3; s++) {
		unsigned sp = span[s] = opnd_span(p, &in->src[s], in->exec, false);
		if (sp > 2)
			return true;
		if (sp == 2 && (is_three_src(in->op) || in->op == GEN_OP_MATH) &&
		    dspan != 2)
			return true;
	}
	if (dspan == 2 && !two_grf_ok(p, in, span))
		return true;
	if (in->dst.kind == IR_O_IND && dspan > 1)
		return true;
	return false;
}

/* ---- splitting --------------------------------------------------------- */

static void advance_src(struct ir_opnd *o, unsigned half)
{
	if (o->kind == IR_O_IMM || o->kind == IR_O_ADDROF ||
	    o->kind == IR_O_NONE || ir_opnd_is_scalar(o))
		return;
	unsigned ts = tsize(o);
	unsigned w = o->rgn.w ? o->rgn.w : 1;
	if (o->kind == IR_O_IND && o->rgn.vs == GEN_VS_VXH) {
		if (w > half) {
			o->off += (int32_t)(half * o->rgn.hs * ts);
			o->rgn.w = (uint8_t)half;
		} else {
			o->aoff = (uint16_t)(o->aoff + (half / w) * 2);
		}
		return;
	}
	if (w > half) {
		o->off += (int32_t)(half * o->rgn.hs * ts);
		o->rgn.w = (uint8_t)half;
		o->rgn.vs = (uint8_t)(half * o->rgn.hs);
		return;
	}
	o->off += (int32_t)((half / w) * o->rgn.vs * ts);
}

static void shrink_src(struct ir_opnd *o, unsigned half)
{
	if (o->kind == IR_O_IMM || o->kind == IR_O_ADDROF ||
	    o->kind == IR_O_NONE || ir_opnd_is_scalar(o))
		return;
	if (o->rgn.w > half) {
		o->rgn.w = (uint8_t)half;
		if (o->rgn.vs != GEN_VS_VXH)
			o->rgn.vs = (uint8_t)(half * o->rgn.hs);
	}
}

static bool emit_split(struct ir_prog *p, struct ir_inst in, unsigned depth);

/* Whether destination d (at exec size n) writes bytes that source s
 * (at exec size n) reads: then the half writing d must come second. */
static bool clobbers(const struct ir_opnd *d, const struct ir_opnd *s,
                     unsigned n)
{
	if (d->kind != IR_O_REG || s->kind != IR_O_REG || d->v != s->v)
		return false;
	int64_t d0 = d->off, d1 = d0 + ir_opnd_extent(d, n, true);
	int64_t s0 = s->off, s1 = s0 + ir_opnd_extent(s, n, false);
	return d0 < s1 && s0 < d1;
}

static bool half_clobbers(const struct ir_inst *w, const struct ir_inst *r)
{
	for (unsigned s = 0; s < r->nsrc; s++)
		if (clobbers(&w->dst, &r->src[s], w->exec))
			return true;
	return false;
}

/* Whether the instruction writes or reads the accumulator (addc's carry,
 * subb's borrow, mach, AccWrEn, an acc operand).  A half below four
 * channels keeps the channel offset, so its accumulator channels are
 * the other half's: the high half's addc would overwrite the low half's
 * carries before the add reading them. */
static bool uses_acc(const struct ir_inst *in)
{
	if (in->op == GEN_OP_ADDC || in->op == GEN_OP_SUBB ||
	    in->op == GEN_OP_MACH || (in->opts & GEN_OPT_ACCWREN))
		return true;
	if (in->dst.kind == IR_O_ARF && in->dst.rn == GEN_RN_ACC)
		return true;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (in->src[s].kind == IR_O_ARF && in->src[s].rn == GEN_RN_ACC)
			return true;
	return false;
}

static bool split_in_two(struct ir_prog *p, const struct ir_inst *in,
                         unsigned depth)
{
	unsigned half = in->exec / 2u;
	/* below four channels the channel offset cannot follow the halves;
	 * fine when no mask, predicate or flag write depends on it (sel's
	 * condition selects a source, it writes no flag), nor on the
	 * accumulator */
	bool maskfree = in->nomask && !in->pred &&
	                (!in->cmod || in->op == GEN_OP_SEL) && !uses_acc(in);
	if (half < 4 && !maskfree)
		return ir_unsupported(p, "an instruction that must be split below "
		                      "four channels");
	struct ir_inst lo = *in, hi = *in;
	lo.exec = hi.exec = (uint8_t)half;
	if (half >= 4)
		hi.choff = (uint8_t)(in->choff + half);
	for (unsigned s = 0; s < in->nsrc; s++) {
		shrink_src(&lo.src[s], half);
		advance_src(&hi.src[s], half);
		shrink_src(&hi.src[s], half);
	}
	if (in->dst.kind == IR_O_REG || in->dst.kind == IR_O_IND)
		hi.dst.off += ir_elem_off(&in->dst, half, true);
	/* smov's immediate channel mask follows the halves; a half that
	 * writes no channel is left out */
	if (in->op == GEN_OP_SMOV && in->src[1].kind == IR_O_IMM) {
		uint64_t mask = in->src[1].imm;
		lo.src[1].imm = mask & ((1ull << half) - 1);
		hi.src[1].imm = (mask >> half) & ((1ull << half) - 1);
		if (!lo.src[1].imm && !hi.src[1].imm)
			return true;
		if (!lo.src[1].imm)
			return emit_split(p, hi, depth + 1);
		if (!hi.src[1].imm)
			return emit_split(p, lo, depth + 1);
	}
	/* Each half must read its sources before the other half writes over
	 * them (dst and src of one instruction may overlap shifted, e.g. a
	 * SIMD16 op writing rows 3-4 from rows 2-3): the low half first when
	 * it does not clobber the high half's sources, else the high half
	 * first when that one is safe. */
	if (!half_clobbers(&lo, &hi))
		return emit_split(p, lo, depth + 1) && emit_split(p, hi, depth + 1);
	if (!half_clobbers(&hi, &lo))
		return emit_split(p, hi, depth + 1) && emit_split(p, lo, depth + 1);
	/* Both ways clobber: the high half's endangered sources are copied
	 * to temporaries first (all channels), then low, then high. */
	for (unsigned s = 0; s < hi.nsrc; s++) {
		if (!clobbers(&lo.dst, &hi.src[s], lo.exec))
			continue;
		enum gen_type t = (enum gen_type)hi.src[s].type;
		uint32_t tmp = ir_temp(p, t, hi.exec, 1);
		struct ir_inst mv;
		memset(&mv, 0, sizeof mv);
		mv.op = GEN_OP_MOV;
		mv.exec = hi.exec;
		mv.choff = hi.choff;
		mv.nomask = true;
		mv.jip = mv.uip = -1;
		mv.loc = in->loc;
		mv.dst = ir_dst(tmp, 0, t, 1);
		mv.src[0] = hi.src[s];
		mv.src[0].mods = 0;
		mv.nsrc = 1;
		if (!emit_split(p, mv, depth + 1))
			return false;
		uint8_t mods = hi.src[s].mods;
		hi.src[s] = ir_vec(tmp, 0, t, 1);
		hi.src[s].mods = mods;
	}
	return emit_split(p, lo, depth + 1) && emit_split(p, hi, depth + 1);
}

/* invm/rsqtm: macros built at SIMD4 (build_math.c), never split or
 * normalized here. */
static bool is_math_macro(const struct ir_inst *in)
{
	return in->op == GEN_OP_MATH &&
	       (in->fc == GEN_MATH_INVM || in->fc == GEN_MATH_RSQTM);
}

static bool emit_split(struct ir_prog *p, struct ir_inst in, unsigned depth)
{
	if (is_math_macro(&in)) {
		ir_emit_copy(p, &in);
		return true;
	}
	normalize(p, &in);
	if (depth < 6 && needs_split(p, &in))
		return split_in_two(p, &in, depth);
	ir_emit_copy(p, &in);
	return true;
}

/* normalize and needs_split at once for the common shape (issue 12:
 * both ask of every operand): an instruction packed_two_grf takes
 * before normalize, it takes after it too (normalize keeps a scalar
 * scalar, a stride-1 source stride 1, and changes no kind, type,
 * register, nor the destination at these exec sizes), and where
 * needs_split's other questions say no split, so does needs_split.  What normalize does to it: a contiguous source from a
 * GRF start at exec size n = 64 / ts (16 or 8, a power of two) gets
 * rows of one GRF, <32/ts;32/ts,1> (normalize_src's width loop); a
 * scalar is <0;1,0> already; 3-source sources are left as they are.
 * False, and nothing changed, for any other instruction. */
static bool normalized_packed(const struct ir_prog *p, struct ir_inst *in)
{
	if (in->exec > 16 || skip_op(in->op) || is_math_macro(in) ||
	    !packed_two_grf(p, in))
		return false;
	if (eight_at_most(p, in))
		return false;
	if (is_three_src(in->op))
		return true;
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_REG && !ir_opnd_is_scalar(o)) {
			uint8_t w = (uint8_t)(IR_GRF_BYTES / tsize(o));
			o->rgn = (struct gen_region){ w, w, 1 };
		}
	}
	return true;
}

bool ir_split(struct ir_prog *p);

bool ir_split(struct ir_prog *p)
{
	/* In place: an instruction that needs no split is normalized where
	 * it is and stays (issue 12: no copies of it); one that does is
	 * copied out and its pieces are emitted (emit_split at depth 0). */
	struct ir_insts_old old = ir_inplace_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		struct ir_inst *in = &old.a[i];
		ir_inplace_next(p, i);
		p->loc = in->loc;   /* errors name the vISA instruction */
		if (normalized_packed(p, in)) {
			ir_emit_copy(p, in);
			continue;
		}
		bool macro = is_math_macro(in);
		if (!macro)
			normalize(p, in);
		if (macro || !needs_split(p, in)) {
			ir_emit_copy(p, in);
			continue;
		}
		struct ir_inst whole = *in;
		ir_inplace_next(p, i + 1);   /* 'whole' is a copy */
		if (!split_in_two(p, &whole, 0))
			return false;
	}
	ir_inplace_end(p);
	return true;
}
