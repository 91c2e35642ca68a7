/*
 * build_combined.c - vISA instructions that stand for several operations:
 * madw (32x32+32 -> 64-bit multiply-add) and sad2/sad2add (two-wide sums
 * of absolute differences).
 *
 * Spec: shared/spec/visa/instructions/MADW.md, SAD2.md, SAD2ADD.md.
 *
 * madw: the full 64-bit result of src0 * src1 + src2 on D/UD operands,
 * its low 32 bits in the destination's elements and its high 32 bits in
 * as many elements starting at the next GRF after them ("the low 32b of
 * results are stored in the lower GRFs and the high 32b in the high
 * GRFs").  Built from a 64-bit product (mul :q = :d x :d, as mulh) and a
 * 64-bit add of the sign- or zero-extended addend, then split by two
 * strided movs; the 64-bit lowering of platforms without Q arithmetic
 * applies to these like to any other :q operation.
 *
 * sad2/sad2add: dst[i] = |src0[i] - src1[i]| + |src0[i+1] - src1[i+1]|
 * (+ src2[i]) for even i on byte sources and a word destination; odd
 * channels are undefined.  The differences are taken in words at the
 * instruction's exec size, then every channel i adds the absolute values
 * of differences i and i+1: the even channels get the defined result,
 * the odd ones a value the spec leaves undefined.  (Exec size 1 has no
 * pair inside the execution: unsupported.)  The channel mask and
 * predicate apply per channel as in the spec.  Native sad2 exists only
 * on Gen8/9; this form works on every platform.
 */
#include "config.h"

#include <string.h>

#include "build.h"

static bool is_dword(unsigned t)
{
	return t == GEN_TYPE_D || t == GEN_TYPE_UD;
}

static bool is_byte(unsigned t)
{
	return t == GEN_TYPE_B || t == GEN_TYPE_UB;
}

/* An operand as a 64-bit value of type qt: immediates extended in place,
 * registers through a mov (which extends by the source's type). */
static struct ir_opnd to_q(struct bld *b, const struct ir_inst *in,
                           struct ir_opnd o, enum gen_type qt)
{
	if (o.kind == IR_O_IMM && !o.mods) {
		o.imm = o.type == GEN_TYPE_D ? (uint64_t)(int64_t)(int32_t)o.imm
		                             : (uint32_t)o.imm;
		o.type = (uint8_t)qt;
		return o;
	}
	uint32_t t = ir_temp(b->p, qt, in->exec, 1);
	struct ir_inst mv = *in;
	mv.op = GEN_OP_MOV;
	mv.nsrc = 1;
	mv.sat = false;
	mv.dst = ir_dst(t, 0, qt, 1);
	mv.src[0] = o;
	ir_emit_copy(b->p, &mv);
	return in->exec == 1 ? ir_scalar(t, 0, qt) : ir_vec(t, 0, qt, 1);
}

/* One madw product (all of it, or eight channels): prod = a * b (+ c),
 * then the low dwords to dst and the high ones hi_off bytes further
 * (the high ones first when 'hi_first'). */
static void madw_part(struct bld *b, const struct ir_inst *part,
                      struct ir_opnd add, enum gen_type qt, enum gen_type dt,
                      int32_t hi_off, bool hi_first)
{
	struct ir_inst in = *part;
	struct ir_opnd dst = in.dst;
	uint32_t prod = ir_temp(b->p, qt, in.exec, 1);
	struct ir_opnd pv = in.exec == 1 ? ir_scalar(prod, 0, qt)
	                                 : ir_vec(prod, 0, qt, 1);
	in.nsrc = 2;
	in.dst = ir_dst(prod, 0, qt, 1);
	ir_emit_copy(b->p, &in);                       /* prod = a * b */
	struct ir_inst sum = in;
	sum.op = GEN_OP_ADD;
	sum.src[0] = pv;
	sum.src[1] = to_q(b, &in, add, qt);
	/* IGC writes madw x, y, 0 for a plain 32 x 32 -> 64 product */
	if (add.kind != IR_O_IMM || (uint32_t)add.imm != 0)
		ir_emit_copy(b->p, &sum);                  /* prod += c */
	struct ir_inst mv = in;
	mv.op = GEN_OP_MOV;
	mv.nsrc = 1;
	for (unsigned k = 0; k < 2; k++) {
		unsigned half = hi_first ? 1 - k : k;
		mv.dst = dst;
		mv.dst.off += (int32_t)half * hi_off;
		mv.src[0] = in.exec == 1 ? ir_scalar(prod, (int32_t)half * 4, dt)
		                         : ir_vec(prod, (int32_t)half * 4, dt, 2);
		ir_emit_copy(b->p, &mv);
	}
}

static bool madw(struct bld *b)
{
	struct ir_inst in;
	struct ir_opnd add;
	if (!bld_start(b, GEN_OP_MUL, &in) || !bld_dst(b, 0, &in.dst, NULL) ||
	    !bld_src(b, 1, &in.src[0]) || !bld_src(b, 2, &in.src[1]) ||
	    !bld_src(b, 3, &add))
		return false;
	enum gen_type dt = (enum gen_type)in.dst.type;
	if (!is_dword(dt) || !is_dword(in.src[0].type) ||
	    !is_dword(in.src[1].type) || !is_dword(add.type))
		return ir_bad_input(b->p, "madw takes D/UD operands");
	if (in.dst.kind != IR_O_REG)
		return ir_unsupported(b->p, "madw to an indirect destination");
	if (in.exec > 16)
		return ir_bad_input(b->p, "madw exec size above 16");
	if (in.src[0].kind == IR_O_IMM && in.src[1].kind != IR_O_IMM) {
		struct ir_opnd t = in.src[0];
		in.src[0] = in.src[1];
		in.src[1] = t;
	}
	enum gen_type qt = dt == GEN_TYPE_UD ? GEN_TYPE_UQ : GEN_TYPE_Q;
	/* high halves start at the GRF after the low ones */
	int32_t hi_off = (int32_t)((in.exec * 4u + IR_GRF_BYTES - 1) &
	                           ~(IR_GRF_BYTES - 1u));
	uint64_t end = (uint64_t)(int64_t)in.dst.off + (uint64_t)hi_off +
	               ir_opnd_extent(&in.dst, in.exec, true);
	if (end > ir_vreg(b->p, in.dst.v)->size)
		return ir_bad_input(b->p, "madw destination has no room for the "
		                    "high halves (needs byte %llu of %u)",
		                    (unsigned long long)end,
		                    ir_vreg(b->p, in.dst.v)->size);
	/* without a D x D -> Q multiplier, dword_mul.c builds the product
	 * through acc0 eight channels at a time: each eight channels get
	 * their own product, copied high half first, so that coalesce.c
	 * (one exec size, the destination untouched since the producer)
	 * writes both halves straight into the destination */
	bool acc = !b->p->plat->caps.dw_mul_to_q;
	unsigned step = acc && in.exec > 8 ? 8 : in.exec;
	for (unsigned c = 0; c < in.exec; c += step) {
		struct ir_inst ch = in;
		struct ir_opnd ca = add;
		ch.exec = (uint8_t)step;
		ch.choff = (uint8_t)(in.choff + c);
		for (unsigned s = 0; s < 3; s++) {
			struct ir_opnd *o = s < 2 ? &ch.src[s] : &ca;
			if (o->kind == IR_O_REG && !ir_opnd_is_scalar(o))
				o->off += ir_elem_off(o, c, false);
		}
		ch.dst.off += (int32_t)(c * 4);
		madw_part(b, &ch, ca, qt, dt, hi_off, acc);
	}
	return true;
}

static bool sad2(struct bld *b, bool with_add)
{
	struct ir_inst in;
	if (!bld_start(b, GEN_OP_ADD, &in) || !bld_dst(b, 0, &in.dst, &in.sat) ||
	    !bld_src(b, 1, &in.src[0]) || !bld_src(b, 2, &in.src[1]))
		return false;
	struct ir_opnd acc = { 0 };
	if (with_add && !bld_src(b, 3, &acc))
		return false;
	enum gen_type dt = (enum gen_type)in.dst.type;
	if ((dt != GEN_TYPE_W && dt != GEN_TYPE_UW) ||
	    !is_byte(in.src[0].type) || !is_byte(in.src[1].type))
		return ir_bad_input(b->p, "sad2 takes byte sources and a word "
		                    "destination");
	if (in.exec == 1)
		return ir_unsupported(b->p, "sad2 at exec size 1 (its pair "
		                      "lies outside the execution)");
	/* differences in words, one element more for channel n-1's pair;
	 * NoMask, so that an enabled even channel finds the difference of
	 * its odd neighbour even when that channel is off */
	uint32_t diff = ir_temp(b->p, GEN_TYPE_W, in.exec + 1u, 1);
	struct ir_inst d = in;
	d.sat = false;
	d.pred = 0;
	d.flag = 0;
	d.pinv = false;
	d.nomask = true;
	d.nsrc = 2;
	d.dst = ir_dst(diff, 0, GEN_TYPE_W, 1);
	d.src[1].mods ^= GEN_MOD_NEG;
	ir_emit_copy(b->p, &d);
	struct ir_inst s = in;
	s.nsrc = 2;
	s.src[0] = ir_vec(diff, 0, GEN_TYPE_W, 1);
	s.src[1] = ir_vec(diff, 2, GEN_TYPE_W, 1);
	s.src[0].mods = s.src[1].mods = GEN_MOD_ABS;
	if (!with_add) {
		ir_emit_copy(b->p, &s);
		return true;
	}
	uint32_t part = ir_temp(b->p, GEN_TYPE_W, in.exec, 1);
	struct ir_opnd dst = s.dst;
	bool sat = s.sat;
	s.sat = false;
	s.dst = ir_dst(part, 0, GEN_TYPE_W, 1);
	ir_emit_copy(b->p, &s);
	s.dst = dst;
	s.sat = sat;
	s.src[0] = ir_vec(part, 0, GEN_TYPE_W, 1);
	s.src[1] = acc;
	ir_emit_copy(b->p, &s);
	return true;
}

bool bld_combined(struct bld *b)
{
	switch (b->in->opcode) {
	case VISA_OP_MADW: return madw(b);
	case VISA_OP_SAD2: return sad2(b, false);
	case VISA_OP_SAD2ADD: return sad2(b, true);
	default: return ir_unsupported(b->p, "not supported yet");
	}
}
