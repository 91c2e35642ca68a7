/*
 * disasm_opnd.c - destination and source operands in IGA syntax.
 *
 * Registers print as name, number (unless the class has a single
 * unnumbered register: null, ce, sp, ip) and ".subreg" in elements of
 * the operand type (bytes for unscaled classes).  Regions, types and
 * subregisters that IGA treats as implied by the operation are left out:
 * SEND operands have neither subregister nor region, macro operands
 * print ".mmeN"/".nomme" instead, branch operands have no region, and a
 * type equal to the implied one (send :ud before Gen12, :ub on Gen12,
 * jmpi/call :d) is not printed.
 *
 * Sources: IGC visa/iga/IGALibrary/Frontend/Formatter.cpp (formatDstOp,
 * formatSrcOp, formatSourceRegion, formatSourceType), Models/OpSpec.cpp
 * (implicitSrcRegion, implicitSrcTypeVal, implicitDstTypeVal),
 * Models/Models.hpp (BinaryOffsetToSubReg).
 */
#include "config.h"

#include <pthread.h>
#include <string.h>

#include "disasm_priv.h"

bool dis_is_send(const struct gen_inst *in)
{
	uint8_t fmt = gen_op_table[in->op].fmt;
	return fmt == GEN_FMT_SEND || fmt == GEN_FMT_SENDS;
}

bool dis_has_dst(const struct gen_inst *in)
{
	switch (gen_op_table[in->op].fmt) {
	case GEN_FMT_UNARY: case GEN_FMT_BINARY: case GEN_FMT_MATH:
	case GEN_FMT_TERNARY: case GEN_FMT_SEND: case GEN_FMT_SENDS:
	case GEN_FMT_CALL:
		return true;
	default:
		return false;
	}
}

/* jmpi, call, calla, ret, brd, brc: typed branches (OpSpec.cpp) */
static bool is_typed_branch(const struct gen_inst *in)
{
	switch (in->op) {
	case GEN_OP_JMPI: case GEN_OP_CALL: case GEN_OP_CALLA: case GEN_OP_RET:
	case GEN_OP_BRD: case GEN_OP_BRC:
		return true;
	default:
		return false;
	}
}

/* What fmt_reg and fmt_type ask of register classes and types, with the
 * names' lengths: looked up once per process (every operand of every
 * listed instruction asks) from the platform tables. */
struct rn_facts {
	const char *name;
	unsigned char len;
	bool number, subregs, scaled;
};
struct type_facts {
	const char *name;
	unsigned char len;
};
static struct rn_facts rn_facts[GEN_RN_COUNT];
static struct type_facts type_facts[GEN_TYPE_COUNT];
static pthread_once_t facts_once = PTHREAD_ONCE_INIT;

static void build_facts(void)
{
	for (unsigned i = 0; i < GEN_RN_COUNT; i++) {
		enum gen_regname rn = (enum gen_regname)i;
		rn_facts[i] = (struct rn_facts){
			plat_regname(rn), (unsigned char)strlen(plat_regname(rn)),
			plat_reg_has_number(rn), plat_reg_has_subregs(rn),
			plat_reg_is_scaled(rn),
		};
	}
	for (unsigned i = 0; i < GEN_TYPE_COUNT; i++) {
		const char *n = gen_type_name((enum gen_type)i);
		type_facts[i] = (struct type_facts){ n, (unsigned char)strlen(n) };
	}
}

static const struct rn_facts *reg_facts(enum gen_regname rn,
                                        struct rn_facts *other)
{
	if (rn < GEN_RN_COUNT)
		return &rn_facts[rn];
	*other = (struct rn_facts){
		plat_regname(rn), (unsigned char)strlen(plat_regname(rn)),
		plat_reg_has_number(rn), plat_reg_has_subregs(rn),
		plat_reg_is_scaled(rn),
	};
	return other;
}

void dis_facts(struct dfmt *f, const struct gen_inst *in)
{
	pthread_once(&facts_once, build_facts);
	f->send = dis_is_send(in);
	f->branch = gen_op_is_branch(in->op);
	f->typed_branch = is_typed_branch(in);
	f->macro = gen_op_is_macro(in->op, in->fc);
	f->gen12 = f->p->enc == GEN_ENC_GEN12;
}

/* Subregister as IGA counts it: elements of the type for scaled
 * registers, raw bytes otherwise. */
static unsigned subreg_elems(const struct gen_opnd *o, bool scaled,
                             enum gen_type scale)
{
	if (!scaled || scale == GEN_TYPE_INVALID)
		return o->sub;
	return o->sub / gen_type_size(scale);
}

static void fmt_reg(struct dfmt *f, const struct gen_opnd *o, bool subreg,
                    enum gen_type scale)
{
	struct rn_facts other;
	const struct rn_facts *r = reg_facts((enum gen_regname)o->rn, &other);
	unsigned sub = subreg_elems(o, r->scaled, scale);
	tx_mem(f, r->name, r->len);
	if (o->nr != 0 || r->number)
		tx_uint(f, o->nr);
	if ((subreg && r->subregs) || sub != 0) {
		tx_putc(f, '.');
		tx_uint(f, sub);
	}
}

/* A region: "<" the numbers, seps[k] between number k and k + 1, ">"
 * (printf-free: operands are most of a listing). */
static void region(struct dfmt *f, const char *seps, unsigned a, unsigned b,
                   unsigned c)
{
	const unsigned nums[3] = { a, b, c };
	tx_putc(f, '<');
	tx_uint(f, nums[0]);
	for (size_t k = 0; seps[k]; k++) {
		tx_putc(f, seps[k]);
		tx_uint(f, nums[k + 1]);
	}
	tx_putc(f, '>');
}

static void fmt_mme(struct dfmt *f, const struct gen_opnd *o)
{
	if (o->mme == GEN_MME_NOMME)
		tx_puts(f, ".nomme");
	else {
		tx_puts(f, ".mme");
		tx_uint(f, o->mme);
	}
}

static void fmt_indirect(struct dfmt *f, const struct gen_opnd *o)
{
	tx_puts(f, "r[a0.");
	tx_uint(f, o->ia_sub);
	if (o->ia_imm) {
		tx_putc(f, ',');
		tx_int(f, o->ia_imm);
	}
	tx_putc(f, ']');
}

static void fmt_type(struct dfmt *f, uint8_t t)
{
	tx_putc(f, ':');
	if (t < GEN_TYPE_COUNT)
		tx_mem(f, type_facts[t].name, type_facts[t].len);
	else
		tx_puts(f, gen_type_name((enum gen_type)t));
}

/* Type the operation implies for its destination, if any. */
static bool implicit_dst_type(const struct dfmt *f, const struct gen_inst *in,
                              uint8_t *t)
{
	if (in->op == GEN_OP_SEND || in->op == GEN_OP_SENDC) {
		*t = f->gen12 ? GEN_TYPE_UB : GEN_TYPE_UD;
		return true;
	}
	if (f->typed_branch) {
		*t = GEN_TYPE_D;
		return true;
	}
	return false;
}

void dis_dst(struct dfmt *f, const struct gen_inst *in)
{
	const struct gen_opnd *o = &in->dst;
	bool send = f->send, macro = f->macro;
	col_start(f, send ? 7 : 12);
	if (in->sat)
		tx_puts(f, "(sat)");
	if (o->kind == GEN_OPND_INDIRECT) {
		fmt_indirect(f, o);
	} else {
		enum gen_type scale = (enum gen_type)o->type;
		if (scale == GEN_TYPE_INVALID)
			scale = f->branch ? GEN_TYPE_D : GEN_TYPE_UB;
		fmt_reg(f, o, !macro && !send, scale);
		if (o->kind == GEN_OPND_MACRO)
			fmt_mme(f, o);
	}
	bool implicit_rgn = send || f->typed_branch || macro;
	if (!implicit_rgn || o->rgn.hs != 1)
		region(f, "", o->rgn.hs, 0, 0);
	uint8_t it;
	if (!(f->branch && f->gen12) &&
	    !(implicit_dst_type(f, in, &it) && it == o->type))
		fmt_type(f, o->type);
	col_finish(f);
}

/* Does IGA omit this source's region? (OpSpec::implicitSrcRegion) */
static bool implicit_src_region(const struct dfmt *f,
                                const struct gen_inst *in, unsigned s)
{
	if (f->send || f->macro || f->branch)
		return true;
	return s == 0 && in->op == GEN_OP_SYNC;
}

static void fmt_region(struct dfmt *f, const struct gen_inst *in, unsigned s)
{
	const struct gen_region *r = &in->src[s].rgn;
	if (implicit_src_region(f, in, s))
		return;
	if (gen_op_table[in->op].fmt == GEN_FMT_TERNARY) {
		if (r->vs == GEN_RGN_NONE)
			region(f, "", r->hs, 0, 0);
		else
			region(f, ";", r->vs, r->hs, 0);
	} else if (r->vs == GEN_VS_VXH) {
		region(f, ",", r->w, r->hs, 0);
	} else {
		region(f, ";,", r->vs, r->w, r->hs);
	}
}

/* Source type IGA implies (OpSpec::implicitSrcTypeVal); false if none. */
static bool implicit_src_type(const struct dfmt *f, const struct gen_inst *in,
                              unsigned s, bool lbl_or_imm, uint8_t *t)
{
	if (f->typed_branch) {
		if (f->gen12)
			*t = GEN_TYPE_INVALID;
		else if (in->op == GEN_OP_BRC)
			*t = s == 0 || lbl_or_imm ? GEN_TYPE_D : GEN_TYPE_UD;
		else
			*t = GEN_TYPE_D;
		return true;
	}
	if (f->branch) {
		*t = GEN_TYPE_INVALID;
		return true;
	}
	if ((in->op == GEN_OP_SEND || in->op == GEN_OP_SENDC) && !f->gen12) {
		*t = GEN_TYPE_UD;
		return true;
	}
	if (f->send) {
		*t = f->gen12 ? GEN_TYPE_UB
		     : s == 0 ? GEN_TYPE_UD : GEN_TYPE_INVALID;
		return true;
	}
	if (in->op == GEN_OP_SYNC && lbl_or_imm) {
		*t = GEN_TYPE_UD;
		return true;
	}
	return false;
}

static void fmt_src_type(struct dfmt *f, const struct gen_inst *in, unsigned s)
{
	const struct gen_opnd *o = &in->src[s];
	bool lbl = o->kind == GEN_OPND_LABEL || o->kind == GEN_OPND_IMM;
	uint8_t t;
	if (f->branch && f->gen12)
		return;
	if (in->op == GEN_OP_SYNC && o->rn == GEN_RN_NULL &&
	    o->kind == GEN_OPND_DIRECT)
		return;
	if (implicit_src_type(f, in, s, lbl, &t) && t == o->type)
		return;
	fmt_type(f, o->type);
}

static void fmt_imm(struct dfmt *f, const struct gen_opnd *o)
{
	uint64_t v = o->imm;
	switch (o->type) {
	case GEN_TYPE_B:  tx_int(f, (int8_t)v); break;
	case GEN_TYPE_W:  tx_int(f, (int16_t)v); break;
	case GEN_TYPE_D:  tx_int(f, (int32_t)v); break;
	case GEN_TYPE_Q:  tx_int(f, (int64_t)v); break;
	case GEN_TYPE_UB: tx_puts(f, "0x"); tx_hex(f, (uint8_t)v, 0); break;
	case GEN_TYPE_UW: tx_puts(f, "0x"); tx_hex(f, (uint16_t)v, 0); break;
	case GEN_TYPE_UQ: tx_puts(f, "0x"); tx_hex(f, v, 0); break;
	case GEN_TYPE_HF: fmt_f16(f, (uint16_t)v); break;
	case GEN_TYPE_F:  fmt_f32(f, (uint32_t)v); break;
	case GEN_TYPE_DF: fmt_f64(f, v); break;
	default:  /* UD, V, UV, VF */
		tx_puts(f, "0x");
		tx_hex(f, (uint32_t)v, 0);
		break;
	}
}

static void fmt_mods(struct dfmt *f, const struct gen_inst *in,
                     const struct gen_opnd *o)
{
	bool logic = gen_op_table[in->op].attrs & GEN_OA_BITWISE;
	if (o->mods == (GEN_MOD_NEG | GEN_MOD_ABS))
		tx_puts(f, "-(abs)");
	else if (o->mods == GEN_MOD_NEG)
		tx_puts(f, logic ? "~" : "-");
	else if (o->mods == GEN_MOD_ABS)
		tx_puts(f, "(abs)");
}

void dis_src(struct dfmt *f, const struct gen_inst *in, unsigned s)
{
	const struct gen_opnd *o = &in->src[s];
	bool send = f->send, macro = f->macro;
	col_start(f, send ? 6 : 16);
	switch (o->kind) {
	case GEN_OPND_DIRECT: {
		enum gen_type scale = (enum gen_type)o->type;
		if (scale == GEN_TYPE_INVALID)
			scale = f->branch ? GEN_TYPE_D : GEN_TYPE_UB;
		fmt_mods(f, in, o);
		fmt_reg(f, o, !send && !macro, scale);
		fmt_region(f, in, s);
		break;
	}
	case GEN_OPND_MACRO:
		fmt_mods(f, in, o);
		fmt_reg(f, o, false, (enum gen_type)o->type);
		fmt_mme(f, o);
		break;
	case GEN_OPND_INDIRECT:
		fmt_mods(f, in, o);
		fmt_indirect(f, o);
		fmt_region(f, in, s);
		break;
	case GEN_OPND_IMM:
		fmt_imm(f, o);
		break;
	case GEN_OPND_LABEL: {
		int64_t pc = (int64_t)o->imm;
		tx_puts(f, pc < 0 ? "L_N" : "L");
		text_uint(f->t, pc < 0 ? 0 - (uint64_t)pc : (uint64_t)pc);
		break;
	}
	default:
		tx_puts(f, "???");
		break;
	}
	if (!(f->gen12 && o->kind == GEN_OPND_LABEL))
		fmt_src_type(f, in, s);
	col_finish(f);
}
