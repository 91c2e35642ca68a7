/*
 * sim_value.c - element values: raw register bits <-> the domain an
 * instruction computes in (128-bit integers, float, double), the
 * conversions and saturation a destination type implies, half-float
 * conversions, packed vector immediates and source modifiers.
 *
 * Semantics (docs/gensim.md "Values"): integer results are truncated to
 * the destination size, or clamped to its range with saturation; float
 * to integer rounds toward zero and clamps (NaN gives 0); integer to
 * float and float narrowing round to nearest even; float saturation
 * clamps to [0, 1] with NaN giving 0.  Sources: Mesa brw_eu_defines.h and
 * brw_reg.h (VF immediate format, brw_vf_to_float), GEN-FACTS.md 2.2.
 */
#include "config.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "sim_priv.h"

bool sim_type_signed(enum gen_type t)
{
	return t == GEN_TYPE_B || t == GEN_TYPE_W || t == GEN_TYPE_D ||
	       t == GEN_TYPE_Q || t == GEN_TYPE_V;
}

bool sim_type_float(enum gen_type t)
{
	return t == GEN_TYPE_HF || t == GEN_TYPE_F || t == GEN_TYPE_DF ||
	       t == GEN_TYPE_VF || t == GEN_TYPE_NF;
}

float sim_half_to_float(uint16_t h)
{
	uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1F,
	         m = h & 0x3FF;
	if (e == 0x1F)
		return sim_bits_to_f(s | 0x7F800000u | (m << 13));
	if (e == 0) {
		/* zero or subnormal: m * 2^-24, exact in float */
		float v = (float)m * 0x1p-24f;
		return s ? -v : v;
	}
	return sim_bits_to_f(s | ((e + 112) << 23) | (m << 13));
}

double sim_round_even(double x)
{
	double f = floor(x), d = x - f;
	if (d > 0.5)
		return f + 1;
	if (d < 0.5)
		return f;
	return fmod(f, 2.0) == 0.0 ? f : f + 1;
}

/* Round to an integer in a rounding direction (magnitudes: up, down). */
static double round_dir(double u, int mode)
{
	switch (mode) {
	case FE_UPWARD: return ceil(u);
	case FE_DOWNWARD: return floor(u);
	case FE_TOWARDZERO: return trunc(u);
	default: return sim_round_even(u);
	}
}

/* A finite, non-negative double to half bits, rounding the magnitude
 * in 'mode'. */
static uint16_t half_mag(double a, int mode)
{
	if (a > 65504.0) {
		bool inf = mode == FE_UPWARD ||
		           (mode == FE_TONEAREST && a >= 65520.0);
		return inf ? 0x7C00 : 0x7BFF;
	}
	if (a < 0x1p-14) {
		/* subnormal range: units of 2^-24 (1024 is the smallest
		 * normal) */
		return (uint16_t)round_dir(a * 0x1p24, mode);
	}
	int e;
	double f = frexp(a, &e);  /* a = f * 2^e, f in [0.5, 1) */
	double m = round_dir(f * 2048.0, mode);  /* 11 significant bits */
	if (m >= 2048.0) {
		m /= 2.0;
		e++;
	}
	unsigned he = (unsigned)(e - 1 + 15);
	if (he >= 31)
		return mode == FE_TONEAREST || mode == FE_UPWARD ? 0x7C00 : 0x7BFF;
	return (uint16_t)((he << 10) | ((unsigned)m - 1024u));
}

uint16_t sim_double_to_half(double d)
{
	uint64_t b = sim_d_to_bits(d);
	uint16_t s = (uint16_t)((b >> 63) << 15);
	if (isnan(d))
		return (uint16_t)(s | 0x7E00 | ((b >> 42) & 0x1FF));
	if (isinf(d))
		return (uint16_t)(s | 0x7C00);
	int mode = fegetround();
	if (s && mode == FE_UPWARD)
		mode = FE_DOWNWARD;
	else if (s && mode == FE_DOWNWARD)
		mode = FE_UPWARD;
	return (uint16_t)(s | half_mag(fabs(d), mode));
}

uint16_t sim_float_to_half(float f)
{
	return sim_double_to_half((double)f);
}

static unsigned type_bits(enum gen_type t)
{
	return 8 * gen_type_size(t);
}

/* Raw bits of an integer type as a 128-bit value. */
static sim_i128 int_of_raw(uint64_t raw, enum gen_type t)
{
	unsigned n = type_bits(t);
	if (n < 64)
		raw &= (1ull << n) - 1;
	if (sim_type_signed(t) && n < 64 && (raw >> (n - 1)) & 1)
		return (sim_i128)raw - ((sim_i128)1 << n);
	if (sim_type_signed(t) && n == 64)
		return (sim_i128)(int64_t)raw;
	return (sim_i128)raw;
}

static double float_of_raw(uint64_t raw, enum gen_type t)
{
	switch (t) {
	case GEN_TYPE_HF: return sim_half_to_float((uint16_t)raw);
	case GEN_TYPE_F: case GEN_TYPE_NF: case GEN_TYPE_VF:
		return sim_bits_to_f((uint32_t)raw);
	case GEN_TYPE_DF: return sim_bits_to_d(raw);
	default: return (double)int_of_raw(raw, t);
	}
}

union sim_val sim_from_raw(uint64_t raw, enum gen_type t, enum sim_dom d)
{
	union sim_val v;
	memset(&v, 0, sizeof(v));
	switch (d) {
	case SIM_DOM_INT:
		/* float bits in an integer op (logic on :f) stay bits */
		if (sim_type_float(t))
			v.i = (sim_i128)(raw & (type_bits(t) == 64 ? ~0ull
			                 : (1ull << type_bits(t)) - 1));
		else
			v.i = int_of_raw(raw, t);
		break;
	case SIM_DOM_F:
		if (t == GEN_TYPE_F || t == GEN_TYPE_NF || t == GEN_TYPE_VF)
			v.f = sim_bits_to_f((uint32_t)raw);
		else if (sim_type_float(t))
			v.f = (float)float_of_raw(raw, t);
		else
			v.f = (float)int_of_raw(raw, t);
		break;
	case SIM_DOM_DF:
		v.d = sim_type_float(t) ? float_of_raw(raw, t)
		                         : (double)int_of_raw(raw, t);
		break;
	}
	return v;
}

static uint64_t mask_bits(sim_i128 v, unsigned n)
{
	uint64_t r = (uint64_t)v;
	return n >= 64 ? r : r & ((1ull << n) - 1);
}

static void int_range(enum gen_type t, sim_i128 *lo, sim_i128 *hi)
{
	unsigned n = type_bits(t);
	if (sim_type_signed(t)) {
		*lo = -((sim_i128)1 << (n - 1));
		*hi = ((sim_i128)1 << (n - 1)) - 1;
	} else {
		*lo = 0;
		*hi = ((sim_i128)1 << n) - 1;
	}
}

/* Float (as double) to an integer type: round toward zero, clamp. */
static uint64_t float_to_int_raw(double x, enum gen_type t)
{
	sim_i128 lo, hi;
	int_range(t, &lo, &hi);
	if (isnan(x))
		return 0;
	double tr = trunc(x);
	sim_i128 v;
	if (tr <= (double)lo)
		v = lo;
	else if (tr >= (double)hi)
		v = hi;
	else
		v = (sim_i128)tr;
	return mask_bits(v, type_bits(t));
}

static double sat01(double x)
{
	if (isnan(x) || x < 0.0)
		return 0.0;
	return x > 1.0 ? 1.0 : x;
}

/* A float value into type t; saturation clamps to [0, 1] for float
 * types, integer types clamp to their range anyway. */
static uint64_t float_raw(double x, enum gen_type t, bool sat, bool was_f)
{
	if (sat && sim_type_float(t))
		x = sat01(x);
	switch (t) {
	case GEN_TYPE_HF: return sim_double_to_half(x);
	case GEN_TYPE_F: case GEN_TYPE_NF: return sim_f_to_bits((float)x);
	case GEN_TYPE_DF: return sim_d_to_bits(x);
	default:
		(void)was_f;
		return float_to_int_raw(x, t);
	}
}

/* An integer in a float type's precision, rounded once in the current
 * rounding direction. */
static double int_to_float(sim_i128 v, enum gen_type t)
{
	bool fits = v >= INT64_MIN && v <= INT64_MAX;
	if (t == GEN_TYPE_F)
		return fits ? (double)(float)(int64_t)v : (double)(float)v;
	if (t == GEN_TYPE_HF) {
		/* exact in double below 2^53, and larger values overflow half */
		return fits ? (double)(int64_t)v : (double)v;
	}
	return fits ? (double)(int64_t)v : (double)v;
}

uint64_t sim_to_raw(union sim_val v, enum sim_dom d, enum gen_type t,
                    bool sat)
{
	if (d == SIM_DOM_INT) {
		if (sim_type_float(t))
			return float_raw(int_to_float(v.i, t), t, sat, false);
		sim_i128 r = v.i;
		if (sat) {
			sim_i128 lo, hi;
			int_range(t, &lo, &hi);
			r = r < lo ? lo : r > hi ? hi : r;
		}
		return mask_bits(r, type_bits(t));
	}
	if (d == SIM_DOM_F) {
		if (t == GEN_TYPE_F && !sat)
			return sim_f_to_bits(v.f);
		return float_raw((double)v.f, t, sat, true);
	}
	return float_raw(v.d, t, sat, false);
}

static double vf_value(unsigned b)
{
	if ((b & 0x7F) == 0)
		return (b & 0x80) ? -0.0 : 0.0;
	unsigned e = (b >> 4) & 7, m = b & 0xF;
	double v = ldexp(1.0 + m / 16.0, (int)e - 3);
	return (b & 0x80) ? -v : v;
}

uint64_t sim_imm_elem(const struct gen_opnd *o, unsigned i,
                      enum gen_type *t)
{
	uint32_t imm = (uint32_t)o->imm;
	switch (o->type) {
	case GEN_TYPE_V: {
		unsigned n = (imm >> (4 * (i & 7))) & 0xF;
		*t = GEN_TYPE_W;
		return (uint64_t)(int64_t)((int)(n ^ 8) - 8) & 0xFFFF;
	}
	case GEN_TYPE_UV:
		*t = GEN_TYPE_UW;
		return (imm >> (4 * (i & 7))) & 0xF;
	case GEN_TYPE_VF:
		*t = GEN_TYPE_F;
		return sim_f_to_bits((float)vf_value((imm >> (8 * (i & 3))) & 0xFF));
	default:
		*t = (enum gen_type)o->type;
		if (gen_type_size(*t) == 8)
			return o->imm;
		if (gen_type_size(*t) == 2)
			return imm & 0xFFFF;
		return imm;
	}
}

bool sim_packed_lane(const struct gen_inst *in, const struct gen_opnd *o,
                     unsigned ch, unsigned *elem)
{
	const struct gen_opnd *d = &in->dst;
	unsigned esz = o->type == GEN_TYPE_VF ? 4 : 2;
	unsigned hs = d->rgn.hs ? d->rgn.hs : 1;
	unsigned step = hs * gen_type_size((enum gen_type)d->type);
	unsigned start = d->kind == GEN_OPND_INDIRECT ? 0 : d->sub;
	if (start % 16)
		return false;
	*elem = (ch * step % 16) / esz;
	return true;
}

/* A negated unsigned integer source is the negative number, not the two's
 * complement wrapped to its width, in every operation (compares,
 * conversions, saturation, wider destinations): -5:ud compares below 3:ud
 * and converts to -5.0f.  Mesa moves a negated UD source of a CMP to a UD
 * temporary first (resolve_ud_negate: "we end up accessing the resulting
 * values as signed integers instead"), IGC's HWConformity holds a negated
 * unsigned byte in a signed word ("If minus modifier is present, need
 * signed type") and IGC's VectorCompiler does not fold an integer
 * negation into a source modifier of a uitofp (GenXBaling.cpp
 * checkModifier).  GenX_IR's copy of an overlapped source into a :ud
 * temporary on ICLLP/TGLLP wraps it (docs/difftest.md "Oracle
 * disagreements"). */
union sim_val sim_apply_mods(union sim_val v, unsigned mods,
                             enum sim_dom d, bool logic, enum gen_type t)
{
	if (!mods)
		return v;
	if (d == SIM_DOM_INT) {
		if (logic) {
			if (mods & GEN_MOD_NEG)
				v.i = ~v.i;
			return v;
		}
		if ((mods & GEN_MOD_ABS) && v.i < 0)
			v.i = -v.i;
		if (mods & GEN_MOD_NEG)
			v.i = -v.i;
		(void)t;
		return v;
	}
	if (d == SIM_DOM_F) {
		uint32_t b = sim_f_to_bits(v.f);
		if (mods & GEN_MOD_ABS)
			b &= 0x7FFFFFFFu;
		if (mods & GEN_MOD_NEG)
			b ^= 0x80000000u;
		v.f = sim_bits_to_f(b);
		return v;
	}
	uint64_t b = sim_d_to_bits(v.d);
	if (mods & GEN_MOD_ABS)
		b &= ~(1ull << 63);
	if (mods & GEN_MOD_NEG)
		b ^= 1ull << 63;
	v.d = sim_bits_to_d(b);
	return v;
}

int sim_round_mode(const struct sim_thread *t)
{
	static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD,
	                              FE_TOWARDZERO };
	return modes[(t->cr0[0] >> 4) & 3];
}
