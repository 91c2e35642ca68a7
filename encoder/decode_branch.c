/*
 * decode_branch.c - branch instructions: JIP/UIP become absolute label
 * targets, register forms become register sources.
 *
 * Offsets are signed bytes relative to the branch itself, except jmpi
 * before Gen12, which counts from the next instruction (IGA adds the
 * instruction's own size), and calla, whose target is absolute.
 * Gen8-11 keep typed operands (jmpi/call take the label type from src1);
 * Gen12 branches have no types and take registers in src0.
 *
 * Sources: GEN-FACTS.md 2.5 (offsets, verified with iga64 on all four
 * encodings); IGC visa/iga/IGALibrary/Backend/GED/Decoder.cpp
 * decodeBranchInstruction(), decodeBranchSimplifiedInstruction().
 */
#include "config.h"

#include "decode_priv.h"

static void label(struct dctx *c, unsigned s, int64_t off, uint8_t type)
{
	struct gen_opnd *o = &c->in->src[s];
	int64_t target = c->in->op == GEN_OP_CALLA ? off
	                 : (int64_t)c->in->pc + off;
	o->kind = GEN_OPND_LABEL;
	o->type = type;
	o->imm = (uint64_t)target;
}

static uint8_t imm_type(struct dctx *c, enum gen_field f)
{
	return plat_imm_types[c->e][GET(c, f)];
}

/* Gen8-11 */
static bool branch_typed(struct dctx *c)
{
	struct gen_inst *in = c->in;
	int32_t jip = (int32_t)GET(c, GEN_F_JIP), uip = (int32_t)GET(c, GEN_F_UIP);
	bool src1_imm = GET(c, GEN_F_SRC1_FILE) == 3;
	bool src0_imm = GET(c, GEN_F_SRC0_FILE) == 3;
	in->jip = jip;
	in->uip = uip;
	in->nsrc = 1;
	switch (c->oi->fmt) {
	case GEN_FMT_JMPI:
		if (!src1_imm)
			return dec_src(c, 1, 0);
		/* in 64 bits: a JIP near INT32_MAX must not overflow */
		label(c, 0, (int64_t)jip + in->length, imm_type(c, GEN_F_SRC1_TYPE));
		return true;
	case GEN_FMT_RET:
		return dec_src(c, 0, 0);
	case GEN_FMT_CALL:
		if (!dec_dst(c))
			return false;
		if (!src1_imm)
			return dec_src(c, 1, 0);
		label(c, 0, jip, imm_type(c, GEN_F_SRC1_TYPE));
		return true;
	case GEN_FMT_BRD: case GEN_FMT_BRC:
		/* brc reg64 has one source: IGA adds an implicit null src1
		 * but counts and prints only the register
		 * (Instruction::getSourceCount) */
		if (!src0_imm)
			return dec_src(c, 0, 0);
		if (c->oi->fmt == GEN_FMT_BRC)
			in->nsrc = 2;
		label(c, 0, jip, imm_type(c, GEN_F_SRC0_TYPE));
		if (in->nsrc == 2)
			label(c, 1, uip, imm_type(c, GEN_F_SRC0_TYPE));
		return true;
	default:
		label(c, 0, jip, GEN_TYPE_INVALID);
		if (c->oi->fmt == GEN_FMT_JMP_JIP_UIP) {
			in->nsrc = 2;
			label(c, 1, uip, GEN_TYPE_INVALID);
		}
		return true;
	}
}

/* Gen12: register operands without types; subregisters in bytes. */
static bool branch_reg(struct dctx *c, enum gen_field file_f,
                       enum gen_field reg_f, enum gen_field sub_f,
                       struct gen_opnd *o)
{
	unsigned num = (unsigned)GET(c, reg_f);
	o->kind = GEN_OPND_DIRECT;
	o->type = GEN_TYPE_INVALID;
	o->sub = (uint16_t)GET(c, sub_f);
	o->rgn = (struct gen_region){ 1, 1, 0 };
	o->nr = (uint16_t)num;
	if (GET(c, file_f)) {
		o->rn = GEN_RN_GRF;
		return true;
	}
	const struct plat_arf *a = &plat_arfs[num >> 4][c->e];
	if (!a->name || ((num & 0xF) && (num & 0xF) >= a->nregs))
		return dec_fail(c, reg_f, "0x%02X is not a register", num);
	o->rn = a->rn;
	o->nr = (uint16_t)(num & 0xF);
	return true;
}

static bool branch_simple(struct dctx *c)
{
	struct gen_inst *in = c->in;
	int32_t jip = (int32_t)GET(c, GEN_F_JIP), uip = (int32_t)GET(c, GEN_F_UIP);
	enum gen_fmt f = (enum gen_fmt)c->oi->fmt;
	bool unary = f != GEN_FMT_JMP_JIP_UIP && f != GEN_FMT_BRC;
	bool reg = !GET(c, GEN_F_SRC0_IS_IMM);
	in->jip = jip;
	in->uip = uip;
	in->nsrc = unary ? 1 : 2;
	if (f == GEN_FMT_CALL) {
		if (!branch_reg(c, GEN_F_DST_FILE, GEN_F_DST_REG, GEN_F_DST_SUBREG,
		                &in->dst))
			return false;
		in->dst.type = GEN_TYPE_D;
		in->dst.rgn = (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 1 };
	}
	if (reg) {
		if (!branch_reg(c, GEN_F_SRC0_FILE, GEN_F_SRC0_REG, GEN_F_SRC0_SUBREG,
		                &in->src[0]))
			return false;
	} else {
		label(c, 0, jip, GEN_TYPE_INVALID);
	}
	if ((f == GEN_FMT_BRC || f == GEN_FMT_BRD) && reg) {
		in->nsrc = 1;
		return true;
	}
	if (!unary)
		label(c, 1, uip, GEN_TYPE_INVALID);
	return true;
}

bool dec_branch(struct dctx *c)
{
	if (c->in->access == GEN_ALIGN16)
		return dec_fail(c, GEN_F_ACCESS_MODE, "Align16 branch");
	if (c->e == GEN_ENC_GEN12)
		return branch_simple(c);
	return branch_typed(c);
}
