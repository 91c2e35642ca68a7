/*
 * sim_alu.c - execution of the ALU instructions: operand values in the
 * instruction's computation domain, the arithmetic per domain, select
 * and compare, condition modifiers and flag updates, saturation, the
 * accumulator as implicit source (mac) and destination (AccWrEn, addc,
 * subb, mach), and the destination write-back.
 *
 * Semantics (docs/gensim.md "ALU"): an instruction computes in double
 * if a source is DF, in float if a source is a float type (HF is
 * widened, so HF arithmetic is float arithmetic rounded to half on
 * store), else in 128-bit integers; mad is src0 + src1 * src2 with one
 * rounding (IGC's listing: mad r21 r119 r117 r6.3 = r119 + r117*r6.3);
 * sel with a condition modifier is min/max with IEEE minNum/maxNum NaN
 * handling and writes no flag; sel without one selects by the predicate;
 * csel compares src2 with zero and writes no flag; the condition
 * modifier of other instructions is evaluated on the value as stored in
 * the destination (or the computed value when the destination is null);
 * flags change only in enabled channels; the rounding mode of cr0.0
 * [5:4] (0 to nearest even, 1 up, 2 down, 3 toward zero: Mesa
 * BRW_RND_MODE_*) rounds float results and conversions to float types,
 * while float to integer conversions always truncate.  Sources: GEN-FACTS.md 2.3
 * (opcodes), Mesa brw_eu_defines.h (conditional modifiers), IGC
 * visa/Optimizer.cpp (the csel workaround relies on csel leaving flags).
 */
#include "config.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "sim_priv.h"

static bool op_is_int_only(enum gen_op op)
{
	switch (op) {
	case GEN_OP_AND: case GEN_OP_OR: case GEN_OP_XOR: case GEN_OP_NOT:
	case GEN_OP_SHL: case GEN_OP_SHR: case GEN_OP_ASR: case GEN_OP_ROL:
	case GEN_OP_ROR: case GEN_OP_AVG: case GEN_OP_BFREV: case GEN_OP_CBIT:
	case GEN_OP_FBH: case GEN_OP_FBL: case GEN_OP_LZD: case GEN_OP_BFE:
	case GEN_OP_BFI1: case GEN_OP_BFI2: case GEN_OP_ADDC: case GEN_OP_SUBB:
	case GEN_OP_MACH:
		return true;
	default:
		return false;
	}
}

static bool op_is_logic(enum gen_op op)
{
	return op == GEN_OP_AND || op == GEN_OP_OR || op == GEN_OP_XOR ||
	       op == GEN_OP_NOT;
}

static enum gen_type opnd_type(const struct gen_opnd *o)
{
	switch (o->type) {
	case GEN_TYPE_V: return GEN_TYPE_W;
	case GEN_TYPE_UV: return GEN_TYPE_UW;
	case GEN_TYPE_VF: case GEN_TYPE_NF: return GEN_TYPE_F;
	default: return (enum gen_type)o->type;
	}
}

static enum sim_dom pick_dom(const struct gen_inst *in)
{
	if (op_is_int_only((enum gen_op)in->op))
		return SIM_DOM_INT;
	bool fl = false;
	for (unsigned s = 0; s < in->nsrc; s++) {
		enum gen_type t = opnd_type(&in->src[s]);
		if (t == GEN_TYPE_DF)
			return SIM_DOM_DF;
		fl = fl || sim_type_float(t);
	}
	return fl ? SIM_DOM_F : SIM_DOM_INT;
}

static bool read_val(struct sim_ctx *c, struct sim_thread *t,
                     const struct gen_inst *in, unsigned s, unsigned ch,
                     enum sim_dom d, union sim_val *v)
{
	const struct gen_opnd *o = &in->src[s];
	uint64_t raw;
	if (!sim_read_src(c, t, in, o, ch, &raw))
		return false;
	*v = sim_from_raw(raw, opnd_type(o), d);
	*v = sim_apply_mods(*v, o->mods, d, op_is_logic((enum gen_op)in->op),
	                    opnd_type(o));
	return true;
}

/* Ordered comparison a <cm> b; NaN compares unordered (only ne holds). */
static bool compare(unsigned cm, enum sim_dom d, union sim_val a,
                    union sim_val b)
{
	int r;  /* -1 <, 0 ==, 1 >, 2 unordered */
	if (d == SIM_DOM_INT)
		r = a.i < b.i ? -1 : a.i > b.i;
	else if (d == SIM_DOM_F)
		r = (isnan(a.f) || isnan(b.f)) ? 2 : a.f < b.f ? -1 : a.f > b.f;
	else
		r = (isnan(a.d) || isnan(b.d)) ? 2 : a.d < b.d ? -1 : a.d > b.d;
	switch (cm) {
	case GEN_CMOD_EQ: return r == 0;
	case GEN_CMOD_NE: return r != 0;
	case GEN_CMOD_GT: return r == 1;
	case GEN_CMOD_GE: return r == 1 || r == 0;
	case GEN_CMOD_LT: return r == -1;
	case GEN_CMOD_LE: return r == -1 || r == 0;
	case GEN_CMOD_UN: return r == 2;
	default: return false;
	}
}

static bool is_nan(enum sim_dom d, union sim_val v)
{
	return (d == SIM_DOM_F && isnan(v.f)) || (d == SIM_DOM_DF && isnan(v.d));
}

static union sim_val zero_val(void)
{
	union sim_val z;
	memset(&z, 0, sizeof(z));
	return z;
}

/* Condition of a result: the stored value, re-read in the domain. */
static bool result_cond(const struct gen_inst *in, enum sim_dom d,
                        union sim_val v, uint64_t stored)
{
	union sim_val z = zero_val();
	if (in->dst.kind != GEN_OPND_INDIRECT && in->dst.rn == GEN_RN_NULL) {
		if (in->cmod == GEN_CMOD_OV)
			return false;
		return compare(in->cmod, d, v, z);
	}
	enum gen_type dt = (enum gen_type)in->dst.type;
	enum sim_dom sd = sim_type_float(dt) ? (dt == GEN_TYPE_DF ? SIM_DOM_DF
	                  : SIM_DOM_F) : SIM_DOM_INT;
	union sim_val s = sim_from_raw(stored, dt, sd);
	if (in->cmod == GEN_CMOD_OV)
		return d == SIM_DOM_INT ? s.i != v.i : false;
	return compare(in->cmod, sd, s, z);
}

static union sim_val select_minmax(unsigned cm, enum sim_dom d,
                                   union sim_val a, union sim_val b)
{
	if (is_nan(d, a))
		return b;
	if (is_nan(d, b))
		return a;
	return compare(cm, d, a, b) ? a : b;
}

static union sim_val float_op(enum gen_op op, enum sim_dom d,
                              const union sim_val *s, union sim_val acc,
                              bool *ok)
{
	union sim_val r = zero_val();
	bool f = d == SIM_DOM_F;
	switch (op) {
	case GEN_OP_MOV: return s[0];
	case GEN_OP_ADD: if (f) r.f = s[0].f + s[1].f; else r.d = s[0].d + s[1].d;
		break;
	case GEN_OP_MUL: if (f) r.f = s[0].f * s[1].f; else r.d = s[0].d * s[1].d;
		break;
	case GEN_OP_MAD:
		if (f) r.f = fmaf(s[1].f, s[2].f, s[0].f);
		else r.d = fma(s[1].d, s[2].d, s[0].d);
		break;
	case GEN_OP_MAC:
		if (f) r.f = fmaf(s[0].f, s[1].f, acc.f);
		else r.d = fma(s[0].d, s[1].d, acc.d);
		break;
	case GEN_OP_LRP:
		if (f) r.f = s[0].f * s[1].f + (1.0f - s[0].f) * s[2].f;
		else r.d = s[0].d * s[1].d + (1.0 - s[0].d) * s[2].d;
		break;
	case GEN_OP_FRC: if (f) r.f = s[0].f - floorf(s[0].f);
		else r.d = s[0].d - floor(s[0].d);
		break;
	case GEN_OP_RNDD: if (f) r.f = floorf(s[0].f); else r.d = floor(s[0].d);
		break;
	case GEN_OP_RNDU: if (f) r.f = ceilf(s[0].f); else r.d = ceil(s[0].d);
		break;
	case GEN_OP_RNDE: if (f) r.f = (float)sim_round_even(s[0].f);
		else r.d = sim_round_even(s[0].d);
		break;
	case GEN_OP_RNDZ: if (f) r.f = truncf(s[0].f); else r.d = trunc(s[0].d);
		break;
	default:
		*ok = false;
	}
	return r;
}

static union sim_val int_arith(enum gen_op op, const union sim_val *s,
                               union sim_val acc, bool *ok)
{
	union sim_val r = zero_val();
	switch (op) {
	case GEN_OP_MOV: return s[0];
	case GEN_OP_ADD: r.i = s[0].i + s[1].i; break;
	case GEN_OP_MUL:
		r.i = (sim_i128)((sim_u128)s[0].i * (sim_u128)s[1].i);
		break;
	case GEN_OP_MAD:
		r.i = s[0].i + (sim_i128)((sim_u128)s[1].i * (sim_u128)s[2].i);
		break;
	case GEN_OP_MAC:
		r.i = acc.i + (sim_i128)((sim_u128)s[0].i * (sim_u128)s[1].i);
		break;
	default:
		*ok = false;
	}
	return r;
}

/* Per-instruction state of one execution. */
struct alu {
	enum sim_dom d;
	enum gen_type dt;
	uint32_t active;
	uint32_t pmask;
	union sim_val res[SIM_MAX_CH];
	union sim_val acc[SIM_MAX_CH];
	bool cond[SIM_MAX_CH];
	bool acc_wr;
	bool is_cmp;
	/* a raw move: the destination gets the source bits */
	bool raw_mov;
	uint64_t raw[SIM_MAX_CH];
};

/* A mov whose source and destination have the same float type, without
 * source modifier or saturation, copies bits: NaN payloads (signalling
 * ones too) and denormals pass unchanged.  So does a predicated sel
 * without condition modifier (a per-channel choice between two such
 * sources); sel with a modifier is min/max and computes.  IGC moves packed 16-bit
 * integers as :hf this way (mov (16) r15.0<1>:hf r20.0<2;1,0>:hf after an
 * integer division on ICLLP/TGLLP) and copies r0 as :f into the EOT
 * payload; its HWConformity calls such moves raw (G4_INST::isRawMov). */
static bool raw_float_src(const struct gen_inst *in, unsigned i)
{
	const struct gen_opnd *s = &in->src[i];
	return !s->mods && s->type == in->dst.type &&
	       (s->type == GEN_TYPE_F || s->type == GEN_TYPE_HF ||
	        s->type == GEN_TYPE_DF);
}

static bool is_raw_float_mov(const struct gen_inst *in)
{
	if (in->sat)
		return false;
	if (in->op == GEN_OP_MOV && in->nsrc == 1)
		return raw_float_src(in, 0);
	return in->op == GEN_OP_SEL && in->cmod == GEN_CMOD_NONE &&
	       in->nsrc == 2 && raw_float_src(in, 0) && raw_float_src(in, 1);
}

static bool acc_read(struct sim_thread *t, unsigned ch, enum gen_type ty,
                     enum sim_dom d, union sim_val *v)
{
	unsigned sz = gen_type_size(ty);
	uint64_t raw = 0;
	if ((ch + 1) * sz > sizeof(t->acc))
		return false;
	memcpy(&raw, t->acc + ch * sz, sz);
	*v = sim_from_raw(raw, ty, d);
	return true;
}

static void acc_write(struct sim_thread *t, unsigned ch, enum gen_type ty,
                      uint64_t raw)
{
	unsigned sz = gen_type_size(ty);
	if ((ch + 1) * sz <= sizeof(t->acc))
		memcpy(t->acc + ch * sz, &raw, sz);
}

static enum vf_status compute(struct sim_ctx *c, struct sim_thread *t,
                              const struct gen_inst *in, struct alu *a,
                              unsigned ch)
{
	enum gen_op op = (enum gen_op)in->op;
	union sim_val s[3], acc = zero_val();
	if (a->raw_mov) {
		/* the source a mov copies, or the one sel picks */
		unsigned k = in->op == GEN_OP_SEL && !((a->pmask >> ch) & 1);
		if (!sim_read_src(c, t, in, &in->src[k], ch, &a->raw[ch]))
			return c->err->status;
	}
	for (unsigned i = 0; i < in->nsrc && i < 3; i++)
		if (!read_val(c, t, in, i, ch, a->d, &s[i]))
			return c->err->status;
	if (op == GEN_OP_MAC &&
	    !acc_read(t, ch, opnd_type(&in->src[0]), a->d, &acc))
		return sim_fail(c, in, VF_ERR_INPUT, "mac past the accumulator");
	bool ok = true;
	switch (op) {
	case GEN_OP_CMP: case GEN_OP_CMPN:
		a->cond[ch] = compare(in->cmod, a->d, s[0], s[1]);
		if (op == GEN_OP_CMPN && is_nan(a->d, s[1]))
			a->cond[ch] = true;
		return VF_OK;
	case GEN_OP_SEL:
		if (in->cmod != GEN_CMOD_NONE)
			a->res[ch] = select_minmax(in->cmod, a->d, s[0], s[1]);
		else
			a->res[ch] = ((a->pmask >> ch) & 1) ? s[0] : s[1];
		return VF_OK;
	case GEN_OP_CSEL:
		a->res[ch] = compare(in->cmod, a->d, s[2], zero_val()) ? s[0] : s[1];
		return VF_OK;
	case GEN_OP_SMOV:
		a->res[ch] = s[0];
		return VF_OK;
	default:
		break;
	}
	if (a->d == SIM_DOM_INT) {
		if (!sim_int_op(in, s, opnd_type(&in->src[0]), a->dt, &a->res[ch],
		                &a->acc[ch], &a->acc_wr))
			a->res[ch] = int_arith(op, s, acc, &ok);
	} else {
		a->res[ch] = float_op(op, a->d, s, acc, &ok);
	}
	if (!ok)
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "operation %s on %s "
		                "operands is not simulated",
		                gen_op_table[op].mnemonic,
		                a->d == SIM_DOM_INT ? "integer" : "float");
	return VF_OK;
}

/* Channels whose result is written: enabled, and for smov selected by
 * the src1 channel mask. */
static uint32_t write_mask(const struct gen_inst *in, const struct alu *a)
{
	uint32_t m = a->active;
	if (in->op == GEN_OP_SMOV)
		m &= (uint32_t)in->src[1].imm;
	return m;
}

static enum vf_status writeback(struct sim_ctx *c, struct sim_thread *t,
                                const struct gen_inst *in, struct alu *a)
{
	bool flags = in->cmod != GEN_CMOD_NONE && in->op != GEN_OP_SEL &&
	             in->op != GEN_OP_CSEL;
	uint32_t wm = write_mask(in, a);
	for (unsigned ch = 0; ch < in->exec_size; ch++) {
		if (!((wm >> ch) & 1))
			continue;
		uint64_t raw;
		if (a->is_cmp)
			raw = a->cond[ch] ? ~0ull : 0;
		else if (a->raw_mov)
			raw = a->raw[ch];
		else
			raw = sim_to_raw(a->res[ch], a->d, a->dt, in->sat);
		if (!sim_write_dst(c, t, in, ch, raw))
			return c->err->status;
		if (flags && !a->is_cmp)
			a->cond[ch] = result_cond(in, a->d, a->res[ch], raw);
		if (flags)
			sim_flag_set_bit(t, in, ch, a->cond[ch]);
		if (a->acc_wr)
			acc_write(t, ch, GEN_TYPE_UD,
			          (uint64_t)a->acc[ch].i & 0xFFFFFFFFu);
		else if ((in->opts & GEN_OPT_ACCWREN) && !a->is_cmp)
			acc_write(t, ch, a->dt, raw);
	}
	return VF_OK;
}

static enum vf_status alu_body(struct sim_ctx *c, struct sim_thread *t,
                               const struct gen_inst *in, struct alu *a)
{
	for (unsigned ch = 0; ch < in->exec_size; ch++) {
		if (!((a->active >> ch) & 1))
			continue;
		enum vf_status st = compute(c, t, in, a, ch);
		if (st != VF_OK)
			return st;
	}
	return writeback(c, t, in, a);
}

enum vf_status sim_exec_alu(struct sim_ctx *c, struct sim_thread *t,
                            const struct gen_inst *in)
{
	struct alu a;
	a.d = pick_dom(in);
	a.dt = (enum gen_type)in->dst.type;
	a.acc_wr = false;
	a.is_cmp = in->op == GEN_OP_CMP || in->op == GEN_OP_CMPN;
	a.raw_mov = is_raw_float_mov(in);
	uint32_t em = sim_exec_mask(t, in);
	a.pmask = sim_pred_mask(t, in);
	bool pred_selects = in->op == GEN_OP_SEL && in->cmod == GEN_CMOD_NONE;
	a.active = pred_selects ? em : em & a.pmask;
	if (in->access == GEN_ALIGN16 && in->nsrc < 3 &&
	    in->op != GEN_OP_MATH)
		return sim_fail(c, in, VF_ERR_UNSUPPORTED, "Align16 two-source "
		                "instructions are not simulated");
	/* cr0.0[5:4] rounding mode applies to float results and to
	 * conversions into float types */
	int rm = sim_round_mode(t), saved = 0;
	if (rm != FE_TONEAREST) {
		saved = fegetround();
		fesetround(rm);
	}
	enum vf_status st = alu_body(c, t, in, &a);
	if (rm != FE_TONEAREST)
		fesetround(saved);
	return st;
}
