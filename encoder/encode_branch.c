/*
 * encode_branch.c - branch instructions: label targets back to JIP/UIP
 * byte offsets, register forms to register operands.
 *
 * The inverse of decode_branch.c: offsets are relative to the branch
 * (jmpi before Gen12: to the next instruction; calla: absolute).  Gen8-11
 * branches carry IP-typed placeholder operands as IGA writes them: the
 * jump immediates are :d immediates, dst <1>.  Sources: see
 * decode_branch.c; placeholder values from re-encoding the corpus.
 */
#include "config.h"

#include "encode_priv.h"

static int32_t offset(const struct ectx *c, const struct gen_opnd *o,
                      bool next)
{
	const struct gen_inst *in = c->in;
	int64_t t = (int64_t)o->imm;
	if (in->op == GEN_OP_CALLA)
		return (int32_t)t;
	return (int32_t)(t - in->pc - (next ? in->length : 0));
}

/* Jump immediate written in JIP (src0 or src1 of the 2-src layout). */
static bool jip_imm(struct ectx *c, unsigned s, const struct gen_opnd *o,
                    bool next)
{
	enum gen_field ff = s ? GEN_F_SRC1_FILE : GEN_F_SRC0_FILE;
	enum gen_field tf = s ? GEN_F_SRC1_TYPE : GEN_F_SRC0_TYPE;
	unsigned code = 0;
	uint8_t t = o->type == GEN_TYPE_INVALID ? GEN_TYPE_D : o->type;
	for (; code < 16 && plat_imm_types[c->e][code] != t; code++)
		;
	if (code == 16)
		return enc_fail(c, tf, "label type");
	SET(c, ff, 3);
	SET(c, tf, code);
	SET(c, GEN_F_JIP, (uint32_t)offset(c, o, next));
	return true;
}

/* Gen8-11 */
static bool branch_typed(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	const struct gen_opnd *s0 = &in->src[0];
	switch (c->oi->fmt) {
	case GEN_FMT_JMPI:
		SET(c, GEN_F_DST_REG, 0xA0);   /* ip */
		SET(c, GEN_F_SRC0_REG, 0xA0);
		SET(c, GEN_F_DST_HSTRIDE, 1);
		if (s0->kind != GEN_OPND_LABEL)
			return enc_src_as(c, 1, s0);
		return jip_imm(c, 1, s0, true);
	case GEN_FMT_RET:
		SET(c, GEN_F_DST_HSTRIDE, 1);
		return enc_src(c, 0);
	case GEN_FMT_CALL:
		if (!enc_dst(c))
			return false;
		if (s0->kind != GEN_OPND_LABEL)
			return enc_src_as(c, 1, s0);
		/* src0 placeholder region <2;4,1> as in IGC's binaries */
		SET(c, GEN_F_SRC0_VSTRIDE, 2);
		SET(c, GEN_F_SRC0_WIDTH, 2);
		SET(c, GEN_F_SRC0_HSTRIDE, 1);
		return jip_imm(c, 1, s0, false);
	case GEN_FMT_BRD: case GEN_FMT_BRC:
		/* dst ip:d <1>, as IGA's encoder writes it (no corpus
		 * instance shows another convention) */
		SET(c, GEN_F_DST_REG, 0xA0);
		SET(c, GEN_F_DST_TYPE, 1);
		SET(c, GEN_F_DST_HSTRIDE, 1);
		if (s0->kind != GEN_OPND_LABEL)
			return enc_src(c, 0);
		if (!jip_imm(c, 0, s0, false))
			return false;
		if (c->oi->fmt == GEN_FMT_BRC)
			SET(c, GEN_F_UIP, (uint32_t)offset(c, &in->src[1], false));
		return true;
	default:
		/* the jump immediates are :d, JIP in the src1 slot when there is
		 * no UIP; IGC also sets BranchCtrl's bit on every while */
		SET(c, GEN_F_DST_HSTRIDE, 1);
		if (c->oi->fmt == GEN_FMT_JMP_JIP_UIP) {
			SET(c, GEN_F_SRC0_FILE, 3);
			SET(c, GEN_F_SRC0_TYPE, 1);
			SET(c, GEN_F_UIP, (uint32_t)offset(c, &in->src[1], false));
		} else {
			SET(c, GEN_F_SRC1_FILE, 3);
			SET(c, GEN_F_SRC1_TYPE, 1);
		}
		if (in->op == GEN_OP_WHILE)
			SET(c, GEN_F_ACC_WR_EN, 1);
		SET(c, GEN_F_JIP, (uint32_t)offset(c, s0, false));
		return true;
	}
}

static bool gen12_reg(struct ectx *c, enum gen_field file_f, enum gen_field reg_f,
                      enum gen_field sub_f, const struct gen_opnd *o)
{
	unsigned num = o->nr;
	if (o->rn != GEN_RN_GRF) {
		unsigned k = 0;
		for (; k < 16; k++)
			if (plat_arfs[k][c->e].name && plat_arfs[k][c->e].rn == o->rn)
				break;
		if (k == 16)
			return enc_fail(c, reg_f, "register");
		num = (k << 4) | (o->nr & 0xFu);
	}
	SET(c, file_f, o->rn == GEN_RN_GRF);
	SET(c, reg_f, num);
	SET(c, sub_f, o->sub);
	return true;
}

static bool branch_simple(struct ectx *c)
{
	const struct gen_inst *in = c->in;
	const struct gen_opnd *s0 = &in->src[0];
	enum gen_fmt f = (enum gen_fmt)c->oi->fmt;
	if (f == GEN_FMT_CALL &&
	    !gen12_reg(c, GEN_F_DST_FILE, GEN_F_DST_REG, GEN_F_DST_SUBREG,
	               &in->dst))
		return false;
	if (s0->kind == GEN_OPND_LABEL) {
		SET(c, GEN_F_SRC0_IS_IMM, 1);
		SET(c, GEN_F_JIP, (uint32_t)offset(c, s0, false));
	} else if (!gen12_reg(c, GEN_F_SRC0_FILE, GEN_F_SRC0_REG,
	                      GEN_F_SRC0_SUBREG, s0)) {
		return false;
	}
	if (in->nsrc >= 2 && in->src[1].kind == GEN_OPND_LABEL) {
		SET(c, GEN_F_SRC1_IS_IMM, 1);
		SET(c, GEN_F_UIP, (uint32_t)offset(c, &in->src[1], false));
	}
	return true;
}

bool enc_branch(struct ectx *c)
{
	if (c->e == GEN_ENC_GEN12)
		return branch_simple(c);
	return branch_typed(c);
}
