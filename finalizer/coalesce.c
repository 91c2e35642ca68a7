/*
 * coalesce.c - write results straight where a following mov copies them.
 *
 * The builder and the legalizer leave sequences like
 *
 *     mul (8) t.0<1>:f  a  b
 *     ...
 *     mov (8) p.0<1>:f  t.0<8;8,1>:f      (p: a send payload, an output)
 *
 * where the value in t exists only to be copied.  When the mov is the
 * only reader of the bytes the mul wrote, the mul can write p itself and
 * the mov goes away.  t may be written elsewhere too and be read
 * elsewhere (a vISA variable assembled from parts and copied part by
 * part into a payload, one computed in place before being copied): what
 * counts is the byte range the mov reads.
 *
 * Safety (checked per candidate, all on virtual registers before RA):
 *  - the producer is the last instruction before the mov, in the same
 *    block, that writes any byte the mov reads, and it writes exactly
 *    those bytes, element for element (same exec size, channel offset,
 *    NoMask);
 *  - nothing between the two reads those bytes, and nothing between
 *    reads or writes any byte the mov writes, so that value is not
 *    needed there and writing it earlier changes nothing;
 *  - after the mov nothing reads those bytes of t: t is live across no
 *    block boundary (ir_live_defined), and later in the block they are
 *    read by nothing before t is wholly rewritten;
 *  - the producer does not read the mov's destination register;
 *  - the mov copies bit for bit (no predicate, condition modifier,
 *    saturation, source modifier or conversion; integer types of one
 *    size count as the same bits);
 *  - the new destination has the very shape the legalizer gave the old
 *    one: type (size), stride, byte position in the GRF and GRF count, so every
 *    region and alignment rule the producer met still holds (a single
 *    element only needs to be at least as aligned as before);
 *  - neither register is address-taken, pinned only on the destination
 *    side, and t is a plain temporary (not live-in, global, pinned).
 * A predicated producer is allowed with an unpredicated mov when it is
 * t's only writer: in the channels it does not write, the mov copied
 * undefined bits of t.
 *
 * Runs after split (final exec sizes) and before register allocation.
 * Each candidate looks at most WINDOW instructions back and forward, so
 * the pass stays linear.
 */
#include "config.h"

#include <string.h>

#include "../ir/cfg.h"
#include "../ir/ir.h"
#include "opnd_count.h"

bool ir_coalesce(struct ir_prog *p);

#define WINDOW 128

/* Registers live across some block boundary. */
static void mark_crossing(void *ctx, uint32_t v, uint32_t b, bool entry)
{
	uint8_t *crosses = ctx;
	(void)b;
	(void)entry;
	crosses[v] = 1;
}

/* Types whose values move between registers bit for bit: the same type,
 * or integers of the same size (mov :ud <- :d converts nothing). */
static bool same_bits(unsigned a, unsigned b)
{
	if (a == b)
		return true;
	return !gen_type_is_float((enum gen_type)a) &&
	       !gen_type_is_float((enum gen_type)b) &&
	       gen_type_size((enum gen_type)a) == gen_type_size((enum gen_type)b);
}

static bool is_int(unsigned t)
{
	return !gen_type_is_float((enum gen_type)t) && t != GEN_TYPE_V &&
	       t != GEN_TYPE_UV && t != GEN_TYPE_VF;
}

/* An integer move to a narrower integer type keeps the low bytes. */
static bool truncates(const struct ir_inst *m)
{
	return is_int(m->src[0].type) && is_int(m->dst.type) &&
	       gen_type_size((enum gen_type)m->dst.type) <
	       gen_type_size((enum gen_type)m->src[0].type);
}

static bool plain_copy(const struct ir_inst *m)
{
	return m->op == GEN_OP_MOV && !m->pred && !m->cmod && !m->sat &&
	       m->nsrc == 1 && m->src[0].kind == IR_O_REG &&
	       !m->src[0].mods && m->dst.kind == IR_O_REG &&
	       (same_bits(m->src[0].type, m->dst.type) || truncates(m)) &&
	       !m->reloc;
}

static bool producer_ok(const struct ir_inst *in)
{
	if (in->op >= GEN_OP_COUNT || ir_is_send(in->op) ||
	    ir_is_branch(in->op) || in->op == GEN_OP_MADM)
		return false;
	if (in->dst.kind != IR_O_REG || in->dst.mme || in->reloc)
		return false;
	return !(in->opts & IR_OPT_STACKCALL);
}

/* The mov reads element k of its source where the producer wrote
 * element k of its destination, for every channel. */
static bool same_elements(const struct ir_inst *m, const struct ir_inst *in)
{
	if (m->src[0].off != in->dst.off)
		return false;
	for (unsigned k = 0; k < m->exec; k++)
		if (ir_elem_off(&m->src[0], k, false) !=
		    ir_elem_off(&in->dst, k, true))
			return false;
	return true;
}

static bool same_shape(const struct ir_prog *p, const struct ir_opnd *a,
                       const struct ir_opnd *b, unsigned n)
{
	if (!same_bits(a->type, b->type))
		return false;
	/* one element: a position at least as aligned as the old one (the
	 * destination alignment rules follow the execution type) */
	if (n == 1)
		return ir_opnd_align(p, b) >= ir_opnd_align(p, a);
	int sa = ir_opnd_sub(p, a), sb = ir_opnd_sub(p, b);
	return a->rgn.hs == b->rgn.hs && sa >= 0 &&
	       sa == sb && ir_opnd_grfs(p, a, n, true) == ir_opnd_grfs(p, b, n, true);
}

/* Two-source integer operations whose low result bytes do not depend on
 * the destination type: such a producer may write a narrower integer
 * destination (the truncating mov folded in) or another stride. */
static bool reshapable(const struct ir_inst *in)
{
	switch (in->op) {
	case GEN_OP_MOV: case GEN_OP_SEL: case GEN_OP_NOT: case GEN_OP_AND:
	case GEN_OP_OR: case GEN_OP_XOR: case GEN_OP_SHL: case GEN_OP_SHR:
	case GEN_OP_ASR: case GEN_OP_ADD:
		break;
	default:
		return false;
	}
	if (in->sat || !is_int(in->dst.type))
		return false;
	for (unsigned k = 0; k < in->nsrc; k++)
		if (!is_int(in->src[k].type))
			return false;
	return true;
}

/* The execution type's size (legalize.c's rule: the widest source, bytes
 * execute as words; a raw move of one type moves its own size) were the
 * producer to write type 'dt'. */
static unsigned exec_size_as(const struct ir_inst *in, unsigned dt)
{
	if (in->op == GEN_OP_MOV && in->src[0].kind != IR_O_IMM &&
	    !in->src[0].mods && in->src[0].type == dt)
		return gen_type_size((enum gen_type)dt);
	unsigned m = 2;
	for (unsigned k = 0; k < in->nsrc; k++) {
		unsigned t = in->src[k].type;
		unsigned ts = t == GEN_TYPE_V || t == GEN_TYPE_UV ? 2
		              : gen_type_size((enum gen_type)t);
		if (ts > m)
			m = ts;
	}
	return m;
}

/* May reshapable producer 'in' write 'nd' (type 'dt') instead: a
 * destination in one GRF whose stride obeys the destination-stride rule
 * for the execution type (equal to the size ratio when the execution
 * type is wider, aligned to it). */
static bool reshape_ok(const struct ir_prog *p, const struct ir_inst *in,
                       const struct ir_opnd *nd, unsigned dt)
{
	if (!reshapable(in))
		return false;
	unsigned dts = gen_type_size((enum gen_type)dt);
	if (dts > gen_type_size((enum gen_type)in->dst.type))
		return false;
	unsigned hs = in->exec == 1 ? 1 : nd->rgn.hs;
	if (hs != 1 && hs != 2 && hs != 4)
		return false;
	struct ir_opnd o = *nd;
	o.type = (uint8_t)dt;
	if (ir_opnd_sub(p, &o) < 0 || ir_opnd_grfs(p, &o, in->exec, true) != 1)
		return false;
	unsigned ets = exec_size_as(in, dt);
	if (ets > dts && in->exec > 1 && hs * dts != ets)
		return false;
	return ets <= dts || ir_opnd_align(p, &o) >= ets;
}

static bool plain_temp(const struct ir_vreg *v)
{
	return v->file == IR_RF_GRF && v->pin < 0 &&
	       !(v->flags & (IR_V_PINNED | IR_V_ADDR_TAKEN | IR_V_LIVE_IN |
	                     IR_V_GLOBAL));
}

/* Bytes [lo, hi) of register v an operand of 'in' touches (the whole
 * register where the instruction reads more than its regions say). */
struct span {
	uint32_t v;
	int32_t lo, hi;
};

/* Operations whose operands touch exactly what their regions say. */
static bool regions_exact(const struct ir_inst *in)
{
	switch (in->op) {
	case GEN_OP_MOV: case GEN_OP_SEL: case GEN_OP_NOT: case GEN_OP_AND:
	case GEN_OP_OR: case GEN_OP_XOR: case GEN_OP_SHR: case GEN_OP_SHL:
	case GEN_OP_ASR: case GEN_OP_CMP: case GEN_OP_ADD: case GEN_OP_MUL:
	case GEN_OP_MAD: case GEN_OP_MATH: case GEN_OP_FRC: case GEN_OP_RNDD:
	case GEN_OP_RNDE: case GEN_OP_RNDZ: case GEN_OP_AVG: case GEN_OP_LZD:
	case GEN_OP_BFREV: case GEN_OP_CBIT: case GEN_OP_FBH: case GEN_OP_FBL:
		return true;
	default:
		return false;
	}
}

static bool opnd_span(const struct ir_prog *p, const struct ir_inst *in,
                      const struct ir_opnd *o, int k, struct span *s)
{
	if (o->kind != IR_O_REG)
		return false;
	s->v = o->v;
	s->lo = o->off;
	if (ir_is_send(in->op)) {
		unsigned g = k < 0 ? in->rlen : k == 0 ? in->mlen : in->xlen;
		s->hi = o->off + (int32_t)(g * IR_GRF_BYTES);
		return true;
	}
	if (regions_exact(in) && !o->mme) {
		s->hi = o->off + (int32_t)ir_opnd_extent(o, in->exec ? in->exec : 1,
		                                         k < 0);
		return true;
	}
	s->lo = 0;
	s->hi = (int32_t)p->vregs.a[o->v].size;
	return true;
}

static bool overlaps(const struct span *a, const struct span *b)
{
	return a->v == b->v && a->lo < b->hi && b->lo < a->hi;
}

/* Does 'in' read (def false) or write (def true) bytes of span r?  An
 * indirect operand cannot touch r (its register is not address-taken);
 * neither can a flag or descriptor register. */
static bool touches(const struct ir_prog *p, const struct ir_inst *in,
                    const struct span *r, bool def)
{
	struct span s;
	if (def)
		return opnd_span(p, in, &in->dst, -1, &s) && overlaps(&s, r);
	for (unsigned k = 0; k < in->nsrc; k++) {
		if (in->src[k].kind == IR_O_ADDROF && in->src[k].v == r->v)
			return true;
		if (opnd_span(p, in, &in->src[k], (int)k, &s) && overlaps(&s, r))
			return true;
	}
	return in->desc_reg == r->v;
}

/* Does 'in' replace every byte of register v? */
/* Does 'in' overwrite every byte of v that 'w' wrote?  A write under
 * the channel mask replaces a NoMask one (or one of other channels) only
 * in the enabled channels: in divergent code the others keep w's value
 * (a NoMask preload, then a masked write, then a NoMask read: legalize.c
 * fix_64bit_ind_dst). */
static bool full_write(const struct ir_prog *p, const struct ir_inst *in,
                       uint32_t v, const struct ir_inst *w)
{
	struct span s;
	if (!in->nomask && (w->nomask || w->choff != in->choff))
		return false;
	if (in->pred || (!regions_exact(in) && !ir_is_send(in->op)) ||
	    !opnd_span(p, in, &in->dst, -1, &s) || s.v != v)
		return false;
	if (s.lo != 0 || s.hi < (int32_t)p->vregs.a[v].size)
		return false;
	return ir_opnd_extent(&in->dst, in->exec, true) ==
	       in->exec * gen_type_size((enum gen_type)in->dst.type);
}

static bool reads_vreg(const struct ir_inst *in, uint32_t v)
{
	for (unsigned k = 0; k < in->nsrc; k++)
		if ((in->src[k].kind == IR_O_REG || in->src[k].kind == IR_O_IND ||
		     in->src[k].kind == IR_O_ADDROF) && in->src[k].v == v)
			return true;
	return in->desc_reg == v;
}

/* Registers live across a block boundary, computed at the first
 * question (issue 12: liveness was half the pass, and a kernel whose
 * writes are all read soon after never asks).  The first question comes
 * before the first rewrite (every rewrite needs unread_after's yes), so
 * the answers are those of the unchanged program, as if computed first. */
struct crossing {
	struct ir_prog *p;
	const struct ir_cfg *cfg;   /* NULL until asked */
	uint8_t *crosses;      /* NULL until asked */
};

/* The CFG, built at the first question (issue 12: a kernel with
 * nothing to coalesce never asks); the rewrites change destinations
 * only and drop nothing before the end, so it is the CFG of the code
 * as the pass found it. */
static const struct ir_cfg *cfg_of(struct crossing *x)
{
	if (!x->cfg)
		x->cfg = ir_cfg_build(x->p);
	return x->cfg;
}

static bool crosses_block(struct crossing *x, uint32_t v)
{
	if (!x->crosses) {
		struct ir_prog *p = x->p;
		x->crosses = ir_alloc(p, p->vregs.n ? p->vregs.n : 1);
		const struct ir_live *l = ir_live_refs(p, NULL);
		ir_live_defined(p, cfg_of(x), l, mark_crossing, x->crosses);
	}
	return x->crosses[v] != 0;
}

struct pass {
	struct ir_prog *p;
	struct crossing *cross;
	bool *dead;
	uint8_t *may_die;      /* per instruction: dead_write's own tests pass */
	/* writes of each register when the pass started, counted at the
	 * first question (NULL until then); 'moved' logs the rewrites made
	 * before it, a producer's write of log[2k] now one of log[2k + 1] */
	uint32_t *defs;
	uint32_t *moved, nmoved;
};

/* Writes of t when the pass started: a count of the code as it is now
 * (dead movs are still in it, writing what they wrote), each rewrite
 * logged so far undone (issue 12: a count over the whole program for
 * a question few kernels ask). */
static uint32_t defs_at_start(struct pass *c, uint32_t t)
{
	if (!c->defs) {
		struct ir_prog *p = c->p;
		c->defs = ir_alloc(p, p->vregs.n * sizeof *c->defs);   /* zeroed */
		for (uint32_t i = 0; i < p->insts.n; i++)
			fin_count_defs(&p->insts.a[i], c->defs);
		for (uint32_t k = 0; k < c->nmoved; k++) {
			c->defs[c->moved[2 * k]]++;
			c->defs[c->moved[2 * k + 1]]--;
		}
	}
	return c->defs[t];
}

/* A producer that wrote 'from' now writes 'to'. */
static void log_move(struct pass *c, uint32_t from, uint32_t to)
{
	if (c->defs) {   /* counted: kept as at the start, no log needed */
		return;
	}
	if (!c->moved)   /* at most two per mov: every mov dies with one */
		c->moved = ir_alloc_raw(c->p, 4 * (size_t)c->p->insts.n *
		                        sizeof *c->moved);
	c->moved[2 * c->nmoved] = from;
	c->moved[2 * c->nmoved + 1] = to;
	c->nmoved++;
}

static bool may_die(const struct ir_prog *p, const struct ir_inst *in);

/* The producer of what mov j copies, or -1. */
static int64_t find_producer(const struct pass *c, uint32_t j)
{
	struct ir_prog *p = c->p;
	const struct ir_inst *m = &p->insts.a[j];
	struct span r, d;
	opnd_span(p, m, &m->src[0], 0, &r);
	opnd_span(p, m, &m->dst, -1, &d);
	const struct ir_cfg *g = cfg_of(c->cross);
	uint32_t first = g->b[g->blk_of[j]].first;
	for (uint32_t i = j, n = 0; i > first && n < WINDOW; n++) {
		i--;
		if (c->dead[i])
			continue;
		const struct ir_inst *in = &p->insts.a[i];
		/* the producer may read its old value; no one else may */
		if (touches(p, in, &r, true))
			return touches(p, in, &d, true) || touches(p, in, &d, false)
			       ? -1 : (int64_t)i;
		if (touches(p, in, &d, false) || touches(p, in, &r, false) ||
		    touches(p, in, &d, true))
			return -1;
	}
	return -1;
}

/* Nothing after instruction j reads bytes r of a register. */
static bool unread_after(const struct pass *c, uint32_t j, struct span r)
{
	struct ir_prog *p = c->p;
	/* once liveness is known, its answer first: it saves the scan */
	if (c->cross->crosses && c->cross->crosses[r.v])
		return false;
	const struct ir_cfg *g = cfg_of(c->cross);
	uint32_t end = g->b[g->blk_of[j]].end;
	for (uint32_t i = j + 1, n = 0; i < end; i++) {
		if (c->dead[i])
			continue;
		if (++n > WINDOW)
			return false;
		const struct ir_inst *in = &p->insts.a[i];
		if (touches(p, in, &r, false))
			return false;
		if (full_write(p, in, r.v, &p->insts.a[j]))
			break;
	}
	/* last, as it may compute liveness: the scan is pure */
	return !crosses_block(c->cross, r.v);
}

/* Nothing after mov j reads the bytes it copies. */
static bool dead_after(const struct pass *c, uint32_t j)
{
	const struct ir_inst *m = &c->p->insts.a[j];
	struct span r;
	opnd_span(c->p, m, &m->src[0], 0, &r);
	return unread_after(c, j, r);
}

/* Nothing after instruction j reads the bytes it writes. */
static bool dead_after_write(const struct pass *c, uint32_t j)
{
	const struct ir_inst *in = &c->p->insts.a[j];
	struct span r;
	if (!opnd_span(c->p, in, &in->dst, -1, &r))
		return false;
	return unread_after(c, j, r);
}

/* Byte offset of element k of operand o in its register. */
static int abs_elem(const struct ir_opnd *o, unsigned k, bool dst)
{
	return (int)o->off + ir_elem_off(o, k, dst);
}

/* Does half 'h' (0 low, 1 high) of mov m's source read, element for
 * element, what producer 'in' wrote? */
static bool half_elements(const struct ir_inst *m, const struct ir_inst *in,
                          unsigned h)
{
	unsigned n = in->exec;
	for (unsigned k = 0; k < n; k++)
		if (abs_elem(&m->src[0], h * n + k, false) !=
		    abs_elem(&in->dst, k, true))
			return false;
	return true;
}

/* The mov copies what two adjacent halves wrote (split.c cut a producer
 * in two where the copy stayed whole, e.g. a Gen9 mixed-mode mad at
 * SIMD8 feeding a SIMD16 payload copy): 'hi' at index i is the upper
 * half (found by find_producer, so nothing from it to the mov touches
 * either register), the instruction right before it the lower half.
 * Each half then writes its part of the mov's destination, with the
 * very shape it had. */
static bool try_halves(struct pass *c, uint32_t j, uint32_t i)
{
	struct ir_prog *p = c->p;
	struct ir_inst *m = &p->insts.a[j], *hi = &p->insts.a[i];
	uint32_t t = m->src[0].v, d = m->dst.v;
	unsigned n = hi->exec;
	const struct ir_cfg *g = cfg_of(c->cross);
	if (i == 0 || c->dead[i - 1] || g->blk_of[i - 1] != g->blk_of[j] ||
	    n * 2 != m->exec || hi->choff != m->choff + n || truncates(m))
		return false;
	struct ir_inst *lo = &p->insts.a[i - 1];
	if (!producer_ok(lo) || !producer_ok(hi) || lo->op != hi->op ||
	    lo->fc != hi->fc || lo->exec != n || lo->choff != m->choff ||
	    lo->dst.v != t || hi->dst.v != t || lo->pred || hi->pred ||
	    lo->nomask != m->nomask || hi->nomask != m->nomask ||
	    lo->dst.type != hi->dst.type ||
	    !same_bits(hi->dst.type, m->src[0].type) ||
	    !half_elements(m, lo, 0) || !half_elements(m, hi, 1) ||
	    reads_vreg(lo, d) || reads_vreg(hi, d) || reads_vreg(hi, t))
		return false;
	struct ir_opnd dlo = m->dst, dhi = m->dst;
	dlo.type = dhi.type = lo->dst.type;
	dhi.off = abs_elem(&m->dst, n, true);
	if (!same_shape(p, &lo->dst, &dlo, n) ||
	    !same_shape(p, &hi->dst, &dhi, n) || !dead_after(c, j))
		return false;
	log_move(c, lo->dst.v, dlo.v);
	log_move(c, hi->dst.v, dhi.v);
	lo->dst = dlo;
	hi->dst = dhi;
	c->may_die[i - 1] = may_die(p, lo);
	c->may_die[i] = may_die(p, hi);
	c->dead[j] = true;
	return true;
}

static bool try_coalesce(struct pass *c, uint32_t j)
{
	struct ir_prog *p = c->p;
	struct ir_inst *m = &p->insts.a[j];
	uint32_t t = m->src[0].v, d = m->dst.v;
	if (t == d || !plain_temp(&p->vregs.a[t]) ||
	    p->vregs.a[d].file != IR_RF_GRF ||
	    (p->vregs.a[d].flags & IR_V_ADDR_TAKEN))
		return false;
	int64_t i = find_producer(c, j);
	if (i < 0)
		return false;
	struct ir_inst *in = &p->insts.a[i];
	if (in->exec * 2 == m->exec && in->dst.v == t)
		return try_halves(c, j, (uint32_t)i);
	if (!producer_ok(in) || in->dst.v != t || in->exec != m->exec ||
	    in->choff != m->choff || in->nomask != m->nomask ||
	    (in->pred && defs_at_start(c, t) != 1) ||
	    !same_bits(in->dst.type, m->src[0].type) || !same_elements(m, in) ||
	    reads_vreg(in, d))
		return false;
	/* the producer's own type where the mov converts nothing, else the
	 * mov's narrower one */
	unsigned dt = truncates(m) ? m->dst.type : in->dst.type;
	bool same = !truncates(m) && same_shape(p, &in->dst, &m->dst, m->exec);
	if ((!same && !reshape_ok(p, in, &m->dst, dt)) || !dead_after(c, j))
		return false;
	log_move(c, in->dst.v, m->dst.v);
	in->dst = m->dst;
	in->dst.type = (uint8_t)dt;
	if (in->exec == 1 && !in->dst.rgn.hs)
		in->dst.rgn.hs = 1;
	c->may_die[i] = may_die(p, in);
	c->dead[j] = true;
	return true;
}

/* What dead_write asks of the instruction itself (and its destination
 * register). */
static bool may_die(const struct ir_prog *p, const struct ir_inst *in)
{
	if (in->op == IR_OP_LABEL || !producer_ok(in) || in->cmod ||
	    in->op == GEN_OP_MACH || in->op == GEN_OP_ADDC ||
	    in->op == GEN_OP_SUBB || in->op == GEN_OP_MATH ||
	    (in->opts & ~(uint32_t)IR_OPT_GUARD) ||
	    !plain_temp(&p->vregs.a[in->dst.v]) ||
	    (p->vregs.a[in->dst.v].flags & IR_V_NOSPILL) ||
	    ((p->vregs.a[in->dst.v].flags & IR_V_VISA) && in->op != GEN_OP_MOV))
		return false;
	return true;
}

/* A write nobody reads: a plain temporary's bytes no later instruction
 * in the block reads before they are wholly rewritten, the register live
 * across no block boundary; an instruction with no other effect (no flag
 * write, no send, branch or macro).  may_die(j) was asked before (it is
 * kept in c->may_die). */
static bool dead_write(const struct pass *c, uint32_t j)
{
	return dead_after_write(c, j);
}

bool ir_coalesce(struct ir_prog *p)
{
	uint32_t n = p->insts.n;
	struct crossing cross = { p, NULL, NULL };
	bool *dead = ir_alloc(p, n ? n : 1);   /* zeroed */
	/* dead_write's own tests, asked in the one walk forwards (issue 12:
	 * the sweep back read every instruction again); a producer given
	 * a new destination is asked again (only destinations change) */
	uint8_t *md = ir_alloc_raw(p, n ? n : 1);

	struct pass c = { p, &cross, dead, md, NULL, NULL, 0 };
	bool any = false;
	for (uint32_t j = 0; j < n; j++) {
		const struct ir_inst *in = &p->insts.a[j];
		md[j] = may_die(p, in);
		if (plain_copy(in) && try_coalesce(&c, j))
			any = true;
	}
	/* backwards, so that a write read only by dead ones dies too */
	for (uint32_t j = n; j-- > 0;)
		if (md[j] && !dead[j] && dead_write(&c, j)) {
			any = dead[j] = true;
		}
	if (!any)
		return p->err->status == VF_OK;

	ir_drop_marked(p, dead);
	return p->err->status == VF_OK;
}
