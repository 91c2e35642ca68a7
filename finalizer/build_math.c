/*
 * build_math.c - vISA math instructions to the Gen extended math unit.
 *
 * Input: the current vISA instruction.  Output: math instructions with a
 * function control (GEN-FACTS 2.4): inv, log (log2), exp (2^x), sqt,
 * rsqt, sin, cos, pow, fdiv for floats; iqot/irem for 32-bit integer div
 * and mod.  Operand restrictions (no immediates where the unit forbids
 * them, SIMD8 integer division, regions) are the legalizer's job.
 *
 * Spec: shared/spec/visa/instructions/ DIV.md, MOD.md, INV.md, LOG.md,
 * EXP.md, SQRT.md, RSQRT.md, SIN.md, COS.md, POW.md, DIVM.md, SQRTM.md.
 *
 * divm and sqrtm are correctly rounded: on Gen9 they run as the IEEE
 * macros, math.invm / math.rsqtm giving a first approximation (and, in
 * the flag's "eo" bits, the channels whose result is already final),
 * then ten madm refinement steps on the extra-precision mme registers,
 * four double channels at a time (the step sequences are those IGC's
 * finalizer emits, visa/VisaToG4/TranslateMath.cpp; read for the
 * arithmetic, written down here as tables).  Float operands go through
 * double: one double-precision correctly rounded result rounded to
 * float is the correctly rounded float result.  64-bit integer division
 * is not supported yet.
 */
#include "config.h"

#include <string.h>

#include "build.h"

/* Where the math unit has no POW/FDIV (caps.math_pow_fdiv, Gen12):
 * pow(x, y) = exp(y * log(x)) and x / y = x * inv(y), the sequences of
 * IGC's tgllp binaries (p_transcend.native_math: math.log, mul, math.exp
 * for each pow).  Predicate and channels of every step are the
 * instruction's; saturation only on the last. */
static bool split_pow_fdiv(struct bld *b, const struct ir_inst *in)
{
	enum gen_type t = (enum gen_type)in->dst.type;
	uint32_t tmp = ir_temp(b->p, t, in->exec, 1);
	struct ir_opnd td = ir_dst(tmp, 0, t, 1), ts = ir_vec(tmp, 0, t, 1);
	struct ir_inst s = *in;
	s.sat = false;
	s.dst = td;
	s.nsrc = 1;
	if (in->fc == GEN_MATH_POW) {
		s.fc = GEN_MATH_LOG;               /* tmp = log(x) */
		s.src[0] = in->src[0];
		ir_emit_copy(b->p, &s);
		s.op = GEN_OP_MUL;                 /* tmp = tmp * y */
		s.fc = 0;
		s.nsrc = 2;
		s.src[0] = ts;
		s.src[1] = in->src[1];
		ir_emit_copy(b->p, &s);
		s = *in;                           /* dst = exp(tmp) */
		s.fc = GEN_MATH_EXP;
		s.nsrc = 1;
		s.src[0] = ts;
		memset(&s.src[1], 0, sizeof s.src[1]);
		ir_emit_copy(b->p, &s);
		return true;
	}
	s.fc = GEN_MATH_INV;                       /* tmp = 1 / y */
	s.src[0] = in->src[1];
	memset(&s.src[1], 0, sizeof s.src[1]);
	ir_emit_copy(b->p, &s);
	s = *in;                                   /* dst = x * tmp */
	s.op = GEN_OP_MUL;
	s.fc = 0;
	s.src[1] = ts;
	ir_emit_copy(b->p, &s);
	return true;
}

static bool emit_math(struct bld *b, unsigned fc, unsigned nsrc)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.op = GEN_OP_MATH;
	in.jip = in.uip = -1;
	in.loc = b->p->loc;
	in.fc = (uint8_t)fc;
	bld_exec(b, &in);
	if (!bld_pred(b, &in) || !bld_dst(b, 0, &in.dst, &in.sat))
		return false;
	for (unsigned s = 0; s < nsrc; s++)
		if (!bld_src(b, 1 + s, &in.src[s]))
			return false;
	in.nsrc = (uint8_t)nsrc;
	enum gen_type t = (enum gen_type)in.dst.type;
	/* Byte and word division runs in 32 bits: the legalizer widens the
	 * sources to the division type and narrows the result (fix_math),
	 * as GenX_IR does.  64-bit division has no math function. */
	if (fc == GEN_MATH_FDIV && !gen_type_is_float(t)) {
		if (gen_type_size(t) > 4)
			return ir_unsupported(b->p, "%u-byte integer division",
			                      gen_type_size(t));
		in.fc = GEN_MATH_IQOT;
	}
	/* mod is integer-only (spec MOD.md): float operands are invalid. */
	for (unsigned s = 0; fc == GEN_MATH_IREM && s <= nsrc; s++) {
		enum gen_type ot = (enum gen_type)(s ? in.src[s - 1].type : t);
		if (gen_type_is_float(ot))
			return ir_bad_input(b->p, "mod takes integer operands, not "
			                    ":%s", gen_type_name(ot));
	}
	if (fc == GEN_MATH_IREM && gen_type_size(t) > 4)
		return ir_unsupported(b->p, "%u-byte integer remainder",
		                      gen_type_size(t));
	if (in.fc < GEN_MATH_IDIV && t != GEN_TYPE_F && t != GEN_TYPE_HF)
		return ir_unsupported(b->p, "math on :%s", gen_type_name(t));
	if ((in.fc == GEN_MATH_POW || in.fc == GEN_MATH_FDIV) &&
	    !b->p->plat->caps.math_pow_fdiv)
		return split_pow_fdiv(b, &in);
	ir_emit_copy(b->p, &in);
	return true;
}

/* Operand names of the macro step tables. */
enum { M_Z, M_HALF, M_ONE, M_THREE_HALVES, M_A, M_B, M_R, M_T1, M_T2, M_T3,
       M_T4, M_T5, M_NREG };

struct mstep {
	uint8_t dst, dmme;           /* register, 1 + mme or IR_NOMME */
	uint8_t src[3], smme[3];
	bool neg1;                   /* src1 negated */
};

#define N IR_NOMME
/* sqrt(a): H = .5y, S = ay, d = .5 - SH, e = 1 + 1.5d, S += e(dS),
 * H += e(dH), result = S + (a - SS)H; y = rsqtm(a) in R.mme0. */
static const struct mstep sqrt_steps[10] = {
	{ M_T1, 2, { M_Z, M_HALF, M_R }, { N, N, 1 }, false },
	{ M_T2, 3, { M_Z, M_A, M_R }, { N, N, 1 }, false },
	{ M_T3, 4, { M_HALF, M_T2, M_T1 }, { N, 3, 2 }, true },
	{ M_T4, 6, { M_ONE, M_THREE_HALVES, M_T3 }, { N, N, 4 }, false },
	{ M_R, 7, { M_Z, M_T3, M_T2 }, { N, 4, 3 }, false },
	{ M_T3, 8, { M_Z, M_T3, M_T1 }, { N, 4, 2 }, false },
	{ M_R, 7, { M_T2, M_T4, M_R }, { 3, 6, 7 }, false },
	{ M_T4, 6, { M_T1, M_T4, M_T3 }, { 2, 6, 8 }, false },
	{ M_T1, 2, { M_A, M_R, M_R }, { N, 7, 7 }, true },
	{ M_R, N, { M_R, M_T1, M_T4 }, { 7, 2, 6 }, false },
};

/* a / b: q = ay, e = 1 - by, r = a - bq, y1 = y + ey, e1 = 1 - by1,
 * y2 = y + ey1, q1 = q + ry1, y3 = y1 + y2e1, r1 = a - bq1,
 * result = q1 + r1y3; y = invm(a, b) in R.mme0. */
static const struct mstep div_steps[10] = {
	{ M_T1, 2, { M_Z, M_A, M_R }, { N, N, 1 }, false },
	{ M_T2, 3, { M_ONE, M_B, M_R }, { N, N, 1 }, true },
	{ M_T3, 4, { M_A, M_B, M_T1 }, { N, N, 2 }, true },
	{ M_T4, 5, { M_R, M_T2, M_R }, { 1, 3, 1 }, false },
	{ M_T5, 6, { M_ONE, M_B, M_T4 }, { N, N, 5 }, true },
	{ M_R, 7, { M_R, M_T2, M_T4 }, { 1, 3, 5 }, false },
	{ M_T1, 8, { M_T1, M_T3, M_T4 }, { 2, 4, 5 }, false },
	{ M_T4, 1, { M_T4, M_R, M_T5 }, { 5, 7, 6 }, false },
	{ M_T3, 2, { M_A, M_B, M_T1 }, { N, N, 8 }, true },
	{ M_R, N, { M_T1, M_T3, M_T4 }, { 8, 2, 1 }, false },
};
#undef N

static struct ir_opnd mop(uint32_t v, int32_t off, unsigned mme)
{
	struct ir_opnd o = ir_reg(v, off, GEN_TYPE_DF);
	o.mme = (uint8_t)mme;
	o.rgn = (struct gen_region){ 4, 4, 1 };
	return o;
}

/* A double copy of a source (converting float), n channels in whole GRFs,
 * padded to a multiple of 4 channels. */
static uint32_t df_copy(struct bld *b, const struct ir_opnd *src, unsigned n,
                        unsigned pad)
{
	uint32_t v = ir_temp(b->p, GEN_TYPE_DF, pad, 1);
	struct ir_inst *in = ir_emit(b->p, GEN_OP_MOV, n);
	bld_exec(b, in);
	if (n < 4) {
		in->nomask = true;
		in->choff = 0;
	}
	in->dst = ir_dst(v, 0, GEN_TYPE_DF, 1);
	in->src[0] = *src;
	in->nsrc = 1;
	return v;
}

static uint32_t df_const(struct bld *b, uint64_t bits)
{
	uint32_t v = ir_temp(b->p, GEN_TYPE_DF, 4, 1);
	ir_op1(b->p, GEN_OP_MOV, 4, true, ir_dst(v, 0, GEN_TYPE_DF, 1),
	       ir_imm(bits, GEN_TYPE_DF));
	return v;
}

/* One group of four channels at channel offset 'ch', GRF byte 'off'. */
static void macro_group(struct bld *b, const uint32_t *reg, bool div,
                        unsigned ch, bool nm, int32_t off)
{
	struct ir_prog *p = b->p;
	uint32_t f = ir_flag_new(p, ch + 4);
	struct ir_inst *m = ir_emit(p, GEN_OP_MATH, 4);
	m->choff = (uint8_t)ch;
	m->nomask = nm;
	m->fc = div ? GEN_MATH_INVM : GEN_MATH_RSQTM;
	m->cmod = GEN_CMOD_EO;
	m->flag = f;
	m->dst = mop(reg[M_R], off, 1);
	m->src[0] = mop(reg[M_A], off, IR_NOMME);
	m->src[1] = mop(reg[M_B], off, IR_NOMME);
	m->nsrc = div ? 2 : 1;
	const struct mstep *t = div ? div_steps : sqrt_steps;
	for (unsigned k = 0; k < 10; k++) {
		struct ir_inst *in = ir_emit(p, GEN_OP_MADM, 4);
		in->choff = (uint8_t)ch;
		in->nomask = nm;
		in->pred = GEN_PRED_NORMAL;
		in->pinv = true;      /* refine where the result is not final */
		in->flag = f;
		in->dst = mop(reg[t[k].dst], off, t[k].dmme);
		for (unsigned s = 0; s < 3; s++) {
			unsigned r = t[k].src[s];
			int32_t o = r <= M_THREE_HALVES ? 0 : off;
			in->src[s] = mop(reg[r], o, t[k].smme[s]);
		}
		if (t[k].neg1)
			in->src[1].mods = GEN_MOD_NEG;
		in->nsrc = 3;
	}
}

/* divm dst a b / sqrtm dst a on F or DF. */
static bool ieee_macro(struct bld *b, bool div)
{
	struct ir_inst in;
	memset(&in, 0, sizeof in);
	in.op = GEN_OP_MOV;
	in.jip = in.uip = -1;
	in.loc = b->p->loc;
	bld_exec(b, &in);
	struct ir_opnd a, y = { 0 };
	if (!bld_pred(b, &in) || !bld_dst(b, 0, &in.dst, &in.sat) ||
	    !bld_src(b, 1, &a) || (div && !bld_src(b, 2, &y)))
		return false;
	enum gen_type t = (enum gen_type)in.dst.type;
	if (t != GEN_TYPE_DF && t != GEN_TYPE_F)
		return ir_unsupported(b->p, "%s on :%s", div ? "divm" : "sqrtm",
		                      gen_type_name(t));
	unsigned n = in.exec, pad = n < 4 ? 4 : n;
	uint32_t reg[M_NREG] = { 0 };
	reg[M_A] = df_copy(b, &a, n, pad);
	reg[M_B] = div ? df_copy(b, &y, n, pad) : reg[M_A];
	reg[M_Z] = df_const(b, 0);
	reg[M_HALF] = df_const(b, 0x3FE0000000000000ull);
	reg[M_ONE] = df_const(b, 0x3FF0000000000000ull);
	reg[M_THREE_HALVES] = df_const(b, 0x3FF8000000000000ull);
	for (unsigned r = M_R; r < M_NREG; r++)
		reg[r] = ir_temp(b->p, GEN_TYPE_DF, pad, 1);
	for (unsigned g = 0; g < pad / 4; g++)
		macro_group(b, reg, div, n < 4 ? 0 : in.choff + 4 * g, n < 4,
		            (int32_t)(g * IR_GRF_BYTES));
	in.src[0] = ir_vec(reg[M_R], 0, GEN_TYPE_DF, 1);
	in.nsrc = 1;
	ir_emit_copy(b->p, &in);
	return true;
}

bool bld_math(struct bld *b)
{
	switch (b->in->opcode) {
	case VISA_OP_INV: return emit_math(b, GEN_MATH_INV, 1);
	case VISA_OP_LOG: return emit_math(b, GEN_MATH_LOG, 1);
	case VISA_OP_EXP: return emit_math(b, GEN_MATH_EXP, 1);
	case VISA_OP_SQRT: return emit_math(b, GEN_MATH_SQT, 1);
	case VISA_OP_RSQRT: return emit_math(b, GEN_MATH_RSQT, 1);
	case VISA_OP_SIN: return emit_math(b, GEN_MATH_SIN, 1);
	case VISA_OP_COS: return emit_math(b, GEN_MATH_COS, 1);
	case VISA_OP_POW: return emit_math(b, GEN_MATH_POW, 2);
	case VISA_OP_DIV: return emit_math(b, GEN_MATH_FDIV, 2);
	case VISA_OP_MOD: return emit_math(b, GEN_MATH_IREM, 2);
	case VISA_OP_DIVM: return ieee_macro(b, true);
	case VISA_OP_SQRTM: return ieee_macro(b, false);
	default:
		return ir_unsupported(b->p, "not supported yet");
	}
}
