/*
 * ra_verify.c - checks an allocation: no two virtual registers of one
 * register file whose live intervals overlap share a byte, every used
 * register has a place, pinned ones sit at their pin.
 *
 * Needs: allocated IR.  Changes nothing; reports an internal error.
 * Run after allocation in tests and debug builds (pipeline.c).
 */
#include "config.h"

#include <stdlib.h>

#include "ra.h"

struct span {
	int32_t start, end, lo, hi;
	uint32_t v;
	uint8_t file;
};

static int by_start(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	/* a total order (the vreg breaks ties), whatever qsort it meets */
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->v < y->v ? -1 : x->v > y->v;
}

static uint32_t bytes_of(const struct ir_vreg *r)
{
	uint32_t s = r->size;
	if (r->file == IR_RF_GRF && (r->align >= IR_GRF_BYTES || s > IR_GRF_BYTES))
		s = (s + IR_GRF_BYTES - 1) & ~(uint32_t)(IR_GRF_BYTES - 1);
	return s;
}

bool ra_verify(struct ir_prog *p)
{
	const struct ra_interval *iv = ra_intervals(p);
	struct span *sp = ir_alloc(p, p->vregs.n * sizeof *sp);
	uint32_t n = 0;
	for (uint32_t v = 1; v < p->vregs.n; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		if (iv[v].start < 0)
			continue;
		if (r->loc < 0)
			return ir_internal(p, "v%u is used but has no register", v);
		if (r->pin >= 0 && r->loc != r->pin)
			return ir_internal(p, "v%u is not at its pinned byte %d", v,
			                   r->pin);
		sp[n++] = (struct span){ iv[v].start, iv[v].end, r->loc,
		                         r->loc + (int32_t)bytes_of(r), v, r->file };
	}
	qsort(sp, n, sizeof *sp, by_start);
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = i + 1; j < n && sp[j].start <= sp[i].end; j++)
			if (sp[i].file == sp[j].file && sp[i].lo < sp[j].hi &&
			    sp[j].lo < sp[i].hi)
				return ir_internal(p, "v%u and v%u are live together in "
				                   "the same register bytes", sp[i].v,
				                   sp[j].v);
	return true;
}
