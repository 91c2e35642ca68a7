/*
 * linscan.c - linear-scan register allocation onto the GRF (r0-r127),
 * the flag registers (f0.0-f1.1) and the address register (a0.0-a0.15).
 *
 * Needs: live intervals (live.c).  Leaves: 'loc' set for every used
 * virtual register, or IR_V_SPILLED for GRF registers that did not fit.
 *
 * All three files are byte arrays allocated in 2-byte units.  Pinned
 * registers (r0, kernel inputs at their payload offsets, the EOT payload
 * in r127 - "the EOT source must be in r112-r127", IGC
 * hasEOTGRFBinding) take their place before anything else.  Registers of
 * a GRF or more start a GRF and own whole GRFs; smaller ones never cross
 * a GRF boundary (the vISA layout rule, 5_operands.md).  When nothing
 * fits, the spillable interval with the fewest references per
 * instruction of its range is spilled (an active one, or the new one).
 * Flag registers spill into general registers; address registers are not
 * spilled: running out of them is an "unsupported" error.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ra.h"

struct rfile {
	uint32_t bytes;
	uint8_t *busy;       /* per 2-byte unit: registers holding bytes of it */
};

struct ls {
	struct ir_prog *p;
	const struct ra_interval *iv;
	struct rfile f[IR_RF_COUNT];
	uint32_t *active;
	uint32_t nactive;
	uint32_t *refs;      /* references of each vreg in the program */
	bool *array_ok;      /* address-taken vreg that spill.c can spill */
	bool spilled;
};

static uint32_t alloc_size(const struct ir_vreg *v)
{
	uint32_t s = v->size;
	if (v->file == IR_RF_GRF && (v->align >= IR_GRF_BYTES ||
	                             (v->flags & IR_V_WHOLE_GRF) ||
	                             s > IR_GRF_BYTES))
		s = (s + IR_GRF_BYTES - 1) & ~(uint32_t)(IR_GRF_BYTES - 1);
	return (s + 1) & ~1u;
}

/* Units are counted, not flagged: two byte inputs pinned at bytes 32
 * and 33 share unit 16, and the first to die must not free the unit
 * under the other.  A pinned register may start at an odd byte: every
 * unit it touches counts. */
static void mark(struct rfile *f, uint32_t loc, uint32_t size, int delta)
{
	for (uint32_t u = loc / 2; u < (loc + size + 1) / 2 && u < f->bytes / 2;
	     u++)
		f->busy[u] = (uint8_t)(f->busy[u] + delta);
}

static bool is_free(const struct rfile *f, uint32_t loc, uint32_t size)
{
	if (loc + size > f->bytes)
		return false;
	for (uint32_t u = loc / 2; u < (loc + size + 1) / 2; u++)
		if (f->busy[u])
			return false;
	return true;
}

static bool find_slot(const struct ls *s, const struct ir_vreg *v,
                      uint32_t *loc)
{
	const struct rfile *f = &s->f[v->file];
	uint32_t size = alloc_size(v);
	uint32_t align = v->align < 2 ? 2 : v->align;
	if (v->file == IR_RF_GRF && size >= IR_GRF_BYTES && align < IR_GRF_BYTES)
		align = IR_GRF_BYTES;
	for (uint32_t a = 0; a + size <= f->bytes; a += align) {
		if (v->file == IR_RF_GRF && size < IR_GRF_BYTES &&
		    a % IR_GRF_BYTES + size > IR_GRF_BYTES)
			continue;
		if (is_free(f, a, size)) {
			*loc = a;
			return true;
		}
	}
	return false;
}

static void activate(struct ls *s, uint32_t v, uint32_t loc)
{
	struct ir_vreg *r = ir_vreg(s->p, v);
	r->loc = (int32_t)loc;
	mark(&s->f[r->file], loc, alloc_size(r), 1);
	s->active[s->nactive++] = v;
}

static void release(struct ls *s, uint32_t k)
{
	uint32_t v = s->active[k];
	struct ir_vreg *r = ir_vreg(s->p, v);
	mark(&s->f[r->file], (uint32_t)r->loc, alloc_size(r), -1);
	s->active[k] = s->active[--s->nactive];
}

static void expire(struct ls *s, int32_t pos)
{
	for (uint32_t k = 0; k < s->nactive;) {
		if (s->iv[s->active[k]].end < pos)
			release(s, k);
		else
			k++;
	}
}

/* GRF registers spill to scratch, flag registers to a GRF (spill.c);
 * an address-taken array only when spill.c can rewrite its indirect
 * accesses (array_ok). */
static bool spillable(const struct ls *s, uint32_t v)
{
	const struct ir_vreg *r = ir_vreg(s->p, v);
	if (r->file == IR_RF_ADDR || (r->flags & (IR_V_PINNED | IR_V_NOSPILL)))
		return false;
	return !(r->flags & IR_V_ADDR_TAKEN) || s->array_ok[v];
}

static void spill(struct ls *s, uint32_t v)
{
	struct ir_vreg *r = ir_vreg(s->p, v);
	r->flags |= IR_V_SPILLED;
	r->loc = -1;
	s->spilled = true;
}

/* Spill weight: references per instruction of the interval, so a value
 * read often in a short range stays and a long-lived, rarely touched one
 * goes (each reference of a spilled value costs a scratch message). */
static double weight(const struct ls *s, uint32_t v)
{
	int32_t len = s->iv[v].end - s->iv[v].start + 1;
	double w = (double)s->refs[v] / (double)(len > 0 ? len : 1);
	/* a spilled array is filled whole at every indirect access: last */
	if (ir_vreg(s->p, v)->flags & IR_V_ADDR_TAKEN)
		w += 1e6;
	return w;
}

/* Place v, spilling the cheapest active interval while nothing fits. */
static bool place(struct ls *s, uint32_t v)
{
	struct ir_vreg *r = ir_vreg(s->p, v);
	uint32_t loc;
	while (!find_slot(s, r, &loc)) {
		int32_t best = -1;
		for (uint32_t k = 0; k < s->nactive; k++) {
			const struct ir_vreg *a = ir_vreg(s->p, s->active[k]);
			if (a->file == r->file && spillable(s, s->active[k]) &&
			    (best < 0 || weight(s, s->active[k]) <
			                 weight(s, s->active[(uint32_t)best])))
				best = (int32_t)k;
		}
		if (spillable(s, v) &&
		    (best < 0 || weight(s, v) <= weight(s, s->active[best]))) {
			spill(s, v);
			return true;
		}
		if (best < 0) {
			static const char *const names[IR_RF_COUNT] = {
				"general registers", "flag registers", "address registers" };
			return ir_unsupported(s->p, "out of %s (%s needs %u bytes)",
			                      names[r->file], r->name ? r->name : "a temporary",
			                      r->size);
		}
		uint32_t victim = s->active[best];
		release(s, (uint32_t)best);
		spill(s, victim);
	}
	activate(s, v, loc);
	return true;
}

static void count_ref(void *ctx, const struct ir_inst *in,
                      const struct ir_opnd *o, bool def)
{
	uint32_t *refs = ctx;
	(void)in;
	(void)def;
	if (o->kind == IR_O_REG)
		refs[o->v]++;
}

struct start_key {
	int32_t start;
	uint32_t v;
};

static int by_start(const void *a, const void *b)
{
	const struct start_key *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->v < y->v ? -1 : x->v > y->v;
}

bool ra_linscan(struct ir_prog *p, const struct ra_interval *iv, bool *spilled)
{
	struct ls s = { .p = p, .iv = iv };
	static const uint32_t sizes[IR_RF_COUNT] = {
		IR_GRF_COUNT * IR_GRF_BYTES, IR_FLAG_BYTES, IR_ADDR_BYTES };
	for (unsigned f = 0; f < IR_RF_COUNT; f++) {
		s.f[f].bytes = sizes[f];
		s.f[f].busy = ir_alloc(p, sizes[f] / 2);
	}
	uint32_t nv = p->vregs.n, n = 0;
	struct start_key *order = ir_alloc(p, nv * sizeof *order);
	s.active = ir_alloc(p, nv * sizeof *s.active);
	s.refs = ir_alloc(p, nv * sizeof *s.refs);
	memset(s.refs, 0, nv * sizeof *s.refs);
	for (uint32_t i = 0; i < p->insts.n; i++)
		ir_for_each_opnd(&p->insts.a[i], count_ref, s.refs);
	s.array_ok = ra_arrays_spillable(p);
	for (uint32_t v = 1; v < nv; v++) {
		struct ir_vreg *r = ir_vreg(p, v);
		r->loc = -1;
		if (iv[v].start < 0 || (r->flags & IR_V_SPILLED))
			continue;
		if (r->pin >= 0)
			activate(&s, v, (uint32_t)r->pin);
		else
			order[n++] = (struct start_key){ iv[v].start, v };
	}
	qsort(order, n, sizeof *order, by_start);
	for (uint32_t k = 0; k < n; k++) {
		expire(&s, order[k].start);
		if (!place(&s, order[k].v))
			return false;
	}
	p->grf_used = 0;
	for (uint32_t v = 1; v < nv; v++) {
		const struct ir_vreg *r = ir_vreg(p, v);
		if (r->file == IR_RF_GRF && r->loc >= 0) {
			uint32_t top = ((uint32_t)r->loc + alloc_size(r) + 31) / 32;
			if (top > p->grf_used)
				p->grf_used = top;
		}
	}
	*spilled = s.spilled;
	return true;
}
