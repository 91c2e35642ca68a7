/*
 * gen_random_alu.c - random legal ALU instructions for the property
 * test: 1- and 2-source operations (Align1, and Align16 on Gen8/9),
 * 3-source operations (Align16 on Gen8/9, Align1 on Gen11/12) and math
 * (functions, integer divide, the IEEE macros with mme operands).
 *
 * Every builder fills the instruction the way gen_decode() would: the
 * 3-source Align16 regions are IGA's <2;1> / <0;0> (src2 <1> / <0>),
 * macro operands are GEN_OPND_MACRO, a math macro has the implied (eo)
 * condition.  Rules: see gen_random_opnd.c and gen_random_types.c; the
 * 3-source ones from GEN-FACTS.md 2.7 and 3.3 (Align1 dst 8-byte
 * aligned, 16-bit immediates in src0/src2 only, vertical strides
 * 0/2/4/8 on Gen11 and 0/1/4/8 on Gen12) and iga64.
 */
#include "config.h"

#include <string.h>

#include "gen_random.h"

static void reset(struct gctx *c)
{
	struct gen_inst *in = c->in;
	uint16_t op = in->op;
	memset(in, 0, sizeof(*in));
	in->op = op;
}

static bool has_attr(const struct gctx *c, unsigned a)
{
	return (gen_op_table[c->in->op].attrs & a) != 0;
}

/* ---- destination ----------------------------------------------------------- */

static bool is_raw_move(const struct gen_inst *in)
{
	const struct gen_opnd *s = &in->src[0];
	unsigned a = in->dst.type, b = s->type;
	if (in->op != GEN_OP_MOV || in->sat || s->mods)
		return false;
	if (s->kind == GEN_OPND_IMM && (b == GEN_TYPE_V || b == GEN_TYPE_UV ||
	                                b == GEN_TYPE_VF))
		return false;
	return gen_type_size((enum gen_type)a) == gen_type_size((enum gen_type)b) &&
	       gen_type_is_float((enum gen_type)a) ==
	       gen_type_is_float((enum gen_type)b);
}

struct dst_rule {
	unsigned hs_need;   /* 0: free */
	unsigned align;     /* subregister alignment, bytes */
	bool no_packed;     /* HorzStride 1 forbidden (byte dst) */
};

static bool int_hf_conversion(const struct gen_inst *in)
{
	bool dhf = in->dst.type == GEN_TYPE_HF;
	bool dint = !gen_type_is_float((enum gen_type)in->dst.type);
	for (unsigned s = 0; s < in->nsrc; s++) {
		uint8_t t = in->src[s].type;
		bool sint = !gen_type_is_float((enum gen_type)t) &&
		            t != GEN_TYPE_V && t != GEN_TYPE_UV;
		if ((dhf && sint) || (dint && t == GEN_TYPE_HF))
			return true;
	}
	return false;
}

/* A vector immediate needs a 16-byte aligned dst with a word (V, UV)
 * or dword (VF) stride, whatever the execution size. */
static bool vector_imm_rule(const struct gen_inst *in, struct dst_rule *r)
{
	const struct gen_opnd *v = &in->src[in->nsrc - 1];
	unsigned t = gen_type_size((enum gen_type)in->dst.type);
	if (v->kind != GEN_OPND_IMM || (v->type != GEN_TYPE_V &&
	    v->type != GEN_TYPE_UV && v->type != GEN_TYPE_VF))
		return true;
	unsigned want = (v->type == GEN_TYPE_VF ? 4 : 2) / t;
	if (want == 0 || (r->hs_need && r->hs_need != want))
		return false;
	r->hs_need = want;
	r->align = 16;
	return true;
}

static bool dst_rule(const struct gctx *c, struct dst_rule *r)
{
	const struct gen_inst *in = c->in;
	unsigned t = gen_type_size((enum gen_type)in->dst.type);
	unsigned x = exec_type_size(in);
	bool mixed9 = is_mixed_float(in) && c->e != GEN_ENC_GEN8;
	*r = (struct dst_rule){ 0, t, false };
	if (in->exec_size == 1)
		return vector_imm_rule(in, r);
	if (t == 1 && !is_raw_move(in))
		r->no_packed = true;
	if (x > t && !(t == 1 && is_raw_move(in)) && !mixed9) {
		if (x / t > 4)
			return false;
		r->hs_need = x / t;
		r->align = x;
	}
	if (int_hf_conversion(in)) {
		if (r->hs_need && r->hs_need * t != 4)
			return false;
		r->hs_need = 4 / t;
		r->align = 4;
	}
	return vector_imm_rule(in, r);
}

/* Elements of the dst in each GRF / each oword of a single GRF. */
static bool bdw_dst_split_ok(const struct gctx *c, unsigned sub, unsigned hs,
                             bool src_two_regs)
{
	const struct gen_inst *in = c->in;
	unsigned t = gen_type_size((enum gen_type)in->dst.type);
	unsigned lo = 0, hi = 0, olo = 0, ohi = 0;
	bool math = in->op == GEN_OP_MATH;
	if (c->e != GEN_ENC_GEN8 && !math)
		return true;
	for (unsigned i = 0; i < in->exec_size; i++) {
		unsigned off = sub + i * hs * t;
		*(off >= 32 ? &hi : &lo) += 1;
		*(off % 32 >= 16 ? &ohi : &olo) += 1;
	}
	if (hi && lo)
		return hi == lo;
	if (src_two_regs && c->e == GEN_ENC_GEN8 && olo && ohi)
		return olo == ohi;
	return true;
}

static bool any_src_two_regs(const struct gen_inst *in)
{
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct gen_opnd *o = &in->src[s];
		if (o->kind != GEN_OPND_DIRECT || o->rgn.vs == GEN_VS_VXH)
			continue;
		unsigned t = gen_type_size((enum gen_type)o->type);
		unsigned rows = in->exec_size / (o->rgn.w ? o->rgn.w : 1);
		unsigned end = o->sub + ((rows - 1) * o->rgn.vs +
		               (o->rgn.w - 1) * o->rgn.hs) * t + t;
		if (end > 32)
			return true;
	}
	return false;
}

static bool arf_dst(struct gctx *c, struct gen_opnd *o)
{
	struct gen_inst *in = c->in;
	unsigned t = gen_type_size((enum gen_type)o->type), e = in->exec_size;
	o->kind = GEN_OPND_DIRECT;
	o->sub = 0;
	o->nr = 0;
	o->rgn.hs = 1;
	if (chance(&c->r, 50)) {
		o->rn = GEN_RN_NULL;
		return true;
	}
	if (t >= 2 && e * t <= 64 && !is_mixed_float(in) && chance(&c->r, 60)) {
		o->rn = GEN_RN_ACC;
		o->nr = e * t > 32 ? 0 : (uint16_t)rnd(&c->r, 2);
		return true;
	}
	/* address arithmetic writes a0 (add, shl, and, or as IGC does) */
	bool addr = in->op == GEN_OP_MOV || in->op == GEN_OP_ADD ||
	            in->op == GEN_OP_SHL || in->op == GEN_OP_AND ||
	            in->op == GEN_OP_OR;
	if (addr && (o->type == GEN_TYPE_UW || o->type == GEN_TYPE_W) && e <= 16 &&
	    !is_mixed_float(in)) {
		o->rn = GEN_RN_A;
		o->sub = (uint16_t)(2 * rnd(&c->r, 16 - e + 1));
		return true;
	}
	if (in->op != GEN_OP_MOV || in->nsrc != 1)
		return false;
	if (e == 1 && o->type == GEN_TYPE_UD && c->e != GEN_ENC_GEN12) {
		o->rn = GEN_RN_CR;   /* written with {Switch} (build_alu) */
		return true;
	}
	return false;
}

bool gen_dst_a1(struct gctx *c, bool allow_arf)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *o = &in->dst;
	unsigned t = gen_type_size((enum gen_type)o->type), e = in->exec_size;
	struct dst_rule r;
	static const uint8_t hss[] = { 1, 1, 1, 2, 4 };
	if (!dst_rule(c, &r))
		return false;
	if (allow_arf && !c->plain && r.align <= t && !r.hs_need &&
	    chance(&c->r, 12) && arf_dst(c, o))
		return true;
	bool mixed9 = is_mixed_float(in) && c->e != GEN_ENC_GEN8;
	if (mixed9 && e > 8)
		return false;
	for (int tries = 0; tries < 16; tries++) {
		unsigned hs = r.hs_need ? r.hs_need : c->plain ? 1 : PICK(&c->r, hss);
		if (r.no_packed && hs == 1)
			hs = 2;
		unsigned align = r.align;
		if (mixed9 && o->type == GEN_TYPE_HF && hs == 1)
			align = 16;
		unsigned foot = (e - 1) * hs * t + t;
		if (foot > 64)
			continue;
		unsigned sub = align * rnd(&c->r, 32 / align);
		if (chance(&c->r, 40) || sub + foot > 64 || (c->plain && e > 1))
			sub = 0;
		if (sub + foot > 64 ||
		    !bdw_dst_split_ok(c, sub, hs, any_src_two_regs(in)))
			continue;
		o->rgn.hs = (uint8_t)hs;
		if (chance(&c->r, 8) && in->op != GEN_OP_MATH && !mixed9 &&
		    !c->plain) {
			o->kind = GEN_OPND_INDIRECT;
			o->rn = GEN_RN_GRF;
			o->ia_sub = (uint8_t)rnd(&c->r, 16);
			o->ia_imm = (int16_t)(((int)rnd(&c->r, 1024 / align) -
			                       (int)(512 / align)) * (int)align);
			return true;
		}
		set_grf(o, pick_grf(c, sub + foot), sub, o->type);
		return true;
	}
	return false;
}

/* ---- 1- and 2-source ------------------------------------------------------- */

static unsigned lane_bytes(const struct type_pick *t, unsigned nsrc)
{
	unsigned m = gen_type_size((enum gen_type)t->dst);
	for (unsigned s = 0; s < nsrc; s++) {
		unsigned z = gen_type_size((enum gen_type)t->src[s]);
		m = z > m ? z : m;
	}
	return m;
}

static unsigned alu_nsrc(const struct gctx *c)
{
	if (c->in->op == GEN_OP_MOVI && c->e >= GEN_ENC_GEN11)
		return 2;
	return gen_op_table[c->in->op].fmt == GEN_FMT_UNARY ? 1 : 2;
}

/* movi: an indirect source, then (Gen11+) an immediate or null */
static bool movi_sources(struct gctx *c)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *s0 = &in->src[0], *s1 = &in->src[1];
	if (in->exec_size > 16)
		return false;  /* one a0 subregister per channel */
	s0->kind = GEN_OPND_INDIRECT;
	s0->rn = GEN_RN_GRF;
	s0->ia_sub = (uint8_t)rnd(&c->r, 16 - in->exec_size + 1);
	s0->ia_imm = (int16_t)(rnd(&c->r, 32) * 4);
	s0->rgn = (struct gen_region){ GEN_VS_VXH, 1, 0 };
	if (in->nsrc < 2)
		return true;
	s1->type = s0->type;
	if (chance(&c->r, 50) && gen_imm(c, s1, s1->type))
		return true;
	s1->kind = GEN_OPND_DIRECT;
	s1->rn = GEN_RN_NULL;
	s1->rgn = in->exec_size == 1 ? (struct gen_region){ 0, 1, 0 }
	                             : (struct gen_region){ 1, 1, 0 };
	return true;
}

static bool alu_sources(struct gctx *c)
{
	struct gen_inst *in = c->in;
	enum gen_op op = (enum gen_op)in->op;
	if (op == GEN_OP_MOVI)
		return movi_sources(c);
	for (unsigned s = 0; s < in->nsrc; s++) {
		bool imm = in->nsrc == 1 || s == 1;
		/* 64-bit immediates fill the whole src1 slot: unary ops only */
		if (in->nsrc == 2 && gen_type_size((enum gen_type)in->src[s].type) == 8)
			imm = false;
		if (op == GEN_OP_PLN || op == GEN_OP_LINE)
			imm = false;
		bool arf = s == 0 || c->e == GEN_ENC_GEN12;
		if (op == GEN_OP_MUL && !gen_type_is_float((enum gen_type)in->src[s].type))
			arf = false;  /* no integer accumulator sources (BDW PRM) */
		if (op == GEN_OP_MAC || op == GEN_OP_MACH || op == GEN_OP_SADA2)
			arf = false;  /* implicit accumulator already */
		if (!gen_src_a1(c, s, imm, arf))
			return false;
	}
	/* pln and line read a scalar / four-element src0 */
	if (op == GEN_OP_PLN || op == GEN_OP_LINE) {
		struct gen_opnd *o = &in->src[0];
		if (o->kind != GEN_OPND_DIRECT || o->rn != GEN_RN_GRF)
			return false;
		o->rgn = op == GEN_OP_PLN ? (struct gen_region){ 0, 1, 0 }
		                          : (struct gen_region){ 0, 4, 1 };
		o->sub = (uint16_t)(op == GEN_OP_LINE ? 0 : o->sub);
		/* <0;4,1> with ExecSize = Width would need VertStride 4 */
		return in->exec_size >= 8 || op == GEN_OP_PLN;
	}
	return true;
}

static bool alu_try(struct gctx *c)
{
	struct gen_inst *in = c->in;
	struct type_pick t;
	reset(c);
	in->nsrc = (uint8_t)alu_nsrc(c);
	if (!types_pick(c, in->nsrc, &t))
		return false;
	in->dst.type = t.dst;
	for (unsigned s = 0; s < in->nsrc; s++)
		in->src[s].type = t.src[s];
	unsigned max = is_mixed_float(in) ? 8 : 32;
	enum gen_op op = (enum gen_op)in->op;
	if (op == GEN_OP_DP2 || op == GEN_OP_DP3 || op == GEN_OP_DP4 ||
	    op == GEN_OP_DPH)
		max = 16;
	in->exec_size = (uint8_t)pick_exec_size(c, lane_bytes(&t, in->nsrc), max);
	if (max == 16 && in->exec_size < 4)
		in->exec_size = 4;
	pick_chan_off(c);
	if (has_attr(c, GEN_OA_SAT) && !(op == GEN_OP_MACH && c->e == GEN_ENC_GEN12))
		in->sat = chance(&c->r, 15);
	return alu_sources(c) && gen_dst_a1(c, true);
}

/* cmp needs a condition; sel is predicated or has a condition. */
static void alu_flags(struct gctx *c)
{
	struct gen_inst *in = c->in;
	gen_header(c, true, true);
	if ((in->op == GEN_OP_CMP || in->op == GEN_OP_CMPN) && !in->cmod) {
		in->cmod = (uint8_t)(GEN_CMOD_EQ + rnd(&c->r, 6));
		in->flag_nr = (uint8_t)rnd(&c->r, 2);
		in->flag_sub = (uint8_t)rnd(&c->r, 2);
	}
	if (in->op == GEN_OP_SEL && (in->cmod != 0) == (in->pred != 0)) {
		if (in->cmod)
			in->pred = GEN_PRED_NONE, in->pred_inv = false;
		else
			in->pred = GEN_PRED_NORMAL;
		in->flag_nr = (uint8_t)rnd(&c->r, 2);
		in->flag_sub = (uint8_t)rnd(&c->r, 2);
	}
}

/* Align16 two-source form (Gen8/9): packed float vectors, xyzw. */
static bool alu_a16(struct gctx *c)
{
	struct gen_inst *in = c->in;
	enum gen_op op = (enum gen_op)in->op;
	if ((op != GEN_OP_MOV && op != GEN_OP_ADD && op != GEN_OP_MUL &&
	     op != GEN_OP_DP4 && op != GEN_OP_FRC && op != GEN_OP_RNDD) ||
	    c->e > GEN_ENC_GEN9)
		return false;
	reset(c);
	in->access = GEN_ALIGN16;
	in->nsrc = (uint8_t)alu_nsrc(c);
	in->exec_size = chance(&c->r, 50) ? 4 : 8;
	unsigned span = in->exec_size * 4;
	set_grf(&in->dst, pick_grf(c, 32), span == 16 ? 16 * rnd(&c->r, 2) : 0,
	        GEN_TYPE_F);
	in->dst.rgn.hs = 1;
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct gen_opnd *o = &in->src[s];
		if (s == 1 && chance(&c->r, 25)) {
			gen_imm(c, o, GEN_TYPE_F);
			continue;
		}
		set_grf(o, pick_grf(c, 32), span == 16 ? 16 * rnd(&c->r, 2) : 0,
		        GEN_TYPE_F);
		o->rgn = (struct gen_region){ 1, 1, 0 };
		o->swizzle = 0xE4;
		gen_src_mods(c, o);
	}
	return true;
}

/* mov to or from an architecture register other than the accumulators
 * (those come with the other ALU operands): address, flags,
 * notification, state, control, timestamp, channel enable, ip.  cr0
 * and n0 are written with {Switch} as IGC does (GEN-FACTS 6.4, 7.2). */
static const struct {
	uint8_t rn, type, nsub;
	bool write;
} arf_regs[] = {
	{ GEN_RN_SR, GEN_TYPE_UD, 4, false }, { GEN_RN_CR, GEN_TYPE_UD, 3, true },
	{ GEN_RN_TM, GEN_TYPE_UD, 4, false }, { GEN_RN_CE, GEN_TYPE_UD, 1, false },
	{ GEN_RN_IP, GEN_TYPE_UD, 1, false }, { GEN_RN_N, GEN_TYPE_UD, 2, true },
	{ GEN_RN_F, GEN_TYPE_UW, 2, true }, { GEN_RN_F, GEN_TYPE_UD, 1, true },
	{ GEN_RN_A, GEN_TYPE_UW, 16, true }, { GEN_RN_A, GEN_TYPE_UD, 8, true },
};

static bool mov_arf(struct gctx *c)
{
	struct gen_inst *in = c->in;
	unsigned k = rnd(&c->r, (unsigned)NELEM(arf_regs));
	uint8_t rn = arf_regs[k].rn, type = arf_regs[k].type;
	bool write = arf_regs[k].write && chance(&c->r, 50);
	bool switched = rn == GEN_RN_CR || rn == GEN_RN_N;
	if (write && switched && c->e == GEN_ENC_GEN12)
		return false;
	reset(c);
	in->nsrc = 1;
	in->exec_size = rn == GEN_RN_A && chance(&c->r, 50) ? 4 : 1;
	unsigned ts = gen_type_size((enum gen_type)type), e = in->exec_size;
	struct gen_region src_rgn = e == 1 ? (struct gen_region){ 0, 1, 0 }
	                                   : (struct gen_region){ 4, 4, 1 };
	struct gen_opnd *a = write ? &in->dst : &in->src[0];
	struct gen_opnd *g = write ? &in->src[0] : &in->dst;
	a->kind = GEN_OPND_DIRECT;
	a->rn = rn;
	a->type = g->type = type;
	a->nr = (uint16_t)(rn == GEN_RN_F ? rnd(&c->r, 2) : 0);
	a->sub = (uint16_t)(ts * rnd(&c->r, arf_regs[k].nsub - e + 1));
	if (write && chance(&c->r, 40) && gen_imm(c, g, type)) {
		a->rgn.hs = 1;
	} else if (write) {
		set_grf(g, rnd(&c->r, 128), 0, type);
		g->rgn = src_rgn;
		a->rgn.hs = 1;
	} else {
		a->rgn = src_rgn;
		set_grf(g, rnd(&c->r, 128), ts * rnd(&c->r, (32 - e * ts) / ts + 1),
		        type);
		g->rgn.hs = 1;
	}
	if (switched && write)
		in->opts |= GEN_OPT_SWITCH;
	return true;
}

void build_alu(struct gctx *c)
{
	struct gen_inst *in = c->in;
	bool ok = chance(&c->r, 5) && alu_a16(c);
	if (!ok && in->op == GEN_OP_MOV && !c->plain && chance(&c->r, 15))
		ok = mov_arf(c);
	for (int tries = 0; !ok && tries < 60; tries++)
		ok = alu_try(c);
	if (!ok) {  /* the op has no legal form here: make it a plain mov */
		reset(c);
		in->op = GEN_OP_MOV;
		in->nsrc = 1;
		in->exec_size = 8;
		set_grf(&in->dst, 10, 0, GEN_TYPE_UD);
		in->dst.rgn.hs = 1;
		set_grf(&in->src[0], 20, 0, GEN_TYPE_UD);
		in->src[0].rgn = (struct gen_region){ 8, 8, 1 };
	}
	alu_flags(c);
	gen_options(c, true);
	if (in->op == GEN_OP_ADDC || in->op == GEN_OP_SUBB)
		in->opts |= GEN_OPT_ACCWREN;
	if ((in->dst.rn == GEN_RN_CR || in->dst.rn == GEN_RN_N) &&
	    in->dst.kind == GEN_OPND_DIRECT) {
		/* IGC writes cr0 and n0 with {Switch} */
		in->opts &= ~(uint32_t)(GEN_OPT_ATOMIC | GEN_OPT_NOPREEMPT);
		in->opts |= GEN_OPT_SWITCH;
	}
	gen_swsb(c, false);
}

/* ---- 3-source Align16 (Gen8/9) ------------------------------------------ */

static void t16_src(struct gctx *c, unsigned s, uint8_t type)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *o = &in->src[s];
	unsigned t = gen_type_size((enum gen_type)type);
	unsigned span = in->exec_size * t;
	bool rep = chance(&c->r, 25) || in->exec_size == 1;
	set_grf(o, pick_grf(c, span > 32 ? 64 : 32), 0, type);
	if (rep) {
		o->sub = (uint16_t)(t < 4 ? 4 * rnd(&c->r, 8)
		                          : t * rnd(&c->r, 32 / t));
		o->rgn = s == 2 ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 0 }
		                : (struct gen_region){ 0, GEN_RGN_NONE, 0 };
		o->rep = true;
	} else {
		o->sub = (uint16_t)(span <= 16 && !c->plain ? 16 * rnd(&c->r, 2) : 0);
		o->rgn = s == 2 ? (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, 1 }
		                : (struct gen_region){ 2, GEN_RGN_NONE, 1 };
		o->swizzle = 0xE4;
	}
	if (has_attr(c, GEN_OA_SRCMOD))
		gen_src_mods(c, o);
}

/* madm and the math macros name mme0-7 / nomme on their operands. */
static void macro_opnd(struct gctx *c, struct gen_opnd *o, uint8_t type)
{
	o->kind = GEN_OPND_MACRO;
	o->rn = GEN_RN_GRF;
	o->nr = (uint16_t)rnd(&c->r, 127);
	o->type = type;
	o->mme = (uint8_t)rnd(&c->r, 9);
}

static bool ternary_a16(struct gctx *c)
{
	struct gen_inst *in = c->in;
	struct type_pick t;
	in->access = GEN_ALIGN16;
	in->nsrc = 3;
	if (!types_pick(c, 3, &t))
		return false;
	/* one shared source type; Gen9 lets src1/src2 be HF or F */
	bool fl = t.src[0] == GEN_TYPE_F || t.src[0] == GEN_TYPE_HF;
	for (unsigned s = 1; s < 3; s++)
		if (!(fl && gen_type_is_float((enum gen_type)t.src[s]) &&
		      t.src[s] != GEN_TYPE_DF && c->e == GEN_ENC_GEN9))
			t.src[s] = t.src[0];
	in->dst.type = t.dst;
	for (unsigned s = 0; s < 3; s++)
		in->src[s].type = t.src[s];
	bool mix = is_mixed_float(in);
	unsigned dt = gen_type_size((enum gen_type)t.dst);
	if (dt != gen_type_size((enum gen_type)t.src[0]) && !mix)
		return false;
	static const uint8_t es[] = { 1, 4, 8, 8, 16 };
	in->exec_size = PICK(&c->r, es);
	unsigned lane = dt > 4 ? 8 : 4;
	if (in->exec_size * lane > 64 || (mix && in->exec_size > 8) ||
	    (t.dst == GEN_TYPE_HF && in->exec_size == 1))
		in->exec_size = 4;
	pick_chan_off(c);
	unsigned span = in->exec_size * dt;
	unsigned sub = in->exec_size == 1 ? dt * rnd(&c->r, 32 / dt)
	               : span <= 16 && !c->plain ? 16 * rnd(&c->r, 2) : 0;
	set_grf(&in->dst, pick_grf(c, span > 32 ? 64 : 32), sub, t.dst);
	in->dst.rgn.hs = 1;
	if (in->op == GEN_OP_MADM) {
		/* SIMD4/8: IGA turns a SIMD1 macro into SIMD4 */
		in->exec_size = t.dst == GEN_TYPE_DF || chance(&c->r, 50) ? 4 : 8;
		in->chan_off = 0;
		macro_opnd(c, &in->dst, t.dst);
		in->dst.sub = 0;
		for (unsigned s = 0; s < 3; s++)
			macro_opnd(c, &in->src[s], t.dst);
		return true;
	}
	for (unsigned s = 0; s < 3; s++)
		t16_src(c, s, t.src[s]);
	return true;
}

/* ---- 3-source Align1 (Gen11/12) -------------------------------------------- */

static bool t1_imm(struct gctx *c, struct gen_opnd *o)
{
	uint8_t t = o->type;
	if (t != GEN_TYPE_HF && t != GEN_TYPE_W && t != GEN_TYPE_UW)
		return false;
	o->kind = GEN_OPND_IMM;
	o->rn = GEN_RN_GRF;
	o->imm = gen_imm_bits(c, t) & 0xFFFF;
	return true;
}

static struct gen_region t1_region(struct gctx *c, unsigned s, unsigned *w)
{
	bool g12 = c->e == GEN_ENC_GEN12;
	unsigned e = c->in->exec_size;
	if (s == 2) {
		static const uint8_t hs2[] = { 0, 1, 1, 2, 4 };
		unsigned h = e == 1 ? 0 : c->plain ? rnd(&c->r, 2) : PICK(&c->r, hs2);
		*w = e;
		return (struct gen_region){ GEN_RGN_NONE, GEN_RGN_NONE, (uint8_t)h };
	}
	/* { vs, hs, implied width } */
	static const uint8_t g11[][3] = {
		{ 0, 0, 1 }, { 8, 1, 8 }, { 4, 1, 4 }, { 2, 1, 2 }, { 8, 2, 4 },
		{ 8, 4, 2 },
	};
	static const uint8_t g12r[][3] = {
		{ 0, 0, 1 }, { 8, 1, 8 }, { 4, 1, 4 }, { 1, 0, 1 }, { 8, 2, 4 },
		{ 8, 4, 2 },
	};
	const uint8_t *r = g12 ? g12r[rnd(&c->r, c->plain ? 2 : 6)]
	                   : g11[rnd(&c->r, c->plain ? 2 : 6)];
	if (e == 1 || r[2] > e)
		r = g12r[0];
	*w = r[2];
	return (struct gen_region){ r[0], GEN_RGN_NONE, r[1] };
}

static bool t1_src(struct gctx *c, unsigned s)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *o = &in->src[s];
	unsigned t = gen_type_size((enum gen_type)o->type), w;
	if (s != 1 && chance(&c->r, 15) && t1_imm(c, o))
		return true;
	struct gen_region r = t1_region(c, s, &w);
	struct gen_region full = { r.vs, (uint8_t)w, r.hs };
	if (s == 2)
		full = (struct gen_region){ (uint8_t)(w * r.hs), (uint8_t)w, r.hs };
	if (full.w == 1)
		full.hs = 0;
	unsigned sub = t * rnd(&c->r, 32 / t);
	if (chance(&c->r, 50) || !region_fits(in->exec_size, t, sub, &full) ||
	    (c->plain && full.w > 1))
		sub = 0;
	if (!region_fits(in->exec_size, t, sub, &full))
		return false;
	unsigned rows = in->exec_size / full.w;
	unsigned span = sub + ((rows - 1) * full.vs + (full.w - 1) * full.hs) * t + t;
	set_grf(o, pick_grf(c, span), sub, o->type);
	o->rgn = r;
	bool acc_ok = !c->plain && gen_type_is_float((enum gen_type)o->type) &&
	              span <= 32 &&
	              (c->e == GEN_ENC_GEN12 ? s != 2 : s == 1);
	if (acc_ok && chance(&c->r, 8)) {
		o->rn = GEN_RN_ACC;
		o->nr = (uint16_t)rnd(&c->r, 2);
	}
	if (has_attr(c, GEN_OA_SRCMOD))
		gen_src_mods(c, o);
	return true;
}

static bool ternary_a1(struct gctx *c)
{
	struct gen_inst *in = c->in;
	struct type_pick t;
	in->nsrc = 3;
	if (!types_pick(c, 3, &t))
		return false;
	in->dst.type = t.dst;
	for (unsigned s = 0; s < 3; s++)
		in->src[s].type = t.src[s];
	if (is_mixed_float(in))
		return false;
	in->exec_type = gen_type_is_float((enum gen_type)t.dst);
	unsigned dt = gen_type_size((enum gen_type)t.dst), x = exec_type_size(in);
	unsigned lane = dt > x ? dt : x;
	in->exec_size = (uint8_t)pick_exec_size(c, lane, lane <= 2 ? 32 : 16);
	pick_chan_off(c);
	for (unsigned s = 0; s < 3; s++)
		if (!t1_src(c, s))
			return false;
	unsigned hs = x > dt ? x / dt : chance(&c->r, c->plain ? 100 : 80) ? 1 : 2;
	if (hs > 2)
		return false;
	unsigned foot = (in->exec_size - 1) * hs * dt + dt;
	unsigned sub = foot > 24 || c->plain ? 0
	               : 8 * rnd(&c->r, (32 - foot) / 8 + 1);
	if (sub + foot > 64)
		return false;
	set_grf(&in->dst, pick_grf(c, sub + foot), sub, t.dst);
	in->dst.rgn.hs = (uint8_t)hs;
	if (gen_type_is_float((enum gen_type)t.dst) && sub + foot <= 32 &&
	    !c->plain && chance(&c->r, 6)) {
		in->dst.rn = GEN_RN_ACC;
		in->dst.nr = (uint16_t)rnd(&c->r, 2);
	}
	return true;
}

void build_ternary(struct gctx *c)
{
	struct gen_inst *in = c->in;
	bool a16 = c->e <= GEN_ENC_GEN9;
	bool ok = false;
	if (in->op == GEN_OP_MADM && !a16) {
		/* madm is legal on Gen8/9 only (no IEEE macros on ICL,
		 * GEN-FACTS 8): build a mad instead */
		in->op = GEN_OP_MAD;
	}
	for (int tries = 0; !ok && tries < 60; tries++) {
		reset(c);
		ok = a16 ? ternary_a16(c) : ternary_a1(c);
	}
	if (!ok) {
		build_alu(c);
		return;
	}
	if (has_attr(c, GEN_OA_SAT))
		in->sat = chance(&c->r, 15);
	gen_header(c, true, in->op != GEN_OP_MADM);
	if (in->op == GEN_OP_CSEL && !in->cmod) {
		in->cmod = (uint8_t)(GEN_CMOD_EQ + rnd(&c->r, 6));
		in->flag_nr = (uint8_t)rnd(&c->r, 2);
		in->flag_sub = (uint8_t)rnd(&c->r, 2);
	}
	gen_options(c, true);
	gen_swsb(c, false);
}

/* ---- math --------------------------------------------------------------- */

static uint8_t math_fc(struct gctx *c)
{
	static const uint8_t fcs[] = {
		GEN_MATH_INV, GEN_MATH_LOG, GEN_MATH_EXP, GEN_MATH_SQT,
		GEN_MATH_RSQT, GEN_MATH_SIN, GEN_MATH_COS, GEN_MATH_FDIV,
		GEN_MATH_POW, GEN_MATH_IDIV, GEN_MATH_IQOT, GEN_MATH_IREM,
		GEN_MATH_INVM, GEN_MATH_RSQTM,
	};
	for (;;) {
		uint8_t fc = PICK(&c->r, fcs);
		bool macro = fc == GEN_MATH_INVM || fc == GEN_MATH_RSQTM;
		if (c->e == GEN_ENC_GEN12 && (fc == GEN_MATH_FDIV || fc == GEN_MATH_POW))
			continue;
		if (macro && c->e > GEN_ENC_GEN9)
			continue;  /* IEEE macros: Gen8/9 only (GEN-FACTS 8) */
		return fc;
	}
}

/* math.invm / math.rsqtm (Gen8/9): Align16, mme operands, (eo) flag */
static void math_macro(struct gctx *c)
{
	struct gen_inst *in = c->in;
	/* IGA's math type table has no DF (its madm has) */
	uint8_t t = GEN_TYPE_F;
	in->access = GEN_ALIGN16;
	in->exec_size = chance(&c->r, 50) ? 4 : 8;
	in->nsrc = (uint8_t)gen_math_nsrc(in->fc);
	macro_opnd(c, &in->dst, t);
	in->dst.rgn.hs = 1;
	for (unsigned s = 0; s < in->nsrc; s++) {
		macro_opnd(c, &in->src[s], t);
		in->src[s].rgn = (struct gen_region){ 1, 1, 0 };
		gen_src_mods(c, &in->src[s]);
	}
	in->cmod = GEN_CMOD_EO;
	in->flag_nr = (uint8_t)rnd(&c->r, 2);
	in->flag_sub = (uint8_t)rnd(&c->r, 2);
	if (chance(&c->r, 30)) {
		in->pred = GEN_PRED_NORMAL;
		in->pred_inv = chance(&c->r, 50);
	}
}

/* Math sources: contiguous or scalar, at the dst's offset (IGC
 * HWConformity fixMathInst); src1 may be an immediate; no modifiers
 * on integer divides. */
static bool math_regular(struct gctx *c)
{
	struct gen_inst *in = c->in;
	bool idiv = in->fc >= GEN_MATH_IDIV && in->fc <= GEN_MATH_IREM;
	bool hf = !idiv && c->e != GEN_ENC_GEN8 && chance(&c->r, 30);
	uint8_t t = idiv ? (chance(&c->r, 50) ? GEN_TYPE_D : GEN_TYPE_UD)
	            : hf ? GEN_TYPE_HF : GEN_TYPE_F;
	unsigned ts = gen_type_size((enum gen_type)t);
	in->nsrc = (uint8_t)gen_math_nsrc(in->fc);
	in->exec_size = (uint8_t)pick_exec_size(c, ts, idiv ? 8 : 16);
	pick_chan_off(c);
	unsigned foot = in->exec_size * ts;
	unsigned sub = foot >= 32 || c->plain ? 0
	               : ts * rnd(&c->r, (32 - foot) / ts + 1);
	set_grf(&in->dst, pick_grf(c, sub + foot), sub, t);
	in->dst.rgn.hs = 1;
	for (unsigned s = 0; s < in->nsrc; s++) {
		struct gen_opnd *o = &in->src[s];
		o->type = t;
		if (s == 1 && chance(&c->r, 20)) {
			gen_imm(c, o, t);
			continue;
		}
		bool scalar = in->exec_size == 1 || chance(&c->r, 25);
		unsigned w = in->exec_size > 8 ? 8 : in->exec_size;
		set_grf(o, pick_grf(c, scalar ? 32 : sub + foot),
		        scalar ? ts * rnd(&c->r, 32 / ts) : sub, t);
		o->rgn = scalar ? (struct gen_region){ 0, 1, 0 }
		                : (struct gen_region){ (uint8_t)w, (uint8_t)w, 1 };
		if (!idiv)
			gen_src_mods(c, o);
	}
	if (has_attr(c, GEN_OA_SAT) && !idiv)
		in->sat = chance(&c->r, 15);
	gen_header(c, true, false);
	return true;
}

void build_math(struct gctx *c)
{
	struct gen_inst *in = c->in;
	reset(c);
	in->fc = math_fc(c);
	if (in->fc == GEN_MATH_INVM || in->fc == GEN_MATH_RSQTM)
		math_macro(c);
	else
		math_regular(c);
	gen_options(c, true);
	gen_swsb(c, true);
}
