/*
 * emit_swsb.c - SWSB and final encoding for platforms without a hardware
 * register scoreboard (caps.swsb: TGLLP).
 *
 * emit.c lays the kernel out as usual (compaction decided on the
 * instruction without SWSB: the SWSB byte never changes whether an
 * instruction compacts, docs/swsb.md) and hands the stream here with
 * each instruction's bits; the final bits are those with the SWSB field
 * written (gen_encode_swsb), only branches and inserted syncs are
 * encoded again.
 * swsb_assign (swsb/) annotates it and inserts sync.nop where one
 * instruction needs more waits than its own field holds; it keeps the
 * order of the instructions it was given, so the i-th instruction that is
 * not an inserted scoreboard sync is the i-th of the input.  That is how
 * relocation offsets move to the new layout.  The finalizer itself emits
 * no sync.nop/allrd/allwr (the pass would delete them as its own).
 */
#include "config.h"

#include <stdlib.h>

#include "../encoder/gen.h"
#include "../swsb/swsb.h"
#include "emit_swsb.h"

/* A sync the SWSB pass inserted (swsb_strip deletes exactly these). */
static bool inserted_sync(const struct gen_inst *g)
{
	return g->op == GEN_OP_SYNC &&
	       (g->fc == GEN_SYNC_NOP || g->fc == GEN_SYNC_ALLRD ||
	        g->fc == GEN_SYNC_ALLWR);
}

/* Old pc -> new pc of the same instruction, for relocations. */
static bool move_relocs(struct ir_prog *p, const struct gen_inst *g, size_t n,
                        const struct gen_inst *o, size_t on)
{
	for (uint32_t r = 0; r < p->relocs.n; r++) {
		uint32_t at = ir_reloc_imm_at(p->relocs.a[r].type);
		uint32_t old = p->relocs.a[r].offset - at;
		size_t i = 0, j = 0;
		while (i < n && g[i].pc != old)
			i++;
		if (i == n)
			return ir_internal(p, "relocation at 0x%x is on no "
			                   "instruction", old + at);
		/* the i-th kept instruction of the output */
		size_t k = 0;
		for (j = 0; j < on; j++) {
			if (inserted_sync(&o[j]))
				continue;
			if (k++ == i)
				break;
		}
		if (j == on || o[j].op != g[i].op)
			return ir_internal(p, "SWSB pass lost instruction %zu", i);
		p->relocs.a[r].offset = o[j].pc + at;
	}
	return true;
}

/* Can the instruction keep the bits layout gave it, with only its SWSB
 * field written again?  Not a branch (its offsets move with the inserted
 * syncs) and no label operand; everything else the pass leaves as it was
 * (it moves pcs, which only branch encodings read). */
static bool keeps_bits(const struct gen_inst *g)
{
	if (gen_op_is_branch(g->op) || g->dst.kind == GEN_OPND_LABEL)
		return false;
	for (unsigned s = 0; s < 3; s++)
		if (g->src[s].kind == GEN_OPND_LABEL)
			return false;
	return true;
}

/* The bits of output instruction o: from scratch for a sync the pass
 * inserted and for branches, else the layout bits 'old' with the new
 * SWSB field. */
static bool final_bits(struct ir_prog *p, const struct gen_inst *o,
                       const struct gen_inst *from, const struct gen_bits *old,
                       struct gen_bits *b)
{
	if (from && keeps_bits(from)) {
		*b = *old;
		if (gen_encode_swsb(p->plat, o, o->length == 8, b, p->err) != VF_OK)
			return ir_internal(p, "instruction at 0x%x: encoding with "
			                   "SWSB: %s", o->pc, p->err->msg);
		return true;
	}
	struct gen_bits c;
	if (gen_encode(p->plat, o, b, p->err) != VF_OK)
		return ir_internal(p, "instruction at 0x%x: encoding with "
		                   "SWSB: %s", o->pc, p->err->msg);
	if (o->length == 8) {
		if (!gen_compact(p->plat, b, &c))
			return ir_internal(p, "instruction at 0x%x no longer "
			                   "compacts with its SWSB", o->pc);
		*b = c;
	}
	return true;
}

bool ir_emit_swsb(struct ir_prog *p, const struct gen_inst *g,
                  const struct gen_bits *bits, size_t n, uint8_t **out,
                  size_t *size)
{
	struct gen_inst *o = NULL;
	size_t on = 0;
	if (swsb_assign(p->plat, g, n, &o, &on, NULL, p->err) != VF_OK)
		return false;
	size_t total = on ? o[on - 1].pc + o[on - 1].length : 0;
	uint8_t *buf = malloc(total ? total : 1);
	if (!buf) {
		free(o);
		longjmp(*p->oom, 1);
	}
	bool ok = move_relocs(p, g, n, o, on);
	/* The i-th output instruction that is not an inserted sync is input
	 * instruction i, unless the input had scoreboard syncs of its own
	 * (the pass deletes those): then everything is encoded again. */
	bool paired = true;
	for (size_t i = 0; i < n; i++)
		if (inserted_sync(&g[i]))
			paired = false;
	size_t i = 0;
	for (size_t j = 0; ok && j < on; j++) {
		const struct gen_inst *from = NULL;
		if (paired && !inserted_sync(&o[j])) {
			if (i >= n || o[j].op != g[i].op) {
				ok = ir_internal(p, "SWSB pass lost instruction %zu", i);
				break;
			}
			from = &g[i++];
		}
		struct gen_bits b;
		ok = final_bits(p, &o[j], from, from ? &bits[from - g] : NULL, &b);
		for (unsigned k = 0; ok && k < o[j].length; k++)
			buf[o[j].pc + k] = (uint8_t)(b.w[k / 8] >> (8 * (k % 8)));
	}
	free(o);
	if (!ok) {
		free(buf);
		return false;
	}
	*out = buf;
	*size = total;
	return true;
}
