/*
 * gen_random_types.c - legal type combinations of the property test's
 * random instructions.
 *
 * The rule lists are the "dst <- src" type sets of IGA's operation
 * models (visa/iga/IGALibrary/Models/bxml/ModelGen8.hpp, ModelGen9.hpp,
 * ModelGen11.hpp, ModelXe.hpp at tag igc-1.0.12504.6), in our words.
 * On top of them the platform rules of GEN-FACTS.md 8 and Mesa's
 * validator (general_restrictions_based_on_operand_types, instruction
 * restrictions) are applied:
 *   - ICLLP and TGLLP have no 64-bit types (Mesa has_64bit_float/int);
 *   - BDW has half float only for conversions (mov);
 *   - F/HF mixed in one operation ("mixed mode") only on SKL and TGLLP,
 *     conversions by mov everywhere;
 *   - no direct conversion between 64-bit types and B/UB or HF;
 *   - mul: a dword integer times a narrower one has the dword in src0.
 */
#include "config.h"

#include "gen_random.h"

struct trule {
	uint16_t dst, src;
};

#define I8   (TB(UB) | TB(B))
#define I16  (TB(UW) | TB(W))
#define I32  (TB(UD) | TB(D))
#define I64  (TB(UQ) | TB(Q))
#define INT  (I8 | I16 | I32)
#define WD   (I16 | I32)
#define FP   (TB(F) | TB(HF))
#define UI   (TB(UB) | TB(UW) | TB(UD))

static const struct trule r_arith[] = {  /* add, cmp (Gen8-11) */
	{ INT, INT }, { TB(F), INT }, { TB(F), TB(F) }, { TB(DF), TB(DF) },
	{ TB(HF), TB(HF) }, { TB(HF), INT }, { WD, WD }, { I64, WD },
	{ WD, I64 }, { I64, I64 }, { FP, FP },
};
static const struct trule r_add12[] = {
	{ INT, INT }, { TB(F), INT }, { TB(F), TB(F) }, { TB(HF), TB(HF) },
	{ TB(HF), INT },
};
static const struct trule r_cmp12[] = {
	{ INT, INT }, { TB(F), TB(F) }, { TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_cmpn[] = {
	{ INT, INT }, { TB(F), INT }, { TB(F), TB(F) }, { TB(DF), TB(DF) },
	{ TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_cmpn12[] = {
	{ INT, INT }, { TB(F), TB(F) }, { TB(HF), TB(HF) },
};
static const struct trule r_logic[] = {  /* and or xor not asr shl */
	{ INT, INT }, { WD, WD }, { I64, WD }, { WD, I64 }, { I64, I64 },
};
static const struct trule r_int[] = { { INT, INT } };
static const struct trule r_shr[] = {
	{ UI, UI }, { TB(UW) | TB(UD), TB(UW) | TB(UD) },
	{ TB(UQ), TB(UW) | TB(UD) }, { TB(UW) | TB(UD), TB(UQ) },
	{ TB(UQ), TB(UQ) },
};
static const struct trule r_shr12[] = { { UI, UI } };
static const struct trule r_ud[] = { { TB(UD), TB(UD) } };
static const struct trule r_d_ud[] = { { TB(UD), TB(UD) }, { TB(D), TB(D) } };
static const struct trule r_f[] = { { TB(F), TB(F) } };
static const struct trule r_fbh[] = { { TB(UD), TB(D) | TB(UD) } };
static const struct trule r_lzd12[] = { { TB(UD), INT } };
static const struct trule r_cbit[] = { { TB(UD), UI } };
static const struct trule r_csel11[] = {
	{ TB(F), TB(F) }, { TB(HF), TB(HF) }, { TB(D), TB(D) }, { TB(W), TB(W) },
};
static const struct trule r_csel12[] = {
	{ TB(F), TB(F) }, { TB(HF), TB(HF) }, { I32, I32 }, { I16, I16 },
};
static const struct trule r_mac[] = {
	{ INT, I8 | I16 }, { TB(F), TB(F) }, { TB(DF), TB(DF) },
	{ TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_mac12[] = {
	{ INT, I8 | I16 }, { TB(F), TB(F) }, { TB(HF), TB(HF) },
};
static const struct trule r_mad[] = {
	{ TB(F), TB(F) }, { TB(DF), TB(DF) }, { TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_mad11[] = {
	{ TB(F), TB(F) }, { TB(HF), TB(HF) }, { TB(W), TB(B) },
	{ TB(W) | TB(D), TB(W) | TB(D) },
};
static const struct trule r_mad12[] = {
	{ TB(F), TB(F) }, { TB(HF), TB(HF) }, { I16, I8 }, { WD, WD },
};
static const struct trule r_madm[] = { { TB(F), TB(F) }, { TB(DF), TB(DF) } };
static const struct trule r_mov[] = {
	{ INT, INT }, { TB(F), INT }, { INT, TB(F) }, { TB(F), TB(F) },
	{ TB(DF), WD }, { TB(DF), TB(F) }, { WD, TB(DF) }, { TB(F), TB(DF) },
	{ TB(DF), TB(DF) }, { WD, WD }, { I64, WD }, { WD, I64 }, { I64, I64 },
	{ I64, TB(F) }, { I64, TB(DF) }, { TB(F), I64 }, { TB(DF), I64 },
	{ TB(HF), INT }, { TB(HF), TB(F) }, { INT, TB(HF) }, { TB(F), TB(HF) },
	{ TB(HF), TB(HF) },
};
static const struct trule r_mov12[] = {
	{ INT, INT }, { TB(F), INT }, { INT, TB(F) }, { TB(F), TB(F) },
	{ TB(HF), INT }, { TB(HF), TB(F) }, { INT, TB(HF) }, { TB(F), TB(HF) },
	{ TB(HF), TB(HF) },
};
static const struct trule r_movi[] = {
	{ TB(B), TB(B) }, { TB(UB), TB(UB) }, { TB(W), TB(W) },
	{ TB(UW), TB(UW) }, { TB(D), TB(D) }, { TB(UD), TB(UD) },
	{ TB(F), TB(F) },
};
static const struct trule r_movi12[] = {
	{ TB(D), TB(D) }, { TB(UD), TB(UD) }, { TB(F), TB(F) },
};
static const struct trule r_mul8[] = {
	{ I8, I8 }, { I16, I8 }, { I32, I8 }, { I16, I16 }, { I32, I16 },
	{ TB(F), TB(F) }, { TB(DF), TB(DF) }, { TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_mul[] = {
	{ I8, I8 }, { I16, I8 }, { I32, I8 }, { I16, I16 }, { I32, I16 },
	{ I32, I32 }, { I64, I32 }, { TB(F), TB(F) }, { TB(DF), TB(DF) },
	{ TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_mul12[] = {
	{ I8, I8 }, { I16, I8 }, { I32, I8 }, { I16, I16 }, { I32, I16 },
	{ I32, WD }, { TB(F), TB(F) }, { TB(HF), TB(HF) },
};
static const struct trule r_sel[] = {
	{ INT, INT }, { TB(F), TB(F) }, { TB(DF), TB(DF) }, { WD, WD },
	{ I64, WD }, { WD, I64 }, { I64, I64 }, { TB(HF), TB(HF) }, { FP, FP },
};
static const struct trule r_sel12[] = {
	{ INT, INT }, { TB(F), TB(F) }, { TB(HF), TB(HF) },
};
static const struct trule r_sad[] = { { I16, I8 } };
static const struct trule r_smov8[] = {
	{ WD | I64 | TB(F) | TB(DF), WD | I64 | TB(F) | TB(DF) },
};
static const struct trule r_smov[] = {
	{ WD | FP, WD | FP }, { I64 | TB(DF), WD | FP }, { WD | FP, I64 | TB(DF) },
	{ I64 | TB(DF), I64 | TB(DF) },
};
static const struct trule r_rot[] = { { TB(UW) | TB(UD), TB(UW) | TB(UD) } };

#define F8  1u
#define F9  2u
#define F11 4u
#define F12 8u
#define L(a) a, (uint8_t)NELEM(a)

static const struct {
	uint16_t op;
	uint8_t fams;
	const struct trule *r;
	uint8_t n;
} op_rules[] = {
	{ GEN_OP_ADD, F8 | F9 | F11, L(r_arith) }, { GEN_OP_ADD, F12, L(r_add12) },
	{ GEN_OP_CMP, F8 | F9 | F11, L(r_arith) }, { GEN_OP_CMP, F12, L(r_cmp12) },
	{ GEN_OP_CMPN, F8 | F9 | F11, L(r_cmpn) },
	{ GEN_OP_CMPN, F12, L(r_cmpn12) },
	{ GEN_OP_AND, F8 | F9 | F11, L(r_logic) }, { GEN_OP_AND, F12, L(r_int) },
	{ GEN_OP_OR, F8 | F9 | F11, L(r_logic) }, { GEN_OP_OR, F12, L(r_int) },
	{ GEN_OP_XOR, F8 | F9 | F11, L(r_logic) }, { GEN_OP_XOR, F12, L(r_int) },
	{ GEN_OP_NOT, F8 | F9 | F11, L(r_logic) }, { GEN_OP_NOT, F12, L(r_int) },
	{ GEN_OP_ASR, F8 | F9 | F11, L(r_logic) }, { GEN_OP_ASR, F12, L(r_int) },
	{ GEN_OP_SHL, F8 | F9 | F11, L(r_logic) }, { GEN_OP_SHL, F12, L(r_int) },
	{ GEN_OP_SHR, F8 | F9 | F11, L(r_shr) }, { GEN_OP_SHR, F12, L(r_shr12) },
	{ GEN_OP_AVG, 15, L(r_int) },
	{ GEN_OP_ADDC, 15, L(r_ud) }, { GEN_OP_SUBB, 15, L(r_ud) },
	{ GEN_OP_BFE, 15, L(r_d_ud) }, { GEN_OP_BFI1, 15, L(r_d_ud) },
	{ GEN_OP_BFI2, 15, L(r_d_ud) }, { GEN_OP_MACH, 15, L(r_d_ud) },
	{ GEN_OP_BFREV, 15, L(r_ud) }, { GEN_OP_FBL, 15, L(r_ud) },
	{ GEN_OP_FBH, 15, L(r_fbh) },
	{ GEN_OP_LZD, F8 | F9 | F11, L(r_fbh) }, { GEN_OP_LZD, F12, L(r_lzd12) },
	{ GEN_OP_CBIT, 15, L(r_cbit) },
	{ GEN_OP_FRC, 15, L(r_f) }, { GEN_OP_RNDD, 15, L(r_f) },
	{ GEN_OP_RNDE, 15, L(r_f) }, { GEN_OP_RNDU, 15, L(r_f) },
	{ GEN_OP_RNDZ, 15, L(r_f) }, { GEN_OP_DP2, 15, L(r_f) },
	{ GEN_OP_DP3, 15, L(r_f) }, { GEN_OP_DP4, 15, L(r_f) },
	{ GEN_OP_DPH, 15, L(r_f) }, { GEN_OP_LINE, 15, L(r_f) },
	{ GEN_OP_PLN, 15, L(r_f) }, { GEN_OP_LRP, 15, L(r_f) },
	{ GEN_OP_CSEL, F8 | F9, L(r_f) }, { GEN_OP_CSEL, F11, L(r_csel11) },
	{ GEN_OP_CSEL, F12, L(r_csel12) },
	{ GEN_OP_MAC, F8 | F9 | F11, L(r_mac) }, { GEN_OP_MAC, F12, L(r_mac12) },
	{ GEN_OP_MAD, F8 | F9, L(r_mad) }, { GEN_OP_MAD, F11, L(r_mad11) },
	{ GEN_OP_MAD, F12, L(r_mad12) }, { GEN_OP_MADM, 15, L(r_madm) },
	{ GEN_OP_MOV, F8 | F9 | F11, L(r_mov) }, { GEN_OP_MOV, F12, L(r_mov12) },
	{ GEN_OP_MOVI, F8 | F9 | F11, L(r_movi) },
	{ GEN_OP_MOVI, F12, L(r_movi12) },
	{ GEN_OP_MUL, F8, L(r_mul8) }, { GEN_OP_MUL, F9 | F11, L(r_mul) },
	{ GEN_OP_MUL, F12, L(r_mul12) },
	{ GEN_OP_SEL, F8 | F9 | F11, L(r_sel) }, { GEN_OP_SEL, F12, L(r_sel12) },
	{ GEN_OP_SAD2, 15, L(r_sad) }, { GEN_OP_SADA2, 15, L(r_sad) },
	{ GEN_OP_SMOV, F8, L(r_smov8) }, { GEN_OP_SMOV, F9 | F11, L(r_smov) },
	{ GEN_OP_ROL, 15, L(r_rot) }, { GEN_OP_ROR, 15, L(r_rot) },
	{ GEN_OP_DP4A, 15, L(r_d_ud) },
};

bool platform_has_64bit(const struct gctx *c)
{
	return c->e == GEN_ENC_GEN8 || c->e == GEN_ENC_GEN9;
}

/* Types the platform allows for this operation at all. */
static unsigned allowed_types(const struct gctx *c)
{
	unsigned m = INT | I64 | TB(F) | TB(DF) | TB(HF);
	if (!platform_has_64bit(c))
		m &= ~(unsigned)(I64 | TB(DF));
	if (c->e == GEN_ENC_GEN8 && c->in->op != GEN_OP_MOV)
		m &= ~(unsigned)TB(HF);
	return m;
}

static uint8_t pick_type(struct gctx *c, unsigned mask)
{
	unsigned n = 0;
	for (unsigned t = 0; t < GEN_TYPE_COUNT; t++)
		n += (mask >> t) & 1u;
	if (!n)
		return GEN_TYPE_INVALID;
	unsigned k = rnd(&c->r, n);
	for (unsigned t = 0; t < GEN_TYPE_COUNT; t++)
		if (((mask >> t) & 1u) && k-- == 0)
			return (uint8_t)t;
	return GEN_TYPE_INVALID;
}

static bool mixed(uint8_t a, uint8_t b)
{
	return (a == GEN_TYPE_F && b == GEN_TYPE_HF) ||
	       (a == GEN_TYPE_HF && b == GEN_TYPE_F);
}

/* Mesa: no direct conversion between 64-bit types and B/UB or HF. */
static bool conversion_ok(uint8_t d, uint8_t s)
{
	unsigned ds = gen_type_size((enum gen_type)d);
	unsigned ss = gen_type_size((enum gen_type)s);
	if ((ds == 8 && (ss == 1 || s == GEN_TYPE_HF)) ||
	    (ss == 8 && (ds == 1 || d == GEN_TYPE_HF)))
		return false;
	return true;
}

static bool combination_ok(const struct gctx *c, const struct type_pick *t,
                           unsigned nsrc)
{
	bool mix_ok = c->in->op == GEN_OP_MOV ||
	              c->e == GEN_ENC_GEN9 || c->e == GEN_ENC_GEN12;
	for (unsigned s = 0; s < nsrc; s++) {
		if (!conversion_ok(t->dst, t->src[s]))
			return false;
		if (!mix_ok && mixed(t->dst, t->src[s]))
			return false;
		for (unsigned u = 0; u < s; u++)
			if (!mix_ok && mixed(t->src[u], t->src[s]))
				return false;
	}
	/* mul: "When multiplying a DW and any lower precision integer, the
	 * DW operand must on src0" (BDW PRM vol 2a, Mesa validator) */
	if (c->in->op == GEN_OP_MUL && nsrc == 2 &&
	    !gen_type_is_float((enum gen_type)t->src[1]) &&
	    gen_type_size((enum gen_type)t->src[1]) == 4 &&
	    gen_type_size((enum gen_type)t->src[0]) < 4)
		return false;
	return true;
}

bool types_pick(struct gctx *c, unsigned nsrc, struct type_pick *t)
{
	unsigned fam = 1u << c->e, allow = allowed_types(c);
	for (size_t i = 0; i < NELEM(op_rules); i++) {
		if (op_rules[i].op != c->in->op || !(op_rules[i].fams & fam))
			continue;
		for (int tries = 0; tries < 64; tries++) {
			const struct trule *r = &op_rules[i].r[rnd(&c->r, op_rules[i].n)];
			t->dst = pick_type(c, r->dst & allow);
			bool ok = t->dst != GEN_TYPE_INVALID;
			for (unsigned s = 0; s < nsrc && ok; s++) {
				t->src[s] = pick_type(c, r->src & allow);
				ok = t->src[s] != GEN_TYPE_INVALID;
			}
			if (ok && combination_ok(c, t, nsrc))
				return true;
		}
		return false;
	}
	return false;
}

/* Mesa execution_type_for_type(). */
static uint8_t exec_class(uint8_t t)
{
	switch (t) {
	case GEN_TYPE_NF: case GEN_TYPE_DF: case GEN_TYPE_F: case GEN_TYPE_HF:
		return t;
	case GEN_TYPE_VF:
		return GEN_TYPE_F;
	case GEN_TYPE_Q: case GEN_TYPE_UQ:
		return GEN_TYPE_Q;
	case GEN_TYPE_D: case GEN_TYPE_UD:
		return GEN_TYPE_D;
	default:
		return GEN_TYPE_W;
	}
}

bool is_mixed_float(const struct gen_inst *in)
{
	for (unsigned s = 0; s < in->nsrc; s++) {
		if (mixed(in->dst.type, in->src[s].type))
			return true;
		for (unsigned u = 0; u < s; u++)
			if (mixed(in->src[u].type, in->src[s].type))
				return true;
	}
	return false;
}

/* Execution type size (Mesa execution_type(); 3-src: the widest
 * source class). */
unsigned exec_type_size(const struct gen_inst *in)
{
	uint8_t s0 = exec_class(in->src[0].type);
	if (in->nsrc == 1)
		return gen_type_size(s0 == GEN_TYPE_HF ? in->dst.type : s0);
	if (is_mixed_float(in))
		return 4;
	unsigned best = 0;
	for (unsigned s = 0; s < in->nsrc; s++) {
		unsigned sz = gen_type_size(exec_class(in->src[s].type));
		best = sz > best ? sz : best;
	}
	return best;
}
