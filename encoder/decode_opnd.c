/*
 * decode_opnd.c - operand decoding: 2-src Align1/Align16 operands,
 * 3-src Align16 (Gen8/9) and Align1 (Gen11/12), SEND, sync and branches.
 *
 * Region codes become element counts (VertStride 0..6 -> 0,1,2,4..32,
 * 0xF -> VxH; Width 0..4 -> 1..16; HorzStride 0..3 -> 0,1,2,4).
 * Subregisters stay in bytes.  Macro operands (madm, math.invm/rsqtm)
 * carry mme0-7/nomme: from ChanEn/ChanSel in Align16 (Gen8/9), from the
 * special-accumulator or subregister bits in Align1 (Gen11) - checked
 * with iga64 -p=9/-p=11 -Xprint-bits.
 *
 * Sources: IGC visa/iga/IGALibrary/Backend/GED/Decoder.cpp (operand
 * rules per format), Models/Models.cpp (ARF numbering), Mesa brw_inst.h.
 */
#include "config.h"

#include "decode_priv.h"

static const uint8_t vs_vals[16] = {
	0, 1, 2, 4, 8, 16, 32, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	GEN_VS_VXH
};
static const uint8_t hs_vals[4] = { 0, 1, 2, 4 };

/* ARF or GRF number -> register name and number. */
static bool decode_reg(struct dctx *c, enum gen_field f, unsigned file,
                       unsigned num, struct gen_opnd *o)
{
	if (file == 1) {
		/* r128-r255 decode (as iga64 -d does); the validator rejects
		 * them on 128-GRF platforms */
		o->rn = GEN_RN_GRF;
		o->nr = (uint16_t)num;
		return true;
	}
	if (file != 0)
		return dec_fail(c, f, "reserved register file %u", file);
	const struct plat_arf *a = &plat_arfs[num >> 4][c->e];
	unsigned n = num & 0xF;
	if (!a->name)
		return dec_fail(c, f, "0x%02X is not an architecture register", num);
	o->rn = a->rn;
	o->nr = (uint16_t)n;
	if (a->rn == GEN_RN_ACC && n >= a->nregs) {
		unsigned m = n - plat_mme_base[c->e];
		if (n < plat_mme_base[c->e] || m > 7)
			return dec_fail(c, f, "acc%u does not exist", n);
		o->rn = GEN_RN_MME;
		o->nr = (uint16_t)m;
	} else if (n != 0 && n >= a->nregs) {
		return dec_fail(c, f, "%s%u does not exist", a->name, n);
	}
	return true;
}

static bool reg_type(struct dctx *c, enum gen_field f, bool imm, uint8_t *t)
{
	unsigned code = (unsigned)GET(c, f);
	*t = imm ? plat_imm_types[c->e][code] : plat_reg_types[c->e][code];
	if (*t == GEN_TYPE_INVALID)
		return dec_fail(c, f, "reserved %stype code %u", imm ? "immediate "
		                : "", code);
	/* Gen8/9 NF (accumulator native float) only reads as src0 */
	if (*t == GEN_TYPE_NF && f != GEN_F_SRC0_TYPE && c->e < GEN_ENC_GEN11)
		return dec_fail(c, f, "NF is only a src0 type");
	return true;
}

static int16_t sext10(uint64_t v)
{
	return (int16_t)((int32_t)((uint32_t)v << 22) >> 22);
}

/* Register file of a 2-src source: 0 ARF, 1 GRF, 3 immediate. */
static unsigned src_file(struct dctx *c, unsigned s)
{
	if (c->e == GEN_ENC_GEN12) {
		if (GET(c, s ? GEN_F_SRC1_IS_IMM : GEN_F_SRC0_IS_IMM))
			return 3;
		return (unsigned)GET(c, s ? GEN_F_SRC1_FILE : GEN_F_SRC0_FILE);
	}
	return (unsigned)GET(c, s ? GEN_F_SRC1_FILE : GEN_F_SRC0_FILE);
}

static bool decode_imm(struct dctx *c, unsigned s, struct gen_opnd *o)
{
	o->kind = GEN_OPND_IMM;
	if (!reg_type(c, s ? GEN_F_SRC1_TYPE : GEN_F_SRC0_TYPE, true, &o->type))
		return false;
	if (gen_type_size(o->type) == 8)
		o->imm = GET(c, GEN_F_IMM64);
	else
		o->imm = GET(c, GEN_F_IMM32);
	return true;
}

struct src_fields {
	enum gen_field type, amode, reg, sub, ia_sub, ia_imm, abs, neg;
	enum gen_field hs, w, vs, a16_sub, a16_swz, a16_ia_imm;
};

static const struct src_fields srcf[2] = {
	{ GEN_F_SRC0_TYPE, GEN_F_SRC0_ADDR_MODE, GEN_F_SRC0_REG,
	  GEN_F_SRC0_SUBREG, GEN_F_SRC0_IA_SUB, GEN_F_SRC0_IA_IMM,
	  GEN_F_SRC0_ABS, GEN_F_SRC0_NEG, GEN_F_SRC0_HSTRIDE, GEN_F_SRC0_WIDTH,
	  GEN_F_SRC0_VSTRIDE, GEN_F_SRC0_A16_SUBREG, GEN_F_SRC0_A16_SWIZZLE,
	  GEN_F_SRC0_A16_IA_IMM },
	{ GEN_F_SRC1_TYPE, GEN_F_SRC1_ADDR_MODE, GEN_F_SRC1_REG,
	  GEN_F_SRC1_SUBREG, GEN_F_SRC1_IA_SUB, GEN_F_SRC1_IA_IMM,
	  GEN_F_SRC1_ABS, GEN_F_SRC1_NEG, GEN_F_SRC1_HSTRIDE, GEN_F_SRC1_WIDTH,
	  GEN_F_SRC1_VSTRIDE, GEN_F_SRC1_A16_SUBREG, GEN_F_SRC1_A16_SWIZZLE,
	  GEN_F_SRC1_A16_IA_IMM },
};

static bool decode_region(struct dctx *c, const struct src_fields *f,
                          struct gen_opnd *o)
{
	unsigned vs = (unsigned)GET(c, f->vs), w = (unsigned)GET(c, f->w);
	if (vs_vals[vs] == 0xFF)
		return dec_fail(c, f->vs, "reserved value %u", vs);
	if (w > 4)
		return dec_fail(c, f->w, "reserved value %u", w);
	o->rgn.vs = vs_vals[vs];
	o->rgn.w = (uint8_t)(1u << w);
	o->rgn.hs = hs_vals[GET(c, f->hs)];
	return true;
}

static void decode_mods(struct dctx *c, enum gen_field abs, enum gen_field neg,
                        struct gen_opnd *o)
{
	if (!(c->oi->attrs & GEN_OA_SRCMOD))
		return;
	o->mods = (uint8_t)((GET(c, abs) ? GEN_MOD_ABS : 0) |
	                    (GET(c, neg) ? GEN_MOD_NEG : 0));
}

static bool src_a1(struct dctx *c, const struct src_fields *f, unsigned file,
                   struct gen_opnd *o)
{
	if (!reg_type(c, f->type, false, &o->type) || !decode_region(c, f, o))
		return false;
	if (GET(c, f->amode)) {
		o->kind = GEN_OPND_INDIRECT;
		o->rn = GEN_RN_GRF;
		o->ia_sub = (uint8_t)GET(c, f->ia_sub);
		o->ia_imm = sext10(GET(c, f->ia_imm));
		return true;
	}
	o->kind = GEN_OPND_DIRECT;
	if (!decode_reg(c, f->reg, file, (unsigned)GET(c, f->reg), o))
		return false;
	o->sub = (uint16_t)GET(c, f->sub);
	if (dec_is_macro(c)) {
		/* Gen11: the subregister field names the macro register */
		if (c->e < GEN_ENC_GEN11)
			return dec_fail(c, GEN_F_ACCESS_MODE, "math macro operands "
			                "need Align16 before Gen11");
		o->kind = GEN_OPND_MACRO;
		o->mme = (uint8_t)o->sub;
		o->sub = 0;
		if (o->mme > GEN_MME_NOMME)
			return dec_fail(c, f->sub, "invalid math macro register");
	}
	return true;
}

static bool src_a16(struct dctx *c, const struct src_fields *f, unsigned file,
                    struct gen_opnd *o)
{
	if (!reg_type(c, f->type, false, &o->type))
		return false;
	unsigned vs = vs_vals[GET(c, f->vs)];
	o->rgn = (struct gen_region){ 1, 1, 0 };
	if (GET(c, f->amode)) {
		o->kind = GEN_OPND_INDIRECT;
		o->rn = GEN_RN_GRF;
		o->ia_sub = (uint8_t)GET(c, f->ia_sub);
		o->ia_imm = sext10(GET(c, f->a16_ia_imm));
		return true;
	}
	o->kind = GEN_OPND_DIRECT;
	if (!decode_reg(c, f->reg, file, (unsigned)GET(c, f->reg), o))
		return false;
	if (dec_is_macro(c)) {
		bool df = o->type == GEN_TYPE_DF;
		if (!((vs == 2 && df) || (vs == 4 && !df)))
			return dec_fail(c, f->vs, "Align16 macro operand stride %u", vs);
		o->kind = GEN_OPND_MACRO;
		o->mme = (uint8_t)(GET(c, f->a16_swz) & 0xF);
		if (o->mme > GEN_MME_NOMME)
			return dec_fail(c, f->a16_swz, "invalid math macro register");
		return true;
	}
	if (vs != 4)
		return dec_fail(c, f->vs, "Align16 operand has no Align1 form");
	o->sub = (uint16_t)GET(c, f->a16_sub);
	o->swizzle = (uint8_t)GET(c, f->a16_swz);
	return true;
}

bool dec_src(struct dctx *c, unsigned from, unsigned to)
{
	struct gen_opnd *o = &c->in->src[to];
	const struct src_fields *f = &srcf[from];
	unsigned file = src_file(c, from);
	if (file == 3) {
		if (!decode_imm(c, from, o))
			return false;
		/* a 64-bit immediate fills both dwords: src0 of a unary op only */
		if (from == 1 && gen_type_size(o->type) == 8)
			return dec_fail(c, GEN_F_SRC1_TYPE, "64-bit immediate in src1");
		return true;
	}
	if (file == 2)
		return dec_fail(c, from ? GEN_F_SRC1_FILE : GEN_F_SRC0_FILE,
		                "reserved register file 2");
	bool movi = c->in->op == GEN_OP_MOVI;
	/* Gen8-11: src1 is a GRF or an immediate (GED rejects ARF there);
	 * movi's src1 is an immediate or null */
	if (from == 1 && file == 0 && c->e != GEN_ENC_GEN12 && !movi)
		return dec_fail(c, GEN_F_SRC1_FILE, "src1 cannot be an ARF");
	if (from == 1 && file == 1 && movi && c->e == GEN_ENC_GEN11)
		return dec_fail(c, GEN_F_SRC1_FILE, "movi src1 is an immediate or "
		                "null");
	/* math operands are direct (GED rejects indirect ones) */
	if (c->in->op == GEN_OP_MATH && GET(c, f->amode))
		return dec_fail(c, f->amode, "indirect math operand");
	decode_mods(c, f->abs, f->neg, o);
	if (c->in->access == GEN_ALIGN16)
		return src_a16(c, f, file, o);
	return src_a1(c, f, file, o);
}

static bool dst_file(struct dctx *c, unsigned *file)
{
	*file = (unsigned)GET(c, GEN_F_DST_FILE);
	if (*file > 1)
		return dec_fail(c, GEN_F_DST_FILE, "invalid register file %u",
		                *file);
	return true;
}

/* Align16 ChanEn names the math macro register: mme0-7, 1000b nomme. */
static bool chan_en_mme(struct dctx *c, enum gen_field f, struct gen_opnd *o)
{
	unsigned ce = (unsigned)GET(c, f);
	if (ce > 8)
		return dec_fail(c, f, "invalid math macro register");
	o->kind = GEN_OPND_MACRO;
	o->mme = (uint8_t)ce;
	return true;
}

static bool dst_a16(struct dctx *c, struct gen_opnd *o, unsigned file)
{
	o->rgn.hs = 1;
	if (GET(c, GEN_F_DST_ADDR_MODE)) {
		if (GET(c, GEN_F_DST_A16_CHAN_EN) != 0xF)
			return dec_fail(c, GEN_F_DST_A16_CHAN_EN, "only .xyzw has an "
			                "Align1 form");
		o->kind = GEN_OPND_INDIRECT;
		o->rn = GEN_RN_GRF;
		o->ia_sub = (uint8_t)GET(c, GEN_F_DST_IA_SUB);
		o->ia_imm = sext10(GET(c, GEN_F_DST_A16_IA_IMM));
		return true;
	}
	o->kind = GEN_OPND_DIRECT;
	if (!decode_reg(c, GEN_F_DST_REG, file, (unsigned)GET(c, GEN_F_DST_REG), o))
		return false;
	if (dec_is_macro(c))
		return chan_en_mme(c, GEN_F_DST_A16_CHAN_EN, o);
	if (GET(c, GEN_F_DST_A16_CHAN_EN) != 0xF)
		return dec_fail(c, GEN_F_DST_A16_CHAN_EN, "only .xyzw has an Align1 "
		                "form");
	o->sub = (uint16_t)GET(c, GEN_F_DST_A16_SUBREG);
	return true;
}

bool dec_dst(struct dctx *c)
{
	struct gen_opnd *o = &c->in->dst;
	unsigned file = 1;
	bool sat_ok = (c->oi->attrs & GEN_OA_SAT) &&
	              !(c->in->op == GEN_OP_MACH && c->e == GEN_ENC_GEN12);
	c->in->sat = sat_ok && GET(c, GEN_F_SATURATE);
	bool indirect = GET(c, GEN_F_DST_ADDR_MODE) != 0;
	if (!reg_type(c, GEN_F_DST_TYPE, false, &o->type) ||
	    (!indirect && !dst_file(c, &file)))
		return false;
	if (indirect && c->in->op == GEN_OP_MATH)
		return dec_fail(c, GEN_F_DST_ADDR_MODE, "indirect math operand");
	if (c->in->access == GEN_ALIGN16)
		return dst_a16(c, o, file);
	o->rgn.hs = hs_vals[GET(c, GEN_F_DST_HSTRIDE)];
	if (GET(c, GEN_F_DST_ADDR_MODE)) {
		o->kind = GEN_OPND_INDIRECT;
		o->rn = GEN_RN_GRF;
		o->ia_sub = (uint8_t)GET(c, GEN_F_DST_IA_SUB);
		o->ia_imm = sext10(GET(c, GEN_F_DST_IA_IMM));
		return true;
	}
	o->kind = GEN_OPND_DIRECT;
	if (!decode_reg(c, GEN_F_DST_REG, file, (unsigned)GET(c, GEN_F_DST_REG), o))
		return false;
	o->sub = (uint16_t)GET(c, GEN_F_DST_SUBREG);
	if (dec_is_macro(c)) {
		if (c->e < GEN_ENC_GEN11)
			return dec_fail(c, GEN_F_ACCESS_MODE, "math macro operands "
			                "need Align16 before Gen11");
		o->kind = GEN_OPND_MACRO;
		o->mme = (uint8_t)o->sub;
		o->sub = 0;
		if (o->mme > GEN_MME_NOMME)
			return dec_fail(c, GEN_F_DST_SUBREG, "invalid math macro "
			                "register");
	}
	return true;
}

/* ---- 3-src Align16 (Gen8/9) ------------------------------------------ */

struct t16 {
	enum gen_field reg, abs, neg, rep, swz, sub;
};

static const struct t16 t16f[3] = {
	{ GEN_F_T_SRC0_REG, GEN_F_T_SRC0_ABS, GEN_F_T_SRC0_NEG,
	  GEN_F_A16_SRC0_REP, GEN_F_A16_SRC0_SWIZZLE, GEN_F_A16_SRC0_SUBREG },
	{ GEN_F_T_SRC1_REG, GEN_F_T_SRC1_ABS, GEN_F_T_SRC1_NEG,
	  GEN_F_A16_SRC1_REP, GEN_F_A16_SRC1_SWIZZLE, GEN_F_A16_SRC1_SUBREG },
	{ GEN_F_T_SRC2_REG, GEN_F_T_SRC2_ABS, GEN_F_T_SRC2_NEG,
	  GEN_F_A16_SRC2_REP, GEN_F_A16_SRC2_SWIZZLE, GEN_F_A16_SRC2_SUBREG },
};

static bool a16_type(struct dctx *c, enum gen_field f, uint8_t *t)
{
	unsigned code = (unsigned)GET(c, f);
	*t = plat_a16_types[code];
	if (*t == GEN_TYPE_INVALID)
		return dec_fail(c, f, "reserved 3-src type code %u", code);
	return true;
}

/* xyzw, or for 64-bit types also xyxy / zwzw (scalar). */
static bool t16_region(struct dctx *c, unsigned s, struct gen_opnd *o)
{
	const struct t16 *f = &t16f[s];
	if (GET(c, f->rep)) {
		o->rep = true;
		o->rgn = s == 2 ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 0 }
		                : (struct gen_region){ 0, GEN_RGN_NONE, 0 };
		return true;
	}
	unsigned swz = (unsigned)GET(c, f->swz);
	o->swizzle = (uint8_t)swz;
	bool b64 = gen_type_size(o->type) == 8;
	bool scalar = b64 && (swz == 0x44 || swz == 0xEE);
	if (swz != 0xE4 && !scalar)
		return dec_fail(c, f->swz, "swizzle 0x%02X has no Align1 form", swz);
	if (scalar && o->type == GEN_TYPE_DF) {
		if (swz == 0xEE)
			o->sub = (uint16_t)(o->sub + 8);
		o->rgn = s == 2 ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 0 }
		                : (struct gen_region){ 0, GEN_RGN_NONE, 0 };
	} else {
		o->rgn = s == 2 ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 1 }
		                : (struct gen_region){ 2, GEN_RGN_NONE, 1 };
	}
	return true;
}

static bool t16_src(struct dctx *c, unsigned s, uint8_t shared)
{
	const struct t16 *f = &t16f[s];
	struct gen_opnd *o = &c->in->src[s];
	o->type = shared;
	/* Gen9 mixed mode: src1/src2 pick F or HF on their own */
	bool fl = shared == GEN_TYPE_F || shared == GEN_TYPE_HF;
	if (s && fl && gen_has_field(c->e, GEN_F_A16_SRC1_HF))
		o->type = GET(c, s == 1 ? GEN_F_A16_SRC1_HF : GEN_F_A16_SRC2_HF)
		          ? GEN_TYPE_HF : GEN_TYPE_F;
	decode_mods(c, f->abs, f->neg, o);
	o->kind = GEN_OPND_DIRECT;
	o->rn = GEN_RN_GRF;
	o->nr = (uint16_t)GET(c, f->reg);
	if (dec_is_macro(c)) {
		o->kind = GEN_OPND_MACRO;
		o->mme = (uint8_t)(GET(c, f->swz) & 0xF);
		/* with RepCtrl set iga64 shows mme4 whatever ChanSel holds */
		if (GET(c, f->rep))
			o->mme = 4;
		if (o->mme > GEN_MME_NOMME)
			return dec_fail(c, f->swz, "invalid math macro register");
		return true;
	}
	o->sub = (uint16_t)GET(c, f->sub);
	return t16_region(c, s, o);
}

/* SIMD2/SIMD4 with a partial ChanEn is IGA's scalar form: SIMD1 with
 * the subregister moved to the enabled channel. */
static bool t16_dst_chan(struct dctx *c, struct gen_opnd *o)
{
	struct gen_inst *in = c->in;
	unsigned ce = (unsigned)GET(c, GEN_F_A16_DST_CHAN_EN);
	unsigned sz = gen_type_size(o->type);
	if (ce == 0xF)
		return true;
	if (in->exec_size == 2 && o->type == GEN_TYPE_DF && (ce == 3 || ce == 12)) {
		in->exec_size = 1;
		o->sub = (uint16_t)(o->sub + (ce == 12 ? sz : 0));
		return true;
	}
	static const int8_t chan[16] = {
		-1, 0, 1, -1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1
	};
	if (in->exec_size == 4 && chan[ce] >= 0) {
		in->exec_size = 1;
		o->sub = (uint16_t)(o->sub + (unsigned)chan[ce] * sz);
		return true;
	}
	return dec_fail(c, GEN_F_A16_DST_CHAN_EN, "write mask 0x%X has no Align1 "
	                "form", ce);
}

bool dec_ternary_a16(struct dctx *c)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *d = &in->dst;
	uint8_t st;
	in->nsrc = 3;
	in->sat = (c->oi->attrs & GEN_OA_SAT) && GET(c, GEN_F_SATURATE);
	if (!a16_type(c, GEN_F_A16_DST_TYPE, &d->type) ||
	    !a16_type(c, GEN_F_A16_SRC_TYPE, &st))
		return false;
	d->kind = GEN_OPND_DIRECT;
	d->rn = GEN_RN_GRF;
	d->nr = (uint16_t)GET(c, GEN_F_T_DST_REG);
	d->rgn.hs = 1;
	if (dec_is_macro(c)) {
		if (!chan_en_mme(c, GEN_F_A16_DST_CHAN_EN, d))
			return false;
	} else {
		d->sub = (uint16_t)GET(c, GEN_F_A16_DST_SUBREG);
		if (!t16_dst_chan(c, d))
			return false;
	}
	for (unsigned s = 0; s < 3; s++)
		if (!t16_src(c, s, st))
			return false;
	return true;
}

/* ---- 3-src Align1 (Gen11/12) ----------------------------------------- */

struct t1 {
	enum gen_field file, is_imm, type, vs, hs, sub, imm, reg, abs, neg;
};

static const struct t1 t1f[3] = {
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

static bool a1_type(struct dctx *c, enum gen_field f, uint8_t *t)
{
	unsigned code = (unsigned)GET(c, f);
	*t = plat_a1_types[c->e][c->in->exec_type][code];
	if (*t == GEN_TYPE_INVALID)
		return dec_fail(c, f, "reserved 3-src type code %u", code);
	return true;
}

/* Gen11: src0/src2 bit 1 = immediate, src1 bit 1 = accumulator (ARF);
 * Gen12: IsImm bits, file bit 0 = ARF, 1 = GRF.  Returns 0 ARF, 1 GRF,
 * 3 immediate. */
static unsigned t1_file(struct dctx *c, unsigned s)
{
	const struct t1 *f = &t1f[s];
	unsigned bit = (unsigned)GET(c, f->file);
	if (c->e == GEN_ENC_GEN12) {
		if (s != 1 && GET(c, f->is_imm))
			return 3;
		return bit;
	}
	if (s == 1)
		return bit ? 0 : 1;
	return bit ? 3 : 1;
}

static bool t1_src(struct dctx *c, unsigned s)
{
	static const uint8_t vs11[4] = { 0, 2, 4, 8 }, vs12[4] = { 0, 1, 4, 8 };
	const struct t1 *f = &t1f[s];
	struct gen_opnd *o = &c->in->src[s];
	unsigned file = t1_file(c, s);
	if (!a1_type(c, f->type, &o->type))
		return false;
	if (file == 3) {
		o->kind = GEN_OPND_IMM;
		o->imm = GET(c, f->imm);
		/* 16-bit immediate, sign-extended for signed integer types */
		if (o->type == GEN_TYPE_D || o->type == GEN_TYPE_Q)
			o->imm = (uint64_t)(int64_t)(int16_t)o->imm;
		return true;
	}
	decode_mods(c, f->abs, f->neg, o);
	o->kind = GEN_OPND_DIRECT;
	if (!decode_reg(c, f->reg, file, (unsigned)GET(c, f->reg), o))
		return false;
	o->sub = (uint16_t)GET(c, f->sub);
	if (dec_is_macro(c)) {
		o->kind = GEN_OPND_MACRO;
		o->mme = (uint8_t)(o->sub >> 1);
		o->sub = 0;
		return o->mme <= GEN_MME_NOMME ||
		       dec_fail(c, f->sub, "invalid math macro register");
	}
	unsigned vs = s == 2 ? GEN_RGN_NONE : (unsigned)GET(c, f->vs);
	if (s != 2)
		vs = c->e == GEN_ENC_GEN12 ? vs12[vs] : vs11[vs];
	o->rgn = (struct gen_region){ (uint8_t)vs, GEN_RGN_NONE,
	                              hs_vals[GET(c, f->hs)] };
	return true;
}

bool dec_ternary_a1(struct dctx *c)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *d = &in->dst;
	in->nsrc = 3;
	in->exec_type = (uint8_t)GET(c, GEN_F_A1_EXEC_TYPE);
	in->sat = (c->oi->attrs & GEN_OA_SAT) && GET(c, GEN_F_SATURATE);
	if (!a1_type(c, GEN_F_A1_DST_TYPE, &d->type))
		return false;
	unsigned file = (unsigned)GET(c, GEN_F_A1_DST_FILE);
	if (c->e == GEN_ENC_GEN11)
		file = !file;  /* Gen11: 1 = accumulator */
	d->kind = GEN_OPND_DIRECT;
	if (!decode_reg(c, GEN_F_T_DST_REG, file,
	                (unsigned)GET(c, GEN_F_T_DST_REG), d))
		return false;
	d->rgn.hs = (uint8_t)(GET(c, GEN_F_A1_DST_HSTRIDE) + 1);
	d->sub = (uint16_t)GET(c, GEN_F_A1_DST_SUBREG);
	if (dec_is_macro(c)) {
		d->kind = GEN_OPND_MACRO;
		d->sub = 0;
		d->mme = (uint8_t)GET(c, GEN_F_A1_SPECIAL_ACC);
		if (d->mme > GEN_MME_NOMME)
			return dec_fail(c, GEN_F_A1_SPECIAL_ACC, "invalid math macro "
			                "register");
	}
	for (unsigned s = 0; s < 3; s++)
		if (!t1_src(c, s))
			return false;
	return true;
}

/* ---- SEND ---------------------------------------------------------- */

static bool send_descs(struct dctx *c)
{
	struct gen_inst *in = c->in;
	bool gen12 = c->e == GEN_ENC_GEN12, sends = c->oi->fmt == GEN_FMT_SENDS;
	if (sends || gen12)
		in->desc.is_reg = GET(c, GEN_F_SEND_DESC_IS_REG) != 0;
	else
		in->desc.is_reg = GET(c, GEN_F_SRC1_FILE) != 3;
	if (!in->desc.is_reg)
		in->desc.imm = (uint32_t)GET(c, GEN_F_SEND_DESC);
	if ((sends || gen12) && GET(c, GEN_F_SEND_EXDESC_IS_REG)) {
		in->exdesc.is_reg = true;
		in->exdesc.a0_sub = (uint8_t)GET(c, GEN_F_SEND_EXDESC_IA_SUB);
	} else if (gen12) {
		in->exdesc.imm = (uint32_t)GET(c, GEN_F_SEND_EXDESC);
	} else {
		/* before Gen12 IGA shows SFID in ExDesc[3:0] and EOT in [5] */
		uint32_t v = (uint32_t)GET(c, GEN_F_COND_MOD);
		if (GET(c, GEN_F_EOT))
			v |= 0x20;
		if (sends)
			v |= (uint32_t)GET(c, GEN_F_SENDS_EXDESC);
		else if (gen_has_field(c->e, GEN_F_SEND_EXDESC))
			v |= (uint32_t)GET(c, GEN_F_SEND_EXDESC);
		in->exdesc.imm = v;
	}
	in->sfid = (uint8_t)GET(c, GEN_F_COND_MOD);
	/* Gen12 SFIDs 1, 14, 15 are reserved (GED rejects them) */
	if (gen12 && (in->sfid == 1 || in->sfid >= 14))
		return dec_fail(c, GEN_F_COND_MOD, "reserved SFID %u", in->sfid);
	if (!in->desc.is_reg) {
		in->src0_len = (uint8_t)((in->desc.imm >> 25) & 0xF);
		in->dst_len = (uint8_t)((in->desc.imm >> 20) & 0x1F);
	}
	if (!in->exdesc.is_reg)
		in->src1_len = (uint8_t)((in->exdesc.imm >> 6) & 0x1F);
	/* send before Gen12: the descriptor is src1, an immediate or a0.0 */
	unsigned f1 = (unsigned)GET(c, GEN_F_SRC1_FILE);
	if (!sends && !gen12 && f1 != 0 && f1 != 3)
		return dec_fail(c, GEN_F_SRC1_FILE, "descriptor must be an "
		                "immediate or a0.0");
	return true;
}

static bool send_dst(struct dctx *c)
{
	struct gen_opnd *o = &c->in->dst;
	bool sends = c->oi->fmt == GEN_FMT_SENDS;
	/* send: two-bit Dst.RegFile; sends: bit 35 (bit 36 is Src1.RegFile) */
	enum gen_field ff = sends || c->e == GEN_ENC_GEN12 ? GEN_F_SEND_DST_FILE
	                                                   : GEN_F_DST_FILE;
	unsigned file = (unsigned)GET(c, ff);
	if (c->e == GEN_ENC_GEN12)
		o->type = GEN_TYPE_UB;
	else if (!reg_type(c, GEN_F_DST_TYPE, false, &o->type))
		return false;
	o->rgn.hs = 1;
	if (c->e != GEN_ENC_GEN12 && GET(c, GEN_F_DST_ADDR_MODE)) {
		if (file != 1)
			return dec_fail(c, ff, "indirect SEND destination must be "
			                "a GRF");
		o->kind = GEN_OPND_INDIRECT;
		o->rn = GEN_RN_GRF;
		o->ia_sub = (uint8_t)GET(c, GEN_F_DST_IA_SUB);
		o->ia_imm = sext10(GET(c, sends ? GEN_F_SENDS_DST_IA_IMM
		                                : GEN_F_DST_IA_IMM));
		if (!sends)
			o->rgn.hs = hs_vals[GET(c, GEN_F_DST_HSTRIDE)];
		return true;
	}
	o->kind = GEN_OPND_DIRECT;
	return decode_reg(c, GEN_F_DST_REG, file > 1 ? 2 : file,
	                  (unsigned)GET(c, GEN_F_DST_REG), o);
}

/* sends src0 is always a GRF of type :ud (no file or type field) */
static bool sends_src0(struct dctx *c, struct gen_opnd *o)
{
	o->type = GEN_TYPE_UD;
	o->rgn = (struct gen_region){ 0, 1, 0 };
	o->rn = GEN_RN_GRF;
	if (GET(c, GEN_F_SRC0_ADDR_MODE)) {
		o->kind = GEN_OPND_INDIRECT;
		o->ia_sub = (uint8_t)GET(c, GEN_F_SRC0_IA_SUB);
		o->ia_imm = sext10(GET(c, GEN_F_SENDS_SRC0_IA_IMM));
		return true;
	}
	o->kind = GEN_OPND_DIRECT;
	o->nr = (uint16_t)GET(c, GEN_F_SRC0_REG);
	return true;
}

static bool send_src0(struct dctx *c)
{
	struct gen_opnd *o = &c->in->src[0];
	if (c->oi->fmt == GEN_FMT_SENDS && c->e != GEN_ENC_GEN12)
		return sends_src0(c, o);
	unsigned file = (unsigned)GET(c, GEN_F_SRC0_FILE);
	if (c->e != GEN_ENC_GEN12 && file == 1 && GET(c, GEN_F_SRC0_ADDR_MODE)) {
		if (!dec_src(c, 0, 0))
			return false;
		o->rgn = (struct gen_region){ 0, 1, 0 };
		return true;
	}
	if (c->e == GEN_ENC_GEN12)
		o->type = GEN_TYPE_UB;
	else if (!reg_type(c, GEN_F_SRC0_TYPE, false, &o->type))
		return false;
	o->kind = GEN_OPND_DIRECT;
	o->rgn = (struct gen_region){ 0, 1, 0 };
	/* BDW encodes a real src0 region (iga64 reads it, prints none) */
	if (c->e == GEN_ENC_GEN8 && !decode_region(c, &srcf[0], o))
		return false;
	return decode_reg(c, GEN_F_SRC0_REG, file, (unsigned)GET(c, GEN_F_SRC0_REG),
	                  o);
}

bool dec_send(struct dctx *c)
{
	struct gen_inst *in = c->in;
	bool binary = c->oi->fmt == GEN_FMT_SENDS || c->e == GEN_ENC_GEN12;
	if (!send_descs(c))
		return false;
	in->nsrc = binary ? 2 : 1;
	if (!send_dst(c) || !send_src0(c))
		return false;
	if (binary) {
		struct gen_opnd *o = &in->src[1];
		o->kind = GEN_OPND_DIRECT;
		o->type = c->e == GEN_ENC_GEN12 ? GEN_TYPE_UB : GEN_TYPE_INVALID;
		o->rgn = (struct gen_region){ 0, 1, 0 };
		if (!decode_reg(c, GEN_F_SEND_SRC1_REG,
		                (unsigned)GET(c, GEN_F_SEND_SRC1_FILE),
		                (unsigned)GET(c, GEN_F_SEND_SRC1_REG), o))
			return false;
		if (o->rn == GEN_RN_NULL)
			in->src1_len = in->exdesc.is_reg ? 0 : in->src1_len;
	}
	return true;
}

/* ---- sync (Gen12) ---------------------------------------------------- */

bool dec_sync(struct dctx *c)
{
	struct gen_inst *in = c->in;
	in->nsrc = 1;
	if (!GET(c, GEN_F_SRC0_IS_IMM) && GET(c, GEN_F_SRC0_FILE))
		return dec_fail(c, GEN_F_SRC0_FILE, "sync takes null or an "
		                "immediate");
	if (!GET(c, GEN_F_SRC0_IS_IMM)) {
		struct gen_opnd *o = &in->src[0];
		o->kind = GEN_OPND_DIRECT;
		o->rn = GEN_RN_NULL;
		o->type = GEN_TYPE_UB;
		o->rgn = (struct gen_region){ 0, 1, 0 };
		return true;
	}
	return dec_src(c, 0, 0);
}
