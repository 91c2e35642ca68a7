/*
 * encode_opnd.c - operands back to fields: 2-src Align1/Align16, 3-src
 * Align16 (Gen8/9) and Align1 (Gen11/12), SEND, sync and branches.
 *
 * The inverse of decode_opnd.c and decode_branch.c.  Element counts
 * become region codes, register names become ARF numbers, types become
 * the family's codes.  Sources: see decode_opnd.c.
 */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "encode_priv.h"

static bool code_of(struct ectx *c, enum gen_field f, const uint8_t *table,
                    unsigned n, uint8_t t, unsigned *code)
{
	for (unsigned i = 0; i < n; i++) {
		if (table[i] == t && t != GEN_TYPE_INVALID) {
			*code = i;
			return true;
		}
	}
	return enc_fail(c, f, "type :%s does not exist here",
	                gen_type_name((enum gen_type)t));
}

/* Type -> 2-src type code per family and register/immediate, the
 * inverse of plat_reg_types / plat_imm_types (0xFF: none; where two codes
 * name one type the first wins, as code_of's search would give): set
 * for every operand, so looked up rather than searched. */
static uint8_t type_code[2][GEN_ENC_COUNT][GEN_TYPE_COUNT];
static pthread_once_t type_code_once = PTHREAD_ONCE_INIT;

static void invert_type_tables(void)
{
	memset(type_code, 0xFF, sizeof type_code);
	for (unsigned e = 0; e < GEN_ENC_COUNT; e++)
		for (unsigned i = 16; i-- > 0;) {
			if (plat_reg_types[e][i] < GEN_TYPE_COUNT)
				type_code[0][e][plat_reg_types[e][i]] = (uint8_t)i;
			if (plat_imm_types[e][i] < GEN_TYPE_COUNT)
				type_code[1][e][plat_imm_types[e][i]] = (uint8_t)i;
		}
}

static bool set_type(struct ectx *c, enum gen_field f, bool imm, uint8_t t)
{
	pthread_once(&type_code_once, invert_type_tables);
	if (t >= GEN_TYPE_COUNT || t == GEN_TYPE_INVALID ||
	    type_code[imm][c->e][t] == 0xFF)
		return enc_fail(c, f, "type :%s does not exist here",
		                gen_type_name((enum gen_type)t));
	SET(c, f, type_code[imm][c->e][t]);
	return true;
}

/* ARF/GRF number of a register operand; *file 0 ARF, 1 GRF. */
static bool reg_num(struct ectx *c, enum gen_field f, const struct gen_opnd *o,
                    unsigned *file, unsigned *num)
{
	if (o->rn == GEN_RN_GRF) {
		*file = 1;
		*num = o->nr;
		return o->nr < 256 || enc_fail(c, f, "r%u", o->nr);
	}
	*file = 0;
	for (unsigned k = 0; k < 16; k++) {
		const struct plat_arf *a = &plat_arfs[k][c->e];
		if (a->name && a->rn == o->rn && o->rn != GEN_RN_MME) {
			*num = (k << 4) | (o->nr & 0xFu);
			return true;
		}
	}
	if (o->rn == GEN_RN_MME) {
		*num = 0x20u | ((o->nr + plat_mme_base[c->e]) & 0xFu);
		return true;
	}
	return enc_fail(c, f, "no register %s here",
	                plat_regname((enum gen_regname)o->rn));
}

static unsigned vs_code(uint8_t v)
{
	switch (v) {
	case 0: return 0;
	case 1: return 1;
	case 2: return 2;
	case 4: return 3;
	case 8: return 4;
	case 16: return 5;
	case 32: return 6;
	default: return 15;  /* GEN_VS_VXH */
	}
}

static unsigned hs_code(uint8_t v)
{
	return v == 4 ? 3 : v;
}

static unsigned w_code(uint8_t v)
{
	unsigned n = 0;
	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

struct src_fields {
	enum gen_field file, is_imm, type, amode, reg, sub, ia_sub, ia_imm, abs;
	enum gen_field neg, hs, w, vs, a16_sub, a16_swz, a16_ia_imm;
};

static const struct src_fields srcf[2] = {
	{ GEN_F_SRC0_FILE, GEN_F_SRC0_IS_IMM, GEN_F_SRC0_TYPE,
	  GEN_F_SRC0_ADDR_MODE, GEN_F_SRC0_REG, GEN_F_SRC0_SUBREG,
	  GEN_F_SRC0_IA_SUB, GEN_F_SRC0_IA_IMM, GEN_F_SRC0_ABS, GEN_F_SRC0_NEG,
	  GEN_F_SRC0_HSTRIDE, GEN_F_SRC0_WIDTH, GEN_F_SRC0_VSTRIDE,
	  GEN_F_SRC0_A16_SUBREG, GEN_F_SRC0_A16_SWIZZLE, GEN_F_SRC0_A16_IA_IMM },
	{ GEN_F_SRC1_FILE, GEN_F_SRC1_IS_IMM, GEN_F_SRC1_TYPE,
	  GEN_F_SRC1_ADDR_MODE, GEN_F_SRC1_REG, GEN_F_SRC1_SUBREG,
	  GEN_F_SRC1_IA_SUB, GEN_F_SRC1_IA_IMM, GEN_F_SRC1_ABS, GEN_F_SRC1_NEG,
	  GEN_F_SRC1_HSTRIDE, GEN_F_SRC1_WIDTH, GEN_F_SRC1_VSTRIDE,
	  GEN_F_SRC1_A16_SUBREG, GEN_F_SRC1_A16_SWIZZLE, GEN_F_SRC1_A16_IA_IMM },
};

static void set_file(struct ectx *c, const struct src_fields *f, unsigned file)
{
	if (c->e == GEN_ENC_GEN12) {
		SET(c, f->is_imm, file == 3);
		SET(c, f->file, file == 1);
	} else {
		SET(c, f->file, file);
	}
}

/* 16-bit immediates fill both halves of the immediate dword. */
static uint64_t imm_bits(const struct gen_opnd *o)
{
	if (gen_type_size((enum gen_type)o->type) == 2 &&
	    o->type != GEN_TYPE_UV && o->type != GEN_TYPE_V) {
		uint32_t h = (uint32_t)(o->imm & 0xFFFF);
		return h | (h << 16);
	}
	if (gen_type_size((enum gen_type)o->type) == 8)
		return o->imm;
	return o->imm & 0xFFFFFFFFu;
}

static bool src_imm(struct ectx *c, unsigned s, const struct gen_opnd *o)
{
	const struct src_fields *f = &srcf[s];
	set_file(c, f, 3);
	if (!set_type(c, f->type, true, o->type))
		return false;
	if (gen_type_size((enum gen_type)o->type) == 8)
		SET(c, GEN_F_IMM64, o->imm);
	else
		SET(c, GEN_F_IMM32, imm_bits(o));
	return true;
}

static void set_mods(struct ectx *c, enum gen_field abs, enum gen_field neg,
                     const struct gen_opnd *o)
{
	SET(c, abs, (o->mods & GEN_MOD_ABS) != 0);
	SET(c, neg, (o->mods & GEN_MOD_NEG) != 0);
}

static bool src_reg(struct ectx *c, unsigned s, const struct gen_opnd *o)
{
	const struct src_fields *f = &srcf[s];
	const struct gen_inst *in = c->in;
	unsigned file = 1, num = 0;
	if (!set_type(c, f->type, false, o->type))
		return false;
	set_mods(c, f->abs, f->neg, o);
	if (o->kind != GEN_OPND_INDIRECT && !reg_num(c, f->reg, o, &file, &num))
		return false;
	set_file(c, f, file);
	if (in->access == GEN_ALIGN16) {
		bool df = o->type == GEN_TYPE_DF;
		bool macro = o->kind == GEN_OPND_MACRO;
		SET(c, f->vs, macro && df ? 2 : 3);
		SET(c, f->a16_swz, macro ? o->mme : o->swizzle);
	} else {
		SET(c, f->vs, vs_code(o->rgn.vs));
		SET(c, f->w, w_code(o->rgn.w));
		SET(c, f->hs, hs_code(o->rgn.hs));
	}
	if (o->kind == GEN_OPND_INDIRECT) {
		SET(c, f->amode, 1);
		SET(c, f->ia_sub, o->ia_sub);
		SET(c, in->access == GEN_ALIGN16 ? f->a16_ia_imm : f->ia_imm,
		    (uint16_t)o->ia_imm & 0x3FFu);
		return true;
	}
	SET(c, f->reg, num);
	if (o->kind == GEN_OPND_MACRO)
		SET(c, f->sub, o->mme);  /* Gen11 Align1 */
	else if (in->access == GEN_ALIGN16)
		SET(c, f->a16_sub, o->sub);
	else
		SET(c, f->sub, o->sub);
	return true;
}

bool enc_src_as(struct ectx *c, unsigned s, const struct gen_opnd *o)
{
	if (s > 1)
		return enc_fail(c, GEN_F_SRC1_FILE, "two-source format has no src%u",
		                s);
	if (o->kind == GEN_OPND_IMM)
		return src_imm(c, s, o);
	return src_reg(c, s, o);
}

bool enc_src(struct ectx *c, unsigned s)
{
	return enc_src_as(c, s, &c->in->src[s]);
}

bool enc_dst(struct ectx *c)
{
	const struct gen_opnd *o = &c->in->dst;
	unsigned file = 1, num = 0;
	if (!set_type(c, GEN_F_DST_TYPE, false, o->type))
		return false;
	if (o->kind != GEN_OPND_INDIRECT &&
	    !reg_num(c, GEN_F_DST_REG, o, &file, &num))
		return false;
	SET(c, GEN_F_DST_FILE, file);
	if (c->in->access == GEN_ALIGN16) {
		SET(c, GEN_F_DST_A16_CHAN_EN, o->kind == GEN_OPND_MACRO ? o->mme
		                                                      : 0xFu);
		if (o->kind == GEN_OPND_INDIRECT) {
			SET(c, GEN_F_DST_ADDR_MODE, 1);
			SET(c, GEN_F_DST_IA_SUB, o->ia_sub);
			SET(c, GEN_F_DST_A16_IA_IMM, (uint16_t)o->ia_imm & 0x3FFu);
		} else {
			SET(c, GEN_F_DST_REG, num);
			SET(c, GEN_F_DST_A16_SUBREG, o->sub);
		}
		return true;
	}
	SET(c, GEN_F_DST_HSTRIDE, hs_code(o->rgn.hs));
	if (o->kind == GEN_OPND_INDIRECT) {
		SET(c, GEN_F_DST_ADDR_MODE, 1);
		SET(c, GEN_F_DST_IA_SUB, o->ia_sub);
		SET(c, GEN_F_DST_IA_IMM, (uint16_t)o->ia_imm & 0x3FFu);
		return true;
	}
	SET(c, GEN_F_DST_REG, num);
	SET(c, GEN_F_DST_SUBREG, o->kind == GEN_OPND_MACRO ? o->mme : o->sub);
	return true;
}

/* ---- 3-src Align16 (Gen8/9) ------------------------------------------ */

static const struct {
	enum gen_field reg, abs, neg, rep, swz, sub;
} t16f[3] = {
	{ GEN_F_T_SRC0_REG, GEN_F_T_SRC0_ABS, GEN_F_T_SRC0_NEG,
	  GEN_F_A16_SRC0_REP, GEN_F_A16_SRC0_SWIZZLE, GEN_F_A16_SRC0_SUBREG },
	{ GEN_F_T_SRC1_REG, GEN_F_T_SRC1_ABS, GEN_F_T_SRC1_NEG,
	  GEN_F_A16_SRC1_REP, GEN_F_A16_SRC1_SWIZZLE, GEN_F_A16_SRC1_SUBREG },
	{ GEN_F_T_SRC2_REG, GEN_F_T_SRC2_ABS, GEN_F_T_SRC2_NEG,
	  GEN_F_A16_SRC2_REP, GEN_F_A16_SRC2_SWIZZLE, GEN_F_A16_SRC2_SUBREG },
};

static void t16_src(struct ectx *c, unsigned s)
{
	const struct gen_opnd *o = &c->in->src[s];
	SET(c, t16f[s].reg, o->nr);
	set_mods(c, t16f[s].abs, t16f[s].neg, o);
	if (o->kind == GEN_OPND_MACRO) {
		SET(c, t16f[s].swz, o->mme);
		return;
	}
	bool scalar = s == 2 ? o->rgn.hs == 0 : o->rgn.vs == 0;
	unsigned sub = o->sub, swz = o->swizzle ? o->swizzle : 0xE4;
	/* A 64-bit scalar is a swizzle, not RepCtrl (which replicates one
	 * dword): .xyxy for an even element, .zwzw with the subregister one
	 * element lower for an odd one (IGA Encoder.cpp encodeTernarySrc,
	 * IGC's "r5.0.xyxy:df"); element 4 is only reachable as 3 + .zwzw */
	if (scalar && o->type == GEN_TYPE_DF) {
		bool odd = sub % 16u >= 8 || sub >= 32;
		swz = odd ? 0xEE : 0x44;
		sub -= odd ? 8 : 0;
		scalar = false;
	} else if (!scalar && o->type == GEN_TYPE_DF &&
	           (swz == 0x44 || swz == 0xEE)) {
		swz = 0xE4;  /* a decoded swizzle scalar that is a vector now */
	}
	SET(c, t16f[s].rep, scalar);
	SET(c, t16f[s].swz, swz);
	SET(c, t16f[s].sub, sub);
}

/* SIMD1 is written as SIMD4 (SIMD2 for :df) with one channel enabled. */
static unsigned t16_chan_en(struct ectx *c, unsigned *sub)
{
	const struct gen_inst *in = c->in;
	unsigned sz = gen_type_size((enum gen_type)in->dst.type);
	if (in->exec_size != 1)
		return 0xF;
	unsigned lane = (*sub % 16u) / sz;
	*sub -= *sub % 16u;
	if (sz == 8) {
		SET(c, GEN_F_EXEC_SIZE, 1);
		return lane ? 0xC : 0x3;
	}
	SET(c, GEN_F_EXEC_SIZE, 2);
	return 1u << lane;
}

bool enc_ternary_a16(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	const struct gen_opnd *d = &in->dst;
	unsigned code = 0, st = 0;
	if (!code_of(c, GEN_F_A16_DST_TYPE, plat_a16_types, 8, d->type, &code))
		return false;
	SET(c, GEN_F_A16_DST_TYPE, code);
	uint8_t shared = in->src[0].type;
	if (!code_of(c, GEN_F_A16_SRC_TYPE, plat_a16_types, 8, shared, &st))
		return false;
	SET(c, GEN_F_A16_SRC_TYPE, st);
	if (gen_has_field(c->e, GEN_F_A16_SRC1_HF) &&
	    (shared == GEN_TYPE_F || shared == GEN_TYPE_HF)) {
		SET(c, GEN_F_A16_SRC1_HF, in->src[1].type == GEN_TYPE_HF);
		SET(c, GEN_F_A16_SRC2_HF, in->src[2].type == GEN_TYPE_HF);
	}
	SET(c, GEN_F_T_DST_REG, d->nr);
	if (d->kind == GEN_OPND_MACRO) {
		SET(c, GEN_F_A16_DST_CHAN_EN, d->mme);
	} else {
		unsigned sub = d->sub;
		SET(c, GEN_F_A16_DST_CHAN_EN, t16_chan_en(c, &sub));
		SET(c, GEN_F_A16_DST_SUBREG, sub);
	}
	for (unsigned s = 0; s < 3; s++)
		t16_src(c, s);
	return true;
}

/* ---- 3-src Align1 (Gen11/12) ----------------------------------------- */

static const struct {
	enum gen_field file, is_imm, type, vs, hs, sub, imm, reg, abs, neg;
} t1f[3] = {
	{ GEN_F_A1_SRC0_FILE, GEN_F_A1_SRC0_IS_IMM, GEN_F_A1_SRC0_TYPE,
	  GEN_F_A1_SRC0_VSTRIDE, GEN_F_A1_SRC0_HSTRIDE, GEN_F_A1_SRC0_SUBREG,
	  GEN_F_A1_SRC0_IMM, GEN_F_T_SRC0_REG, GEN_F_T_SRC0_ABS,
	  GEN_F_T_SRC0_NEG },
	{ GEN_F_A1_SRC1_FILE, GEN_FIELD_COUNT, GEN_F_A1_SRC1_TYPE,
	  GEN_F_A1_SRC1_VSTRIDE, GEN_F_A1_SRC1_HSTRIDE, GEN_F_A1_SRC1_SUBREG,
	  GEN_FIELD_COUNT, GEN_F_T_SRC1_REG, GEN_F_T_SRC1_ABS,
	  GEN_F_T_SRC1_NEG },
	{ GEN_F_A1_SRC2_FILE, GEN_F_A1_SRC2_IS_IMM, GEN_F_A1_SRC2_TYPE,
	  GEN_FIELD_COUNT, GEN_F_A1_SRC2_HSTRIDE, GEN_F_A1_SRC2_SUBREG,
	  GEN_F_A1_SRC2_IMM, GEN_F_T_SRC2_REG, GEN_F_T_SRC2_ABS,
	  GEN_F_T_SRC2_NEG },
};

static bool a1_type(struct ectx *c, enum gen_field f, uint8_t t)
{
	unsigned code = 0;
	if (!code_of(c, f, plat_a1_types[c->e][c->in->exec_type], 8, t, &code))
		return false;
	SET(c, f, code);
	return true;
}

static unsigned a1_vs_code(const struct ectx *c, uint8_t v)
{
	if (c->e == GEN_ENC_GEN12)
		return v == 0 ? 0 : v == 1 ? 1 : v == 4 ? 2 : 3;
	return v == 0 ? 0 : v == 2 ? 1 : v == 4 ? 2 : 3;
}

static bool t1_src(struct ectx *c, unsigned s)
{
	const struct gen_opnd *o = &c->in->src[s];
	bool gen12 = c->e == GEN_ENC_GEN12;
	unsigned file = 1, num = 0;
	if (!a1_type(c, t1f[s].type, o->type))
		return false;
	if (o->kind == GEN_OPND_IMM) {
		if (s == 1)
			return enc_fail(c, GEN_F_A1_SRC1_FILE, "src1 immediate");
		if (gen12)
			SET(c, t1f[s].is_imm, 1);
		else
			SET(c, t1f[s].file, 1);
		SET(c, t1f[s].imm, o->imm & 0xFFFFu);
		return true;
	}
	set_mods(c, t1f[s].abs, t1f[s].neg, o);
	if (!reg_num(c, t1f[s].reg, o, &file, &num))
		return false;
	/* Gen11: src1 bit set = accumulator; src0/src2 only GRF or imm */
	SET(c, t1f[s].file, gen12 ? file : (s == 1 ? !file : 0));
	SET(c, t1f[s].reg, num);
	if (o->kind == GEN_OPND_MACRO) {
		SET(c, t1f[s].sub, o->mme * 2u);
		return true;
	}
	SET(c, t1f[s].sub, o->sub);
	if (s != 2)
		SET(c, t1f[s].vs, a1_vs_code(c, o->rgn.vs));
	SET(c, t1f[s].hs, hs_code(o->rgn.hs));
	return true;
}

bool enc_ternary_a1(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	const struct gen_opnd *d = &in->dst;
	unsigned file = 1, num = 0;
	SET(c, GEN_F_A1_EXEC_TYPE, in->exec_type);
	if (!a1_type(c, GEN_F_A1_DST_TYPE, d->type) ||
	    !reg_num(c, GEN_F_T_DST_REG, d, &file, &num))
		return false;
	SET(c, GEN_F_A1_DST_FILE, c->e == GEN_ENC_GEN11 ? !file : file);
	SET(c, GEN_F_T_DST_REG, num);
	SET(c, GEN_F_A1_DST_HSTRIDE, d->rgn.hs == 2);
	if (d->kind == GEN_OPND_MACRO)
		SET(c, GEN_F_A1_SPECIAL_ACC, d->mme);
	else
		SET(c, GEN_F_A1_DST_SUBREG, d->sub);
	for (unsigned s = 0; s < 3; s++)
		if (!t1_src(c, s))
			return false;
	return true;
}

/* ---- SEND ------------------------------------------------------------ */

static void send_descs(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	bool gen12 = c->e == GEN_ENC_GEN12, sends = c->oi->fmt == GEN_FMT_SENDS;
	if (sends || gen12) {
		SET(c, GEN_F_SEND_DESC_IS_REG, in->desc.is_reg);
	} else if (in->desc.is_reg) {
		SET(c, GEN_F_SRC1_FILE, 0);
		SET(c, GEN_F_SRC1_REG, 0x10);  /* a0.0 */
	} else {
		SET(c, GEN_F_SRC1_FILE, 3);
	}
	if (!in->desc.is_reg)
		SET(c, GEN_F_SEND_DESC, in->desc.imm);
	if ((sends || gen12) && in->exdesc.is_reg) {
		SET(c, GEN_F_SEND_EXDESC_IS_REG, 1);
		SET(c, GEN_F_SEND_EXDESC_IA_SUB, in->exdesc.a0_sub);
	} else if (gen12) {
		SET(c, GEN_F_SEND_EXDESC, in->exdesc.imm);
	} else if (sends) {
		SET(c, GEN_F_SENDS_EXDESC, in->exdesc.imm);
	} else if (gen_has_field(c->e, GEN_F_SEND_EXDESC)) {
		SET(c, GEN_F_SEND_EXDESC, in->exdesc.imm);
	}
	SET(c, GEN_F_COND_MOD, in->sfid);
}

static bool send_dst(struct ectx *c)
{
	const struct gen_opnd *o = &c->in->dst;
	bool sends = c->oi->fmt == GEN_FMT_SENDS, gen12 = c->e == GEN_ENC_GEN12;
	enum gen_field ff = sends || gen12 ? GEN_F_SEND_DST_FILE : GEN_F_DST_FILE;
	unsigned file = 1, num = 0;
	if (!gen12 && !set_type(c, GEN_F_DST_TYPE, false, o->type))
		return false;
	if (o->kind == GEN_OPND_INDIRECT) {
		SET(c, ff, 1);
		SET(c, GEN_F_DST_ADDR_MODE, 1);
		SET(c, GEN_F_DST_IA_SUB, o->ia_sub);
		SET(c, sends ? GEN_F_SENDS_DST_IA_IMM : GEN_F_DST_IA_IMM,
		    (uint16_t)o->ia_imm & 0x3FFu);
		if (!sends)
			SET(c, GEN_F_DST_HSTRIDE, hs_code(o->rgn.hs));
		return true;
	}
	if (!reg_num(c, GEN_F_DST_REG, o, &file, &num))
		return false;
	SET(c, ff, file);
	SET(c, GEN_F_DST_REG, num);
	if (!sends && !gen12)
		SET(c, GEN_F_DST_HSTRIDE, 1);
	return true;
}

/* BDW keeps a src0 region in send that no syntax shows.  A region given
 * in the representation wins; for the implied <0;1,0> IGC's convention
 * is used: <w;w,1> with w the execution size up to 8, but <4;4,1> for
 * SIMD8 A64 gathers (DC1 message types 0x10, 0x11), <0;1,0> for SIMD1
 * (observed over all BDW corpus sends at SIMD1, 4, 8 and 16; SIMD2 sends
 * with <2;2,1> as the same rule gives, issue 9 item 7). */
static struct gen_region send_src0_region(const struct ectx *c,
                                          const struct gen_opnd *o)
{
	const struct gen_inst *in = c->in;
	struct gen_region r = o->rgn;
	if (r.vs != 0 || r.w != 1 || r.hs != 0 || in->exec_size == 1)
		return r;
	unsigned mt = (in->desc.imm >> 14) & 0x1F;
	bool a64 = in->sfid == 12 && !in->desc.is_reg && (mt == 0x10 || mt == 0x11);
	if (in->exec_size == 8 && a64)
		return (struct gen_region){ 4, 4, 1 };
	uint8_t w = in->exec_size < 8 ? in->exec_size : 8;
	return (struct gen_region){ w, w, 1 };
}

static bool send_src0(struct ectx *c)
{
	const struct gen_opnd *o = &c->in->src[0];
	bool sends = c->oi->fmt == GEN_FMT_SENDS, gen12 = c->e == GEN_ENC_GEN12;
	unsigned file = 1, num = 0;
	if (o->kind == GEN_OPND_INDIRECT) {
		SET(c, GEN_F_SRC0_ADDR_MODE, 1);
		SET(c, GEN_F_SRC0_IA_SUB, o->ia_sub);
		if (sends) {
			SET(c, GEN_F_SENDS_SRC0_IA_IMM, (uint16_t)o->ia_imm & 0x3FFu);
			return true;
		}
		SET(c, GEN_F_SRC0_FILE, 1);
		SET(c, GEN_F_SRC0_IA_IMM, (uint16_t)o->ia_imm & 0x3FFu);
		return set_type(c, GEN_F_SRC0_TYPE, false, o->type);
	}
	if (!reg_num(c, GEN_F_SRC0_REG, o, &file, &num))
		return false;
	SET(c, GEN_F_SRC0_REG, num);
	if (sends)
		return true;
	SET(c, GEN_F_SRC0_FILE, file);
	if (gen12)
		return true;
	if (c->e == GEN_ENC_GEN8) {
		struct gen_region r = send_src0_region(c, o);
		SET(c, GEN_F_SRC0_VSTRIDE, vs_code(r.vs));
		SET(c, GEN_F_SRC0_WIDTH, w_code(r.w));
		SET(c, GEN_F_SRC0_HSTRIDE, hs_code(r.hs));
	}
	return set_type(c, GEN_F_SRC0_TYPE, false, o->type);
}

bool enc_send(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	send_descs(c);
	if (!send_dst(c) || !send_src0(c))
		return false;
	if (in->nsrc >= 2 && (c->oi->fmt == GEN_FMT_SENDS ||
	                      c->e == GEN_ENC_GEN12)) {
		unsigned file = 1, num = 0;
		if (!reg_num(c, GEN_F_SEND_SRC1_REG, &in->src[1], &file, &num))
			return false;
		SET(c, GEN_F_SEND_SRC1_FILE, file);
		SET(c, GEN_F_SEND_SRC1_REG, num);
	}
	return true;
}

/* ---- sync ------------------------------------------------------------ */

bool enc_sync(struct ectx *c)
{
	const struct gen_opnd *o = &c->in->src[0];
	if (o->kind == GEN_OPND_IMM) {
		SET(c, GEN_F_SRC0_IS_IMM, 1);
		SET(c, GEN_F_IMM32, o->imm & 0xFFFFFFFFu);
		return set_type(c, GEN_F_SRC0_TYPE, true, o->type);
	}
	return true;
}
