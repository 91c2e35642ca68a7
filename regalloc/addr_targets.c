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
#include "../ir/cfg.h"

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
	int32_t *idx = ir_alloc(p, nv * sizeof *idx);
	for (uint32_t v = 0; v < nv; v++)
		idx[v] = -1;
	for (uint32_t k = 0; k < ntaken; k++)
		idx[taken[k]] = (int32_t)k;
	uint32_t *ndefs = ir_alloc(p, nv * sizeof *ndefs);
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

/*
 * Address-taken variables the spiller can move to scratch (spill.c
 * "arrays"): its address (&V) is only ever the base of an address
 * register, every address register that may point into it points into
 * nothing else, and it fits in the GRF with room to spare (an indirect
 * access works on a copy of the whole array filled from scratch, as
 * GenX_IR does).  Indexed by vreg; false for everything else.
 */
#define ARRAY_SPILL_MAX_BYTES (64 * IR_GRF_BYTES)
#define ADDR_ELEMS (IR_ADDR_BYTES / 2)

bool *ra_arrays_spillable(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n, ntaken;
	bool *ok = ir_alloc(p, nv * sizeof *ok);
	uint32_t *taken = ir_addr_taken(p, &ntaken);
	for (uint32_t k = 0; k < ntaken; k++) {
		const struct ir_vreg *r = &p->vregs.a[taken[k]];
		ok[taken[k]] = r->size <= ARRAY_SPILL_MAX_BYTES &&
		               !(r->flags & (IR_V_PINNED | IR_V_NOSPILL |
		                             IR_V_LIVE_IN | IR_V_GLOBAL));
	}
	if (!ntaken)
		return ok;
	/* &V used as anything but an address register's base */
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		bool to_addr = in->dst.kind == IR_O_REG &&
		               p->vregs.a[in->dst.v].file == IR_RF_ADDR;
		for (unsigned s = 0; s < in->nsrc; s++)
			if (in->src[s].kind == IR_O_ADDROF && !to_addr) {
				ok[in->src[s].v] = false;
			}
	}
	/* an indirect use the block does not pin to one variable, through
	 * an address that may point into several: none of them moves */
	uint32_t nw;
	const uint64_t *sets = ra_addr_targets(p, taken, ntaken, &nw);
	const uint32_t *local = ra_addr_local_bases(p);
	for (uint32_t i = 0; i < p->insts.n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		const struct ir_opnd *ops[4] = { &in->src[0], &in->src[1],
		                                 &in->src[2], &in->dst };
		for (unsigned k = 0; k < 4; k++) {
			if ((k < 3 && k >= in->nsrc) || ops[k]->kind != IR_O_IND ||
			    (local && local[(size_t)i * 4 + k]))
				continue;
			const uint64_t *row = sets + (size_t)ops[k]->v * nw;
			unsigned count = 0;
			for (uint32_t w = 0; w < nw; w++)
				count += (unsigned)__builtin_popcountll(row[w]);
			if (count <= 1)
				continue;
			for (uint32_t t = 0; t < ntaken; t++)
				if ((row[t / 64] >> (t % 64)) & 1)
					ok[taken[t]] = false;
		}
	}
	return ok;
}

/*
 * Per use, when it is known: the one variable an indirect operand points
 * into according to the last write of its address register in the same
 * basic block (vISA computes an address right before the accesses that
 * use it, and reuses address variables for other arrays later).  Index
 * 4 * instruction + operand (0-2 sources, 3 destination); 0 where the
 * operand is not indirect or the block does not tell, and the
 * whole-program sets of ra_addr_targets() apply.
 */
/* "add A = A + &T" (or "+ -&T"): spill.c moving an address onto a
 * spilled array's temporary and back (spill.c shift_addresses). */
static bool array_shift(const struct ir_prog *p, const struct ir_inst *in)
{
	return in->op == GEN_OP_ADD && in->nsrc == 2 &&
	       in->src[0].kind == IR_O_REG && in->src[0].v == in->dst.v &&
	       in->src[1].kind == IR_O_ADDROF &&
	       (p->vregs.a[in->src[1].v].flags & IR_V_NOSPILL);
}

uint32_t *ra_addr_local_bases(struct ir_prog *p)
{
	uint32_t nv = p->vregs.n, n = p->insts.n, na = 0;
	/* per address vreg, per element (a0 has 16 words): the variable the
	 * element points into, valid when stamped with the current block */
	uint32_t *slot = ir_alloc_raw(p, nv * sizeof *slot);
	slot[0] = 0;
	for (uint32_t v = 1; v < nv; v++)
		slot[v] = p->vregs.a[v].file == IR_RF_ADDR ? na++ : UINT32_MAX;
	if (!na)   /* no address register: no indirect operand either */
		return NULL;
	uint32_t *use = ir_alloc(p, ((size_t)n * 4 + 1) * sizeof *use);
	uint32_t *base = ir_alloc(p, ((size_t)na * ADDR_ELEMS + 1) * sizeof *base);
	uint32_t *stamp = ir_alloc(p, ((size_t)na * ADDR_ELEMS + 1) * sizeof *stamp);
	uint32_t *saved = ir_alloc(p, ((size_t)na * ADDR_ELEMS + 1) * sizeof *saved);
	memset(stamp, 0, ((size_t)na * ADDR_ELEMS + 1) * sizeof *stamp);
	uint32_t block = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_inst *in = &p->insts.a[i];
		if (in->op == IR_OP_LABEL) {
			block++;
			continue;
		}
		const struct ir_opnd *ops[4] = { &in->src[0], &in->src[1],
		                                 &in->src[2], &in->dst };
		for (unsigned k = 0; k < 4; k++) {
			if ((k < 3 && k >= in->nsrc) || ops[k]->kind != IR_O_IND ||
			    slot[ops[k]->v] == UINT32_MAX)
				continue;
			unsigned e0 = ops[k]->aoff / 2;
			unsigned ne = ops[k]->rgn.vs == GEN_VS_VXH ? in->exec : 1;
			size_t row = (size_t)slot[ops[k]->v] * ADDR_ELEMS;
			uint32_t b = 0;
			for (unsigned e = e0; e < e0 + ne; e++) {
				uint32_t x = e < ADDR_ELEMS && stamp[row + e] == block
				             ? base[row + e] : 0;
				if (!x || (b && x != b)) {
					b = 0;
					break;
				}
				b = x;
			}
			use[(size_t)i * 4 + k] = b;
		}
		if (in->dst.kind == IR_O_REG &&
		    p->vregs.a[in->dst.v].file == IR_RF_ADDR) {
			uint32_t cand = 0;
			bool mixed = in->dst.rgn.hs > 1 || in->dst.type != GEN_TYPE_UW;
			size_t row = (size_t)slot[in->dst.v] * ADDR_ELEMS;
			unsigned d0 = (unsigned)in->dst.off / 2;
			if (array_shift(p, in)) {
				/* spill.c's shift onto an array's temporary and back:
				 * the elements point into the temporary in between */
				bool back = (in->src[1].mods & GEN_MOD_NEG) != 0;
				for (unsigned e = d0; e < d0 + in->exec && e < ADDR_ELEMS; e++) {
					if (stamp[row + e] != block) {
						base[row + e] = saved[row + e] = 0;
					} else if (back) {
						base[row + e] = saved[row + e];
					} else {
						saved[row + e] = base[row + e];
						base[row + e] = in->src[1].v;
					}
				}
				if (ir_is_branch(in->op))
					block++;
				continue;
			}
			for (unsigned s = 0; s < in->nsrc; s++) {
				const struct ir_opnd *o = &in->src[s];
				uint32_t b = 0;
				if (o->kind == IR_O_ADDROF) {
					b = o->v;
				} else if (o->kind == IR_O_REG &&
				           p->vregs.a[o->v].file == IR_RF_ADDR) {
					/* a copy of another address: its elements' base,
					 * when all of them agree (else unknown) */
					size_t r2 = (size_t)slot[o->v] * ADDR_ELEMS;
					unsigned s0 = (unsigned)o->off / 2;
					for (unsigned e = s0; e < s0 + in->exec && e < ADDR_ELEMS; e++) {
						uint32_t x = stamp[r2 + e] == block ? base[r2 + e] : 0;
						if (!x || (b && x != b)) {
							b = 0;
							break;
						}
						b = x;
					}
					mixed = mixed || !b;
				}
				if (b && cand && b != cand)
					mixed = true;
				if (b)
					cand = b;
			}
			for (unsigned e = d0; e < d0 + in->exec && e < ADDR_ELEMS; e++) {
				base[row + e] = mixed || (in->pred &&
				                !(in->opts & IR_OPT_GUARD)) ? 0 : cand;
				stamp[row + e] = block;
			}
		}
		if (ir_is_branch(in->op) || (in->opts & IR_OPT_STACKCALL))
			block++;
	}
	return use;
}
