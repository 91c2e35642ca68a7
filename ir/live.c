/*
 * live.c - liveness and "may be defined" per basic block (cfg.h).
 *
 * Needs: a CFG of the current instructions (ir_cfg_build).  Changes
 * nothing.  Produces per block the registers live on entry and exit
 * (backward: a read makes a register live, only a full unpredicated
 * write kills it, since a partial or predicated write leaves other
 * bytes or channels as they were) and those that may be defined on
 * entry and exit (forward: any write defines, IR_V_LIVE_IN registers
 * are defined at the kernel entry).  Indirect operands touch the
 * address-taken registers (ir_addr_taken) the optional narrowing
 * callback allows (regalloc/addr_targets.c for the allocator), else all
 * of them.  A register live at a point where nothing may have written it
 * holds no value anybody needs yet: the allocator's intervals start where
 * both hold (regalloc/live.c).
 *
 * ir_live_build keeps them as bit sets per block (blocks x registers
 * bits each); ir_live_defined gives the allocator what it needs (live
 * and maybe defined, at block entries and exits) one register at a time
 * over only the blocks where it is live.
 *
 * Register files are not told apart: GRF, flag and address registers
 * are all bits of one set indexed by register id.
 */
#include "config.h"

#include <string.h>

#include "cfg.h"

/* (inline: asked for every register destination of every scan) */
static inline __attribute__((always_inline)) bool
full_write(const struct ir_prog *p, const struct ir_inst *in,
           const struct ir_opnd *d)
{
	const struct ir_vreg *v = &p->vregs.a[d->v];
	/* the fills of a spill temporary write it in pieces, all in the
	 * block that uses it: each counts as its definition */
	if (v->flags & IR_V_BLOCK_LOCAL)
		return true;
	if ((in->pred && in->op != GEN_OP_SEL &&
	     !(in->opts & IR_OPT_GUARD)) || d->off != 0)
		return false;
	if (ir_is_send(in->op))
		return (uint32_t)in->rlen * IR_GRF_BYTES >= v->size;
	if (in->exec > 1 && d->rgn.hs != 1)
		return false;
	/* ir_opnd_extent of a destination of stride 1 (or one channel):
	 * 'exec' elements */
	unsigned n = in->exec > 1 ? in->exec : 1;
	return n * gen_type_size((enum gen_type)d->type) >= v->size;
}

/* The registers indirect operand 'slot' of instruction 'pos', through
 * address register 'a', may touch. */
static void indirect_refs(const struct ir_live *l, uint32_t a, bool def,
                          uint32_t pos, unsigned slot, ir_ref_fn fn,
                          void *ctx)
{
	uint32_t only = l->local ? l->local[(size_t)pos * 4 + slot] : 0;
	if (only) {   /* the block tells which variable */
		fn(ctx, only, def, false, pos);
		return;
	}
	if (!l->targets) {
		for (uint32_t k = 0; k < l->ntaken; k++)
			fn(ctx, l->taken[k], def, false, pos);
		return;
	}
	const uint64_t *row = l->targets + (size_t)a * l->tw;
	for (uint32_t k = 0; k < l->ntaken; k++)
		if ((row[k / 64] >> (k % 64)) & 1)
			fn(ctx, l->taken[k], def, false, pos);
}

/* ir_inst_refs, inline so that liveness's own scan (scan_blocks) calls
 * its callback directly: the allocator runs that scan once a round over
 * the whole program (issue 12). */
static inline __attribute__((always_inline)) void
inst_refs(const struct ir_prog *p, const struct ir_live *l,
          const struct ir_inst *in, uint32_t pos, ir_ref_fn fn, void *ctx)
{
	if (in->op == IR_OP_LABEL)
		return;
	for (unsigned s = 0; s < in->nsrc; s++) {
		const struct ir_opnd *o = &in->src[s];
		if (o->kind == IR_O_REG)
			fn(ctx, o->v, false, false, pos);
		else if (o->kind == IR_O_IND) {
			fn(ctx, o->v, false, false, pos);
			indirect_refs(l, o->v, false, pos, s, fn, ctx);
		}
	}
	if (in->flag && in->pred)
		fn(ctx, in->flag, false, false, pos);
	if (in->desc_reg)
		fn(ctx, in->desc_reg, false, false, pos);
	if (in->flag && in->cmod && in->op != GEN_OP_SEL) {
		bool full = (!in->pred || (in->opts & IR_OPT_GUARD)) &&
		            in->choff == 0 &&
		            (uint32_t)in->exec >= p->vregs.a[in->flag].size * 8u;
		fn(ctx, in->flag, true, full, pos);
	}
	const struct ir_opnd *d = &in->dst;
	if (d->kind == IR_O_REG) {
		fn(ctx, d->v, true, full_write(p, in, d), pos);
	} else if (d->kind == IR_O_IND) {
		fn(ctx, d->v, false, false, pos);
		indirect_refs(l, d->v, true, pos, 3, fn, ctx);
	}
}

void ir_inst_refs(const struct ir_prog *p, const struct ir_live *l,
                  const struct ir_inst *in, uint32_t pos, ir_ref_fn fn,
                  void *ctx)
{
	inst_refs(p, l, in, pos, fn, ctx);
}

/* Local sets of one block: read before any full write (gen), fully
 * written (kill), written at all (def). */
struct local {
	vf_word *gen, *kill, *def;
};

static void gen_kill(void *ctx, uint32_t v, bool def, bool full, uint32_t pos)
{
	(void)pos;
	struct local *s = ctx;
	if (!def) {
		if (!vf_bit_test(s->kill, v))
			vf_bit_set(s->gen, v);
		return;
	}
	vf_bit_set(s->def, v);
	if (full)
		vf_bit_set(s->kill, v);
}

static void solve_live(const struct ir_cfg *c, struct ir_live *l,
                       const vf_word *gen, const vf_word *kill)
{
	uint32_t nw = l->nw;
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = c->nb; b-- > 0;) {
			vf_word *out = l->out + (size_t)b * nw, *in = l->in + (size_t)b * nw;
			for (uint32_t k = 0; k < c->b[b].nsucc; k++) {
				const vf_word *si = l->in + (size_t)c->b[b].succ[k] * nw;
				for (uint32_t w = 0; w < nw; w++)
					out[w] |= si[w];
			}
			const vf_word *g = gen + (size_t)b * nw, *kl = kill + (size_t)b * nw;
			for (uint32_t w = 0; w < nw; w++) {
				vf_word n = g[w] | (out[w] & ~kl[w]);
				if (n != in[w]) {
					in[w] = n;
					changed = true;
				}
			}
		}
	}
}

static void solve_maydef(const struct ir_prog *p, const struct ir_cfg *c,
                         struct ir_live *l, const vf_word *def)
{
	uint32_t nw = l->nw;
	for (uint32_t v = 1; v < l->nv; v++)
		if (p->vregs.a[v].flags & IR_V_LIVE_IN)
			vf_bit_set(l->def_in, v);
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = 0; b < c->nb; b++) {
			vf_word *mi = l->def_in + (size_t)b * nw;
			vf_word *mo = l->def_out + (size_t)b * nw;
			const vf_word *d = def + (size_t)b * nw;
			for (uint32_t w = 0; w < nw; w++) {
				vf_word n = mi[w] | d[w];
				if (n != mo[w]) {
					mo[w] = n;
					changed = true;
				}
			}
			for (uint32_t k = 0; k < c->b[b].nsucc; k++) {
				vf_word *si = l->def_in + (size_t)c->b[b].succ[k] * nw;
				for (uint32_t w = 0; w < nw; w++) {
					if ((si[w] | mo[w]) != si[w]) {
						si[w] |= mo[w];
						changed = true;
					}
				}
			}
		}
	}
}

/* Arena memory comes zeroed. */
static vf_word *zeroed(struct ir_prog *p, size_t words)
{
	return ir_alloc(p, (words + 1) * sizeof(vf_word));
}

/* Only GRF variables can be address-taken (an address register holds a
 * GRF byte address), so the file test only states what the builder
 * (addr_add of a GRF variable) and the spiller (array copies) ensure. */
uint32_t *ir_addr_taken(struct ir_prog *p, uint32_t *n)
{
	uint32_t *taken = ir_alloc(p, (p->vregs.n + 1) * sizeof *taken);
	*n = 0;
	for (uint32_t v = 1; v < p->vregs.n; v++)
		if ((p->vregs.a[v].flags & IR_V_ADDR_TAKEN) &&
		    p->vregs.a[v].file == IR_RF_GRF)
			taken[(*n)++] = v;
	return taken;
}

struct ir_live *ir_live_refs(struct ir_prog *p, ir_narrow_fn narrow)
{
	struct ir_live *l = ir_alloc(p, sizeof *l);
	l->nv = p->vregs.n;
	l->nw = vf_bits_words(l->nv);
	l->taken = ir_addr_taken(p, &l->ntaken);
	if (narrow)
		narrow(p, l);
	return l;
}

struct ir_live *ir_live_build(struct ir_prog *p, const struct ir_cfg *c,
                              ir_narrow_fn narrow)
{
	struct ir_live *l = ir_live_refs(p, narrow);
	size_t words = (size_t)c->nb * l->nw;
	l->in = zeroed(p, words);
	l->out = zeroed(p, words);
	l->def_in = zeroed(p, words);
	l->def_out = zeroed(p, words);
	vf_word *gen = zeroed(p, words), *kill = zeroed(p, words);
	vf_word *def = zeroed(p, words);
	for (uint32_t b = 0; b < c->nb; b++) {
		struct local s = { gen + (size_t)b * l->nw, kill + (size_t)b * l->nw,
		                   def + (size_t)b * l->nw };
		for (uint32_t i = c->b[b].first; i < c->b[b].end; i++)
			ir_inst_refs(p, l, &p->insts.a[i], i, gen_kill, &s);
	}
	solve_live(c, l, gen, kill);
	solve_maydef(p, c, l, def);
	return l;
}

/* ---- the same answers one register at a time (ir_live_defined) -------- */

/* What one block does to one register: read before any full write
 * (gen), fully written (kill), written at all (def). */
enum { EV_GEN = 1, EV_KILL = 2, EV_DEF = 4 };

/* Events of one register chain from its latest (issue 12: no copy of
 * them sorted by register; the order a register's events are visited
 * in changes nothing the solvers compute). */
#define NO_EVENT UINT32_MAX

struct event {
	uint32_t b;
	uint32_t next;            /* the register's event before it */
	uint32_t first, last;     /* its first and last reference there */
	uint8_t what;
};

struct scan {
	struct event *ev;         /* room for refs_bound() of them */
	uint32_t n;
	uint32_t b;               /* current block */
	uint32_t *last;           /* per register: its latest event */
	uint32_t vmin;            /* scan_ref_from: registers below it are
	                           * not followed */
};

static inline void scan_ref(void *ctx, uint32_t v, bool def, bool full,
                            uint32_t pos)
{
	struct scan *s = ctx;
	uint32_t k = s->last[v];
	if (k == NO_EVENT || s->ev[k].b != s->b) {
		s->ev[s->n] = (struct event){ s->b, k, pos, pos, 0 };
		k = s->last[v] = s->n++;
	}
	struct event *e = &s->ev[k];
	e->last = pos;
	if (!def) {
		if (!(e->what & EV_KILL))
			e->what |= EV_GEN;
		return;
	}
	e->what |= EV_DEF;
	if (full)
		e->what |= EV_KILL;
}

/* scan_ref of registers from s->vmin on */
static void scan_ref_from(void *ctx, uint32_t v, bool def, bool full,
                          uint32_t pos)
{
	const struct scan *s = ctx;
	if (v >= s->vmin)
		scan_ref(ctx, v, def, full, pos);
}

/* At least as many references as ir_inst_refs reports for the program
 * (issue 12: counted without walking them, so the program is scanned
 * once): every source, the predicate, the descriptor, the condition
 * flag and the destination, and for an indirect operand its address
 * register and the address-taken registers it may touch. */
static size_t refs_bound(const struct ir_prog *p, const struct ir_live *l)
{
	/* an operand's kind: the references it makes, past the taken ones */
	static const uint8_t per_kind[IR_O_STACKTOP + 1] = {
		[IR_O_REG] = 1, [IR_O_IND] = 1 };
	size_t n = 0, ind = 0;
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		n += (in->flag && in->pred) + (in->desc_reg != 0) +
		     (in->flag && in->cmod) + per_kind[in->dst.kind];
		ind += in->dst.kind == IR_O_IND;
		for (unsigned s = 0; s < in->nsrc; s++) {
			n += per_kind[in->src[s].kind];
			ind += in->src[s].kind == IR_O_IND;
		}
	}
	/* an exact count keeps the array small (a loose one moved the peak
	 * memory: big freed blocks get reused) */
	return n + ind * l->ntaken;
}

static void scan_blocks(struct ir_prog *p, const struct ir_cfg *c,
                        const struct ir_live *l, struct scan *s)
{
	for (uint32_t b = 0; b < c->nb; b++) {
		s->b = b;
		for (uint32_t i = c->b[b].first; i < c->b[b].end; i++)
			inst_refs(p, l, &p->insts.a[i], i, scan_ref, s);
	}
}

/* Per block marks for the register being solved: a block is in a set
 * when its mark equals the register's stamp (v + 1), so nothing is
 * cleared between registers. */
struct marks {
	uint32_t *kill, *in, *out, *mi, *mo;
	uint32_t *stack, *ilist, *olist;
};

/* Live: backward from the blocks that read v before writing it all,
 * through predecessors that do not kill it.  The least solution of
 * in = gen | (out & ~kill), out = union of in over successors. */
static void solve_one_live(const struct ir_cfg *c, struct marks *m,
                           const struct event *ev, uint32_t first, uint32_t st)
{
	uint32_t sp = 0;
	for (uint32_t k = first; k != NO_EVENT; k = ev[k].next)
		if (ev[k].what & EV_KILL)
			m->kill[ev[k].b] = st;
	for (uint32_t k = first; k != NO_EVENT; k = ev[k].next)
		if ((ev[k].what & EV_GEN) && m->in[ev[k].b] != st) {
			m->in[ev[k].b] = st;
			m->stack[sp++] = ev[k].b;
		}
	while (sp) {
		const struct ir_block *bl = &c->b[m->stack[--sp]];
		for (uint32_t k = 0; k < bl->npred; k++) {
			uint32_t q = bl->pred[k];
			if (m->out[q] != st)
				m->out[q] = st;
			if (m->kill[q] != st && m->in[q] != st) {
				m->in[q] = st;
				m->stack[sp++] = q;
			}
		}
	}
}

/* May be defined, only where v is live: MI = def_in & in and
 * MO = def_out & out.  A register live into s is live out of every
 * predecessor p, and live out of p without p writing it means live into
 * p; so MI[s] holds exactly when some predecessor has MO, MO[b] when b
 * writes v or has MI (and v is live out), and the kernel entry has MI
 * for IR_V_LIVE_IN registers live into it. */
static void solve_one_defined(const struct ir_cfg *c, struct marks *m,
                              const struct event *ev, uint32_t first,
                              uint32_t st, bool live_in, uint32_t *nmi,
                              uint32_t *nmo)
{
	uint32_t sp = 0, ni = 0, no = 0;
	for (uint32_t k = first; k != NO_EVENT; k = ev[k].next) {
		uint32_t b = ev[k].b;
		if ((ev[k].what & EV_DEF) && m->out[b] == st && m->mo[b] != st) {
			m->mo[b] = st;
			m->olist[no++] = b;
			m->stack[sp++] = b;
		}
	}
	if (live_in && c->nb && m->in[0] == st) {
		m->mi[0] = st;
		m->ilist[ni++] = 0;
		if (m->out[0] == st && m->mo[0] != st) {
			m->mo[0] = st;
			m->olist[no++] = 0;
			m->stack[sp++] = 0;
		}
	}
	while (sp) {
		const struct ir_block *bl = &c->b[m->stack[--sp]];
		for (uint32_t k = 0; k < bl->nsucc; k++) {
			uint32_t s = bl->succ[k];
			if (m->in[s] != st || m->mi[s] == st)
				continue;
			m->mi[s] = st;
			m->ilist[ni++] = s;
			if (m->out[s] == st && m->mo[s] != st) {
				m->mo[s] = st;
				m->olist[no++] = s;
				m->stack[sp++] = s;
			}
		}
	}
	*nmi = ni;
	*nmo = no;
}

void ir_live_defined(struct ir_prog *p, const struct ir_cfg *c,
                     const struct ir_live *l, ir_live_at_fn fn, void *ctx)
{
	ir_live_defined_spans(p, c, l, fn, NULL, ctx);
}

/* Solve registers [vmin, nv) from the events of scan s. */
static void solve_all(struct ir_prog *p, const struct ir_cfg *c,
                      const struct scan *sc, uint32_t vmin, uint32_t nv,
                      ir_live_at_fn fn, ir_live_span_fn span, void *ctx)
{
	uint32_t nb = c->nb;
	struct scan s = *sc;
	struct marks m;
	uint32_t **rows[] = { &m.kill, &m.in, &m.out, &m.mi, &m.mo,
	                      &m.stack, &m.ilist, &m.olist };
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
		*rows[r] = ir_alloc(p, ((size_t)nb + 1) * sizeof(uint32_t));
	for (uint32_t v = vmin; v < nv; v++) {
		uint32_t first = s.last[v], st = v + 1;
		for (uint32_t k = first; span && k != NO_EVENT; k = s.ev[k].next)
			span(ctx, v, s.ev[k].first, s.ev[k].last);
		bool live_in = v > 0 && (p->vregs.a[v].flags & IR_V_LIVE_IN);
		if (!live_in && (first == NO_EVENT ||
		                 (s.ev[first].next == NO_EVENT &&
		                  !(s.ev[first].what & EV_GEN))))
			continue;   /* never read, or only in its one block after
			             * it is written there: live nowhere */
		solve_one_live(c, &m, s.ev, first, st);
		uint32_t ni, no;
		solve_one_defined(c, &m, s.ev, first, st, live_in, &ni, &no);
		for (uint32_t k = 0; k < ni; k++)
			fn(ctx, v, m.ilist[k], true);
		for (uint32_t k = 0; k < no; k++)
			fn(ctx, v, m.olist[k], false);
	}
}

void ir_live_defined_spans(struct ir_prog *p, const struct ir_cfg *c,
                           const struct ir_live *l, ir_live_at_fn fn,
                           ir_live_span_fn span, void *ctx)
{
	uint32_t nv = l->nv;
	struct scan s = { 0 };
	s.ev = ir_alloc_raw(p, (refs_bound(p, l) + 1) * sizeof *s.ev);
	s.last = ir_alloc_raw(p, ((size_t)nv + 1) * sizeof *s.last);
	memset(s.last, 0xff, ((size_t)nv + 1) * sizeof *s.last);   /* NO_EVENT */
	scan_blocks(p, c, l, &s);
	solve_all(p, c, &s, 0, nv, fn, span, ctx);
}

void ir_live_defined_spans_in(struct ir_prog *p, const struct ir_cfg *c,
                              uint32_t vmin, const uint32_t *first,
                              const uint32_t *end, uint32_t n,
                              ir_live_at_fn fn, ir_live_span_fn span,
                              void *ctx)
{
	uint32_t nv = p->vregs.n;
	if (vmin >= nv)
		return;
	/* no address-taken registers: indirect operands add nothing */
	struct ir_live none = { .nv = nv };
	size_t bound = 0;
	for (uint32_t k = 0; k < n; k++)
		for (uint32_t i = first[k]; i < end[k]; i++) {
			const struct ir_inst *in = &p->insts.a[i];
			/* sources and destination, predicate, descriptor, condition
			 * flag; an indirect operand's address register */
			bound += (size_t)in->nsrc + 4;
		}
	struct scan s = { .vmin = vmin };
	s.ev = ir_alloc_raw(p, (bound + 1) * sizeof *s.ev);
	s.last = ir_alloc_raw(p, ((size_t)nv + 1) * sizeof *s.last);
	memset(s.last, 0xff, ((size_t)nv + 1) * sizeof *s.last);   /* NO_EVENT */
	for (uint32_t k = 0; k < n; k++) {
		if (first[k] == end[k])
			continue;
		s.b = c->blk_of[first[k]];
		for (uint32_t i = first[k]; i < end[k]; i++)
			inst_refs(p, &none, &p->insts.a[i], i, scan_ref_from, &s);
	}
	solve_all(p, c, &s, vmin, nv, fn, span, ctx);
}

struct ref_list {
	struct ir_ref_at *r;
	unsigned n;
	uint32_t vmin;
};

static inline void list_ref(void *ctx, uint32_t v, bool def, bool full,
                            uint32_t pos)
{
	struct ref_list *x = ctx;
	if (v >= x->vmin)
		x->r[x->n++] = (struct ir_ref_at){ v, pos, def, full };
}

unsigned ir_inst_refs_from(const struct ir_prog *p, const struct ir_inst *in,
                           uint32_t pos, uint32_t vmin, struct ir_ref_at *r)
{
	static const struct ir_live none;   /* no address-taken register */
	struct ref_list x = { r, 0, vmin };
	inst_refs(p, &none, in, pos, list_ref, &x);
	return x.n;
}

void ir_live_defined_spans_at(struct ir_prog *p, const struct ir_cfg *c,
                              uint32_t vmin, const struct ir_ref_at *r,
                              uint32_t n, ir_live_at_fn fn,
                              ir_live_span_fn span, void *ctx)
{
	uint32_t nv = p->vregs.n;
	if (vmin >= nv)
		return;
	struct scan s = { .vmin = vmin };
	s.ev = ir_alloc_raw(p, ((size_t)n + 1) * sizeof *s.ev);
	s.last = ir_alloc_raw(p, ((size_t)nv + 1) * sizeof *s.last);
	memset(s.last, 0xff, ((size_t)nv + 1) * sizeof *s.last);   /* NO_EVENT */
	for (uint32_t k = 0; k < n; k++) {
		s.b = c->blk_of[r[k].pos];
		scan_ref(&s, r[k].v, r[k].def, r[k].full, r[k].pos);
	}
	solve_all(p, c, &s, vmin, nv, fn, span, ctx);
}
