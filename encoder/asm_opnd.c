/*
 * asm_opnd.c - operands in IGA syntax -> struct gen_opnd.
 *
 * Accepts what disasm.c prints (and iga64 -d): modifiers "-", "~",
 * "(abs)"; registers "rN.S", "acc1.2", "null", "r[a0.N,off]", math-macro
 * "rN.mmeK"/"rN.nomme"; regions "<v;w,h>", "<w,h>" (VxH), "<v;h>",
 * "<h>"; types ":ud" ...; immediates (decimal, 0x-hex, floats as IGA
 * prints them including inf/qnan(0x..)/snan(0x..)); labels; SEND
 * descriptors; sync lists "($1,$3)".  What the syntax leaves out gets
 * the value the decoder would have produced for it (implied regions and
 * types, see disasm_opnd.c).  Subregisters are written in elements and
 * stored in bytes.
 *
 * Sources: IGC visa/iga/IGALibrary/Frontend/KernelParser.cpp (syntax),
 * Floats.cpp (float spellings).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "asm_priv.h"

static bool is_macro(const struct gen_inst *in)
{
	return gen_op_is_macro(in->op, in->fc);
}

static bool is_branching(const struct gen_inst *in)
{
	return gen_op_is_branch(in->op);
}

static bool is_send(const struct gen_inst *in)
{
	return gen_op_is_send(in->op);
}

static bool parse_type(struct actx *c, uint8_t *t)
{
	char name[16];
	if (!asm_ident(c, name, sizeof(name)))
		return asm_fail(c, "type expected");
	for (int i = 0; i < GEN_TYPE_INVALID; i++) {
		if (!strcmp(name, gen_type_name((enum gen_type)i))) {
			*t = (uint8_t)i;
			return true;
		}
	}
	return asm_fail(c, "unknown type :%s", name);
}

/* "rN", "acc1", "null", ... -> name and number */
static bool parse_regname(struct actx *c, struct gen_opnd *o)
{
	char id[ASM_NAME_MAX];
	const char *start = c->at.s;
	size_t n = 0;
	while ((*c->at.s >= 'a' && *c->at.s <= 'z') && n + 1 < sizeof(id))
		id[n++] = *c->at.s++;
	id[n] = 0;
	unsigned num = 0;
	bool has_num = *c->at.s >= '0' && *c->at.s <= '9';
	if (has_num && !asm_uint(c, &num))
		return false;
	for (int rn = 0; rn < GEN_RN_COUNT; rn++) {
		if (strcmp(id, plat_regname((enum gen_regname)rn)))
			continue;
		if (has_num != plat_reg_has_number((enum gen_regname)rn) &&
		    !(has_num && num == 0)) {
			c->at.s = start;
			return asm_fail(c, "bad register %s", id);
		}
		o->rn = (uint8_t)rn;
		o->nr = (uint16_t)num;
		return true;
	}
	c->at.s = start;
	return asm_fail(c, "unknown register '%s'", id);
}

/* Region in angle brackets: up to three numbers with ';' and ','. */
static bool parse_region(struct actx *c, struct gen_region *r, bool *got)
{
	unsigned v[3];
	int n = 0;
	bool semi = false;
	*got = false;
	if (!asm_accept(c, "<"))
		return true;
	for (;;) {
		if (n == 3 || !asm_uint(c, &v[n++]))
			return asm_fail(c, "bad region");
		if (asm_accept(c, ";"))
			semi = true;
		else if (!asm_accept(c, ","))
			break;
	}
	if (!asm_expect(c, ">"))
		return false;
	*got = true;
	if (n == 3)
		*r = (struct gen_region){ (uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2] };
	else if (n == 2 && semi)
		*r = (struct gen_region){ (uint8_t)v[0], GEN_RGN_NONE, (uint8_t)v[1] };
	else if (n == 2)
		*r = (struct gen_region){ GEN_VS_VXH, (uint8_t)v[0], (uint8_t)v[1] };
	else
		*r = (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, (uint8_t)v[0] };
	return true;
}

static void parse_mods(struct actx *c, struct gen_opnd *o)
{
	if (asm_accept(c, "-(abs)"))
		o->mods = GEN_MOD_NEG | GEN_MOD_ABS;
	else if (asm_accept(c, "(abs)"))
		o->mods = GEN_MOD_ABS;
	else if (*c->at.s == '~' || *c->at.s == '-') {
		c->at.s++;
		o->mods = GEN_MOD_NEG;
	}
}

/* A register operand with optional subregister or macro suffix. */
static bool parse_register(struct actx *c, struct gen_opnd *o, unsigned *elem)
{
	*elem = 0;
	if (asm_accept(c, "r[")) {
		unsigned sub;
		int sign = 1;
		o->kind = GEN_OPND_INDIRECT;
		o->rn = GEN_RN_GRF;
		if (!asm_expect(c, "a0.") || !asm_uint(c, &sub))
			return false;
		o->ia_sub = (uint8_t)sub;
		if (asm_accept(c, ",")) {
			unsigned off;
			if (asm_accept(c, "-"))
				sign = -1;
			if (!asm_uint(c, &off))
				return false;
			o->ia_imm = (int16_t)(sign * (int)off);
		}
		return asm_expect(c, "]");
	}
	o->kind = GEN_OPND_DIRECT;
	if (!parse_regname(c, o))
		return false;
	if (asm_accept(c, ".mme")) {
		unsigned m;
		o->kind = GEN_OPND_MACRO;
		if (!asm_uint(c, &m) || m > 7)
			return asm_fail(c, "bad math macro register");
		o->mme = (uint8_t)m;
	} else if (asm_accept(c, ".nomme")) {
		o->kind = GEN_OPND_MACRO;
		o->mme = GEN_MME_NOMME;
	} else if (asm_accept(c, ".")) {
		if (!asm_uint(c, elem))
			return false;
	}
	return true;
}

static void set_sub_bytes(struct gen_opnd *o, unsigned elem)
{
	if (plat_reg_is_scaled((enum gen_regname)o->rn) &&
	    o->type != GEN_TYPE_INVALID)
		o->sub = (uint16_t)(elem * gen_type_size((enum gen_type)o->type));
	else
		o->sub = (uint16_t)elem;
}

/* ---- immediates ---------------------------------------------------- */

static uint16_t float_to_half(float f)
{
	uint32_t x;
	memcpy(&x, &f, sizeof(x));
	uint32_t sign = (x >> 16) & 0x8000, m = x & 0x7FFFFF;
	int e = (int)((x >> 23) & 0xFF) - 127 + 15;
	if (((x >> 23) & 0xFF) == 0xFF)
		return (uint16_t)(sign | 0x7C00 | (m ? 0x200 | (m >> 13) : 0));
	if (e >= 31)
		return (uint16_t)(sign | 0x7C00);
	if (e <= 0) {
		if (e < -10)
			return (uint16_t)sign;
		m |= 0x800000;
		unsigned shift = (unsigned)(14 - e);
		uint32_t h = m >> shift, rem = m & ((1u << shift) - 1);
		uint32_t half = 1u << (shift - 1);
		if (rem > half || (rem == half && (h & 1)))
			h++;
		return (uint16_t)(sign | h);
	}
	uint32_t h = ((uint32_t)e << 10) | (m >> 13), rem = m & 0x1FFF;
	if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
		h++;
	return (uint16_t)(sign | h);
}

/* inf, qnan(0x..), snan(0x..) with an optional '-'; raw bits. */
static bool parse_special(struct actx *c, const char *txt, unsigned mant,
                          unsigned expo, uint64_t *bits)
{
	const char *p = txt;
	bool neg = *p == '-';
	uint64_t sign = neg ? 1ull << (mant + expo) : 0;
	uint64_t exp_all = ((1ull << expo) - 1) << mant;
	p += neg;
	if (!strncmp(p, "inf", 3)) {
		*bits = sign | exp_all;
		return true;
	}
	bool q = !strncmp(p, "qnan(", 5);
	if (!q && strncmp(p, "snan(", 5))
		return false;
	uint64_t payload = strtoull(p + 5, NULL, 16);
	*bits = sign | exp_all | payload | (q ? 1ull << (mant - 1) : 0);
	(void)c;
	return true;
}

static bool imm_float(struct actx *c, const char *txt, struct gen_opnd *o)
{
	static const unsigned mant[3] = { 10, 23, 52 }, expo[3] = { 5, 8, 11 };
	int k = o->type == GEN_TYPE_HF ? 0 : o->type == GEN_TYPE_F ? 1 : 2;
	uint64_t bits;
	if (parse_special(c, txt, mant[k], expo[k], &bits)) {
		o->imm = bits;
	} else if (!strncmp(txt, "0x", 2) || !strncmp(txt, "0X", 2)) {
		o->imm = strtoull(txt, NULL, 16);
	} else {
		char *end;
		double d = strtod(txt, &end);
		if (end == txt)
			return asm_fail(c, "bad number '%s'", txt);
		if (k == 2) {
			memcpy(&bits, &d, sizeof(bits));
		} else if (k == 1) {
			float f = (float)d;
			uint32_t u;
			memcpy(&u, &f, sizeof(u));
			bits = u;
		} else {
			bits = float_to_half((float)d);
		}
		o->imm = bits;
	}
	return true;
}

static bool parse_imm(struct actx *c, struct gen_opnd *o)
{
	char txt[80];
	size_t n = 0;
	while (*c->at.s && *c->at.s != ':' && *c->at.s != ' ' &&
	       *c->at.s != '\t' && n + 1 < sizeof(txt))
		txt[n++] = *c->at.s++;
	txt[n] = 0;
	if (!asm_expect(c, ":") || !parse_type(c, &o->type))
		return false;
	o->kind = GEN_OPND_IMM;
	if (gen_type_is_float((enum gen_type)o->type) && o->type != GEN_TYPE_VF)
		return imm_float(c, txt, o);
	char *end;
	o->imm = txt[0] == '-' ? (uint64_t)strtoll(txt, &end, 0)
	                       : strtoull(txt, &end, 0);
	if (end == txt || *end)
		return asm_fail(c, "bad number '%s'", txt);
	return true;
}

static bool starts_imm(const struct actx *c)
{
	const char *s = c->at.s;
	if (*s == '-' || *s == '+')
		s++;
	return (*s >= '0' && *s <= '9') || !strncmp(s, "inf", 3) ||
	       !strncmp(s, "qnan(", 5) || !strncmp(s, "snan(", 5);
}

/* ---- destination and sources --------------------------------------- */

/* Implied type of an operand whose type the syntax omitted. */
static uint8_t implied_type(const struct actx *c, bool dst, unsigned s)
{
	const struct gen_inst *in = c->in;
	bool gen12 = c->e == GEN_ENC_GEN12;
	if (in->op == GEN_OP_SEND || in->op == GEN_OP_SENDC)
		return gen12 ? GEN_TYPE_UB : GEN_TYPE_UD;
	if (is_send(in))
		return gen12 ? GEN_TYPE_UB : s == 0 && !dst ? GEN_TYPE_UD
		                                            : GEN_TYPE_INVALID;
	if (is_branching(in))
		return gen12 && !dst ? GEN_TYPE_INVALID : GEN_TYPE_D;
	if (in->op == GEN_OP_SYNC)
		return GEN_TYPE_UB;
	return GEN_TYPE_INVALID;
}

bool asm_dst(struct actx *c)
{
	struct gen_opnd *o = &c->in->dst;
	unsigned elem;
	bool got;
	asm_ws(c);
	if (asm_accept(c, "(sat)"))
		c->in->sat = true;
	if (!parse_register(c, o, &elem))
		return false;
	o->rgn = (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 1 };
	if (!parse_region(c, &o->rgn, &got))
		return false;
	o->type = implied_type(c, true, 0);
	if (asm_accept(c, ":") && !parse_type(c, &o->type))
		return false;
	if (o->kind == GEN_OPND_DIRECT && !is_send(c->in))
		set_sub_bytes(o, elem);
	if (o->kind == GEN_OPND_MACRO)
		o->rgn.hs = 1;
	return true;
}

/* Region a source gets when the syntax shows none. */
static struct gen_region implied_region(const struct actx *c, unsigned s)
{
	const struct gen_inst *in = c->in;
	bool ternary = gen_op_table[in->op].fmt == GEN_FMT_TERNARY;
	if (is_send(in))
		return (struct gen_region){ 0, 1, 0 };
	if (is_macro(in)) {
		if (ternary)
			return s == 2 ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 1 }
			              : (struct gen_region){ 2, GEN_RGN_NONE, 1 };
		return c->e < GEN_ENC_GEN11 ? (struct gen_region){ 1, 1, 0 }
		                            : (struct gen_region){ 4, 4, 1 };
	}
	if (c->e == GEN_ENC_GEN12 && is_branching(in))
		return (struct gen_region){ 1, 1, 0 };
	/* brc reads JIP and UIP from one 64-bit register: IGA's implied
	 * region <2;2,1> (OpSpec::implicitSrcRegion) */
	if (in->op == GEN_OP_BRC)
		return (struct gen_region){ 2, 2, 1 };
	/* Gen8-11 ret: IGC writes <2;2,1> for the stack-call return through
	 * r127 and <0;2,1> for subroutine returns (observed on every corpus
	 * ret; the region prints nowhere) */
	if (in->op == GEN_OP_RET)
		return in->src[s].nr == 127 ? (struct gen_region){ 2, 2, 1 }
		                            : (struct gen_region){ 0, 2, 1 };
	return (struct gen_region){ 0, 1, 0 };
}

static bool label_ref(struct actx *c, unsigned s, struct gen_opnd *o)
{
	if (!asm_ident(c, c->label[s], sizeof(c->label[s])))
		return asm_fail(c, "label expected");
	o->kind = GEN_OPND_LABEL;
	o->type = implied_type(c, false, s);
	if (c->e != GEN_ENC_GEN12 && gen_op_table[c->in->op].fmt != GEN_FMT_JMPI &&
	    gen_op_table[c->in->op].fmt != GEN_FMT_CALL &&
	    gen_op_table[c->in->op].fmt != GEN_FMT_BRD &&
	    gen_op_table[c->in->op].fmt != GEN_FMT_BRC)
		o->type = GEN_TYPE_INVALID;
	if (asm_accept(c, ":") && !parse_type(c, &o->type))
		return false;
	return true;
}

bool asm_src(struct actx *c, unsigned s)
{
	struct gen_opnd *o = &c->in->src[s];
	unsigned elem;
	bool got;
	asm_ws(c);
	if (is_branching(c->in) && *c->at.s >= 'A' && *c->at.s <= 'Z')
		return label_ref(c, s, o);
	if (starts_imm(c))
		return parse_imm(c, o);
	parse_mods(c, o);
	if (!parse_register(c, o, &elem))
		return false;
	o->rgn = implied_region(c, s);  /* after the register: ret needs it */
	if (!parse_region(c, &o->rgn, &got))
		return false;
	o->type = implied_type(c, false, s);
	if (asm_accept(c, ":") && !parse_type(c, &o->type))
		return false;
	if (o->kind == GEN_OPND_DIRECT && !is_send(c->in)) {
		uint8_t scale = o->type;
		if (scale == GEN_TYPE_INVALID && is_branching(c->in))
			o->type = GEN_TYPE_D;
		set_sub_bytes(o, elem);
		o->type = scale;
	}
	return true;
}

bool asm_send_desc(struct actx *c, struct gen_desc *d)
{
	unsigned sub;
	memset(d, 0, sizeof(*d));
	asm_ws(c);
	if (asm_accept(c, "a0.")) {
		d->is_reg = true;
		if (!asm_uint(c, &sub))
			return false;
		d->a0_sub = (uint8_t)sub;
		return true;
	}
	char *end;
	unsigned long long v = strtoull(c->at.s, &end, 0);
	if (end == c->at.s)
		return asm_fail(c, "descriptor expected");
	c->at.s = end;
	d->imm = (uint32_t)v;
	return true;
}

bool asm_sync_list(struct actx *c)
{
	struct gen_opnd *o = &c->in->src[0];
	o->kind = GEN_OPND_IMM;
	o->type = GEN_TYPE_UD;
	if (!asm_expect(c, "("))
		return false;
	do {
		unsigned t;
		if (!asm_expect(c, "$") || !asm_uint(c, &t) || t > 31)
			return asm_fail(c, "token expected");
		o->imm |= 1ull << t;
	} while (asm_accept(c, ","));
	return asm_expect(c, ")");
}
