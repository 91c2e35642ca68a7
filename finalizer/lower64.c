/*
 * lower64.c - 64-bit integer operations on 32-bit pairs, for platforms
 * without Q/UQ arithmetic (caps.def native_q = 0: ICLLP, TGLLP), and the
 * DF check for platforms without DF (caps.def native_df = 0).
 *
 * Needs: builder IR (after copyprop), before legalize.  Leaves: no
 * operand of type :q/:uq anywhere; no :df operand either where the
 * platform has no DF (a raw DF copy becomes a dword pair copy, any other
 * DF use is VF_ERR_UNSUPPORTED "... is unsupported on <platform>").
 *
 * A 64-bit value stays where it is: element i of a :q region holds its
 * low dword at byte 8i and its high dword at 8i+4, so an operand becomes
 * two :ud views of the same register with doubled strides (low at the
 * operand's offset, high 4 bytes further).  docs/finalizer.md "64-bit
 * integer lowering" lists what each operation becomes and where each
 * rule comes from; in short:
 *
 *   mov q<-q          one mov of 2n dwords (NoMask, contiguous) or a
 *                     low and a high mov
 *   mov q<-d/w/b      low = source, high = asr 31 (signed) or 0
 *   mov d/w/b<-q      the low dword (truncation)
 *   add               addc low {AccWrEn}; high = acc0 + a.hi (+ b.hi);
 *                     x + 0 is a copy
 *   add a, -b         subb low {AccWrEn}; high = -acc0 + a.hi (- b.hi)
 *   mul               a.lo * b.lo in full (mul acc0 / mach / mov acc0),
 *                     high += lo32(a.lo * b.hi) + lo32(a.hi * b.lo);
 *                     d x d -> q of two dword registers is left to
 *                     dword_mul.c (next pass: it reads only the halves
 *                     used, as mulh needs), others are the first step
 *                     alone (signed mach)
 *   and/or/xor/not    each half
 *   shl/shr/asr       immediate: the halves and the bits crossing over;
 *                     variable: both 5-bit shifts, the crossing bits as
 *                     (lo >> 1) >> ~s, and a select on bit 5 of s
 *   cmp               eq: lo, then (f) hi; ne: lo, then (~f) hi;
 *                     lt/le/gt/ge: hi strict, hi eq, then (eq) lo unsigned
 *   sel.l/.ge         the 64-bit compare into a flag, then (f) sel halves
 *   (p) sel           each half
 *
 * The carry, borrow and full-product sequences go through acc0, eight
 * channels at a time (the sequences IGC's icllp binaries use for vISA
 * addc and mul, shared/corpus/icllp/ *.igc.asm; IGC Emu64OpsPass and
 * visa/HWConformity.cpp fixMulSrc1 for the rules).
 */
#include "config.h"

#include <string.h>

#include "../encoder/gen.h"
#include "../ir/ir.h"

bool ir_lower64(struct ir_prog *p);

/* A 64-bit operand as its two dword halves. */
struct pair {
	struct ir_opnd lo, hi;
};

struct l64 {
	struct ir_prog *p;
	const struct ir_inst *in;   /* the instruction being lowered */
	unsigned n;                 /* its execution size */
};

static bool is_q(unsigned t)
{
	return t == GEN_TYPE_Q || t == GEN_TYPE_UQ;
}

static bool is_signed(unsigned t)
{
	return t == GEN_TYPE_Q || t == GEN_TYPE_D || t == GEN_TYPE_W ||
	       t == GEN_TYPE_B;
}

static bool is_int(unsigned t)
{
	return !gen_type_is_float((enum gen_type)t) && t != GEN_TYPE_V &&
	       t != GEN_TYPE_UV && t != GEN_TYPE_INVALID;
}

static bool has_opnd(const struct ir_opnd *o)
{
	return o->kind == IR_O_REG || o->kind == IR_O_IND || o->kind == IR_O_IMM ||
	       o->kind == IR_O_ARF;
}

/* Does 'in' name a type the platform cannot compute with? */
static bool needs_lowering(const struct ir_prog *p, const struct ir_inst *in)
{
	const struct plat_caps *cap = &p->plat->caps;
	if (in->op == IR_OP_LABEL || ir_is_branch(in->op))
		return false;
	const struct ir_opnd *ops[4] = { &in->dst, &in->src[0], &in->src[1],
	                                 &in->src[2] };
	for (unsigned k = 0; k <= in->nsrc && k < 4; k++) {
		if (!has_opnd(ops[k]))
			continue;
		if (!cap->native_q && is_q(ops[k]->type))
			return true;
		if (!cap->native_df && ops[k]->type == GEN_TYPE_DF)
			return true;
	}
	return false;
}

/* ---- emission helpers -------------------------------------------------- */

/* A plain instruction with the lowered one's exec size, channel offset
 * and mask; with its predicate when 'pred'. */
static struct ir_inst *emit(struct l64 *c, unsigned op, bool pred,
                            struct ir_opnd d, unsigned nsrc,
                            const struct ir_opnd *s)
{
	const struct ir_inst *in = c->in;
	struct ir_inst *o = ir_emit(c->p, op, c->n);
	o->choff = in->choff;
	o->nomask = in->nomask;
	o->loc = in->loc;
	if (pred && in->pred) {
		o->pred = in->pred;
		o->pinv = in->pinv;
		o->flag = in->flag;
		o->flag_off = in->flag_off;
	}
	o->dst = d;
	o->nsrc = (uint8_t)nsrc;
	for (unsigned k = 0; k < nsrc; k++)
		o->src[k] = s[k];
	return o;
}

static struct ir_inst *op1(struct l64 *c, unsigned op, bool pred,
                           struct ir_opnd d, struct ir_opnd a)
{
	return emit(c, op, pred, d, 1, &a);
}

static struct ir_inst *op2(struct l64 *c, unsigned op, bool pred,
                           struct ir_opnd d, struct ir_opnd a, struct ir_opnd b)
{
	struct ir_opnd s[2] = { a, b };
	return emit(c, op, pred, d, 2, s);
}

/* A dword temporary of the instruction's width: as destination and as
 * source. */
struct tmp {
	struct ir_opnd d, s;
};

static struct tmp temp(struct l64 *c, enum gen_type t)
{
	uint32_t v = ir_temp(c->p, t, c->n, 1);
	return (struct tmp){ ir_dst(v, 0, t, 1),
	                     c->n == 1 ? ir_scalar(v, 0, t) : ir_vec(v, 0, t, 1) };
}

static struct ir_opnd typed(struct ir_opnd o, enum gen_type t)
{
	o.type = (uint8_t)t;
	return o;
}

static struct ir_opnd imm32(uint32_t v, enum gen_type t)
{
	return ir_imm(v, t);
}

/* ---- operand views ------------------------------------------------------ */

/* A qword source region whose dword view (strides doubled) the hardware
 * can still encode (vertical stride up to 32, horizontal up to 4); the
 * implied parts of 3-source regions are left as they are. */
static bool dword_view_fits(struct gen_region g)
{
	if (g.vs == GEN_RGN_NONE || g.vs == GEN_VS_VXH || g.w == GEN_RGN_NONE ||
	    g.hs == GEN_RGN_NONE)
		return true;
	return g.vs <= 16 && g.hs <= 2;
}

/* The same elements, in the same order, with smaller strides where the
 * region allows: a row of one element has no horizontal stride, one row
 * (the execution size n within the width) no vertical one, and rows that
 * follow each other at w * hs are one row of stride hs, <hs;1,0>.  The
 * vISA text may write <0;1,4> for a scalar; doubled, its stride 8 would
 * not encode. */
static struct gen_region one_stride(struct gen_region g, unsigned n)
{
	if (g.w == 1)
		g.hs = 0;
	if (n <= g.w)
		g.vs = (uint8_t)(g.w * g.hs);
	if (g.w > 1 && g.vs == g.w * g.hs)
		g = (struct gen_region){ g.hs, 1, 0 };
	return g;
}

/* The halves of a 64-bit register operand (no modifiers): :ud views with
 * doubled strides; the high one :d for a signed type. */
static bool reg_pair(struct l64 *c, const struct ir_opnd *o, bool dst,
                     struct pair *r)
{
	if (o->kind == IR_O_IND && o->rgn.vs == GEN_VS_VXH)
		return ir_unsupported(c->p, "a 64-bit Vx1/VxH indirect operand "
		                      "is unsupported on %s", c->p->plat->name);
	if (o->kind == IR_O_ARF && o->rn != GEN_RN_NULL)
		return ir_unsupported(c->p, "a 64-bit architecture register "
		                      "operand is unsupported on %s",
		                      c->p->plat->name);
	enum gen_type ht = is_signed(o->type) ? GEN_TYPE_D : GEN_TYPE_UD;
	r->lo = *o;
	r->lo.type = GEN_TYPE_UD;
	r->lo.mods = 0;
	if (o->kind == IR_O_ARF) {   /* null */
		r->hi = r->lo;
		r->hi.type = (uint8_t)ht;
		return true;
	}
	if (dst) {
		unsigned hs = o->rgn.hs ? o->rgn.hs : 1;
		if (hs > 2 && c->n == 1)   /* one channel: the stride is moot */
			hs = 1;
		if (hs > 2)
			return ir_unsupported(c->p, "a 64-bit destination stride of "
			                      "%u is unsupported on %s", hs,
			                      c->p->plat->name);
		r->lo.rgn.hs = (uint8_t)(hs * 2);
	} else {
		struct gen_region g = o->rgn;
		if (!dword_view_fits(g)) {
			g = one_stride(g, c->n);
			if (!dword_view_fits(g))
				return ir_unsupported(c->p, "a 64-bit source region "
				                      "<%u;%u,%u> is unsupported on %s",
				                      o->rgn.vs, o->rgn.w, o->rgn.hs,
				                      c->p->plat->name);
		}
		r->lo.rgn.vs = (uint8_t)(g.vs * 2);
		r->lo.rgn.w = g.w;
		r->lo.rgn.hs = (uint8_t)(g.hs * 2);
	}
	r->hi = r->lo;
	r->hi.type = (uint8_t)ht;
	r->hi.off += 4;
	return true;
}

/* A source of a 64-bit operation as two dword halves: a 64-bit register,
 * an immediate (extended from its own type), or a narrower integer
 * register extended into temporaries (sign or zero, by its type: the
 * execution type is 64-bit when any source is).  Modifiers are the
 * caller's. */
static bool src_pair(struct l64 *c, const struct ir_opnd *o, struct pair *r)
{
	if (o->kind == IR_O_IMM) {
		uint64_t v = o->imm;
		switch (o->type) {
		case GEN_TYPE_B: v = (uint64_t)(int64_t)(int8_t)v; break;
		case GEN_TYPE_UB: v = (uint8_t)v; break;
		case GEN_TYPE_W: v = (uint64_t)(int64_t)(int16_t)v; break;
		case GEN_TYPE_UW: v = (uint16_t)v; break;
		case GEN_TYPE_D: v = (uint64_t)(int64_t)(int32_t)v; break;
		case GEN_TYPE_UD: v = (uint32_t)v; break;
		case GEN_TYPE_Q: case GEN_TYPE_UQ: break;
		default:
			return ir_unsupported(c->p, "a :%s immediate in 64-bit "
			                      "integer arithmetic is "
			                      "unsupported on %s",
			                      gen_type_name((enum gen_type)o->type),
			                      c->p->plat->name);
		}
		r->lo = imm32((uint32_t)v, GEN_TYPE_UD);
		r->hi = imm32((uint32_t)(v >> 32), GEN_TYPE_UD);
		return true;
	}
	if (is_q(o->type))
		return reg_pair(c, o, false, r);
	if (!is_int(o->type))
		return ir_unsupported(c->p, "a :%s operand in 64-bit integer "
		                      "arithmetic is unsupported on %s",
		                      gen_type_name((enum gen_type)o->type),
		                      c->p->plat->name);
	bool sg = is_signed(o->type);
	struct tmp lo = temp(c, sg ? GEN_TYPE_D : GEN_TYPE_UD);
	struct ir_opnd s = *o;
	s.mods = 0;
	op1(c, GEN_OP_MOV, false, lo.d, s);
	r->lo = typed(lo.s, GEN_TYPE_UD);
	if (!sg) {
		r->hi = imm32(0, GEN_TYPE_UD);
		return true;
	}
	struct tmp hi = temp(c, GEN_TYPE_D);
	op2(c, GEN_OP_ASR, false, hi.d, lo.s, imm32(31, GEN_TYPE_UD));
	r->hi = hi.s;
	return true;
}

static bool is_zero(const struct ir_opnd *o)
{
	return o->kind == IR_O_IMM && (uint32_t)o->imm == 0;
}

/* May the halves of 'd' be written while the sources are still read?
 * Yes when it shares no register with them, or is one of them exactly
 * (element i's halves are read before they are written). */
static bool dst_safe(const struct ir_inst *in)
{
	const struct ir_opnd *d = &in->dst;
	if (d->kind == IR_O_ARF)
		return true;
	if (d->kind != IR_O_REG)
		return false;
	for (unsigned k = 0; k < in->nsrc; k++) {
		const struct ir_opnd *s = &in->src[k];
		if (s->kind == IR_O_IND)
			return false;
		if (s->kind != IR_O_REG || s->v != d->v)
			continue;
		if (s->off != d->off || !is_q(s->type))
			return false;
		for (unsigned i = 0; i < in->exec; i++)
			if (ir_elem_off(s, i, false) != ir_elem_off(d, i, true))
				return false;
	}
	return true;
}

/* The destination halves, or temporaries when the destination may not
 * be written early (then 'store' copies them over at the end). */
static void tmp_dst_pair(struct l64 *c, struct pair *r)
{
	enum gen_type ht = is_signed(c->in->dst.type) ? GEN_TYPE_D : GEN_TYPE_UD;
	struct tmp lo = temp(c, GEN_TYPE_UD), hi = temp(c, ht);
	r->lo = lo.d;
	r->hi = hi.d;
}

static bool dst_pair(struct l64 *c, struct pair *r, bool *via_tmp)
{
	*via_tmp = !dst_safe(c->in);
	if (!*via_tmp)
		return reg_pair(c, &c->in->dst, true, r);
	tmp_dst_pair(c, r);
	return true;
}

static bool same_reg(const struct ir_opnd *a, const struct ir_opnd *b)
{
	return a->kind == IR_O_REG && b->kind == IR_O_REG && a->v == b->v;
}

static struct ir_opnd as_src(struct l64 *c, const struct ir_opnd *d)
{
	struct ir_opnd s = *d;
	s.rgn = c->n == 1 ? (struct gen_region){ 0, 1, 0 }
	                  : (struct gen_region){ d->rgn.hs, 1, 0 };
	return s;
}

static bool store(struct l64 *c, const struct pair *t)
{
	struct pair d;
	if (!reg_pair(c, &c->in->dst, true, &d))
		return false;
	op1(c, GEN_OP_MOV, true, d.lo, as_src(c, &t->lo));
	op1(c, GEN_OP_MOV, true, d.hi, as_src(c, &t->hi));
	return true;
}

/* ---- accumulator sequences, eight channels at a time ------------------- */

/* Part of an operand for channels [ch, ch + k). */
static struct ir_opnd part(const struct ir_opnd *o, unsigned ch, bool dst)
{
	struct ir_opnd r = *o;
	if ((o->kind == IR_O_REG || o->kind == IR_O_IND) &&
	    (dst || !ir_opnd_is_scalar(o)))
		r.off += ir_elem_off(o, ch, dst);
	return r;
}

static struct ir_opnd acc(unsigned k, enum gen_type t)
{
	struct ir_opnd a = ir_arf(GEN_RN_ACC, 0, 0, t);
	a.rgn = k == 1 ? (struct gen_region){ 0, 1, 0 }
	               : (struct gen_region){ (uint8_t)k, (uint8_t)k, 1 };
	return a;
}

/* Channels per accumulator step: eight, or four when an operand is a
 * strided dword view (eight of them span two GRFs, and the split pass
 * would cut the step in two: the accumulator is indexed by the channel
 * within the instruction, so the halves of a carry sequence must not be
 * interleaved). */
static unsigned acc_step(unsigned n, const struct ir_opnd *const *o,
                         unsigned no, unsigned ndst)
{
	unsigned step = 8;
	for (unsigned k = 0; k < no; k++) {
		if (o[k] && (o[k]->kind == IR_O_REG || o[k]->kind == IR_O_IND) &&
		    ir_elem_off(o[k], 1, k < ndst) > 4)
			step = 4;
	}
	return n < step ? n : step;
}

static struct ir_inst *chunk(struct l64 *c, unsigned op, bool pred,
                             unsigned ch, unsigned k, struct ir_opnd d,
                             struct ir_opnd a, struct ir_opnd b, unsigned nsrc)
{
	struct ir_opnd s[2] = { a, b };
	struct ir_inst *o = emit(c, op, pred, d, nsrc, s);
	o->exec = (uint8_t)k;
	o->choff = (uint8_t)(c->in->choff + ch);
	return o;
}

/* A register copy of an immediate (mach and the sequences below take
 * register sources). */
static struct ir_opnd in_reg(struct l64 *c, struct ir_opnd o, enum gen_type t)
{
	if (o.kind != IR_O_IMM)
		return o;
	uint32_t v = ir_temp(c->p, t, 1, 1);
	struct ir_inst *mv = ir_op1(c->p, GEN_OP_MOV, 1, true,
	                            ir_dst(v, 0, t, 1), typed(o, t));
	mv->loc = c->in->loc;
	return ir_scalar(v, 0, t);
}

/* lo/hi = the 64-bit product of dwords a and b (signed or not); either
 * destination may be NULL (a low-only product still needs the mach: it
 * leaves the low 32 bits in acc0). */
static void mul_full(struct l64 *c, const struct ir_opnd *lo,
                     const struct ir_opnd *hi, struct ir_opnd a,
                     struct ir_opnd b, bool sg, bool pred)
{
	enum gen_type t = sg ? GEN_TYPE_D : GEN_TYPE_UD;
	if (a.kind == IR_O_IMM) {
		struct ir_opnd x = a;
		a = b;
		b = x;
	}
	a = in_reg(c, typed(a, t), t);
	b = in_reg(c, typed(b, t), t);
	struct ir_opnd bw = b;   /* the low words of b */
	bw.type = GEN_TYPE_UW;
	bw.rgn.vs = (uint8_t)(b.rgn.vs * 2);
	bw.rgn.hs = (uint8_t)(b.rgn.hs * 2);
	const struct ir_opnd *ops[4] = { lo, hi, &a, &b };
	unsigned step = acc_step(c->n, ops, 4, 2);
	for (unsigned ch = 0; ch < c->n; ch += step) {
		unsigned k = c->n - ch < step ? c->n - ch : step;
		struct ir_opnd pa = part(&a, ch, false), pb = part(&b, ch, false);
		struct ir_inst *m = chunk(c, GEN_OP_MUL, false, ch, k,
		                          ir_arf(GEN_RN_ACC, 0, 0, t), pa,
		                          part(&bw, ch, false), 2);
		m->dst.rgn = (struct gen_region){ 0, 0, 1 };
		m->nomask = true;
		m->choff = 0;
		struct ir_opnd hd = hi ? part(hi, ch, true) : ir_null(t);
		hd.type = (uint8_t)t;
		struct ir_inst *h = chunk(c, GEN_OP_MACH, hi && pred, ch, k, hd,
		                          pa, pb, 2);
		h->opts |= GEN_OPT_ACCWREN;
		if (lo)
			chunk(c, GEN_OP_MOV, pred, ch, k,
			      typed(part(lo, ch, true), t), acc(k, t),
			      ir_null(t), 1);
	}
}

/* ---- operations ---------------------------------------------------------- */

/* Each half on its own: mov, and, or, xor, not, (p) sel. */
static bool per_half(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	struct pair s[2], d;
	bool via;
	for (unsigned k = 0; k < in->nsrc; k++) {
		if (in->src[k].mods)
			return ir_unsupported(c->p, "a source modifier on a "
			                      "64-bit %s is unsupported on %s",
			                      gen_op_table[in->op].mnemonic,
			                      c->p->plat->name);
		if (!src_pair(c, &in->src[k], &s[k]))
			return false;
	}
	if (!dst_pair(c, &d, &via))
		return false;
	struct ir_opnd lo[2] = { s[0].lo, s[1].lo }, hi[2] = { s[0].hi, s[1].hi };
	lo[0].type = hi[0].type = GEN_TYPE_UD;
	emit(c, in->op, true, d.lo, in->nsrc, lo);
	emit(c, in->op, true, typed(d.hi, GEN_TYPE_UD), in->nsrc, hi);
	return !via || store(c, &d);
}

/* A send payload temporary: what its disabled channels hold is never
 * read, so a copy into it may write them too. */
static bool payload_temp(const struct ir_prog *p, const struct ir_opnd *d)
{
	if (d->kind != IR_O_REG)
		return false;
	const struct ir_vreg *r = &p->vregs.a[d->v];
	return (r->flags & IR_V_WHOLE_GRF) &&
	       !(r->flags & (IR_V_PINNED | IR_V_GLOBAL | IR_V_LIVE_IN));
}

/* mov q<-q: an unpredicated contiguous copy that may write every channel
 * (NoMask, or into a payload temporary) is one mov of twice the dwords;
 * a scalar broadcast repeats the pair (<0;2,1>). */
static bool copy64(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	const struct ir_opnd *d = &in->dst, *s = &in->src[0];
	bool all = in->nomask || payload_temp(c->p, d);
	bool scalar = s->kind == IR_O_REG && ir_opnd_is_scalar(s);
	bool flat = all && !in->pred && !in->cmod && d->kind == IR_O_REG &&
	            s->kind == IR_O_REG && d->rgn.hs <= 1 && 2 * in->exec <= 32 &&
	            (scalar || (s->rgn.vs == 1 && s->rgn.w == 1)) &&
	            (d->v != s->v || d->off == s->off) && !s->mods;
	if (!flat)
		return per_half(c);
	struct ir_opnd src = ir_vec(s->v, s->off, GEN_TYPE_UD, 1);
	if (scalar && in->exec > 1)
		src.rgn = (struct gen_region){ 0, 2, 1 };
	struct ir_inst *m = ir_op1(c->p, GEN_OP_MOV, 2 * in->exec, true,
	                           ir_dst(d->v, d->off, GEN_TYPE_UD, 1), src);
	m->loc = in->loc;
	return true;
}

/* mov between a 64-bit integer and a narrower one. */
static bool convert(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	const struct ir_opnd *d = &in->dst, *s = &in->src[0];
	const char *pn = c->p->plat->name;
	if (!is_int(d->type) || !is_int(s->type))
		return ir_unsupported(c->p, "conversion between :%s and :%s is "
		                      "unsupported on %s",
		                      gen_type_name((enum gen_type)d->type),
		                      gen_type_name((enum gen_type)s->type), pn);
	if (in->sat)
		return ir_unsupported(c->p, "saturated 64-bit integer "
		                      "conversion is unsupported on %s", pn);
	if (is_q(s->type)) {   /* truncation: the low dword */
		struct pair sp;
		if (!reg_pair(c, s, false, &sp))
			return false;
		struct ir_inst *m = ir_emit_copy(c->p, in);
		m->src[0] = sp.lo;
		m->src[0].type = (uint8_t)(is_signed(s->type) ? GEN_TYPE_D
		                                             : GEN_TYPE_UD);
		m->src[0].mods = s->mods;
		return true;
	}
	if (in->cmod || s->mods)
		return ir_unsupported(c->p, "a modifier on a 64-bit extension "
		                      "is unsupported on %s", pn);
	struct pair d2;
	bool via;
	if (!dst_pair(c, &d2, &via))
		return false;
	bool sg = is_signed(s->type);
	if (s->kind == IR_O_IMM) {
		struct pair ip;
		if (!src_pair(c, s, &ip))
			return false;
		op1(c, GEN_OP_MOV, true, d2.lo, ip.lo);
		op1(c, GEN_OP_MOV, true, typed(d2.hi, GEN_TYPE_UD), ip.hi);
	} else {
		/* the high half first, from the source: asr by 31 gives the
		 * sign of any signed integer type (the count is masked to the
		 * type's width) */
		if (sg)
			op2(c, GEN_OP_ASR, true, typed(d2.hi, GEN_TYPE_D), *s,
			    imm32(31, GEN_TYPE_UD));
		else
			op1(c, GEN_OP_MOV, true, typed(d2.hi, GEN_TYPE_UD),
			    imm32(0, GEN_TYPE_UD));
		op1(c, GEN_OP_MOV, true, typed(d2.lo, sg ? GEN_TYPE_D : GEN_TYPE_UD),
		    *s);
	}
	return !via || store(c, &d2);
}

/* add (a - b when b is negated): carry or borrow through acc0. */
static bool add64(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	const char *pn = c->p->plat->name;
	struct ir_opnd a = in->src[0], b = in->src[1];
	if (in->sat || in->cmod)
		return ir_unsupported(c->p, "a saturated or conditional 64-bit "
		                      "add is unsupported on %s", pn);
	if ((a.mods | b.mods) & GEN_MOD_ABS)
		return ir_unsupported(c->p, "(abs) on a 64-bit add is "
		                      "unsupported on %s", pn);
	if ((a.mods & GEN_MOD_NEG) && !(b.mods & GEN_MOD_NEG)) {
		a = in->src[1];
		b = in->src[0];
	}
	if (a.mods & GEN_MOD_NEG) {
		/* -a + -b = 0 - (a + b): the sum into a 64-bit temporary
		 * (every channel of the mask, no predicate), then the
		 * instruction as a subtraction from zero */
		enum gen_type qt = (enum gen_type)in->dst.type;
		uint32_t v = ir_temp(c->p, qt, c->n, 1);
		struct ir_inst sum = *in;
		sum.pred = 0;
		sum.pinv = false;
		sum.flag = 0;
		sum.flag_off = 0;
		sum.src[0].mods = 0;
		sum.src[1].mods = 0;
		sum.dst = ir_dst(v, 0, qt, 1);
		struct ir_inst neg = *in;
		neg.src[0] = ir_imm(0, qt);
		neg.src[1] = c->n == 1 ? ir_scalar(v, 0, qt) : ir_vec(v, 0, qt, 1);
		neg.src[1].mods = GEN_MOD_NEG;
		c->in = &sum;
		bool ok = add64(c);
		c->in = &neg;
		ok = ok && add64(c);
		c->in = in;
		return ok;
	}
	bool sub = b.mods & GEN_MOD_NEG;
	if (sub && b.kind == IR_O_IMM) {   /* a - imm = a + (-imm) */
		struct pair ib;
		if (!src_pair(c, &b, &ib))
			return false;
		uint64_t v = ((uint64_t)(uint32_t)ib.hi.imm << 32) |
		             (uint32_t)ib.lo.imm;
		b = ir_imm(0 - v, GEN_TYPE_UQ);
		sub = false;
	}
	if (!sub && a.kind == IR_O_IMM) {
		struct ir_opnd x = a;
		a = b;
		b = x;
	}
	if (!sub && b.kind == IR_O_IMM && b.imm == 0 && is_q(a.type) &&
	    is_q(in->dst.type) && !a.mods) {
		/* x + 0 (an A64 base of zero): a copy */
		struct ir_inst mv = *in;
		mv.op = GEN_OP_MOV;
		mv.nsrc = 1;
		mv.src[0] = a;
		c->in = &mv;
		bool ok = copy64(c);
		c->in = in;
		return ok;
	}
	struct pair pa, pb, d;
	bool via;
	if (!src_pair(c, &a, &pa) || !src_pair(c, &b, &pb) ||
	    !dst_pair(c, &d, &via))
		return false;
	if (!sub && is_zero(&pa.hi) && !is_zero(&pb.hi) &&
	    pb.lo.kind != IR_O_IMM) {
		struct pair x = pa;
		pa = pb;
		pb = x;
	}
	/* b.hi is read after d.hi is written: b may not be the destination
	 * (dst_safe lets a destination be a source); a may, it is read by
	 * the instruction that writes d.hi */
	if (!via && !is_zero(&pb.hi) && same_reg(&pb.hi, &d.hi)) {
		if (!sub && !same_reg(&pa.hi, &d.hi)) {
			struct pair x = pa;
			pa = pb;
			pb = x;
		} else {
			tmp_dst_pair(c, &d);
			via = true;
		}
	}
	pa.lo = in_reg(c, pa.lo, GEN_TYPE_UD);
	const struct ir_opnd *ops[6] = { &d.lo, &d.hi, &pa.lo, &pa.hi, &pb.lo,
	                                 &pb.hi };
	unsigned step = acc_step(c->n, ops, 6, 2);
	for (unsigned ch = 0; ch < c->n; ch += step) {
		unsigned k = c->n - ch < step ? c->n - ch : step;
		struct ir_opnd dl = part(&d.lo, ch, true), dh = part(&d.hi, ch, true);
		struct ir_opnd al = part(&pa.lo, ch, false), ah = part(&pa.hi, ch, false);
		struct ir_opnd bl = part(&pb.lo, ch, false), bh = part(&pb.hi, ch, false);
		bl.mods = 0;
		bh.mods = 0;
		struct ir_inst *lo = chunk(c, sub ? GEN_OP_SUBB : GEN_OP_ADDC, true,
		                           ch, k, dl, al, bl, 2);
		lo->opts |= GEN_OPT_ACCWREN;
		/* high = (+/-)carry + a.hi (+/- b.hi) */
		struct ir_opnd cy = acc(k, sub ? GEN_TYPE_D : GEN_TYPE_UD);
		if (sub)
			cy.mods = GEN_MOD_NEG;
		dh.type = sub ? GEN_TYPE_D : GEN_TYPE_UD;
		ah.type = dh.type;
		chunk(c, GEN_OP_ADD, true, ch, k, dh, cy, ah, 2);
		if (is_zero(&bh))
			continue;
		struct ir_opnd dsrc = as_src(c, &dh);
		if (k == 1)
			dsrc.rgn = (struct gen_region){ 0, 1, 0 };
		bh.type = dh.type;
		if (sub)
			bh.mods = GEN_MOD_NEG;
		chunk(c, GEN_OP_ADD, true, ch, k, dh, dsrc, bh, 2);
	}
	return !via || store(c, &d);
}

/* A dword x dword -> q product that dword_mul.c (the next pass) builds
 * with the accumulator sequence, reading only the halves that are used
 * (mulh): both sources dword registers or dword immediates outside the
 * word range, no modifiers. */
static bool dword_product(const struct ir_inst *in)
{
	if (in->op != GEN_OP_MUL || in->nsrc != 2 || !is_q(in->dst.type) ||
	    in->sat || in->cmod)
		return false;
	for (unsigned k = 0; k < 2; k++) {
		const struct ir_opnd *o = &in->src[k];
		if ((o->type != GEN_TYPE_D && o->type != GEN_TYPE_UD) || o->mods)
			return false;
		if (o->kind == IR_O_IMM) {
			int64_t v = o->type == GEN_TYPE_D ? (int64_t)(int32_t)o->imm
			                                  : (int64_t)(uint32_t)o->imm;
			if (v >= -32768 && v <= 65535)
				return false;
		} else if (o->kind != IR_O_REG) {
			return false;
		}
	}
	return true;
}

/* mul: q <- d x d (full product), or the low 64 bits of a 64-bit
 * product. */
static bool mul64(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	const char *pn = c->p->plat->name;
	if (in->sat || in->cmod || in->src[0].mods || in->src[1].mods)
		return ir_unsupported(c->p, "a modifier on a 64-bit multiply "
		                      "is unsupported on %s", pn);
	if (!is_q(in->dst.type))
		return ir_unsupported(c->p, "a 64-bit multiply into :%s is "
		                      "unsupported on %s",
		                      gen_type_name((enum gen_type)in->dst.type),
		                      pn);
	struct pair d;
	bool via;
	if (!dst_pair(c, &d, &via))
		return false;
	if (!is_q(in->src[0].type) && !is_q(in->src[1].type)) {
		/* d x d -> q: the product of the 32-bit values */
		bool sg = is_signed(in->src[0].type) || is_signed(in->src[1].type);
		struct ir_opnd a = in->src[0], b = in->src[1];
		for (unsigned k = 0; k < 2; k++) {
			struct ir_opnd *o = k ? &b : &a;
			if (o->kind != IR_O_IMM && gen_type_size((enum gen_type)o->type) < 4) {
				struct tmp t = temp(c, sg ? GEN_TYPE_D : GEN_TYPE_UD);
				op1(c, GEN_OP_MOV, false, t.d, *o);
				*o = t.s;
			} else if (o->kind == IR_O_IMM) {
				struct pair ip;
				if (!src_pair(c, o, &ip))
					return false;
				*o = ip.lo;
			}
		}
		mul_full(c, &d.lo, &d.hi, a, b, sg, true);
		return !via || store(c, &d);
	}
	struct pair a, b;
	if (!src_pair(c, &in->src[0], &a) || !src_pair(c, &in->src[1], &b))
		return false;
	/* low 64 bits of (a.hi:a.lo) x (b.hi:b.lo) =
	 *   a.lo x b.lo + ((a.lo x b.hi + a.hi x b.lo) << 32) */
	struct tmp plo = temp(c, GEN_TYPE_UD), phi = temp(c, GEN_TYPE_UD);
	mul_full(c, &plo.d, &phi.d, a.lo, b.lo, false, false);
	struct ir_opnd hi = phi.s;
	const struct ir_opnd *x[2][2] = { { &a.lo, &b.hi }, { &a.hi, &b.lo } };
	for (unsigned k = 0; k < 2; k++) {
		if (is_zero(x[k][0]) || is_zero(x[k][1]))
			continue;
		struct tmp cross = temp(c, GEN_TYPE_UD);
		mul_full(c, &cross.d, NULL, typed(*x[k][0], GEN_TYPE_UD),
		         typed(*x[k][1], GEN_TYPE_UD), false, false);
		struct tmp sum = temp(c, GEN_TYPE_UD);
		op2(c, GEN_OP_ADD, false, sum.d, hi, cross.s);
		hi = sum.s;
	}
	op1(c, GEN_OP_MOV, true, d.lo, plo.s);
	op1(c, GEN_OP_MOV, true, typed(d.hi, GEN_TYPE_UD), hi);
	return !via || store(c, &d);
}

/* shl/shr/asr of a 64-bit value. */
static bool shift64(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	const char *pn = c->p->plat->name;
	unsigned op = in->op;
	if (in->sat || in->cmod || in->src[0].mods || in->src[1].mods)
		return ir_unsupported(c->p, "a modifier on a 64-bit shift is "
		                      "unsupported on %s", pn);
	if (!is_q(in->src[0].type) || !is_q(in->dst.type))
		return ir_unsupported(c->p, "a 64-bit shift between :%s and "
		                      ":%s is unsupported on %s",
		                      gen_type_name((enum gen_type)in->dst.type),
		                      gen_type_name((enum gen_type)in->src[0].type),
		                      pn);
	struct pair a, d;
	bool via;
	if (!src_pair(c, &in->src[0], &a) || !dst_pair(c, &d, &via))
		return false;
	bool ar = op == GEN_OP_ASR;
	struct ir_opnd ahi = typed(a.hi, ar ? GEN_TYPE_D : GEN_TYPE_UD);
	struct ir_opnd dhi = typed(d.hi, ar ? GEN_TYPE_D : GEN_TYPE_UD);
	struct ir_opnd s = in->src[1];
	if (s.kind == IR_O_IMM) {
		unsigned k = (unsigned)s.imm & 63;
		if (k == 0) {
			op1(c, GEN_OP_MOV, true, d.lo, a.lo);
			op1(c, GEN_OP_MOV, true, typed(dhi, GEN_TYPE_UD),
			    typed(a.hi, GEN_TYPE_UD));
		} else if (op == GEN_OP_SHL && k >= 32) {
			op2(c, GEN_OP_SHL, true, typed(dhi, GEN_TYPE_UD), a.lo,
			    imm32(k - 32, GEN_TYPE_UD));
			op1(c, GEN_OP_MOV, true, d.lo, imm32(0, GEN_TYPE_UD));
		} else if (op == GEN_OP_SHL) {
			struct tmp t1 = temp(c, GEN_TYPE_UD), t2 = temp(c, GEN_TYPE_UD);
			op2(c, GEN_OP_SHL, false, t1.d, typed(a.hi, GEN_TYPE_UD),
			    imm32(k, GEN_TYPE_UD));
			op2(c, GEN_OP_SHR, false, t2.d, a.lo, imm32(32 - k, GEN_TYPE_UD));
			op2(c, GEN_OP_OR, true, typed(dhi, GEN_TYPE_UD), t1.s, t2.s);
			op2(c, GEN_OP_SHL, true, d.lo, a.lo, imm32(k, GEN_TYPE_UD));
		} else if (k >= 32) {
			op2(c, op, true, typed(d.lo, ar ? GEN_TYPE_D : GEN_TYPE_UD), ahi,
			    imm32(k - 32, GEN_TYPE_UD));
			if (ar)
				op2(c, GEN_OP_ASR, true, dhi, ahi, imm32(31, GEN_TYPE_UD));
			else
				op1(c, GEN_OP_MOV, true, dhi, imm32(0, GEN_TYPE_UD));
		} else {
			struct tmp t1 = temp(c, GEN_TYPE_UD), t2 = temp(c, GEN_TYPE_UD);
			op2(c, GEN_OP_SHR, false, t1.d, a.lo, imm32(k, GEN_TYPE_UD));
			op2(c, GEN_OP_SHL, false, t2.d, typed(a.hi, GEN_TYPE_UD),
			    imm32(32 - k, GEN_TYPE_UD));
			op2(c, GEN_OP_OR, true, d.lo, t1.s, t2.s);
			op2(c, op, true, dhi, ahi, imm32(k, GEN_TYPE_UD));
		}
		return !via || store(c, &d);
	}
	/* variable amount: Gen shifts dwords by the count's low 5 bits */
	if (is_q(s.type)) {
		struct pair sp;
		if (!reg_pair(c, &s, false, &sp))
			return false;
		s = sp.lo;
	} else if (gen_type_size((enum gen_type)s.type) != 4) {
		struct tmp w = temp(c, GEN_TYPE_UD);
		op1(c, GEN_OP_MOV, false, w.d, s);
		s = w.s;
	}
	s.type = GEN_TYPE_UD;
	struct tmp lo = temp(c, GEN_TYPE_UD), hi = temp(c, ar ? GEN_TYPE_D
	                                                      : GEN_TYPE_UD);
	struct tmp x = temp(c, GEN_TYPE_UD), ns = temp(c, GEN_TYPE_UD);
	op1(c, GEN_OP_NOT, false, ns.d, typed(s, GEN_TYPE_UD));
	if (op == GEN_OP_SHL) {
		op2(c, GEN_OP_SHL, false, lo.d, a.lo, s);
		op2(c, GEN_OP_SHL, false, hi.d, typed(a.hi, GEN_TYPE_UD), s);
		op2(c, GEN_OP_SHR, false, x.d, a.lo, imm32(1, GEN_TYPE_UD));
		op2(c, GEN_OP_SHR, false, x.d, x.s, ns.s);
		op2(c, GEN_OP_OR, false, hi.d, hi.s, x.s);
	} else {
		op2(c, GEN_OP_SHR, false, lo.d, a.lo, s);
		op2(c, op, false, hi.d, ahi, s);
		op2(c, GEN_OP_SHL, false, x.d, typed(a.hi, GEN_TYPE_UD),
		    imm32(1, GEN_TYPE_UD));
		op2(c, GEN_OP_SHL, false, x.d, x.s, ns.s);
		op2(c, GEN_OP_OR, false, lo.d, lo.s, x.s);
	}
	/* bit 5 of the count: the result crosses a whole half */
	uint32_t f = ir_flag_new(c->p, (unsigned)in->exec + in->choff);
	struct ir_inst *t = op2(c, GEN_OP_AND, false, ir_null(GEN_TYPE_UD),
	                        typed(s, GEN_TYPE_UD), imm32(32, GEN_TYPE_UD));
	t->cmod = GEN_CMOD_NE;
	t->flag = f;
	struct pair r = d;
	bool late = in->pred != 0;   /* the selects take the flag's predicate */
	if (late) {
		struct tmp rl = temp(c, GEN_TYPE_UD), rh = temp(c, GEN_TYPE_UD);
		r.lo = rl.d;
		r.hi = rh.d;
	}
	struct ir_opnd big_lo, big_hi, small_lo = lo.s, small_hi = hi.s;
	if (op == GEN_OP_SHL) {
		big_hi = lo.s;
		big_lo = imm32(0, GEN_TYPE_UD);
	} else {
		big_lo = hi.s;
		if (ar) {
			struct tmp sgn = temp(c, GEN_TYPE_D);
			op2(c, GEN_OP_ASR, false, sgn.d, ahi, imm32(31, GEN_TYPE_UD));
			big_hi = sgn.s;
		} else {
			big_hi = imm32(0, GEN_TYPE_UD);
		}
	}
	struct ir_opnd outs[2][3] = { { r.lo, big_lo, small_lo },
	                              { r.hi, big_hi, small_hi } };
	for (unsigned h = 0; h < 2; h++) {
		struct ir_opnd dd = typed(outs[h][0], GEN_TYPE_UD);
		struct ir_opnd big = typed(outs[h][1], GEN_TYPE_UD);
		struct ir_opnd small = typed(outs[h][2], GEN_TYPE_UD);
		bool imm_big = big.kind == IR_O_IMM;
		/* sel takes src0 where the predicate holds; an immediate goes
		 * to src1 with the predicate inverted */
		struct ir_inst *sl = op2(c, GEN_OP_SEL, false, dd,
		                         imm_big ? small : big, imm_big ? big : small);
		sl->pred = GEN_PRED_NORMAL;
		sl->pinv = imm_big;
		sl->flag = f;
	}
	if (late) {
		struct pair out;
		if (!reg_pair(c, &in->dst, true, &out))
			return false;
		struct pair tr = { as_src(c, &r.lo), as_src(c, &r.hi) };
		op1(c, GEN_OP_MOV, true, out.lo, tr.lo);
		op1(c, GEN_OP_MOV, true, typed(out.hi, GEN_TYPE_UD), tr.hi);
		return true;
	}
	return !via || store(c, &d);
}

/* The 64-bit comparison a <cm> b into flag (fv, foff), one flag only (a
 * Gen instruction's predicate and condition share their flag register);
 * a predicated compare writes the flag bits of its enabled channels
 * only.
 *   eq:  cmp.eq f lo;  (f) cmp.eq f hi
 *   ne:  cmp.ne f lo;  (~f) cmp.ne f hi
 *   lt:  cmp.eq f hi;  (f) cmp.lt f lo (unsigned);  (~f) cmp.lt f hi
 * (le/gt/ge alike: the low dwords compare with the relation itself, the
 * high ones strictly). */
static void compare(struct l64 *c, unsigned cm, const struct pair *a,
                    const struct pair *b, bool sg, uint32_t fv, uint16_t foff)
{
	enum gen_type ht = sg ? GEN_TYPE_D : GEN_TYPE_UD;
	struct ir_opnd ah = typed(a->hi, ht), bh = typed(b->hi, ht);
	struct ir_opnd al = typed(a->lo, GEN_TYPE_UD), bl = typed(b->lo, GEN_TYPE_UD);
	/* (relation, predicate: 0 none, 1 f, 2 ~f, sources) per step; each
	 * instruction is completed before the next is appended (ir_emit
	 * may move the array) */
	struct step {
		unsigned cm, pred;
		struct ir_opnd x, y;
	} st[3];
	unsigned n;
	if (cm == GEN_CMOD_EQ || cm == GEN_CMOD_NE) {
		st[0] = (struct step){ cm, 0, al, bl };
		st[1] = (struct step){ cm, cm == GEN_CMOD_NE ? 2u : 1u,
		                       typed(ah, GEN_TYPE_UD), typed(bh, GEN_TYPE_UD) };
		n = 2;
	} else {
		unsigned strict = cm == GEN_CMOD_LT || cm == GEN_CMOD_LE
		                  ? GEN_CMOD_LT : GEN_CMOD_GT;
		st[0] = (struct step){ GEN_CMOD_EQ, 0, ah, bh };
		st[1] = (struct step){ cm, 1, al, bl };
		st[2] = (struct step){ strict, 2, ah, bh };
		n = 3;
	}
	for (unsigned k = 0; k < n; k++) {
		struct ir_inst *i = op2(c, GEN_OP_CMP, false,
		                        ir_null((enum gen_type)st[k].x.type),
		                        st[k].x, st[k].y);
		i->cmod = (uint8_t)st[k].cm;
		i->flag = fv;
		i->flag_off = foff;
		if (st[k].pred) {
			i->pred = GEN_PRED_NORMAL;
			i->pinv = st[k].pred == 2;
		}
	}
}

/* The two sources of a compare or min/max as pairs (no modifiers). */
static bool two_pairs(struct l64 *c, struct pair *a, struct pair *b)
{
	const struct ir_inst *in = c->in;
	if (in->src[0].mods || in->src[1].mods)
		return ir_unsupported(c->p, "a source modifier on a 64-bit %s "
		                      "is unsupported on %s",
		                      gen_op_table[in->op].mnemonic,
		                      c->p->plat->name);
	return src_pair(c, &in->src[0], a) && src_pair(c, &in->src[1], b);
}

static bool signed_op(const struct ir_inst *in)
{
	for (unsigned k = 0; k < 2; k++)
		if (is_q(in->src[k].type))
			return is_signed(in->src[k].type);
	return is_signed(in->src[0].type);
}

/* cmp.rel: into the instruction's flag, and -1/0 into a register
 * destination. */
static bool cmp64(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	if (in->pred)
		return ir_unsupported(c->p, "a predicated 64-bit compare is "
		                      "unsupported on %s", c->p->plat->name);
	struct pair a, b;
	if (!two_pairs(c, &a, &b))
		return false;
	compare(c, in->cmod, &a, &b, signed_op(in), in->flag, in->flag_off);
	const struct ir_opnd *d = &in->dst;
	if (d->kind == IR_O_ARF && d->rn == GEN_RN_NULL)
		return true;
	struct ir_opnd parts[2];
	unsigned np = 1;
	if (is_q(d->type)) {
		struct pair dp;
		if (!reg_pair(c, d, true, &dp))
			return false;
		parts[0] = dp.lo;
		parts[1] = typed(dp.hi, GEN_TYPE_UD);
		np = 2;
	} else {
		parts[0] = *d;
	}
	for (unsigned k = 0; k < np; k++) {
		enum gen_type t = (enum gen_type)parts[k].type;
		op1(c, GEN_OP_MOV, false, parts[k], imm32(0, t));
		struct ir_inst *m = op1(c, GEN_OP_MOV, false, parts[k],
		                        imm32(gen_type_size(t) == 1 ? 0xFF
		                              : gen_type_size(t) == 2 ? 0xFFFF
		                              : 0xFFFFFFFFu, t));
		m->pred = GEN_PRED_NORMAL;
		m->flag = in->flag;
		m->flag_off = in->flag_off;
	}
	return true;
}

/* sel: with a condition (min .l, max .ge) the 64-bit compare picks the
 * halves; with a predicate each half is selected on its own. */
static bool sel64(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	if (!in->cmod)
		return per_half(c);
	if (in->pred || in->sat)
		return ir_unsupported(c->p, "a predicated or saturated 64-bit "
		                      "min/max is unsupported on %s",
		                      c->p->plat->name);
	struct pair a, b, d;
	bool via;
	if (!two_pairs(c, &a, &b) || !dst_pair(c, &d, &via))
		return false;
	uint32_t f = ir_flag_new(c->p, (unsigned)in->exec + in->choff);
	compare(c, in->cmod, &a, &b, signed_op(in), f, 0);
	struct ir_opnd dd[2] = { d.lo, typed(d.hi, GEN_TYPE_UD) };
	struct ir_opnd s0[2] = { typed(a.lo, GEN_TYPE_UD), typed(a.hi, GEN_TYPE_UD) };
	struct ir_opnd s1[2] = { typed(b.lo, GEN_TYPE_UD), typed(b.hi, GEN_TYPE_UD) };
	for (unsigned h = 0; h < 2; h++) {
		bool swap = s0[h].kind == IR_O_IMM;
		struct ir_inst *sl = op2(c, GEN_OP_SEL, false, dd[h],
		                         swap ? s1[h] : s0[h], swap ? s0[h] : s1[h]);
		sl->pred = GEN_PRED_NORMAL;
		sl->pinv = swap;
		sl->flag = f;
	}
	return !via || store(c, &d);
}

/* A send moves bytes: its 64-bit operand types say nothing. */
static void retype_send(struct ir_inst *in)
{
	struct ir_opnd *ops[3] = { &in->dst, &in->src[0], &in->src[1] };
	for (unsigned k = 0; k < 3; k++)
		if (is_q(ops[k]->type) || ops[k]->type == GEN_TYPE_DF)
			ops[k]->type = GEN_TYPE_UD;
}

static bool lower(struct l64 *c)
{
	const struct ir_inst *in = c->in;
	const char *pn = c->p->plat->name;
	bool df = false;
	const struct ir_opnd *ops[4] = { &in->dst, &in->src[0], &in->src[1],
	                                 &in->src[2] };
	for (unsigned k = 0; k <= in->nsrc && k < 4; k++)
		df = df || (has_opnd(ops[k]) && ops[k]->type == GEN_TYPE_DF);
	if (in->reloc) {
		/* a symbol's address (faddr): the loader patches the 64-bit
		 * immediate of this one mov (docs/finalizer.md, open problems) */
		ir_emit_copy(c->p, in);
		return true;
	}
	if (ir_is_send(in->op)) {
		struct ir_inst *s = ir_emit_copy(c->p, in);
		retype_send(s);
		return true;
	}
	if (df) {
		/* raw DF copies move bits; DF arithmetic does not exist here */
		bool raw = in->op == GEN_OP_MOV && in->dst.type == GEN_TYPE_DF &&
		           in->src[0].type == GEN_TYPE_DF && !in->src[0].mods &&
		           !in->sat && !in->cmod && in->src[0].kind != IR_O_IMM;
		if (!raw || c->p->plat->caps.native_df)
			return ir_unsupported(c->p, "DF (double) %s is "
			                      "unsupported on %s",
			                      gen_op_table[in->op].mnemonic, pn);
		struct ir_inst q = *in;
		q.dst.type = GEN_TYPE_UQ;
		q.src[0].type = GEN_TYPE_UQ;
		c->in = &q;
		bool ok = copy64(c);
		c->in = in;
		return ok;
	}
	switch (in->op) {
	case GEN_OP_MOV:
		if (in->cmod && is_q(in->dst.type))
			return ir_unsupported(c->p, "a condition on a 64-bit "
			                      "mov is unsupported on %s", pn);
		if (is_q(in->dst.type) && is_q(in->src[0].type) && !in->sat)
			return copy64(c);
		return convert(c);
	case GEN_OP_AND: case GEN_OP_OR: case GEN_OP_XOR: case GEN_OP_NOT:
		if (in->cmod || in->sat)
			return ir_unsupported(c->p, "a modifier on a 64-bit %s "
			                      "is unsupported on %s",
			                      gen_op_table[in->op].mnemonic, pn);
		if (!is_q(in->dst.type))
			return ir_unsupported(c->p, "a 64-bit %s into :%s is "
			                      "unsupported on %s",
			                      gen_op_table[in->op].mnemonic,
			                      gen_type_name((enum gen_type)in->dst.type),
			                      pn);
		return per_half(c);
	case GEN_OP_ADD:
		if (!is_q(in->dst.type))
			return ir_unsupported(c->p, "a 64-bit add into :%s is "
			                      "unsupported on %s",
			                      gen_type_name((enum gen_type)in->dst.type),
			                      pn);
		return add64(c);
	case GEN_OP_MUL:
		if (dword_product(in)) {
			ir_emit_copy(c->p, in);
			return true;
		}
		return mul64(c);
	case GEN_OP_SHL: case GEN_OP_SHR: case GEN_OP_ASR:
		return shift64(c);
	case GEN_OP_CMP:
		return cmp64(c);
	case GEN_OP_SEL:
		if (!is_q(in->dst.type))
			return ir_unsupported(c->p, "a 64-bit sel into :%s is "
			                      "unsupported on %s",
			                      gen_type_name((enum gen_type)in->dst.type),
			                      pn);
		return sel64(c);
	default:
		return ir_unsupported(c->p, "64-bit integer %s is unsupported "
		                      "on %s", gen_op_table[in->op].mnemonic,
		                      pn);
	}
}

bool ir_lower64(struct ir_prog *p)
{
	const struct plat_caps *cap = &p->plat->caps;
	if (cap->native_q && cap->native_df)
		return true;   /* nothing to do: the program stays as it is */
	/* no 64-bit operand anywhere: no copy of the program (issue 12) */
	bool any = false;
	for (uint32_t i = 0; i < p->insts.n && !any; i++)
		any = needs_lowering(p, &p->insts.a[i]);
	if (!any) {
		if (p->insts.n)   /* where the walk below would leave it */
			p->loc = p->insts.a[p->insts.n - 1].loc;
		return true;
	}
	struct ir_insts_old old = ir_rewrite_begin(p);
	for (uint32_t i = 0; i < old.n; i++) {
		const struct ir_inst *in = &old.a[i];
		p->loc = in->loc;
		if (!needs_lowering(p, in)) {
			ir_emit_copy(p, in);
			continue;
		}
		struct l64 c = { p, in, in->exec };
		if (!lower(&c))
			return false;
	}
	/* what is left must be free of the types the platform lacks */
	for (uint32_t i = 0; i < p->insts.n; i++)
		if (needs_lowering(p, &p->insts.a[i]) &&
		    !ir_is_send(p->insts.a[i].op) && !p->insts.a[i].reloc &&
		    !dword_product(&p->insts.a[i]))
			return ir_internal(p, "64-bit operand left after lowering");
	return true;
}
