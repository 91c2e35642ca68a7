/*
 * sim_math.c - the extended math unit (math.inv/log/exp/sqt/rsqt/sin/
 * cos/fdiv/pow/iqot/irem) and the IEEE macros (math.invm, math.rsqtm,
 * madm) that IGC uses for double division and square root.
 *
 * Precision (docs/gensim.md "Math"): the float functions are evaluated
 * in double precision with the C library and rounded once to the
 * destination type, so inv, sqt, rsqt, fdiv are correctly rounded and
 * log, exp, sin, cos, pow are within 1 ulp of the float result - tighter
 * than the hardware (Gen math is specified to a few ulp), never looser.
 * Integer division truncates toward zero; division by zero gives all
 * ones (unsigned) or the saturated quotient (signed) and the dividend as
 * remainder.
 *
 * The macros: math.invm/rsqtm set the EO flag for operands that need
 * special handling and then write the IEEE result itself; otherwise they
 * write an approximation of 1/b (1/sqrt(a)) whose extra precision lives
 * in the math-macro register named by .mmeN.  madm computes
 * src0 + src1*src2; a source or destination with .mmeN carries its value
 * in extended precision (binary128: 113-bit mantissa, 15-bit exponent,
 * every step rounded there), which stands for the hardware's extra
 * mantissa and exponent bits; a destination without .mmeN gets the value
 * rounded once to its type (IGC visa/VisaToG4/TranslateMath.cpp: "q*eps
 * (extended exponent is important for accuracy in all cases)").  IGC's
 * sequences then produce correctly rounded double results.
 */
#include "config.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "sim_priv.h"

static bool is_int_math(unsigned fc)
{
	return fc == GEN_MATH_IDIV || fc == GEN_MATH_IQOT || fc == GEN_MATH_IREM;
}

static double fmath(unsigned fc, double a, double b, bool *ok)
{
	switch (fc) {
	case GEN_MATH_INV: return 1.0 / a;
	case GEN_MATH_LOG: return log2(a);
	case GEN_MATH_EXP: return exp2(a);
	case GEN_MATH_SQT: return sqrt(a);
	case GEN_MATH_RSQT: return 1.0 / sqrt(a);
	case GEN_MATH_SIN: return sin(a);
	case GEN_MATH_COS: return cos(a);
	case GEN_MATH_FDIV: return a / b;
	case GEN_MATH_POW: return pow(a, b);
	default:
		*ok = false;
		return 0.0;
	}
}

static sim_i128 idiv(unsigned fc, sim_i128 a, sim_i128 b, bool sgn)
{
	sim_i128 q, r;
	if (b == 0) {
		q = sgn ? (a < 0 ? -((sim_i128)1 << 31) : ((sim_i128)1 << 31) - 1)
		        : (sim_i128)0xFFFFFFFFu;
		r = a;
	} else {
		q = a / b;
		r = a % b;
	}
	return fc == GEN_MATH_IREM ? r : q;
}

static bool float_math_chan(struct sim_ctx *c, struct sim_thread *t,
                            const struct gen_inst *in, unsigned ch,
                            uint64_t *out, bool *ok)
{
	uint64_t r0 = 0, r1 = 0;
	if (!sim_read_src(c, t, in, &in->src[0], ch, &r0))
		return false;
	if (gen_math_nsrc(in->fc) > 1 &&
	    !sim_read_src(c, t, in, &in->src[1], ch, &r1))
		return false;
	enum gen_type t0 = (enum gen_type)in->src[0].type;
	enum gen_type t1 = (enum gen_type)in->src[1].type;
	union sim_val a = sim_from_raw(r0, t0, SIM_DOM_DF);
	union sim_val b = sim_from_raw(r1, t1, SIM_DOM_DF);
	a = sim_apply_mods(a, in->src[0].mods, SIM_DOM_DF, false, t0);
	b = sim_apply_mods(b, in->src[1].mods, SIM_DOM_DF, false, t1);
	union sim_val r;
	r.d = fmath(in->fc, a.d, b.d, ok);
	*out = sim_to_raw(r, SIM_DOM_DF, (enum gen_type)in->dst.type, in->sat);
	return true;
}

static bool int_math_chan(struct sim_ctx *c, struct sim_thread *t,
                          const struct gen_inst *in, unsigned ch,
                          uint64_t *out)
{
	uint64_t r0, r1;
	if (!sim_read_src(c, t, in, &in->src[0], ch, &r0) ||
	    !sim_read_src(c, t, in, &in->src[1], ch, &r1))
		return false;
	enum gen_type t0 = (enum gen_type)in->src[0].type;
	enum gen_type t1 = (enum gen_type)in->src[1].type;
	union sim_val a = sim_from_raw(r0, t0, SIM_DOM_INT);
	union sim_val b = sim_from_raw(r1, t1, SIM_DOM_INT);
	union sim_val r;
	r.i = idiv(in->fc, a.i, b.i, sim_type_signed(t0) || sim_type_signed(t1));
	*out = sim_to_raw(r, SIM_DOM_INT, (enum gen_type)in->dst.type, in->sat);
	return true;
}

/* ---- IEEE macros ------------------------------------------------------ */

static bool ext_nan(sim_ext x)
{
	return x != x;
}

static sim_ext ext_abs(sim_ext x)
{
	return x < 0 ? -x : x;
}

static bool macro_src(struct sim_ctx *c, struct sim_thread *t,
                      const struct gen_inst *in, const struct gen_opnd *o,
                      unsigned ch, sim_ext *v)
{
	uint64_t raw;
	if (!sim_read_src(c, t, in, o, ch, &raw))
		return false;
	enum gen_type ty = (enum gen_type)o->type;
	double d = sim_from_raw(raw, ty, SIM_DOM_DF).d;
	*v = d;
	unsigned a = in->chan_off + ch;
	if (o->kind == GEN_OPND_MACRO && o->mme < 8 && a < SIM_MAX_CH) {
		sim_ext x = t->mmx[o->mme][a];
		/* the extra bits belong to this value only if the register
		 * still holds what the macro wrote */
		double xd = ty == GEN_TYPE_F ? (double)(float)x : (double)x;
		if (xd == d || (ext_nan(x) && isnan(d)))
			*v = x;
	}
	if (o->mods & GEN_MOD_ABS)
		*v = ext_abs(*v);
	if (o->mods & GEN_MOD_NEG)
		*v = -*v;
	return true;
}

static bool macro_dst(struct sim_ctx *c, struct sim_thread *t,
                      const struct gen_inst *in, unsigned ch, sim_ext v)
{
	union sim_val r;
	enum gen_type dt = (enum gen_type)in->dst.type;
	uint64_t raw;
	if (dt == GEN_TYPE_F) {
		r.f = (float)v;  /* one rounding from the extended value */
		raw = sim_to_raw(r, SIM_DOM_F, dt, in->sat);
	} else {
		r.d = (double)v;
		raw = sim_to_raw(r, SIM_DOM_DF, dt, in->sat);
	}
	unsigned a = in->chan_off + ch;
	if (in->dst.kind == GEN_OPND_MACRO && in->dst.mme < 8 && a < SIM_MAX_CH)
		t->mmx[in->dst.mme][a] = v;
	return sim_write_dst(c, t, in, ch, raw);
}

static bool needs_special(double x)
{
	return !isfinite(x) || x == 0 || fabs(x) < DBL_MIN;
}

/* 1/sqrt(a) to about 110 bits: Newton steps from the double estimate. */
static sim_ext ext_rsqrt(double a)
{
	sim_ext y = 1.0 / sqrt(a), h = (sim_ext)a * 0.5;
	for (int i = 0; i < 2; i++)
		y = y * ((sim_ext)1.5 - h * y * y);
	return y;
}

/* invm (a, b) / rsqtm (a): *eo set when the result is final. */
static sim_ext macro_first(unsigned fc, sim_ext a, sim_ext b, bool *eo)
{
	double da = (double)a, db = (double)b;
	if (fc == GEN_MATH_INVM) {
		double q = da / db;
		*eo = needs_special(da) || needs_special(db) || needs_special(q);
		return *eo ? (sim_ext)q : (sim_ext)1 / b;
	}
	*eo = needs_special(da) || da < 0;
	return *eo ? (sim_ext)sqrt(da) : ext_rsqrt(da);
}

static enum vf_status exec_macro_math(struct sim_ctx *c, struct sim_thread *t,
                                      const struct gen_inst *in)
{
	uint32_t m = sim_enabled(t, in);
	for (unsigned ch = 0; ch < in->exec_size; ch++) {
		if (!((m >> ch) & 1))
			continue;
		sim_ext a, b = 0;
		if (!macro_src(c, t, in, &in->src[0], ch, &a))
			return c->err->status;
		if (in->fc == GEN_MATH_INVM &&
		    !macro_src(c, t, in, &in->src[1], ch, &b))
			return c->err->status;
		bool eo;
		sim_ext r = macro_first(in->fc, a, b, &eo);
		if (!macro_dst(c, t, in, ch, r))
			return c->err->status;
		sim_flag_set_bit(t, in, ch, eo);
	}
	return VF_OK;
}

enum vf_status sim_exec_madm(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in)
{
	uint32_t m = sim_enabled(t, in);
	for (unsigned ch = 0; ch < in->exec_size; ch++) {
		if (!((m >> ch) & 1))
			continue;
		sim_ext s[3];
		for (unsigned i = 0; i < 3; i++)
			if (!macro_src(c, t, in, &in->src[i], ch, &s[i]))
				return c->err->status;
		if (!macro_dst(c, t, in, ch, s[0] + s[1] * s[2]))
			return c->err->status;
	}
	return VF_OK;
}

enum vf_status sim_exec_math(struct sim_ctx *c, struct sim_thread *t,
                             const struct gen_inst *in)
{
	if (in->fc == GEN_MATH_INVM || in->fc == GEN_MATH_RSQTM)
		return exec_macro_math(c, t, in);
	if (in->fc == GEN_MATH_IDIV)
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "math.idiv (quotient "
		                "and remainder) is not simulated");
	uint32_t m = sim_enabled(t, in);
	uint64_t res[SIM_MAX_CH];
	int rm = sim_round_mode(t), saved = fegetround();
	if (rm != saved)
		fesetround(rm);
	bool ok = true, got = true;
	for (unsigned ch = 0; ok && got && ch < in->exec_size; ch++) {
		if (!((m >> ch) & 1))
			continue;
		got = is_int_math(in->fc) ? int_math_chan(c, t, in, ch, &res[ch])
		      : float_math_chan(c, t, in, ch, &res[ch], &ok);
	}
	if (rm != saved)
		fesetround(saved);
	if (!got)
		return c->err->status;
	if (!ok)
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "math function %u is "
		                "not simulated", in->fc);
	for (unsigned ch = 0; ch < in->exec_size; ch++)
		if (((m >> ch) & 1) && !sim_write_dst(c, t, in, ch, res[ch]))
			return c->err->status;
	return VF_OK;
}
