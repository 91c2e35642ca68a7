/*
 * addr_targets.c - which variables an indirect operand may touch.
 *
 * An indirect operand r[a0.k, off] reads or writes whatever GRF bytes its
 * address register holds.  vISA builds every address from the address of
 * a variable (addr_add A &V offset) or from another address variable
 * (addr_add A B offset), so the variables behind an address register are
 * known: the union, over all instructions writing it, of the variables
 * whose address (&V) they add and of the targets of the address
 * registers they read.  Offsets (immediates, general registers) never
 * change which variable an address points into - a vISA indirect access
 * stays inside its variable (5_operands.md, indirect operands).
 *
 * Liveness uses this to count an indirect access as a use or definition
 * of those variables only, instead of every address-taken variable: three
 * private arrays indexed one after the other then no longer all live at
 * once.  An address register with no writer in the program, written from
 * something else than an address (a general register copied into a0), or
 * live on entry, may point anywhere: its set is every address-taken
 * variable.
 *
 * Flow-insensitive (one set per register for the whole program) and
 * computed to a fixed point over the copies between address registers.
 */
#include "config.h"

#include <string.h>

#include "ra.h"

struct edge {
	uint32_t from, to;
};

static void set_all(uint64_t *row, uint32_t ntaken)
{
	for (uint32_t k = 0; k < ntaken; k++)
		row[k / 64] |= (uint64_t)1 << (k % 64);
}

uint64_t *ra_addr_targets(struct ir_prog *p, const uint32_t *taken,
                          uint32_t ntaken, uint32_t *nwords)
{
	uint32_t nv = p->vregs.n, nw = (ntaken + 63) / 64;
	*nwords = nw;
	if (!nw)
		return NULL;
	uint64_t *sets = ir_alloc(p, (size_t)nv * nw * sizeof *sets);
	memset(sets, 0, (size_t)nv * nw * sizeof *sets);
	int32_t *idx = ir_alloc(p, nv * sizeof *idx);
	for (uint32_t v = 0; v < nv; v++)
		idx[v] = -1;
	for (uint32_t k = 0; k < ntaken; k++)
		idx[taken[k]] = (int32_t)k;
	uint32_t *ndefs = ir_alloc(p, nv * sizeof *ndefs);
	memset(ndefs, 0, nv * sizeof *ndefs);
	IR_VEC(struct edge) edges = { 0 };

	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL || in->dst.kind != IR_O_REG ||
		    p->vregs.a[in->dst.v].file != IR_RF_ADDR)
			continue;
		uint32_t a = in->dst.v;
		uint64_t *row = sets + (size_t)a * nw;
		bool based = false;
		ndefs[a]++;
		for (unsigned s = 0; s < in->nsrc; s++) {
			const struct ir_opnd *o = &in->src[s];
			if (o->kind == IR_O_ADDROF) {
				based = true;
				if (idx[o->v] < 0)
					set_all(row, ntaken);
				else
					row[idx[o->v] / 64] |=
						(uint64_t)1 << (idx[o->v] % 64);
			} else if (o->kind == IR_O_REG &&
			           p->vregs.a[o->v].file == IR_RF_ADDR) {
				based = true;
				uint32_t e = IR_VEC_PUSH(p, edges);
				edges.a[e] = (struct edge){ o->v, a };
			}
		}
		if (!based)
			set_all(row, ntaken);
	}
	for (uint32_t v = 1; v < nv; v++) {
		const struct ir_vreg *r = &p->vregs.a[v];
		if (r->file == IR_RF_ADDR &&
		    (!ndefs[v] || (r->flags & (IR_V_LIVE_IN | IR_V_GLOBAL))))
			set_all(sets + (size_t)v * nw, ntaken);
	}
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t e = 0; e < edges.n; e++) {
			const uint64_t *from = sets + (size_t)edges.a[e].from * nw;
			uint64_t *to = sets + (size_t)edges.a[e].to * nw;
			for (uint32_t w = 0; w < nw; w++)
				if (from[w] & ~to[w]) {
					to[w] |= from[w];
					changed = true;
				}
		}
	}
	return sets;
}
