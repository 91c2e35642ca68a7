/*
 * gen_random_opnd.c - random header fields and Align1 operands of the
 * property test: predication, condition modifiers, options, Gen12 SWSB,
 * execution size and channel offset, registers, regions, immediates.
 *
 * Region rules (Mesa elk_eu_validate.c
 * general_restrictions_on_region_parameters, region_alignment_rules,
 * vector_immediate_restrictions, special_restrictions_for_mixed_float_mode;
 * GEN-FACTS.md 8):
 *   - ExecSize >= Width; Width = ExecSize with HorzStride != 0 needs
 *     VertStride = Width * HorzStride; Width 1 needs HorzStride 0;
 *     ExecSize = Width = 1 needs <0;1,0>; VertStride = HorzStride = 0
 *     needs Width 1;
 *   - a row (Width elements) does not cross a GRF boundary, and no
 *     operand spans more than two GRFs;
 *   - dst HorzStride is not 0; a dst narrower than the execution type
 *     is strided and aligned to it; packed byte destinations only for
 *     raw moves; integer <-> HF conversions write dword-strided;
 *   - vector immediates need a 16-byte aligned dst with a word (V, UV)
 *     or dword (VF) stride;
 *   - mixed F/HF: SIMD8 at most, direct sources, packed HF dst
 *     oword-aligned;
 *   - BDW: a dst spanning two GRFs is split evenly; a dst in one GRF
 *     with a two-GRF source is in one oword or split evenly.
 */
#include "config.h"

#include <string.h>

#include "gen_random.h"

/* ---- header ------------------------------------------------------------- */

void gen_header(struct gctx *c, bool allow_pred, bool allow_cmod)
{
	static const uint8_t any_all[] = {
		GEN_PRED_ANYV, GEN_PRED_ALLV, GEN_PRED_ANY2H, GEN_PRED_ALL2H,
		GEN_PRED_ANY4H, GEN_PRED_ALL4H, GEN_PRED_ANY8H, GEN_PRED_ALL8H,
		GEN_PRED_ANY16H, GEN_PRED_ALL16H, GEN_PRED_ANY32H, GEN_PRED_ALL32H,
	};
	static const uint8_t cmods[] = {
		GEN_CMOD_EQ, GEN_CMOD_NE, GEN_CMOD_GT, GEN_CMOD_GE, GEN_CMOD_LT,
		GEN_CMOD_LE,
	};
	struct gen_inst *in = c->in;
	unsigned attrs = gen_op_table[in->op].attrs;
	if (allow_pred && (attrs & GEN_OA_PRED) &&
	    chance(&c->r, c->plain ? 15 : 35)) {
		in->pred = GEN_PRED_NORMAL;
		if (in->access == GEN_ALIGN1 && !c->plain && chance(&c->r, 35))
			in->pred = PICK(&c->r, any_all);
		in->pred_inv = chance(&c->r, 30);
	}
	if (allow_cmod && (attrs & GEN_OA_CMOD) &&
	    chance(&c->r, c->plain ? 15 : 30)) {
		in->cmod = PICK(&c->r, cmods);
		/* overflow / unordered on float results only */
		if (gen_type_is_float((enum gen_type)in->dst.type) &&
		    in->op != GEN_OP_CMP && in->op != GEN_OP_CMPN && chance(&c->r, 15))
			in->cmod = chance(&c->r, 50) ? GEN_CMOD_OV : GEN_CMOD_UN;
	}
	if (in->pred || in->cmod) {
		in->flag_nr = (uint8_t)rnd(&c->r, 2);
		in->flag_sub = (uint8_t)rnd(&c->r, 2);
	}
}

void gen_options(struct gctx *c, bool alu)
{
	struct gen_inst *in = c->in;
	if (chance(&c->r, 25))
		in->opts |= GEN_OPT_NOMASK;
	if (chance(&c->r, 3))
		in->opts |= GEN_OPT_BREAKPOINT;
	if (!alu)
		return;
	if (c->plain) {
		if (chance(&c->r, 5))
			in->opts |= GEN_OPT_ACCWREN;
		return;
	}
	if (chance(&c->r, 8))
		in->opts |= GEN_OPT_ACCWREN;
	if (c->e == GEN_ENC_GEN12) {
		if (chance(&c->r, 4))
			in->opts |= GEN_OPT_ATOMIC;
		return;
	}
	if (chance(&c->r, 5))
		in->opts |= GEN_OPT_NODDCLR;
	if (chance(&c->r, 5))
		in->opts |= GEN_OPT_NODDCHK;
	unsigned k = rnd(&c->r, 100);
	if (k < 4)
		in->opts |= GEN_OPT_ATOMIC;
	else if (k < 7)
		in->opts |= GEN_OPT_SWITCH;
	else if (k < 10 && c->e == GEN_ENC_GEN11)  /* iga: not before Gen10 */
		in->opts |= GEN_OPT_NOPREEMPT;
}

/* Gen12 software scoreboard: a distance, a token, or both (GEN-FACTS 4).
 * Only out-of-order instructions (send, math) allocate a token; with a
 * distance, an in-order instruction's token is a ".dst" wait. */
void gen_swsb(struct gctx *c, bool ooo)
{
	struct gen_swsb *s = &c->in->swsb;
	if (c->e != GEN_ENC_GEN12)
		return;
	unsigned k = rnd(&c->r, 10);
	if (k < 4)
		return;
	if (k < 7 || k >= 8) {
		s->has_dist = true;
		s->dist = (uint8_t)(1 + rnd(&c->r, 7));
	}
	if (k < 7)
		return;
	s->sbid = (uint8_t)rnd(&c->r, 16);
	if (k >= 8) {
		s->mode = ooo ? GEN_SBID_SET : GEN_SBID_DST;
		return;
	}
	static const uint8_t modes[] = { GEN_SBID_SET, GEN_SBID_DST, GEN_SBID_SRC };
	s->mode = ooo ? PICK(&c->r, modes) : modes[1 + rnd(&c->r, 2)];
}

unsigned pick_exec_size(struct gctx *c, unsigned lane_bytes, unsigned max)
{
	static const uint8_t sizes[] = { 1, 2, 4, 8, 8, 8, 16, 16, 32 };
	static const uint8_t plain[] = { 1, 8, 8, 16, 16 };
	for (int tries = 0; tries < 32; tries++) {
		unsigned e = c->plain ? PICK(&c->r, plain) : PICK(&c->r, sizes);
		if (e <= max && e * lane_bytes <= 64)
			return e;
	}
	return 1;
}

/* M0..M28: a multiple of the execution size from SIMD8 up, of 4 below. */
void pick_chan_off(struct gctx *c)
{
	struct gen_inst *in = c->in;
	unsigned step = in->exec_size < 4 ? 4 : in->exec_size;
	unsigned n = (32 - (in->exec_size < 4 ? 4 : in->exec_size)) / step + 1;
	in->chan_off = chance(&c->r, c->plain ? 85 : 60) ? 0
	               : (uint8_t)(rnd(&c->r, n) * step);
}

/* ---- registers ------------------------------------------------------ */

void set_grf(struct gen_opnd *o, unsigned nr, unsigned sub, uint8_t type)
{
	o->kind = GEN_OPND_DIRECT;
	o->rn = GEN_RN_GRF;
	o->nr = (uint16_t)nr;
	o->sub = (uint16_t)sub;
	o->type = type;
}

/* A GRF number such that span_bytes from its start stay below r128. */
unsigned pick_grf(struct gctx *c, unsigned span_bytes)
{
	unsigned regs = span_bytes > 32 ? 2 : 1;
	return rnd(&c->r, 128 - regs + 1);
}

bool region_fits(unsigned exec, unsigned tsize, unsigned sub,
                 const struct gen_region *r)
{
	unsigned w = r->w, vs = r->vs, hs = r->hs;
	if (w == 0 || w > exec || exec % w)
		return false;
	if (exec == w && hs != 0 && vs != w * hs)
		return false;
	if ((w == 1 && hs != 0) || (exec == 1 && vs != 0) ||
	    (vs == 0 && hs == 0 && w != 1))
		return false;
	for (unsigned y = 0; y < exec / w; y++) {
		unsigned start = sub + y * vs * tsize;
		unsigned end = start + (w - 1) * hs * tsize + tsize - 1;
		if (start / 32 != end / 32 || end >= 64)
			return false;
	}
	return true;
}

/* Last byte a source region touches, + 1. */
static unsigned region_span(unsigned exec, unsigned tsize, unsigned sub,
                            const struct gen_region *r)
{
	unsigned rows = exec / r->w;
	return sub + ((rows - 1) * r->vs + (r->w - 1) * r->hs) * tsize + tsize;
}

static struct gen_region random_region(struct gctx *c, unsigned exec)
{
	static const uint8_t ws[] = { 1, 2, 4, 8, 16 }, hss[] = { 1, 1, 2, 4 };
	static const uint8_t vss[] = { 0, 1, 2, 4, 8, 16, 32 };
	unsigned k = rnd(&c->r, 10);
	if (exec == 1 || k < 2 || (c->plain && k < 4))
		return (struct gen_region){ 0, 1, 0 };
	if (c->plain) {
		unsigned pw = exec > 8 ? 8 : exec;
		return (struct gen_region){ (uint8_t)pw, (uint8_t)pw, 1 };
	}
	unsigned w = PICK(&c->r, ws);
	while (w > exec)
		w /= 2;
	if (k < 6) {  /* packed */
		w = exec > 8 && chance(&c->r, 60) ? 8 : w;
		return (struct gen_region){ (uint8_t)w, (uint8_t)w, (uint8_t)(w > 1) };
	}
	if (w == 1)
		return (struct gen_region){ PICK(&c->r, vss), 1, 0 };
	unsigned hs = PICK(&c->r, hss);
	unsigned vs = w * hs;
	if (w < exec && chance(&c->r, 30))
		vs = chance(&c->r, 50) ? 0 : vs * 2;
	if (vs > 32)
		vs = w * hs;
	return (struct gen_region){ (uint8_t)vs, (uint8_t)w, (uint8_t)hs };
}

/* ---- immediates ----------------------------------------------------------- */

static uint64_t float_bits(struct gctx *c, unsigned bits)
{
	static const double nice[] = { 0.0, 1.0, -1.0, 0.5, 2.0, -2.5, 3.0,
	                               100.0, 0.125, 1e-3, 65504.0 };
	unsigned mant = bits == 16 ? 10 : bits == 32 ? 23 : 52;
	unsigned expo = bits - 1 - mant;
	uint64_t emax = ((1ull << expo) - 1) << mant;
	uint64_t sign = 1ull << (bits - 1);
	switch (rnd(&c->r, 6)) {
	case 0:  /* inf or NaN */
		return emax | (chance(&c->r, 30) ? 0 : (rng_next(&c->r) &
		               ((1ull << mant) - 1)) | 1) |
		       (chance(&c->r, 50) ? sign : 0);
	case 1:  /* denormal or signed zero */
		return (rng_next(&c->r) & ((1ull << mant) - 1) & (chance(&c->r, 20)
		        ? 0 : ~0ull)) | (chance(&c->r, 50) ? sign : 0);
	case 2: case 3: {  /* a short decimal */
		double v = PICK(&c->r, nice);
		if (bits == 64) {
			uint64_t u;
			memcpy(&u, &v, 8);
			return u;
		}
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, 4);
		if (bits == 32)
			return u;
		/* to half: exact for the values above */
		unsigned e = (u >> 23) & 0xFF;
		uint32_t h = (u >> 16) & 0x8000;
		if (e)
			h |= ((e - 112) << 10) | ((u >> 13) & 0x3FF);
		return h;
	}
	default:
		return rng_next(&c->r) & (bits == 64 ? ~0ull : (1ull << bits) - 1);
	}
}

uint64_t gen_imm_bits(struct gctx *c, uint8_t type)
{
	static const int64_t ints[] = { 0, 1, -1, 2, 7, -8, 15, 16, 255, -128,
	                                32767, -32768, 65535, 0x7FFFFFFF };
	switch (type) {
	case GEN_TYPE_HF: return float_bits(c, 16);
	case GEN_TYPE_F: return float_bits(c, 32);
	case GEN_TYPE_DF: return float_bits(c, 64);
	default: break;
	}
	unsigned size = gen_type_size((enum gen_type)type);
	uint64_t mask = size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
	if (chance(&c->r, 50))
		return (uint64_t)PICK(&c->r, ints) & mask;
	return rng_next(&c->r) & mask;
}

bool gen_imm(struct gctx *c, struct gen_opnd *o, uint8_t type)
{
	if (type == GEN_TYPE_B || type == GEN_TYPE_UB)
		return false;  /* no byte immediates */
	o->kind = GEN_OPND_IMM;
	o->rn = GEN_RN_GRF;
	o->type = type;
	o->imm = gen_imm_bits(c, type);
	return true;
}

void gen_src_mods(struct gctx *c, struct gen_opnd *o)
{
	const struct gen_op_info *oi = &gen_op_table[c->in->op];
	if (!(oi->attrs & GEN_OA_SRCMOD) || o->kind == GEN_OPND_IMM)
		return;
	bool sgn = o->type != GEN_TYPE_UB && o->type != GEN_TYPE_UW &&
	           o->type != GEN_TYPE_UD && o->type != GEN_TYPE_UQ;
	if (oi->attrs & GEN_OA_BITWISE) {
		if (chance(&c->r, 15))
			o->mods = GEN_MOD_NEG;  /* printed '~' */
		return;
	}
	if (!sgn)
		return;
	if (chance(&c->r, 15))
		o->mods |= GEN_MOD_NEG;
	if (chance(&c->r, 12))
		o->mods |= GEN_MOD_ABS;
}

/* ---- Align1 sources ----------------------------------------------------- */

/* Vector immediates (V, UV, VF) for mov and add; Mesa
 * vector_immediate_restrictions is enforced on the dst. */
static bool vector_imm(struct gctx *c, unsigned s, struct gen_opnd *o)
{
	struct gen_inst *in = c->in;
	bool slot = (in->op == GEN_OP_MOV && s == 0) ||
	            (in->op == GEN_OP_ADD && s == 1);
	if (!slot || !chance(&c->r, 50))
		return false;
	if (o->type == GEN_TYPE_F && in->exec_size <= 4)
		o->type = GEN_TYPE_VF;
	else if ((o->type == GEN_TYPE_W || o->type == GEN_TYPE_UW) &&
	         in->exec_size <= 8)
		o->type = o->type == GEN_TYPE_W ? GEN_TYPE_V : GEN_TYPE_UV;
	else
		return false;
	o->kind = GEN_OPND_IMM;
	o->rn = GEN_RN_GRF;
	o->imm = rng_next(&c->r) & 0xFFFFFFFFu;
	return true;
}

/* ARF sources: accumulators for float ALU sources, otherwise the
 * readable control registers through mov. */
static bool arf_src(struct gctx *c, struct gen_opnd *o)
{
	struct gen_inst *in = c->in;
	unsigned e = in->exec_size, t = gen_type_size((enum gen_type)o->type);
	bool mov = in->op == GEN_OP_MOV;
	o->kind = GEN_OPND_DIRECT;
	o->nr = 0;
	o->sub = 0;
	if (o->type == GEN_TYPE_F && e * t <= 64 && !is_mixed_float(in)) {
		o->rn = GEN_RN_ACC;
		o->nr = e * t > 32 ? 0 : (uint16_t)rnd(&c->r, 2);
		return true;
	}
	if (mov && (o->type == GEN_TYPE_UW || o->type == GEN_TYPE_W) && e <= 16) {
		o->rn = GEN_RN_A;
		o->sub = (uint16_t)(2 * rnd(&c->r, 16 - e + 1));
		return true;
	}
	if (!mov || e != 1 || o->type != GEN_TYPE_UD)
		return false;
	static const uint8_t rns[] = { GEN_RN_SR, GEN_RN_CR, GEN_RN_TM,
	                               GEN_RN_CE, GEN_RN_IP, GEN_RN_F };
	o->rn = PICK(&c->r, rns);
	if (o->rn == GEN_RN_SR || o->rn == GEN_RN_TM)
		o->sub = (uint16_t)(4 * rnd(&c->r, 4));  /* sr0.0-3, tm0.0-3 */
	else if (o->rn == GEN_RN_F)
		o->nr = (uint16_t)rnd(&c->r, 2);
	return true;
}

static void indirect_src(struct gctx *c, struct gen_opnd *o)
{
	struct gen_inst *in = c->in;
	unsigned t = gen_type_size((enum gen_type)o->type);
	o->kind = GEN_OPND_INDIRECT;
	o->rn = GEN_RN_GRF;
	o->ia_imm = (int16_t)(((int)rnd(&c->r, 1024 / t) - (int)(512 / t)) * (int)t);
	if (chance(&c->r, 50) && in->exec_size > 1) {
		static const uint8_t ws[] = { 1, 1, 2, 4 };
		unsigned w = PICK(&c->r, ws);
		while (w > in->exec_size)
			w /= 2;
		o->rgn = (struct gen_region){ GEN_VS_VXH, (uint8_t)w, (uint8_t)(w > 1) };
		unsigned regs = in->exec_size / w;
		o->ia_sub = regs > 16 ? 0 : (uint8_t)rnd(&c->r, 16 - regs + 1);
		return;
	}
	o->ia_sub = (uint8_t)rnd(&c->r, 16);
	do
		o->rgn = random_region(c, in->exec_size);
	while (!region_fits(in->exec_size, t, 0, &o->rgn));
}

static bool direct_src(struct gctx *c, struct gen_opnd *o)
{
	struct gen_inst *in = c->in;
	unsigned t = gen_type_size((enum gen_type)o->type);
	for (int tries = 0; tries < 16; tries++) {
		struct gen_region r = random_region(c, in->exec_size);
		unsigned sub = t * rnd(&c->r, 32 / t);
		if (chance(&c->r, 40) || (c->plain && r.vs != 0))
			sub = 0;
		if (!region_fits(in->exec_size, t, sub, &r))
			continue;
		unsigned span = region_span(in->exec_size, t, sub, &r);
		if (o->rn != GEN_RN_GRF && o->rn != GEN_RN_ACC)
			return false;
		if (o->rn == GEN_RN_ACC && o->nr == 1 && span > 32)
			continue;
		if (o->rn == GEN_RN_GRF)
			o->nr = (uint16_t)pick_grf(c, span);
		o->kind = GEN_OPND_DIRECT;
		o->sub = (uint16_t)sub;
		o->rgn = r;
		return true;
	}
	return false;
}

/* Source s of a 1- or 2-source Align1 instruction whose type is set. */
bool gen_src_a1(struct gctx *c, unsigned s, bool allow_imm, bool allow_arf)
{
	struct gen_inst *in = c->in;
	struct gen_opnd *o = &in->src[s];
	bool ind_ok = in->op != GEN_OP_MATH && !is_mixed_float(in) && !c->plain;
	allow_arf = allow_arf && !c->plain;
	if (allow_imm && (vector_imm(c, s, o) ||
	                  (chance(&c->r, 25) && gen_imm(c, o, o->type))))
		return true;
	o->rn = GEN_RN_GRF;
	if (allow_arf && chance(&c->r, 10)) {
		if (arf_src(c, o)) {
			if (o->rn != GEN_RN_ACC && o->rn != GEN_RN_A) {
				o->rgn = (struct gen_region){ 0, 1, 0 };
				return true;
			}
			gen_src_mods(c, o);
			return direct_src(c, o);
		}
		o->rn = GEN_RN_GRF;
	}
	gen_src_mods(c, o);
	if (ind_ok && chance(&c->r, 10)) {
		indirect_src(c, o);
		return true;
	}
	return direct_src(c, o);
}
